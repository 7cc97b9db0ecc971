"""The one summary line of a run, written from facts only.

Rules that keep it true: the real exit code is always in it; a non-zero exit with nothing
failure-like parsed says so instead of printing counts that read as a pass; collection and
import errors lead the line; a timeout says that the process group was killed.
"""

from __future__ import annotations

import signal
from collections.abc import Sequence

from prx.core.results.run import Diagnostic, Failure
from prx.engine.runner.model import Parsed

__all__ = ["compose_summary", "format_seconds", "found_trouble", "signal_name"]

_COUNTS = (
    ("failed", "failed"),
    ("errors", "error"),
    ("passed", "passed"),
    ("skipped", "skipped"),
    ("xfailed", "xfailed"),
    ("xpassed", "xpassed"),
    ("filtered", "filtered out"),
)


def format_seconds(seconds: float) -> str:
    """``0.05s``, ``4.2s``, ``3m07s``."""
    if seconds < 1:
        return f"{seconds:.2f}s"
    if seconds < 60:
        return f"{seconds:.1f}s"
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes}m{rest:02d}s"


def _plural(n: int, word: str) -> str:
    if word == "error":
        return f"{n} error" + ("" if n == 1 else "s")
    if word == "warning":
        return f"{n} warning" + ("" if n == 1 else "s")
    return f"{n} {word}"


def found_trouble(parsed: Parsed) -> bool:
    """Whether anything failure-like was parsed (a failure, an error, a failed count)."""
    return bool(
        parsed.failures
        or parsed.collection_errors
        or (parsed.failed or 0) > 0
        or (parsed.errors or 0) > 0
        or (parsed.xpassed or 0) > 0
        or any(d.severity == "error" for d in parsed.diagnostics)
    )


def signal_name(signum: int) -> str:
    """``SIGTERM`` for 15."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _exit_text(code: int) -> str:
    if code < 0:
        return f"exit {code}, killed by {signal_name(-code)}"
    return f"exit {code}"


def _counts_text(
    parsed: Parsed, diagnostics: Sequence[Diagnostic], failures: Sequence[Failure]
) -> str:
    parts = []
    for attr, word in _COUNTS:
        value = getattr(parsed, attr)
        if value:
            parts.append(_plural(value, word))
    if parsed.failed is None and parsed.errors is None and failures:
        # No closing counts (the output was cut short): the failures it did list.
        parts.insert(0, f"{len(failures)} failed")
    elif failures and not parsed.failed and not parsed.errors:
        # The counts say none failed, yet something did (make's target after its tests all
        # passed): never a line that reads as a pass.
        parts.insert(0, f"{len(failures)} failed outside the counts")
    errors = sum(1 for d in diagnostics if d.severity == "error")
    if parsed.errors is None:
        if errors:
            parts.insert(0, _plural(errors, "error"))
    elif errors > parsed.errors:
        # The counts say fewer errors than the lines parsed (another tool's errors after
        # a linter's "All checks passed!"): never a line that reads as a pass.
        parts.insert(0, f"{_plural(errors - parsed.errors, 'error')} outside the counts")
    warnings = parsed.warnings
    if warnings is None:
        warnings = sum(1 for d in diagnostics if d.severity == "warning")
    if warnings:
        parts.append(_plural(warnings, "warning"))
    return ", ".join(parts)


def compose_summary(
    parsed: Parsed,
    *,
    exit_code: int,
    duration_ms: int,
    timed_out: bool = False,
    timeout_s: float | None = None,
    interrupted: str | None = None,
    failures: Sequence[Failure] | None = None,
    diagnostics: Sequence[Diagnostic] | None = None,
    verbatim: bool = False,
) -> str:
    """One line: what happened, how long it took and the exit code."""
    diags = parsed.diagnostics if diagnostics is None else diagnostics
    pieces: list[str] = []
    if interrupted:
        pieces.append(f"interrupted by {interrupted}: process group killed")
    if timed_out:
        limit = format_seconds(timeout_s) if timeout_s else "the limit"
        pieces.append(f"timed out after {limit}: process group killed")
    if parsed.collection_errors:
        shown = parsed.collection_errors[:3]
        more = len(parsed.collection_errors) - len(shown)
        text = "collection error: " + "; ".join(shown)
        if more > 0:
            text += f"; +{more} more"
        pieces.append(text)
    body = _counts_text(parsed, diags, parsed.failures if failures is None else failures)
    if parsed.headline:
        body = f"{body}; {parsed.headline}" if body else parsed.headline
    if body:
        pieces.append(body)
    elif verbatim:
        pieces.append("output returned verbatim")
    elif (timed_out or interrupted) and not parsed.complete:
        pieces.append("no summary from the tool")
    seconds = parsed.tool_duration_s if parsed.tool_duration_s is not None else duration_ms / 1000
    line = "; ".join(pieces)
    exit_text = _exit_text(exit_code)
    stopped = timed_out or bool(interrupted)
    if exit_code != 0 and not stopped and not verbatim and not found_trouble(parsed):
        head = f"{exit_text}, no failures parsed: see raw output"
        return f"{head} ({line}; {format_seconds(seconds)})" if line else head
    timing = f" in {format_seconds(seconds)}" if line else f"ran {format_seconds(seconds)}"
    if not parsed.complete and not stopped and not verbatim:
        timing += ", closing summary missing"
    return f"{line}{timing} ({exit_text})"
