"""mypy: ``file:line[:col]: severity: message  [code]`` lines; also ``--pretty`` and JSON."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from prx.core.results.run import Diagnostic, Severity
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["MypyParser"]

_LINE = re.compile(
    r"^(?P<file>[^\s:][^:]*?):(?:(?P<line>\d+):(?:(?P<col>\d+):)?(?:\d+:\d+:)?)? "
    r"(?P<sev>error|warning|note): (?P<msg>.*?)(?:  \[(?P<code>[a-z0-9-]+)\])?$"
)
_CODE_ONLY = re.compile(r"^(?P<rest>.*?)\s*\[(?P<code>[a-z0-9-]+)\]$")
_FOUND = re.compile(
    r"^Found (?P<n>\d+) errors? in (?P<files>\d+) files?(?: \((?P<checked>[^)]*)\))?"
)
_SUCCESS = re.compile(r"^Success: (?P<text>.+)$")


def _severity(text: str) -> Severity:
    return "error" if text == "error" else "warning" if text == "warning" else "note"


class MypyParser(ToolParser):
    """mypy and ``python -m mypy`` (``dmypy run`` too)."""

    NAME = "mypy"
    SIGNATURES = (
        (r"Success: no issues found in \d+ source files?$", 0.95),
        (r"Found \d+ errors? in \d+ files? \(checked \d+ source files?\)$", 0.95),
        (r"\S+\.pyi?:\d+(?::\d+)?: (?:error|note|warning): .+", 0.85),
    )
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"mypy", "dmypy"})

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        args = list(argv)
        if any(a.startswith(("-O", "--output")) for a in args):
            return None
        return (*args, "--output=json")

    def parse(self, raw: RawRun) -> Parsed:
        parsed = Parsed()
        lines = output_lines(raw)
        if lines and lines[0].startswith("{"):
            return self._from_json(lines)
        previous: Diagnostic | None = None
        for line in lines:
            match = _LINE.match(line)
            if match:
                previous = Diagnostic(
                    file=match.group("file"),
                    line=int(match.group("line")) if match.group("line") else None,
                    column=int(match.group("col")) if match.group("col") else None,
                    severity=_severity(match.group("sev")),
                    code=match.group("code"),
                    message=match.group("msg").rstrip(),
                )
                parsed.diagnostics.append(previous)
                continue
            # --pretty wraps a long message; the code may land on the next line.
            code_only = _CODE_ONLY.match(line)
            if (
                previous is not None
                and previous.code is None
                and code_only
                and not line.startswith(" ")
            ):
                rest = code_only.group("rest").strip()
                parsed.diagnostics[-1] = Diagnostic(
                    file=previous.file,
                    line=previous.line,
                    column=previous.column,
                    severity=previous.severity,
                    code=code_only.group("code"),
                    message=f"{previous.message} {rest}".strip(),
                )
                previous = None
                continue
            found = _FOUND.match(line)
            if found:
                parsed.errors = int(found.group("n"))
                checked = found.group("checked")
                files = int(found.group("files"))
                where = f"in {files} file" + ("" if files == 1 else "s")
                parsed.headline = f"{where} ({checked})" if checked else where
            success = _SUCCESS.match(line)
            if success:
                parsed.errors = 0
                parsed.headline = success.group("text")
        return parsed

    @staticmethod
    def _from_json(lines: Sequence[str]) -> Parsed:
        parsed = Parsed()
        for line in lines:
            try:
                item: Any = json.loads(line)
            except ValueError:
                continue
            if not isinstance(item, dict):
                continue
            severity = _severity(str(item.get("severity")))
            column = item.get("column")
            parsed.diagnostics.append(
                Diagnostic(
                    file=str(item.get("file", "")),
                    line=item.get("line"),
                    column=column + 1 if isinstance(column, int) and column >= 0 else None,
                    severity=severity,
                    code=item.get("code") if severity != "note" else None,
                    message=str(item.get("message", "")),
                )
            )
            if item.get("hint"):
                parsed.diagnostics.append(
                    Diagnostic(
                        file=str(item.get("file", "")),
                        line=item.get("line"),
                        column=None,
                        severity="note",
                        code=None,
                        message=str(item["hint"]),
                    )
                )
        parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
        return parsed
