"""Run one argv: both streams captured (apart and in arrival order) in bounded memory, a
real exit code, wall time, and a timeout that kills the whole process group.

No shell is involved unless the argv itself starts one (``sh -c ...``). The child gets its
own session (process group) so that a timeout, or prx itself being stopped, takes down
everything it started. Its stdin is ``/dev/null``: a command waiting for input would hang
an agent, and under MCP stdin is the protocol channel.

The child must not outlive prx, however prx ends:

- SIGINT, SIGTERM or SIGHUP while prx waits: the group gets SIGTERM, then SIGKILL after
  :data:`KILL_GRACE_S`, and the run is reported with the signal (``Captured.interrupted``).
- The call is cancelled (:func:`prx.core.progress.reporting`'s cancel event: an MCP client sent
  ``notifications/cancelled`` or left): the group is killed the same way and
  :class:`~prx.core.errors.CancelledError` is raised once it is gone.
- prx killed outright (SIGKILL, a crash): a watchdog (``sh``, in its own session, reading a
  pipe only prx holds) sends the group SIGTERM then SIGKILL when the pipe closes; on Linux,
  when prx runs no other thread, the direct child also gets SIGKILL from the kernel
  (``PR_SET_PDEATHSIG``). Not in a threaded prx (``prx mcp``): there the request would
  follow the thread that started the child rather than the process, and a pre-exec hook in
  a threaded process can deadlock the child before it runs (Python's own warning); the
  watchdog covers that case alone.

A process that left the group (``setsid``, a daemon) is out of reach of both.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, BinaryIO

from prx.core.errors import (
    CancelledError,
    CommandNotExecutableError,
    CommandNotFoundError,
    NotFoundError,
)
from prx.engine.runner.capture import Capture

__all__ = ["Captured", "execute"]

#: Seconds between SIGTERM and SIGKILL when a timeout expires or prx is stopped.
KILL_GRACE_S = 2.0
#: Seconds to keep reading after the child exited while something it started holds the pipes.
LINGER_S = 0.5
_CHUNK = 65536
#: Signals that stop the run (and are reported) instead of stopping prx outright.
STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
#: Kills the child's group once prx is gone (its end of the pipe closed).
_WATCHDOG = 'read _; kill -s TERM -- -"$1" 2>/dev/null; sleep 1; kill -s KILL -- -"$1" 2>/dev/null'


@dataclass(frozen=True, slots=True, kw_only=True)
class Captured:
    """Everything one run produced."""

    argv: tuple[str, ...]
    #: The real exit code; ``-N`` when the child was killed by signal N.
    exit_code: int
    #: The output, held in bounded memory (and in the raw log when large).
    output: Capture
    duration_ms: int
    timed_out: bool
    #: The signal that stopped prx while the command ran (its group was killed), if any.
    interrupted: int | None = None


def _kill_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


class _Stop:
    """The first stop signal received while the child ran, the child's group, and the
    call's cancel event (see :func:`prx.core.progress.reporting`)."""

    signum: int | None = None
    pid: int | None = None
    cancel: threading.Event | None = None

    @property
    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()


@contextmanager
def _intercept_signals() -> Iterator[_Stop]:
    """While the child runs, a stop signal kills the child's group (SIGTERM, a second one
    SIGKILL) and is recorded, so the run is still reported. Installed before the child
    starts, so no signal falls between its start and its supervision."""
    stop = _Stop()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous: dict[int, Any] = {}

    def handler(signum: int, frame: Any) -> None:
        first = stop.signum is None
        if first:
            stop.signum = signum
        if stop.pid is not None:
            _kill_group(stop.pid, signal.SIGTERM if first else signal.SIGKILL)

    for name in STOP_SIGNALS:
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            previous[sig] = signal.signal(sig, handler)
        except (ValueError, OSError):
            continue
    try:
        yield stop
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


@functools.cache
def _prctl() -> Any:
    """libc's ``prctl``, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def _die_with_parent() -> Callable[[], None] | None:
    """A pre-exec hook that has Linux kill the child when prx dies (``PR_SET_PDEATHSIG``);
    None where there is no ``prctl``, or while other threads run (see the module
    docstring)."""
    prctl = _prctl()
    if prctl is None or threading.active_count() > 1:
        return None
    parent = os.getpid()
    pr_set_pdeathsig = 1

    def hook() -> None:
        prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != parent:  # prx died before the request took effect
            os._exit(137)

    return hook


def _spawn(argv: Sequence[str], cwd: str | None, env: Mapping[str, str] | None) -> Any:
    import subprocess

    try:
        return subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            start_new_session=True,
            preexec_fn=_die_with_parent(),  # one libc call between fork and exec
        )
    except FileNotFoundError:
        if cwd is not None and not os.path.isdir(cwd):
            raise NotFoundError(f"directory not found: {cwd}") from None
        raise CommandNotFoundError(
            f"command not found: {argv[0]}",
            suggestion="Check the program name and PATH; prx runs no shell unless the "
            "command is one (sh -c '...').",
        ) from None
    except PermissionError:
        raise CommandNotExecutableError(f"permission denied: {argv[0]} is not executable") from None
    except OSError as exc:
        raise CommandNotFoundError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None


def _start_watchdog(pgid: int) -> Any:
    """``sh`` in its own session, waiting for prx's end of a pipe to close; None if none."""
    import subprocess

    if os.name != "posix" or not os.path.exists("/bin/sh"):
        return None
    try:
        return subprocess.Popen(
            ["/bin/sh", "-c", _WATCHDOG, "prx-watchdog", str(pgid)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        return None


def _stop_watchdog(watchdog: Any) -> None:
    """The run is over and prx is alive: the watchdog goes without acting."""
    if watchdog is None:
        return
    watchdog.kill()  # before its pipe closes, so it never gets to kill anything
    watchdog.wait()
    watchdog.stdin.close()


def _wait(proc: Any, deadline: float | None, killing: bool) -> tuple[int, bool]:
    """The exit code, waiting no longer than the deadline (the child may have closed its
    pipes and kept running); True when the deadline killed it here."""
    import subprocess

    if killing:
        limit: float | None = KILL_GRACE_S
    else:
        limit = None if deadline is None else max(0.0, deadline - time.monotonic())
    try:
        return int(proc.wait(timeout=limit)), False
    except subprocess.TimeoutExpired:
        _kill_group(proc.pid, signal.SIGTERM)
        try:
            return int(proc.wait(timeout=KILL_GRACE_S)), not killing
        except subprocess.TimeoutExpired:
            _kill_group(proc.pid, signal.SIGKILL)
            return int(proc.wait()), not killing


def execute(
    argv: Sequence[str],
    *,
    timeout: float | None = None,
    cwd: str | None = None,
    env: Mapping[str, str] | None = None,
    open_log: Callable[[], tuple[str, BinaryIO] | None] | None = None,
) -> Captured:
    """Run ``argv`` to completion, or until ``timeout`` seconds have passed.

    :param open_log: creates the raw log, should the output outgrow what is held in memory.
    :raises CommandNotFoundError: the program does not exist.
    :raises CommandNotExecutableError: the program is not executable.
    """
    if not argv:
        raise NotFoundError(
            "no command given",
            param="command",
            suggestion="Pass the command to run and its arguments as {param}.",
        )
    from prx.core.progress import cancel_event, check_cancelled

    check_cancelled()  # nothing is started for a call already cancelled
    with _intercept_signals() as stop:
        stop.cancel = cancel_event()
        started = time.monotonic()
        proc = _spawn(argv, cwd, env)
        stop.pid = proc.pid
        watchdog = _start_watchdog(proc.pid)
        capture = Capture(open_log)
        try:
            exit_code, timed_out = _supervise(proc, capture, stop, timeout, started)
        except BaseException:  # prx is going down: the group goes first
            _kill_group(proc.pid, signal.SIGKILL)
            proc.wait()
            raise
        finally:
            capture.close()
            _stop_watchdog(watchdog)
            proc.stdout.close()
            proc.stderr.close()
    if stop.cancelled:
        raise CancelledError(
            f"cancelled by the caller; {argv[0]} and its process group were stopped",
            suggestion="Run it again when the result is wanted.",
        )
    return Captured(
        argv=tuple(argv),
        exit_code=exit_code,
        output=capture,
        duration_ms=int((time.monotonic() - started) * 1000),
        timed_out=timed_out,
        interrupted=stop.signum,
    )


def _supervise(
    proc: Any, capture: Capture, stop: _Stop, timeout: float | None, started: float
) -> tuple[int, bool]:
    """Read both streams until the child is done (or killed); its exit code and whether the
    timeout expired."""
    import selectors

    deadline = started + timeout if timeout else None
    timed_out = False
    killing = False  # SIGTERM sent to the group (timeout or stop signal); SIGKILL follows
    kill_at: float | None = None
    exited_at: float | None = None
    names = {proc.stdout: "stdout", proc.stderr: "stderr"}
    with selectors.DefaultSelector() as sel:
        for stream in names:
            sel.register(stream, selectors.EVENT_READ)
        while sel.get_map():
            now = time.monotonic()
            if not killing and (
                stop.signum is not None
                or stop.cancelled
                or (deadline is not None and now >= deadline)
            ):
                timed_out = stop.signum is None and not stop.cancelled
                killing = True
                _kill_group(proc.pid, signal.SIGTERM)
                kill_at = now + KILL_GRACE_S
            if kill_at is not None and now >= kill_at:
                _kill_group(proc.pid, signal.SIGKILL)
                kill_at = None
                exited_at = exited_at or now
            if exited_at is None and proc.poll() is not None:
                exited_at = now
            if exited_at is not None and now >= exited_at + LINGER_S:
                break  # the child is gone; something it started still holds the pipes
            for key, _ in sel.select(timeout=0.05):
                chunk = os.read(key.fd, _CHUNK)
                if not chunk:
                    sel.unregister(key.fileobj)
                    continue
                capture.feed(names[key.fileobj], chunk)
    if killing:
        _kill_group(proc.pid, signal.SIGKILL)
    exit_code, late = _wait(proc, deadline, killing or stop.signum is not None or stop.cancelled)
    return exit_code, timed_out or late
