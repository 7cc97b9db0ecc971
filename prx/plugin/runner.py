"""Runner-output parsers for ``prx run``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from prx.core.record import record
from prx.core.results.run import Diagnostic, Failure

__all__ = ["Coverage", "Parsed", "RawRun", "RunnerParser"]


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
    #: Tests the run's selection left out (cargo's ``filtered out``, pytest's ``deselected``).
    filtered: int | None = None
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


@record
class RawRun:
    """A finished command as ``prx run`` captured it.

    .. versionadded:: 0.1
    """

    #: The command line that ran.
    argv: tuple[str, ...]
    #: Its real exit code.
    exit_code: int
    #: Captured standard output.
    stdout: str
    #: Captured standard error.
    stderr: str
    #: Wall time in milliseconds.
    duration_ms: int


class RunnerParser(ABC):
    """Turns a tool's raw output into a summary; higher ``PRIORITY`` is tried first.

    .. versionadded:: 0.1
    """

    #: Registry name (``pytest``).
    NAME: ClassVar[str]
    #: Higher runs first; the generic fallback has the lowest priority.
    PRIORITY: ClassVar[int] = 0
    #: Lines that only this tool prints, as ``(regular expression, confidence 0-1)``: an
    #: output whose command line names no known tool (a wrapper, a script, ``make``) is
    #: claimed by the parser with the most confident match of a whole line (``re.match``).
    #: Only the class's own are used: a subclass is not claimed by its base's.
    #:
    #: .. versionadded:: 0.1
    SIGNATURES: ClassVar[tuple[tuple[str, float], ...]] = ()
    #: NAMEs of parsers whose signature lines this tool's output contains as part of its
    #: own (``cargo-test`` prints ``cargo-build``'s ``Compiling`` lines): not a second tool.
    #:
    #: .. versionadded:: 0.1
    COVERS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    @abstractmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        """Whether this parser understands the output of ``argv``."""

    @abstractmethod
    def parse(self, raw: RawRun) -> Parsed:
        """Read ``raw`` into facts (counts left None unless the tool printed them)."""
