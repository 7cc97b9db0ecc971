"""The built-in retrievers: BM25 over chunks, dense embeddings, symbol definitions."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from prx.engine.corpus.corpus import as_corpus
from prx.plugin.search import Candidate, Query, Retriever

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from prx.engine.corpus.corpus import Corpus, Definition
    from prx.engine.retrieval.symbols import SymbolIndex
    from prx.plugin.corpus import CorpusView

__all__ = [
    "BM25Retriever",
    "ChunkRetriever",
    "DenseRetriever",
    "SymbolRetriever",
    "top_candidates",
    "top_chunks",
]

#: A ranking of chunks: their indices in the corpus, best first, and their scores.
Ranking = tuple[list[int], list[float]]


def top_chunks(scores: NDArray[np.float32], k: int) -> Ranking:
    """The ``k`` best-scoring chunks with a positive score, best first (ties by chunk order,
    also at the cut: of the chunks tied with the k-th, the first ones are kept)."""
    import numpy as np

    positive = scores > 0
    count = int(np.count_nonzero(positive))
    if k <= 0 or count == 0:
        return [], []
    if count <= k:
        part = np.flatnonzero(positive)
    else:
        # argpartition finds the k best in linear time; only those are sorted. Sparse
        # scores (BM25) are cut down to the positive ones first; dense ones need not be,
        # the k best being positive anyway.
        among = np.flatnonzero(positive) if 2 * count < scores.size else None
        values = scores if among is None else scores[among]
        chosen = np.argpartition(-values, k - 1)[:k]
        kth = values[chosen].min()
        if np.count_nonzero(values == kth) != np.count_nonzero(values[chosen] == kth):
            # argpartition chose among the chunks tied at the cut arbitrarily: take the first.
            above = np.flatnonzero(values > kth)
            chosen = np.concatenate((above, np.flatnonzero(values == kth)[: k - above.size]))
        part = chosen if among is None else among[chosen]
    order = part[np.lexsort((part, -scores[part]))]
    return order.tolist(), scores[order].tolist()


def top_candidates(
    corpus: Corpus, scores: NDArray[np.float32], k: int, source: str
) -> list[Candidate]:
    """:func:`top_chunks` as candidates."""
    return _candidates(corpus, top_chunks(scores, k), source)


def _candidates(corpus: Corpus, ranking: Ranking, source: str) -> list[Candidate]:
    chunks = corpus.chunks
    out = []
    for index, score in zip(*ranking, strict=True):
        chunk = chunks[index]
        out.append(
            Candidate(
                file=chunk.file,
                start_line=chunk.start_line,
                end_line=chunk.end_line,
                score=score,
                source=source,
                chunk=index,
            )
        )
    return out


#: Up to this many matrix cells, similarities are computed without BLAS (see below).
_SMALL_PRODUCT = 1 << 21


def similarities(columns: NDArray[np.float32], vector: NDArray[np.float32]) -> NDArray[np.float32]:
    """``vector @ columns``: the similarity of ``vector`` to each column (chunk) of the
    (dim x chunks) matrix. Stored that way, BLAS's gemv runs about 1.3-1.9 times faster
    than over (chunks x dim) rows (28,722 chunks: 0.95 against 1.2-1.8 ms). A small
    product (a few thousand chunks, ~0.2 ms) runs in einsum's single-threaded loop: waking
    OpenBLAS's threads for it costs more, and on a busy machine their spinning slowed the
    rest of the query several times over."""
    import numpy as np

    if columns.size <= _SMALL_PRODUCT:
        scores: NDArray[np.float32] = np.einsum("j,ji->i", vector, columns)
        return scores
    return vector @ columns


class ChunkRetriever(Retriever):
    """A retriever whose candidates are chunks of the corpus: the engine fuses its
    :meth:`rank` (chunk indices) directly, without building a candidate per hit."""

    corpus: Corpus

    @abstractmethod
    def rank(self, query: Query, k: int) -> Ranking:
        """Up to ``k`` chunks (indices, scores), best first."""

    def search(self, query: Query, k: int) -> list[Candidate]:
        return _candidates(self.corpus, self.rank(query, k), self.NAME)


class BM25Retriever(ChunkRetriever):
    """BM25 over chunks enriched with their path and symbol (identifier-aware tokens)."""

    NAME = "bm25"
    SUMMARY = "BM25 over syntax-aware chunks with camelCase/snake_case splitting"

    def build(self, view: CorpusView) -> None:
        corpus = as_corpus(view)
        self.corpus = corpus
        prebuilt = corpus.prebuilt.get("bm25")
        if prebuilt is None:  # a corpus made by hand: tokenise it now
            from prx.engine.corpus.bm25 import BM25Index
            from prx.engine.corpus.corpus import enrich
            from prx.engine.corpus.tokenize import tokenize

            prebuilt = BM25Index.build(tokenize(enrich(c)) for c in corpus.chunks)
        #: Postings and lengths (prx.engine.corpus.bm25.PostingSource): in memory, or an
        #: index's memory-mapped columns, read term by term.
        self.index: Any = prebuilt

    #: The weight of the other forms of a word query's words (``routed``: ``route``,
    #: ``router``; see :mod:`prx.engine.retrieval.morphology`) against the words as written.
    FORMS_WEIGHT = 0.6

    def rank(self, query: Query, k: int) -> Ranking:
        from prx.engine.corpus.bm25 import top_scores

        if query.symbol is None and self.FORMS_WEIGHT:
            from prx.engine.retrieval.morphology import holds_term, other_forms

            forms = other_forms(query.tokens, holds_term(self.index))
            if forms:
                weights = dict.fromkeys(forms, self.FORMS_WEIGHT)
                return top_scores(self.index, [*query.tokens, *forms], k, weights)
        return top_scores(self.index, query.tokens, k)


class DenseRetriever(ChunkRetriever):
    """Cosine similarity of Model2Vec embeddings (the model ships inside prx)."""

    NAME = "dense"
    SUMMARY = "static embeddings (potion-base-8M), cosine similarity"

    def build(self, view: CorpusView) -> None:
        self.corpus = as_corpus(view)
        # The model and the chunks' vectors are loaded by the first query that needs them:
        # a symbol or literal query never does.
        self._columns: NDArray[np.float32] | None = None
        self._scorer: Any = None

    @property
    def columns(self) -> NDArray[np.float32]:
        """The chunks' vectors as the columns of a (dim x chunks) matrix."""
        if self._columns is None:
            import numpy as np

            from prx.engine.corpus.corpus import enrich
            from prx.engine.corpus.embed import default_embedder

            corpus = self.corpus
            prebuilt = corpus.prebuilt.get("embeddings")
            if callable(prebuilt):  # an index's matrix, mapped when first needed
                prebuilt = prebuilt()
            dim = self.embedder.dim
            if prebuilt is None or prebuilt.shape != (len(corpus.chunks), dim):
                texts = [enrich(c) for c in corpus.chunks]
                prebuilt = (
                    default_embedder().encode(texts) if texts else np.zeros((0, dim), np.float32)
                )
            # (dim x chunks): a view, no copy, when the rows were stored as columns (an
            # index's memory-mapped matrix, a corpus's stacked vectors); the same layout
            # either way, so the scores are the same with and without an index.
            self._columns = np.ascontiguousarray(np.asarray(prebuilt).T)
        return self._columns

    @property
    def embedder(self) -> Any:
        """The query embedder (rows of the model read in place; see
        prx.engine.corpus.query_embed)."""
        from prx.engine.corpus.query_embed import query_embedder

        return query_embedder()

    def rank(self, query: Query, k: int) -> Ranking:
        vector = self.embedder.encode([query.text])[0]
        if not vector.any():
            return [], []  # no known token: no semantic signal (the original ranked storage order)
        return top_chunks(self.scores(vector), k)

    def scores(self, vector: NDArray[np.float32]) -> NDArray[np.float32]:
        """The similarity of every chunk to ``vector``: over an index's matrix in place
        when the corpus offers it, else over :attr:`columns`."""
        if self._scorer is None:
            offered = self.corpus.prebuilt.get("dense_scores")
            scorer = offered() if callable(offered) else None
            self._scorer = scorer or (lambda v: similarities(self.columns, v))
        return self._scorer(vector)  # type: ignore[no-any-return]


def _by_place(definition: Definition) -> tuple[str, int]:
    return definition.file, definition.start_line


class SymbolRetriever(ChunkRetriever):
    """The chunks that define the identifier a symbol query names."""

    NAME = "symbols"
    SUMMARY = "definitions of the queried identifier (exact, then any case)"
    #: The most canonical definitions first (else by place): a name defined hundreds of
    #: times is cut at ``k``, and the type it names must not be the part cut off.
    CANONICAL_FIRST = True
    #: For a qualified query (``Optimizer::Optimize``), the owner's definitions first.
    OWNER_FIRST = True

    def build(self, view: CorpusView) -> None:
        corpus = as_corpus(view)
        self.corpus = corpus
        # Built on the first symbol query: word queries (most of them) never need it, and
        # on a large index it is a tenth of a second of a fresh process's search.
        self._index: SymbolIndex | None = None

    @property
    def index(self) -> SymbolIndex:
        """Definitions by name."""
        if self._index is None:
            from prx.engine.retrieval.symbols import symbol_index

            self._index = symbol_index(self.corpus)
        return self._index

    def rank(self, query: Query, k: int) -> Ranking:
        if not query.symbol:
            return [], []
        from prx.engine.ranking.stages import definition_order
        from prx.engine.retrieval.query import symbol_owner
        from prx.engine.retrieval.symbols import owned_by

        definitions, how = self.index.lookup(query.symbol)
        score = 1.0 if how == "exact" else 0.8
        out: list[int] = []
        seen: set[int] = set()
        order = definition_order if self.CANONICAL_FIRST else _by_place
        ranked = sorted(definitions, key=order)
        named = symbol_owner(query.text) if self.OWNER_FIRST else None
        if named is not None:
            # ``Optimizer::Optimize``: the owner's definition first (its own name, the type
            # around it, its file), then the name's other definitions.
            owner, whole = named
            exact, found = self.index.lookup(whole)
            mine = [d for d in ranked if owned_by(self.corpus, d, owner)]
            listed = {id(d) for d in mine}
            own = sorted(exact, key=order) if found == "exact" else []
            ranked = [*own, *mine, *(d for d in ranked if id(d) not in listed)]
        for definition in ranked:
            for position in self.corpus.chunks_of(definition.file):
                chunk = self.corpus.chunks[position]
                if (
                    chunk.start_line <= definition.start_line <= chunk.end_line
                    and position not in seen
                ):
                    seen.add(position)
                    out.append(position)
        return out[:k], [score] * min(k, len(out))
