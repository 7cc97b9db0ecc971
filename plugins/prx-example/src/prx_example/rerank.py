"""A rerank stage: among equal scores, shorter paths first."""

from __future__ import annotations

from prx.plugin import Candidate, CorpusView, Query, Reranker


class ShortPathFirst(Reranker):
    """Reorders only: the same candidates, best score first, then the shorter path."""

    NAME = "short-path-first"

    def rerank(
        self, query: Query, candidates: list[Candidate], corpus: CorpusView
    ) -> list[Candidate]:
        return sorted(candidates, key=lambda c: (-c.score, len(c.file), c.file))
