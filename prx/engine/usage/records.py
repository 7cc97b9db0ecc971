"""Appending one usage record per answered front-end call, in a bounded log."""

from __future__ import annotations

import json
import os
import time

from prx.core.budget import shortened_echo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.core.config import Config
    from prx.plugin.interfaces import Baseline

__all__ = ["FRONTENDS", "append_hook_record", "append_record", "previous_file"]

#: Characters of a baseline command a usage record keeps.
_COMMAND_CHARS = 300

#: The front-ends a record names (``library``: a direct call of :func:`prx.app.dispatch.invoke`).
FRONTENDS = ("cli", "batch", "mcp", "library")


def previous_file(stats_file: str) -> str:
    """Where the records go when ``stats_file`` rotates (one previous file is kept)."""
    return stats_file + ".1"


def append_record(
    config: Config,
    command: str,
    tokens: int,
    baseline: Baseline | None,
    wall_ms: float,
    *,
    frontend: str = "library",
    fallback: bool = False,
) -> None:
    """Append a record; a failure to write is ignored (stats must never break a command).

    Without a baseline the call is recorded at parity (the Unix tool is taken to return
    as much as prx did), so it never inflates the savings.

    :param frontend: the front-end that answered (one of :data:`FRONTENDS`).
    :param fallback: the Unix fallback answered, not the operation.
    """
    record: dict[str, object] = {
        "ts": round(time.time(), 3),
        "command": command,
        "tokens": tokens,
        "baseline_tokens": baseline.tokens if baseline else tokens,
        "baseline_strategy": baseline.strategy if baseline else "parity",
        # A 2 MB pattern must not make a 2 MB line (one write keeps concurrent lines whole).
        "baseline_command": shortened_echo(baseline.command, _COMMAND_CHARS) if baseline else None,
        "wall_ms": round(wall_ms, 2),
        "frontend": frontend,
    }
    if fallback:
        record["fallback"] = True
    _write(config, record)


def append_hook_record(
    config: Config, *, client: str, decision: str, form: str, reason: str, wall_ms: float
) -> None:
    """Append the record of one ``prx hook`` decision (``rewritten`` or ``passed``, the
    form, why it passed); a failure to write is ignored."""
    record: dict[str, object] = {
        "ts": round(time.time(), 3),
        "kind": "hook",
        "client": client,
        "decision": decision,
        "form": form,
        "reason": shortened_echo(reason, _COMMAND_CHARS),
        "wall_ms": round(wall_ms, 2),
    }
    _write(config, record)


def _write(config: Config, record: dict[str, object]) -> None:
    """Append ``record`` as one line; a failure to write is ignored."""
    line = (json.dumps(record, separators=(",", ":")) + "\n").encode("utf-8", "replace")
    try:
        _append(config.stats_file, line, config.stats_max_bytes)
    except OSError:
        pass


def _append(path: str, line: bytes, limit: int) -> None:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    fd = _open(path)
    try:
        if os.fstat(fd).st_size + len(line) > limit:
            os.close(fd)
            fd = -1
            _rotate(path, limit - len(line))
            fd = _open(path)
        # The whole line in one write on an O_APPEND descriptor: concurrent writers each
        # land whole lines (a writer that opened the file before a rotation writes into
        # the rotated file, which `prx stats` reads too).
        os.write(fd, line)
    finally:
        if fd >= 0:
            os.close(fd)


def _open(path: str) -> int:
    return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)


def _rotate(path: str, room: int) -> None:
    """Move ``path`` to the previous file, once, whichever writer gets the lock first."""
    import fcntl

    with open(path + ".lock", "a") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        try:
            # Another writer may have rotated while this one waited: check again.
            if os.stat(path).st_size > max(room, 0):
                os.replace(path, previous_file(path))
        except FileNotFoundError:
            pass
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
