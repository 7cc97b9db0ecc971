"""Is an index still true of its tree? Answered from what changed, without a walk.

A walk lists every directory and matches every entry against the ignore rules. The index
records what the walk saw: each directory's mtime (read before it was listed) and a digest
of its entries' names, each file's stamp (:mod:`prx.index.stamps`), the ignore files
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

from prx.files.ignore import IGNORE_FILE_NAMES, outer_ignore_paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.files.walk import WalkResult
    from prx.index.reader import IndexReader

__all__ = ["Changes", "changes", "stamp_of", "walk_record"]


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


def walk_record(root: str, walked: WalkResult, started_ns: int, max_file_size: int) -> Any:
    """What the index keeps of its walk (see the module docstring): directories (mtime,
    or -1 when racy; names digest), the outer ignore files' stamps, the walk's settings."""
    directories = {
        rel: (-1 if mtime >= started_ns else mtime, digest)
        for rel, (mtime, digest) in walked.directories.items()
    }
    outer = [[path, _stat_key(path)] for path in outer_ignore_paths(root)]
    return {
        "directories": directories,
        "outer": outer,
        "large": {rel: list(stamp) for rel, stamp in walked.large.items()},
        "settings": {"max_file_size": max_file_size},
    }


def changes(root: str, reader: IndexReader, max_file_size: int) -> Changes:
    """Compare the tree under ``root`` with what ``reader``'s index recorded."""
    files = reader.files
    meta = files.meta
    if meta.get("settings") != {"max_file_size": max_file_size}:
        return Changes([], True, "the walk's settings changed")
    for path, key in meta.get("outer", []):
        if _stat_key(path) != key:
            return Changes([], True, "an ignore file outside the root changed")
    if [p for p, _ in meta.get("outer", [])] != outer_ignore_paths(root):
        return Changes([], True, "the repository around the root changed")
    for rel, key in meta.get("large", {}).items():
        if _stat_key(os.path.join(root, rel)) != key:
            return Changes([], True, "a file skipped as too large changed")
    if _directories_moved(root, files.table):
        return Changes([], True, "files were added, removed or renamed")
    changed = _changed_files(root, files.paths, files.stamp_rows())
    if any(os.path.basename(rel) in IGNORE_FILE_NAMES for rel in changed):
        return Changes(changed, True, "an ignore file changed")
    return Changes(changed, False)


def _directories_moved(root: str, table: Any) -> bool:
    """Whether a directory's names differ from the walk's (its mtime moved, or it was
    racy, and listing it again gives other names)."""
    from prx.files.walk import names_digest

    paths = table.strings("dir.path").all()
    mtimes = table.column("dir.mtime").view()
    digests = table.column("dir.names").view()
    stat = os.stat
    join = os.path.join
    for i, rel in enumerate(paths):
        path = join(root, rel) if rel else root
        try:
            mtime = stat(path).st_mtime_ns
        except OSError:
            return True
        if mtime == mtimes[i]:
            continue
        try:
            with os.scandir(path) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError:
            return True
        if names_digest(entries) != digests[i]:
            return True
    return False


def _changed_files(root: str, paths: list[str], stamps: memoryview) -> list[str]:
    """Described files whose stamp is not the recorded one (or that have none)."""
    changed = []
    stat = os.stat
    join = os.path.join
    for i, rel in enumerate(paths):
        size = stamps[4 * i]
        if size < 0:
            changed.append(rel)
            continue
        try:
            info = stat(join(root, rel), follow_symlinks=False)
        except OSError:
            changed.append(rel)
            continue
        if (
            info.st_size != size
            or info.st_mtime_ns != stamps[4 * i + 1]
            or info.st_ctime_ns != stamps[4 * i + 2]
            or info.st_ino != stamps[4 * i + 3]
        ):
            changed.append(rel)
    return changed
