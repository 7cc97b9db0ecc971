"""The ``bench`` operation: prx against the plain Unix tools on agent tasks in a repository."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.bench import BenchResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["BENCH", "BenchParams"]


@record
class BenchParams:
    """Parameters of ``prx bench``."""

    path: str = param(".", help="the repository to benchmark (default .)", positional=True)


def _run(ws: Context, p: BenchParams) -> BenchResult:
    from prx.commands.bench.engine import run_bench

    return run_bench(ws, p.path)


BENCH = Operation(
    name="bench",
    summary="prx against grep, cat and git on agent tasks in a repository: tokens, time, fidelity.",
    func=_run,
    params=BenchParams,
    result=BenchResult,
    budget_param=None,
    # It starts processes and can take minutes: not a tool for an agent's context.
    frontends=frozenset({"cli", "batch"}),
    # Its calls of prx are measurements, not usage.
    record_usage=False,
    description=(
        "Does each task twice, with prx's commands and with the Unix commands an agent "
        "would type: find where a name is defined (search --symbol), see what a directory "
        "holds (outline), list the files (find), read a function (read --lines), see what "
        "changed (diff), find what imports a file (impact). Counts both outputs in exact "
        "cl100k_base tokens (prx's text form, and its JSON), times both (fresh processes), "
        "checks each for the lines the task needs, and says why prx lost a task it lost. "
        "Targets are picked from the largest source files. See docs/bench.md."
    ),
    toolset="admin",
    text=lazy_rendering("prx.commands.bench.text:render"),
)
