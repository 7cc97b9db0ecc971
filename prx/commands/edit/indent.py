"""Re-indenting a replacement by the file's indentation, level by level.

When an edit's text matched the file only with its indentation changed (an agent typed 2
spaces where the file has 4, or trimmed the indentation they share), the replacement is
written in the file's indentation. Each line of the agent's text whose place in the file is
known pairs the agent's indentation with the file's; the pairs map the agent's indentation
levels onto the file's, and every line of the replacement is placed by that map, line by
line. An indentation the pairs do not show is the nearest one below it plus the agent's
extra levels, each one of the file's (a tab, or its unit of spaces). When the pairs
contradict each other (one indentation of the agent's is two in the file, or the file
reverses the order of two), the edit is refused rather than guessed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from prx.core.errors import AmbiguousMatchError

__all__ = ["IndentMap", "indent_map", "leading"]

#: Columns of a tab in the agent's text (only its indentation levels matter).
_TAB = 4
#: Lines of the file read for its style.
_STYLE_LINES = 2000


def leading(line: str) -> str:
    """The spaces and tabs ``line`` starts with."""
    return line[: len(line) - len(line.lstrip(" \t"))]


def _width(indent: str) -> int:
    return len(indent.expandtabs(_TAB))


class IndentMap:
    """The agent's indentation levels mapped onto the file's."""

    __slots__ = ("file_unit", "find_unit", "identity", "levels", "tabs")

    def __init__(
        self,
        levels: dict[int, str],
        *,
        identity: bool,
        tabs: bool,
        find_unit: int,
        file_unit: int,
    ) -> None:
        #: The agent's indentation width (columns) -> the file's indentation.
        self.levels = levels
        #: Whether the agent's indentation is the file's (the match differs inside lines):
        #: the replacement keeps its own.
        self.identity = identity
        #: Whether the file indents with tabs.
        self.tabs = tabs
        #: The agent's and the file's indentation step, in columns.
        self.find_unit = find_unit
        self.file_unit = file_unit

    def move(self, row: str) -> str:
        """``row`` (not blank) with the file's indentation for its own."""
        if self.identity:
            return row
        return self.place(_width(leading(row))) + row.lstrip(" \t")

    def place(self, width: int) -> str:
        """The file's indentation for the agent's ``width`` columns."""
        levels = self.levels
        known = levels.get(width)
        if known is not None:
            return known
        below = [w for w in levels if w < width]
        if below:
            base = max(below)
            steps, rest = divmod(width - base, self.find_unit)
            step = "\t" if self.tabs else " " * self.file_unit
            return levels[base] + step * steps + " " * rest
        above = min(levels)
        out = -(-(above - width) // self.find_unit)  # levels out, rounded up
        indent = levels[above]
        if self.tabs:
            while out and indent.endswith("\t"):
                indent, out = indent[:-1], out - 1
            return indent
        return " " * max(0, len(indent.expandtabs(self.file_unit)) - out * self.file_unit)


def indent_map(
    pairs: Sequence[tuple[str, str]],
    agent_rows: Sequence[str],
    text: str,
    *,
    where: Callable[[], str],
    param: str,
) -> IndentMap:
    """The map of the (agent's, file's) indentation ``pairs``; ``agent_rows`` (the find
    text's and the replacement's lines) give the agent's step, ``text`` (the file) its own.

    Raises AmbiguousMatchError (naming the match, which ``where()`` describes, and
    ``param``) when the pairs contradict each other."""
    levels: dict[int, str] = {}
    for mine, theirs in pairs:
        width = _width(mine)
        known = levels.setdefault(width, theirs)
        if known != theirs:
            raise _unmapped(
                where,
                param,
                f"lines indented {width} columns in the find text are indented "
                f"{_shown(known)} and {_shown(theirs)} in the file",
            )
    ordered = sorted(levels.items())
    for (low, lower), (high, higher) in zip(ordered, ordered[1:], strict=False):
        if len(lower.expandtabs(8)) > len(higher.expandtabs(8)):
            raise _unmapped(
                where,
                param,
                f"lines indented {low} and {high} columns in the find text are indented "
                f"{_shown(lower)} and {_shown(higher)} in the file",
            )
    uses_tabs, file_unit = _file_style(text)
    indents = list(levels.values())
    tabs = any("\t" in indent for indent in indents) or (not any(indents) and uses_tabs)
    find_unit = _agent_unit(agent_rows)
    # The file's step where the pairs show one (two of the agent's levels one step apart),
    # else the file's smallest indentation.
    shown = [
        len(higher.expandtabs(file_unit)) - len(lower.expandtabs(file_unit))
        for (low, lower), (high, higher) in zip(ordered, ordered[1:], strict=False)
        if high - low == find_unit and not tabs
    ]
    steps = [step for step in shown if step > 0]
    return IndentMap(
        levels,
        identity=all(mine == theirs for mine, theirs in pairs),
        tabs=tabs,
        find_unit=find_unit,
        file_unit=steps[0] if steps else file_unit,
    )


def _shown(indent: str) -> str:
    tabs, spaces = indent.count("\t"), indent.count(" ")
    parts = [f"{tabs} tab{'s' if tabs != 1 else ''}"] if tabs else []
    if spaces or not tabs:
        parts.append(f"{spaces} column{'s' if spaces != 1 else ''}")
    return " and ".join(parts)


def _unmapped(where: Callable[[], str], param: str, detail: str) -> AmbiguousMatchError:
    return AmbiguousMatchError(
        f"{where()} only with its indentation changed, and its indentation does not map onto "
        f"the file's ({detail}): where each new line goes cannot be told",
        param=param,
        suggestion="Copy the lines from the file with their own indentation ({cmd:read} "
        "shows them), or replace whole lines with {param:lines} and {param:content}.",
    )


def _agent_unit(rows: Sequence[str]) -> int:
    """The agent's indentation step: the smallest difference between two of its
    indentations (2..8 columns), else 4."""
    widths = sorted({_width(leading(row)) for row in rows if row.strip()})
    steps = [b - a for a, b in zip(widths, widths[1:], strict=False)]
    return max(2, min(8, min(steps))) if steps else 4


@functools.lru_cache(maxsize=2)
def _file_style(text: str) -> tuple[bool, int]:
    """Whether the file indents with tabs (more lines start with one than with a space),
    and its unit of spaces (the smallest positive indentation of spaces of its first
    lines, 2..8, else 4); read once per text (an edit of every match asks for each)."""
    tabbed = len(re.findall(r"^\t", text, re.MULTILINE))
    spaced = len(re.findall(r"^ ", text, re.MULTILINE))
    cut = -1
    for _ in range(_STYLE_LINES):
        cut = text.find("\n", cut + 1)
        if cut < 0:
            break
    head = text if cut < 0 else text[:cut]
    widths = [len(indent) for indent in re.findall(r"^( +)\S", head, re.MULTILINE)]
    unit = max(2, min(8, min(widths))) if widths else 4
    return tabbed > spaced, unit
