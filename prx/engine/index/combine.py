"""Putting an index together: reused files (from the previous index) and freshly processed
ones, in walk order, and every structure over them (BM25 postings, embeddings, definitions,
import graph, trigram filters). Parts an update leaves unchanged stay as they were: on
disk (and hard-linked by the writer) or copied as bytes."""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import numpy as np

from prx.engine.corpus.corpus import ChunkRecord, Corpus, Definition, FileRecord, enrich
from prx.engine.graph.resolve import Imports, StoredEdge
from prx.engine.index.artifacts import IndexData
from prx.engine.index.assemble import Assembly, described_files, file_ranges
from prx.engine.index.postings import Postings

if TYPE_CHECKING:
    from collections.abc import Callable

    from numpy.typing import NDArray

    from prx.engine.corpus.bm25 import BM25Index
    from prx.engine.files.walk import WalkResult
    from prx.engine.index.assemble import Fresh
    from prx.engine.index.stamps import Stamp
    from prx.engine.index.units import FileUnit

__all__ = ["combine"]


def combine(
    root: str,
    walked: WalkResult,
    stamps: dict[str, Stamp],
    reuse: set[str],
    previous: IndexData | None,
    fresh: Fresh,
    embed: bool,
    timings: dict[str, float],
) -> Assembly:
    """Reused and fresh files in walk order, and every structure over them."""
    parts = _timed(timings, "combine", lambda: _Parts.combined(walked, reuse, previous, fresh))
    terms = _timed(timings, "bm25", lambda: _Terms.of(previous, fresh, parts))
    vectors = _timed(
        timings, "embed", lambda: _embeddings(previous, parts) if embed else (None, {})
    )
    graph = _timed(timings, "graph", lambda: _Graph.of(root, previous, fresh, parts))
    walked_names = {found.rel for found in walked.files}
    return Assembly(
        data=_index_data(root, walked, stamps, parts, terms, vectors, graph),
        changed=sorted(parts.changed),
        unchanged=len(reuse & set(parts.files)),
        removed=sorted(described_files(previous) - walked_names) if previous is not None else [],
        stages_ms=timings,
        same=_same_artifacts(previous, parts, terms),
    )


_Out = TypeVar("_Out")


def _timed(timings: dict[str, float], stage: str, work: Callable[[], _Out]) -> _Out:
    """``work()``, its milliseconds recorded as ``stage``."""
    started = time.perf_counter()
    out = work()
    timings[stage] = (time.perf_counter() - started) * 1000
    return out


class _Parts:
    """The files of the new index in walk order and what each brings: a reused file its
    parts of the previous index, a fresh one what its unit holds."""

    def __init__(self, previous: IndexData | None) -> None:
        self.chunks: list[ChunkRecord] = []
        self.files: dict[str, FileRecord] = {}
        self.notes: dict[str, str] = {}
        self.digests: dict[str, tuple[str, str, str]] = {}
        self.filters: dict[str, Any] = {}
        self.order: list[str] = []  # indexed files, walk order
        self.pairs: list[tuple[Any, Any, Any]] = []  # (documents, term ids, frequencies)
        self.lengths: list[Any] = []
        self.rows: list[tuple[int, Any]] = []  # (first new row, old range or fresh rows)
        self.moves: list[tuple[int, int, int]] = []  # reused: (old start, old end, new start)
        self.texts: list[bytes] = []
        self.text_lengths: list[Any] = []
        self.old_count = len(previous.corpus.chunks) if previous is not None else 0
        self.old_ranges = file_ranges(previous.corpus) if previous is not None else {}
        self.old_filters = _filters_by_name(previous) if previous is not None else {}
        # With the previous texts as bytes (an update), copy bytes instead of re-encoding.
        self.old_blob = previous.text_blob if previous is not None else None
        self.old_offsets = previous.text_offsets if previous is not None else None
        self.old_text_lengths = np.diff(self.old_offsets) if self.old_offsets is not None else None
        #: Parts left on disk, as the previous index holds them (see IndexData.unloaded).
        self.unloaded: set[str] = set()
        self.text_blob: bytes | None = None
        self.text_offsets: NDArray[np.int64] | None = None
        self.changed: list[str] = []
        self.same_files = False
        self.unchanged_parts: set[str] = set()
        self.definitions: list[Definition] = []

    @classmethod
    def combined(
        cls, walked: WalkResult, reuse: set[str], previous: IndexData | None, fresh: Fresh
    ) -> _Parts:
        """Every walked file that is indexed, reused or fresh, and what follows from them:
        the texts, the files that changed, the parts that did not, the definitions."""
        parts = cls(previous)
        for found in walked.files:
            rel = found.rel
            if rel in reuse and previous is not None:
                indexed = parts.add_reused(rel, previous)
            elif rel in fresh.units:
                indexed = parts.add_fresh(rel, *fresh.units[rel])
            else:
                indexed = False
            if indexed:
                parts.order.append(rel)
        parts.text_blob, parts.text_offsets = parts.text_table()
        parts.changed = [rel for rel in parts.order if rel in fresh.units]
        parts.compare(previous)
        if previous is not None and {"definitions"} <= previous.unloaded & parts.unchanged_parts:
            parts.unloaded.add("definitions")  # the same definitions: left on disk, linked
        else:
            parts.definitions = _definitions(parts.order, previous, fresh)
        return parts

    def add_reused(self, rel: str, previous: IndexData) -> bool:
        """A file unchanged since ``previous``, taken from it; False when it was skipped."""
        if rel in previous.notes:
            self.notes[rel] = previous.notes[rel]
        if rel not in previous.corpus.files:
            return False  # skipped last time, unchanged since
        first = len(self.chunks)
        self.files[rel] = previous.corpus.files[rel]
        start, end = self.old_ranges.get(rel, (0, 0))
        self.chunks.extend(previous.corpus.chunks[start:end])
        self.moves.append((start, end, first))
        self.lengths.append(previous.postings.lengths[start:end])
        self.rows.append((first, (start, end)))
        self.digests[rel] = previous.digests.get(rel, ("", "", ""))
        self.filters[rel] = self.old_filters.get(rel, b"")
        blob, offsets, lengths = self.old_blob, self.old_offsets, self.old_text_lengths
        if blob is not None and offsets is not None and lengths is not None:
            self.texts.append(blob[int(offsets[start]) : int(offsets[end])])
            self.text_lengths.append(lengths[start:end])
        return True

    def add_fresh(self, rel: str, unit: FileUnit, vectors: NDArray[np.float32] | None) -> bool:
        """A file processed now, from its unit; False when it is not indexed."""
        if unit.note is not None:
            self.notes[rel] = unit.note
        if unit.record is None:
            return False
        first = len(self.chunks)
        self.files[rel] = unit.record
        self.chunks.extend(unit.chunks)
        documents = np.repeat(np.arange(first, first + len(unit.chunks)), unit.spans)
        self.pairs.append((documents, unit.terms, unit.tfs))
        self.lengths.append(unit.lengths)
        self.rows.append((first, vectors if vectors is not None else len(unit.chunks)))
        self.digests[rel] = unit.digest
        self.filters[rel] = unit.bloom
        if self.old_blob is not None:
            encoded = [c.text.encode("utf-8") for c in unit.chunks]
            self.texts.append(b"".join(encoded))
            self.text_lengths.append(np.fromiter(map(len, encoded), np.int64, len(encoded)))
        return True

    def text_table(self) -> tuple[bytes | None, NDArray[np.int64] | None]:
        """The chunk texts end to end and their bounds, when the previous ones were bytes."""
        if self.old_blob is None:
            return None, None
        offsets = np.zeros(len(self.chunks) + 1, np.int64)
        np.cumsum(_concat(self.text_lengths, np.int64), out=offsets[1:])
        return b"".join(self.texts), offsets

    def compare(self, previous: IndexData | None) -> None:
        """Whether the same files are indexed, and which parts every changed file kept."""
        self.same_files = previous is not None and self.files.keys() == previous.corpus.files.keys()
        if self.same_files:
            self.unchanged_parts = _unchanged_parts(previous, self.digests, self.changed)
        from prx.engine.graph.configs import is_config

        if any(is_config(rel) for rel in self.changed):
            # tsconfig.json, package.json, go.mod ... steer resolution: resolve every file again
            self.same_files = False
            self.unchanged_parts.discard("graph")

    def renumbering(self) -> NDArray[np.int64]:
        """Old chunk number -> new one (-1: gone), for every reused file at once."""
        kept = np.full(self.old_count, -1, dtype=np.int64)
        if self.moves:
            spans = np.array(self.moves, dtype=np.int64)
            counts = spans[:, 1] - spans[:, 0]
            step = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(
                np.cumsum(counts) - counts, counts
            )
            kept[np.repeat(spans[:, 0], counts) + step] = np.repeat(spans[:, 2], counts) + step
        return kept


class _Terms(NamedTuple):
    """The vocabulary, postings and BM25 index of the new index."""

    vocabulary: list[str]
    postings: Postings
    bm25: BM25Index
    #: Whether the vocabulary is the previous index's, unchanged.
    same: bool

    @classmethod
    def of(cls, previous: IndexData | None, fresh: Fresh, parts: _Parts) -> _Terms:
        """The previous postings with reused chunks renumbered and fresh ones added, the
        terms no chunk uses any more dropped."""
        vocabulary = list(fresh.ids)
        base = previous.postings if previous is not None else Postings.empty(0)
        postings = base.update(
            len(vocabulary),
            parts.renumbering(),
            _concat([p[0] for p in parts.pairs], np.int64),
            _concat([p[1] for p in parts.pairs], np.int64),
            _concat([p[2] for p in parts.pairs], np.uint32),
            _concat(parts.lengths, np.int64),
        )
        compacted, vocabulary = postings.compact(vocabulary)
        same = previous is not None and compacted is postings and len(vocabulary) == fresh.base
        old = previous.bm25.vocabulary if same and previous else None
        return cls(vocabulary, compacted, compacted.bm25(vocabulary, old), same)


class _Graph(NamedTuple):
    """The import graph and the trigram filters of the new index."""

    imports: dict[str, Imports]
    edges: dict[str, list[StoredEdge]]
    bloom: NDArray[np.uint8]
    bloom_offsets: NDArray[np.int64]

    @classmethod
    def of(cls, root: str, previous: IndexData | None, fresh: Fresh, parts: _Parts) -> _Graph:
        """Raw imports and resolved edges (none when the previous graph stays on disk:
        ``parts.unloaded`` says so), and the files' filters end to end."""
        imports: dict[str, Imports] = {}
        edges: dict[str, list[StoredEdge]] = {}
        if previous is not None and {"graph"} <= previous.unloaded & parts.unchanged_parts:
            parts.unloaded.add("graph")  # same files, same imports: the same graph, on disk
        else:
            imports, edges = _graph(
                root, parts.order, parts.files, previous, fresh, parts.same_files
            )
        names = parts.order  # the indexed files in walk order, as the file table lists them
        sizes = np.array([len(parts.filters[name]) for name in names], dtype=np.int64)
        offsets = np.zeros(len(names) + 1, dtype=np.int64)
        np.cumsum(sizes, out=offsets[1:])
        bits = np.frombuffer(b"".join(bytes(parts.filters[name]) for name in names), np.uint8)
        return cls(imports, edges, bits, offsets)


def _index_data(
    root: str,
    walked: WalkResult,
    stamps: dict[str, Stamp],
    parts: _Parts,
    terms: _Terms,
    vectors: tuple[NDArray[np.float32] | None, dict[str, Any]],
    graph: _Graph,
) -> IndexData:
    """Everything the new index holds, in memory."""
    # A file that could not be read is not indexed as it is: no stamp vouches for it.
    stamps = {rel: s for rel, s in stamps.items() if parts.notes.get(rel) != "unreadable"}
    skipped: Counter[str] = Counter(walked.skipped)
    skipped.update(parts.notes.values())
    corpus = Corpus(
        root=root,
        chunks=parts.chunks,
        files=parts.files,
        definitions=parts.definitions,
        skipped=dict(sorted(skipped.items())),
    )
    texts = {"texts"} if parts.text_blob is not None else set()
    return IndexData(
        corpus=corpus,
        stamps=stamps,
        vocabulary=terms.vocabulary,
        postings=terms.postings,
        bm25=terms.bm25,
        embeddings=vectors[0],
        model=vectors[1],
        imports=graph.imports,
        edges=graph.edges,
        bloom=graph.bloom,
        bloom_offsets=graph.bloom_offsets,
        notes=parts.notes,
        digests=parts.digests,
        text_blob=parts.text_blob,
        text_offsets=parts.text_offsets,
        unloaded=frozenset(parts.unloaded | texts),
    )


def _same_artifacts(previous: IndexData | None, parts: _Parts, terms: _Terms) -> frozenset[str]:
    """The artifacts whose content is the previous index's (linked, not written again)."""
    same: set[str] = set()
    if previous is not None and parts.same_files:
        same = {_ARTIFACT[part] for part in parts.unchanged_parts}
        if all(
            bytes(parts.old_filters.get(rel, b"")) == parts.filters[rel] for rel in parts.changed
        ):
            same.add("bloom.tab")
        if terms.same:
            same.add("terms.tab")
    return frozenset(same)


#: Per-file digest parts and the artifact each one covers.
_ARTIFACT = {"chunks": "chunks.tab", "definitions": "defs.tab", "graph": "imports.json"}


def _unchanged_parts(
    previous: IndexData | None, digests: dict[str, tuple[str, str, str]], changed: list[str]
) -> set[str]:
    """Digest parts (chunk rows, definitions, imports) every changed file kept: with the
    same files, the artifacts they make up are what they were."""
    if previous is None:
        return set()
    out = set()
    for index, part in enumerate(_ARTIFACT):
        if all(
            previous.digests.get(rel, ("", "", ""))[index] == digests[rel][index] for rel in changed
        ):
            out.add(part)
    return out


def _definitions(order: list[str], previous: IndexData | None, fresh: Fresh) -> list[Definition]:
    """Every definition, file by file in walk order."""
    old: dict[str, list[Definition]] = {}
    if previous is not None:
        from prx.engine.index.artifacts import ensure_loaded

        ensure_loaded(previous, "definitions")
        for definition in previous.corpus.definitions:
            old.setdefault(definition.file, []).append(definition)
    out: list[Definition] = []
    for rel in order:
        unit = fresh.units.get(rel)
        out.extend(unit[0].definitions if unit is not None else old.get(rel, ()))
    return out


def _graph(
    root: str,
    order: list[str],
    files: dict[str, FileRecord],
    previous: IndexData | None,
    fresh: Fresh,
    same_files: bool,
) -> tuple[dict[str, Imports], dict[str, list[StoredEdge]]]:
    """Raw imports per file and the resolved edges (an unchanged file's edges are kept
    when the set of files and the configuration files resolution reads are the same:
    resolution depends on nothing else)."""
    from prx.engine.graph.resolve import Resolver

    if previous is not None:
        from prx.engine.index.artifacts import ensure_loaded

        ensure_loaded(previous, "graph")
    imports: dict[str, Imports] = {}
    for rel in order:
        unit = fresh.units.get(rel)
        if unit is not None:
            found = unit[0].imports
        else:
            found = previous.imports.get(rel, ()) if previous is not None else ()
        if found:
            imports[rel] = found
    if previous is not None and same_files:
        todo = {
            rel: found
            for rel, found in imports.items()
            if rel in fresh.units and found != previous.imports.get(rel)
        }
        edges = {
            rel: t
            for rel, t in previous.edges.items()
            if rel in files and rel not in todo and (rel not in fresh.units or rel in imports)
        }
    else:
        edges, todo = {}, imports
    if todo:
        resolver = Resolver({rel: record.language for rel, record in files.items()}, root)
        edges.update(resolver.edges(todo))
    return imports, dict(sorted(edges.items()))


def _concat(parts: list[Any], dtype: Any) -> NDArray[Any]:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype)


def _filters_by_name(previous: IndexData) -> dict[str, Any]:
    names = list(previous.corpus.files)  # walk order, as stored
    bounds = np.asarray(previous.bloom_offsets).tolist()
    if len(bounds) != len(names) + 1:
        return {}
    bits = previous.bloom
    return {name: bits[bounds[i] : bounds[i + 1]] for i, name in enumerate(names)}


def _embeddings(
    previous: IndexData | None, parts: _Parts
) -> tuple[NDArray[np.float32] | None, dict[str, Any]]:
    """Rows of reused chunks copied, fresh ones as the workers embedded them (or now)."""
    from prx.engine.corpus.embed import default_embedder

    chunks, rows = parts.chunks, parts.rows

    embedder = default_embedder()
    model = {"id": embedder.model_id, "hash": embedder.model_hash, "dim": embedder.dim}
    usable = (
        previous is not None
        and previous.embeddings is not None
        and previous.model.get("hash") == embedder.model_hash
    )
    # Column-major: a chunk's vector is a column of the (dim x chunks) matrix stored.
    out = np.zeros((len(chunks), embedder.dim), dtype=np.float32, order="F")
    todo: list[int] = []
    for first, source in rows:
        if isinstance(source, tuple):
            start, end = source
            if usable and previous is not None and previous.embeddings is not None:
                out[first : first + end - start] = previous.embeddings[start:end]
            else:
                todo.extend(range(first, first + end - start))
        elif isinstance(source, int):
            todo.extend(range(first, first + source))
        else:
            out[first : first + len(source)] = source
    if todo:
        texts = [enrich(_with_text(chunks, i, parts.text_blob, parts.text_offsets)) for i in todo]
        out[todo] = embedder.encode(texts)
    return out, model


def _with_text(
    chunks: list[ChunkRecord],
    index: int,
    text_blob: bytes | None,
    text_offsets: NDArray[np.int64] | None,
) -> ChunkRecord:
    """Chunk ``index`` with its text (reused records of an update carry theirs as bytes)."""
    chunk = chunks[index]
    if text_blob is None or text_offsets is None:
        return chunk
    start, end = int(text_offsets[index]), int(text_offsets[index + 1])
    return chunk._replace(text=text_blob[start:end].decode("utf-8"))
