"""Running one checker command: the runner's :func:`~prx.engine.runner.exec.execute`
(its own process group, killed on timeout, on cancellation or when prx goes), the whole
output read back (a large one from the raw log, kept in the check's temporary directory),
and every way it can fail said in words instead of raised.

Only :class:`~prx.core.errors.CancelledError` is raised: the caller decides what a
cancelled check means for the change around it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import BinaryIO

from prx.core.errors import CancelledError, PrxError
from prx.core.record import record
from prx.plugin.runner import RawRun

__all__ = ["Ran", "run_tool"]


@record
class Ran:
    """One command's run: its output, or why it gave none."""

    #: The run, when the command ran to its end (whatever its exit code).
    raw: RawRun | None
    #: Why it did not (not found, timed out, killed), in words.
    failure: str | None = None


def run_tool(
    argv: Sequence[str],
    *,
    cwd: str,
    env: Mapping[str, str],
    timeout: float,
    temp: str,
) -> Ran:
    """Run ``argv`` in ``cwd``; the raw log of a large output is written under ``temp``."""
    from prx.engine.runner.exec import execute

    logs: list[str] = []

    def open_log() -> tuple[str, BinaryIO] | None:
        path = os.path.join(temp, f"output-{len(logs)}.log")
        logs.append(path)
        try:
            return path, open(path, "wb")  # noqa: SIM115 - the capture closes it
        except OSError:
            return None

    shown = os.path.basename(argv[0])
    try:
        captured = execute(argv, timeout=timeout, cwd=cwd, env=env, open_log=open_log)
    except CancelledError:
        raise
    except PrxError as exc:
        return Ran(raw=None, failure=f"{shown} could not be started: {exc.message}")
    if captured.timed_out:
        return Ran(raw=None, failure=f"{shown} was stopped after {timeout:g} s (timeout)")
    if captured.interrupted is not None:
        return Ran(raw=None, failure=f"{shown} was stopped by a signal sent to prx")
    out = captured.output
    stdout, stderr = out.stdout.text(), out.stderr.text()
    merged = out.merged.text()
    if out.log_path is not None and out.log_note is None:
        try:
            with open(out.log_path, "rb") as fh:
                merged = fh.read().decode("utf-8", "replace")
        except OSError:
            pass
        else:
            # The streams apart are cut; the parsers read ``merged`` first.
            stdout = merged if not stderr.strip() else stdout
    elif out.merged.cut:
        return Ran(
            raw=None,
            failure=f"{shown} printed more than could be kept ({out.log_note or 'no raw log'})",
        )
    from prx.engine.runner.model import CapturedRun

    raw = CapturedRun(
        argv=tuple(argv),
        exit_code=captured.exit_code,
        stdout=stdout,
        stderr=stderr,
        duration_ms=captured.duration_ms,
        merged=merged,
    )
    if captured.exit_code < 0:
        return Ran(raw=raw, failure=f"{shown} was killed by signal {-captured.exit_code}")
    return Ran(raw=raw)
