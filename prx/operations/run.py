"""The ``run`` operation: run a command, answer a true, token-budgeted summary of it."""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from prx._record import record
from prx._types.run import RunReport
from prx.budget import RUN_CEILING
from prx.plugin._operation import Baseline, Operation, param
from prx.workspace import Workspace

__all__ = ["RUN", "RunParams"]

#: Seconds a command may run by default before its process group is killed.
DEFAULT_TIMEOUT_S = 300.0


@record
class RunParams:
    """Parameters of ``prx run``. Its own flags come first; everything from the command on
    belongs to the command (``prx run --timeout 60 pytest -q -x``)."""

    command: tuple[str, ...] = param(
        help="the command and its arguments; everything from here on is passed to it",
        positional=True,
        metavar="CMD",
        aliases=("argv",),
    )
    timeout: float | None = param(
        DEFAULT_TIMEOUT_S,
        help="kill the command's whole process group after S seconds (0: no limit)",
        metavar="S",
    )
    raw: bool = param(False, help="return the output verbatim instead of parsing it")
    auto_json: bool = param(
        False, help="add the tool's JSON-output flag when its parser reads JSON (ruff, mypy)"
    )
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); cuts are counted; default: a "
        f"ceiling of {RUN_CEILING} (estimated); 0: no limit",
        metavar="N",
    )


def _run(ws: Workspace, p: RunParams) -> RunReport:
    return ws.run(p.command, timeout=p.timeout, raw=p.raw, auto_json=p.auto_json, budget=p.budget)


def _fallback(p: RunParams) -> Sequence[str] | None:
    return list(p.command) or None


def _baseline(p: RunParams, r: RunReport) -> Baseline:
    return Baseline(tokens=r.tokens_raw, strategy="measured", command=shlex.join(r.command))


RUN = Operation(
    name="run",
    summary="Run a command (tests, linters, builds, git) and answer a true, compact summary.",
    func=_run,
    params=RunParams,
    result=RunReport,
    fallback=_fallback,
    baseline=_baseline,
    # The command may have side effects: never run it twice. A parser failure is already
    # answered inside the runner with the generic excerpt, so no fallback is needed.
    read_only=False,
    description=(
        "Runs CMD without a shell and parses its output with the matching parser (pytest, "
        "unittest, ruff, mypy, git, make/gcc, node --test, cargo test; a generic excerpt "
        "otherwise). The summary always carries the real exit code; collection errors read "
        "as errors; whatever is cut is kept in a raw log whose path is in the answer. "
        "prx's own flags must come before CMD; use `--` before CMD when it starts with a "
        "dash, and to keep prx from reading -q/--quiet/--plain meant for the command."
    ),
)
