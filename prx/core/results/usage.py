"""Results of ``prx stats``."""

from __future__ import annotations

from prx.core.record import Shown, field, record

__all__ = [
    "HookDecisions",
    "StatsResult",
    "UnixOutput",
    "UsageByCommand",
    "UsageByFrontend",
    "UsagePeriod",
]


@record
class UnixOutput:
    """What the equivalent Unix command prints, counted by prx while it answered (kept on a
    result for ``prx stats``; never part of the JSON answer)."""

    #: The command, as an argv list.
    argv: tuple[str, ...]
    #: Bytes it prints on stdout.
    bytes: int
    #: ``measured`` (exactly what it prints) or ``lower_bound`` (it prints at least this).
    strategy: str


@record
class UsagePeriod:
    """Token savings over one period."""

    #: ``last_hour``, ``last_24h`` or ``all_time``.
    label: str
    #: Calls recorded in the period.
    calls: int
    #: Tokens the plain Unix tools would have returned minus tokens prx returned.
    tokens_saved: int
    #: ``tokens_saved`` as a percentage of the Unix tools' tokens (negative when prx
    #: returned more); None when the Unix tools would have printed nothing while prx
    #: returned something (no percentage of nothing).
    savings_percent: float | None
    #: Tokens prx returned.
    tokens_returned: int
    #: Tokens the plain Unix tools would have returned.
    tokens_baseline: int
    #: Calls answered by the Unix fallback (the operation failed inside).
    fallbacks: int = 0
    #: ``fallbacks / calls``, four decimals (0.0 without calls).
    fallback_rate: float = 0.0


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
    #: ``tokens_baseline - tokens_returned`` (negative when prx returned more).
    tokens_saved: int
    #: Savings as a percentage of the baseline, as in :class:`UsagePeriod`.
    savings_percent: float | None
    #: Calls by how their baseline was obtained (``measured``, ``lower_bound``,
    #: ``estimate``, ``continuation``, ``parity``).
    baseline_strategies: dict[str, int] = field(default_factory=dict)
    #: Calls answered by the Unix fallback.
    fallbacks: int = 0
    #: ``fallbacks / calls``, four decimals.
    fallback_rate: float = 0.0


@record
class UsageByFrontend:
    """Token savings of the calls of one front-end over all time."""

    #: ``cli``, ``batch``, ``mcp``, ``library`` (a direct call of the dispatcher), or
    #: ``unknown`` for records written before front-ends were recorded.
    frontend: str
    #: Calls recorded.
    calls: int
    #: Tokens prx returned.
    tokens_returned: int
    #: Tokens the plain Unix tools would have returned.
    tokens_baseline: int
    #: ``tokens_baseline - tokens_returned`` (negative when prx returned more).
    tokens_saved: int
    #: Savings as a percentage of the baseline, as in :class:`UsagePeriod`.
    savings_percent: float | None
    #: Calls answered by the Unix fallback.
    fallbacks: int = 0


@record
class HookDecisions:
    """How often ``prx hook`` decided one way for one reason."""

    #: The client whose hook ran (``claude-code`` ...).
    client: str
    #: ``rewritten`` (prx answered the command) or ``passed`` (it ran as written).
    decision: str
    #: The command's form (``grep``, ``cat`` ...; empty when it was not read that far).
    form: str
    #: Why it passed (empty for a rewrite).
    reason: str
    #: Decisions recorded.
    calls: int


@record
class StatsResult(Shown):
    """The answer of :func:`prx.stats`."""

    #: Last hour, last 24 hours and all time (empty with ``by_command``).
    periods: tuple[UsagePeriod, ...]
    #: Per-command totals, most-called first: only with ``by_command``.
    by_command: tuple[UsageByCommand, ...] = ()
    #: Per-front-end totals, most-called first (empty with ``by_command``).
    by_frontend: tuple[UsageByFrontend, ...] = ()
    #: Where the records are kept (the previous file, ``FILE.1``, is read too).
    file: str = ""
    #: Lines of the record file that could not be read.
    malformed_records: int = 0
    #: True when the records were deleted by ``reset``.
    reset: bool = False
    #: The hook's decisions, most frequent first (empty with ``by_command``).
    hooks: tuple[HookDecisions, ...] = ()
