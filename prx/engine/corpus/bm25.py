"""BM25 over chunks, scored from raw postings: each query term reads its own postings only.

Every term's postings (documents ascending, with their term frequencies) are stored
contiguously, and every document's length once. A query computes the BM25 weight of each
posting of its own terms, from the document count, the term's document frequency and the
average length at that moment, so an index whose files changed can be scored with the
changed files overlaid (see :mod:`prx.engine.retrieval.indexed`) and give exactly what a rebuilt
index gives. Scores are accumulated in float32, term by term, with plain Python floats
rounded through an ``array('f')``: the same arithmetic whether the postings are numpy
arrays, an index's memory-mapped columns or lists, and no numpy import for a query.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "ArrayPostingSource",
    "BM25Index",
    "PostingSource",
    "score_terms",
    "top_scores",
    "top_sparse",
]

#: Term-frequency saturation.
K1 = 1.2
#: Length normalisation.
B = 0.75


class PostingSource(Protocol):
    """What scoring reads of a BM25 structure: the corpus figures and, per term, its
    documents and term frequencies."""

    doc_count: int
    total_length: int

    def term_postings(self, term: str) -> tuple[list[int], list[int]] | None:
        """The documents holding ``term`` (ascending) and their frequencies; None when
        no document holds it."""
        ...

    def lengths_of(self, docs: list[int]) -> list[int]:
        """Tokens in each of ``docs``."""
        ...


class ArrayPostingSource(PostingSource, Protocol):
    """A posting source that also hands out its postings as numpy arrays, for scoring
    once numpy is loaded (an index's columns, mapped: no per-posting Python work)."""

    def term_arrays(self, term: str) -> tuple[NDArray[Any], NDArray[Any]] | None:
        """:meth:`term_postings` as arrays (documents ascending)."""
        ...

    def lengths_array(self, docs: NDArray[Any]) -> NDArray[Any]:
        """:meth:`lengths_of` for an array of documents."""
        ...


def score_terms(
    postings: PostingSource,
    query_tokens: Iterable[str],
    k1: float = K1,
    b: float = B,
    weights: Mapping[str, float] | None = None,
) -> dict[int, float]:
    """BM25 score of every document holding a query term (the others score 0); a term of
    ``weights`` counts that many times (a term listed twice, twice)."""
    n = postings.doc_count
    out: dict[int, float] = {}
    if not n:
        return out
    if "numpy" in sys.modules:  # loaded already (a word query's embeddings): vectorised
        found, held = _score_arrays(postings, query_tokens, k1, b, weights)
        return dict(zip(held.tolist(), found[held].tolist(), strict=True))
    average = postings.total_length / n
    one_minus_b = 1 - b
    k1_plus_1 = k1 + 1
    rounded = array("f", [0.0])
    get = out.get
    for term, times in Counter(query_tokens).items():
        found = postings.term_postings(term)
        if found is None:
            continue
        docs, tfs = found
        df = len(docs)
        idf = math.log((n - df + 0.5) / (df + 0.5) + 1.0)
        # float32 weights, as an index stores them; the operation order is fixed (the
        # same rounding everywhere).
        if average:
            scaled = array(
                "f",
                [
                    idf * tf * k1_plus_1 / (tf + k1 * (one_minus_b + b * size / average))
                    for tf, size in zip(tfs, postings.lengths_of(docs), strict=True)
                ],
            )
        else:
            scaled = array("f", [idf * tf * k1_plus_1 / (tf + k1) for tf in tfs])
        factor = times * weights.get(term, 1.0) if weights is not None else times
        if factor != 1:
            scaled = array("f", [w * factor for w in scaled])
        for doc, weight in zip(docs, scaled, strict=True):
            before = get(doc)
            if before is None:
                out[doc] = weight
            else:
                rounded[0] = before + weight
                out[doc] = rounded[0]
    return out


def _score_arrays(
    postings: PostingSource,
    query_tokens: Iterable[str],
    k1: float,
    b: float,
    weights: Mapping[str, float] | None,
) -> tuple[Any, Any]:
    """:func:`score_terms` with numpy: every document's score (float32) and the documents
    holding a query term. The same operations in the same order, so the same float64
    weights, rounded to float32 once, summed in float32: bit for bit the plain path's
    scores (tests/engine/corpus/test_bm25.py checks it)."""
    import numpy as np

    n = postings.doc_count
    average = postings.total_length / n
    one_minus_b = 1 - b
    k1_plus_1 = k1 + 1
    out = np.zeros(n, dtype=np.float32)
    touched = np.zeros(n, dtype=bool)
    for term, times in Counter(query_tokens).items():
        found = _postings_with_lengths(postings, term, need_lengths=bool(average))
        if found is None:
            continue
        docs, tfs, lengths = found
        df = len(docs)
        idf = math.log((n - df + 0.5) / (df + 0.5) + 1.0)
        tf = np.asarray(tfs, dtype=np.float64)
        if average:
            size = np.asarray(lengths, dtype=np.float64)
            scaled = (idf * tf * k1_plus_1 / (tf + k1 * (one_minus_b + b * size / average))).astype(
                np.float32
            )
        else:
            scaled = (idf * tf * k1_plus_1 / (tf + k1)).astype(np.float32)
        factor = times * weights.get(term, 1.0) if weights is not None else times
        if factor != 1:
            scaled = (scaled.astype(np.float64) * factor).astype(np.float32)
        at = np.asarray(docs, dtype=np.int64)
        out[at] += scaled  # a term's documents are distinct
        touched[at] = True
    # (np.unique of the documents would import numpy.ma: 8-20 ms of a fresh process)
    return out, np.flatnonzero(touched)


def top_scores(
    postings: PostingSource,
    query_tokens: Iterable[str],
    k: int,
    weights: Mapping[str, float] | None = None,
) -> tuple[list[int], list[float]]:
    """``top_sparse(score_terms(postings, query_tokens, weights=weights), k)``: the same
    documents and scores; with numpy loaded, taken from the array of scores, without a
    dictionary of every document scored (a common word is in most of them)."""
    if k <= 0 or not postings.doc_count or "numpy" not in sys.modules:
        return top_sparse(score_terms(postings, query_tokens, weights=weights), k)
    import numpy as np

    out, held = _score_arrays(postings, query_tokens, K1, B, weights)
    values = out[held].astype(np.float64)
    keep = values > 0
    docs, values = held[keep], values[keep]
    if len(values) > k:  # the k best and every tie of the k-th: the order below decides
        least = np.partition(values, len(values) - k)[len(values) - k]
        kept = values >= least
        docs, values = docs[kept], values[kept]
    order = np.lexsort((docs, -values))[:k]  # best first, ties by document
    return docs[order].tolist(), values[order].tolist()


def _postings_with_lengths(
    postings: PostingSource, term: str, need_lengths: bool
) -> tuple[Any, Any, Any] | None:
    """A term's documents, frequencies and (when needed) the documents' lengths: as numpy
    arrays when the source gives them (no per-posting Python work), else as lists."""
    together = getattr(postings, "term_arrays_with_lengths", None)
    if together is not None and need_lengths:
        read: tuple[Any, Any, Any] | None = together(term)
        return read
    if hasattr(postings, "term_arrays"):
        source = cast("ArrayPostingSource", postings)
        arrays = source.term_arrays(term)
        if arrays is None:
            return None
        lengths = source.lengths_array(arrays[0]) if need_lengths else None
        return arrays[0], arrays[1], lengths
    found = postings.term_postings(term)
    if found is None:
        return None
    return found[0], found[1], postings.lengths_of(found[0]) if need_lengths else None


def top_sparse(scores: Mapping[int, float], k: int) -> tuple[list[int], list[float]]:
    """The ``k`` best positive scores, best first, ties by document (also at the cut)."""
    import heapq

    if k <= 0:
        return [], []
    if len(scores) > _VECTOR_TOP and "numpy" in sys.modules:
        import numpy as np

        docs = np.fromiter(scores.keys(), dtype=np.int64, count=len(scores))
        values = np.fromiter(scores.values(), dtype=np.float64, count=len(scores))
        keep = values > 0
        docs, values = docs[keep], values[keep]
        order = np.lexsort((docs, -values))[:k]  # best first, ties by document
        return docs[order].tolist(), values[order].tolist()
    best = heapq.nsmallest(k, ((-score, doc) for doc, score in scores.items() if score > 0))
    return [doc for _, doc in best], [-score for score, _ in best]


#: Above this many scored documents, the best are sorted out by numpy when it is loaded.
_VECTOR_TOP = 5000


class BM25Index:
    """BM25 postings in memory (numpy arrays or lists): documents, frequencies, lengths."""

    __slots__ = (
        "_lengths",
        "doc_count",
        "docs",
        "lengths",
        "offsets",
        "tfs",
        "total_length",
        "vocabulary",
    )

    def __init__(
        self,
        vocabulary: Mapping[str, int],
        offsets: Sequence[int] | NDArray[Any],
        docs: Sequence[int] | NDArray[Any],
        tfs: Sequence[int] | NDArray[Any],
        lengths: Sequence[int] | NDArray[Any],
    ) -> None:
        self.vocabulary = vocabulary
        self.offsets = offsets
        self.docs = docs
        self.tfs = tfs
        self.lengths = lengths
        self.doc_count = len(lengths)
        self._lengths: list[int] | None = None
        self.total_length = int(sum(_as_list(lengths)))

    @classmethod
    def build(cls, documents: Iterable[Sequence[str]]) -> BM25Index:
        """Index ``documents`` (each a sequence of tokens)."""
        import numpy as np

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
        return cls.from_term_ids(list(vocabulary), terms, offsets)

    @classmethod
    def from_term_ids(
        cls, vocabulary: Sequence[str], terms: NDArray[Any], offsets: NDArray[Any]
    ) -> BM25Index:
        """Index documents given as term ids (document d: ``terms[offsets[d]:offsets[d+1]]``)."""
        import numpy as np

        n = len(offsets) - 1
        lengths = np.diff(offsets).astype(np.int64)
        doc_of = np.repeat(np.arange(n, dtype=np.int64), lengths)
        # One sort of (term, document) keys gives every posting and its term frequency.
        keys, tf = np.unique(
            np.asarray(terms, dtype=np.int64) * max(n, 1) + doc_of, return_counts=True
        )
        posting_terms = keys // max(n, 1)
        posting_docs = (keys % max(n, 1)).astype(np.int32)
        df = np.bincount(posting_terms, minlength=len(vocabulary))
        postings = np.zeros(len(vocabulary) + 1, dtype=np.int64)
        np.cumsum(df, out=postings[1:])
        index = {term: i for i, term in enumerate(vocabulary)}
        return cls(index, postings, posting_docs, tf.astype(np.uint32), lengths)

    def term_postings(self, term: str) -> tuple[list[int], list[int]] | None:
        found = self.vocabulary.get(term)
        if found is None:
            return None
        start, end = int(self.offsets[found]), int(self.offsets[found + 1])
        if start == end:
            return None
        return _as_list(self.docs[start:end]), _as_list(self.tfs[start:end])

    def lengths_of(self, docs: list[int]) -> list[int]:
        if self._lengths is None:
            self._lengths = _as_list(self.lengths)
        lengths = self._lengths
        return [lengths[d] for d in docs]

    def scores(
        self, query_tokens: Iterable[str], weights: Mapping[str, float] | None = None
    ) -> dict[int, float]:
        """BM25 score of every document holding a query term (see :func:`score_terms`)."""
        return score_terms(self, query_tokens, weights=weights)

    def __contains__(self, term: object) -> bool:
        return term in self.vocabulary


def _as_list(values: Any) -> list[int]:
    tolist = getattr(values, "tolist", None)
    return list(tolist() if tolist is not None else values)
