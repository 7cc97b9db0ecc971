"""Putting an index together: reused files (from the previous index) and freshly processed
ones, in walk order, and every structure over them (BM25 postings, embeddings, definitions,
import graph, trigram filters). Parts an update leaves unchanged stay as they were: on
disk (and hard-linked by the writer) or copied as bytes."""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING, Any

import numpy as np

from prx.corpus.corpus import ChunkRecord, Corpus, Definition, FileRecord, enrich
from prx.graph.resolve import Imports, StoredEdge
from prx.index.artifacts import IndexData
from prx.index.assemble import Assembly, described_files, file_ranges
from prx.index.postings import Postings

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from prx.files.walk import WalkResult
    from prx.index.assemble import Fresh
    from prx.index.stamps import Stamp

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
    started = time.perf_counter()
    old_ranges = file_ranges(previous.corpus) if previous is not None else {}
    old_count = len(previous.corpus.chunks) if previous is not None else 0
    # With the previous texts as bytes (an update), copy bytes instead of re-encoding.
    old_blob = previous.text_blob if previous is not None else None
    old_offsets = previous.text_offsets if previous is not None else None
    kept = np.full(old_count, -1, dtype=np.int64)
    moves: list[tuple[int, int, int]] = []  # reused files: (old start, old end, new start)
    old_text_lengths = np.diff(old_offsets) if old_offsets is not None else None
    chunks: list[ChunkRecord] = []
    files: dict[str, FileRecord] = {}
    notes: dict[str, str] = {}
    digests: dict[str, tuple[str, str, str]] = {}
    filters: dict[str, Any] = {}
    order: list[str] = []  # indexed files, walk order
    pairs: list[tuple[Any, Any, Any]] = []  # (documents, term ids, frequencies)
    lengths: list[Any] = []
    rows: list[tuple[int, Any]] = []  # (first new row, old range or fresh rows)
    texts: list[bytes] = []
    text_lengths: list[Any] = []
    old_filters = _filters_by_name(previous) if previous is not None else {}
    for found in walked.files:
        rel = found.rel
        first = len(chunks)
        if rel in reuse and previous is not None:
            if rel in previous.notes:
                notes[rel] = previous.notes[rel]
            if rel not in previous.corpus.files:
                continue  # skipped last time, unchanged since
            files[rel] = previous.corpus.files[rel]
            start, end = old_ranges.get(rel, (0, 0))
            chunks.extend(previous.corpus.chunks[start:end])
            moves.append((start, end, first))
            lengths.append(previous.postings.lengths[start:end])
            rows.append((first, (start, end)))
            digests[rel] = previous.digests.get(rel, ("", "", ""))
            filters[rel] = old_filters.get(rel, b"")
            if old_blob is not None and old_offsets is not None and old_text_lengths is not None:
                texts.append(old_blob[int(old_offsets[start]) : int(old_offsets[end])])
                text_lengths.append(old_text_lengths[start:end])
        elif rel in fresh.units:
            unit, vectors = fresh.units[rel]
            if unit.note is not None:
                notes[rel] = unit.note
            if unit.record is None:
                continue
            files[rel] = unit.record
            chunks.extend(unit.chunks)
            documents = np.repeat(np.arange(first, first + len(unit.chunks)), unit.spans)
            pairs.append((documents, unit.terms, unit.tfs))
            lengths.append(unit.lengths)
            rows.append((first, vectors if vectors is not None else len(unit.chunks)))
            digests[rel] = unit.digest
            filters[rel] = unit.bloom
            if old_blob is not None:
                encoded = [c.text.encode("utf-8") for c in unit.chunks]
                texts.append(b"".join(encoded))
                text_lengths.append(np.fromiter(map(len, encoded), np.int64, len(encoded)))
        else:
            continue
        order.append(rel)
    if moves:  # old chunk number -> new one, for every reused file at once
        spans = np.array(moves, dtype=np.int64)
        counts = spans[:, 1] - spans[:, 0]
        step = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(
            np.cumsum(counts) - counts, counts
        )
        kept[np.repeat(spans[:, 0], counts) + step] = np.repeat(spans[:, 2], counts) + step
    text_blob, text_offsets = None, None
    if old_blob is not None:
        text_blob = b"".join(texts)
        text_offsets = np.zeros(len(chunks) + 1, np.int64)
        np.cumsum(_concat(text_lengths, np.int64), out=text_offsets[1:])
    same_files = previous is not None and files.keys() == previous.corpus.files.keys()
    changed = [rel for rel in order if rel in fresh.units]
    unchanged_parts = _unchanged_parts(previous, digests, changed) if same_files else set()
    from prx.graph.configs import is_config

    if any(is_config(rel) for rel in changed):
        # tsconfig.json, package.json, go.mod ... steer resolution: resolve every file again
        same_files = False
        unchanged_parts.discard("graph")
    unloaded: set[str] = set()
    if previous is not None and {"definitions"} <= previous.unloaded & unchanged_parts:
        definitions: list[Definition] = []
        unloaded.add("definitions")  # the same definitions: left on disk, linked
    else:
        definitions = _definitions(order, previous, fresh)
    timings["combine"] = (time.perf_counter() - started) * 1000

    started = time.perf_counter()
    vocabulary = list(fresh.ids)
    base = previous.postings if previous is not None else Postings.empty(0)
    postings = base.update(
        len(vocabulary),
        kept,
        _concat([p[0] for p in pairs], np.int64),
        _concat([p[1] for p in pairs], np.int64),
        _concat([p[2] for p in pairs], np.uint32),
        _concat(lengths, np.int64),
    )
    compacted, vocabulary = postings.compact(vocabulary)
    same_terms = previous is not None and compacted is postings and len(vocabulary) == fresh.base
    postings = compacted
    bm25 = postings.bm25(vocabulary, previous.bm25.vocabulary if same_terms and previous else None)
    timings["bm25"] = (time.perf_counter() - started) * 1000

    started = time.perf_counter()
    embeddings, model = (
        _embeddings(previous, chunks, rows, text_blob, text_offsets) if embed else (None, {})
    )
    timings["embed"] = (time.perf_counter() - started) * 1000

    started = time.perf_counter()
    imports: dict[str, Imports] = {}
    edges: dict[str, list[StoredEdge]] = {}
    if previous is not None and {"graph"} <= previous.unloaded & unchanged_parts:
        unloaded.add("graph")  # same files, same imports: the same graph, left on disk
    else:
        imports, edges = _graph(root, order, files, previous, fresh, same_files)
    names = order  # the indexed files in walk order, as the file table lists them
    sizes = np.array([len(filters[name]) for name in names], dtype=np.int64)
    bloom_offsets = np.zeros(len(names) + 1, dtype=np.int64)
    np.cumsum(sizes, out=bloom_offsets[1:])
    bloom = np.frombuffer(b"".join(bytes(filters[name]) for name in names), dtype=np.uint8)
    timings["graph"] = (time.perf_counter() - started) * 1000

    # A file that could not be read is not indexed as it is: no stamp vouches for it.
    stamps = {rel: s for rel, s in stamps.items() if notes.get(rel) != "unreadable"}
    skipped: Counter[str] = Counter(walked.skipped)
    skipped.update(notes.values())
    corpus = Corpus(
        root=root,
        chunks=chunks,
        files=files,
        definitions=definitions,
        skipped=dict(sorted(skipped.items())),
    )
    data = IndexData(
        corpus=corpus,
        stamps=stamps,
        vocabulary=vocabulary,
        postings=postings,
        bm25=bm25,
        embeddings=embeddings,
        model=model,
        imports=imports,
        edges=edges,
        bloom=bloom,
        bloom_offsets=bloom_offsets,
        notes=notes,
        digests=digests,
        text_blob=text_blob,
        text_offsets=text_offsets,
        unloaded=frozenset(unloaded | ({"texts"} if text_blob is not None else set())),
    )
    walked_names = {found.rel for found in walked.files}
    removed = sorted(described_files(previous) - walked_names) if previous is not None else []
    same: set[str] = set()
    if previous is not None and same_files:
        same = {_ARTIFACT[part] for part in unchanged_parts}
        if all(bytes(old_filters.get(rel, b"")) == filters[rel] for rel in changed):
            same.add("bloom.tab")
        if same_terms:
            same.add("terms.tab")
    return Assembly(
        data=data,
        changed=sorted(changed),
        unchanged=len(reuse & set(files)),
        removed=removed,
        stages_ms=timings,
        same=frozenset(same),
    )


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
        from prx.index.artifacts import ensure_loaded

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
    from prx.graph.resolve import Resolver

    if previous is not None:
        from prx.index.artifacts import ensure_loaded

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
    previous: IndexData | None,
    chunks: list[ChunkRecord],
    rows: list[tuple[int, Any]],
    text_blob: bytes | None,
    text_offsets: NDArray[np.int64] | None,
) -> tuple[NDArray[np.float32] | None, dict[str, Any]]:
    """Rows of reused chunks copied, fresh ones as the workers embedded them (or now)."""
    from prx.corpus.embed import default_embedder

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
        texts = [enrich(_with_text(chunks, i, text_blob, text_offsets)) for i in todo]
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
