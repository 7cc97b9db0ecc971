"""Results of ``prx find``."""

from __future__ import annotations

from prx._record import field, record
from prx._types.read import Omission

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FileEntry", "FindResult", "FindStats"]


@record
class FileEntry:
    """One file found by :func:`prx.find`."""

    #: Path relative to the search root, '/'-separated.
    path: str
    #: Number of lines.
    lines: int
    #: Size in bytes.
    bytes: int
    #: Language name, or None.
    language: str | None
    #: Number of top-level symbols, or None when not computed.
    symbols: int | None = None
    #: Relevance to a ``related_to`` query, or None.
    relevance: float | None = None


@record
class FindStats:
    """Counts that say what a find covered and what it left out."""

    #: Files that matched the filters, before any budget.
    total_files: int
    #: Files in this answer.
    returned: int
    #: Tokens this answer's file entries cost.
    budget_used: int
    #: Files the walker passed over, by reason (ignored, binary, too_large, ...).
    skipped: dict[str, int] = field(default_factory=dict)


@record
class FindResult:
    """The answer of :func:`prx.find`."""

    #: Nested directories -> files (the default view), or None with the flat view alone.
    tree: dict[str, Any] | None
    #: Files in walk order (``view`` flat or both), else None.
    flat: tuple[FileEntry, ...] | None
    #: Totals.
    stats: FindStats
    #: Whether a budget (or the default ceiling) left files out.
    truncated: bool = False
    #: Token to pass as ``continue_token`` for the next page.
    continuation_token: str | None = None
    #: When files were left out: how many (after this page), their tokens in this view, and
    #: why (``budget`` or ``ceiling``); else None.
    omitted: Omission | None = None
