"""Snapping a line range out to the syntactic unit that encloses it.

Unlike the original tool, which probed column 0 (so an indented ``def`` line resolved to
its class), the range is matched against the outline's definitions, and ``block`` probes
the first non-blank character of the line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.core.record import record
from prx.engine.lang.grammar import parse
from prx.engine.lang.outline import flatten, outline

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["SNAP_TARGETS", "Snap", "snap_range"]

#: Accepted ``--snap`` values and the outline kinds each one snaps to.
SNAP_TARGETS: dict[str, frozenset[str]] = {
    "function": frozenset({"function", "method"}),
    "fn": frozenset({"function", "method"}),
    "class": frozenset({"class", "struct", "enum", "trait"}),
    "block": frozenset(),
}
_NOT_BLOCKS = frozenset({"string", "comment", "string_content", "heredoc_body"})


@record(kw_only=False)
class Snap:
    """Where a range was widened to, and why."""

    start: int
    end: int
    reason: str


def _by_outline(
    spec: LanguageSpec, source: bytes, start: int, end: int, kinds: frozenset[str], target: str
) -> Snap | None:
    best = None
    for symbol in flatten(outline(spec, source)):
        lines = symbol.lines
        if symbol.kind in kinds and lines.start <= start and end <= lines.end:
            if best is None or (lines.end - lines.start) <= (best.lines.end - best.lines.start):
                best = symbol
    if best is None:
        return None
    reason = f"expanded to enclosing {best.kind} `{best.name}`"
    return Snap(start=best.lines.start, end=best.lines.end, reason=reason)


def _block(spec: LanguageSpec, source: bytes, start: int, end: int) -> Snap | None:
    lines = source.split(b"\n")
    if start > len(lines):
        return None
    offset = sum(len(line) + 1 for line in lines[: start - 1])
    line = lines[start - 1]
    offset += len(line) - len(line.lstrip())
    node: Any = parse(spec, source).root_node.named_descendant_for_byte_range(offset, offset)
    while node is not None:
        first, last = int(node.start_point[0]) + 1, int(node.end_point[0]) + 1
        if (
            node.is_named
            and node.type not in _NOT_BLOCKS
            and first <= start
            and end <= last
            and last > first
            and node.parent is not None
        ):
            return Snap(start=first, end=last, reason=f"expanded to enclosing {node.type}")
        node = node.parent
    return None


def snap_range(spec: LanguageSpec, source: bytes, start: int, end: int, target: str) -> Snap | None:
    """The unit of kind ``target`` (function, fn, class, block) around lines ``start``-``end``."""
    kinds = SNAP_TARGETS[target]
    if target == "block":
        return _block(spec, source, start, end)
    return _by_outline(spec, source, start, end, kinds, target)
