"""Syntax-aware chunking: whole lines, about :data:`CHUNK_SIZE` characters per chunk.

Top-level syntax nodes are packed greedily into chunks; a node larger than the target is
split along its children, recursively, and a leaf that is still too large is cut into line
windows. Comments and blank lines between nodes travel with the node that follows them, so
a function's doc comment stays in its chunk. Files without a grammar are cut into line
windows. Chunks are contiguous and cover the file; each carries the name and kind of the
symbol around it (or the first symbol inside it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.core.results.lang import Chunk
from prx.engine.lang.grammar import parse
from prx.engine.lang.outline import flatten, outline

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prx.core.results.read import Symbol
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["CHUNK_SIZE", "chunk_lines", "chunk_source"]

#: Target characters per chunk.
CHUNK_SIZE = 1500


def _line_lengths(text: str) -> list[int]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [len(line) + 1 for line in lines]


def _windows(first: int, last: int, lengths: list[int], size: int) -> list[tuple[int, int]]:
    """Cut lines ``first..last`` (0-based, inclusive) into windows of about ``size``."""
    out: list[tuple[int, int]] = []
    start, used = first, 0
    for row in range(first, last + 1):
        if used and used + lengths[row] > size:
            out.append((start, row - 1))
            start, used = row, 0
        used += lengths[row]
    if start <= last:
        out.append((start, last))
    return out


class _Sizes:
    """Characters of any run of lines, from prefix sums (constant time per question)."""

    __slots__ = ("lengths", "prefix")

    def __init__(self, lengths: list[int]) -> None:
        self.lengths = lengths
        self.prefix = [0]
        for length in lengths:
            self.prefix.append(self.prefix[-1] + length)

    def of(self, first: int, last: int) -> int:
        return self.prefix[last + 1] - self.prefix[first]


def _units(node: Any, sizes: _Sizes, size: int, first_free: int) -> list[tuple[int, int]]:
    """Row spans covering the children of ``node`` from row ``first_free`` on."""
    spans: list[tuple[int, int]] = []
    cursor = first_free
    last_row = len(sizes.lengths) - 1
    for child in node.children:
        start_row, end_row = int(child.start_point[0]), int(child.end_point[0])
        if int(child.end_point[1]) == 0 and end_row > start_row:
            end_row -= 1  # the node stops at the start of that line
        end_row = min(end_row, last_row)
        if end_row < cursor:
            continue
        start_row = min(max(start_row, cursor), end_row)
        span_start = cursor  # leading comments and blank lines join this unit
        if sizes.of(span_start, end_row) > size and child.child_count:
            inner = _units(child, sizes, size, span_start)
            if not inner:
                inner = _windows(span_start, end_row, sizes.lengths, size)
            elif inner[-1][1] < end_row:  # the child's own children stop short of its end
                inner[-1] = (inner[-1][0], end_row)
            spans.extend(inner)
        elif sizes.of(span_start, end_row) > size:
            spans.extend(_windows(span_start, end_row, sizes.lengths, size))
        else:
            spans.append((span_start, end_row))
        cursor = end_row + 1
    return spans


def _pack(spans: list[tuple[int, int]], sizes: _Sizes, size: int) -> list[tuple[int, int]]:
    packed: list[tuple[int, int]] = []
    for start, end in spans:
        if packed and sizes.of(packed[-1][0], end) <= size:
            packed[-1] = (packed[-1][0], end)
        else:
            packed.append((start, end))
    return packed


def chunk_lines(text: str, size: int = CHUNK_SIZE) -> list[tuple[int, int]]:
    """Line windows (1-based, inclusive) for a text without a grammar."""
    lengths = _line_lengths(text)
    return (
        [(a + 1, b + 1) for a, b in _windows(0, len(lengths) - 1, lengths, size)] if lengths else []
    )


# (first line, last line, name, kind) of a definition: all a chunk label needs.
_Span = tuple[int, int, str, str]


def _spans(symbols: Sequence[Symbol]) -> list[_Span]:
    return [(s.lines.start, s.lines.end, s.name, s.kind) for s in symbols]


def _labels(
    symbols: list[_Span], spans: list[tuple[int, int]]
) -> list[tuple[str | None, str | None]]:
    """The symbol naming each chunk (1-based ``spans``, in file order): the smallest
    definition around it, else the one with the most code in it.

    One sweep over the definitions in start order: those still open at a chunk's first
    line are its only candidates for "around" (a nesting chain, a few deep), and those
    starting inside it are found by bisection, so a file's labels cost about
    chunks + definitions rather than their product. Ties go to the first in ``symbols``
    order, which is start order (an outline flattened parents first).
    """
    from bisect import bisect_left, bisect_right

    ordered = sorted(symbols, key=lambda s: s[0])  # stable: already sorted in practice
    starts = [s[0] for s in ordered]
    labels: list[tuple[str | None, str | None]] = []
    open_: list[_Span] = []
    taken = 0
    for start, end in spans:
        while taken < len(ordered) and ordered[taken][0] <= start:
            open_.append(ordered[taken])
            taken += 1
        open_ = [s for s in open_ if s[1] >= start]
        around = [s for s in open_ if end <= s[1]]
        if around:
            best = min(around, key=lambda s: s[1] - s[0])
            labels.append((best[2], best[3]))
            continue
        inside = ordered[bisect_left(starts, start) : bisect_right(starts, end)]
        if inside:  # the symbol with the most code in the chunk names it
            best = max(inside, key=lambda s: min(s[1], end) - s[0])
            labels.append((best[2], best[3]))
        else:
            labels.append((None, None))
    return labels


def chunk_source(
    spec: LanguageSpec | None,
    source: bytes,
    size: int = CHUNK_SIZE,
    tree: Any | None = None,
    symbols: Sequence[Symbol] | None = None,
) -> list[Chunk]:
    """Chunks of ``source``; syntax-aware when ``spec`` has a grammar, else line windows.

    Pass ``tree`` and ``symbols`` (the outline flattened, parents first:
    :func:`prx.engine.lang.outline.flatten`) when the source is already parsed and outlined, to do
    that work only once.
    """
    text = source.decode("utf-8", "replace")
    lengths = _line_lengths(text)
    if not lengths:
        return []
    spans_of_symbols: list[_Span] = []
    spans: list[tuple[int, int]]
    if spec is not None and spec.grammar is not None:
        if tree is None:
            tree = parse(spec, source)
        sizes = _Sizes(lengths)
        spans = _pack(_units(tree.root_node, sizes, size, 0), sizes, size)
        if symbols is not None:
            spans_of_symbols = _spans(symbols)
        elif "outline" in spec.queries:
            spans_of_symbols = _spans(flatten(outline(spec, source, tree)))
        if spans and spans[-1][1] < len(lengths) - 1:  # trailing comments or blank lines
            spans[-1] = (spans[-1][0], len(lengths) - 1)
        if not spans:
            spans = _windows(0, len(lengths) - 1, lengths, size)
    else:
        spans = _windows(0, len(lengths) - 1, lengths, size)
    lines = text.split("\n")
    chunks = []
    labels = _labels(spans_of_symbols, [(start + 1, end + 1) for start, end in spans])
    for (start, end), (name, kind) in zip(spans, labels, strict=True):
        chunks.append(
            Chunk(
                start_line=start + 1,
                end_line=end + 1,
                text="\n".join(lines[start : end + 1]) + ("\n" if end + 1 < len(lines) else ""),
                symbol=name,
                symbol_kind=kind,
            )
        )
    return chunks
