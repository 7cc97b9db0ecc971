"""One corpus over several roots' corpora, so that one ranking covers them all.

A search over several roots could rank each root alone and merge the rankings, but each
root's scores are relative to that root alone, and it costs one whole search per root.
The union corpus puts the roots' chunks side by side, each root's indexes read in place
(nothing is copied or rebuilt), so the retrievers and rerank stages run once over every
root's chunks: BM25 with statistics over all of them, one similarity of the query to every
chunk, one pool of candidates reranked together, as one index over the trees placed side
by side would rank them.

A file of part ``i`` is keyed ``i//PATH`` (:func:`union_key`): a slash before the path,
so that every rule anchored on a folder boundary (``(^|/)tests/``) reads it as in its
own root, and nothing of the root's own directory name (which may be ``docs`` or ``tests``)
in it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.corpus.bm25 import score_terms
from prx.engine.corpus.corpus import Corpus
from prx.engine.retrieval.indexed import ChunksRead, DefinitionsRead
from prx.plugin.corpus import ChunkRecord, Definition, FileRecord

if TYPE_CHECKING:
    from prx.engine.retrieval.engine import Engine

__all__ = ["UnionCorpus", "part_of", "union_corpus", "union_key"]

#: Terms whose presence a union remembers, and terms whose postings it keeps.
_MEMO_TERMS = 1 << 16
_KEPT_POSTINGS = 64


def union_key(part: int, path: str) -> str:
    """The union corpus's name of part ``part``'s file ``path``."""
    return f"{part}//{path}"


def part_of(key: str) -> tuple[int, str]:
    """The part and the path within it of a union corpus's file key; ``ValueError`` for
    a string no union made (a plugin's candidate may name any file)."""
    part, separator, path = key.partition("//")
    if not separator or not part.isdigit():
        raise ValueError(f"not a file of a union corpus: {key!r}")
    return int(part), path


class _Parts:
    """The parts' corpora and where each part's chunks start in the union's numbering."""

    def __init__(self, corpora: Sequence[Corpus]) -> None:
        self.corpora = list(corpora)
        self.starts: list[int] = []
        total = 0
        for corpus in self.corpora:
            self.starts.append(total)
            total += len(corpus.chunks)
        self.total = total

    def owner(self, key: str) -> tuple[int, str] | None:
        """:func:`part_of` of ``key`` when a part of this union holds it, else None."""
        try:
            part, path = part_of(key)
        except ValueError:
            return None
        return (part, path) if part < len(self.corpora) else None

    def locate(self, index: int) -> tuple[int, int]:
        """The part holding union chunk ``index``, and its number in that part."""
        if not 0 <= index < self.total:
            raise IndexError(index)
        part = bisect_right(self.starts, index) - 1
        return part, index - self.starts[part]


class UnionChunks(ChunksRead):
    """The parts' chunks one after the other, their files keyed by part."""

    def __init__(self, parts: _Parts) -> None:
        self._parts = parts
        self._cache: dict[int, ChunkRecord] = {}

    def __len__(self) -> int:
        return self._parts.total

    def _read(self, index: int) -> ChunkRecord:
        part, local = self._parts.locate(index)
        record = self._parts.corpora[part].chunks[local]
        return record._replace(file=union_key(part, record.file))

    def file_range(self, key: str) -> range:
        owner = self._parts.owner(key)
        if owner is None:
            return range(0)
        part, path = owner
        found = self._parts.corpora[part].chunks_of(path)
        shift = self._parts.starts[part]
        return range(found.start + shift, found.stop + shift)

    def lines(self, index: int) -> tuple[int, int]:
        part, local = self._parts.locate(index)
        return self._parts.corpora[part].chunk_lines(local)


class UnionFiles(Mapping[str, FileRecord]):
    """The parts' file records, keyed by part."""

    def __init__(self, parts: _Parts) -> None:
        self._parts = parts

    def __getitem__(self, key: str) -> FileRecord:
        owner = self._parts.owner(key)
        if owner is None:
            raise KeyError(key)
        part, path = owner
        return self._parts.corpora[part].files[path]._replace(path=key)

    def __contains__(self, key: object) -> bool:
        owner = self._parts.owner(key) if isinstance(key, str) else None
        return owner is not None and owner[1] in self._parts.corpora[owner[0]].files

    def __iter__(self) -> Iterator[str]:
        for part, corpus in enumerate(self._parts.corpora):
            for path in corpus.files:
                yield union_key(part, path)

    def __len__(self) -> int:
        return sum(len(corpus.files) for corpus in self._parts.corpora)


def _keyed(part: int, definitions: Sequence[Definition]) -> list[Definition]:
    return [d._replace(file=union_key(part, d.file)) for d in definitions]


class UnionDefinitions(DefinitionsRead):
    """The parts' definitions: by file and by name without reading the others."""

    def __init__(self, parts: _Parts) -> None:
        self._parts = parts
        self._all: list[Definition] | None = None

    def in_file(self, key: str) -> list[Definition]:
        owner = self._parts.owner(key)
        if owner is None:
            return []
        part, path = owner
        return _keyed(part, self._parts.corpora[part].definitions_in(path))

    def starting_in(self, key: str, low: int, high: int) -> list[Definition]:
        owner = self._parts.owner(key)
        if owner is None:
            return []
        part, path = owner
        definitions = self._parts.corpora[part].definitions
        starting_in = getattr(definitions, "starting_in", None)
        if starting_in is not None:
            return _keyed(part, starting_in(path, low, high))
        return [d for d in self.in_file(key) if low <= d.start_line <= high]

    def lookup(self, name: str) -> tuple[list[Definition], str]:
        """Definitions of ``name`` in every part: the exact ones when a part has one, else
        those in another case (as one index's lookup answers)."""
        from prx.engine.retrieval.symbols import symbol_index

        found: dict[str, list[Definition]] = {"exact": [], "case": []}
        for part, corpus in enumerate(self._parts.corpora):
            definitions, how = symbol_index(corpus).lookup(name)
            if how in found:
                found[how] += _keyed(part, definitions)
        for how in ("exact", "case"):
            if found[how]:
                return found[how], how
        return [], "none"

    def _everything(self) -> list[Definition]:
        if self._all is None:
            self._all = [
                definition
                for part, corpus in enumerate(self._parts.corpora)
                for definition in _keyed(part, list(corpus.definitions))
            ]
        return self._all


def _within(docs: Any, tfs: Any, size: int) -> tuple[Any, Any]:
    """A part's postings (documents ascending) without any document past its chunks: a
    damaged or crafted index must not number another part's chunk."""
    if len(docs) and (docs[-1] >= size or docs[0] < 0):
        kept = [i for i, doc in enumerate(docs) if 0 <= doc < size]
        if hasattr(docs, "dtype"):
            return docs[kept], tfs[kept]
        return [docs[i] for i in kept], [tfs[i] for i in kept]
    return docs, tfs


class UnionPostings:
    """BM25 postings over every part's chunks: a term's documents are each part's,
    renumbered; the document count and total length are the sums, so a term's weight is
    what one index over all the parts would give it."""

    def __init__(self, parts: _Parts, sources: Sequence[Any | None]) -> None:
        from prx.engine.retrieval.morphology import holds_term

        self._starts = parts.starts
        self._sources = list(sources)
        self._holds = [holds_term(s) for s in self._sources if s is not None]
        self.doc_count = parts.total
        self.total_length = sum(int(s.total_length) for s in self._sources if s is not None)
        #: Terms looked up (a query's words' other forms are tried again and again), and
        #: the last terms' postings (the retrievers and the stages read the same words).
        self._held: dict[str, bool] = {}
        self._lists: dict[str, tuple[list[int], list[int]] | None] = {}

    def __contains__(self, term: object) -> bool:
        if not isinstance(term, str):
            return False
        found = self._held.get(term)
        if found is None:
            if len(self._held) >= _MEMO_TERMS:
                self._held.clear()
            found = self._held[term] = any(holds(term) for holds in self._holds)
        return found

    def term_postings(self, term: str) -> tuple[list[int], list[int]] | None:
        if term in self._lists:
            return self._lists[term]
        docs: list[int] = []
        tfs: list[int] = []
        for part, (start, source) in enumerate(zip(self._starts, self._sources, strict=True)):
            found = source.term_postings(term) if source is not None else None
            if found is not None:
                own, counts = _within(found[0], found[1], self._size(part))
                docs.extend([doc + start for doc in own] if start else own)
                tfs.extend(counts)
        answer = (docs, tfs) if docs else None
        if len(self._lists) >= _KEPT_POSTINGS:
            self._lists.pop(next(iter(self._lists)))
        self._lists[term] = answer
        return answer

    def _size(self, part: int) -> int:
        """How many chunks part ``part`` has."""
        end = self._starts[part + 1] if part + 1 < len(self._starts) else self.doc_count
        return end - self._starts[part]

    def _slices(self, docs: Sequence[int]) -> Iterator[tuple[int, int, int]]:
        """(part, first, end) of each part's run of the ascending ``docs``."""
        from bisect import bisect_left

        low = 0
        for part in range(len(self._starts)):
            end = self._starts[part + 1] if part + 1 < len(self._starts) else self.doc_count
            high = bisect_left(docs, end, low)
            if high > low:
                yield part, low, high
            low = high

    def lengths_of(self, docs: list[int]) -> list[int]:
        out: list[int] = []
        for part, low, high in self._slices(docs):
            start, source = self._starts[part], self._sources[part]
            assert source is not None  # noqa: S101  (its documents came from its postings)
            out.extend(source.lengths_of([doc - start for doc in docs[low:high]]))
        return out

    def term_arrays(self, term: str) -> tuple[Any, Any] | None:
        found = self.term_arrays_with_lengths(term)
        return None if found is None else (found[0], found[1])

    def term_arrays_with_lengths(self, term: str) -> tuple[Any, Any, Any] | None:
        """:meth:`term_arrays` and the documents' lengths, each part's read together (the
        documents need not be split by part again)."""
        import numpy as np

        docs: list[Any] = []
        tfs: list[Any] = []
        lengths: list[Any] = []
        for part, (start, source) in enumerate(zip(self._starts, self._sources, strict=True)):
            if source is None:
                continue
            arrays = hasattr(source, "term_arrays")
            found = source.term_arrays(term) if arrays else source.term_postings(term)
            if found is None:
                continue
            own, counts = _within(
                np.asarray(found[0], dtype=np.int64),
                np.asarray(found[1], dtype=np.int64),
                self._size(part),
            )
            docs.append(own + start)
            tfs.append(counts)
            lengths.append(
                source.lengths_array(own) if arrays else np.asarray(source.lengths_of(own.tolist()))
            )
        if not docs:
            return None
        if len(docs) == 1:
            return docs[0], tfs[0], lengths[0]
        return np.concatenate(docs), np.concatenate(tfs), np.concatenate(lengths)

    def lengths_array(self, docs: Any) -> Any:
        import numpy as np

        out = np.zeros(len(docs), np.int64)
        # Documents ascending: each part's are one run of them.
        bounds = np.searchsorted(docs, [*self._starts, self.doc_count]).tolist()
        for part, start in enumerate(self._starts):
            low, high = bounds[part], bounds[part + 1]
            if low == high:
                continue
            local = docs[low:high] - start
            source = self._sources[part]
            assert source is not None  # noqa: S101  (its documents came from its postings)
            if hasattr(source, "lengths_array"):
                out[low:high] = source.lengths_array(local)
            else:
                out[low:high] = source.lengths_of(local.tolist())
        return out

    def scores(self, query_tokens: Any, weights: Any = None) -> dict[int, float]:
        return score_terms(self, query_tokens, weights=weights)


def _dense_scores(engines: Sequence[Engine], starts: Sequence[int], total: int) -> Any:
    """``vector -> similarity of every union chunk``: each part's dense retriever scores
    its own chunks (its index's matrix in place); a part without one scores 0."""

    def scores(vector: Any) -> Any:
        import numpy as np

        out = np.zeros(total, np.float32)
        for engine, start in zip(engines, starts, strict=True):
            dense = engine.retrievers.get("dense")
            if dense is not None and len(engine.corpus.chunks):
                part = dense.scores(vector)  # type: ignore[attr-defined]
                out[start : start + len(part)] = part
        return out

    return scores


def _embeddings(corpora: Sequence[Corpus]) -> Any:
    """The parts' chunk vectors as one (chunks x dim) matrix, for a plugin's retriever
    that wants it; None unless every part has its index's."""
    import numpy as np

    rows = []
    for corpus in corpora:
        found = corpus.prebuilt.get("embeddings")
        found = found() if callable(found) else found
        if found is None:
            return None
        rows.append(np.asarray(found))
    return np.concatenate(rows) if rows else None


def _importer_counts(corpora: Sequence[Corpus]) -> dict[str, int]:
    from prx.engine.ranking.importers import importer_counts

    return {
        union_key(part, path): count
        for part, corpus in enumerate(corpora)
        for path, count in importer_counts(corpus).items()
    }


class UnionCorpus(Corpus):
    """A :class:`Corpus` whose chunks' definitions and import share are its parts' own
    (answered, and cached, by the part's corpus, which a search of that root alone
    shares); files, lines and definitions by file come through its sequences, as an
    index's do."""

    parts: _Parts | None = None

    def chunk_definitions(self, chunk: int) -> list[Definition]:
        known: dict[int, list[Definition]] = self._memo.setdefault(("chunk-defs", ""), {})
        found = known.get(chunk)
        if found is None:
            assert self.parts is not None  # noqa: S101
            part, local = self.parts.locate(chunk)
            own = self.parts.corpora[part].chunk_definitions(local)
            found = known[chunk] = _keyed(part, own)
        return found

    def mostly_imports(self, chunk: int) -> bool:
        assert self.parts is not None  # noqa: S101
        part, local = self.parts.locate(chunk)
        return self.parts.corpora[part].mostly_imports(local)


def union_corpus(engines: Sequence[Engine]) -> Corpus:
    """One corpus over the corpora of ``engines`` (each a root's), in their order: the
    chunks, files and definitions of part ``i`` keyed ``i//PATH``, BM25 and similarity
    over all of them, read from the parts' own structures."""
    corpora = [engine.corpus for engine in engines]
    parts = _Parts(corpora)
    skipped: dict[str, int] = {}
    for corpus in corpora:
        for reason, count in corpus.skipped.items():
            skipped[reason] = skipped.get(reason, 0) + count
    union = UnionCorpus(
        root="",
        chunks=UnionChunks(parts),  # type: ignore[arg-type]
        files=UnionFiles(parts),  # type: ignore[arg-type]
        definitions=UnionDefinitions(parts),  # type: ignore[arg-type]
        skipped=skipped,
    )
    postings = [getattr(engine.retrievers.get("bm25"), "index", None) for engine in engines]
    union.prebuilt = {
        "bm25": UnionPostings(parts, postings),
        "dense_scores": lambda: _dense_scores(engines, parts.starts, parts.total),
        "embeddings": lambda: _embeddings(corpora),
        "importer_counts": lambda: _importer_counts(corpora),
    }
    union.parts = parts
    union.origin = "+".join(dict.fromkeys(corpus.origin for corpus in corpora))
    return union
