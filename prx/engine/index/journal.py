"""A tree's change journal for long-lived processes (the warm server): Linux ``inotify``
on every directory the index recorded, read without a thread.

Checking an index against its tree costs a ``stat`` of every file it recorded
(:mod:`prx.engine.index.freshness`). A process that answers many calls keeps the finding
of its last full check, and uses it again only while the kernel has reported nothing at
all in the tree since that check began: any event (a file written, touched, created,
deleted or renamed, a queue overflow, a watch lost) moves the journal's epoch, and the
next call checks in full again. The watches are (re)placed before each full check, so a
change made while they are placed is either seen by the check or reported as an event.

Where ``inotify`` is missing or a watch cannot be placed (the user's watch limit), the
journal stays unusable and every call checks in full, as without it.
"""

from __future__ import annotations

import os
import sys
import threading

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from prx.engine.index.freshness import Changes

__all__ = ["Journal", "journal_of", "watch_tree"]

# <sys/inotify.h>
_IN_MODIFY, _IN_ATTRIB, _IN_CLOSE_WRITE = 0x2, 0x4, 0x8
_IN_MOVED_FROM, _IN_MOVED_TO, _IN_CREATE, _IN_DELETE = 0x40, 0x80, 0x100, 0x200
_IN_DELETE_SELF, _IN_MOVE_SELF = 0x400, 0x800
_IN_ONLYDIR, _IN_DONT_FOLLOW = 0x01000000, 0x02000000
_MASK = (
    _IN_MODIFY
    | _IN_ATTRIB
    | _IN_CLOSE_WRITE
    | _IN_MOVED_FROM
    | _IN_MOVED_TO
    | _IN_CREATE
    | _IN_DELETE
    | _IN_DELETE_SELF
    | _IN_MOVE_SELF
    | _IN_ONLYDIR
    | _IN_DONT_FOLLOW
)
_IN_NONBLOCK, _IN_CLOEXEC = os.O_NONBLOCK, 0o2000000

#: The journals of this process, by root.
_JOURNALS: dict[str, Journal] = {}


class Journal:
    """The change journal of one tree (see the module docstring)."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.epoch = 0
        self.usable = False
        self._fd = -1
        self._add_watch: Callable[[int, bytes, int], int] | None = None
        self._lock = threading.Lock()
        #: (epoch when the check began, (index directory, max_file_size), its finding)
        self._finding: tuple[int, tuple[str, int], Changes] | None = None
        if not sys.platform.startswith("linux"):
            return
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
        except (OSError, AttributeError):
            return
        if fd < 0:
            return
        add = libc.inotify_add_watch
        add.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32)
        self._fd, self._add_watch, self.usable = fd, add, True

    def poll(self) -> None:
        """Read every pending event: any moves the epoch."""
        if self._fd < 0:
            return
        moved = False
        while True:
            try:
                data = os.read(self._fd, 1 << 16)
            except BlockingIOError:
                break
            except OSError:
                self.usable = False
                break
            if not data:
                break
            moved = True
        if moved:
            self.epoch += 1

    def cover(self, directories: Iterable[str]) -> None:
        """Watch each directory (absolute paths); the journal becomes unusable when one
        cannot be watched (gone: a full check says so; over the watch limit: for good)."""
        add = self._add_watch
        if add is None:
            return
        for path in directories:
            if add(self._fd, os.fsencode(path), _MASK) < 0:
                import ctypes
                import errno

                self.usable = False
                if ctypes.get_errno() in (errno.ENOSPC, errno.ENOMEM):
                    self.close()  # over the user's watch limit: full checks from now on
                return

    def changes(
        self,
        reader: object,
        max_file_size: int,
        directories: Callable[[], Iterable[str]],
        check: Callable[[], Changes],
        light: Callable[[], bool],
    ) -> Changes:
        """The finding of :func:`~prx.engine.index.freshness.changes`: the last full
        check's when nothing happened since it began and ``light`` (the checks outside
        the watched tree) finds nothing, else a full ``check`` (watches placed first).
        The finding is kept: the caller copies it before handing it on."""
        key = (str(getattr(reader, "directory", "")), max_file_size)
        with self._lock:
            self.poll()
            kept = self._finding
            if self.usable and kept is not None and kept[0] == self.epoch and kept[1] == key:
                if light():
                    return kept[2]
            began = self.epoch
            self.usable = self._fd >= 0
            self.cover(directories())
            found = check()
            self._finding = (began, key, found) if self.usable else None
            return found

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        self.usable = False


def watch_tree(root: str) -> Journal:
    """Keep a journal of ``root`` for this process's later freshness checks."""
    root = os.path.normpath(root)
    journal = _JOURNALS.get(root)
    if journal is None:
        journal = _JOURNALS[root] = Journal(root)
    return journal


def journal_of(root: str) -> Journal | None:
    """The journal of ``root``, when this process keeps one."""
    return _JOURNALS.get(os.path.normpath(root)) if _JOURNALS else None
