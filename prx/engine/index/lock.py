"""The index's writer lock: one writer per ``.prx``, a bounded wait, a named holder.

``.prx/lock`` is ``flock()``-ed by the writer, which writes its pid into it. The kernel
releases a flock when the last descriptor of its open file is closed, so a killed writer
leaves no stale lock, unless a process it forked still has that descriptor: every process
forked while a lock is held therefore closes its copy at once (``os.register_at_fork``),
and prx's worker pools die with their parent anyway (:mod:`prx.core.pool`). A flock, unlike
an ``fcntl`` record lock, also excludes a second writer in the same process (threads).

A writer waits for the lock at most ``timeout`` seconds, then answers an error naming the
holder's pid and whether that process is still running.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from collections.abc import Iterator

from prx.core.errors import PrxIOError
from prx.engine.index.store import NOFOLLOW, prepare_state, refuse

__all__ = ["DEFAULT_TIMEOUT", "filesystem_now", "holder", "writer_lock"]

#: Seconds a writer waits for the lock by default (``PRX_INDEX_LOCK_TIMEOUT``).
DEFAULT_TIMEOUT = 60.0
#: Descriptors of the locks this process holds, closed in every forked child.
_HELD: set[int] = set()


def _close_in_child() -> None:
    for fd in list(_HELD):
        with contextlib.suppress(OSError):
            os.close(fd)  # closing a copy never releases the parent's flock
    _HELD.clear()


os.register_at_fork(after_in_child=_close_in_child)


def _open(root: str) -> int:
    path = os.path.join(prepare_state(root), "lock")
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise refuse(root, "its lock file is a symbolic link") from None
        raise


def _try(fd: int) -> bool:
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def holder(fd: int) -> str:
    """Who holds the lock, from the pid its holder wrote: ``pid N, running`` or ``pid N,
    no longer running ...``."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        pid = int(text)
    except (OSError, ValueError):
        return "holder unknown (no pid in .prx/lock)"
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return f"pid {pid}, no longer running: a process it started still holds the lock"
    except PermissionError:
        pass  # it exists, under another user
    return f"pid {pid}, running"


@contextlib.contextmanager
def writer_lock(
    root: str, *, wait: bool = True, timeout: float | None = DEFAULT_TIMEOUT
) -> Iterator[bool]:
    """Hold the writer lock of ``root``'s index.

    Yields False at once when ``wait`` is off and another writer holds it; otherwise
    waits up to ``timeout`` seconds (None: for ever) and raises :class:`PrxIOError`
    naming the holder when it is still held then.
    """
    import fcntl

    fd = _open(root)
    _HELD.add(fd)  # from now on, a forked child closes its copy
    try:
        deadline = None if timeout is None else time.monotonic() + timeout
        pause = 0.01
        while not _try(fd):
            if not wait:
                yield False
                return
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise PrxIOError(
                    f"the index of {root} is being written by another process "
                    f"({holder(fd)}); gave up after waiting {timeout:g} s",
                    suggestion="Retry when it is done, or stop that process; "
                    "PRX_INDEX_LOCK_TIMEOUT sets how many seconds to wait.",
                )
            time.sleep(pause if left is None else min(pause, left))
            pause = min(pause * 2, 0.2)
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
            yield True
        finally:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        _HELD.discard(fd)
        os.close(fd)


def filesystem_now(root: str) -> int:
    """The time now by the filesystem's clock, in the granularity of its timestamps: the
    new mtime of ``.prx/lock`` once touched (its holder calls this; a link there is
    neither touched nor followed)."""
    from prx.engine.index.store import index_root

    path = os.path.join(index_root(root), "lock")
    os.utime(path, follow_symlinks=False)
    return os.stat(path, follow_symlinks=False).st_mtime_ns
