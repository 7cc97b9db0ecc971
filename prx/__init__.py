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
import sys

from prx._version import __version__

# Not `typing.TYPE_CHECKING`: importing typing costs ~5 ms on every start-up (mypy
# understands a module-level constant of this name just the same).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from prx.api import (
        bench,
        bench_ndcg,
        context,
        diff,
        exists,
        explain,
        find,
        impact,
        index,
        init,
        outline,
        plugins,
        read,
        rename,
        run,
        search,
        settings,
        stats,
        workspace_for,
    )
    from prx.errors import CancelledError, PrxError
    from prx.plugin import hookimpl
    from prx.progress import Progress
    from prx.types import (
        ContextResult,
        DiffResult,
        ExistsResult,
        ExplainResult,
        FileEntry,
        FileMeta,
        FindResult,
        ImpactResult,
        IndexResult,
        InitFile,
        InitResult,
        OutlineResult,
        ReadResult,
        RenameResult,
        RunReport,
        SearchExistsResult,
        SearchResult,
        StatsResult,
        Symbol,
    )
    from prx.workspace import Workspace

__all__ = [
    "CancelledError",
    "DiffResult",
    "EditResult",
    "ContextResult",
    "ExistsResult",
    "ExplainResult",
    "FileEntry",
    "FileMeta",
    "FindResult",
    "ImpactResult",
    "IndexResult",
    "InitFile",
    "InitResult",
    "OutlineResult",
    "Progress",
    "PrxError",
    "ReadResult",
    "RenameResult",
    "RunReport",
    "SearchExistsResult",
    "SearchResult",
    "StatsResult",
    "Symbol",
    "Workspace",
    "__version__",
    "bench",
    "bench_ndcg",
    "diff",
    "edit",
    "context",
    "exists",
    "explain",
    "find",
    "hookimpl",
    "impact",
    "index",
    "init",
    "outline",
    "plugins",
    "read",
    "rename",
    "run",
    "search",
    "settings",
    "stats",
    "workspace_for",
]

_API = (
    "bench",
    "bench_ndcg",
    "diff",
    "edit",
    "context",
    "exists",
    "explain",
    "find",
    "impact",
    "index",
    "init",
    "outline",
    "plugins",
    "read",
    "rename",
    "run",
    "search",
    "settings",
    "stats",
)
_TYPES = (
    "DiffResult",
    "EditResult",
    "ContextResult",
    "ExistsResult",
    "ExplainResult",
    "FileEntry",
    "FileMeta",
    "FindResult",
    "ImpactResult",
    "IndexResult",
    "InitFile",
    "InitResult",
    "OutlineResult",
    "ReadResult",
    "RenameResult",
    "RunReport",
    "SearchExistsResult",
    "SearchResult",
    "StatsResult",
    "Symbol",
)
_HOME = {
    **dict.fromkeys(_API, "prx.api"),
    **dict.fromkeys(_TYPES, "prx.types"),
    "workspace_for": "prx.api",
    "CancelledError": "prx.errors",
    "PrxError": "prx.errors",
    "Progress": "prx.progress",
    "hookimpl": "prx.plugin",
    "Workspace": "prx.workspace",
}


class _Package(type(importlib)):  # type: ignore[misc]  # ModuleType, without `import types`
    """``prx.index`` names both a function and a subpackage: the function wins.

    Importing ``prx.index.build`` makes the import system bind the subpackage as the
    attribute ``index`` of ``prx``; that binding is refused (the subpackage stays in
    ``sys.modules``, which is all ``from prx.index.build import ...`` needs).
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name in _API and isinstance(value, type(importlib)):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
