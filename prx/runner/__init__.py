"""``prx run``: run a command, parse its output with the matching parser, never lie.

The pieces: :mod:`prx.runner.exec` runs the argv (process group, timeout, both streams),
:mod:`prx.runner.detect` looks through wrappers (``python -m``, ``uv run`` ...) and picks the
parser, the parsers in :mod:`prx.runner.parsers` read the output into a
:class:`~prx.runner.model.Parsed`, and :mod:`prx.runner.report` writes the
:class:`~prx.types.RunReport`, its true summary line and the raw log.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.runner.detect import unwrap
    from prx.runner.model import Coverage, Parsed

__all__ = ["Coverage", "Parsed", "unwrap"]

# Imported on first use: the registry imports prx.runner.hooks at every start-up.
_HOME = {
    "Coverage": "prx.runner.model",
    "Parsed": "prx.runner.model",
    "unwrap": "prx.runner.detect",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx.runner' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
