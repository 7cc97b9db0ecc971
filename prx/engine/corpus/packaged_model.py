"""Which model ships inside prx, and where: known without loading it (nor numpy)."""

from __future__ import annotations

import os

__all__ = ["MODEL_ID", "PACKAGED_MODEL_SHA256", "default_model_dir"]

#: The model that ships in ``prx/data/models`` (float16 copy of the MIT-licensed original).
MODEL_ID = "minishlab/potion-base-8M"
#: sha256 of the shipped ``model.safetensors`` (see benchmarks/tools/convert_model.py).
PACKAGED_MODEL_SHA256 = "3ef0898452691a45cfa186a89bfba896233919bd62d716d3c2aa71e54995380b"


def default_model_dir() -> str:
    """The directory of the model that ships with prx."""
    here = os.path.dirname(os.path.abspath(__file__))  # prx/engine/corpus
    package = os.path.dirname(os.path.dirname(here))
    return os.path.join(package, "data", "models", "potion-base-8M")
