"""``prx index`` when few files changed: publish a delta over the current tables.

The walk says which files changed (their stamps differ from the index's) and which are
gone. Files whose content is what the index holds are only stamped anew; the others are
read, parsed, counted, filtered and embedded now, and go into a new ``delta.tab`` with
what the previous delta held (see :mod:`prx.engine.index.delta`). Every big table is hard-linked
from the current index, the file table and the import graph are written anew (the graph
linked too when no import changed), and the directory is published as any build is. The
work is the changed files' plus a pass over the file table: not the tree's.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from prx.core.record import field, record
from prx.engine.files.text import read_regular
from prx.engine.index.reader import ARTIFACTS

if TYPE_CHECKING:
    from collections.abc import Callable

    from prx.engine.files.walk import WalkResult
    from prx.engine.index.delta import Delta, ReadFile
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.stamps import Stamp
    from prx.plugin.protocols import SourceContext

__all__ = ["DeltaPlan", "plan_delta", "write_delta_index"]

#: The tables a delta publish links from the current index as they are: all but those it
#: writes (the file table, the delta) and the graph (linked or written).
BASE_TABLES = tuple(sorted(ARTIFACTS - {"files.tab", "delta.tab", "imports.json", "importers.tab"}))


@record(frozen=False, eq=False)
class DeltaPlan:
    """What a delta publish writes."""

    #: The delta's files (the previous delta's still current, and the files read now).
    files: list[ReadFile]
    #: Base files the delta replaces or that are gone.
    dropped: set[str]
    stamps: dict[str, Stamp]
    notes: dict[str, str]
    #: The graph, when an import changed (None: the current one is linked).
    graph: tuple[dict[str, Any], dict[str, Any]] | None
    changed: list[str]
    removed: list[str]
    unchanged: int
    indexed: dict[str, str | None] = field(default_factory=dict)
    chunks: int = 0
    stages_ms: dict[str, float] = field(default_factory=dict)


def _current_records(reader: IndexReader, delta: Any) -> dict[str, Any]:
    """The record of every file the index holds now (base, minus dropped, plus delta)."""
    records: dict[str, Any] = dict(reader.files.records())
    if delta is not None:
        for rel in delta.dropped:
            records.pop(rel, None)
        records.update({rel: f.record for rel, f in delta.files.items()})
    return records


def plan_delta(
    ws: SourceContext,
    root: str,
    reader: IndexReader,
    walked: WalkResult,
    started_ns: int,
    clock: Callable[[], int],
) -> DeltaPlan | None:
    """The delta that brings ``reader``'s index to the tree ``walked``; None when the
    tables should be written anew (more files changed than a delta holds)."""
    from prx.core.hashing import content_hash
    from prx.engine.index.delta import delta_limit, read_delta, read_files
    from prx.engine.index.stamps import settle, stamp
    from prx.engine.index.stamps import stamps as stamps_of

    timings: dict[str, float] = {}
    started = time.perf_counter()
    files = reader.files
    indexed_stamps = files.stamps()
    base = set(files.indexed_paths)
    delta = read_delta(reader)
    records = _current_records(reader, delta)
    here = {found.rel for found in walked.files}
    gone = [rel for rel in files.paths if rel not in here]
    touched = [found for found in walked.files if indexed_stamps.get(found.rel) != stamp(found)]
    # A touch (new stamp, same bytes) is stamped anew, never read again.
    changed = []
    for found in touched:
        known = records.get(found.rel)
        if known is not None and known.size == found.size:
            try:
                if content_hash(read_regular(found.path)) == known.hash:
                    continue
            except OSError:
                pass
        changed.append(found.rel)
    timings["compare"] = (time.perf_counter() - started) * 1000
    kept = dict(delta.files) if delta is not None else {}
    dropped = set(delta.dropped) if delta is not None else set()
    for rel in (*changed, *gone):
        kept.pop(rel, None)
        if rel in base:
            dropped.add(rel)
    if len(kept) + len(changed) > delta_limit(len(base)):
        return None
    started = time.perf_counter()
    fresh = read_files(ws, root, changed, whole=True)
    timings["process"] = (time.perf_counter() - started) * 1000
    notes = {rel: note for rel, note in files.notes().items() if rel in here}
    for rel in changed:
        notes.pop(rel, None)
    for item in fresh:
        if item.note is not None:
            notes[item.rel] = item.note
        if item.record is not None:
            kept[item.rel] = item
    now = _current_records(reader, None)  # the files the index holds after the change
    for rel in dropped:
        now.pop(rel, None)
    now.update({rel: f.record for rel, f in kept.items()})
    started = time.perf_counter()
    graph = _graph(root, reader, delta, records, now, fresh, changed, gone, kept)
    timings["graph"] = (time.perf_counter() - started) * 1000
    stamps = stamps_of(walked.files, started_ns)
    racy = [found for found in walked.files if found.rel not in stamps]
    if racy:
        stamps.update(settle(racy, {rel: r.hash for rel, r in now.items()}, clock))
    # A file that could not be read is not indexed as it is: no stamp vouches for it.
    stamps = {rel: s for rel, s in stamps.items() if notes.get(rel) != "unreadable"}
    chunks = len(reader.chunks)
    starts = files.chunk_starts()
    slot = {rel: i for i, rel in enumerate(files.indexed_paths)}
    for rel in dropped:
        chunks -= starts[slot[rel] + 1] - starts[slot[rel]]
    chunks += sum(len(f.chunks) for f in kept.values())
    return DeltaPlan(
        files=list(kept.values()),
        dropped=dropped,
        stamps=stamps,
        notes=notes,
        graph=graph,
        changed=sorted(rel for rel in changed if rel in kept or rel in base),
        removed=sorted(rel for rel in gone if rel in records),
        unchanged=len(now) - len([rel for rel in changed if rel in kept]),
        indexed={rel: r.language for rel, r in now.items()},
        chunks=chunks,
        stages_ms=timings,
    )


def _graph(
    root: str,
    reader: IndexReader,
    delta: Delta | None,
    records: dict[str, Any],
    now: dict[str, Any],
    fresh: list[ReadFile],
    changed: list[str],
    gone: list[str],
    kept: dict[str, ReadFile],
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The import graph after the change (None when no file's imports changed and the
    same files resolve: the current graph stays, linked); ``records`` are the files the
    index holds before the change, ``now`` after it."""
    from prx.engine.graph.configs import is_config
    from prx.engine.graph.resolve import Resolver

    indexed_before = set(records)
    indexed_now = set(records) - set(gone) - {f.rel for f in fresh if f.record is None}
    indexed_now |= set(kept)
    new_imports = {f.rel: f.imports for f in fresh if f.record is not None}
    same_files = indexed_now == indexed_before
    configs = any(is_config(rel) for rel in changed)
    if same_files and not configs:
        # Each file's imports have a digest: when every changed file's is the same, the
        # graph is, and it is linked without being read.
        before = _import_digests(reader, delta)
        if all(before.get(f.rel) == f.digest[2] for f in fresh if f.record is not None):
            return None
    imports, edges = reader.graph()
    if same_files and all(imports.get(rel, ()) == found for rel, found in new_imports.items()):
        if not configs:
            return None
    for rel in (*changed, *gone):
        imports.pop(rel, None)
    imports.update({rel: found for rel, found in new_imports.items() if found})
    languages = {rel: r.language for rel, r in now.items()}
    if same_files and not configs:
        todo = {rel: imports[rel] for rel in new_imports if rel in imports}
        edges = {rel: t for rel, t in edges.items() if rel in languages and rel not in new_imports}
    else:  # files appeared or vanished, or a configuration changed: resolve every file
        todo = dict(imports)
        edges = {}
    if todo:
        edges.update(Resolver(languages, root).edges(todo))
    ordered = {rel: imports[rel] for rel in sorted(imports)}
    return ordered, dict(sorted(edges.items()))


def _import_digests(reader: IndexReader, delta: Delta | None) -> dict[str, str]:
    """The digest of each file's imports, as the index holds them (its delta's first)."""
    digests = {rel: parts[2] for rel, parts in reader.files.digests().items()}
    if delta is not None:
        digests.update({rel: f.digest[2] for rel, f in delta.files.items()})
    return digests


def write_delta_index(
    directory: str,
    reader: IndexReader,
    plan: DeltaPlan,
    walk: dict[str, Any],
    skipped: dict[str, int],
    extra: dict[str, Any],
) -> dict[str, Any]:
    """Write a delta index into ``directory`` (new and empty): the base tables linked from
    ``reader``'s, a new file table and delta, the graph written or linked; the manifest
    last."""
    from prx.engine.index.artifacts import _Writer
    from prx.engine.index.delta import write_delta
    from prx.engine.index.reader import FileTable
    from prx.engine.index.store import write_manifest

    source = reader.manifest["artifacts"]
    writer = _Writer(directory, time.time_ns())
    for name in BASE_TABLES:
        if name in source:
            _link_or_copy(os.path.join(reader.directory, name), os.path.join(directory, name))
            writer.records[name] = source[name]
    table = writer.described(plan.stamps, set(plan.indexed), plan.notes, walk)
    files_table = reader.table("files.tab")
    table.meta["languages"] = files_table.meta.get("languages", [])
    for name in FileTable.INDEXED:
        column = files_table.column(name)
        table.add(name, column.code, column.view())
    writer.close("files.tab", table)
    model = reader.manifest.get("model", {})
    dim = int(model.get("dim") or 0)
    delta = writer.table("delta.tab")
    write_delta(delta, plan.files, plan.dropped, dim)
    writer.close("delta.tab", delta)
    if plan.graph is None:
        for name in ("imports.json", "importers.tab"):
            if name in source:
                _link_or_copy(os.path.join(reader.directory, name), os.path.join(directory, name))
                writer.records[name] = source[name]
        edge_count = int(reader.manifest.get("edges", 0))
    else:
        imports, edges = plan.graph
        writer.graph(imports, edges)
        edge_count = sum(len(targets) for targets in edges.values())
    manifest = {
        **{k: v for k, v in reader.manifest.items() if k not in ("artifacts", "seal")},
        "generation": writer.generation,
        "counts": {
            "files": len(plan.indexed),
            "chunks": plan.chunks,
            "described": len(set(plan.stamps) | set(plan.indexed) | set(plan.notes)),
        },
        "skipped": skipped,
        "edges": edge_count,
        "delta": {"files": len(plan.files), "dropped": len(plan.dropped)},
        "artifacts": dict(sorted(writer.records.items())),
        **extra,
    }
    write_manifest(directory, manifest)
    return manifest


def _link_or_copy(source: str, target: str) -> None:
    """A hard link to an unchanged table (never modified: both indexes share it), or a
    copy where the filesystem has no hard links."""
    try:
        os.link(source, target)
    except OSError:
        import shutil

        shutil.copyfile(source, target)


def skipped_counts(walked: WalkResult, notes: dict[str, str]) -> dict[str, int]:
    """What a build counts as skipped: the walk's skips and every file's note."""
    counts: Counter[str] = Counter(walked.skipped)
    counts.update(notes.values())
    return dict(sorted(counts.items()))
