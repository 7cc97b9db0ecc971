"""``prx run --affected``: the tests the change reaches, run and parsed like any run."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.core.record import replace
from prx.core.results.affected import AffectedRun, AffectedTests
from prx.core.results.run import RunReport

if TYPE_CHECKING:
    from prx.commands.run.operation import RunParams
    from prx.plugin.context import Context

__all__ = ["run_affected"]

#: Test ids listed in the answer; the rest are counted.
_LISTED = 50


def run_affected(ws: Context, p: RunParams) -> RunReport:
    """Select, narrow the command to the selection, run it (see ``prx run --affected``)."""
    from prx.commands.impact.selection import select_tests
    from prx.commands.run.engine import normalise_command
    from prx.commands.run.operation import run_as_asked
    from prx.engine.affected.runners import narrow

    argv = normalise_command(p.command, ws.root_dir)
    selection = select_tests(ws, (), revision=p.revision, staged=False).result
    reasons = list(selection.reasons)
    arguments: tuple[str, ...] = ()
    if selection.whole_suite:
        command = argv
    elif not selection.tests:
        return _nothing_ran(ws, argv, selection)
    else:
        narrowed = narrow(argv, selection.tests, ws.root_dir)
        command = narrowed.argv
        if narrowed.note is not None:
            reasons.append(narrowed.note)
        arguments = tuple(a for a in command if a not in argv)
        selection = replace(selection, whole_suite=narrowed.runner is None)
    report = run_as_asked(ws, p, command)
    return replace(report, affected=_described(selection, arguments, reasons))


def _described(
    selection: AffectedTests, arguments: tuple[str, ...], reasons: list[str]
) -> AffectedRun:
    ids = tuple(t.id for t in selection.tests)
    return AffectedRun(
        selected=len(ids),
        selected_files=selection.selected_files,
        suite_files=selection.suite_files,
        whole_suite=selection.whole_suite,
        arguments=arguments,
        reasons=tuple(dict.fromkeys(reasons)),
        tests=ids[:_LISTED],
        more=max(0, len(ids) - _LISTED),
    )


def _nothing_ran(ws: Context, argv: tuple[str, ...], selection: AffectedTests) -> RunReport:
    """No test reaches the change: the command is not run, and the answer says why."""
    why = "; ".join(selection.reasons) or "no test reaches the change"
    return RunReport(
        command=argv,
        root=ws.root_dir,
        tool="affected",
        exit_code=0,
        duration_ms=0,
        passed=0,
        failed=0,
        skipped=None,
        errors=None,
        warnings=None,
        xfailed=None,
        xpassed=None,
        failures=(),
        diagnostics=(),
        summary=f"nothing ran: {why}",
        timed_out=False,
        output_lines=0,
        omitted_lines=0,
        raw_path=None,
        raw_bytes=0,
        tokens_raw=0,
        tokens_out=0,
        tail=None,
        affected=_described(selection, (), list(selection.reasons)),
    )
