"""Appending one usage record per successful front-end call."""

from __future__ import annotations

import json
import os
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.config import Config
    from prx.plugin.interfaces import Baseline

__all__ = ["append_record"]


def append_record(
    config: Config, command: str, tokens: int, baseline: Baseline | None, wall_ms: float
) -> None:
    """Append a record; a failure to write is ignored (stats must never break a command).

    Without a baseline the call is recorded at parity (the Unix tool is taken to return
    as much as prx did), so it never inflates the savings.
    """
    record = {
        "ts": round(time.time(), 3),
        "command": command,
        "tokens": tokens,
        "baseline_tokens": baseline.tokens if baseline else tokens,
        "baseline_strategy": baseline.strategy if baseline else "parity",
        # A 2 MB pattern must not make a 2 MB line (one write keeps concurrent lines whole).
        "baseline_command": _shortened(baseline.command) if baseline else None,
        "wall_ms": round(wall_ms, 2),
    }
    try:
        os.makedirs(os.path.dirname(config.stats_file) or ".", exist_ok=True)
        # One short line per O_APPEND write: concurrent writers do not interleave.
        with open(config.stats_file, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(record, separators=(",", ":")) + "\n")
    except OSError:
        pass


#: Characters of a baseline command a usage record keeps.
_COMMAND_CHARS = 300


def _shortened(command: str) -> str:
    if len(command) <= _COMMAND_CHARS:
        return command
    return f"{command[:_COMMAND_CHARS]}… [{len(command) - _COMMAND_CHARS} more characters]"
