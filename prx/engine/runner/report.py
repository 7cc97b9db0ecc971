"""Assemble the :class:`~prx.types.RunReport`: caps, the budget, the raw log, token figures.

A budget is a hard cap on the whole answer, and an answer without one still has a ceiling
(:data:`DEFAULT_CEILING`): whatever does not fit is cut, in a fixed order, and every cut is
counted. Lines longer than :data:`MAX_LINE_CHARS` are cut with a marker that counts the
characters left out. Whenever anything is left out, the whole output is in the raw log.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prx.core.budget import ENVELOPE_RESERVE, RUN_CEILING
from prx.core.errors import BudgetExceededError
from prx.core.results.run import Detected, Failure, RunReport
from prx.core.tokens import TokenCounter, count_fast
from prx.engine.runner.answer import Answer, TailLine, cut_marked, cut_text, gap, is_marker
from prx.engine.runner.excerpt import ERROR_LINE, excerpt, split_lines
from prx.engine.runner.fit import Fitter
from prx.engine.runner.model import Parsed
from prx.engine.runner.rawlog import discard, prune, save_raw
from prx.engine.runner.summary import compose_summary, found_trouble

if TYPE_CHECKING:
    from prx.engine.runner.capture import OutputView

__all__ = [
    "DEFAULT_CEILING",
    "MAX_LINE_CHARS",
    "Limits",
    "RunOutput",
    "build_report",
]

#: Tokens the whole answer may take when no ``--budget`` is given (counted as bytes/4).
DEFAULT_CEILING = RUN_CEILING
#: Characters shown of one line of output, failure message or excerpt line.
MAX_LINE_CHARS = 2000


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """Caps applied without a budget; each cut is counted in the report."""

    failures: int = 50
    diagnostics: int = 200
    excerpt_lines: int = 40
    tail_lines: int = 300
    line_chars: int = MAX_LINE_CHARS
    #: Tokens of the whole answer without a budget.
    ceiling: int = DEFAULT_CEILING


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RunOutput:
    """What ran and what it printed."""

    argv: tuple[str, ...]
    exit_code: int
    duration_ms: int
    #: The output as text (an output too large to hold: its view, gaps marked).
    merged: str
    #: The whole output, when it was held in memory (written to the raw log if needed).
    raw_bytes: bytes = b""
    timed_out: bool = False
    timeout_s: float | None = None
    #: The signal that stopped prx while the command ran (``SIGTERM``), if any.
    interrupted: str | None = None
    #: Set when the output was too large to hold (see
    #: :class:`~prx.engine.runner.capture.OutputView`).
    view: OutputView | None = None
    #: Bytes of the whole output; ``len(raw_bytes)`` when None.
    size: int | None = None
    #: The raw log written while the command ran (a large output), if any.
    log_path: str | None = None
    #: Why the raw log is missing or incomplete.
    log_note: str | None = None


def _relative(path: str | None, cwd: str | None) -> str | None:
    """A path the tool printed as answers show paths: relative to ``cwd`` when inside it
    (without a leading ``./``), else as printed."""
    if path is None:
        return path
    if not os.path.isabs(path):
        while path.startswith("./"):
            path = path[2:]
        return path
    if cwd is None:
        return path
    prefix = cwd.rstrip("/") + "/"
    return path[len(prefix) :] if path.startswith(prefix) else path


def _cap_excerpt(text: str | None, limit: int) -> str | None:
    if text is None:
        return None
    lines = text.splitlines()
    if len(lines) <= limit:
        return text
    return "\n".join([*lines[:limit], f"[prx: {len(lines) - limit} more lines in the raw log]"])


def _dedupe(failures: Sequence[Failure]) -> list[Failure]:
    seen: set[str] = set()
    out = []
    for failure in failures:
        if failure.name not in seen:
            seen.add(failure.name)
            out.append(failure)
    return out


def _cut_failures(failures: list[Failure], limit: int) -> list[tuple[Failure, tuple[int, int]]]:
    """Each failure with its message and excerpt lines cut to ``limit`` characters, and the
    characters cut from each."""
    out = []
    for failure in failures:
        message, message_hidden = cut_marked(failure.message, limit)
        excerpt_hidden = 0
        extract = failure.excerpt
        if extract is not None and any(len(x) > limit for x in extract.splitlines()):
            pieces = [cut_marked(x, limit) for x in extract.splitlines()]
            extract = "\n".join(x for x, _ in pieces)
            excerpt_hidden = sum(n for _, n in pieces)
        changed = dataclasses.replace(failure, message=message, excerpt=extract)
        out.append((changed, (message_hidden, excerpt_hidden)))
    return out


def _view_tail(view: OutputView, keep: list[bool] | None) -> tuple[list[TailLine], int]:
    """Lines of a view (the flagged ones and the last 20, or all of them) with their gaps."""
    cut = excerpt(
        view.lines,
        keep=keep if keep is not None else [True] * len(view.lines),
        last=20,
        max_kept=80 if keep is not None else len(view.lines),
        numbers=view.numbers,
        total=view.total,
        partial=view.partial,
    )
    return _lines_of(cut.lines, view), cut.shown


def _lines_of(texts: Sequence[str], view: OutputView | None) -> list[TailLine]:
    """Tail lines from texts: markers do not count as shown, nor lines cut at an edge."""
    edge: dict[str, int] = {}
    if view is not None:
        edge = {view.lines[i]: view.hidden.get(i, 0) for i in view.partial}
    return [
        TailLine(text, counted=not (is_marker(text) or text in edge), edge_hidden=edge.get(text, 0))
        for text in texts
    ]


def _capped(
    lines: list[TailLine], caps: Limits, keep: str, *, max_lines: int | None, max_chars: int
) -> list[TailLine]:
    """At most ``max_lines`` lines (and ``max_chars`` characters: more could never fit) of
    at most ``caps.line_chars`` characters each."""
    for line in lines:
        if len(line.text) > caps.line_chars and not line.edge_hidden:
            line.text, line.hidden = cut_text(line.text, caps.line_chars)
    room = len(lines) if max_lines is None else max_lines
    used = 0
    order = lines if keep == "head" else reversed(lines)
    for taken, line in enumerate(order):
        used += len(line.text) + 1
        if taken >= room or used > max_chars:
            room = taken
            break
    if len(lines) <= room:
        return lines
    if keep == "head":
        return [*lines[:room], gap(lines[room:], "more lines")]
    cut = len(lines) - room
    return [gap(lines[:cut], "earlier lines"), *lines[cut:]]


def _large_output_note(output: RunOutput) -> str | None:
    if output.view is None:
        return None
    from prx.engine.runner.capture import HEAD_BYTES, TAIL_BYTES

    return (
        f"output too large to hold ({output.view.size} bytes): read its first "
        f"{HEAD_BYTES // 1024} KiB, last {TAIL_BYTES // 1024} KiB and error-looking lines"
    )


def build_report(
    output: RunOutput,
    parsed: Parsed,
    *,
    tool: str,
    home: str | None,
    cwd: str | None = None,
    budget: int | None = None,
    verbatim: bool = False,
    detected: Detected | None = None,
    count: TokenCounter = count_fast,
    limits: Limits | None = None,
) -> RunReport:
    """The report of one run; the raw log under ``home`` whenever anything is cut.

    :raises BudgetExceededError: not even the summary, counts and raw log path fit ``budget``.
    """
    caps = limits or Limits()
    view = output.view
    lines = split_lines(output.merged) if view is None else view.lines
    total_lines = len(lines) if view is None else view.total
    failures = [
        dataclasses.replace(
            f, file=_relative(f.file, cwd), excerpt=_cap_excerpt(f.excerpt, caps.excerpt_lines)
        )
        for f in _dedupe(parsed.failures)
    ]
    diagnostics = [
        dataclasses.replace(d, file=_relative(d.file, cwd) or d.file) for d in parsed.diagnostics
    ]
    summary = compose_summary(
        parsed,
        exit_code=output.exit_code,
        duration_ms=output.duration_ms,
        timed_out=output.timed_out,
        timeout_s=output.timeout_s,
        interrupted=output.interrupted,
        failures=failures,
        diagnostics=diagnostics,
        verbatim=verbatim,
    )
    for note in (_large_output_note(output), output.log_note):
        if note:
            summary += f"; {note}"
    shown = 0
    tail: list[TailLine] | None = None
    keep = "head" if verbatim else "tail"
    if verbatim:
        if view is None:
            tail, shown = [TailLine(x) for x in lines], total_lines
        else:
            tail, shown = _view_tail(view, None)
    elif parsed.excerpt is not None:
        tail, shown = _lines_of(parsed.excerpt, view), parsed.excerpt_source_lines
    elif parsed.items:
        tail = [TailLine(x, counted=False) for x in parsed.items]
        keep = "head"
    elif lines and (
        (output.exit_code != 0 and not found_trouble(parsed))
        or ((output.timed_out or output.interrupted) and not failures)
    ):
        # Nothing parsed explains the failure: show what the fallback would.
        if view is None:
            cut = excerpt(lines, keep=[bool(ERROR_LINE.search(x)) for x in lines])
            tail, shown = _lines_of(cut.lines, None), cut.shown
        else:
            tail, shown = _view_tail(view, view.flags)
    limit = max(0, (budget if budget is not None else caps.ceiling) - ENVELOPE_RESERVE)
    answer = Answer(
        output,
        parsed,
        tool=tool,
        summary=summary,
        total_lines=total_lines,
        tokens_raw=_raw_tokens(output),
        count=count,
        detected=detected,
    )
    cut_failures = _cut_failures(failures[: caps.failures], caps.line_chars)
    answer.failures = [f for f, _ in cut_failures]
    answer.failure_hidden = [hidden for _, hidden in cut_failures]
    answer.failures_omitted = max(0, len(failures) - caps.failures)
    for d in diagnostics[: caps.diagnostics]:
        message, hidden = cut_marked(d.message, caps.line_chars)
        answer.diagnostics.append(dataclasses.replace(d, message=message))
        answer.diagnostic_hidden.append(hidden)
    answer.diagnostics_omitted = max(0, len(diagnostics) - caps.diagnostics)
    # Only an answer that names files needs the directory they are relative to.
    if diagnostics or any(f.file for f in failures):
        answer.root = cwd if cwd is not None else os.getcwd()
    if tail is not None:  # verbatim output is cut by the ceiling alone
        answer.shown, answer.counted = shown, sum(1 for x in tail if x.counted)
        max_lines = None if verbatim else caps.tail_lines
        answer.tail = _capped(tail, caps, keep, max_lines=max_lines, max_chars=8 * limit)
    fitter = Fitter(answer, limit, keep_tail=keep)
    if answer.cuts_anything() or not fitter.fits():
        answer.raw_path = _keep_raw(output, home)
        if answer.raw_path is None and home is not None and output.log_note is None:
            answer.summary += "; the raw log could not be saved"
    elif output.log_path is not None:
        discard(output.log_path)
    if not fitter.fit() and budget is not None:
        need = answer.tokens() + ENVELOPE_RESERVE
        raise BudgetExceededError(
            f"budget {budget} is too small for this run's answer: its summary, counts and "
            f"raw log path alone take {need} tokens. The command ran: {answer.summary}"
            + (f"; full output: {answer.raw_path}" if answer.raw_path else ""),
            param="budget",
            suggestion=f"Use {{param}} {need} or more.",
        )
    return answer.report()


#: Characters of output counted exactly (cl100k_base); a larger one is estimated (bytes/4).
EXACT_RAW_CHARS = 4 << 20


def _raw_tokens(output: RunOutput) -> int:
    """The raw output's tokens, exact (cl100k_base): the model-facing text is held to them.
    An output too large to hold, or to count quickly, is estimated (bytes/4)."""
    if output.view is not None:
        return -(-output.view.size // 4)
    if len(output.merged) > EXACT_RAW_CHARS:
        return count_fast(output.merged)
    from prx.core.tokens import count_exact

    return count_exact(output.merged)


def _keep_raw(output: RunOutput, home: str | None) -> str | None:
    """The raw log's path: the one written while the command ran, or a new one."""
    if output.log_path is not None:
        if home is not None:
            prune(home)
        return output.log_path
    if home is None or (output.view is None and not output.raw_bytes and not output.merged):
        return None
    if output.view is not None:
        return None  # too large to hold and not spilled: nothing whole to write
    return save_raw(home, output.raw_bytes or output.merged.encode())
