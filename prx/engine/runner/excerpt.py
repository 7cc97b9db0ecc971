"""Excerpts of raw output: kept lines, with a counted marker wherever lines were dropped."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

__all__ = ["ERROR_LINE", "Excerpt", "excerpt", "marker", "split_lines"]

#: Lines that look like trouble (an error or a warning), kept by the generic fallback.
ERROR_LINE = re.compile(r"error|fail|panic|exception|traceback|fatal|warn", re.IGNORECASE)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def split_lines(text: str) -> list[str]:
    """Lines of ``text`` without ANSI colour codes or carriage-return progress redraws."""
    lines = []
    for line in text.splitlines():
        line = _ANSI.sub("", line)
        if "\r" in line:
            line = line.rsplit("\r", 1)[-1]
        lines.append(line)
    return lines


def marker(count: int, what: str = "lines") -> str:
    """The line that stands for ``count`` dropped lines."""
    return f"[prx: {count} {what} omitted]"


class Excerpt:
    """Chosen lines of a text, in order, with markers for the gaps."""

    __slots__ = ("dropped", "lines", "shown")

    def __init__(self, lines: list[str], shown: int, dropped: int) -> None:
        #: Output lines, markers included.
        self.lines = lines
        #: How many source lines are reproduced.
        self.shown = shown
        #: How many source lines were dropped.
        self.dropped = dropped


def excerpt(
    lines: Sequence[str],
    *,
    keep: Sequence[bool] | None = None,
    last: int = 20,
    max_kept: int = 80,
    numbers: Sequence[int] | None = None,
    total: int | None = None,
    partial: Collection[int] = (),
) -> Excerpt:
    """Keep the lines flagged in ``keep`` (default: error-looking ones) and the last ``last``.

    At most ``max_kept`` flagged lines are kept (the first and last halves); every gap is
    replaced by one marker that counts the lines it stands for.

    ``lines`` may be some of a longer output (an :class:`~prx.engine.runner.capture.OutputView`):
    ``numbers`` gives each one's line number, ``total`` the output's length and ``partial``
    the indices of lines shown cut (not counted as shown).
    """
    count = len(lines)
    total = count if total is None else total
    flags = list(keep) if keep is not None else [bool(ERROR_LINE.search(x)) for x in lines]
    if numbers is None:
        numbers = range(count)
        ending = set(range(max(0, count - last), count))
    else:
        ending = set()
        for index in range(count - 1, -1, -1):
            if numbers[index] < total - last:
                break
            ending.add(index)
    chosen = [i for i, flag in enumerate(flags) if flag and i not in ending]
    if len(chosen) > max_kept:
        half = max_kept // 2
        chosen = chosen[:half] + chosen[-half:]
    wanted = sorted(set(chosen) | ending)
    out: list[str] = []
    previous = -1
    for index in wanted:
        gap = numbers[index] - previous - 1
        if gap > 0:
            out.append(marker(gap))
        out.append(lines[index])
        previous = numbers[index]
    if total - previous > 1:
        out.append(marker(total - previous - 1))
    shown = sum(1 for index in wanted if index not in partial)
    return Excerpt(out, shown=shown, dropped=total - shown)
