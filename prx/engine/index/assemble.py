"""Assembling index data from the current tree, reusing a previous index where files are
unchanged. ``prx index`` writes the result; a search over a stale index uses it in memory.

A file is reused when its stamp (size, mtime, ctime, inode: see :mod:`prx.engine.index.stamps`)
equals the indexed one, or, when it differs, when its content hash still does (a
``touch``). Everything about a reused file (chunks,
BM25 postings, embedding rows, definitions, imports, trigram filter) comes from the
previous index; the rest is processed now, in worker processes when there is enough of
it. The output is in walk order, exactly as a build from scratch would be.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np

from prx.core.hashing import content_hash
from prx.core.progress import check_cancelled, report
from prx.core.record import field, record, replace
from prx.engine.corpus.corpus import Corpus, split_by_language
from prx.engine.files.text import read_regular
from prx.engine.index.artifacts import LINKABLE, IndexData
from prx.engine.index.stamps import settle, stamp
from prx.engine.index.stamps import stamps as stamps_of
from prx.engine.index.units import Batch, FileUnit

if TYPE_CHECKING:
    from collections.abc import Callable

    from numpy.typing import NDArray

    from prx.engine.files.walk import WalkedFile, WalkResult
    from prx.plugin.protocols import SourceContext

__all__ = ["Assembly", "Fresh", "assemble", "described_files", "file_ranges"]


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
    if previous.stamps.get(found.rel) == stamp(found):
        return True  # indexed, or skipped (binary ...) as it still is
    old = previous.corpus.files.get(found.rel)
    if old is None or old.size != found.size:
        return False
    try:
        return content_hash(read_regular(found.path)) == old.hash
    except OSError:
        return False


def described_files(previous: IndexData) -> set[str]:
    """Every walked file ``previous`` describes: stamped, indexed or skipped with a note."""
    return set(previous.stamps) | set(previous.corpus.files) | set(previous.notes)


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
    ws: SourceContext,
    todo: list[WalkedFile],
    fresh: Fresh,
    embed: bool,
) -> None:
    from prx.engine.index import units
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

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
    ws: SourceContext,
    root: str,
    previous: IndexData | None,
    *,
    embed: bool = True,
    walked: WalkResult | None = None,
    started_ns: int | None = None,
    clock: Callable[[], int] | None = None,
) -> Assembly:
    """Index data for ``root`` now, reusing ``previous`` for unchanged files (progress:
    ``files`` done of those processed, through :func:`prx.core.progress.report`).

    For an index to be written, ``started_ns`` is when the build started and ``clock``
    reads the time, both by the filesystem's clock: files changed since the start get a
    stamp only if they can be vouched for at the end (:func:`prx.engine.index.stamps.settle`).
    """
    from prx.engine.files.walk import walk

    timings: dict[str, float] = {}
    started = time.perf_counter()
    if walked is None:
        walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    stamps = stamps_of(walked.files, started_ns)
    racy = [found for found in walked.files if found.rel not in stamps]
    reuse: set[str] = set()
    todo: list[WalkedFile] = []
    for found in walked.files:
        if _unchanged(found, previous):
            reuse.add(found.rel)
        else:
            todo.append(found)
    timings["walk"] = (time.perf_counter() - started) * 1000
    indexed = {rel: r.hash for rel, r in previous.corpus.files.items()} if previous else {}
    if previous is not None and not todo and reuse == described_files(previous):
        if racy and clock is not None:
            stamps.update(settle(racy, indexed, clock))
        # Nothing changed: the index as it is (its arrays stay memory-mapped); with new
        # stamps when some changed (a touch, a file no longer racy), the rest linked.
        restamped = stamps != previous.stamps
        return Assembly(
            data=replace(previous, stamps=stamps) if restamped else previous,
            changed=[],
            unchanged=len(reuse & set(previous.corpus.files)),
            removed=[],
            stages_ms=timings,
            same=LINKABLE if restamped else frozenset(),
        )

    started = time.perf_counter()
    fresh = Fresh(previous)
    if todo:
        _process(ws, todo, fresh, embed)
    timings["process"] = (time.perf_counter() - started) * 1000
    if racy and clock is not None:
        for found in todo:  # what is indexed of these now is what was just read
            indexed.pop(found.rel, None)
        for rel, (unit, _) in fresh.units.items():
            if unit.record is not None:
                indexed[rel] = unit.record.hash
        stamps.update(settle(racy, indexed, clock))
    from prx.engine.index.combine import combine

    return combine(root, walked, stamps, reuse, previous, fresh, embed, timings)
