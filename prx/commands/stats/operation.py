"""The ``stats`` operation."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.usage import StatsResult
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["STATS", "StatsParams"]


@record
class StatsParams:
    """Parameters of ``prx stats``."""

    reset: bool = param(False, help="delete the usage records")
    by_command: bool = param(
        False,
        help="only the per-command table",
    )


def _run(ws: Context, p: StatsParams) -> StatsResult:
    from prx.commands.stats.engine import summarize

    return summarize(ws.config, reset=p.reset, by_command=p.by_command)


STATS = Operation(
    name="stats",
    summary="Tokens returned versus what the plain Unix tools would have returned.",
    func=_run,
    params=StatsParams,
    result=StatsResult,
    read_only=False,
    budget_param=None,
    # Counting its own calls would skew the figures it reports.
    record_usage=False,
    toolset="admin",
)
