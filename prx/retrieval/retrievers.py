"""The built-in retrievers: BM25 over chunks, dense embeddings, symbol definitions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from prx.plugin._search import Candidate, Query, Retriever

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from prx.retrieval.corpus import Corpus

__all__ = ["BM25Retriever", "DenseRetriever", "SymbolRetriever", "top_candidates"]


def top_candidates(
    corpus: Corpus, scores: NDArray[np.float32], k: int, source: str
) -> list[Candidate]:
    """The ``k`` best-scoring chunks with a positive score, best first (ties by chunk order)."""
    positive = np.flatnonzero(scores > 0)
    if positive.size == 0:
        return []
    if positive.size > k:
        # argpartition finds the k best in linear time; only those are sorted.
        part = positive[np.argpartition(-scores[positive], k - 1)[:k]]
    else:
        part = positive
    order = part[np.lexsort((part, -scores[part]))]
    out = []
    for index in order.tolist():
        chunk = corpus.chunks[index]
        out.append(
            Candidate(
                file=chunk.file,
                start_line=chunk.start_line,
                end_line=chunk.end_line,
                score=float(scores[index]),
                source=source,
                chunk=index,
            )
        )
    return out


class BM25Retriever(Retriever):
    """BM25 over chunks enriched with their path and symbol (identifier-aware tokens)."""

    NAME = "bm25"
    SUMMARY = "BM25 over syntax-aware chunks with camelCase/snake_case splitting"

    def build(self, corpus: Corpus) -> None:
        from prx.retrieval.bm25 import BM25Index

        self.corpus = corpus
        prebuilt = corpus.prebuilt.get("bm25")
        self.index = (
            prebuilt if prebuilt is not None else BM25Index.build(c.terms for c in corpus.chunks)
        )

    def search(self, query: Query, k: int) -> list[Candidate]:
        return top_candidates(self.corpus, self.index.scores(query.tokens), k, self.NAME)


class DenseRetriever(Retriever):
    """Cosine similarity of Model2Vec embeddings (the model ships inside prx)."""

    NAME = "dense"
    SUMMARY = "static embeddings (potion-base-8M), cosine similarity"

    def build(self, corpus: Corpus) -> None:
        from prx.retrieval.corpus import enrich
        from prx.retrieval.embed import default_embedder

        self.corpus = corpus
        self.embedder: Any = default_embedder()
        prebuilt = corpus.prebuilt.get("embeddings")
        if prebuilt is not None and prebuilt.shape == (len(corpus.chunks), self.embedder.dim):
            self.matrix: NDArray[np.float32] = prebuilt
            return
        texts = [enrich(c) for c in corpus.chunks]
        self.matrix = (
            self.embedder.encode(texts) if texts else np.zeros((0, self.embedder.dim), np.float32)
        )

    def search(self, query: Query, k: int) -> list[Candidate]:
        vector = self.embedder.encode([query.text])[0]
        if not np.any(vector):
            return []  # no known token: no semantic signal (the original ranked storage order)
        return top_candidates(self.corpus, self.matrix @ vector, k, self.NAME)


class SymbolRetriever(Retriever):
    """The chunks that define the identifier a symbol query names."""

    NAME = "symbols"
    SUMMARY = "definitions of the queried identifier (exact, then any case)"

    def build(self, corpus: Corpus) -> None:
        from prx.retrieval.symbols import SymbolIndex

        self.corpus = corpus
        self.index = SymbolIndex(corpus)
        self.by_file: dict[str, list[int]] = {}
        for position, chunk in enumerate(corpus.chunks):
            self.by_file.setdefault(chunk.file, []).append(position)

    def search(self, query: Query, k: int) -> list[Candidate]:
        if not query.symbol:
            return []
        definitions, how = self.index.lookup(query.symbol)
        score = 1.0 if how == "exact" else 0.8
        out: list[Candidate] = []
        seen: set[int] = set()
        for definition in sorted(definitions, key=lambda d: (d.file, d.start_line)):
            for position in self.by_file.get(definition.file, ()):
                chunk = self.corpus.chunks[position]
                if (
                    chunk.start_line <= definition.start_line <= chunk.end_line
                    and position not in seen
                ):
                    seen.add(position)
                    out.append(
                        Candidate(
                            file=chunk.file,
                            start_line=chunk.start_line,
                            end_line=chunk.end_line,
                            score=score,
                            source=self.NAME,
                            chunk=position,
                        )
                    )
        return out[:k]
