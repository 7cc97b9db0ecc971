"""The part of an outline around a line range: what a partial read needs for context.

A three-line read does not need the outline of a 2,000-line file, only where those lines
sit: the symbols that overlap the range, with their own children narrowed the same way
(the neighbours are one ``--full-outline`` away).
"""

from __future__ import annotations

from collections.abc import Iterator

from prx.core.record import replace
from prx.core.results.read import Symbol

__all__ = ["symbols_around", "walk_symbols"]


def symbols_around(symbols: tuple[Symbol, ...], start: int, end: int) -> tuple[Symbol, ...]:
    """The symbols overlapping lines ``start``-``end``, their children narrowed alike."""
    inside: list[Symbol] = []
    for symbol in symbols:
        if symbol.lines.end < start or symbol.lines.start > end:
            continue
        children = symbols_around(symbol.children, start, end)
        inside.append(symbol if children == symbol.children else replace(symbol, children=children))
    return tuple(inside)


def walk_symbols(symbols: tuple[Symbol, ...]) -> Iterator[Symbol]:
    """Every symbol, depth first in source order."""
    for symbol in symbols:
        yield symbol
        yield from walk_symbols(symbol.children)
