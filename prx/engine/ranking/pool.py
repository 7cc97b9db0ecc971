"""The candidates of a search as parallel lists, and the rescoring stage built on them.

A warm query spends most of its time in Python, and building a frozen ``Candidate`` per
chunk per stage cost more than the scoring itself. The built-in stages therefore rescore a
:class:`Pool` (chunk indices, files, lines and scores side by side, never moved) and the
engine builds candidates once, for the answer. Their public ``rerank`` runs the same code,
so both paths rank alike.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from prx.plugin.search import Candidate, Query, Reranker

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus
    from prx.plugin.corpus import CorpusView

__all__ = ["Pool", "ScoreStage"]


class Pool:
    """Candidates side by side: ``chunks[i]`` (or -1), ``files[i]``, ``starts[i]``,
    ``ends[i]``, ``sources[i]`` and ``scores[i]``; ``order`` lists the positions in the
    order the candidates are in, when it is known (None after a rescoring)."""

    __slots__ = ("_ties", "chunks", "ends", "files", "order", "scores", "sources", "starts")

    def __init__(
        self,
        chunks: list[int],
        files: list[str],
        starts: list[int],
        ends: list[int],
        scores: list[float],
        sources: list[str],
        order: list[int] | None = None,
    ) -> None:
        self.chunks = chunks
        self.files = files
        self.starts = starts
        self.ends = ends
        self.scores = scores
        self.sources = sources
        self.order = order
        #: Positions in file and line order (computed when first needed).
        self._ties: list[int] | None = None

    def __len__(self) -> int:
        return len(self.chunks)

    @classmethod
    def of_chunks(cls, corpus: Corpus, chunks: list[int], scores: list[float], source: str) -> Pool:
        """A pool of corpus chunks, in no particular order."""
        records = [corpus.chunks[i] for i in chunks]
        return cls(
            chunks,
            [r.file for r in records],
            [r.start_line for r in records],
            [r.end_line for r in records],
            scores,
            [source] * len(chunks),
        )

    @classmethod
    def of_candidates(cls, candidates: Sequence[Candidate]) -> Pool:
        """A pool of candidates, in the order given."""
        return cls(
            [c.chunk for c in candidates],
            [c.file for c in candidates],
            [c.start_line for c in candidates],
            [c.end_line for c in candidates],
            [c.score for c in candidates],
            [c.source for c in candidates],
            list(range(len(candidates))),
        )

    def ranked_order(self) -> list[int]:
        """Positions best first; ties by file, then first line (the order of every answer)."""
        if self._ties is None:
            files, starts = self.files, self.starts
            self._ties = sorted(range(len(files)), key=lambda i: (files[i], starts[i]))
        # A stable sort keeps the ties in file order.
        return sorted(self._ties, key=self.scores.__getitem__, reverse=True)

    def rescored(self, scores: list[float]) -> Pool:
        """The same candidates with new scores (their order unknown again)."""
        pool = Pool(self.chunks, self.files, self.starts, self.ends, scores, self.sources)
        pool._ties = self._ties
        return pool

    def candidates(self, limit: int | None = None) -> list[Candidate]:
        """The candidates in their order (ranked when not known), the first ``limit``."""
        order = self.order if self.order is not None else self.ranked_order()
        chunks, files, starts, ends = self.chunks, self.files, self.starts, self.ends
        scores, sources = self.scores, self.sources
        return [
            Candidate(
                file=files[i],
                start_line=starts[i],
                end_line=ends[i],
                score=scores[i],
                source=sources[i],
                chunk=chunks[i],
            )
            for i in order[:limit]
        ]


class ScoreStage(Reranker):
    """A rerank stage that only changes scores: :meth:`rescore` gives the new score of
    each candidate of a pool; ``rerank`` is that, in ranked order."""

    #: Whether :meth:`rescore` reads ``pool.order`` (sums and ties depend on it); the engine
    #: then puts the pool in ranked order first, as every stage's ``rerank`` leaves it.
    ORDERED: ClassVar[bool] = False

    @abstractmethod
    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        """The new score of each candidate of ``pool``, position by position (``pool.scores``
        itself when the stage changes nothing)."""

    def rerank(
        self, query: Query, candidates: list[Candidate], corpus: CorpusView
    ) -> list[Candidate]:
        if not candidates:
            return candidates
        from prx.engine.corpus.corpus import as_corpus

        pool = Pool.of_candidates(candidates)
        scores = self.rescore(query, pool, as_corpus(corpus))
        if scores is pool.scores:
            return candidates
        return pool.rescored(scores).candidates()
