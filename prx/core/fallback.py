"""The Unix fallback: when a command fails inside prx, answer with the plain tool's output.

The fallback runs an argv list (never a shell string), captures its stdout, logs the
failure to the error log, and the front-end answers ``status: ok, fallback: true``.
"""

from __future__ import annotations

import json
import os
import shlex
import time
import traceback
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prx.core.record import record
from prx.core.tokens import TokenCounter

if TYPE_CHECKING:
    from prx.core.config import Config

__all__ = ["FallbackAnswer", "describe_failure", "log_failure", "run_fallback"]

#: Seconds a fallback command may run before it is stopped.
FALLBACK_TIMEOUT = 60.0


@record(kw_only=False)
class FallbackAnswer:
    """What the Unix tool printed."""

    raw: str
    source: str
    exit_code: int
    raw_bytes: int
    truncated: bool
    omitted_lines: int


def describe_failure(exc: BaseException) -> str:
    """``Type: message (at file:line)``, naming the innermost frame."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _cap(raw: str, budget: int | None, count: TokenCounter, limit: str) -> tuple[str, bool, int]:
    if budget is None or count(raw) <= budget:
        return raw, False, 0
    lines = raw.splitlines(keepends=True)
    kept: list[str] = []
    used = 0
    for line in lines:
        # At least one token a line: the fast estimate rounds a short line down to 0.
        cost = max(1, count(line))
        if used + cost > budget:
            break
        kept.append(line)
        used += cost
    omitted = len(lines) - len(kept)
    kept.append(f"[prx: {omitted} more lines cut by {limit}; run the source command for all]\n")
    return "".join(kept), True, omitted


def run_fallback(
    argv: Sequence[str],
    *,
    budget: int | None = None,
    count: TokenCounter,
    limit: str = "the budget",
    cwd: str | None = None,
) -> FallbackAnswer | None:
    """Run ``argv`` in ``cwd`` (the Workspace root: the paths in ``argv`` are relative to
    it, as the command's were); None when it cannot be started or times out.

    :param budget: tokens the output may take (whole lines are kept), None for all of it.
    :param limit: what ``budget`` is, for the marker line (``the budget``, ``the default
        ceiling``).
    """
    import subprocess

    words, env = list(argv), None
    if words and os.path.basename(words[0]) == "git":
        # git runs as every git call in prx does: nothing the repository names executes.
        from prx.core import safegit
        from prx.core.errors import GitError

        try:
            words, env = safegit.from_argv(cwd or os.getcwd(), words)
        except GitError:
            return None  # a layout that leads outside, or no git: no fallback
    try:
        proc = subprocess.run(
            words,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=FALLBACK_TIMEOUT,
            check=False,
        )
    except (OSError, ValueError, subprocess.SubprocessError):  # ValueError: a NUL in argv
        return None
    text = proc.stdout.decode("utf-8", "replace")
    raw, truncated, omitted = _cap(text, budget, count, limit)
    return FallbackAnswer(
        raw=raw,
        source=shlex.join(argv),
        exit_code=proc.returncode,
        raw_bytes=len(proc.stdout),
        truncated=truncated,
        omitted_lines=omitted,
    )


def log_failure(
    config: Config,
    command: str,
    args: Sequence[str],
    error: str,
    answer: FallbackAnswer | None,
) -> None:
    """Append a record to the error log; failing to log never fails the command."""
    record = {
        "ts": int(time.time()),
        "command": command,
        "args": list(args),
        "error": error,
        "fallback_cmd": answer.source if answer else None,
        "fallback_bytes": answer.raw_bytes if answer else 0,
    }
    try:
        os.makedirs(os.path.dirname(config.errors_file) or ".", exist_ok=True)
        from prx.core.envelope import escape_surrogates

        # An argument with bytes that are not UTF-8 (lone surrogates) is logged as \xNN, as
        # answers show it: writing it raw failed, and with it the fallback's answer.
        line = escape_surrogates(json.dumps(record, ensure_ascii=False), json_text=True)
        with open(config.errors_file, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    except OSError:
        pass
