"""Result types: pure, immutable values returned by every prx operation.

These are frozen, slotted, keyword-only dataclasses. Their field names are the keys of the
JSON envelope's ``data`` (see ``docs/envelope.md``); :func:`prx.core.envelope.to_jsonable`
turns any of them into plain JSON values. Sequences are tuples so results stay hashable.

The classes live in small private modules and are imported on first access, so a command
pays only for the classes it uses.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.core.results.affected import (
        AffectedRun,
        AffectedTests,
        ChangedUnit,
        SelectedTest,
    )
    from prx.core.results.bench import BenchResult, BenchTask
    from prx.core.results.config import ConfigFileEntry, ConfigResult, Setting
    from prx.core.results.diff import DiffChange, DiffFile, DiffHunk, DiffResult, DiffStats
    from prx.core.results.edit import EditChange, EditFile, EditResult
    from prx.core.results.exists import ExistsResult
    from prx.core.results.find import FileEntry, FindResult, FindStats
    from prx.core.results.index import IndexResult
    from prx.core.results.init import InitFile, InitResult
    from prx.core.results.intel import (
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
    from prx.core.results.lang import Chunk, ImportEdge, ImportRef, SyntaxReport
    from prx.core.results.outline import FileOutline, OutlineResult
    from prx.core.results.plugins import PluginEntry, PluginFailure, PluginsResult
    from prx.core.results.read import (
        ContentSlice,
        FileMeta,
        LedgerNote,
        LineRange,
        Omission,
        ReadResult,
        Symbol,
    )
    from prx.core.results.rename import (
        RenameConflict,
        RenameFile,
        RenameLine,
        RenameResult,
        RenameSkip,
    )
    from prx.core.results.run import Detected, Diagnostic, Failure, RunReport, Section
    from prx.core.results.search import (
        FileMatches,
        Match,
        Occurrence,
        RootSearched,
        SearchExistsResult,
        SearchResult,
    )
    from prx.core.results.usage import (
        HookDecisions,
        StatsResult,
        UsageByCommand,
        UsageByFrontend,
        UsagePeriod,
    )

__all__ = [
    "AffectedRun",
    "ChangedUnit",
    "SelectedTest",
    "AffectedTests",
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
    "Occurrence",
    "PluginEntry",
    "PluginFailure",
    "PluginsResult",
    "RootSearched",
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
    "HookDecisions",
    "LedgerNote",
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
    "AffectedRun": "prx.core.results.affected",
    "ChangedUnit": "prx.core.results.affected",
    "SelectedTest": "prx.core.results.affected",
    "AffectedTests": "prx.core.results.affected",
    "ContextResult": "prx.core.results.intel",
    "ContextStats": "prx.core.results.intel",
    "Cut": "prx.core.results.intel",
    "Dependent": "prx.core.results.intel",
    "DocBlock": "prx.core.results.intel",
    "Entrypoint": "prx.core.results.intel",
    "ExplainResult": "prx.core.results.intel",
    "ExplainedDefinition": "prx.core.results.intel",
    "FileSkeleton": "prx.core.results.intel",
    "ImpactResult": "prx.core.results.intel",
    "ImpactStats": "prx.core.results.intel",
    "ImportLink": "prx.core.results.intel",
    "Reference": "prx.core.results.intel",
    "BenchResult": "prx.core.results.bench",
    "BenchTask": "prx.core.results.bench",
    "Detected": "prx.core.results.run",
    "ConfigFileEntry": "prx.core.results.config",
    "ConfigResult": "prx.core.results.config",
    "Setting": "prx.core.results.config",
    "Diagnostic": "prx.core.results.run",
    "DiffChange": "prx.core.results.diff",
    "DiffFile": "prx.core.results.diff",
    "DiffHunk": "prx.core.results.diff",
    "DiffResult": "prx.core.results.diff",
    "DiffStats": "prx.core.results.diff",
    "Section": "prx.core.results.run",
    "EditChange": "prx.core.results.edit",
    "EditFile": "prx.core.results.edit",
    "EditResult": "prx.core.results.edit",
    "Failure": "prx.core.results.run",
    "RunReport": "prx.core.results.run",
    "IndexResult": "prx.core.results.index",
    "InitFile": "prx.core.results.init",
    "InitResult": "prx.core.results.init",
    "FileMatches": "prx.core.results.search",
    "Match": "prx.core.results.search",
    "Occurrence": "prx.core.results.search",
    "PluginEntry": "prx.core.results.plugins",
    "PluginFailure": "prx.core.results.plugins",
    "PluginsResult": "prx.core.results.plugins",
    "RootSearched": "prx.core.results.search",
    "SearchExistsResult": "prx.core.results.search",
    "SearchResult": "prx.core.results.search",
    "Chunk": "prx.core.results.lang",
    "ImportEdge": "prx.core.results.lang",
    "ImportRef": "prx.core.results.lang",
    "SyntaxReport": "prx.core.results.lang",
    "FileOutline": "prx.core.results.outline",
    "OutlineResult": "prx.core.results.outline",
    "ContentSlice": "prx.core.results.read",
    "ExistsResult": "prx.core.results.exists",
    "FileEntry": "prx.core.results.find",
    "FileMeta": "prx.core.results.read",
    "FindResult": "prx.core.results.find",
    "FindStats": "prx.core.results.find",
    "HookDecisions": "prx.core.results.usage",
    "LedgerNote": "prx.core.results.read",
    "LineRange": "prx.core.results.read",
    "Omission": "prx.core.results.read",
    "ReadResult": "prx.core.results.read",
    "RenameConflict": "prx.core.results.rename",
    "RenameFile": "prx.core.results.rename",
    "RenameLine": "prx.core.results.rename",
    "RenameResult": "prx.core.results.rename",
    "RenameSkip": "prx.core.results.rename",
    "StatsResult": "prx.core.results.usage",
    "Symbol": "prx.core.results.read",
    "UsageByCommand": "prx.core.results.usage",
    "UsageByFrontend": "prx.core.results.usage",
    "UsagePeriod": "prx.core.results.usage",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx.types' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)
