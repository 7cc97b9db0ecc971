"""The generic parser for any other command: what matters of an output no parser knows.

Kept: the first lines (a listing's newest entries, a log's start), the last lines (where a
tool says how it ended), every line that looks like an error or a warning with a line of
context either side; a line repeated many times in a row is shown once, with a marker that
counts the repeats. Each gap is a marker that counts the lines it stands for. Listings
(``ls``, ``find``, ``git branch``, ...) keep a longer head: their first entries matter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.engine.runner.detect import unwrap
from prx.engine.runner.excerpt import ERROR_LINE, excerpt, marker
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import output_lines
from prx.plugin.runner import RawRun, RunnerParser

__all__ = ["FallbackParser", "TROUBLE_LINE", "select_lines"]

#: Lines kept from the start and the end of the output.
FIRST_LINES = 10
LAST_LINES = 20
#: A listing's head.
LISTING_LINES = 40
#: Lines of context kept around an error- or warning-looking line.
CONTEXT = 1
#: A line this many times in a row is shown once, with a marker counting the rest.
REPEATS = 3
#: ... and shown even where nothing else is kept.
NOTABLE_REPEATS = 10
_GAP = re.compile(r"\[prx: (\d+) lines omitted\]")
#: Trouble lines kept at most (the first and last halves).
MAX_TROUBLE = 80
#: Error- and warning-looking lines.
TROUBLE_LINE = ERROR_LINE
#: Programs whose output is a listing, newest or first entries first.
_LISTINGS = frozenset(
    {"ls", "dir", "find", "fd", "tree", "du", "df", "ps", "git", "hg", "svn", "pip", "npm"}
)


def _is_gap(text: str) -> bool:
    return _GAP.fullmatch(text) is not None


def _gap_size(text: str) -> int:
    found = _GAP.fullmatch(text)
    return int(found.group(1)) if found else 0


def _is_listing(argv: Sequence[str]) -> bool:
    args = unwrap(argv)
    return bool(args) and args[0] in _LISTINGS


def select_lines(lines: Sequence[str], *, first: int, last: int) -> tuple[list[str], int, int, int]:
    """The kept lines with counted markers; lines reproduced, dropped, and trouble lines."""
    count = len(lines)
    trouble = [i for i, x in enumerate(lines) if TROUBLE_LINE.search(x)]
    # The same line many times over is one line: only its first occurrence is trouble.
    seen: set[str] = set()
    distinct = []
    for index in trouble:
        if lines[index] not in seen:
            seen.add(lines[index])
            distinct.append(index)
    if len(distinct) > MAX_TROUBLE:
        distinct = distinct[: MAX_TROUBLE // 2] + distinct[-MAX_TROUBLE // 2 :]
    keep = [False] * count
    for index in range(min(first, count)):
        keep[index] = True
    for index in range(max(0, count - last), count):
        keep[index] = True
    for index in distinct:
        for near in range(max(0, index - CONTEXT), min(count, index + CONTEXT + 1)):
            keep[near] = True
    out: list[str] = []
    shown = 0
    index = 0
    while index < count:
        run = index + 1
        while run < count and lines[run] == lines[index]:
            run += 1
        if run - index >= REPEATS:
            # The same line over and over: shown once, its repeats counted, when any of it is
            # kept or it is long enough to be a fact of its own (a stuck wait, a retry loop).
            if run - index >= NOTABLE_REPEATS or any(keep[index:run]):
                out += [lines[index], marker(run - index - 1, "repeated lines")]
                shown += 1
            else:
                out.append(marker(run - index))
        elif keep[index]:
            out.append(lines[index])
            shown += 1
            run = index + 1
        else:
            out.append(marker(1))
            run = index + 1
        index = run
    # Neighbouring gap markers are one gap.
    merged: list[str] = []
    for text in out:
        if merged and _is_gap(text) and _is_gap(merged[-1]):
            merged[-1] = marker(_gap_size(merged[-1]) + _gap_size(text))
        else:
            merged.append(text)
    return merged, shown, count - shown, len(trouble)


class FallbackParser(RunnerParser):
    """Keeps the first 10 and last 20 lines, every error- or warning-looking line with its
    neighbours, repeated lines once; every gap is a marker that counts its lines."""

    NAME = "fallback"
    PRIORITY = -1000

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        return True

    def parse(self, raw: RawRun) -> Parsed:
        view = getattr(raw, "view", None)
        listing = _is_listing(raw.argv)
        first = LISTING_LINES if listing else FIRST_LINES
        last = 5 if listing else LAST_LINES
        if view is not None:  # an output too large to hold: its numbered lines
            cut = excerpt(
                view.lines,
                keep=[f or n < first for f, n in zip(view.flags, view.numbers, strict=False)],
                last=last,
                numbers=view.numbers,
                total=view.total,
                partial=view.partial,
            )
            total, errorish = view.total, view.errors
            kept, shown, dropped = cut.lines, cut.shown, cut.dropped
        else:
            lines = output_lines(raw)
            kept, shown, dropped, errorish = select_lines(lines, first=first, last=last)
            total = len(lines)
        if not total:
            return Parsed(headline="no output")
        headline = f"{total} line{'' if total == 1 else 's'} of output"
        if errorish:
            headline += f", {errorish} look{'s' if errorish == 1 else ''} like error"
            headline += " or warning" if errorish == 1 else "s or warnings"
        if dropped:
            headline += f", {dropped} not shown"
        return Parsed(headline=headline, excerpt=kept, excerpt_source_lines=shown)
