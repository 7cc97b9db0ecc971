"""The command line's progress callback: library progress written to stderr.

Counters (``files 120/800``) are redrawn on one line, and only on a terminal; status
lines (``prx index --watch``: "watching for changes") are always written. ``--quiet``
silences both. stdout, the answer, is never touched.
"""

from __future__ import annotations

import sys

from prx.core.progress import Progress

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

__all__ = ["StderrProgress"]


class StderrProgress:
    """A progress callback for ``prx <command>``, writing ``prx <command>: ...`` lines."""

    def __init__(self, command: str, *, quiet: bool = False, stream: TextIO | None = None) -> None:
        self.command = command
        self.quiet = quiet
        self.stream = stream if stream is not None else sys.stderr
        self._counter_shown = False  # a \r line is pending its newline

    def __call__(self, progress: Progress) -> None:
        if self.quiet:
            return
        if progress.message:
            self._end_counter()
            self.stream.write(f"prx {self.command}: {progress.message}\n")
        elif self.stream.isatty():
            total = f"/{progress.total}" if progress.total is not None else ""
            self.stream.write(f"\rprx {self.command}: {progress.stage} {progress.done}{total}   ")
            self._counter_shown = True
        else:
            return
        self.stream.flush()

    def close(self) -> None:
        """End a pending counter line, so the shell prompt starts on a line of its own."""
        self._end_counter()
        self.stream.flush()

    def _end_counter(self) -> None:
        if self._counter_shown:
            self.stream.write("\n")
            self._counter_shown = False
