"""The shared, deterministic file walker used by find, search, exists and the index."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from prx.core.record import field, record
from prx.engine.files.ignore import (
    IGNORE_FILE_NAMES,
    IgnoreFile,
    IgnoreStack,
    load_ignore_file,
    root_ignore_stack,
)
from prx.engine.files.listing import list_dir, names_digest
from prx.engine.files.text import READ_FLAGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

__all__ = ["BINARY_SNIFF_BYTES", "SKIP_DIR_NAMES", "WalkResult", "WalkedFile", "is_binary", "walk"]

BINARY_SNIFF_BYTES = 8192
# VCS and prx metadata: never walked and never reported as skipped. Matched by name whatever
# the entry type, so the '.git' file of a worktree or submodule is left out too.
SKIP_DIR_NAMES: frozenset[str] = frozenset({".git", ".hg", ".svn", ".prx"})
#: prx's own metadata (the index), passed over even by a walk of every file: its lines are
#: prx's artefacts, never the project's.
PRX_DIR_NAMES: frozenset[str] = frozenset({".prx"})

# Raw os.open avoids io-object overhead; O_NOFOLLOW/O_NONBLOCK guard against an entry being
# swapped for a symlink or fifo between listing and reading.
_OPEN_FLAGS: int = READ_FLAGS

# A directory being walked: remaining entries, its Path, rel prefix ('' or 'a/b/'), depth, rules.
_Frame: TypeAlias = "tuple[Iterator[os.DirEntry[str]], Path, str, int, IgnoreStack]"


@record(kw_only=False)
class WalkedFile:
    """A regular file found by :func:`walk`."""

    #: The absolute path (a plain string when the index's quick walk made the record:
    #: open() and os.stat() take either).
    path: Path | str
    rel: str  # '/'-separated path relative to the walk root (for a file root: its base name)
    size: int  # bytes
    # Modification time (the index's freshness check); not part of a file's identity.
    mtime_ns: int = field(default=0, compare=False)
    # Status-change time and inode: with size and mtime, the index's stamp of the file
    # (no one can set a ctime back; a file replaced by rename has a new inode).
    ctime_ns: int = field(default=0, compare=False)
    inode: int = field(default=0, compare=False)


@record(kw_only=False)
class WalkResult:
    """Files in deterministic order plus counts of what was skipped, by reason."""

    files: tuple[WalkedFile, ...]
    skipped: dict[str, int]  # reason -> count; only non-zero reasons present
    #: With ``directories=True``: per directory walked ('' for the root), its mtime (ns)
    #: read before it was listed, and a digest of its listing (the index's freshness check
    #: lists a directory again only when its mtime moved) ...
    directories: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False)
    #: ... and the stamps of the files skipped as too large.
    large: dict[str, tuple[int, int, int, int]] = field(default_factory=dict, compare=False)


def is_binary(head: bytes) -> bool:
    """True if a NUL byte occurs in the first 8192 bytes (a git-like heuristic)."""
    return b"\0" in head[:BINARY_SNIFF_BYTES]


def _read_head(path: str) -> bytes | None:
    """The first BINARY_SNIFF_BYTES of a file, or None if it cannot be read."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError:
        return None
    try:
        return os.read(fd, BINARY_SNIFF_BYTES)
    except OSError:
        return None
    finally:
        os.close(fd)


class _Walker:
    """Mutable state of one walk; split out so the loop reads top to bottom."""

    __slots__ = (
        "directories",
        "files",
        "honour_ignores",
        "large",
        "max_depth",
        "max_file_size",
        "skip_binary",
        "skip_vcs",
        "skipped",
    )

    def __init__(
        self,
        max_depth: int | None,
        max_file_size: int,
        skip_binary: bool,
        honour_ignores: bool,
        directories: bool = False,
        skip_vcs: bool = True,
    ) -> None:
        #: Per directory listed: (mtime before listing, names digest), when asked for.
        self.directories: dict[str, tuple[int, int]] | None = {} if directories else None
        #: Files skipped as too large, with their stamps (recorded with ``directories``).
        self.large: dict[str, tuple[int, int, int, int]] = {}
        self.max_depth = max_depth
        self.max_file_size = max_file_size
        self.skip_binary = skip_binary
        self.honour_ignores = honour_ignores
        self.skip_vcs = skip_vcs
        self.files: list[WalkedFile] = []
        self.skipped: dict[str, int] = {}

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1

    def reject(self, os_path: str, size: int) -> str | None:
        """The skip reason for a regular file of ``size`` bytes, or None to keep it."""
        if size > self.max_file_size:
            return "too_large"
        if self.skip_binary and size > 0:
            head = _read_head(os_path)
            if head is None:
                return "unreadable"
            if is_binary(head):
                return "binary"
        return None

    def ignores_for(
        self, entries: list[os.DirEntry[str]], rel_dir: str, ignores: IgnoreStack
    ) -> IgnoreStack:
        """Extend ``ignores`` with this directory's .gitignore / .prxignore, if any."""
        if not self.honour_ignores:
            return ignores
        found: list[tuple[int, IgnoreFile]] = []
        for entry in entries:
            # Like git, ignore files that are symlinks are not followed.
            if entry.name in IGNORE_FILE_NAMES and entry.is_file(follow_symlinks=False):
                loaded = load_ignore_file(entry.path, ignores.base_for(rel_dir))
                if loaded is not None:
                    found.append((IGNORE_FILE_NAMES.index(entry.name), loaded))
        if not found:
            return ignores
        found.sort(key=lambda item: item[0])
        return ignores.push(*(loaded for _, loaded in found))

    def listed(self, path: str, rel: str) -> list[os.DirEntry[str]] | None:
        """The entries of a directory; its mtime (read first: a change made while it is
        listed moves it) and names digest recorded when asked for."""
        if self.directories is None:
            return list_dir(path)
        try:
            mtime = os.stat(path).st_mtime_ns
        except OSError:
            return None
        entries = list_dir(path)
        if entries is not None:
            self.directories[rel] = (mtime, names_digest(entries))
        return entries

    def walk_tree(self, root: Path, ignores: IgnoreStack) -> None:
        entries = self.listed(str(root), "")
        if entries is None:
            self.skip("unreadable")
            return
        # Explicit stack of iterators: depth-first without recursion limits.
        frames: list[_Frame] = [
            (iter(entries), root, "", 1, self.ignores_for(entries, "", ignores))
        ]
        max_depth, skip = self.max_depth, self.skip
        passed_over = SKIP_DIR_NAMES if self.skip_vcs else PRX_DIR_NAMES
        while frames:
            it, dir_path, prefix, depth, stack = frames[-1]
            for entry in it:
                name = entry.name
                if name in passed_over:
                    continue
                rel = prefix + name
                try:
                    is_symlink = entry.is_symlink()
                    is_dir = not is_symlink and entry.is_dir(follow_symlinks=False)
                except OSError:
                    skip("unreadable")
                    continue
                if is_dir and max_depth is not None and depth >= max_depth:
                    continue  # pruned on request: not a skip
                if stack.is_ignored(rel, is_dir):
                    skip("ignored")
                elif is_symlink:
                    skip("symlink")
                elif is_dir:
                    children = self.listed(entry.path, rel)
                    if children is None:
                        skip("unreadable")
                        continue
                    child_stack = self.ignores_for(children, rel, stack)
                    frames.append(
                        (iter(children), dir_path / name, rel + "/", depth + 1, child_stack)
                    )
                    break  # descend now; this frame's iterator resumes afterwards
                else:
                    self.visit_file(entry, dir_path, rel)
            else:
                frames.pop()

    def visit_file(self, entry: os.DirEntry[str], dir_path: Path, rel: str) -> None:
        """Record a non-directory, non-symlink entry or count why it was skipped."""
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            self.skip("unreadable")
            return
        reason = "special" if not stat.S_ISREG(st.st_mode) else None
        reason = reason or self.reject(entry.path, st.st_size)
        if reason == "too_large" and self.directories is not None:
            self.large[rel] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        if reason is None:
            # Joining onto the parent Path is about twice as fast as Path(str) on 3.11.
            self.files.append(
                WalkedFile(
                    dir_path / entry.name,
                    rel,
                    st.st_size,
                    st.st_mtime_ns,
                    st.st_ctime_ns,
                    st.st_ino,
                )
            )
        else:
            self.skip(reason)


def walk(
    root: Path | str,
    *,
    max_depth: int | None = None,
    max_file_size: int = 1_048_576,
    skip_binary: bool = True,
    honour_ignores: bool = True,
    directories: bool = False,
    skip_vcs: bool = True,
) -> WalkResult:
    """Walk ``root`` depth-first in name order, honouring ignore files (``directories``:
    record each directory listed, see :attr:`WalkResult.directories`; ``skip_vcs=False``:
    VCS metadata too, as ``grep -r`` and ``find`` read it; prx's own ``.prx`` never).

    Raises FileNotFoundError if ``root`` does not exist and ValueError for a non-positive
    ``max_depth`` or negative ``max_file_size``; entries inside the tree never raise.
    """
    if max_depth is not None and max_depth <= 0:
        raise ValueError(f"max_depth must be positive, got {max_depth}")
    if max_file_size < 0:
        raise ValueError(f"max_file_size must not be negative, got {max_file_size}")
    root_str = os.path.abspath(os.fspath(root))
    st = os.stat(root_str)  # the root itself is followed if it is a symlink
    walker = _Walker(max_depth, max_file_size, skip_binary, honour_ignores, directories, skip_vcs)
    if stat.S_ISDIR(st.st_mode):
        ignores = root_ignore_stack(root_str) if honour_ignores else IgnoreStack()
        walker.walk_tree(Path(root_str), ignores)
    else:
        reason = "special" if not stat.S_ISREG(st.st_mode) else None
        reason = reason or walker.reject(root_str, st.st_size)
        if reason is None:
            walker.files.append(
                WalkedFile(
                    Path(root_str),
                    os.path.basename(root_str),
                    st.st_size,
                    st.st_mtime_ns,
                    st.st_ctime_ns,
                    st.st_ino,
                )
            )
        else:
            walker.skip(reason)
    return WalkResult(tuple(walker.files), walker.skipped, walker.directories or {}, walker.large)
