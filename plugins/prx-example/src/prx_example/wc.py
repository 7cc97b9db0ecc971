"""``wc``: one "count(s) name" row per file, then a total when there are several."""

from __future__ import annotations

from prx.plugin import Parsed, RawRun, ToolParser, output_lines


class WcParser(ToolParser):
    """Reads ``wc`` output (any of ``-l``, ``-w``, ``-c``); matches ``wc`` behind wrappers."""

    NAME = "wc"
    PROGRAMS = frozenset({"wc"})

    def parse(self, raw: RawRun) -> Parsed:
        rows = [line.split() for line in output_lines(raw) if line.strip()]
        counted = [row for row in rows if len(row) >= 2 and row[0].isdigit()]
        files = [row for row in counted if row[-1] != "total"]
        return Parsed(
            headline=f"{len(files)} file(s) counted" if files else None,
            items=[" ".join(row) for row in counted],
        )
