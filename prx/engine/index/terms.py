"""BM25 term counts of many texts at once, with Python work per distinct word only.

The result is what ``Counter(tokenize(text))`` gives for each text (the same regex, the same
``split_identifier`` expansion), but the per-token steps run in C: the regex's ``findall``,
a dict lookup mapped over all words (a miss expands the new word once), then numpy turns
word ids into term ids and counts (document, term) pairs with one sort.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from prx.engine.corpus.tokenize import split_identifier, words

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

__all__ = ["TermCounts", "count_terms"]

#: Past this many distinct words a process starts its word table afresh (bounded memory).
_MAX_WORDS = 2_000_000


class TermCounts(NamedTuple):
    """Per text: its distinct terms (``ids``, ``tfs``) text after text, how many distinct
    terms each text has (``spans``) and its token count (``lengths``)."""

    vocabulary: list[str]
    ids: NDArray[np.int64]
    tfs: NDArray[np.uint32]
    spans: NDArray[np.int64]
    lengths: NDArray[np.int64]


class _Words(dict[str, int]):
    """Word -> word id; a new word's expansion into term ids is recorded on the miss.
    One per process: words repeat across batches, so each is expanded once."""

    def __init__(self) -> None:
        super().__init__()
        self.terms: dict[str, int] = {}
        self.names: list[str] = []
        self.expansions: list[tuple[int, ...]] = []
        # The expansions as arrays (term ids end to end; size and start of each word's).
        self.flat = np.zeros(0, np.int64)
        self.sizes = np.zeros(0, np.int64)
        self.starts = np.zeros(0, np.int64)

    def __missing__(self, word: str) -> int:
        terms = self.terms
        ids = []
        for part in split_identifier(word):
            index = terms.get(part)
            if index is None:
                index = terms[part] = len(self.names)
                self.names.append(part)
            ids.append(index)
        self.expansions.append(tuple(ids))
        index = self[word] = len(self.expansions) - 1
        return index

    def arrays(self) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
        """``flat``, ``sizes``, ``starts``, extended with the words added since last time."""
        new = self.expansions[self.sizes.size :]
        if new:
            sizes = np.fromiter(map(len, new), np.int64, len(new))
            flat = np.fromiter(chain.from_iterable(new), np.int64, int(sizes.sum()))
            self.starts = np.concatenate([self.starts, self.flat.size + np.cumsum(sizes) - sizes])
            self.sizes = np.concatenate([self.sizes, sizes])
            self.flat = np.concatenate([self.flat, flat])
        return self.flat, self.sizes, self.starts


_known: _Words | None = None


def count_terms(texts: Sequence[str]) -> TermCounts:
    """Term counts of ``texts``; term ids index the returned vocabulary (the terms these
    texts use, in no particular order)."""
    global _known
    if _known is None or len(_known) > _MAX_WORDS:
        _known = _Words()
    known = _known
    found = [words(text) for text in texts]
    per_text = np.fromiter(map(len, found), np.int64, len(found))
    total = int(per_text.sum())
    word_ids = np.fromiter(map(known.__getitem__, chain.from_iterable(found)), np.int64, total)
    flat, sizes, starts = known.arrays()
    # Each word occurrence becomes its terms: repeat by expansion size, then gather.
    repeat = sizes[word_ids]
    owner = np.repeat(np.repeat(np.arange(len(found), dtype=np.int64), per_text), repeat)
    offset = np.arange(int(repeat.sum()), dtype=np.int64) - np.repeat(
        np.cumsum(repeat) - repeat, repeat
    )
    term_ids = flat[np.repeat(starts[word_ids], repeat) + offset]
    width = max(len(known.names), 1)
    pairs, tfs = np.unique(owner * width + term_ids, return_counts=True)
    spans = np.bincount(pairs // width, minlength=len(found)).astype(np.int64)
    lengths = np.bincount(owner, minlength=len(found)).astype(np.int64)
    used, local = np.unique(pairs % width, return_inverse=True)
    names = known.names
    vocabulary = [names[i] for i in used.tolist()]
    return TermCounts(
        vocabulary, local.reshape(-1).astype(np.int64), tfs.astype(np.uint32), spans, lengths
    )
