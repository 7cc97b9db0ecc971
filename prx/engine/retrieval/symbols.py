"""The symbol index: definition names to the places that define them."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus, Definition

__all__ = ["SymbolIndex"]


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
