"""``prx index``: build or update the index of a root, safely."""

from __future__ import annotations

import os
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from prx._record import replace
from prx.errors import IndexCorruptedError, NotFoundError
from prx.progress import check_cancelled
from prx.types import IndexResult

if TYPE_CHECKING:
    from prx.files.walk import WalkResult
    from prx.index.artifacts import IndexData
    from prx.workspace import Workspace

__all__ = ["build_index", "load_current"]


def load_current(
    ws: Workspace,
    root: str,
    *,
    lazy: bool = False,
    graph: bool = True,
    manifests: dict[str, Any] | None = None,
) -> tuple[IndexData | None, str | None]:
    """The current index of ``root`` (verified), or None with the reason it was refused.
    ``lazy`` and ``graph``: see :func:`prx.index.artifacts.load_index`; ``manifests``: the
    manifests already read, by index directory (the writer, which holds the lock)."""
    from prx.index.artifacts import load_index
    from prx.index.languages import check_language_set, language_set
    from prx.index.store import current_dir, read_manifest

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
            from prx.corpus.embed import default_embedder

            default_embedder()
        except Exception:  # the build itself reports a model that does not load
            pass

    threading.Thread(target=load, name="prx-model-preload", daemon=True).start()


def _same_walk(before: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether two walk records (prx.index.freshness.walk_record) agree, as stored."""
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
    from prx.index.languages import check_language_set
    from prx.index.reader import IndexReader
    from prx.index.stamps import stamp
    from prx.index.store import current_dir, read_manifest, verify

    directory = current_dir(root)
    if directory is None:
        return None
    try:
        manifest = manifests[directory] = read_manifest(directory)
        reader = IndexReader(directory, manifest)
        stamps = reader.files.stamps()
        if len(stamps) != len(walked.files) or any(
            stamps.get(f.rel) != stamp(f) for f in walked.files
        ):
            return None
        if not _same_walk(reader.files.walk(), seen):
            return None
        check_language_set(manifest, languages, directory)
        verify(directory, manifest)
        from prx.index.filters import check_parameters

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


def _quick_walk(ws: Workspace, root: str) -> WalkResult | None:
    from prx.index.freshness import quick_walk
    from prx.index.reader import IndexReader
    from prx.index.store import current_dir, read_manifest

    directory = current_dir(root)
    if directory is None:
        return None
    try:
        reader = IndexReader(directory, read_manifest(directory))
        return quick_walk(root, reader, ws.config.max_file_size)
    except IndexCorruptedError:
        return None


def _delta_update(
    ws: Workspace,
    root: str,
    path: str,
    walked: WalkResult,
    seen: dict[str, Any],
    started_ns: int,
    languages: dict[str, Any],
) -> IndexResult | None:
    """Publish the changes as a delta over the current tables (prx.index.update); None
    when the tables should be written anew (no usable index, another model or language
    set, or more changed files than a delta holds)."""
    from prx.corpus.packaged_model import PACKAGED_MODEL_SHA256
    from prx.index import lock
    from prx.index.languages import check_language_set
    from prx.index.reader import IndexReader
    from prx.index.store import current_dir, discard, new_build_dir, publish, read_manifest
    from prx.index.update import plan_delta, skipped_counts, write_delta_index

    directory = current_dir(root)
    if directory is None:
        return None
    try:
        manifest = read_manifest(directory)
        check_language_set(manifest, languages, directory)
        if manifest.get("model", {}).get("hash") != PACKAGED_MODEL_SHA256:
            return None
        from prx.index.filters import check_parameters

        check_parameters(manifest, directory)
        reader = IndexReader(directory, manifest)
        # Nothing corrupt is linked into the next index: every block is checked first.
        reader.verify_all()
        plan = plan_delta(ws, root, reader, walked, started_ns, lambda: lock.filesystem_now(root))
    except IndexCorruptedError:
        return None
    if plan is None:
        return None
    skipped = skipped_counts(walked, plan.notes)
    build_dir = new_build_dir(root)
    try:
        written = time.perf_counter()
        from prx._version import __version__

        write_delta_index(
            build_dir,
            reader,
            plan,
            seen,
            skipped,
            {"prx": __version__, "created": int(time.time()), "language_set": languages},
        )
        plan.stages_ms["write"] = (time.perf_counter() - written) * 1000
        check_cancelled()
        publish(root, build_dir)
    except BaseException:
        discard(build_dir)
        raise
    counts = Counter(language for language in plan.indexed.values() if language)
    content = bool(plan.changed or plan.removed)
    return IndexResult(
        path=path,
        status="updated" if content else "up_to_date",
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


def _size(directory: str) -> int:
    return sum(os.path.getsize(os.path.join(directory, name)) for name in os.listdir(directory))


def _stats(ws: Workspace, root: str, path: str) -> IndexResult:
    """``prx index --stats``: present (its manifest and tables open and check), missing or
    corrupted, without reading the index whole."""
    from prx.index.languages import check_language_set, language_set
    from prx.index.reader import IndexReader
    from prx.index.store import current_dir, read_manifest

    directory = current_dir(root)
    if directory is None:
        return IndexResult(path=path, status="missing", index_dir=None)
    try:
        manifest = read_manifest(directory)
        check_language_set(manifest, language_set(ws), directory)
        reader = IndexReader(directory, manifest)
        files = reader.files
        count = len(reader.chunks)
    except IndexCorruptedError:
        return IndexResult(path=path, status="corrupted", index_dir=directory)
    return IndexResult(
        path=path,
        status="present",
        files_indexed=files.indexed_count,
        chunks=count,
        index_dir=directory,
        size_bytes=_size(directory),
        model=manifest.get("model", {}).get("id"),
    )


def verify_index(ws: Workspace, path: str = ".") -> IndexResult:
    """``prx index --verify``: every block of every artifact checked against the manifest;
    ``verified``, or :class:`IndexCorruptedError` naming what does not match."""
    from prx.index.reader import IndexReader
    from prx.index.store import check_state, current_dir, read_manifest

    root = ws.resolve(path)
    if not os.path.isdir(root):
        raise NotFoundError(f"directory not found: {path}", suggestion="Index a directory.")
    check_state(root)
    started = time.perf_counter()
    directory = current_dir(root)
    if directory is None:
        from prx.errors import IndexMissingError

        raise IndexMissingError(f"no index at {path}")
    manifest = read_manifest(directory)
    reader = IndexReader(directory, manifest)
    reader.verify_all()
    return IndexResult(
        path=path,
        status="verified",
        files_indexed=reader.files.indexed_count,
        chunks=len(reader.chunks),
        index_dir=directory,
        size_bytes=_size(directory),
        model=manifest.get("model", {}).get("id"),
        duration_ms=int((time.perf_counter() - started) * 1000),
    )


def build_index(
    ws: Workspace,
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
    from prx.index.artifacts import LINKABLE, write_index
    from prx.index.assemble import assemble
    from prx.index.store import (
        check_state,
        current_dir,
        discard,
        new_build_dir,
        publish,
    )

    root = ws.resolve(path)
    if not os.path.isdir(root):
        raise NotFoundError(f"directory not found: {path}", suggestion="Index a directory.")
    check_state(root)  # a .prx that is a link is refused, never followed
    started = time.perf_counter()
    if stats_only:
        return _stats(ws, root, path)
    from prx.index import lock
    from prx.index.languages import language_set, require_languages

    with lock.writer_lock(root, timeout=ws.config.index_lock_timeout):
        # Files changed since get a stamp only if vouched for at the end (prx.index.stamps).
        started_ns = lock.filesystem_now(root)
        from prx.files.walk import walk

        walk_started = time.perf_counter()
        # Unless a directory's names changed, the index's record and a stat of each file
        # say what a walk would find (prx.index.freshness.quick_walk).
        walked = None if rebuild else _quick_walk(ws, root)
        if walked is None:
            walked = walk(
                root, max_file_size=ws.config.max_file_size, skip_binary=False, directories=True
            )
        from prx.index.freshness import walk_record

        seen = walk_record(root, walked, started_ns, ws.config.max_file_size)
        walk_ms = (time.perf_counter() - walk_started) * 1000
        languages_now = language_set(ws)
        manifests: dict[str, Any] = {}
        if not rebuild:
            quick = _unchanged_index(root, walked, manifests, languages_now, seen)
            if quick is not None:
                return replace(
                    quick,
                    path=path,
                    duration_ms=int((time.perf_counter() - started) * 1000),
                    stages_ms={
                        "walk": int(walk_ms),
                        "check": int((time.perf_counter() - walk_started) * 1000 - walk_ms),
                    },
                )
            update = _delta_update(ws, root, path, walked, seen, started_ns, languages_now)
            if update is not None:
                stages = {"walk": int(walk_ms), **update.stages_ms}
                return replace(
                    update,
                    duration_ms=int((time.perf_counter() - started) * 1000),
                    stages_ms=stages,
                )
        load_started = time.perf_counter()
        _preload_embedder()
        kept = memory.get("data") if memory is not None and not rebuild else None
        if (
            kept is not None
            and kept.directory == current_dir(root)
            and memory is not None
            and memory.get("language_set") == languages_now
        ):
            previous, problem = kept, None
        else:
            previous, problem = (
                (None, None) if rebuild else load_current(ws, root, lazy=True, manifests=manifests)
            )
        load_ms = (time.perf_counter() - load_started) * 1000
        assembly = assemble(
            ws,
            root,
            previous,
            walked=walked,
            started_ns=started_ns,
            clock=lambda: lock.filesystem_now(root),
        )
        assembly.stages_ms = {
            "walk": walk_ms,
            "load": load_ms,
            **{("compare" if k == "walk" else k): v for k, v in assembly.stages_ms.items()},
        }
        data = assembly.data
        languages = dict(
            sorted(Counter(r.language for r in data.corpus.files.values() if r.language).items())
        )
        common = IndexResult(
            path=path,
            status="built",
            files_indexed=len(data.corpus.files),
            chunks=len(data.corpus.chunks),
            files_changed=len(assembly.changed),
            files_unchanged=assembly.unchanged,
            files_removed=len(assembly.removed),
            languages=languages,
            skipped=data.corpus.skipped,
            model=data.model.get("id"),
        )
        unchanged = (
            previous is not None
            and not assembly.changed
            and not assembly.removed
            and data.corpus.files.keys() == previous.corpus.files.keys()
            and data.notes == previous.notes
        )
        same_walk = previous is not None and _same_walk(previous.walk, seen)
        data.walk = seen
        if unchanged and previous is not None and data.stamps == previous.stamps and same_walk:
            directory = current_dir(root)
            return replace(
                common,
                status="up_to_date",
                duration_ms=int((time.perf_counter() - started) * 1000),
                stages_ms={k: int(v) for k, v in assembly.stages_ms.items()},
                size_bytes=_size(directory) if directory else 0,
                index_dir=directory,
            )
        # Same content with new stamps (a touch, a file no longer racy) is published too:
        # the artifacts are linked, and the next run need not read those files again.
        require_languages(languages_now, root)
        build_dir = new_build_dir(root)
        try:
            write_started = time.perf_counter()
            from prx._version import __version__

            manifest = write_index(
                build_dir,
                data,
                {
                    "prx": __version__,
                    "created": int(time.time()),
                    "refused_previous": problem,
                    "language_set": languages_now,
                },
                source=previous,
                # Only the walk's record changed: every other part is linked.
                same=LINKABLE
                if unchanged and previous is not None and data.stamps == previous.stamps
                else assembly.same,
            )
            assembly.stages_ms["write"] = (time.perf_counter() - write_started) * 1000
            check_cancelled()  # the last moment a cancel leaves the published index alone
            publish(root, build_dir)
        except BaseException:
            discard(build_dir)
            raise
        if memory is not None:
            data.directory, data.artifacts = build_dir, dict(manifest["artifacts"])
            memory["data"], memory["language_set"] = data, languages_now
        if previous is None:
            status = "built"
        else:
            status = "up_to_date" if unchanged else "updated"
        return replace(
            common,
            status=status,
            duration_ms=int((time.perf_counter() - started) * 1000),
            stages_ms={k: int(v) for k, v in assembly.stages_ms.items()},
            size_bytes=_size(build_dir),
            index_dir=build_dir,
        )
