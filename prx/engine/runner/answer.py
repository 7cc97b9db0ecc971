"""A run's answer while it is being cut to size: its pieces, and what each cut left out.

:class:`Answer` holds what the :class:`~prx.types.RunReport` will show (failures,
diagnostics, the ``tail`` as :class:`TailLine` s) and counts, whatever has been cut, the
output lines not shown whole and the characters cut from lines shown in part.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prx.core.results.run import BY_ARGV, Detected, Diagnostic, Failure, RunReport
from prx.core.tokens import TokenCounter
from prx.engine.runner.excerpt import marker

if TYPE_CHECKING:
    from prx.engine.runner.model import Parsed
    from prx.engine.runner.report import RunOutput

__all__ = ["Answer", "TailLine", "cut_marked", "cut_text", "gap", "is_marker"]

_GAP_COUNT = re.compile(r"\[prx: (\d+) (?:more |earlier |repeated )?lines omitted\]")


@dataclasses.dataclass(slots=True)
class TailLine:
    """One line of the ``tail``: what is shown of it, and how much of it is not."""

    text: str
    #: Characters cut from the end of the line (0: shown whole).
    hidden: int = 0
    #: Whether it is an output line that counts as shown when whole (not a marker, not a
    #: listing entry, not a line already cut at the edge of an output too large to hold).
    counted: bool = True
    #: Bytes already cut from it by the bounded capture.
    edge_hidden: int = 0

    def render(self) -> str:
        return f"{self.text} {marker(self.hidden, 'characters')}" if self.hidden else self.text


def cut_text(text: str, limit: int) -> tuple[str, int]:
    """``text`` cut to ``limit`` characters, and how many were cut."""
    if len(text) <= limit:
        return text, 0
    return text[:limit], len(text) - limit


def cut_marked(text: str, limit: int) -> tuple[str, int]:
    """``text`` cut to ``limit`` characters and a marker counting the rest; that count."""
    shown, hidden = cut_text(text, limit)
    return (f"{shown} {marker(hidden, 'characters')}" if hidden else shown), hidden


def is_marker(text: str) -> bool:
    """Whether ``text`` is a ``[prx: ... omitted]`` line standing for others."""
    return text.startswith("[prx: ") and text.endswith(" omitted]")


def gap(dropped: Sequence[TailLine], what: str) -> TailLine:
    """The marker standing for ``dropped`` lines (a dropped marker counts its own lines)."""
    total = 0
    for line in dropped:
        found = _GAP_COUNT.fullmatch(line.text) if not line.counted else None
        total += int(found.group(1)) if found else 1
    return TailLine(marker(total, what), counted=False)


def data_tokens(report: RunReport, count: TokenCounter) -> RunReport:
    """``report`` with ``tokens_out`` set to the size of its JSON as the envelope writes
    it (which leaves ``tokens_out`` out)."""
    from prx.core.budget import data_tokens as tokens_of

    return dataclasses.replace(report, tokens_out=tokens_of(report, count))


class Answer:
    """The pieces of one report, cut down step by step until they fit."""

    def __init__(
        self,
        output: RunOutput,
        parsed: Parsed,
        *,
        tool: str,
        summary: str,
        total_lines: int,
        tokens_raw: int,
        count: TokenCounter,
        detected: Detected | None = None,
    ) -> None:
        self.output, self.parsed, self.tool, self.summary = output, parsed, tool, summary
        self.total_lines, self.tokens_raw, self.count = total_lines, tokens_raw, count
        self.detected = detected
        self.argv = list(output.argv)
        self.failures: list[Failure] = []
        #: Characters cut from each failure's message and excerpt (the first ones shown).
        self.failure_hidden: list[tuple[int, int]] = []
        self.diagnostics: list[Diagnostic] = []
        self.diagnostic_hidden: list[int] = []
        self.failures_omitted = 0
        self.diagnostics_omitted = 0
        self.tail: list[TailLine] | None = None
        #: Output lines the tail reproduced whole, and its lines that counted, before any cut.
        self.shown = 0
        self.counted = 0
        self.raw_path: str | None = None
        #: The directory the failures' and diagnostics' paths are relative to, when any.
        self.root: str | None = None

    def omitted_lines(self) -> int:
        intact = sum(1 for x in self.tail or () if x.counted and not x.hidden)
        return max(0, self.total_lines - (self.shown - (self.counted - intact)))

    def omitted_chars(self) -> int:
        total = sum(x.hidden + x.edge_hidden for x in self.tail or ())
        for failure, (message, extract) in zip(self.failures, self.failure_hidden, strict=False):
            total += message + (extract if failure.excerpt is not None else 0)
        return total + sum(self.diagnostic_hidden[: len(self.diagnostics)])

    def cuts_anything(self) -> bool:
        return bool(
            self.omitted_lines()
            or self.omitted_chars()
            or self.failures_omitted
            or self.diagnostics_omitted
        )

    def report(self) -> RunReport:
        """The report as it stands, ``tokens_out`` counted."""
        return data_tokens(self._record(), self.count)

    def _record(self) -> RunReport:
        """The report as it stands, ``tokens_out`` not counted (the JSON leaves it out)."""
        parsed, output = self.parsed, self.output
        return RunReport(
            command=tuple(self.argv),
            root=self.root,
            tool=self.tool,
            detected=self.detected or BY_ARGV,
            exit_code=output.exit_code,
            duration_ms=output.duration_ms,
            passed=parsed.passed,
            failed=parsed.failed,
            skipped=parsed.skipped,
            errors=parsed.errors,
            warnings=parsed.warnings,
            xfailed=parsed.xfailed,
            xpassed=parsed.xpassed,
            filtered=parsed.filtered,
            failures=tuple(self.failures),
            diagnostics=tuple(self.diagnostics),
            summary=self.summary,
            timed_out=output.timed_out,
            interrupted=output.interrupted,
            output_lines=self.total_lines,
            omitted_lines=self.omitted_lines(),
            raw_path=self.raw_path,
            raw_bytes=output.size if output.size is not None else len(output.raw_bytes),
            tokens_raw=self.tokens_raw,
            tokens_out=0,
            tail="\n".join(x.render() for x in self.tail) if self.tail is not None else None,
            failures_omitted=self.failures_omitted,
            diagnostics_omitted=self.diagnostics_omitted,
            omitted_chars=self.omitted_chars(),
        )

    def tokens(self) -> int:
        """Tokens of the report's ``data`` as it stands."""
        return self.report().tokens_out
