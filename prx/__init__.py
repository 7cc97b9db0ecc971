"""prx: structured, token-budgeted code tools for AI agents.

>>> import prx
>>> res = prx.read("pyproject.toml", lines="1-5")
>>> res.content.range.start
1

Everything here is imported on first access (as pluggy does), so ``import prx`` and the
CLI's start-up stay cheap.
"""

from __future__ import annotations

import importlib

from prx._version import __version__

# Not `typing.TYPE_CHECKING`: importing typing costs ~5 ms on every start-up (mypy
# understands a module-level constant of this name just the same).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from prx.api import exists, find, read, search, stats, workspace_for
    from prx.errors import PrxError
    from prx.plugin import hookimpl
    from prx.types import (
        ExistsResult,
        FileEntry,
        FileMeta,
        FindResult,
        ReadResult,
        SearchResult,
        StatsResult,
        Symbol,
    )
    from prx.workspace import Workspace

__all__ = [
    "ExistsResult",
    "FileEntry",
    "FileMeta",
    "FindResult",
    "PrxError",
    "ReadResult",
    "SearchResult",
    "StatsResult",
    "Symbol",
    "Workspace",
    "__version__",
    "exists",
    "find",
    "hookimpl",
    "read",
    "search",
    "stats",
    "workspace_for",
]

_HOME = {
    "exists": "prx.api",
    "find": "prx.api",
    "read": "prx.api",
    "search": "prx.api",
    "stats": "prx.api",
    "workspace_for": "prx.api",
    "PrxError": "prx.errors",
    "hookimpl": "prx.plugin",
    "Workspace": "prx.workspace",
    "ExistsResult": "prx.types",
    "FileEntry": "prx.types",
    "FileMeta": "prx.types",
    "FindResult": "prx.types",
    "ReadResult": "prx.types",
    "SearchResult": "prx.types",
    "StatsResult": "prx.types",
    "Symbol": "prx.types",
}


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
