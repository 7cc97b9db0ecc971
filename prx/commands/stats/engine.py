"""Summing usage records into periods, per-front-end and per-command totals."""

from __future__ import annotations

import json
import os
import time
from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from prx.core.results.usage import (
    HookDecisions,
    StatsResult,
    UsageByCommand,
    UsageByFrontend,
    UsagePeriod,
)
from prx.engine.usage.records import previous_file

if TYPE_CHECKING:
    from collections.abc import Iterator

    from prx.core.config import Config

__all__ = ["PERIODS", "summarize"]

#: (label, age in seconds or None for all time)
PERIODS: tuple[tuple[str, float | None], ...] = (
    ("last_hour", 3600.0),
    ("last_24h", 86400.0),
    ("all_time", None),
)


def _percent(saved: int, baseline: int) -> float | None:
    # Nothing to save from a baseline of 0: no percentage (tokens_saved still shows the cost).
    if baseline > 0:
        return round(saved / baseline * 100, 1)
    return 0.0 if saved == 0 else None


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


class _Sum:
    """Running totals of a group of records."""

    __slots__ = ("baseline", "calls", "fallbacks", "returned")

    def __init__(self) -> None:
        self.calls = self.returned = self.baseline = self.fallbacks = 0

    def add(self, returned: int, baseline: int, fallback: bool) -> None:
        self.calls += 1
        self.returned += returned
        self.baseline += baseline
        self.fallbacks += fallback


def _lines(path: str) -> Iterator[str]:
    """The lines of the previous (rotated) file, then of the current one."""
    for name in (previous_file(path), path):
        try:
            with open(name, encoding="utf-8", errors="replace") as fh:
                yield from fh.read().splitlines()
        except FileNotFoundError:
            continue


def _reset(path: str) -> StatsResult:
    for name in (path, previous_file(path)):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass
    return StatsResult(periods=(), file=path, reset=True)


def summarize(
    config: Config, *, reset: bool = False, by_command: bool = False, now: float | None = None
) -> StatsResult:
    """Read the records of ``config.stats_file`` and of its previous file (or delete both
    when ``reset``).

    :param by_command: answer only the per-command table; otherwise the periods and the
        per-front-end totals.
    """
    path = config.stats_file
    if reset:
        return _reset(path)
    moment = time.time() if now is None else now
    periods = {label: _Sum() for label, _ in PERIODS}
    commands: dict[str, _Sum] = defaultdict(_Sum)
    frontends: dict[str, _Sum] = defaultdict(_Sum)
    strategies: dict[str, Counter[str]] = defaultdict(Counter)
    hooks: Counter[tuple[str, str, str, str]] = Counter()
    malformed = 0
    for line in _lines(path):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            if isinstance(entry, dict) and entry.get("kind") == "hook":
                hooks[_hook_key(entry)] += 1
                continue
            ts, command = float(entry["ts"]), str(entry["command"])
            returned, baseline = int(entry["tokens"]), int(entry["baseline_tokens"])
        except (ValueError, KeyError, TypeError):
            malformed += 1
            continue
        fallback = entry.get("fallback") is True
        for label, age in PERIODS:
            if age is None or moment - ts <= age:
                periods[label].add(returned, baseline, fallback)
        commands[command].add(returned, baseline, fallback)
        frontends[str(entry.get("frontend") or "unknown")].add(returned, baseline, fallback)
        strategies[command][str(entry.get("baseline_strategy") or "unknown")] += 1
    if by_command:
        return StatsResult(
            periods=(),
            by_command=_by_command(commands, strategies),
            file=path,
            malformed_records=malformed,
        )
    return StatsResult(
        periods=tuple(_period(label, periods[label]) for label, _ in PERIODS),
        by_frontend=tuple(
            UsageByFrontend(
                frontend=name,
                calls=s.calls,
                tokens_returned=s.returned,
                tokens_baseline=s.baseline,
                tokens_saved=s.baseline - s.returned,
                savings_percent=_percent(s.baseline - s.returned, s.baseline),
                fallbacks=s.fallbacks,
            )
            for name, s in _most_called(frontends)
        ),
        file=path,
        malformed_records=malformed,
        hooks=tuple(
            HookDecisions(client=c, decision=d, form=f, reason=r, calls=n)
            for (c, d, f, r), n in sorted(hooks.items(), key=lambda kv: (-kv[1], kv[0]))
        ),
    )


def _hook_key(entry: dict[str, object]) -> tuple[str, str, str, str]:
    """(client, decision, form, reason) of a hook record."""
    return (
        str(entry.get("client") or ""),
        str(entry.get("decision") or ""),
        str(entry.get("form") or ""),
        str(entry.get("reason") or ""),
    )


def _most_called(groups: dict[str, _Sum]) -> list[tuple[str, _Sum]]:
    return sorted(groups.items(), key=lambda kv: (-kv[1].calls, kv[0]))


def _period(label: str, s: _Sum) -> UsagePeriod:
    return UsagePeriod(
        label=label,
        calls=s.calls,
        tokens_saved=s.baseline - s.returned,
        savings_percent=_percent(s.baseline - s.returned, s.baseline),
        tokens_returned=s.returned,
        tokens_baseline=s.baseline,
        fallbacks=s.fallbacks,
        fallback_rate=_rate(s.fallbacks, s.calls),
    )


def _by_command(
    commands: dict[str, _Sum], strategies: dict[str, Counter[str]]
) -> tuple[UsageByCommand, ...]:
    return tuple(
        UsageByCommand(
            command=name,
            calls=s.calls,
            tokens_returned=s.returned,
            tokens_baseline=s.baseline,
            tokens_saved=s.baseline - s.returned,
            savings_percent=_percent(s.baseline - s.returned, s.baseline),
            baseline_strategies=dict(sorted(strategies[name].items())),
            fallbacks=s.fallbacks,
            fallback_rate=_rate(s.fallbacks, s.calls),
        )
        for name, s in _most_called(commands)
    )
