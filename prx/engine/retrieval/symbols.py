"""The symbol index: definition names to the places that define them."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus, Definition

__all__ = ["SymbolIndex", "owned_by", "squashed", "symbol_index"]

#: Kinds of definitions that own methods.
_OWNERS = frozenset({"class", "struct", "enum", "trait", "type", "interface", "impl", "module"})


def symbol_index(corpus: Corpus) -> SymbolIndex:
    """The corpus's symbol index, built once and shared by the retriever and the stages."""
    return corpus.memo("symbol-index", "", lambda _: SymbolIndex(corpus))


def squashed(name: str) -> str:
    """``name`` lower-cased without separators (``type_adapter`` -> ``typeadapter``)."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def owned_by(corpus: Corpus, definition: Definition, owner: str) -> bool:
    """Whether ``definition`` belongs to ``owner``: its name says so (C++'s out-of-line
    ``Optimizer::Optimize``), a type of that name encloses it, or its file is named after
    the owner (``optimizer.cpp``, ``FilePath.java``)."""
    wanted = squashed(owner)
    name = definition.name
    for separator in ("::", ".", "#", "->"):
        if separator in name:
            qualifier = name.rsplit(separator, 1)[0].rsplit(separator, 1)[-1]
            if squashed(qualifier) == wanted:
                return True
    stem = definition.file.rsplit("/", 1)[-1].split(".", 1)[0]
    if squashed(stem) == wanted:
        return True
    enclosing = [
        other
        for other in corpus.definitions_in(definition.file)
        if other.kind in _OWNERS
        and other.start_line <= definition.start_line
        and other.end_line >= definition.end_line
        and other is not definition
        and (other.start_line, other.end_line) != (definition.start_line, definition.end_line)
    ]
    if not enclosing:
        return False
    innermost = max(enclosing, key=lambda other: other.start_line)
    return squashed(innermost.name.rsplit("::", 1)[-1]) == wanted


class SymbolIndex:
    """Definitions by exact name and by lower-cased name."""

    __slots__ = ("by_lower", "by_name", "stored")

    def __init__(self, corpus: Corpus) -> None:
        self.by_name: dict[str, list[Definition]] = defaultdict(list)
        self.by_lower: dict[str, list[Definition]] = defaultdict(list)
        #: An index's definitions answer lookups themselves (a binary search by name).
        self.stored = getattr(corpus.definitions, "lookup", None)
        if self.stored is not None:
            return
        for definition in corpus.definitions:
            self.by_name[definition.name].append(definition)
            self.by_lower[definition.name.lower()].append(definition)

    def lookup(self, name: str) -> tuple[list[Definition], str]:
        """Definitions of ``name`` and how they matched: ``exact``, ``case`` (another
        case) or ``none``."""
        if self.stored is not None:
            return self.stored(name)  # type: ignore[no-any-return]
        exact = self.by_name.get(name)
        if exact:
            return exact, "exact"
        folded = self.by_lower.get(name.lower())
        if folded:
            return folded, "case"
        return [], "none"
