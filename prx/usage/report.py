"""Summing usage records into periods and per-command totals."""

from __future__ import annotations

import json
import os
import time
from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from prx.types import StatsResult, UsageByCommand, UsagePeriod

if TYPE_CHECKING:
    from prx.config import Config

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


def summarize(config: Config, *, reset: bool = False, now: float | None = None) -> StatsResult:
    """Read the records of ``config.stats_file`` (or delete them when ``reset``)."""
    path = config.stats_file
    if reset:
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
        return StatsResult(periods=(), file=path, reset=True)
    moment = time.time() if now is None else now
    sums = {label: [0, 0, 0] for label, _ in PERIODS}  # calls, returned, baseline
    by_command: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    strategies: dict[str, Counter[str]] = defaultdict(Counter)
    malformed = 0
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        lines = []
    for line in lines:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            ts, command = float(record["ts"]), str(record["command"])
            returned, baseline = int(record["tokens"]), int(record["baseline_tokens"])
        except (ValueError, KeyError, TypeError):
            malformed += 1
            continue
        for label, age in PERIODS:
            if age is None or moment - ts <= age:
                row = sums[label]
                row[0] += 1
                row[1] += returned
                row[2] += baseline
        row = by_command[command]
        row[0] += 1
        row[1] += returned
        row[2] += baseline
        strategies[command][str(record.get("baseline_strategy") or "unknown")] += 1
    periods = tuple(
        UsagePeriod(
            label=label,
            calls=calls,
            tokens_saved=base - ret,
            savings_percent=_percent(base - ret, base),
            tokens_returned=ret,
            tokens_baseline=base,
        )
        for label, (calls, ret, base) in ((lbl, sums[lbl]) for lbl, _ in PERIODS)
    )
    commands = tuple(
        UsageByCommand(
            command=name,
            calls=calls,
            tokens_returned=ret,
            tokens_baseline=base,
            tokens_saved=base - ret,
            savings_percent=_percent(base - ret, base),
            baseline_strategies=dict(sorted(strategies[name].items())),
        )
        for name, (calls, ret, base) in sorted(
            by_command.items(), key=lambda kv: (-kv[1][0], kv[0])
        )
    )
    return StatsResult(periods=periods, by_command=commands, file=path, malformed_records=malformed)
