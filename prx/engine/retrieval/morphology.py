"""Other forms of a query's words: ``routed`` also finds ``route`` and ``router``,
``handlers`` finds ``handler``, ``rendered`` finds ``render`` and ``renderer``.

BM25 counts tokens as written (the index does not stem), while a question and the code it
is about rarely agree on a word's form. A word query therefore also searches, at a lower
weight, the forms of its words that the corpus holds: each word is cut to its possible
stems (a common English suffix removed) and each stem given the common endings back.
Only forms some chunk holds are kept, so a lookup per candidate bounds the cost.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import Any

__all__ = ["holds_term", "other_forms"]

#: Suffixes cut from a word to find its stems (longest first).
_SUFFIXES = (
    "ations",
    "ation",
    "ings",
    "ing",
    "ers",
    "er",
    "ied",
    "ies",
    "ed",
    "es",
    "ly",
    "s",
    "d",
)
#: Endings given back to each stem.
_ENDINGS = ("", "e", "s", "es", "ed", "er", "ing", "ion", "y")
#: The shortest word whose forms are looked up, and the shortest stem.
_MIN_WORD = 4
_MIN_STEM = 3
#: Words whose other forms are noise ("used" -> "user").
_SKIP = frozenset(
    "also does done from have into like many much only such than that them then there "
    "these they this used uses using what when where which while with within without "
    "would".split()
)


def other_forms(words: Iterable[str], holds: Callable[[str], bool]) -> list[str]:
    """The forms of ``words`` (lower-case tokens) that are not among them and that
    ``holds`` (the corpus has the term) accepts, in a stable order."""
    given = set(words)
    found: list[str] = []
    seen: set[str] = set()
    for word in sorted(given):
        if len(word) < _MIN_WORD or word in _SKIP or not word.isalpha():
            continue
        stems = {word}
        for suffix in _SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
                stems.add(word[: -len(suffix)])
        for stem in sorted(stems):
            for ending in _ENDINGS:
                form = stem + ending
                if form in given or form in seen:
                    continue
                seen.add(form)
                if holds(form):
                    found.append(form)
    return found


def holds_term(postings: Any) -> Callable[[str], bool]:
    """Whether some chunk of a BM25 posting source holds a term: an in-memory index
    knows its vocabulary; an index's postings answer by looking the term up."""
    if isinstance(postings, Container):
        return postings.__contains__
    return lambda term: postings.term_postings(term) is not None
