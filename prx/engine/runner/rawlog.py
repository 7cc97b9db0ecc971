"""The raw output of a run, kept on disk whenever an answer shows less than all of it."""

from __future__ import annotations

import os
import time
from typing import BinaryIO

__all__ = ["KEEP_LOGS", "discard", "open_log", "prune", "save_raw"]

#: How many raw logs are kept under ``<home>/runs``; older ones are deleted.
KEEP_LOGS = 200


def prune(home: str, keep: int = KEEP_LOGS) -> None:
    """Delete all but the ``keep`` newest logs under ``<home>/runs``."""
    directory = os.path.join(home, "runs")
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".log"))
    except OSError:
        return
    for name in names[: max(0, len(names) - keep)]:
        try:
            os.remove(os.path.join(directory, name))
        except OSError:
            pass


def open_log(home: str, *, pid: int | None = None) -> tuple[str, BinaryIO] | None:
    """Create ``<home>/runs/<timestamp>-<pid>.log`` for writing; its path and file, or None.

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
                return path, open(path, "xb")  # the caller closes it
            except FileExistsError:
                continue
    except OSError:
        return None
    return None


def discard(path: str) -> None:
    """Remove a log that turned out not to be needed."""
    try:
        os.remove(path)
    except OSError:
        pass


def save_raw(home: str, data: bytes, *, pid: int | None = None) -> str | None:
    """Write ``data`` to a new log (see :func:`open_log`); its path, or None on failure."""
    opened = open_log(home, pid=pid)
    if opened is None:
        return None
    path, fh = opened
    try:
        with fh:
            fh.write(data)
    except OSError:
        discard(path)
        return None
    prune(home)
    return path
