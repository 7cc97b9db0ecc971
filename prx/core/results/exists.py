"""Results of ``prx exists``."""

from __future__ import annotations

from prx.core.record import FALSY, OMIT_WHEN, Shown, field, record

__all__ = ["ExistsResult"]


@record
class ExistsResult(Shown):
    """The answer of :func:`prx.exists`."""

    #: Whether the path or text exists.
    exists: bool
    #: ``exact`` when checked directly, ``probable`` for a filter answer not yet confirmed.
    confidence: str
    #: The pattern as given.
    pattern: str
    #: The absolute Workspace root a relative ``file`` is relative to.
    root: str
    #: What matched: ``path`` or ``content``; None when nothing did.
    matched: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: The first file that matched: relative to the Workspace root when inside it, else
    #: absolute; pass it to ``read`` as it stands.
    file: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: Files whose content was checked.
    files_checked: int = 0
    #: Files the walker passed over, by reason.
    skipped: dict[str, int] = field(default_factory=dict, metadata={OMIT_WHEN: FALSY})
    #: How the index answered a content lookup: ``index``, or ``index (stale: N changed
    #: files read now)``; None when no index was used.
    index: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: Indexed files whose filter could not rule the text out (None without an index).
    candidates: int | None = field(default=None, metadata={OMIT_WHEN: FALSY})
