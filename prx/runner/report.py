"""Assemble the :class:`~prx.types.RunReport`: caps, budget, raw log, token figures."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Sequence

from prx._types.run import Diagnostic, Failure, RunReport
from prx.runner.excerpt import ERROR_LINE, excerpt, split_lines
from prx.runner.model import Parsed
from prx.runner.rawlog import save_raw
from prx.runner.summary import compose_summary, found_trouble
from prx.tokens import TokenCounter, count_fast

__all__ = ["Limits", "RunOutput", "build_report"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """Caps applied without a budget; each cut is counted in the report."""

    failures: int = 50
    diagnostics: int = 200
    excerpt_lines: int = 40
    tail_lines: int = 300


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RunOutput:
    """What ran and what it printed."""

    argv: tuple[str, ...]
    exit_code: int
    duration_ms: int
    merged: str
    raw_bytes: bytes
    timed_out: bool = False
    timeout_s: float | None = None


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


def _tail_lines(lines: list[str], limit: int, *, keep: str = "head") -> tuple[list[str], int]:
    if len(lines) <= limit:
        return lines, 0
    cut = len(lines) - limit
    if keep == "head":
        return [*lines[:limit], f"[prx: {cut} more lines omitted]"], cut
    return [f"[prx: {cut} earlier lines omitted]", *lines[-limit:]], cut


def _data_tokens(report: RunReport, count: TokenCounter) -> RunReport:
    from prx.envelope import to_jsonable

    tokens = 0
    for _ in range(5):
        report = dataclasses.replace(report, tokens_out=tokens)
        body = json.dumps(to_jsonable(report), separators=(",", ":"), ensure_ascii=False)
        new = count(body)
        if new == tokens:
            break
        tokens = new
    return report


def build_report(
    output: RunOutput,
    parsed: Parsed,
    *,
    tool: str,
    home: str | None,
    cwd: str | None = None,
    budget: int | None = None,
    verbatim: bool = False,
    count: TokenCounter = count_fast,
    limits: Limits | None = None,
) -> RunReport:
    """The report of one run; writes the raw log under ``home`` when anything is cut."""
    caps = limits or Limits()
    lines = split_lines(output.merged)
    total_lines = len(lines)
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
        failures=failures,
        diagnostics=diagnostics,
        verbatim=verbatim,
    )
    shown = 0
    tail_lines: list[str] | None = None
    if verbatim:
        tail_lines, shown = lines, total_lines
    elif parsed.excerpt is not None:
        tail_lines, shown = list(parsed.excerpt), parsed.excerpt_source_lines
    elif parsed.items:
        tail_lines, _ = _tail_lines(list(parsed.items), caps.tail_lines)
    elif lines and (
        (output.exit_code != 0 and not found_trouble(parsed)) or (output.timed_out and not failures)
    ):
        # Nothing parsed explains the failure: show what the fallback would.
        cut = excerpt(lines, keep=[bool(ERROR_LINE.search(x)) for x in lines])
        tail_lines, shown = cut.lines, cut.shown
    failures_omitted = max(0, len(failures) - caps.failures)
    diagnostics_omitted = max(0, len(diagnostics) - caps.diagnostics)
    failures = failures[: caps.failures]
    diagnostics = diagnostics[: caps.diagnostics]
    omitted = total_lines - shown
    raw_path = None
    if omitted > 0 and home is not None:
        raw_path = save_raw(home, output.raw_bytes)
        if raw_path is None:
            summary += "; the raw log could not be saved"
    report = RunReport(
        command=output.argv,
        # Only an answer that names files needs the directory they are relative to.
        root=(cwd if cwd is not None else os.getcwd())
        if diagnostics or any(f.file for f in failures)
        else None,
        tool=tool,
        exit_code=output.exit_code,
        duration_ms=output.duration_ms,
        passed=parsed.passed,
        failed=parsed.failed,
        skipped=parsed.skipped,
        errors=parsed.errors,
        xfailed=parsed.xfailed,
        xpassed=parsed.xpassed,
        failures=tuple(failures),
        diagnostics=tuple(diagnostics),
        summary=summary,
        timed_out=output.timed_out,
        output_lines=total_lines,
        omitted_lines=omitted,
        raw_path=raw_path,
        raw_bytes=len(output.raw_bytes),
        tokens_raw=count(output.merged),
        tokens_out=0,
        tail="\n".join(tail_lines) if tail_lines is not None else None,
        failures_omitted=failures_omitted,
        diagnostics_omitted=diagnostics_omitted,
    )
    report = _data_tokens(report, count)
    if budget is not None and report.tokens_out > budget:
        raw_tail = shown > 0
        logged_for_cut = report.raw_path is None and home is not None and bool(lines)
        if logged_for_cut:
            # Something will be cut: the raw log's path is part of the answer, so it must be
            # there before the fitting (added after, it pushed the report over the budget).
            path = save_raw(home or "", output.raw_bytes)
            report = _data_tokens(dataclasses.replace(report, raw_path=path), count)
        fitter = _Fitter(budget, count, keep_tail="head" if verbatim else "tail", raw_tail=raw_tail)
        report = fitter.fit(report)
        if logged_for_cut and report.omitted_lines == 0:
            report = _data_tokens(dataclasses.replace(report, omitted_lines=1), count)
    return report


class _Fitter:
    """Cuts a report until its data fits a token budget, counting every cut."""

    def __init__(self, budget: int, count: TokenCounter, *, keep_tail: str, raw_tail: bool) -> None:
        self.budget, self.count = budget, count
        self.keep_tail, self.raw_tail = keep_tail, raw_tail

    def fits(self, report: RunReport) -> bool:
        return _data_tokens(report, self.count).tokens_out <= self.budget

    def fit(self, report: RunReport) -> RunReport:
        steps = (
            lambda r: self._drop_excerpts(r, keep=3),
            self._shrink_tail,
            lambda r: self._shrink_list(r, "diagnostics", "diagnostics_omitted"),
            lambda r: self._drop_excerpts(r, keep=0),
            lambda r: self._shrink_list(r, "failures", "failures_omitted"),
        )
        for step in steps:
            if self.fits(report):
                break
            report = step(report)
        return _data_tokens(report, self.count)

    @staticmethod
    def _drop_excerpts(report: RunReport, *, keep: int) -> RunReport:
        failures = tuple(
            f if i < keep else dataclasses.replace(f, excerpt=None)
            for i, f in enumerate(report.failures)
        )
        return dataclasses.replace(report, failures=failures)

    def _shrink_list(self, report: RunReport, field: str, omitted_field: str) -> RunReport:
        items: tuple[Failure | Diagnostic, ...] = getattr(report, field)
        base: int = getattr(report, omitted_field)

        def make(k: int) -> RunReport:
            changes = {field: items[:k], omitted_field: base + len(items) - k}
            return dataclasses.replace(report, **changes)  # type: ignore[arg-type]

        return make(_largest(len(items), lambda k: self.fits(make(k))))

    def _shrink_tail(self, report: RunReport) -> RunReport:
        if report.tail is None:
            return report
        lines = report.tail.splitlines()

        def make(k: int) -> RunReport:
            kept, cut = _tail_lines(lines, k, keep=self.keep_tail)
            omitted = report.omitted_lines + (cut if self.raw_tail else 0)
            return dataclasses.replace(report, tail="\n".join(kept), omitted_lines=omitted)

        return make(_largest(len(lines), lambda k: self.fits(make(k))))


def _largest(n: int, ok: Callable[[int], bool]) -> int:
    """The largest k in 0..n with ok(k) (ok is monotone); 0 when none."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo
