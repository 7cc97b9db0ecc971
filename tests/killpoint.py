"""Kill a ``prx`` process at a chosen step of its work, not at a chosen time.

A step is one progress event prx reports (``prx.core.progress.report``: an index build
reports each batch of files it has processed) or one change the process is about to make
to the file system (Python's audit events: an open for writing, a rename or replace, a
removal, a new directory or link). Run as a script::

    python killpoint.py STEP COUNT_FILE ARG...

runs ``prx ARG...`` in that process and SIGKILLs it at step STEP (counted from 1), just
before the change is made; STEP 0 runs to the end and writes how many steps there were to
COUNT_FILE. Only the process started counts: an index build's forked workers inherit the
hooks and ignore them. The work takes the same steps in the same order however fast the
machine is, so a seeded choice of STEP covers the same point of the code on every machine
(a kill after a random fraction of a measured time covered whatever that machine reached).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

#: Audit events of a change to the file system (``open`` counts when it may write).
_CHANGES = frozenset(
    {
        "os.rename",  # os.replace too
        "os.remove",  # os.unlink too
        "os.rmdir",
        "os.mkdir",
        "os.link",
        "os.symlink",
        "os.truncate",
        "shutil.rmtree",
    }
)
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def count_steps(args: Sequence[str], cwd: Path, env: Mapping[str, str], *, timeout: float) -> int:
    """Run ``prx ARGS`` to its end; the number of steps it took."""
    with tempfile.TemporaryDirectory(prefix="prx-killpoint-") as scratch:
        counted = Path(scratch) / "steps"
        done = _run(0, counted, args, cwd, env, timeout)
        assert done.returncode == 0, done.stderr[-2000:]
        return int(counted.read_text())


def kill_at(
    step: int, args: Sequence[str], cwd: Path, env: Mapping[str, str], *, timeout: float
) -> int:
    """Run ``prx ARGS`` and kill it at step ``step`` (>= 1); its exit status (``-SIGKILL``
    when it got there, 0 when it ended first)."""
    assert step >= 1
    return _run(step, Path(os.devnull), args, cwd, env, timeout).returncode


def _run(
    step: int,
    counted: Path,
    args: Sequence[str],
    cwd: Path,
    env: Mapping[str, str],
    timeout: float,
) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, __file__, str(step), str(counted), *args]
    return subprocess.run(
        argv, cwd=cwd, env=dict(env), capture_output=True, text=True, timeout=timeout
    )


def _main(argv: list[str]) -> int:
    target, counted, args = int(argv[0]), argv[1], argv[2:]
    me = os.getpid()
    taken = 0

    def take() -> None:
        nonlocal taken
        if os.getpid() != me or target < 0:
            return
        taken += 1
        if taken == target:
            os.kill(me, signal.SIGKILL)

    def audit(event: str, details: tuple[object, ...]) -> None:
        if event in _CHANGES:
            take()
        elif event == "open" and isinstance(details[2], int) and details[2] & _WRITE_FLAGS:
            take()

    # Before any module takes `report` by name (`from prx.core.progress import report`).
    import prx.core.progress as progress

    reported = progress.report

    def report(stage: str, done: int, total: int | None = None, message: str = "") -> None:
        take()
        reported(stage, done, total, message)

    progress.report = report
    sys.addaudithook(audit)
    from prx.frontends.cli import main

    code = main(args, program="prx")
    steps, target = taken, -1  # writing the count is not a step
    if counted != os.devnull:
        Path(counted).write_text(str(steps))
    return code


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
