"""Starting and stopping the warm server that ``prx index --watch`` runs beside itself
(:mod:`prx.frontends.warm.serve`), from the watching process.

The server is a child in a session of its own (Ctrl-C in the terminal reaches the watch
only); it ends when the watch closes the child's stdin, or dies.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

from prx.core.errors import PrxError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import subprocess
    from typing import Any

    from prx.plugin.context import Context

__all__ = ["READY_SECONDS", "WarmChild", "beside_watch"]

#: The child's program. Not ``-m``, nor in the root: a module there named like one of the
#: standard library's (``types.py``) would be imported in its place. ``sys.path[0]`` is
#: dropped before anything is imported.
_CODE = "import sys; del sys.path[0]; from prx.frontends.warm.serve import main; sys.exit(main())"
#: How long the server has to say it listens.
READY_SECONDS = 20.0
#: How long it has to end once told to.
STOP_SECONDS = 5.0


class WarmChild:
    """The warm server of ``root`` in a child process."""

    def __init__(self, root: str) -> None:
        self.root = os.path.realpath(root)
        self._child: subprocess.Popen[bytes] | None = None
        #: The socket's path, once the child listens.
        self.path: str | None = None

    def start(self) -> str:
        """Start the child and wait until it listens; a sentence for the user saying where,
        or why there is no warm socket."""
        import select
        import subprocess

        try:
            child = subprocess.Popen(
                [sys.executable, "-c", _CODE, self.root],
                cwd=os.sep,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as exc:
            return f"no warm socket: the server could not start ({exc.strerror or exc})"
        self._child = child
        assert child.stdout is not None
        ready, _, _ = select.select([child.stdout], [], [], READY_SECONDS)
        line = child.stdout.readline().decode("utf-8", "replace").strip() if ready else ""
        child.stdout.close()
        state, _, detail = line.partition(" ")
        if state == "ready":
            self.path = detail
            return f"warm socket {detail}: searches from other prx processes here are answered warm"
        self.close()
        if state == "unavailable":
            return f"no warm socket: {detail}"
        return "no warm socket: the server did not start"

    def close(self) -> None:
        """End the child (it removes its socket)."""
        child, self._child = self._child, None
        if child is None:
            return
        if child.stdin is not None:
            try:
                child.stdin.close()
            except OSError:
                pass
        try:
            child.wait(timeout=STOP_SECONDS)
        except Exception:  # noqa: BLE001  (TimeoutExpired: a child that does not end)
            child.kill()
            child.wait()


def _warm_child(ws: Context, path: str) -> WarmChild | None:
    """The warm server of the watched root, started beside the watch, or None when the
    watch is going to fail anyway (its own error says why)."""
    import importlib.util

    try:
        root = ws.resolve(path)
    except PrxError:
        return None  # the watch answers the error
    if not os.path.isdir(root) or importlib.util.find_spec("watchfiles") is None:
        return None
    from prx.core.progress import report
    from prx.frontends.warm.address import supported

    if not supported():
        return None
    warm = WarmChild(root)
    report("watch", 0, None, warm.start())
    return warm


@contextlib.contextmanager
def beside_watch(ws: Context, op_name: str, params: Any) -> Iterator[None]:
    """Serve the root's warm socket while ``prx index --watch`` runs (unless
    ``--no-warm-socket``): other prx processes' searches are answered warm meanwhile."""
    watching = op_name == "index" and getattr(params, "watch", False)
    warm = None
    if watching and not getattr(params, "no_warm_socket", False):
        warm = _warm_child(ws, params.path)
    try:
        yield
    finally:
        if warm is not None:
            warm.close()
