"""Assembling index data from the current tree, reusing a previous index where files are
unchanged. ``prx index`` writes the result; a search over a stale index uses it in memory.

A file is reused when its size and mtime equal the indexed ones, or, when they differ,
when its content hash still does (a ``touch``). Everything about a reused file (chunks,
BM25 postings, embedding rows, definitions, imports, trigram filter) comes from the
previous index; the rest is processed now, in worker processes when there is enough of
it. The output is in walk order, exactly as a build from scratch would be.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np

from prx._record import field, record
from prx.hashing import content_hash
from prx.index.artifacts import IndexData
from prx.index.units import Batch, FileUnit
from prx.progress import check_cancelled, report
from prx.retrieval.corpus import Corpus, split_by_language

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from prx.files.walk import WalkedFile, WalkResult
    from prx.workspace import Workspace

__all__ = ["Assembly", "Fresh", "assemble", "file_ranges"]


@record(frozen=False, eq=False)
class Assembly:
    """Index data for the tree as it is now, and what changed since ``previous``."""

    data: IndexData
    changed: list[str]
    unchanged: int
    removed: list[str]
    stages_ms: dict[str, float] = field(default_factory=dict)
    #: Artifacts whose content is the previous index's (linked, not written again).
    same: frozenset[str] = frozenset()


def file_ranges(corpus: Corpus) -> dict[str, tuple[int, int]]:
    ranges: dict[str, tuple[int, int]] = {}
    for index, chunk in enumerate(corpus.chunks):
        first, _ = ranges.get(chunk.file, (index, index))
        ranges[chunk.file] = (first, index + 1)
    return ranges


def _unchanged(found: WalkedFile, previous: IndexData | None) -> bool:
    if previous is None:
        return False
    if previous.stamps.get(found.rel) == (found.size, found.mtime_ns):
        return True  # indexed, or skipped (binary ...) as it still is
    old = previous.corpus.files.get(found.rel)
    if old is None or old.size != found.size:
        return False
    try:
        with open(found.path, "rb") as fh:
            return content_hash(fh.read()) == old.hash
    except OSError:
        return False


class Fresh:
    """Processed files, folded in batch by batch: term ids mapped onto one vocabulary."""

    def __init__(self, previous: IndexData | None) -> None:
        self.ids: dict[str, int] = dict(previous.bm25.vocabulary) if previous is not None else {}
        self.base = len(self.ids)
        self.units: dict[str, tuple[FileUnit, NDArray[np.float32] | None]] = {}

    def add(self, batch: Batch) -> None:
        ids = self.ids
        mapping = np.array(
            [ids.setdefault(term, len(ids)) for term in batch.vocabulary], dtype=np.int64
        )
        row = 0
        for unit in batch.units:
            count = len(unit.chunks)
            rows = batch.embeddings[row : row + count] if batch.embeddings is not None else None
            row += count
            terms = mapping[unit.terms] if unit.terms.size else unit.terms
            self.units[unit.rel] = (unit._replace(terms=terms), rows)


def _process(
    ws: Workspace,
    todo: list[WalkedFile],
    fresh: Fresh,
    embed: bool,
) -> None:
    from prx.index import units
    from prx.lang.catalog import BUILTIN_LANGUAGES

    local, remote = split_by_language(ws, todo)
    workers = units.worker_count()
    size = sum(found.size for found in todo)
    offset = 0

    def tick(done: int) -> None:
        report("files", offset + done, len(todo))
        check_cancelled()

    check_cancelled()
    if workers > 1 and size > units.PARALLEL_BYTES and len(remote) > workers:
        units.warm_up(embed)  # loaded once, shared by the forked workers
        for batch in units.process_parallel(remote, embed, workers, tick):
            fresh.add(batch)
        offset = len(remote)
    else:
        specs = {spec.name: spec for spec in BUILTIN_LANGUAGES}
        local.extend((path, rel, specs[name] if name else None) for path, rel, name in remote)
    if local:
        fresh.add(units.process(local, embed, tick))


def assemble(
    ws: Workspace,
    root: str,
    previous: IndexData | None,
    *,
    embed: bool = True,
    walked: WalkResult | None = None,
) -> Assembly:
    """Index data for ``root`` now, reusing ``previous`` for unchanged files (progress:
    ``files`` done of those processed, through :func:`prx.progress.report`)."""
    from prx.files.walk import walk

    timings: dict[str, float] = {}
    started = time.perf_counter()
    if walked is None:
        walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    stamps = {found.rel: (found.size, found.mtime_ns) for found in walked.files}
    reuse: set[str] = set()
    todo: list[WalkedFile] = []
    for found in walked.files:
        if _unchanged(found, previous):
            reuse.add(found.rel)
        else:
            todo.append(found)
    timings["walk"] = (time.perf_counter() - started) * 1000
    if previous is not None and not todo and reuse == set(previous.stamps):
        # Nothing changed: the index as it is (its arrays stay memory-mapped).
        return Assembly(
            data=previous,
            changed=[],
            unchanged=len(reuse & set(previous.corpus.files)),
            removed=[],
            stages_ms=timings,
        )

    started = time.perf_counter()
    fresh = Fresh(previous)
    if todo:
        _process(ws, todo, fresh, embed)
    timings["process"] = (time.perf_counter() - started) * 1000
    from prx.index.combine import combine

    return combine(root, walked, stamps, reuse, previous, fresh, embed, timings)
