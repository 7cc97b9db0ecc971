"""Run one argv: both streams captured (apart and in arrival order), a real exit code,
wall time, and a timeout that kills the whole process group.

No shell is involved unless the argv itself starts one (``sh -c ...``). The child gets its
own session (process group) so that a timeout, or prx itself being stopped, takes down
everything it started. Its stdin is ``/dev/null``: a command waiting for input would hang
an agent, and under MCP stdin is the protocol channel.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from prx.errors import CommandNotExecutableError, CommandNotFoundError, NotFoundError

__all__ = ["Captured", "execute"]

#: Seconds between SIGTERM and SIGKILL when a timeout expires.
KILL_GRACE_S = 2.0
#: Seconds to keep reading after the child exited while something it started holds the pipes.
LINGER_S = 0.5
_CHUNK = 65536


@dataclass(frozen=True, slots=True, kw_only=True)
class Captured:
    """Everything one run produced."""

    argv: tuple[str, ...]
    #: The real exit code; ``-N`` when the child was killed by signal N.
    exit_code: int
    stdout: bytes
    stderr: bytes
    #: Both streams in the order their chunks arrived.
    merged: bytes
    duration_ms: int
    timed_out: bool


def _kill_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


@contextmanager
def _forward_signals(pid: int) -> Iterator[None]:
    """While the child runs, prx being interrupted or terminated kills the child's group."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {}

    def handler(signum: int, frame: Any) -> None:
        _kill_group(pid, signal.SIGKILL)
        old = previous.get(signum)
        if callable(old):
            old(signum, frame)
        elif signum == signal.SIGINT:
            raise KeyboardInterrupt
        else:
            raise SystemExit(128 + signum)

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        try:
            previous[sig] = signal.signal(sig, handler)
        except (ValueError, OSError):
            continue
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


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
        )
    except FileNotFoundError:
        if cwd is not None and not os.path.isdir(cwd):
            raise NotFoundError(f"directory not found: {cwd}") from None
        raise CommandNotFoundError(
            f"command not found: {argv[0]}",
            suggestion="Check the program name and PATH; prx runs no shell unless you "
            "write one (`prx run sh -c '...'`).",
        ) from None
    except PermissionError:
        raise CommandNotExecutableError(f"permission denied: {argv[0]} is not executable") from None
    except OSError as exc:
        raise CommandNotFoundError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None


def _wait(proc: Any, deadline: float | None, timed_out: bool) -> tuple[int, bool]:
    """The exit code, waiting no longer than the deadline (the child may have closed its
    pipes and kept running); True when the deadline killed it here."""
    import subprocess

    if timed_out:
        limit: float | None = KILL_GRACE_S
    else:
        limit = None if deadline is None else max(0.0, deadline - time.monotonic())
    try:
        return int(proc.wait(timeout=limit)), False
    except subprocess.TimeoutExpired:
        _kill_group(proc.pid, signal.SIGTERM)
        try:
            return int(proc.wait(timeout=KILL_GRACE_S)), not timed_out
        except subprocess.TimeoutExpired:
            _kill_group(proc.pid, signal.SIGKILL)
            return int(proc.wait()), not timed_out


def execute(
    argv: Sequence[str],
    *,
    timeout: float | None = None,
    cwd: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Captured:
    """Run ``argv`` to completion, or until ``timeout`` seconds have passed.

    :raises NotFoundError: the program does not exist.
    :raises PermissionDeniedError: the program is not executable.
    """
    import selectors

    if not argv:
        raise NotFoundError("no command given", suggestion="Usage: prx run [flags] CMD [ARGS...]")
    started = time.monotonic()
    proc = _spawn(argv, cwd, env)
    out, err, merged = bytearray(), bytearray(), bytearray()
    deadline = started + timeout if timeout else None
    timed_out = False
    kill_at: float | None = None
    exited_at: float | None = None
    with _forward_signals(proc.pid), selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ, out)
        sel.register(proc.stderr, selectors.EVENT_READ, err)
        while sel.get_map():
            now = time.monotonic()
            if deadline is not None and not timed_out and now >= deadline:
                timed_out = True
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
                key.data.extend(chunk)
                merged.extend(chunk)
        if timed_out:
            _kill_group(proc.pid, signal.SIGKILL)
        exit_code, late = _wait(proc, deadline, timed_out)
        timed_out = timed_out or late
    for stream in (proc.stdout, proc.stderr):
        stream.close()
    return Captured(
        argv=tuple(argv),
        exit_code=exit_code,
        stdout=bytes(out),
        stderr=bytes(err),
        merged=bytes(merged),
        duration_ms=int((time.monotonic() - started) * 1000),
        timed_out=timed_out,
    )
