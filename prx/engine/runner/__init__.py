"""``prx run``: run a command, parse its output with the matching parser, never lie.

The pieces: :mod:`prx.engine.runner.exec` runs the argv (process group, timeout, both streams),
:mod:`prx.engine.runner.detect` looks through wrappers (``python -m``, ``uv run`` ...) and picks the
parser, the parsers in :mod:`prx.engine.runner.parsers` read the output into a
:class:`~prx.engine.runner.model.Parsed`, and :mod:`prx.engine.runner.report` writes the
:class:`~prx.types.RunReport`, its true summary line and the raw log.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.runner.detect import unwrap
    from prx.engine.runner.model import Coverage, Parsed

__all__ = ["Coverage", "Parsed", "unwrap"]

# Imported on first use (a facade: nothing in prx imports it).
_HOME = {
    "Coverage": "prx.engine.runner.model",
    "Parsed": "prx.engine.runner.model",
    "unwrap": "prx.engine.runner.detect",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx.engine.runner' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
