"""Worker process pools whose workers die with the process that started them.

A pool's idle workers block reading a pipe that their siblings hold open too, so when the
parent is killed (SIGKILL: a harness's timeout) they never see end-of-file: they would
live on forever, holding whatever they inherited (the index's writer lock, the caller's
stdout). So each worker asks the kernel to kill it when its parent dies (Linux:
``prctl(PR_SET_PDEATHSIG)``) and, on any system, a thread of it watches its parent's pid
and ends the worker once it changes (the worker was re-parented).
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["PARENT_POLL_SECONDS", "process_pool"]

#: How often a worker checks that its parent is still there (the portable backstop).
PARENT_POLL_SECONDS = 0.25
_PR_SET_PDEATHSIG = 1


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes (forked where possible) that end with this one."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    if "fork" in multiprocessing.get_all_start_methods():
        context: Any = _fork_context()
    else:
        context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=_die_with_parent, initargs=(os.getpid(),)
    )


def _fork_context() -> Any:
    """The fork context, with workers that never touch the stdin they inherit.

    A worker starts by closing ``sys.stdin`` (multiprocessing does so). If the parent
    forked while another of its threads was blocked reading stdin (``prx mcp``: the SDK's
    reader; a warm server), that thread held the stream's lock, which the child inherits
    held: closing it there waited forever. The child forgets the object instead (it never
    reads stdin; it ends with ``os._exit``, so nothing flushes or closes it)."""
    from multiprocessing.context import ForkContext, ForkProcess

    class Worker(ForkProcess):
        def _bootstrap(self, parent_sentinel: Any = None) -> int:
            sys.stdin = None
            return super()._bootstrap(parent_sentinel)  # type: ignore[misc,no-any-return]

    class Context(ForkContext):
        Process = Worker

    return Context()


def _die_with_parent(parent: int) -> None:
    """A worker's initializer: end this worker when ``parent`` ends."""
    _ask_the_kernel()
    if os.getppid() != parent:  # the parent died before the kernel was asked
        os._exit(1)
    import threading

    threading.Thread(
        target=_watch_parent, args=(parent,), name="prx-parent-watch", daemon=True
    ).start()


def _ask_the_kernel() -> None:
    """SIGKILL this process when its parent thread ends (Linux only)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no libc to ask: the watching thread remains
        pass


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)
