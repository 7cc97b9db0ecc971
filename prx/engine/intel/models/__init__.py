"""Per-language models of definitions and references, behind explain, impact and rename.

A language model answers, for one language, the questions every intel command asks:

- :meth:`LanguageModel.definitions`: the definitions of a file as the language means them
  (a Rust ``impl`` block is not a definition: its methods belong to the type it
  implements), each with its qualified name (``AppContext.pop``, ``walk::WalkBuilder``);
- :meth:`LanguageModel.references`: the places in some files that refer to one definition,
  each with how sure the model is (:data:`RESOLVED`, :data:`BY_TYPE`, :data:`BY_NAME`).

:func:`model_for` gives the model of a language (the generic one, by name only, for the
languages without their own). Models register in :data:`MODELS`; each lives in a module of
its own (``models/python.py``, ``models/rust.py`` ...).
"""

from __future__ import annotations

from prx.engine.intel.models.base import (
    BY_NAME,
    BY_TYPE,
    CONFIDENCES,
    RESOLVED,
    LanguageModel,
    Site,
    Target,
    model_for,
    register,
)

__all__ = [
    "BY_NAME",
    "BY_TYPE",
    "CONFIDENCES",
    "RESOLVED",
    "LanguageModel",
    "Site",
    "Target",
    "model_for",
    "register",
]
