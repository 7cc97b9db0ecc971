"""The warm server ``prx index --watch`` starts beside itself (no SDK, no watcher needed),
and the one a CLI call starts in an indexed root (``--detached``).

    python -c "...; from prx.frontends.warm.serve import main; sys.exit(main())" [--detached] ROOT

(see :mod:`prx.frontends.warm.spawn` for why not ``-m``).
It holds one Workspace for ROOT, serves its warm socket, and keeps the search engine on
the published index: it loads it at once, and again within :data:`FOLLOW_SECONDS` of each
publish (by the watch or any other ``prx index``). Beside a watch, it writes one line on
stdout, ``ready <socket path>`` or ``unavailable <reason>``, and ends when its stdin does
(the watch ended, or died).

Detached (:mod:`prx.frontends.warm.autostart`), it calls itself ``prx-warm``, loads the
index before it listens (calls meanwhile answer themselves at once), removes the start
marker once listening, and ends after ``warm_idle_seconds`` without answering a call, when
the root has no published index any more, or on SIGTERM, SIGINT or SIGHUP; the socket
goes with it.

A process of its own rather than a thread of the watch: the watch's builds fork worker
processes, which is unsafe while another thread may hold a lock, and a build's Python work
would hold the interpreter while a search waits.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time

from prx.frontends.warm.autostart import DETACHED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from prx.app.workspace import Workspace
    from prx.frontends.warm.answer import CliAnswerer
    from prx.frontends.warm.server import WarmServer

__all__ = ["ACTIVE_SECONDS", "FOLLOW_SECONDS", "IDLE_POLL_SECONDS", "PROCESS_NAME", "main"]

#: How long a detached server waits before it loads anything (see main).
START_DELAY_SECONDS = 0.1
#: How often the published index is checked for a newer one to load.
FOLLOW_SECONDS = 0.25
#: While asked something in this many seconds, the search engine's check against the
#: files is redone in the background before it expires (see CliAnswerer.keep_fresh).
ACTIVE_SECONDS = 120.0
#: How often a detached server checks whether it has been idle long enough.
IDLE_POLL_SECONDS = 5.0
#: The process name of a detached server.
PROCESS_NAME = "prx-warm"


def _tell(line: str) -> None:
    """The one line for the watch; stdout is then closed (nothing else is written)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve ROOT until stdin ends (``--detached ROOT``: until idle, see the module)."""
    import signal

    args = list(sys.argv[1:] if argv is None else argv)
    detached = args[:1] == [DETACHED]
    if detached:
        del args[0]
    if len(args) != 1:
        sys.stderr.write(f"usage: python -m prx.frontends.warm.serve [{DETACHED}] ROOT\n")
        return 2
    if detached:
        # The call that started it is still ending: it keeps the core a moment longer.
        import time

        time.sleep(START_DELAY_SECONDS)
        _name_process()
        # Nobody to tell: every signal that asks it to end ends it, socket removed.
        for name in ("SIGTERM", "SIGINT", "SIGHUP"):
            signal.signal(getattr(signal, name), lambda *_: sys.exit(0))
    else:
        # Ctrl-C is the watch's to handle: this process ends when the watch closes its stdin.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    from prx.engine.index.store import current_dir
    from prx.frontends.builtins import frontend_workspace
    from prx.frontends.mcp.blas import one_blas_thread
    from prx.frontends.warm.answer import CliAnswerer
    from prx.frontends.warm.server import Served, Unavailable, WarmServer

    one_blas_thread()  # one call at a time, as prx mcp: BLAS threads would only spin

    root = os.path.realpath(args[0])
    if detached and current_dir(root) is None:
        return 0  # the index went away before the server came up: nothing to serve
    workspace = frontend_workspace(root)
    # The kernel tells this process what changed: a call re-checks the tree only then.
    from prx.engine.index.journal import watch_tree

    watch_tree(root)
    lock = threading.Lock()

    @contextlib.contextmanager
    def exclusive(timeout: float) -> Iterator[Workspace]:
        if not lock.acquire(timeout=timeout):
            raise TimeoutError
        try:
            yield workspace
        finally:
            lock.release()

    answerer = CliAnswerer(root, exclusive)
    server = WarmServer(root, answerer)
    if detached:
        # Loaded before the socket exists: until then calls answer themselves at once,
        # rather than wait for a Workspace that is loading and then answer themselves.
        answerer.prewarm()
    try:
        path = server.start()
    except Unavailable as why:
        if not detached:
            _tell(f"unavailable {why}")
        elif isinstance(why, Served):  # started twice: the other one serves
            from prx.frontends.warm.address import socket_path

            path = socket_path(root, os.environ) or ""
            _done_starting(path)
        # Otherwise the start marker stays, so the next try waits (autostart).
        return 0
    if detached:
        _done_starting(path)
    stop = threading.Event()
    try:
        if not detached:
            _tell(f"ready {path}")

        # Half the engine's re-check interval: while calls keep coming, what changed is
        # read into the engine before a request asks (each request still checks the tree;
        # no background check at 0).
        every = 0.5 * workspace.config.freshness_seconds

        def follow() -> None:
            if not detached:
                answerer.prewarm()
            checked = time.monotonic()
            while not stop.wait(FOLLOW_SECONDS):
                now = time.monotonic()
                if answerer.outdated():
                    answerer.prewarm()
                    checked = now
                elif every and now - checked >= every and now - answerer.asked_at < ACTIVE_SECONDS:
                    answerer.keep_fresh()
                    checked = now

        threading.Thread(target=follow, name="prx-warm-follow", daemon=True).start()
        if detached:
            _until_idle(root, answerer, server, workspace.config.warm_idle_seconds)
        else:
            # os.read, not sys.stdin: a buffered file holds a lock while it waits, and a
            # worker an engine build forks would inherit it held (multiprocessing closes
            # stdin).
            while os.read(0, 1 << 12):
                pass  # nothing is sent: the end of stdin is the signal
    finally:
        stop.set()
        server.close()
    return 0


def _until_idle(root: str, answerer: CliAnswerer, server: WarmServer, idle: float) -> None:
    """Return once nothing was answered for ``idle`` seconds (and no call is being
    answered), or once the root has no published index."""
    from prx.engine.index.store import current_dir

    started = time.monotonic()
    every = min(IDLE_POLL_SECONDS, idle / 4)
    while True:
        time.sleep(every)
        if current_dir(root) is None:
            return
        last = max(started, answerer.answered_at)
        if time.monotonic() - last >= idle and not server.active:
            return


def _name_process() -> None:
    """Call this process ``prx-warm`` (what ``ps``, ``top`` and ``pgrep -x`` show), where
    Linux lets a process rename itself."""
    try:
        with open("/proc/self/comm", "w", encoding="ascii") as fh:
            fh.write(PROCESS_NAME)
    except OSError:
        pass


def _done_starting(path: str) -> None:
    """Remove the start marker (:mod:`prx.frontends.warm.autostart`) once listening, if it
    is this process's (or names none yet)."""
    from prx.frontends.warm.autostart import marker_path

    marker = marker_path(path)
    try:
        with open(marker, "rb") as fh:
            text = fh.read(32).strip()
        if text in (b"", b"%d" % os.getpid()):
            os.unlink(marker)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
