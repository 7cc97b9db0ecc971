"""Assembling index data from the current tree, reusing a previous index where files are
unchanged. ``prx index`` writes the result; a search over a stale index uses it in memory.

A file is reused when its size and mtime equal the indexed ones, or, when they differ,
when its content hash still does (a ``touch``). Everything about a reused file (chunks,
terms, embedding rows, definitions) comes from the previous index; the rest is built now.
The output is in walk order, exactly as a build from scratch would be.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from prx.hashing import content_hash
from prx.index.artifacts import IndexData
from prx.retrieval.bm25 import BM25Index
from prx.retrieval.corpus import ChunkRecord, Corpus, Definition, build_corpus, enrich

if TYPE_CHECKING:
    from prx.files.walk import WalkResult
    from prx.workspace import Workspace

__all__ = ["Assembly", "assemble"]


@dataclass(slots=True)
class Assembly:
    """Index data for the tree as it is now, and what changed since ``previous``."""

    data: IndexData
    changed: list[str]
    unchanged: int
    removed: list[str]
    stages_ms: dict[str, float] = field(default_factory=dict)


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_size, stat.st_mtime_ns


def _file_ranges(corpus: Corpus) -> dict[str, tuple[int, int]]:
    ranges: dict[str, tuple[int, int]] = {}
    for index, chunk in enumerate(corpus.chunks):
        first, _ = ranges.get(chunk.file, (index, index))
        ranges[chunk.file] = (first, index + 1)
    return ranges


def assemble(
    ws: Workspace,
    root: str,
    previous: IndexData | None,
    *,
    embed: bool = True,
    progress: Callable[[str, int, int], None] | None = None,
    walked: WalkResult | None = None,
) -> Assembly:
    """Index data for ``root`` now, reusing ``previous`` for unchanged files (``walked``:
    the walk of ``root``, same options, when the caller has one already)."""
    from prx.files.walk import walk

    timings: dict[str, float] = {}
    started = time.perf_counter()
    if walked is None:
        walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    stamps: dict[str, tuple[int, int]] = {}
    reuse: set[str] = set()
    build: set[str] = set()
    for found in walked.files:
        stamp = _stamp(str(found.path))
        if stamp is None:
            continue
        stamps[found.rel] = stamp
        if previous is not None and previous.stamps.get(found.rel) == stamp:
            reuse.add(found.rel)  # indexed, or skipped (binary ...) as it still is
            continue
        old = previous.corpus.files.get(found.rel) if previous else None
        if previous is not None and old is not None:
            try:
                with open(found.path, "rb") as fh:
                    if content_hash(fh.read()) == old.hash:
                        reuse.add(found.rel)
                        continue
            except OSError:
                pass
        build.add(found.rel)
    timings["walk"] = (time.perf_counter() - started) * 1000
    if previous is not None and not build and reuse == set(previous.stamps):
        # Nothing changed: the index as it is (its arrays stay memory-mapped).
        return Assembly(
            data=previous,
            changed=[],
            unchanged=len(reuse & set(previous.corpus.files)),
            removed=[],
            stages_ms=timings,
        )

    started = time.perf_counter()
    fresh = (
        build_corpus(ws, root, only=build, embed=embed, walked=walked)
        if build
        else Corpus(root=root)
    )
    timings["chunk"] = (time.perf_counter() - started) * 1000

    started = time.perf_counter()
    vocabulary: list[str] = list(previous.vocabulary) if previous else []
    ids: dict[str, int] = {term: i for i, term in enumerate(vocabulary)}
    old_ranges = _file_ranges(previous.corpus) if previous else {}
    new_ranges = _file_ranges(fresh)
    old_defs: dict[str, list[Definition]] = {}
    if previous is not None:
        for definition in previous.corpus.definitions:
            old_defs.setdefault(definition.file, []).append(definition)
    chunks: list[ChunkRecord] = []
    term_parts: list[Any] = []
    rows: list[tuple[bool, int]] = []  # (from previous?, row)
    definitions: list[Definition] = []
    files = {}
    for found in walked.files:
        rel = found.rel
        if rel in reuse and previous is not None:
            if rel not in previous.corpus.files:
                continue  # skipped last time, unchanged since
            files[rel] = previous.corpus.files[rel]
            first, end = old_ranges.get(rel, (0, 0))
            for index in range(first, end):
                chunks.append(previous.corpus.chunks[index])
                term_parts.append(
                    previous.terms[previous.term_offsets[index] : previous.term_offsets[index + 1]]
                )
                rows.append((True, index))
            definitions.extend(old_defs.get(rel, ()))
        elif rel in fresh.files:
            files[rel] = fresh.files[rel]
            first, end = new_ranges.get(rel, (0, 0))
            for index in range(first, end):
                chunk = fresh.chunks[index]
                term_parts.append(
                    np.fromiter((ids.setdefault(t, len(ids)) for t in chunk.terms), dtype=np.uint32)
                )
                chunks.append(chunk._replace(terms=()))
                rows.append((False, index))
            definitions.extend(fresh.definitions_in(rel))
    vocabulary.extend(list(ids)[len(vocabulary) :])
    lengths = [len(part) for part in term_parts]
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    terms = np.concatenate(term_parts).astype(np.uint32) if term_parts else np.zeros(0, np.uint32)
    bm25 = BM25Index.from_term_ids(vocabulary, terms, offsets)
    timings["bm25"] = (time.perf_counter() - started) * 1000

    started = time.perf_counter()
    embeddings = None
    model: dict[str, Any] = {}
    if embed:
        from prx.retrieval.embed import default_embedder

        embedder = default_embedder()
        model = {"id": embedder.model_id, "hash": embedder.model_hash, "dim": embedder.dim}
        usable = (
            previous is not None
            and previous.embeddings is not None
            and previous.model.get("hash") == embedder.model_hash
        )
        todo = [i for i, (old, _) in enumerate(rows) if not old or not usable]
        embeddings = np.zeros((len(rows), embedder.dim), dtype=np.float32)
        if usable and previous is not None and previous.embeddings is not None:
            kept = [(i, row) for i, (old, row) in enumerate(rows) if old]
            if kept:
                embeddings[[i for i, _ in kept]] = previous.embeddings[[row for _, row in kept]]
        made = fresh.prebuilt.get("embeddings")
        if todo and made is not None and all(not old for old, _ in (rows[i] for i in todo)):
            embeddings[todo] = made[[rows[i][1] for i in todo]]  # embedded by the workers
        elif todo:
            texts = [enrich(chunks[i]) for i in todo]
            embeddings[todo] = embedder.encode(texts)
        if progress is not None:
            progress("embed", len(todo), len(rows))
    timings["embed"] = (time.perf_counter() - started) * 1000

    skipped = dict(walked.skipped)
    for reason, count in fresh.skipped.items():
        if reason not in walked.skipped:
            skipped[reason] = count
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
        terms=terms,
        term_offsets=offsets,
        bm25=bm25,
        embeddings=embeddings,
        model=model,
    )
    removed = sorted(set(previous.stamps) - set(stamps)) if previous else []
    return Assembly(
        data=data,
        changed=sorted(build & set(files)),
        unchanged=len(reuse & set(files)),
        removed=removed,
        stages_ms=timings,
    )
