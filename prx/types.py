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
    from prx._types.lang import Chunk, ImportRef, SyntaxReport
    from prx._types.outline import (
        FileOutline,
        OutlineResult,
    )
    from prx._types.read import (
        ContentSlice,
        FileMeta,
        LineRange,
        Omission,
        ReadResult,
        Symbol,
    )
    from prx._types.run import Diagnostic, Failure, RunReport
    from prx._types.search import FileMatches, Match, SearchExistsResult, SearchResult
    from prx._types.usage import (
        StatsResult,
        UsageByCommand,
        UsageByFrontend,
        UsagePeriod,
    )

__all__ = [
    "BenchResult",
    "BenchTask",
    "Diagnostic",
    "Failure",
    "RunReport",
    "IndexResult",
    "InitFile",
    "InitResult",
    "FileMatches",
    "Match",
    "SearchExistsResult",
    "SearchResult",
    "Chunk",
    "SyntaxReport",
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
    "StatsResult",
    "Symbol",
    "UsageByCommand",
    "UsageByFrontend",
    "UsagePeriod",
]

_HOME = {
    "BenchResult": "prx._types.bench",
    "BenchTask": "prx._types.bench",
    "Diagnostic": "prx._types.run",
    "Failure": "prx._types.run",
    "RunReport": "prx._types.run",
    "IndexResult": "prx._types.index",
    "InitFile": "prx._types.init",
    "InitResult": "prx._types.init",
    "FileMatches": "prx._types.search",
    "Match": "prx._types.search",
    "SearchExistsResult": "prx._types.search",
    "SearchResult": "prx._types.search",
    "Chunk": "prx._types.lang",
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
