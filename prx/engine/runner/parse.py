"""One parser's reading of a run's output: coerced into prx's records, the generic fallback
when the parser breaks, and a build or lint tool's counts completed from its diagnostics."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from prx.core.results.run import Diagnostic, Failure
from prx.engine.runner.model import CapturedRun, Parsed

if TYPE_CHECKING:
    from prx.plugin.runner import RunnerParser

__all__ = ["complete_counts", "parse_output"]


def _as_failure(value: Any) -> Failure:
    if isinstance(value, Failure):
        return value
    return Failure(
        name=str(value.get("name", "")),
        file=value.get("file"),
        line=value.get("line"),
        message=str(value.get("message", "")),
        excerpt=value.get("excerpt"),
    )


def _as_diagnostic(value: Any) -> Diagnostic:
    if isinstance(value, Diagnostic):
        return value
    return Diagnostic(
        file=str(value.get("file", "")),
        line=value.get("line"),
        column=value.get("column"),
        severity=value.get("severity", "error"),
        code=value.get("code"),
        message=str(value.get("message", "")),
    )


def _coerce(result: Any) -> Parsed:
    """A plugin parser's answer as :class:`Parsed` (a Parsed, or a mapping of its fields)."""
    if isinstance(result, Parsed):
        return result
    if isinstance(result, Mapping):
        names = {f.name for f in dataclasses.fields(Parsed)}
        values = {k: v for k, v in result.items() if k in names}
        if "summary" in result and "headline" not in values:
            values["headline"] = str(result["summary"])
        values["failures"] = [_as_failure(f) for f in values.get("failures", ())]
        values["diagnostics"] = [_as_diagnostic(d) for d in values.get("diagnostics", ())]
        return Parsed(**values)
    raise TypeError(f"a runner parser returned {type(result).__name__}, not Parsed or a mapping")


def parse_output(parser: type[RunnerParser], raw: CapturedRun) -> tuple[Parsed, str]:
    """Parse ``raw`` with ``parser``; if the parser breaks, the generic fallback answers."""
    try:
        parsed = _coerce(parser().parse(raw))
    except Exception as exc:  # a parser bug must not cost the agent its run
        from prx.engine.runner.parsers.fallback import FallbackParser

        parsed = FallbackParser().parse(raw)
        note = f"{parser.NAME} parser failed ({type(exc).__name__}); generic excerpt"
        parsed.headline = f"{note}; {parsed.headline}" if parsed.headline else note
        return parsed, "fallback"
    if getattr(parser, "COUNTS_DIAGNOSTICS", False):
        complete_counts(parsed, raw.exit_code)
    return parsed, str(parser.NAME)


def complete_counts(parsed: Parsed, exit_code: int) -> None:
    """A build or lint tool's ``errors`` and ``warnings``: the figures it printed, else the
    diagnostics it printed, once its output is complete (every diagnostic is there).

    A tool that printed no diagnostic states its counts only by a clean exit (0): after a
    failing exit with nothing parsed the counts stay None, never a zero that reads as a pass.
    A figure below the diagnostics shown (another tool's errors after a linter's "All
    checks passed!") gives way to their count.
    """
    if not parsed.complete or (exit_code != 0 and not parsed.diagnostics):
        return
    errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
    if parsed.errors is None or parsed.errors < errors:
        parsed.errors = errors
    warnings = sum(1 for d in parsed.diagnostics if d.severity == "warning")
    if parsed.warnings is None or parsed.warnings < warnings:
        parsed.warnings = warnings
