"""Result types: pure, immutable values returned by every prx operation.

These are frozen, slotted, keyword-only dataclasses. Their field names are the keys of the
JSON envelope's ``data`` (see ``docs/envelope.md``); :func:`prx.envelope.to_jsonable`
turns any of them into plain JSON values. Sequences are tuples so results stay hashable.

The classes live in small private modules and are imported on first access, so a command
pays only for the classes it uses.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx._types.bench import BenchResult, BenchTask
    from prx._types.config import ConfigFileEntry, ConfigResult, Setting
    from prx._types.diff import DiffChange, DiffFile, DiffHunk, DiffResult, DiffStats
    from prx._types.edit import EditChange, EditFile, EditResult
    from prx._types.exists import (
        ExistsResult,
    )
    from prx._types.find import (
        FileEntry,
        FindResult,
        FindStats,
    )
    from prx._types.index import IndexResult
    from prx._types.init import InitFile, InitResult
    from prx._types.intel import (
        ContextResult,
        ContextStats,
        Cut,
        Dependent,
        DocBlock,
        Entrypoint,
        ExplainedDefinition,
        ExplainResult,
        FileSkeleton,
        ImpactResult,
        ImpactStats,
        ImportLink,
        Reference,
    )
    from prx._types.lang import Chunk, ImportEdge, ImportRef, SyntaxReport
    from prx._types.outline import (
        FileOutline,
        OutlineResult,
    )
    from prx._types.plugins import PluginEntry, PluginFailure, PluginsResult
    from prx._types.read import (
        ContentSlice,
        FileMeta,
        LineRange,
        Omission,
        ReadResult,
        Symbol,
    )
    from prx._types.rename import (
        RenameConflict,
        RenameFile,
        RenameLine,
        RenameResult,
        RenameSkip,
    )
    from prx._types.run import Detected, Diagnostic, Failure, RunReport, Section
    from prx._types.search import FileMatches, Match, SearchExistsResult, SearchResult
    from prx._types.usage import (
        StatsResult,
        UsageByCommand,
        UsageByFrontend,
        UsagePeriod,
    )

__all__ = [
    "ContextResult",
    "ContextStats",
    "Cut",
    "Dependent",
    "DocBlock",
    "Entrypoint",
    "ExplainResult",
    "ExplainedDefinition",
    "FileSkeleton",
    "ImpactResult",
    "ImpactStats",
    "ImportLink",
    "Reference",
    "BenchResult",
    "BenchTask",
    "Detected",
    "ConfigFileEntry",
    "ConfigResult",
    "Setting",
    "Diagnostic",
    "DiffChange",
    "DiffFile",
    "DiffHunk",
    "DiffResult",
    "DiffStats",
    "EditChange",
    "EditFile",
    "EditResult",
    "Failure",
    "RunReport",
    "Section",
    "IndexResult",
    "InitFile",
    "InitResult",
    "FileMatches",
    "Match",
    "PluginEntry",
    "PluginFailure",
    "PluginsResult",
    "SearchExistsResult",
    "SearchResult",
    "Chunk",
    "SyntaxReport",
    "ImportEdge",
    "ImportRef",
    "FileOutline",
    "OutlineResult",
    "ContentSlice",
    "ExistsResult",
    "FileEntry",
    "FileMeta",
    "FindResult",
    "FindStats",
    "LineRange",
    "Omission",
    "ReadResult",
    "RenameConflict",
    "RenameFile",
    "RenameLine",
    "RenameResult",
    "RenameSkip",
    "StatsResult",
    "Symbol",
    "UsageByCommand",
    "UsageByFrontend",
    "UsagePeriod",
]

_HOME = {
    "ContextResult": "prx._types.intel",
    "ContextStats": "prx._types.intel",
    "Cut": "prx._types.intel",
    "Dependent": "prx._types.intel",
    "DocBlock": "prx._types.intel",
    "Entrypoint": "prx._types.intel",
    "ExplainResult": "prx._types.intel",
    "ExplainedDefinition": "prx._types.intel",
    "FileSkeleton": "prx._types.intel",
    "ImpactResult": "prx._types.intel",
    "ImpactStats": "prx._types.intel",
    "ImportLink": "prx._types.intel",
    "Reference": "prx._types.intel",
    "BenchResult": "prx._types.bench",
    "BenchTask": "prx._types.bench",
    "Detected": "prx._types.run",
    "ConfigFileEntry": "prx._types.config",
    "ConfigResult": "prx._types.config",
    "Setting": "prx._types.config",
    "Diagnostic": "prx._types.run",
    "DiffChange": "prx._types.diff",
    "DiffFile": "prx._types.diff",
    "DiffHunk": "prx._types.diff",
    "DiffResult": "prx._types.diff",
    "DiffStats": "prx._types.diff",
    "Section": "prx._types.run",
    "EditChange": "prx._types.edit",
    "EditFile": "prx._types.edit",
    "EditResult": "prx._types.edit",
    "Failure": "prx._types.run",
    "RunReport": "prx._types.run",
    "IndexResult": "prx._types.index",
    "InitFile": "prx._types.init",
    "InitResult": "prx._types.init",
    "FileMatches": "prx._types.search",
    "Match": "prx._types.search",
    "PluginEntry": "prx._types.plugins",
    "PluginFailure": "prx._types.plugins",
    "PluginsResult": "prx._types.plugins",
    "SearchExistsResult": "prx._types.search",
    "SearchResult": "prx._types.search",
    "Chunk": "prx._types.lang",
    "ImportEdge": "prx._types.lang",
    "ImportRef": "prx._types.lang",
    "SyntaxReport": "prx._types.lang",
    "FileOutline": "prx._types.outline",
    "OutlineResult": "prx._types.outline",
    "ContentSlice": "prx._types.read",
    "ExistsResult": "prx._types.exists",
    "FileEntry": "prx._types.find",
    "FileMeta": "prx._types.read",
    "FindResult": "prx._types.find",
    "FindStats": "prx._types.find",
    "LineRange": "prx._types.read",
    "Omission": "prx._types.read",
    "ReadResult": "prx._types.read",
    "RenameConflict": "prx._types.rename",
    "RenameFile": "prx._types.rename",
    "RenameLine": "prx._types.rename",
    "RenameResult": "prx._types.rename",
    "RenameSkip": "prx._types.rename",
    "StatsResult": "prx._types.usage",
    "Symbol": "prx._types.read",
    "UsageByCommand": "prx._types.usage",
    "UsageByFrontend": "prx._types.usage",
    "UsagePeriod": "prx._types.usage",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx.types' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)
