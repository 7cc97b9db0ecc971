"""Keeping the served root's index current while the server answers calls.

A build runs in a child process (:mod:`prx.frontends.mcp.indexer`): forking workers from a
threaded server is unsafe, and a child can be stopped without leaving the server in a
half state (an interrupted build leaves the published index as it was). A thread reads
the child's progress lines, keeps the latest :class:`IndexStatus` and hands it to a
listener (the server turns it into MCP notifications).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence

from prx.core.record import record, replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    import subprocess

__all__ = ["BackgroundIndex", "IndexStatus"]

#: The indexer child's code: prx.frontends.mcp.indexer, with nothing of the current directory on
#: the module path.
_CHILD = (
    "import sys; del sys.path[0]; from prx.frontends.mcp.indexer import main; "
    "sys.exit(main(sys.argv[1:]))"
)

#: After a failed build, how long before another is tried (each search would otherwise
#: start one that fails the same way).
RETRY_AFTER_SECONDS = 300.0


@record(frozen=False)
class IndexStatus:
    """Where the background index work stands."""

    #: ``idle`` (nothing run yet), ``building``, ``ready`` (the last build succeeded) or
    #: ``failed``.
    state: str = "idle"
    #: The stage being reported (``files``) and its counts.
    stage: str = ""
    done: int = 0
    total: int | None = None
    #: The last build's outcome: ``built``, ``updated``, ``up_to_date``; or the error.
    message: str = ""
    #: Builds that changed the index so far (each bumps it: cached engines are out of
    #: date). A check that found the index up to date leaves it: reloading the engine for
    #: it cost the next search ~0.7 s on django.
    generation: int = 0

    def copy(self) -> IndexStatus:
        return replace(self)

    def as_json(self) -> dict[str, object]:
        return {
            "state": self.state,
            "stage": self.stage,
            "done": self.done,
            "total": self.total,
            "message": self.message,
        }


Listener = Callable[[IndexStatus], None]


class BackgroundIndex:
    """Builds or updates ``root``'s index in a child process, one build at a time."""

    def __init__(
        self,
        root: str,
        *,
        listener: Listener | None = None,
        command: Sequence[str] | None = None,
    ) -> None:
        self.root = os.path.abspath(root)  # the child runs from /
        self.listener = listener
        self._command = list(command) if command is not None else None
        self._lock = threading.Lock()
        self._status = IndexStatus()
        self._child: subprocess.Popen[bytes] | None = None
        self._follower: threading.Thread | None = None
        self._failed_at: float | None = None
        self._closed = False

    # -- state ---------------------------------------------------------------------

    @property
    def status(self) -> IndexStatus:
        with self._lock:
            return self._status.copy()

    @property
    def building(self) -> bool:
        return self.status.state == "building"

    def note(self) -> str | None:
        """A sentence for an answer given while the index is not current, or None."""
        status = self.status
        if status.state == "building":
            total = f" of {status.total}" if status.total is not None else ""
            return (
                f"the index is being built in the background ({status.done}{total} files); "
                "until then searches read what it lacks (data.index says what)"
            )
        if status.state == "failed":
            return f"the index could not be built in the background: {status.message}"
        return None

    # -- control -------------------------------------------------------------------

    def ensure(self) -> bool:
        """Start a build unless one is running (or one failed a short while ago);
        whether one was started."""
        import subprocess

        with self._lock:
            if self._closed or self._status.state == "building":
                return False
            if (
                self._failed_at is not None
                and time.monotonic() - self._failed_at < RETRY_AFTER_SECONDS
            ):
                return False
            command = self._command or [sys.executable, "-c", _CHILD, self.root, str(os.getpid())]
            try:
                child = subprocess.Popen(
                    command,
                    # Not in the root, and not with -m: a root holding a file named like
                    # a module (json.py, prx/) would be imported in its place.
                    cwd=os.sep,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,  # progress lines, never the server's stdout
                    stderr=subprocess.DEVNULL,
                )
            except OSError as exc:
                self._fail(f"could not start: {exc}")
                status = self._status.copy()
            else:
                self._child = child
                self._status.state = "building"
                self._status.stage, self._status.done, self._status.total = "", 0, None
                self._status.message = ""
                status = self._status.copy()
                self._follower = threading.Thread(
                    target=self._follow, args=(child,), name="prx-index-follow", daemon=True
                )
                self._follower.start()
        self._tell(status)
        return status.state == "building"

    def close(self) -> None:
        """Stop a running build (the published index stays as it was)."""
        with self._lock:
            self._closed = True
            child, follower = self._child, self._follower
        if child is not None and child.poll() is None:
            child.terminate()
            try:
                child.wait(timeout=5)
            except Exception:  # noqa: BLE001  (a child that ignores SIGTERM)
                child.kill()
        if follower is not None:
            follower.join(timeout=5)

    def wait(self, timeout: float | None = None) -> IndexStatus:
        """Wait for a running build to end (for tests and benchmarks)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.building and (deadline is None or time.monotonic() < deadline):
            time.sleep(0.02)
        return self.status

    # -- the child's lines -----------------------------------------------------------

    def _follow(self, child: subprocess.Popen[bytes]) -> None:
        assert child.stdout is not None
        final: dict[str, object] | None = None
        for raw in child.stdout:
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(line, dict):
                continue
            if "stage" in line:
                with self._lock:
                    self._status.stage = str(line["stage"])
                    self._status.done = _int(line.get("done"))
                    total = line.get("total")
                    self._status.total = _int(total) if total is not None else None
                    status = self._status.copy()
                self._tell(status)
            else:
                final = line
        code = child.wait()
        with self._lock:
            self._child = None
            if final is not None and "status" in final and code == 0:
                self._status.state = "ready"
                self._status.message = str(final["status"])
                if final["status"] != "up_to_date":
                    self._status.generation += 1
                self._failed_at = None
            elif self._closed:
                self._status.state = "idle"
            else:
                reason = str(final.get("message")) if final else f"the build exited with {code}"
                self._fail(reason)
            status = self._status.copy()
        self._tell(status)

    def _fail(self, reason: str) -> None:
        """Record a failure (the lock is held)."""
        self._status.state = "failed"
        self._status.message = reason
        self._failed_at = time.monotonic()

    def _tell(self, status: IndexStatus) -> None:
        if self.listener is not None:
            try:
                self.listener(status)
            except Exception:  # noqa: BLE001  (a notification is best-effort)
                pass


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
