"""One ranking from the rankings of several roots.

Each root is searched with its own index, so its scores are on its own scale (a root's
best hit has relevance 1.0 whatever it is worth); a merge on raw scores favours whichever
root scores loudest, and plain reciprocal-rank fusion gives every root's first hit the
same worth, so a root with nothing relevant still takes a top place. The fusions here
differ in how they weigh the two; ``benchmarks/multiroot.py`` measures them over a
multi-root dataset, and :data:`DEFAULT_FUSION` is the one it chose by
leave-one-repository-out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["DEFAULT_FUSION", "FUSIONS", "fuse"]

T = TypeVar("T")

#: Reciprocal-rank fusion's constant (the usual 60 flattens a short list too much: each
#: root contributes one page, not a thousand results).
_RRF_K = 10

#: The fusions :func:`fuse` knows.
FUSIONS = ("score", "rrf", "score_rrf", "interleave")

#: The fusion multi-root searches use (see the module's docstring).
DEFAULT_FUSION = "score"


def _score(method: str, rank: int, score: float) -> float:
    if method == "score":
        return score
    if method == "rrf":
        return 1.0 / (_RRF_K + rank)
    if method == "score_rrf":
        return score / (_RRF_K + rank)
    if method == "interleave":
        return -float(rank)
    raise ValueError(f"unknown fusion {method!r}; known: {', '.join(FUSIONS)}")


def fuse(
    rankings: Sequence[Sequence[tuple[float, T]]], method: str = DEFAULT_FUSION
) -> list[tuple[int, T]]:
    """Every item of ``rankings`` (one list per root, best first, each item with its
    raw score) in one order, each as ``(root index, item)``.

    Ties keep the roots' order, then each root's own order: the merge is deterministic,
    so the same rankings always give the same answer wherever they were computed.
    """
    scored: list[tuple[float, int, int, T]] = []
    for root, ranking in enumerate(rankings):
        for rank, (score, item) in enumerate(ranking, start=1):
            scored.append((_score(method, rank, score), root, rank, item))
    scored.sort(key=lambda entry: (-entry[0], entry[2], entry[1]))
    return [(root, item) for _, root, _, item in scored]
