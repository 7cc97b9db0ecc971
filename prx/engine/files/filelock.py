"""The advisory lock every prx writer takes before it replaces a file.

What is locked. The directory that holds the file: an exclusive ``flock`` on a descriptor
of that directory (opened beneath the confined root). A file's own inode cannot carry the
lock, because an atomic write replaces it (a writer waiting on the old inode would then
lock a file no longer in place), and a file to be created has none yet; the directory
stays the same inode while its entries are replaced, created and deleted. The cost is that
two writers of different files in one directory take turns, for the few milliseconds a
write lasts. Every prx writer (``edit``, ``rename``, ``init``, patches) goes through
:func:`prx.engine.files.atomic.apply_changes`, so they all take this lock; other programs do not,
and only the compare-and-swap checks narrow the window against them.

Several directories are locked in one fixed order (device, then inode number): two
writers never wait for each other in a cycle. The wait is bounded (:data:`LOCK_WAIT`);
past it the answer is ``conflict``, naming the process that holds the lock when the system
says (``/proc/locks``). On a file system without ``flock`` on directories the write goes
ahead with the compare-and-swap checks only.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Sequence

from prx.core.errors import ConflictError
from prx.core.progress import check_cancelled

__all__ = ["LOCK_WAIT", "DirectoryLocks"]

#: Seconds a writer waits for another prx writer of the same directory before it answers
#: ``conflict``.
LOCK_WAIT = 10.0
_FIRST_PAUSE = 0.002
_LONGEST_PAUSE = 0.05
#: What ``flock`` answers where the file system does not support it (then: no lock).
_UNSUPPORTED = frozenset({errno.EBADF, errno.EINVAL, errno.ENOLCK, errno.EOPNOTSUPP})


class DirectoryLocks:
    """Exclusive locks on directories, taken in a fixed order, released on exit.

    :param directories: ``(descriptor, shown path)`` of each directory; the descriptors
        stay the caller's (they are not closed here). One descriptor per directory: the
        caller merges descriptors of the same directory (``flock`` locks belong to an open
        file description, so two descriptors of one directory would wait for each other).
    """

    def __init__(self, directories: Sequence[tuple[int, str]]) -> None:
        keyed = []
        for fd, shown in directories:
            info = os.fstat(fd)
            keyed.append(((info.st_dev, info.st_ino), fd, shown))
        keyed.sort(key=lambda item: item[0])
        self._directories = keyed
        self._held: list[int] = []

    def __enter__(self) -> DirectoryLocks:
        try:
            for key, fd, shown in self._directories:
                if _lock(fd, key, shown):
                    self._held.append(fd)
        except BaseException:
            self.release()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def release(self) -> None:
        """Release every lock held (closing the descriptors would release them too)."""
        import fcntl

        while self._held:
            fd = self._held.pop()
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            except OSError:
                pass


def _lock(fd: int, key: tuple[int, int], shown: str) -> bool:
    """Take the lock on ``fd``, waiting at most :data:`LOCK_WAIT` seconds; False when the
    file system has no such locks."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return False
    deadline = time.monotonic() + LOCK_WAIT
    pause = _FIRST_PAUSE
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError as exc:
            if exc.errno in _UNSUPPORTED:
                return False
            raise
        check_cancelled()
        if time.monotonic() >= deadline:
            holder = _holder(key)
            by = f" (held by {holder})" if holder else ""
            raise ConflictError(
                f"another prx process is writing in {shown}{by}; nothing was written",
                suggestion="Try again when that write is done; if the holder hangs, stop it.",
            )
        time.sleep(pause)
        pause = min(pause * 2, _LONGEST_PAUSE)


def _holder(key: tuple[int, int]) -> str | None:
    """The process holding a ``flock`` on the inode ``key`` (``pid 123, prx``), from
    Linux's ``/proc/locks``; None when unknown."""
    device, inode = key
    wanted = f"{os.major(device):02x}:{os.minor(device):02x}:{inode}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as handle:
            lines = handle.readlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; waiters are marked "->".
        if len(fields) < 6 or fields[1] != "FLOCK" or fields[5] != wanted:
            continue
        pid = fields[4]
        try:
            with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as handle:
                name = handle.read().strip()
        except OSError:
            name = ""
        return f"pid {pid}, {name}" if name else f"pid {pid}"
    return None
