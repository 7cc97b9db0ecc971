"""``prx run`` end to end: pick the parser, run the command, parse, report."""

from __future__ import annotations

import dataclasses
import functools
import os
import shlex
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from prx._types.run import Detected, Diagnostic, Failure, RunReport
from prx.budget import NO_LIMIT
from prx.errors import BudgetExceededError, InvalidArgumentError
from prx.runner.detect import is_passthrough, select_parser
from prx.runner.exec import execute
from prx.runner.model import CapturedRun, Parsed
from prx.runner.rawlog import open_log
from prx.runner.recognise import Choice, choose, read_output
from prx.runner.report import Limits, RunOutput, build_report
from prx.runner.summary import signal_name
from prx.tokens import counter_for

if TYPE_CHECKING:
    from prx.plugin._runner import RunnerParser

__all__ = ["MIN_BUDGET", "complete_counts", "normalise_command", "parse_output", "run_command"]


def normalise_command(command: Sequence[str], cwd: str | None = None) -> tuple[str, ...]:
    """The argv to run. One string holding spaces (an MCP or batch caller's ``"pytest -q"``)
    is split like a shell would, unless it names an existing file."""
    argv = tuple(command)
    if len(argv) == 1 and any(c.isspace() for c in argv[0]):
        path = os.path.join(cwd or ".", argv[0])
        if not os.path.exists(path):
            try:
                argv = tuple(shlex.split(argv[0]))
            except ValueError as exc:
                raise InvalidArgumentError(f"invalid argument command: {exc}") from None
    if not argv:
        raise InvalidArgumentError(
            "invalid argument: the following arguments are required: {param}",
            param="command",
            suggestion="Pass the command to run and its arguments as {param} (for example: "
            "pytest -q).",
        )
    return argv


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
        from prx.runner.parsers.fallback import FallbackParser

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


#: The least ``--budget`` a run's answer can fit (its counts, summary and raw log path);
#: a smaller one is refused before the command runs.
MIN_BUDGET = 160


#: Stands for "no ceiling" (``--budget 0``) in the report's limits.
_NO_LIMIT = 1 << 40


def _check_budget(budget: int | None) -> None:
    if budget is not None and budget != NO_LIMIT and budget < MIN_BUDGET:
        raise BudgetExceededError(
            f"budget {budget} is too small: a run's answer (its counts, summary and raw log "
            f"path) takes about {MIN_BUDGET} tokens; the command was not run",
            param="budget",
            suggestion=f"Use {{param}} {MIN_BUDGET} or more (0: no limit).",
        )


def run_command(
    command: Sequence[str],
    *,
    parsers: Sequence[type[RunnerParser]],
    home: str | None,
    cwd: str | None = None,
    timeout: float | None = None,
    raw: bool = False,
    auto_json: bool = False,
    budget: int | None = None,
    env: Mapping[str, str] | None = None,
) -> RunReport:
    """Run ``command`` and report on it (see :class:`~prx.types.RunReport`).

    :raises BudgetExceededError: ``budget`` is below :data:`MIN_BUDGET` (nothing runs).
    """
    argv = normalise_command(command, cwd)
    _check_budget(budget)
    verbatim = raw or is_passthrough(argv)
    # The scripts of npm test / make test are read where the command runs.
    where = cwd if cwd is not None else os.getcwd()
    choice = Choice(None) if verbatim else choose(parsers, argv, where)
    parser = choice.parser
    if parser is not None and auto_json:
        with_json = getattr(parser, "auto_json", None)
        changed = with_json(argv) if callable(with_json) else None
        if changed:
            argv = tuple(changed)
            choice = Choice(select_parser(parsers, argv) or parser, choice.via)
    opener = None if home is None else functools.partial(open_log, home)
    captured = execute(argv, timeout=timeout or None, cwd=cwd, env=env, open_log=opener)
    out = captured.output
    view = out.merged.view() if out.merged.cut else None
    merged = view.text() if view is not None else out.merged.text()
    run = CapturedRun(
        argv=argv,
        exit_code=captured.exit_code,
        stdout=out.stdout.text(),
        stderr=out.stderr.text(),
        duration_ms=captured.duration_ms,
        merged=merged,
        view=view,
    )
    if verbatim:
        parsed, tool = Parsed(), ("raw" if raw else "passthrough")
        detected = Detected(by="verbatim")
    else:
        parsed, tool, detected = read_output(parsers, choice, run)
    output = RunOutput(
        argv=argv,
        exit_code=captured.exit_code,
        duration_ms=captured.duration_ms,
        merged=merged,
        raw_bytes=b"" if view is not None else out.merged.whole(),
        timed_out=captured.timed_out,
        timeout_s=timeout,
        interrupted=signal_name(captured.interrupted) if captured.interrupted else None,
        view=view,
        size=out.merged.size,
        log_path=out.log_path,
        log_note=out.log_note,
    )
    return build_report(
        output,
        parsed,
        tool=tool,
        home=home,
        cwd=cwd,
        budget=budget or None,
        verbatim=verbatim,
        detected=detected,
        count=counter_for(bool(budget)),
        # --budget 0: no limit at all (lines longer than MAX_LINE_CHARS are still cut).
        limits=Limits(ceiling=_NO_LIMIT) if budget == NO_LIMIT else None,
    )
