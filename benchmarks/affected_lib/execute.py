"""Running a command with a deadline (its whole process group killed on time), and the
machine-wide lock that heavy work holds in turns."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

LOCK_PATH = "/tmp/prx-heavy.lock"
#: How long one hold of the lock may last before it is handed on (the machine is shared).
TURN_SECONDS = 12 * 60


@dataclass(frozen=True)
class Done:
    """A finished (or killed) command."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool


def run(
    argv: Sequence[str],
    cwd: Path,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    merge: bool = False,
) -> Done:
    """Run ``argv`` in ``cwd`` with ``env`` added to this process's environment; on
    ``timeout`` kill its process group (a test runner's workers too). ``merge``: stderr
    into stdout, in order (cargo interleaves its progress with the tests' lines)."""
    full = {**os.environ, **(env or {})}
    start = time.monotonic()
    proc = subprocess.Popen(
        list(argv),
        cwd=cwd,
        env=full,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merge else subprocess.PIPE,
        text=True,
        errors="replace",
        start_new_session=True,
    )
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
    return Done(proc.returncode, out or "", err or "", time.monotonic() - start, timed_out)


class HeavyLock:
    """``flock`` on the machine-wide lock, handed on every :data:`TURN_SECONDS`.

    Use as a context manager around a heavy loop and call :meth:`breathe` between steps:
    after a long hold it releases the lock, lets others take it, and waits its turn again.
    """

    def __init__(self, path: str = LOCK_PATH, turn: float = TURN_SECONDS) -> None:
        self.path = path
        self.turn = turn
        self._fd: int | None = None
        self._since = 0.0
        #: Seconds spent waiting for the lock (not the project's own time).
        self.waited = 0.0

    def _acquire(self) -> None:
        start = time.monotonic()
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        self._since = time.monotonic()
        self.waited += self._since - start

    def _release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def breathe(self) -> None:
        """Hand the lock on when this hold has lasted a turn."""
        if self._fd is not None and time.monotonic() - self._since > self.turn:
            self._release()
            time.sleep(5)  # flock is not fair: give a waiting process the chance
            self._acquire()

    def __enter__(self) -> HeavyLock:
        self._acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._release()
