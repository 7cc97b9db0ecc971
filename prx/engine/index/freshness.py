"""Is an index still true of its tree? Answered from what changed, without a walk.

A walk lists every directory and matches every entry against the ignore rules. The index
records what the walk saw: each directory's mtime (read before it was listed) and a digest
of its entries' names, each file's stamp (:mod:`prx.engine.index.stamps`), the ignore files
outside the root that the walk read, and the walk's settings. A query then ``stat``\\ s
each directory and each file (no listing, no ignore matching):

- a directory whose mtime moved (or that was changed while it was walked: *racy*, like
  git's racily clean files) is listed again; when its names differ, a file or directory
  appeared, vanished or was renamed, and only a new walk can say what it is (``relist``);
- a file whose stamp differs, or that has none, is *changed*: read again;
- an ignore file (``.gitignore`` ...) among the changed ones, or outside the root, or
  other walk settings, also ask for a new walk.

An edit saved in place changes one file's stamp; an editor's save by rename moves its
directory's mtime but keeps its names: both are answered by reading the changed files.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from prx.engine.files.ignore import IGNORE_FILE_NAMES, outer_ignore_paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.engine.files.walk import WalkResult
    from prx.engine.index.reader import IndexReader

__all__ = ["Changes", "changes", "quick_walk", "recorded_walk", "stamp_of", "walk_record"]


class Changes(NamedTuple):
    """What a quick check found: described files to read again (changed, unstamped or
    gone), and whether only a new walk can tell the rest (``relist``)."""

    changed: list[str]
    relist: bool
    why: str = ""


def stamp_of(root: str, rel: str) -> tuple[int, int, int, int] | None:
    """The stamp of ``root/rel`` now (None when it cannot be stat()ed)."""
    key = _stat_key(os.path.join(root, rel))
    return None if key is None else (key[0], key[1], key[2], key[3])


def _stat_key(path: str) -> list[int] | None:
    try:
        info = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]


def _outer_key(path: str) -> list[int] | None:
    """The stamp of a path outside the root that a walk depends on: an ignore file's
    stat, but of a repository's ``.git`` directory only its inode. Git writes in it on
    nearly every command (its mtime moves), and what it holds that a walk reads,
    ``info/exclude``, has a stamp of its own."""
    key = _stat_key(path)
    if key is not None and os.path.basename(path) == ".git" and os.path.isdir(path):
        return [0, 0, 0, key[3]]
    return key


def walk_record(root: str, walked: WalkResult, started_ns: int, max_file_size: int) -> Any:
    """What the index keeps of its walk (see the module docstring): directories (mtime,
    or -1 when racy; names digest), the outer ignore files' stamps, the walk's settings."""
    directories = {
        rel: (-1 if mtime >= started_ns else mtime, digest)
        for rel, (mtime, digest) in walked.directories.items()
    }
    outer = [[path, _outer_key(path)] for path in outer_ignore_paths(root)]
    return {
        "directories": directories,
        "outer": outer,
        "large": {rel: list(stamp) for rel, stamp in walked.large.items()},
        "settings": {"max_file_size": max_file_size},
        "skipped": dict(sorted(walked.skipped.items())),
    }


def quick_walk(root: str, reader: IndexReader, max_file_size: int) -> WalkResult | None:
    """What a walk of ``root`` would find, from the index's record and a ``stat`` of each
    file and directory it recorded, when no directory's names changed (else None: only a
    walk can tell). A directory whose mtime moved with the same names is recorded with its
    new mtime."""
    moved: dict[str, tuple[int, int]] = {}
    seen: list[tuple[int, int, int, int]] = []
    found = changes(root, reader, max_file_size, moved, seen)
    if found.relist:
        return None
    return _walk_of(root, reader, max_file_size, seen, moved)


def recorded_walk(root: str, reader: IndexReader, max_file_size: int) -> WalkResult | None:
    """What a walk of ``root`` found when the index was built (its files with their
    recorded stamps): :func:`quick_walk`'s answer when nothing changed since, for a caller
    that checks that apart (:mod:`prx.engine.index.speculation`)."""
    files = reader.files
    if files.meta.get("settings") != {"max_file_size": max_file_size}:
        return None
    rows = files.stamp_rows()
    stamps = [
        (rows[4 * i], rows[4 * i + 1], rows[4 * i + 2], rows[4 * i + 3])
        for i in range(len(files.paths))
    ]
    return _walk_of(root, reader, max_file_size, stamps, {})


def _walk_of(
    root: str,
    reader: IndexReader,
    max_file_size: int,
    seen: list[tuple[int, int, int, int]],
    moved: dict[str, tuple[int, int]],
) -> WalkResult | None:
    """The walk result of the index's files with the stamps ``seen`` (None when a file
    is gone or now too large: only a walk can tell what the tree holds)."""
    from prx.engine.files.walk import WalkedFile, WalkResult

    skipped = reader.files.meta.get("skipped")
    if skipped is None or len(seen) != len(reader.files.paths):
        return None
    walked = []
    prefix = os.path.join(root, "")
    for rel, (size, mtime, ctime, inode) in zip(reader.files.paths, seen, strict=True):
        if size < 0 or size > max_file_size:
            return None  # vanished, or the walk skips it now: a walk tells the rest
        walked.append(WalkedFile(prefix + rel, rel, size, mtime, ctime, inode))
    directories = dict(reader.files.walk()["directories"])
    directories.update(moved)
    return WalkResult(tuple(walked), dict(skipped), directories, dict(reader.files.meta["large"]))


def changes(
    root: str,
    reader: IndexReader,
    max_file_size: int,
    moved: dict[str, tuple[int, int]] | None = None,
    seen: list[tuple[int, int, int, int]] | None = None,
) -> Changes:
    """Compare the tree under ``root`` with what ``reader``'s index recorded (``moved``
    gets each directory whose mtime moved, its names the same: its new record; ``seen``
    each described file's stamp now, -1s when it is gone)."""
    from prx.engine.index.speculation import call_findings

    memo = call_findings()
    if moved is not None or seen is not None:
        return _changes(root, reader, max_file_size, moved, seen)
    key = _finding_key(root, reader, max_file_size)
    found = None if memo is None else memo.get(key)
    if found is None:
        found = _journaled(root, reader, max_file_size)
        if memo is not None:
            memo[key] = found
    return Changes(list(found.changed), found.relist, found.why)


def adopt_finding(root: str, reader: IndexReader, max_file_size: int, changed: list[str]) -> None:
    """Within a search call, take a cached engine's recent check (``changed``: the files
    it found changed) as the index's finding: the call's other readers of the index (a
    symbol search's lines holding the name) then see the tree as its ranking does,
    without a ``stat`` of every file again."""
    from prx.engine.index.speculation import call_findings

    memo = call_findings()
    if memo is not None:
        memo.setdefault(_finding_key(root, reader, max_file_size), Changes(list(changed), False))


def _finding_key(root: str, reader: IndexReader, max_file_size: int) -> tuple[str, str, int]:
    return (os.path.normpath(root), str(reader.directory), max_file_size)


def _journaled(root: str, reader: IndexReader, max_file_size: int) -> Changes:
    """The finding, from the tree's journal when this process keeps one."""
    import sys

    journal = None
    if "prx.engine.index.journal" in sys.modules:  # only a long-lived process keeps one
        from prx.engine.index.journal import journal_of

        journal = journal_of(root)
    if journal is None:
        return _changes(root, reader, max_file_size, None, None)
    files = reader.files

    def directories() -> list[str]:
        return [
            os.path.join(root, rel) if rel else root
            for rel in files.table.strings("dir.path").all()
        ]

    return journal.changes(
        reader,
        max_file_size,
        directories,
        lambda: _changes(root, reader, max_file_size, None, None),
        lambda: _outside_changed(root, files.meta, max_file_size) is None,
    )


def _outside_changed(root: str, meta: Any, max_file_size: int) -> str | None:
    """What changed of what a journal of the tree cannot see (the walk's settings, the
    ignore files outside the root), or None."""
    if meta.get("settings") != {"max_file_size": max_file_size}:
        return "the walk's settings changed"
    # The paths first: an index names no file outside the root that prx would not read
    # itself (a crafted one may list any), so only those are looked at.
    if [p for p, _ in meta.get("outer", [])] != outer_ignore_paths(root):
        return "the repository around the root changed"
    for path, key in meta.get("outer", []):
        if _outer_key(path) != key:
            return "an ignore file outside the root changed"
    return None


def _changes(
    root: str,
    reader: IndexReader,
    max_file_size: int,
    moved: dict[str, tuple[int, int]] | None,
    seen: list[tuple[int, int, int, int]] | None,
) -> Changes:
    files = reader.files
    meta = files.meta
    outside = _outside_changed(root, meta, max_file_size)
    if outside is not None:
        return Changes([], True, outside)
    for rel, key in meta.get("large", {}).items():
        if _stat_key(os.path.join(root, rel)) != key:
            return Changes([], True, "a file skipped as too large changed")
    if _directories_moved(root, files.table, moved):
        return Changes([], True, "files were added, removed or renamed")
    changed = _changed_files(root, files.paths, files.stamp_rows(), seen)
    if any(os.path.basename(rel) in IGNORE_FILE_NAMES for rel in changed):
        return Changes(changed, True, "an ignore file changed")
    return Changes(changed, False)


def _directories_moved(
    root: str, table: Any, moved: dict[str, tuple[int, int]] | None = None
) -> bool:
    """Whether a directory's names differ from the walk's (its mtime moved, or it was
    racy, and listing it again gives other names); ``moved`` gets the others whose mtime
    moved: (the mtime read before listing, the digest)."""
    from stat import S_ISDIR

    from prx.engine.files.listing import list_dir, names_digest

    paths = table.strings("dir.path").all()
    mtimes = table.column("dir.mtime").view()
    digests = table.column("dir.names").view()
    stat = os.stat
    join = os.path.join
    for i, rel in enumerate(paths):
        path = join(root, rel) if rel else root
        try:
            # A directory that is now a link (or a file) is not listed through: a walk
            # decides what it is.
            info = stat(path, follow_symlinks=not rel)
        except OSError:
            return True
        if not S_ISDIR(info.st_mode):
            return True
        mtime = info.st_mtime_ns
        if mtime == mtimes[i]:
            continue
        entries = list_dir(path)
        if entries is None:
            return True
        if names_digest(entries) != digests[i]:
            return True
        if moved is not None:
            moved[rel] = (mtime, digests[i])
    return False


def _changed_files(
    root: str,
    paths: list[str],
    stamps: memoryview,
    seen: list[tuple[int, int, int, int]] | None = None,
) -> list[str]:
    """Described files whose stamp is not the recorded one (or that have none); ``seen``
    gets every file's stamp now."""
    changed = []
    stat = os.stat
    prefix = os.path.join(root, "")
    keep = seen.append if seen is not None else None
    for i, rel in enumerate(paths):
        try:
            info = stat(prefix + rel, follow_symlinks=False)
        except OSError:
            changed.append(rel)
            if keep is not None:
                keep((-1, -1, -1, -1))
            continue
        now = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
        if keep is not None:
            keep(now)
        if now != (stamps[4 * i], stamps[4 * i + 1], stamps[4 * i + 2], stamps[4 * i + 3]):
            changed.append(rel)
    return changed
