"""BM25 over chunks, precomputed so that a query is a few array additions.

Each term's postings (document ids and their final BM25 weights) are stored contiguously,
as bm25s does with its eager scoring: the IDF and length normalisation are folded into the
weights at build time, so scoring a query adds one weight slice per query term.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["BM25Index"]

#: Term-frequency saturation.
K1 = 1.2
#: Length normalisation.
B = 0.75


class BM25Index:
    """An immutable BM25 index over tokenised documents."""

    __slots__ = ("doc_count", "ids", "offsets", "vocabulary", "weights")

    def __init__(
        self,
        vocabulary: dict[str, int],
        offsets: NDArray[np.int64],
        ids: NDArray[np.int32],
        weights: NDArray[np.float32],
        doc_count: int,
    ) -> None:
        self.vocabulary = vocabulary
        self.offsets = offsets
        self.ids = ids
        self.weights = weights
        self.doc_count = doc_count

    @classmethod
    def build(cls, documents: Iterable[Sequence[str]], k1: float = K1, b: float = B) -> BM25Index:
        """Index ``documents`` (each a sequence of tokens)."""
        # A new term gets the next id from the factory: map() then keeps the loop over
        # every token of the corpus in C.
        vocabulary: defaultdict[str, int] = defaultdict()
        vocabulary.default_factory = vocabulary.__len__
        term_id = vocabulary.__getitem__
        term_ids: list[int] = []
        lengths: list[int] = []
        for doc in documents:
            term_ids.extend(map(term_id, doc))
            lengths.append(len(doc))
        offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        terms = np.asarray(term_ids, dtype=np.int64)
        return cls.from_term_ids(list(vocabulary), terms, offsets, k1, b)

    @classmethod
    def from_term_ids(
        cls,
        vocabulary: Sequence[str],
        terms: NDArray[Any],
        offsets: NDArray[np.int64],
        k1: float = K1,
        b: float = B,
    ) -> BM25Index:
        """Index documents given as term ids (document d: ``terms[offsets[d]:offsets[d+1]]``)."""
        n = len(offsets) - 1
        lengths = np.diff(offsets)
        doc_of = np.repeat(np.arange(n, dtype=np.int64), lengths)
        # One sort of (term, document) keys gives every posting and its term frequency.
        keys, tf = np.unique(
            np.asarray(terms, dtype=np.int64) * max(n, 1) + doc_of, return_counts=True
        )
        posting_terms = keys // max(n, 1)
        posting_docs = (keys % max(n, 1)).astype(np.int32)
        df = np.bincount(posting_terms, minlength=len(vocabulary))
        idf = np.log((n - df + 0.5) / (df + 0.5) + 1.0)
        dl = lengths.astype(np.float64)
        average = float(dl.mean()) if n else 0.0
        norm = k1 * (1 - b + b * dl / average) if average else np.full(n, k1)
        tf64 = tf.astype(np.float64)
        weights = idf[posting_terms] * tf64 * (k1 + 1) / (tf64 + norm[posting_docs])
        postings = np.zeros(len(vocabulary) + 1, dtype=np.int64)
        np.cumsum(df, out=postings[1:])
        index = {term: i for i, term in enumerate(vocabulary)}
        return cls(index, postings, posting_docs, weights.astype(np.float32), n)

    def scores(self, query_tokens: Sequence[str]) -> NDArray[np.float32]:
        """BM25 score of every document (0 where no query term occurs)."""
        out = np.zeros(self.doc_count, dtype=np.float32)
        for term, times in Counter(query_tokens).items():
            index = self.vocabulary.get(term)
            if index is None:
                continue
            start, end = int(self.offsets[index]), int(self.offsets[index + 1])
            # Each term's ids are unique, so plain fancy-index addition is exact.
            out[self.ids[start:end]] += self.weights[start:end] * times
        return out

    def __contains__(self, term: object) -> bool:
        return term in self.vocabulary
