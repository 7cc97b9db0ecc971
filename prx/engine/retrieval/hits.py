"""Search hits before they are grouped into an answer, and how snippets are cut.

Every mode finds flat hits (a file and one place in it), in the order of the search;
a page is a prefix of them, and :func:`group_by_file` gives each file of the page one
header followed by its matches. Paging and budgets count hits, so a continuation token
that says "start at hit k" loses and repeats nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from prx.core.record import record
from prx.core.results.search import FileMatches, Match

__all__ = ["SNIPPET_LINES", "Hit", "around", "group_by_file", "lines_cap"]

#: Lines of a snippet when the caller does not say (``snippet_lines``).
SNIPPET_LINES = 3


@record
class Hit:
    """One match and the file it is in."""

    file: str
    language: str | None
    hash: str
    match: Match


def lines_cap(snippet_lines: int, full: bool) -> int | None:
    """The most lines a snippet shows: None for no cap (``full``), 0 for locations only."""
    return None if full else snippet_lines


def around(first: int, last: int, line: int, cap: int | None) -> tuple[int, int]:
    """At most ``cap`` lines of ``first..last`` (inclusive) that hold ``line``, centred on it
    where the range allows (``cap`` None: the whole range)."""
    if cap is None or last - first + 1 <= cap:
        return first, last
    start = max(first, line - (cap - 1) // 2)
    end = min(last, start + cap - 1)
    return max(first, end - cap + 1), end


def group_by_file(hits: Sequence[Hit]) -> tuple[FileMatches, ...]:
    """The hits' matches under one header per file, files in the order of their first hit."""
    order: dict[str, list[Hit]] = {}
    for hit in hits:
        order.setdefault(hit.file, []).append(hit)
    return tuple(
        FileMatches(
            file=file,
            language=same[0].language,
            hash=same[0].hash,
            matches=tuple(h.match for h in same),
        )
        for file, same in order.items()
    )
