"""BM25 over chunks, precomputed so that a query is a few array additions.

Each term's postings (document ids and their final BM25 weights) are stored contiguously,
as bm25s does with its eager scoring: the IDF and length normalisation are folded into the
weights at build time, so scoring a query adds one weight slice per query term.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

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
        counts: list[Counter[str]] = [Counter(doc) for doc in documents]
        n = len(counts)
        lengths = np.array([sum(c.values()) for c in counts], dtype=np.float64)
        average = float(lengths.mean()) if n else 0.0
        postings: dict[str, list[tuple[int, int]]] = {}
        for doc_id, counter in enumerate(counts):
            for term, tf in counter.items():
                postings.setdefault(term, []).append((doc_id, tf))
        vocabulary: dict[str, int] = {}
        offsets = [0]
        all_ids: list[NDArray[np.int32]] = []
        all_weights: list[NDArray[np.float32]] = []
        norm = k1 * (1 - b + b * lengths / average) if average else np.full(n, k1)
        for index, (term, plist) in enumerate(sorted(postings.items())):
            vocabulary[term] = index
            ids = np.fromiter((d for d, _ in plist), dtype=np.int32, count=len(plist))
            tfs = np.fromiter((t for _, t in plist), dtype=np.float64, count=len(plist))
            idf = math.log((n - len(plist) + 0.5) / (len(plist) + 0.5) + 1.0)
            all_ids.append(ids)
            all_weights.append((idf * tfs * (k1 + 1) / (tfs + norm[ids])).astype(np.float32))
            offsets.append(offsets[-1] + len(plist))
        return cls(
            vocabulary,
            np.array(offsets, dtype=np.int64),
            np.concatenate(all_ids) if all_ids else np.zeros(0, dtype=np.int32),
            np.concatenate(all_weights) if all_weights else np.zeros(0, dtype=np.float32),
            n,
        )

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
