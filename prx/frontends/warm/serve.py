"""The warm server ``prx index --watch`` starts beside itself (no SDK, no watcher needed).

    python -c "...; from prx.frontends.warm.serve import main; sys.exit(main())" ROOT

(see :mod:`prx.frontends.warm.spawn` for why not ``-m``).
It holds one Workspace for ROOT, serves its warm socket, and keeps the search engine on
the published index: it loads it at once, and again within :data:`FOLLOW_SECONDS` of each
publish (by the watch or any other ``prx index``). It writes one line on stdout, ``ready
<socket path>`` or ``unavailable <reason>``, and ends when its stdin does (the watch
ended, or died).

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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from prx.app.workspace import Workspace

__all__ = ["ACTIVE_SECONDS", "FOLLOW_SECONDS", "main"]

#: How often the published index is checked for a newer one to load.
FOLLOW_SECONDS = 0.25
#: While asked something in this many seconds, the search engine's check against the
#: files is redone in the background before it expires (see CliAnswerer.keep_fresh).
ACTIVE_SECONDS = 120.0


def _tell(line: str) -> None:
    """The one line for the watch; stdout is then closed (nothing else is written)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve ROOT until stdin ends."""
    import signal

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: python -m prx.frontends.warm.serve ROOT\n")
        return 2
    # Ctrl-C is the watch's to handle: this process ends when the watch closes its stdin.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    from prx.frontends.builtins import frontend_workspace
    from prx.frontends.mcp.blas import one_blas_thread
    from prx.frontends.warm.answer import CliAnswerer
    from prx.frontends.warm.server import Unavailable, WarmServer

    one_blas_thread()  # one call at a time, as prx mcp: BLAS threads would only spin

    root = os.path.realpath(args[0])
    workspace = frontend_workspace(root)
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
    try:
        path = server.start()
    except Unavailable as why:
        _tell(f"unavailable {why}")
        return 0
    stop = threading.Event()
    try:
        _tell(f"ready {path}")

        # Half the engine's re-check interval: while calls keep coming, what changed is
        # read into the engine before a request asks (each request still checks the tree;
        # no background check at 0).
        every = 0.5 * workspace.config.freshness_seconds

        def follow() -> None:
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
        # os.read, not sys.stdin: a buffered file holds a lock while it waits, and a worker
        # an engine build forks would inherit it held (multiprocessing closes stdin).
        while os.read(0, 1 << 12):
            pass  # nothing is sent: the end of stdin is the signal
    finally:
        stop.set()
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
