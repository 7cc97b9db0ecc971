"""The index on disk: versioned directories, an atomic pointer, a writer lock, checksums.

Layout under ``<root>/.prx/``::

    CURRENT            name of the published index directory (replaced by atomic rename)
    lock               flock()-ed by the one writer (see prx.engine.index.lock), holding its pid
    index-<stamp>/     one published index (or one being built, until CURRENT names it)
        manifest.json  format, versions, model, counts, and per artifact its size,
                       generation and block checksums; sealed by a checksum of its own
        files.tab chunks.tab texts.tab terms.tab postings.tab embeddings.tab defs.tab
        imports.json bloom.tab     (see prx.engine.index.reader)

Readers follow CURRENT, check the manifest's own checksum and format, and open the tables
they need: each table's size and header are checked at once, and each block of it against
its checksum the first time it is read (prx.engine.index.tables), so a query pays for what it
reads and never trusts a corrupt byte. ``prx index --verify`` checks every block. A writer
builds a new directory aside and publishes it by renaming a new CURRENT into place, so a
reader sees the old index or the new one, never a mix. The previous directory is kept
until the next publish, so a reader that just followed CURRENT can finish.

``.prx`` is used only when it is a real directory: a symbolic link there (a cloned
repository can ship one) is never followed: writers refuse it, readers see no index. Inside
it, links are never followed either, and a publish deletes only directories prx made
(named ``index-<ns>-<pid>`` and holding its :data:`MARKER`).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import time

import xxhash

from prx.core.errors import IndexCorruptedError, PermissionDeniedError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "FORMAT",
    "MARKER",
    "check_state",
    "current_dir",
    "index_root",
    "prepare_state",
    "publish",
    "read_manifest",
    "seal",
    "write_manifest",
]

#: Bumped whenever the layout or the meaning of an artifact changes (6: memory-mapped
#: tables checked block by block, instead of JSON and .npy files checked whole; 7: a
#: grammar or lexer source's chunks carry that word, see ``prx.engine.corpus.corpus.enrich``).
FORMAT = 7
_STATE = ".prx"
#: The file every index directory prx makes holds (not an artifact): publish deletes
#: only directories that have it (or, made by an older prx, a manifest).
MARKER = ".prx-index"
_OWN_NAME = re.compile(r"index-[0-9]+-[0-9]+")
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def index_root(root: str) -> str:
    """``<root>/.prx``."""
    return os.path.join(root, _STATE)


def _is_real_dir(path: str) -> bool:
    """A directory, not a link to one."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def refuse(root: str, what: str) -> PermissionDeniedError:
    return PermissionDeniedError(
        f"refusing to use {index_root(root)}: {what}; prx keeps its index only in a real "
        "directory of the project, and never follows a link there",
        suggestion="Remove that .prx entry and run {cmd:index} again.",
    )


def check_state(root: str) -> None:
    """Raise :class:`PermissionDeniedError` when ``<root>/.prx`` exists and is not a real
    directory (a symbolic link, a file ...); it is never followed or touched."""
    state = index_root(root)
    try:
        mode = os.lstat(state).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise refuse(root, f"it is a symbolic link (to {os.readlink(state)})")
    if not stat.S_ISDIR(mode):
        raise refuse(root, "it is not a directory")


def prepare_state(root: str) -> str:
    """``<root>/.prx``, created (with its ``.gitignore``) when missing; see
    :func:`check_state` for what is refused."""
    check_state(root)
    state = index_root(root)
    try:
        os.mkdir(state)
    except FileExistsError:
        pass
    check_state(root)  # a link put there meanwhile
    try:  # never through a link: O_EXCL does not follow one
        fd = os.open(os.path.join(state, ".gitignore"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return state
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write("# prx's index: never commit it\n*\n")
    return state


def current_dir(root: str) -> str | None:
    """The published index directory, or None when there is none (or ``.prx`` or the
    directory it names is a link: never followed)."""
    state = index_root(root)
    if not _is_real_dir(state):
        return None
    try:
        fd = os.open(os.path.join(state, "CURRENT"), os.O_RDONLY | NOFOLLOW)
        with os.fdopen(fd, encoding="utf-8") as fh:
            name = fh.read().strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not name or "/" in name or name.startswith("."):
        return None
    path = os.path.join(state, name)
    return path if _is_real_dir(path) else None


def new_build_dir(root: str) -> str:
    """A fresh directory to build the next index in, marked as prx's."""
    stamp = f"index-{time.time_ns()}-{os.getpid()}"
    path = os.path.join(index_root(root), stamp)
    os.mkdir(path)
    with open(os.path.join(path, MARKER), "x", encoding="utf-8") as fh:
        fh.write("made by prx index; removed by a later publish\n")
    return path


def _is_own_index(path: str) -> bool:
    """Whether ``path`` is an index directory prx made (in a real ``.prx``): its name has
    prx's pattern, it is a real directory, and it holds the marker (or, made by an older
    prx, a manifest); links are never followed."""
    if not _OWN_NAME.fullmatch(os.path.basename(path)) or not _is_real_dir(path):
        return False
    for name in (MARKER, "manifest.json"):
        try:
            if stat.S_ISREG(os.lstat(os.path.join(path, name)).st_mode):
                return True
        except OSError:
            continue
    return False


def publish(root: str, build_dir: str) -> None:
    """Make ``build_dir`` the current index (atomic) and delete indexes older than the one
    it replaces."""
    state = index_root(root)
    check_state(root)
    previous = current_dir(root)
    pointer = os.path.join(state, f"CURRENT.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(pointer)  # a killed writer's (the name holds its pid); a link, not its target
    fd = os.open(pointer, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(os.path.basename(build_dir) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(pointer, os.path.join(state, "CURRENT"))
    keep = {os.path.basename(build_dir), os.path.basename(previous) if previous else ""}
    for name in os.listdir(state):
        path = os.path.join(state, name)
        if name not in keep and _is_own_index(path):
            _remove_tree(path)


def discard(build_dir: str) -> None:
    """Remove an unpublished build directory."""
    _remove_tree(build_dir)


def _remove_tree(path: str) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def seal(manifest: dict[str, Any]) -> str:
    """The manifest's JSON text with its own checksum (``seal``) added."""
    body = json.dumps(manifest, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    return json.dumps(
        {**manifest, "seal": xxhash.xxh3_64_hexdigest(body.encode("ascii"))},
        separators=(",", ":"),
        sort_keys=True,
        ensure_ascii=True,
    )


def write_manifest(directory: str, manifest: dict[str, Any]) -> None:
    """Write ``manifest`` (sealed) into an index directory, durably, last of all: a
    directory without one is no index."""
    temporary = os.path.join(directory, "manifest.json.tmp")
    with open(temporary, "w", encoding="utf-8") as fh:
        fh.write(seal(manifest))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(temporary, os.path.join(directory, "manifest.json"))


def read_manifest(directory: str) -> dict[str, Any]:
    """The manifest of an index directory; :class:`IndexCorruptedError` when unreadable,
    not what it was sealed as, or of another format."""
    path = os.path.join(directory, "manifest.json")
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW)
        with os.fdopen(fd, encoding="utf-8") as fh:
            manifest = json.load(fh)
    except (OSError, ValueError) as exc:
        raise IndexCorruptedError(
            f"index corrupted at {directory}: manifest.json unreadable ({exc})"
        ) from None
    found = manifest.get("format") if isinstance(manifest, dict) else None
    if found != FORMAT:
        older = isinstance(found, int) and found < FORMAT
        raise IndexCorruptedError(
            f"index at {directory} has format {found!r}"
            + (" (written by an older prx)" if older else "")
            + f"; this prx reads format {FORMAT}"
        )
    sealed = manifest.pop("seal", None)
    body = json.dumps(manifest, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    if sealed != xxhash.xxh3_64_hexdigest(body.encode("ascii")):
        raise IndexCorruptedError(
            f"index corrupted at {directory}: manifest.json does not match its checksum"
        )
    return manifest  # type: ignore[no-any-return]
