"""One ranking from the rankings of several roots.

Each root is searched with its own index, so its scores are on its own scale: a hit's
relevance is relative to its root's best hit (each root's first hit is 1.0 whatever it is
worth), and the pipeline's scores start from reciprocal ranks. Merging on either, or on
ranks, gives a root with nothing relevant a top place. What is comparable across roots is
the retrievers' own evidence: the best cosine similarity of the query to a chunk (one
model, one scale everywhere), whether the root defines the identifier a symbol query
names, the best BM25 score. :func:`root_strength` weighs them into one figure per root;
the ``evidence`` fusion orders hits by their root's strength plus their relevance inside
the root. ``benchmarks/multiroot.py`` measures the fusions; the weights were chosen by
leave-one-repository-out over nine labelled repositories and checked on nine others.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TypeVar

__all__ = ["DEFAULT_FUSION", "FUSIONS", "WEIGHTS", "fuse", "root_strength"]

T = TypeVar("T")

#: Reciprocal-rank fusion's constant (the usual 60 flattens a short list too much: each
#: root contributes one page, not a thousand results).
_RRF_K = 10

#: The fusions :func:`fuse` knows.
FUSIONS = ("evidence", "score", "rrf", "interleave")

#: The fusion multi-root searches use (see the module's docstring).
DEFAULT_FUSION = "evidence"

#: Weights of :func:`root_strength`: dense, symbols, BM25, the pipeline's best score
#: (chosen by leave-one-repository-out: ``benchmarks/multiroot.py --grid``).
WEIGHTS = (3.0, 3.0, 0.5, 0.5)


def root_strength(
    evidence: Mapping[str, float],
    top_score: float,
    weights: tuple[float, float, float, float] = WEIGHTS,
) -> float:
    """How likely a root holds the answer, from its retrievers' best raw scores
    (``dense``: cosine similarity; ``symbols``: 1.0 for an exact definition; ``bm25``)
    and its pipeline's best score."""
    dense, symbol, bm25, top = weights
    return (
        dense * evidence.get("dense", 0.0)
        + symbol * evidence.get("symbols", 0.0)
        + bm25 * math.log1p(max(0.0, evidence.get("bm25", 0.0)))
        + top * math.log1p(max(0.0, top_score) * 100)
    )


def _score(method: str, rank: int, relevance: float, strength: float, top: float) -> float:
    if method == "evidence":
        return strength + relevance
    if method == "score":
        return relevance * top
    if method == "rrf":
        return 1.0 / (_RRF_K + rank)
    if method == "interleave":
        return -float(rank)
    raise ValueError(f"unknown fusion {method!r}; known: {', '.join(FUSIONS)}")


def fuse(
    rankings: Sequence[Sequence[tuple[float, T]]],
    method: str = DEFAULT_FUSION,
    *,
    strengths: Sequence[float] | None = None,
    tops: Sequence[float] | None = None,
) -> list[tuple[int, T]]:
    """Every item of ``rankings`` (one list per root, best first, each item with its
    relevance in [0, 1]) in one order, each as ``(root index, item)``.

    :param strengths: each root's :func:`root_strength` (``evidence``; 0 when omitted).
    :param tops: each root's best raw score (``score``; 1 when omitted).

    Ties keep each root's own order, then the roots' order: the merge is deterministic,
    so the same rankings always give the same answer wherever they were computed.
    """
    scored: list[tuple[float, int, int, T]] = []
    for root, ranking in enumerate(rankings):
        strength = strengths[root] if strengths is not None else 0.0
        top = tops[root] if tops is not None else 1.0
        for rank, (relevance, item) in enumerate(ranking, start=1):
            scored.append((_score(method, rank, relevance, strength, top), rank, root, item))
    scored.sort(key=lambda entry: (-entry[0], entry[1], entry[2]))
    return [(root, item) for _, _, root, item in scored]
