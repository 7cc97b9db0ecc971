"""The ``run`` operation: run a command, answer a true, token-budgeted summary of it."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from prx.core.budget import RUN_CEILING
from prx.core.record import record
from prx.core.results.run import RunReport
from prx.plugin.context import Context
from prx.plugin.operation import Baseline, Operation, param

__all__ = ["RUN", "TIMEOUT_EXIT", "RunParams", "exit_status", "run_as_asked"]

#: Seconds a command may run by default before its process group is killed.
DEFAULT_TIMEOUT_S = 300.0


@record
class RunParams:
    """Parameters of ``prx run``. Its own flags come first; everything from the command on
    belongs to the command (``prx run --timeout 60 pytest -q -x``)."""

    command: tuple[str, ...] = param(
        help="the command and its arguments (all passed to it)",
        positional=True,
        metavar="CMD",
        aliases=("argv",),
    )
    timeout: float | None = param(
        DEFAULT_TIMEOUT_S,
        help="kill it after S seconds (0: no limit)",
        metavar="S",
    )
    raw: bool = param(False, help="the output verbatim, not parsed")
    auto_json: bool = param(False, help="add the JSON-output flag of ruff or mypy")
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); cuts are counted; default: a "
        f"ceiling of {RUN_CEILING} (estimated); 0: no limit",
        metavar="N",
    )
    affected: bool = param(
        False,
        help="only the tests the change (vs HEAD) reaches",
    )
    revision: str | None = param(
        None,
        help="affected: vs REV",
        flag="--rev",
        metavar="REV",
        aliases=("rev",),
    )
    exit_zero: bool = param(
        False,
        help="exit 0 whenever the command ran, instead of with its exit code (the CLI only)",
        cli_only=True,
    )


def _run(ws: Context, p: RunParams) -> RunReport:
    if p.affected:
        from prx.commands.run.affected import run_affected

        return run_affected(ws, p)
    if p.revision is not None:
        from prx.core.errors import InvalidArgumentError

        raise InvalidArgumentError(
            "invalid argument {param}: a revision only says which change {param:affected} tests",
            param="revision",
            suggestion="Add {param:affected}, or drop {param}.",
        )
    return run_as_asked(ws, p, tuple(p.command))


def run_as_asked(ws: Context, p: RunParams, command: Sequence[str]) -> RunReport:
    """``command`` run with ``p``'s timeout, form and budget in the Workspace root."""
    from prx.commands.run.engine import run_command

    return run_command(
        tuple(command),
        parsers=ws.registry.runner_parsers(),
        home=ws.config.home,
        cwd=ws.root_dir,
        timeout=p.timeout if p.timeout and p.timeout > 0 else None,
        raw=p.raw,
        auto_json=p.auto_json,
        budget=p.budget,
    )


def _fallback(p: RunParams) -> Sequence[str] | None:
    return list(p.command) or None


#: prx's exit status when the command's timeout expired, as timeout(1) has it.
TIMEOUT_EXIT = 124


def exit_status(p: RunParams, r: RunReport) -> int:
    """The CLI's exit status for a completed run: the command's own, as a shell reports it.

    A child killed by signal N gives 128 + N, a timeout 124; prx stopped by a signal while
    it waited gives 128 + that signal whatever ``--exit-zero`` says; ``--exit-zero`` gives 0.
    """
    if r.interrupted:
        import signal

        return 128 + int(getattr(signal, r.interrupted, signal.SIGTERM))
    if p.exit_zero:
        return 0
    if r.timed_out:
        return TIMEOUT_EXIT
    if r.exit_code < 0:
        return 128 - r.exit_code
    return r.exit_code


def _text(data: Mapping[str, Any]) -> str:
    from prx.commands.run.text import render

    return render(data)


def _baseline(p: RunParams, r: RunReport) -> Baseline:
    return Baseline(tokens=r.tokens_raw, strategy="measured", command=shlex.join(r.command))


RUN = Operation(
    name="run",
    summary="Run a command (tests, linters, builds, git) and answer a true summary.",
    func=_run,
    params=RunParams,
    result=RunReport,
    fallback=_fallback,
    baseline=_baseline,
    exit_status=exit_status,
    # The command may have side effects: never run it twice. A parser failure is already
    # answered inside the runner with the generic excerpt, so no fallback is needed.
    read_only=False,
    description=(
        "Runs CMD without a shell and parses its output with the matching parser (pytest, "
        "unittest, ruff, mypy, git, make/gcc, node --test, cargo test, ...), recognised by "
        "the command line (through wrappers, npm scripts and make recipes) or by the output "
        "itself; a generic excerpt otherwise. The summary always carries the real exit "
        "code; collection errors read as errors; whatever is cut is kept in a raw log "
        "whose path is in the answer. "
        "prx exits with the command's exit code (128+N for signal N, 124 on timeout; "
        "--exit-zero: 0); its own errors exit 1 or 2 (127: not found), so read `status`. "
        "prx's own flags must come before CMD; use `--` before CMD when it starts with a "
        "dash, and to keep prx from reading -q/--quiet/--plain meant for the command."
    ),
    toolset="run",
    text=_text,
)
