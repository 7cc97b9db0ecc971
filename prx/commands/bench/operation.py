"""The ``bench`` operation: prx against the plain Unix tools on agent tasks in a repository."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.bench import BenchResult
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
        "would type: find where a name is defined, see what a directory holds, read a "
        "function, see what changed (git), find what names a module. Counts both outputs "
        "in exact cl100k_base tokens, times both (fresh processes) and checks each for the "
        "lines the task needs. Targets are picked from the largest source files. See "
        "docs/bench.md."
    ),
    toolset="admin",
)
