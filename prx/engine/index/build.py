"""``prx index``: build or update the index of a root, safely."""

from __future__ import annotations

import os
import time
from collections import Counter
from typing import TYPE_CHECKING, Any, TypeVar

from prx.core.errors import IndexCorruptedError, NotFoundError
from prx.core.progress import check_cancelled
from prx.core.record import replace
from prx.core.results.index import IndexResult

if TYPE_CHECKING:
    from collections.abc import Callable

    from prx.engine.files.walk import WalkResult
    from prx.engine.index.artifacts import IndexData
    from prx.engine.index.assemble import Assembly
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.update import DeltaPlan
    from prx.plugin.protocols import IndexContext

__all__ = ["build_index", "load_current"]


def load_current(
    ws: IndexContext,
    root: str,
    *,
    lazy: bool = False,
    graph: bool = True,
    manifests: dict[str, Any] | None = None,
) -> tuple[IndexData | None, str | None]:
    """The current index of ``root`` (verified), or None with the reason it was refused.
    ``lazy`` and ``graph``: see :func:`prx.engine.index.artifacts.load_index`; ``manifests``: the
    manifests already read, by index directory (the writer, which holds the lock)."""
    from prx.engine.index.artifacts import load_index
    from prx.engine.index.languages import check_language_set, language_set
    from prx.engine.index.store import current_dir, read_manifest

    problem = None
    expected = language_set(ws)
    for _ in range(5):
        directory = current_dir(root)
        if directory is None:
            return None, problem
        try:
            manifest = (manifests or {}).get(directory) or read_manifest(directory)
            check_language_set(manifest, expected, directory)
            return load_index(directory, root, manifest, lazy=lazy, graph=graph), None
        except IndexCorruptedError as err:
            problem = err.message
            if current_dir(root) == directory:
                return None, problem
            # A writer published meanwhile and removed what we were reading: follow it.
    return None, problem


def _preload_embedder() -> None:
    """Load the embedding model on a thread while the previous index is read: an update
    needs it for its changed chunks, and part of loading it runs without the GIL."""
    import threading

    def load() -> None:
        try:
            from prx.engine.corpus.embed import default_embedder

            default_embedder()
        except Exception:  # the build itself reports a model that does not load
            pass

    threading.Thread(target=load, name="prx-model-preload", daemon=True).start()


def _same_walk(before: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether two walk records (prx.engine.index.freshness.walk_record) agree, as stored."""
    import json

    def stored(record: dict[str, Any]) -> str:
        directories = {k: list(v) for k, v in sorted(record.get("directories", {}).items())}
        rest = {k: v for k, v in record.items() if k != "directories"}
        return json.dumps([directories, rest], sort_keys=True)

    return stored(before) == stored(now)


def _unchanged_index(
    root: str,
    walked: WalkResult,
    manifests: dict[str, Any],
    languages: dict[str, Any],
    seen: dict[str, Any],
) -> IndexResult | None:
    """An ``up_to_date`` answer from the manifest alone (every artifact verified), when
    each walked file has its indexed stamp and the languages are the same; None when
    anything differs. The manifest read is kept in ``manifests`` for the update that
    follows."""
    from prx.engine.index.languages import check_language_set
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.stamps import stamp
    from prx.engine.index.store import current_dir, read_manifest

    directory = current_dir(root)
    if directory is None:
        return None
    try:
        manifest = manifests.get(directory) or read_manifest(directory)
        manifests[directory] = manifest
        reader = IndexReader(directory, manifest)
        stamps = reader.files.stamps()
        if len(stamps) != len(walked.files) or any(
            stamps.get(f.rel) != stamp(f) for f in walked.files
        ):
            return None
        if not _same_walk(reader.files.walk(), seen):
            return None
        check_language_set(manifest, languages, directory)
        reader.verify_all()
        from prx.engine.index.filters import check_parameters

        check_parameters(manifest, directory)
        indexed = reader.files.records()
    except IndexCorruptedError:
        return None
    languages = Counter(record.language for record in indexed.values() if record.language)
    return IndexResult(
        path=root,
        status="up_to_date",
        files_indexed=len(indexed),
        chunks=int(manifest.get("counts", {}).get("chunks", 0)),
        files_unchanged=len(indexed),
        languages=dict(sorted(languages.items())),
        skipped=dict(manifest.get("skipped", {})),
        size_bytes=_size(directory),
        index_dir=directory,
        model=manifest.get("model", {}).get("id"),
    )


def _quick_walk(ws: IndexContext, root: str, manifests: dict[str, Any]) -> WalkResult | None:
    from prx.engine.index.freshness import quick_walk
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.store import current_dir, read_manifest

    directory = current_dir(root)
    if directory is None:
        return None
    try:
        manifest = manifests[directory] = read_manifest(directory)
        reader = IndexReader(directory, manifest)
        return quick_walk(root, reader, ws.config.max_file_size)
    except IndexCorruptedError:
        return None


def _size(directory: str) -> int:
    return sum(os.path.getsize(os.path.join(directory, name)) for name in os.listdir(directory))


def _stats(ws: IndexContext, root: str, path: str) -> IndexResult:
    """``prx index --stats``: present (its manifest and tables open and check), missing or
    corrupted, without reading the index whole."""
    from prx.engine.index.delta import DeltaView
    from prx.engine.index.languages import check_language_set, language_set
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.store import current_dir, read_manifest

    directory = current_dir(root)
    if directory is None:
        return IndexResult(path=path, status="missing", index_dir=None)
    try:
        manifest = read_manifest(directory)
        check_language_set(manifest, language_set(ws), directory)
        reader = IndexReader(directory, manifest)
        indexed, count = DeltaView(reader).counts(reader)
    except IndexCorruptedError:
        return IndexResult(path=path, status="corrupted", index_dir=directory)
    return IndexResult(
        path=path,
        status="present",
        files_indexed=indexed,
        chunks=count,
        index_dir=directory,
        size_bytes=_size(directory),
        model=manifest.get("model", {}).get("id"),
    )


def verify_index(ws: IndexContext, path: str = ".") -> IndexResult:
    """``prx index --verify``: every block of every artifact checked against the manifest;
    ``verified``, or :class:`IndexCorruptedError` naming what does not match."""
    from prx.engine.index.delta import DeltaView
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.store import check_state, current_dir, read_manifest

    root = ws.resolve(path)
    if not os.path.isdir(root):
        raise NotFoundError(f"directory not found: {path}", suggestion="Index a directory.")
    check_state(root)
    started = time.perf_counter()
    directory = current_dir(root)
    if directory is None:
        from prx.core.errors import IndexMissingError

        raise IndexMissingError(f"no index at {path}")
    manifest = read_manifest(directory)
    reader = IndexReader(directory, manifest)
    reader.verify_all()
    indexed, chunks = DeltaView(reader).counts(reader)
    return IndexResult(
        path=path,
        status="verified",
        files_indexed=indexed,
        chunks=chunks,
        index_dir=directory,
        size_bytes=_size(directory),
        model=manifest.get("model", {}).get("id"),
        duration_ms=int((time.perf_counter() - started) * 1000),
    )


def build_index(
    ws: IndexContext,
    path: str = ".",
    *,
    rebuild: bool = False,
    stats_only: bool = False,
    memory: dict[str, Any] | None = None,
) -> IndexResult:
    """Build (or update) the index of ``path``; see :meth:`Workspace.index`.

    ``memory`` lets a long-lived caller (``--watch``) keep the index it last wrote in
    memory: the next update starts from it instead of loading it again, as long as no
    other writer has published since.
    """
    # The writer (and numpy) load first, while few objects are alive: imported after the
    # walk, numpy's import pays ~10 ms more of garbage collection over the walk's objects.
    import prx.engine.index.artifacts  # noqa: F401
    import prx.engine.index.assemble  # noqa: F401
    from prx.engine.index.store import check_state

    root = ws.resolve(path)
    if not os.path.isdir(root):
        raise NotFoundError(f"directory not found: {path}", suggestion="Index a directory.")
    check_state(root)  # a .prx that is a link is refused, never followed
    started = time.perf_counter()
    if stats_only:
        return _stats(ws, root, path)
    from prx.engine.index import lock

    with lock.writer_lock(root, timeout=ws.config.index_lock_timeout):
        run = _Run(ws, root, path, started, rebuild)
        if not rebuild:
            kept = run.without_rewrite()
            if kept is not None:
                return kept
        return run.rewrite(memory, rebuild)


class _Run:
    """One ``prx index`` under the writer lock: the tree it walked, when it started, and
    its steps: keep the index as it is, publish a delta over it, or write it anew."""

    def __init__(
        self, ws: IndexContext, root: str, path: str, started: float, rebuild: bool
    ) -> None:
        from prx.engine.index import lock
        from prx.engine.index.languages import language_set

        self.ws, self.root, self.path, self.started = ws, root, path, started
        # Files changed since get a stamp only if vouched for at the end (prx.engine.index.stamps).
        self.started_ns = lock.filesystem_now(root)
        self.walk_started = time.perf_counter()
        #: The manifests read on the way, by index directory (read once under the lock).
        self.manifests: dict[str, Any] = {}
        self.walked = self._walk(rebuild)
        from prx.engine.index.freshness import walk_record

        self.seen = walk_record(root, self.walked, self.started_ns, ws.config.max_file_size)
        self.walk_ms = (time.perf_counter() - self.walk_started) * 1000
        self.languages = language_set(ws)

    def _walk(self, rebuild: bool) -> WalkResult:
        # Unless a directory's names changed, the index's record and a stat of each file
        # say what a walk would find (prx.engine.index.freshness.quick_walk).
        walked = None if rebuild else _quick_walk(self.ws, self.root, self.manifests)
        if walked is None:
            from prx.engine.files.walk import walk

            max_size = self.ws.config.max_file_size
            walked = walk(self.root, max_file_size=max_size, skip_binary=False, directories=True)
        return walked

    def clock(self) -> int:
        """Now, by the filesystem's clock (what file stamps are compared with)."""
        from prx.engine.index import lock

        return lock.filesystem_now(self.root)

    def elapsed_ms(self) -> int:
        return int((time.perf_counter() - self.started) * 1000)

    def without_rewrite(self) -> IndexResult | None:
        """The index as it is when every file is unchanged, else a delta published over its
        tables; None when the tables must be written anew."""
        found = _unchanged_index(self.root, self.walked, self.manifests, self.languages, self.seen)
        if found is not None:
            return replace(
                found,
                path=self.path,
                duration_ms=self.elapsed_ms(),
                stages_ms={
                    "walk": int(self.walk_ms),
                    "check": int((time.perf_counter() - self.walk_started) * 1000 - self.walk_ms),
                },
            )
        update = _delta_update(self)
        if update is None:
            return None
        stages = {"walk": int(self.walk_ms), **update.stages_ms}
        return replace(update, duration_ms=self.elapsed_ms(), stages_ms=stages)

    def rewrite(self, memory: dict[str, Any] | None, rebuild: bool) -> IndexResult:
        """Assemble the index anew, reusing the previous one's unchanged files, and publish
        it unless nothing at all changed."""
        from prx.engine.index.artifacts import LINKABLE
        from prx.engine.index.languages import require_languages

        previous, problem, load_ms = self._previous(memory, rebuild)
        assembly = self._assemble(previous, load_ms)
        data, counted = assembly.data, _counted(self.path, assembly)
        unchanged = _same_content(previous, assembly)
        same_stamps = unchanged and previous is not None and data.stamps == previous.stamps
        same_walk = previous is not None and _same_walk(previous.walk, self.seen)
        data.walk = self.seen
        if same_stamps and same_walk:
            return self._as_it_is(counted, assembly)
        # Same content with new stamps (a touch, a file no longer racy) is published too:
        # the artifacts are linked, and the next run need not read those files again.
        require_languages(self.languages, self.root)
        # Only the walk's record changed: every other part is linked.
        same = LINKABLE if same_stamps else assembly.same
        build_dir, manifest = self._write(data, previous, problem, same, assembly.stages_ms)
        if memory is not None:
            data.directory, data.artifacts = build_dir, dict(manifest["artifacts"])
            memory["data"], memory["language_set"] = data, self.languages
        status = "built" if previous is None else "up_to_date" if unchanged else "updated"
        return replace(
            counted,
            status=status,
            duration_ms=self.elapsed_ms(),
            stages_ms={k: int(v) for k, v in assembly.stages_ms.items()},
            size_bytes=_size(build_dir),
            index_dir=build_dir,
        )

    def _previous(
        self, memory: dict[str, Any] | None, rebuild: bool
    ) -> tuple[IndexData | None, str | None, float]:
        """The index to update (the one ``memory`` kept, while no other writer published
        since, else the current one read from disk; none for a rebuild), why a present
        index was refused, and the ms it took. The model loads meanwhile."""
        from prx.engine.index.store import current_dir

        started = time.perf_counter()
        _preload_embedder()
        kept = memory.get("data") if memory is not None and not rebuild else None
        if (
            kept is not None
            and kept.directory == current_dir(self.root)
            and memory is not None
            and memory.get("language_set") == self.languages
        ):
            previous, problem = kept, None
        elif rebuild:
            previous, problem = None, None
        else:
            previous, problem = load_current(
                self.ws, self.root, lazy=True, manifests=self.manifests
            )
        return previous, problem, (time.perf_counter() - started) * 1000

    def _assemble(self, previous: IndexData | None, load_ms: float) -> Assembly:
        """The index of the tree now, reusing ``previous`` for unchanged files, with the
        timings of every step so far."""
        from prx.engine.index.assemble import assemble

        assembly = assemble(
            self.ws,
            self.root,
            previous,
            walked=self.walked,
            started_ns=self.started_ns,
            clock=self.clock,
        )
        assembly.stages_ms = {
            "walk": self.walk_ms,
            "load": load_ms,
            **{("compare" if k == "walk" else k): v for k, v in assembly.stages_ms.items()},
        }
        return assembly

    def _as_it_is(self, counted: IndexResult, assembly: Assembly) -> IndexResult:
        """Nothing changed, not even a stamp or the walk: the published index stays."""
        from prx.engine.index.store import current_dir

        directory = current_dir(self.root)
        return replace(
            counted,
            status="up_to_date",
            duration_ms=self.elapsed_ms(),
            stages_ms={k: int(v) for k, v in assembly.stages_ms.items()},
            size_bytes=_size(directory) if directory else 0,
            index_dir=directory,
        )

    def _write(
        self,
        data: IndexData,
        previous: IndexData | None,
        problem: str | None,
        same: frozenset[str],
        stages_ms: dict[str, float],
    ) -> tuple[str, dict[str, Any]]:
        """Write every table of ``data`` (linking those ``same`` as ``previous``'s) and
        publish them: the new index directory and its manifest."""
        from prx.engine.index.artifacts import write_index

        def write(build_dir: str) -> dict[str, Any]:
            from prx._version import __version__

            extra = {
                "prx": __version__,
                "created": int(time.time()),
                "refused_previous": problem,
                "language_set": self.languages,
            }
            return write_index(build_dir, data, extra, source=previous, same=same)

        return _publish(self.root, write, stages_ms)


def _counted(path: str, assembly: Assembly) -> IndexResult:
    """What an assembled index holds (its status, timings and place are the caller's)."""
    data = assembly.data
    languages = Counter(r.language for r in data.corpus.files.values() if r.language)
    return IndexResult(
        path=path,
        status="built",
        files_indexed=len(data.corpus.files),
        chunks=len(data.corpus.chunks),
        files_changed=len(assembly.changed),
        files_unchanged=assembly.unchanged,
        files_removed=len(assembly.removed),
        languages=dict(sorted(languages.items())),
        skipped=data.corpus.skipped,
        model=data.model.get("id"),
    )


def _same_content(previous: IndexData | None, assembly: Assembly) -> bool:
    """Whether the assembled index holds what ``previous`` held: no file changed or
    removed, the same files indexed, the same notes."""
    data = assembly.data
    return (
        previous is not None
        and not assembly.changed
        and not assembly.removed
        and data.corpus.files.keys() == previous.corpus.files.keys()
        and data.notes == previous.notes
    )


_Written = TypeVar("_Written")


def _publish(
    root: str, write: Callable[[str], _Written], stages_ms: dict[str, float]
) -> tuple[str, _Written]:
    """Write a new index into a fresh build directory with ``write`` (timed as the
    ``write`` stage) and publish it; a failure or a cancel before then removes it."""
    from prx.engine.index.store import discard, new_build_dir, publish

    build_dir = new_build_dir(root)
    try:
        started = time.perf_counter()
        written = write(build_dir)
        stages_ms["write"] = (time.perf_counter() - started) * 1000
        check_cancelled()  # the last moment a cancel leaves the published index alone
        publish(root, build_dir)
    except BaseException:
        discard(build_dir)
        raise
    return build_dir, written


def _delta_update(run: _Run) -> IndexResult | None:
    """Publish the changes as a delta over the current tables (prx.engine.index.update); None
    when the tables should be written anew (no usable index, another model or language
    set, or more changed files than a delta holds)."""
    from prx.engine.index.update import skipped_counts, write_delta_index

    planned = _delta_plan(run)
    if planned is None:
        return None
    reader, manifest, plan = planned
    skipped = skipped_counts(run.walked, plan.notes)

    def write(build_dir: str) -> None:
        from prx._version import __version__

        extra = {"prx": __version__, "created": int(time.time()), "language_set": run.languages}
        write_delta_index(build_dir, reader, plan, run.seen, skipped, extra)

    build_dir, _ = _publish(run.root, write, plan.stages_ms)
    counts = Counter(language for language in plan.indexed.values() if language)
    return IndexResult(
        path=run.path,
        status="updated" if plan.changed or plan.removed else "up_to_date",
        files_indexed=len(plan.indexed),
        chunks=plan.chunks,
        files_changed=len(plan.changed),
        files_unchanged=plan.unchanged,
        files_removed=len(plan.removed),
        languages=dict(sorted(counts.items())),
        skipped=skipped,
        stages_ms={k: int(v) for k, v in plan.stages_ms.items()},
        size_bytes=_size(build_dir),
        index_dir=build_dir,
        model=manifest.get("model", {}).get("id"),
    )


def _delta_plan(run: _Run) -> tuple[IndexReader, dict[str, Any], DeltaPlan] | None:
    """The current index's reader and manifest, and the delta that brings it to the tree;
    None when no delta can: no index, a corrupt one, another model or language set, or
    more changed files than a delta holds."""
    from prx.engine.corpus.packaged_model import PACKAGED_MODEL_SHA256
    from prx.engine.index.filters import check_parameters
    from prx.engine.index.languages import check_language_set
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.store import current_dir, read_manifest
    from prx.engine.index.update import plan_delta

    directory = current_dir(run.root)
    if directory is None:
        return None
    try:
        manifest = run.manifests.get(directory) or read_manifest(directory)
        check_language_set(manifest, run.languages, directory)
        if manifest.get("model", {}).get("hash") != PACKAGED_MODEL_SHA256:
            return None
        check_parameters(manifest, directory)
        reader = IndexReader(directory, manifest)
        # Nothing corrupt is linked into the next index: every block is checked first.
        reader.verify_all()
        plan = plan_delta(run.ws, run.root, reader, run.walked, run.started_ns, run.clock)
    except IndexCorruptedError:
        return None
    return None if plan is None else (reader, manifest, plan)
