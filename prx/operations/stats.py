"""The ``stats`` operation."""

from __future__ import annotations

from prx._record import record
from prx.plugin._operation import Operation, param
from prx.types import StatsResult
from prx.workspace import Workspace

__all__ = ["STATS", "StatsParams"]


@record
class StatsParams:
    """Parameters of ``prx stats``."""

    reset: bool = param(False, help="delete the usage records")
    by_command: bool = param(
        False,
        help="only the per-command table (calls, tokens, savings, fallbacks, baselines)",
    )


def _run(ws: Workspace, p: StatsParams) -> StatsResult:
    return ws.stats(reset=p.reset, by_command=p.by_command)


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
