"""The raw output of a run, kept on disk whenever an answer shows less than all of it."""

from __future__ import annotations

import os
import time

__all__ = ["KEEP_LOGS", "save_raw"]

#: How many raw logs are kept under ``<home>/runs``; older ones are deleted.
KEEP_LOGS = 200


def _prune(directory: str, keep: int) -> None:
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".log"))
    except OSError:
        return
    for name in names[: max(0, len(names) - keep)]:
        try:
            os.remove(os.path.join(directory, name))
        except OSError:
            pass


def save_raw(home: str, data: bytes, *, pid: int | None = None) -> str | None:
    """Write ``data`` to ``<home>/runs/<timestamp>-<pid>.log``; its path, or None on failure.

    The timestamp sorts (``20261115T101530123``: milliseconds included) and the pid keeps
    concurrent runs apart.
    """
    directory = os.path.join(home, "runs")
    now = time.time()
    stamp = time.strftime("%Y%m%dT%H%M%S", time.localtime(now)) + f"{int(now * 1000) % 1000:03d}"
    base = f"{stamp}-{pid if pid is not None else os.getpid()}"
    try:
        os.makedirs(directory, exist_ok=True)
        for attempt in range(100):
            name = f"{base}.log" if attempt == 0 else f"{base}-{attempt}.log"
            path = os.path.join(directory, name)
            try:
                with open(path, "xb") as fh:
                    fh.write(data)
            except FileExistsError:
                continue
            _prune(directory, KEEP_LOGS)
            return path
    except OSError:
        return None
    return None
