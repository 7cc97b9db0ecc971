"""What a runner parser returns: the facts it read, before the report is assembled."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from prx._types.run import Diagnostic, Failure
from prx.plugin._runner import RawRun

if TYPE_CHECKING:
    from prx.runner.capture import OutputView

__all__ = ["CapturedRun", "Coverage", "Parsed"]


@dataclass(slots=True, kw_only=True)
class Coverage:
    """A coverage report's figures, as the tool printed them (percentages 0-100)."""

    #: The total percentage (the TOTAL / All files row), None when the table has none.
    total: float | None = None
    #: What the total measures (``lines``, ``statements``, ``regions``).
    metric: str = "lines"
    #: Every row of the table: a file (a function for ``go tool cover -func``) -> percentage.
    rows: dict[str, float] = field(default_factory=dict)
    #: Uncovered lines of a row, when the tool lists them (``12-14, 20``).
    missing: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True, kw_only=True)
class Parsed:
    """Facts a parser read from a tool's output.

    Leave a count None unless the tool printed it (or printed every item it is made of);
    the report builder writes the summary line from these facts and the real exit code,
    so a parser never has to (and cannot) claim success.
    """

    passed: int | None = None
    failed: int | None = None
    skipped: int | None = None
    errors: int | None = None
    #: Warnings of a build or lint tool (its own figure, or every warning it printed).
    warnings: int | None = None
    xfailed: int | None = None
    xpassed: int | None = None
    failures: list[Failure] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Errors that stopped the tool before it ran anything (``ImportError in tests/x.py``).
    collection_errors: list[str] = field(default_factory=list)
    #: The tool's own short statement when counts do not say it (``12 commits``, ``clean``).
    headline: str | None = None
    #: Duration the tool itself reported, in seconds.
    tool_duration_s: float | None = None
    #: A compact listing (git entries, commits, per-file stats) shown as the tail.
    items: list[str] = field(default_factory=list)
    #: Lines of output to show verbatim (an excerpt); None when the parse covers the output.
    excerpt: list[str] | None = None
    #: How many raw output lines ``excerpt`` reproduces (markers excluded).
    excerpt_source_lines: int = 0
    #: Whether the tool's closing summary was found (False: the output may be cut short).
    complete: bool = True
    #: A coverage report printed with the run, when there was one.
    coverage: Coverage | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CapturedRun(RawRun):
    """A :class:`~prx.plugin.interfaces.RawRun` that also has both streams in arrival order."""

    #: stdout and stderr interleaved as their chunks arrived.
    merged: str = ""
    #: Set when the output was too large to hold: the lines held, numbered. ``stdout``,
    #: ``stderr`` and ``merged`` are then the held lines with a marker for each gap.
    view: OutputView | None = None
