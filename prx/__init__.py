"""prx: structured, token-budgeted code tools for AI agents.

>>> import prx
>>> res = prx.read("pyproject.toml", lines="1-5")
>>> res.content.range.start
1

An agent's session reads through :class:`Session` (a Workspace with a read ledger): a
re-read of unchanged lines answers a stub, of a changed file a diff (docs/ledger.md).

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
    from prx.app.api import (
        bench,
        bench_ndcg,
        context,
        diff,
        edit,
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
    from prx.app.session import Session
    from prx.app.workspace import Workspace
    from prx.core.config import Config
    from prx.core.envelope import to_jsonable
    from prx.core.errors import (
        AmbiguousMatchError,
        BudgetExceededError,
        CancelledError,
        CommandNotExecutableError,
        CommandNotFoundError,
        ConflictError,
        GitError,
        IndexCorruptedError,
        IndexMissingError,
        InternalError,
        InterruptError,
        InvalidArgumentError,
        InvalidCommandError,
        InvalidRangeError,
        NoMatchError,
        NotFoundError,
        ParseError,
        PermissionDeniedError,
        PluginConflictError,
        PluginError,
        PrxError,
        PrxIOError,
        SyntaxCheckError,
        UnknownComponentError,
    )
    from prx.core.progress import Progress, check_cancelled, reporting
    from prx.engine.graph.imports import ImportGraph
    from prx.plugin import hookimpl
    from prx.types import (
        ContextResult,
        DiffResult,
        EditResult,
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

__all__ = [
    "AmbiguousMatchError",
    "BudgetExceededError",
    "CommandNotExecutableError",
    "CommandNotFoundError",
    "Config",
    "ConflictError",
    "GitError",
    "ImportGraph",
    "IndexCorruptedError",
    "IndexMissingError",
    "InternalError",
    "InterruptError",
    "InvalidArgumentError",
    "InvalidCommandError",
    "InvalidRangeError",
    "NoMatchError",
    "NotFoundError",
    "ParseError",
    "PermissionDeniedError",
    "PluginConflictError",
    "PluginError",
    "PrxIOError",
    "SyntaxCheckError",
    "UnknownComponentError",
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
    "Session",
    "StatsResult",
    "Symbol",
    "Workspace",
    "__version__",
    "check_cancelled",
    "reporting",
    "to_jsonable",
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
    **dict.fromkeys(_API, "prx.app.api"),
    **dict.fromkeys(_TYPES, "prx.types"),
    "workspace_for": "prx.app.api",
    "CancelledError": "prx.core.errors",
    "PrxError": "prx.core.errors",
    "AmbiguousMatchError": "prx.core.errors",
    "BudgetExceededError": "prx.core.errors",
    "CommandNotExecutableError": "prx.core.errors",
    "CommandNotFoundError": "prx.core.errors",
    "ConflictError": "prx.core.errors",
    "GitError": "prx.core.errors",
    "IndexCorruptedError": "prx.core.errors",
    "IndexMissingError": "prx.core.errors",
    "InternalError": "prx.core.errors",
    "InterruptError": "prx.core.errors",
    "InvalidArgumentError": "prx.core.errors",
    "InvalidCommandError": "prx.core.errors",
    "InvalidRangeError": "prx.core.errors",
    "NoMatchError": "prx.core.errors",
    "NotFoundError": "prx.core.errors",
    "ParseError": "prx.core.errors",
    "PermissionDeniedError": "prx.core.errors",
    "PluginConflictError": "prx.core.errors",
    "PluginError": "prx.core.errors",
    "PrxIOError": "prx.core.errors",
    "SyntaxCheckError": "prx.core.errors",
    "UnknownComponentError": "prx.core.errors",
    "Config": "prx.core.config",
    "reporting": "prx.core.progress",
    "check_cancelled": "prx.core.progress",
    "to_jsonable": "prx.core.envelope",
    "ImportGraph": "prx.engine.graph.imports",
    "Progress": "prx.core.progress",
    "hookimpl": "prx.plugin",
    "Workspace": "prx.app.workspace",
    "Session": "prx.app.session",
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
