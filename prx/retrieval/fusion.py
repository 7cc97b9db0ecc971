"""Reciprocal-rank fusion of several retrievers' rankings, weighted by query type."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from prx.plugin._search import Candidate

if TYPE_CHECKING:
    from prx.retrieval.corpus import Corpus

__all__ = ["RRF_K", "fuse", "weights_for"]

#: The RRF constant: rank r contributes 1 / (RRF_K + r).
RRF_K = 60

# Weight of each retriever per mode. Symbol queries lean on definitions and BM25; word
# queries balance BM25 and embeddings. Retrievers not listed (plugins) weigh 0.5.
_WEIGHTS: dict[str, dict[str, float]] = {
    "symbol": {"bm25": 1.0, "dense": 0.25, "symbols": 1.5},
    "hybrid": {"bm25": 1.0, "dense": 0.8, "symbols": 0.5},
}


def weights_for(
    mode: str, names: Sequence[str], overrides: Mapping[str, float] | None = None
) -> dict[str, float]:
    """The weight of each retriever for ``mode``."""
    table = _WEIGHTS.get(mode, _WEIGHTS["hybrid"])
    weights = {name: table.get(name, 0.5) for name in names}
    weights.update(overrides or {})
    return weights


def fuse(
    corpus: Corpus,
    rankings: Mapping[str, Sequence[Candidate]],
    weights: Mapping[str, float],
    limit: int | None = None,
) -> list[Candidate]:
    """One list (its best ``limit``): each chunk scores the weighted sum of
    1/(RRF_K + rank) over the rankings."""
    scores: dict[int, float] = {}
    for name, ranking in rankings.items():
        weight = weights.get(name, 0.5)
        for rank, candidate in enumerate(ranking, start=1):
            index = (
                candidate.chunk
                if candidate.chunk >= 0
                else corpus.chunk_at(candidate.file, candidate.start_line)
            )
            if index < 0:
                continue  # names no chunk of this corpus: it cannot be shown
            scores[index] = scores.get(index, 0.0) + weight / (RRF_K + rank)
    best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]
    fused = []
    for index, score in best:
        chunk = corpus.chunks[index]
        fused.append(
            Candidate(
                file=chunk.file,
                start_line=chunk.start_line,
                end_line=chunk.end_line,
                score=score,
                source="fused",
                chunk=index,
            )
        )
    return sorted(fused, key=lambda c: (-c.score, c.file, c.start_line))
