"""Starting and stopping the warm server that ``prx index --watch`` runs beside itself
(:mod:`prx.warm.serve`), from the watching process.

The server is a child in a session of its own (Ctrl-C in the terminal reaches the watch
only); it ends when the watch closes the child's stdin, or dies.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import subprocess

__all__ = ["READY_SECONDS", "WarmChild"]

#: The child's program. Not ``-m``, nor in the root: a module there named like one of the
#: standard library's (``types.py``) would be imported in its place. ``sys.path[0]`` is
#: dropped before anything is imported.
_CODE = "import sys; del sys.path[0]; from prx.warm.serve import main; sys.exit(main())"
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
