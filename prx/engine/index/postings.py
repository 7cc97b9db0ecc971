"""BM25 postings kept with their raw counts, so an update touches only changed documents.

The index stores, per term, its documents (ascending) with their term frequencies, and
every document's length; a query computes the BM25 weights of its terms' postings
(see :mod:`prx.engine.corpus.bm25`). Building from scratch sorts the (term, document) pairs once; an
update renumbers the kept documents (an order-preserving map), drops the others and
inserts the new pairs where they belong, without sorting the whole table again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from prx.core.record import record
from prx.engine.corpus.bm25 import BM25Index

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["GLOBAL_SEARCH", "Postings"]

#: Above this many new (term, document) pairs, insertion points come from one search over
#: all postings rather than one per term.
GLOBAL_SEARCH = 50_000


@record(frozen=False, eq=False, kw_only=False)
class Postings:
    """Term-major postings: term ``t`` holds entries ``offsets[t]:offsets[t + 1]``."""

    offsets: NDArray[np.int64]
    docs: NDArray[np.int32]
    tfs: NDArray[np.uint32]
    #: Tokens per document (BM25's document length).
    lengths: NDArray[np.int64]

    @property
    def doc_count(self) -> int:
        return int(self.lengths.size)

    @classmethod
    def empty(cls, terms: int = 0) -> Postings:
        return cls(
            np.zeros(terms + 1, np.int64),
            np.zeros(0, np.int32),
            np.zeros(0, np.uint32),
            np.zeros(0, np.int64),
        )

    @classmethod
    def build(
        cls,
        terms: int,
        docs: NDArray[np.int64],
        ids: NDArray[np.int64],
        tfs: NDArray[np.uint32],
        lengths: NDArray[np.int64],
    ) -> Postings:
        """From (document, term, frequency) triples, distinct per (document, term)."""
        return cls.empty(terms).update(terms, np.zeros(0, np.int64), docs, ids, tfs, lengths)

    def update(
        self,
        terms: int,
        kept: NDArray[np.int64],
        docs: NDArray[np.int64],
        ids: NDArray[np.int64],
        tfs: NDArray[np.uint32],
        lengths: NDArray[np.int64],
    ) -> Postings:
        """The postings after an update over a vocabulary of ``terms`` (old ids unchanged).

        ``kept[d]`` is the new number of old document ``d``, or -1 when it is gone; the
        map must preserve order. ``docs``/``ids``/``tfs`` are the new documents' pairs and
        ``lengths`` every new document's length (new numbering).
        """
        old_terms = self.offsets.size - 1
        n = max(int(lengths.size), 1)
        new_ids = np.asarray(ids, np.int64)
        new_docs = np.asarray(docs, np.int64)
        order = np.argsort(new_ids * n + new_docs)  # (term, document) pairs are distinct
        new_ids, new_docs = new_ids[order], new_docs[order]
        new_tfs = np.asarray(tfs, np.uint32)[order]
        counts = np.bincount(new_ids, minlength=terms).astype(np.int64)
        if self.docs.size == 0:  # a build from scratch: the sorted pairs are the postings
            merged_docs, merged_tfs = new_docs, new_tfs
        else:
            moved = np.asarray(kept, np.int64)[np.asarray(self.docs)]
            alive = moved >= 0
            running = np.zeros(alive.size + 1, np.int64)
            np.cumsum(alive, out=running[1:])
            kept_counts = running[self.offsets[1:]] - running[self.offsets[:-1]]
            counts[:old_terms] += kept_counts
            starts = np.zeros(terms + 1, np.int64)
            np.cumsum(
                np.concatenate([kept_counts, np.zeros(terms - old_terms, np.int64)]),
                out=starts[1:],
            )
            kept_docs = moved[alive]
            at = self._insertion_points(starts, kept_docs, new_ids, new_docs, n)
            merged_docs = np.insert(kept_docs, at, new_docs)
            merged_tfs = np.insert(np.asarray(self.tfs)[alive], at, new_tfs)
        offsets = np.zeros(terms + 1, np.int64)
        np.cumsum(counts, out=offsets[1:])
        return Postings(
            offsets, merged_docs.astype(np.int32), merged_tfs, np.asarray(lengths, np.int64)
        )

    @staticmethod
    def _insertion_points(
        starts: NDArray[np.int64],
        kept_docs: NDArray[np.int64],
        new_ids: NDArray[np.int64],
        new_docs: NDArray[np.int64],
        n: int,
    ) -> NDArray[np.int64]:
        """Where each new (term, document) pair goes among the kept postings (each term's
        documents ascending): a search within its term's run."""
        if new_ids.size == 0:
            return np.zeros(0, np.int64)
        if new_ids.size > GLOBAL_SEARCH:  # many new pairs: one global search is cheaper
            owner = np.repeat(np.arange(starts.size - 1, dtype=np.int64), np.diff(starts))
            points: NDArray[np.int64] = np.searchsorted(
                owner * n + kept_docs, new_ids * n + new_docs
            )
            return points
        at = np.empty(new_ids.size, np.int64)
        bounds = np.flatnonzero(np.diff(new_ids)) + 1
        for first, last in zip(
            np.concatenate([[0], bounds]).tolist(),
            np.concatenate([bounds, [new_ids.size]]).tolist(),
            strict=True,
        ):
            term = int(new_ids[first])
            low, high = int(starts[term]), int(starts[term + 1])
            at[first:last] = low + np.searchsorted(kept_docs[low:high], new_docs[first:last])
        return at

    def compact(self, vocabulary: list[str]) -> tuple[Postings, list[str]]:
        """Without the terms no document holds any more."""
        counts = np.diff(self.offsets)
        if counts.all():
            return self, vocabulary
        keep = counts > 0
        offsets = np.zeros(int(keep.sum()) + 1, np.int64)
        np.cumsum(counts[keep], out=offsets[1:])
        words = [term for term, kept in zip(vocabulary, keep.tolist(), strict=True) if kept]
        return Postings(offsets, self.docs, self.tfs, self.lengths), words

    def bm25(self, vocabulary: list[str], index: Mapping[str, int] | None = None) -> BM25Index:
        """The BM25 index over these postings; ``index`` is ``vocabulary``'s term -> id map
        when the caller already has it."""
        if index is None:
            index = dict(zip(vocabulary, range(len(vocabulary)), strict=True))
        return BM25Index(index, self.offsets, self.docs, self.tfs, self.lengths)
