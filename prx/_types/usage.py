"""Results of ``prx stats``."""

from __future__ import annotations

from prx._record import record

__all__ = ["StatsResult", "UsageByCommand", "UsagePeriod"]


@record
class UsagePeriod:
    """Token savings over one period."""

    #: ``last_hour``, ``last_24h`` or ``all_time``.
    label: str
    #: Calls recorded in the period.
    calls: int
    #: Tokens the plain Unix tools would have returned minus tokens prx returned.
    tokens_saved: int
    #: ``tokens_saved`` as a percentage of the Unix tools' tokens.
    savings_percent: float
    #: Tokens prx returned.
    tokens_returned: int
    #: Tokens the plain Unix tools would have returned.
    tokens_baseline: int


@record
class UsageByCommand:
    """Token savings of one command over all time."""

    #: Command name.
    command: str
    #: Calls recorded.
    calls: int
    #: Tokens prx returned.
    tokens_returned: int
    #: Tokens the plain Unix tools would have returned.
    tokens_baseline: int
    #: Savings as a percentage of the baseline.
    savings_percent: float


@record
class StatsResult:
    """The answer of :func:`prx.stats`."""

    #: Last hour, last 24 hours and all time.
    periods: tuple[UsagePeriod, ...]
    #: Per-command totals, most-called first.
    by_command: tuple[UsageByCommand, ...] = ()
    #: Where the records are kept.
    file: str = ""
    #: Lines of the record file that could not be read.
    malformed_records: int = 0
    #: True when the records were deleted by ``reset``.
    reset: bool = False
