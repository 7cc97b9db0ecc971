"""``prx run`` end to end: pick the parser, run the command, parse, report."""

from __future__ import annotations

import functools
import os
import shlex
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from prx.core.budget import NO_LIMIT
from prx.core.errors import BudgetExceededError, InvalidArgumentError
from prx.core.results.run import Detected, RunReport
from prx.core.tokens import counter_for
from prx.engine.runner.detect import is_passthrough, select_parser
from prx.engine.runner.exec import execute
from prx.engine.runner.model import CapturedRun, Parsed
from prx.engine.runner.parse import complete_counts, parse_output
from prx.engine.runner.rawlog import open_log
from prx.engine.runner.recognise import Choice, choose, read_output
from prx.engine.runner.report import Limits, RunOutput, build_report
from prx.engine.runner.summary import signal_name

if TYPE_CHECKING:
    from prx.plugin.runner import RunnerParser

__all__ = ["MIN_BUDGET", "complete_counts", "normalise_command", "parse_output", "run_command"]

#: The least ``--budget`` a run's answer can fit (its counts, summary and raw log path);
#: a smaller one is refused before the command runs.
MIN_BUDGET = 160


#: Stands for "no ceiling" (``--budget 0``) in the report's limits.
_NO_LIMIT = 1 << 40


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
