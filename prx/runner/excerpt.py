"""Excerpts of raw output: kept lines, with a counted marker wherever lines were dropped."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["ERROR_LINE", "Excerpt", "excerpt", "marker", "split_lines"]

#: Lines that look like trouble, kept by the generic fallback.
ERROR_LINE = re.compile(r"error|fail|panic|exception|traceback", re.IGNORECASE)
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
) -> Excerpt:
    """Keep the lines flagged in ``keep`` (default: error-looking ones) and the last ``last``.

    At most ``max_kept`` flagged lines are kept (the first and last halves); every gap is
    replaced by one marker that counts the lines it stands for.
    """
    total = len(lines)
    flags = list(keep) if keep is not None else [bool(ERROR_LINE.search(x)) for x in lines]
    chosen = [i for i, flag in enumerate(flags) if flag and i < total - last]
    if len(chosen) > max_kept:
        half = max_kept // 2
        chosen = chosen[:half] + chosen[-half:]
    wanted = sorted(set(chosen) | set(range(max(0, total - last), total)))
    out: list[str] = []
    previous = -1
    for index in wanted:
        gap = index - previous - 1
        if gap > 0:
            out.append(marker(gap))
        out.append(lines[index])
        previous = index
    return Excerpt(out, shown=len(wanted), dropped=total - len(wanted))
