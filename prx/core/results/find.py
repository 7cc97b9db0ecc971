"""Results of ``prx find``."""

from __future__ import annotations

from prx.core.record import FALSY, OMIT_WHEN, Shown, field, record
from prx.core.results.read import Omission

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FileEntry", "FindResult", "FindStats"]


@record
class FileEntry:
    """One file found by :func:`prx.find`."""

    #: The file: relative to the Workspace root (``FindResult.root``) when inside it,
    #: '/'-separated, else absolute; pass it to ``read`` as it stands.
    path: str
    #: Number of lines (0, not counted, for a file over ``max_file_size`` listed by
    #: ``no_ignore``).
    lines: int
    #: Size in bytes.
    bytes: int
    #: Language name, or None (left out of the JSON, like the fields below when None).
    language: str | None = field(metadata={OMIT_WHEN: None})
    #: Number of top-level symbols, or None when not computed.
    symbols: int | None = field(default=None, metadata={OMIT_WHEN: None})
    #: Relevance to a ``related_to`` query, or None.
    relevance: float | None = field(default=None, metadata={OMIT_WHEN: None})


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
    skipped: dict[str, int] = field(default_factory=dict, metadata={OMIT_WHEN: FALSY})


@record
class FindResult(Shown):
    """The answer of :func:`prx.find`."""

    #: The absolute Workspace root the relative paths are relative to.
    root: str
    #: Nested directories -> files (the default view), or None with the flat view alone.
    #: Below the root itself, the one top-level key is the listed directory as ``flat``
    #: shows it (``{"src/app": {"main.py": {...}}}``): the keys down to a file, joined by
    #: ``/``, spell its path.
    tree: dict[str, Any] | None
    #: Files in walk order (``view`` flat or both), else None.
    flat: tuple[FileEntry, ...] | None
    #: Totals.
    stats: FindStats
    #: Whether a budget (or the default ceiling) left files out.
    truncated: bool = field(default=False, metadata={OMIT_WHEN: FALSY})
    #: Token to pass as ``continue_token`` for the next page.
    continuation_token: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: When files were left out: how many (after this page), their tokens in this view, and
    #: why (``budget`` or ``ceiling``); else None.
    omitted: Omission | None = field(default=None, metadata={OMIT_WHEN: FALSY})
