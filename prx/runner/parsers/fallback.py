"""The generic parser for any other command: error-looking lines and the last 20 lines."""

from __future__ import annotations

from collections.abc import Sequence

from prx.plugin._runner import RawRun, RunnerParser
from prx.runner.excerpt import ERROR_LINE, excerpt
from prx.runner.model import Parsed
from prx.runner.parsers._base import output_lines

__all__ = ["FallbackParser"]

#: Lines kept from the end of the output.
LAST_LINES = 20


class FallbackParser(RunnerParser):
    """Keeps lines matching ``error|fail|panic|exception|traceback`` (any case) and the last
    20 lines; every gap is a marker that counts the lines it stands for."""

    NAME = "fallback"
    PRIORITY = -1000

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        return True

    def parse(self, raw: RawRun) -> Parsed:
        view = getattr(raw, "view", None)
        if view is not None:  # an output too large to hold: its numbered lines
            cut = excerpt(
                view.lines,
                keep=view.flags,
                last=LAST_LINES,
                numbers=view.numbers,
                total=view.total,
                partial=view.partial,
            )
            total, errorish = view.total, view.errors
        else:
            lines = output_lines(raw)
            flags = [bool(ERROR_LINE.search(x)) for x in lines]
            cut = excerpt(lines, keep=flags, last=LAST_LINES)
            total, errorish = len(lines), sum(flags)
        if not total:
            return Parsed(headline="no output")
        headline = f"{total} line{'' if total == 1 else 's'} of output"
        if errorish:
            headline += f", {errorish} look{'s' if errorish == 1 else ''} like error"
            headline += "" if errorish == 1 else "s"
        if cut.dropped:
            headline += f", {cut.dropped} not shown"
        return Parsed(
            headline=headline,
            excerpt=cut.lines,
            excerpt_source_lines=cut.shown,
        )
