"""TypeScript's ``tsc`` (plain ``file(line,col): error TSxxxx:`` lines and ``--pretty``),
eslint (stylish and JSON) and pyright (text and ``--outputjson``)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from prx.core.results.run import Diagnostic, Severity
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import json_array, output_lines
from prx.engine.runner.parsers._js import JsToolParser, js_args
from prx.plugin.runner import RawRun

__all__ = ["EslintParser", "PyrightParser", "TscParser"]


def _severity(text: str) -> Severity:
    return "error" if text == "error" else "warning" if text == "warning" else "note"


# --------------------------------------------------------------------------- tsc

_TSC_PLAIN = re.compile(
    r"^(?P<file>[^\s(][^(]*)\((?P<line>\d+),(?P<col>\d+)\): "
    r"(?P<sev>error|warning|message) (?P<code>TS\d+): (?P<msg>.*)$"
)
_TSC_PRETTY = re.compile(
    r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+) - "
    r"(?P<sev>error|warning|message) (?P<code>TS\d+): (?P<msg>.*)$"
)
_TSC_GLOBAL = re.compile(r"^(?P<sev>error|warning|message) (?P<code>TS\d+): (?P<msg>.*)$")
_TSC_FOUND = re.compile(r"^Found (?P<n>\d+) errors?\b")


class TscParser(JsToolParser):
    """``tsc`` (and ``vue-tsc``), plain or ``--pretty``."""

    NAME = "tsc"
    SIGNATURES = (
        (r"\S+\.[cm]?[jt]sx?\(\d+,\d+\): error TS\d+: ", 0.95),
        (r"\S+\.[cm]?[jt]sx?:\d+:\d+ - error TS\d+: ", 0.95),
        (r"error TS\d+: ", 0.9),
    )
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"tsc", "vue-tsc", "tsgo"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed()
        found: int | None = None
        index = 0
        while index < len(lines):
            line = lines[index]
            index += 1
            match = _TSC_PLAIN.match(line) or _TSC_PRETTY.match(line)
            glob = None if match else _TSC_GLOBAL.match(line)
            if match is None and glob is None:
                count = _TSC_FOUND.match(line)
                if count:
                    found = int(count.group("n"))
                continue
            chain = []
            # A message chain continues on indented lines right under the head line.
            while index < len(lines) and lines[index].startswith("  ") and lines[index].strip():
                chain.append(lines[index].strip())
                index += 1
            head = match or glob
            assert head is not None
            message = "\n".join([head.group("msg").rstrip(), *chain])
            parsed.diagnostics.append(
                Diagnostic(
                    file=match.group("file") if match else "",
                    line=int(match.group("line")) if match else None,
                    column=int(match.group("col")) if match else None,
                    severity=_severity(head.group("sev")),
                    code=head.group("code"),
                    message=message,
                )
            )
        if parsed.diagnostics or found is not None:
            # tsc prints every diagnostic (and, with --pretty, their count).
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
            if found is not None and found != parsed.errors:
                parsed.errors = found
        return parsed


# --------------------------------------------------------------------------- eslint

_ESLINT_ROW = re.compile(
    r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?P<sev>error|warning)\s+(?P<msg>.+?)"
    r"(?:\s{2,}(?P<rule>[@\w][\w@/.-]*))?\s*$"
)
_ESLINT_TOTAL = re.compile(
    r"^✖ (?P<n>\d+) problems? \((?P<errors>\d+) errors?, (?P<warnings>\d+) warnings?\)"
)
_ESLINT_TOO_MANY = re.compile(r"^ESLint found too many warnings \((?P<what>[^)]*)\)")


class EslintParser(JsToolParser):
    """``eslint``: the stylish format (the default) and ``-f json``."""

    NAME = "eslint"
    SIGNATURES = (
        (r"✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)$", 0.95),
        (r"\s+\d+:\d+\s+(?:error|warning)\s+.+\s{2}\S+$", 0.75),
    )
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"eslint"})

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        args = list(argv)
        if any(a in ("-f", "--format") or a.startswith(("--format=", "-f=")) for a in args):
            return None
        if not js_args(args):
            return None
        return (*args, "-f", "json")

    def parse(self, raw: RawRun) -> Parsed:
        items = json_array(raw)
        if items is not None:
            return self._from_json(items)
        parsed = Parsed()
        file: str | None = None
        for line in output_lines(raw):
            if not line.strip():
                continue
            row = _ESLINT_ROW.match(line)
            if row and file is not None:
                number = int(row.group("line"))
                parsed.diagnostics.append(
                    Diagnostic(
                        file=file,
                        line=number or None,
                        column=(int(row.group("col")) or None) if number else None,
                        severity=_severity(row.group("sev")),
                        code=row.group("rule"),
                        message=row.group("msg").strip(),
                    )
                )
                continue
            total = _ESLINT_TOTAL.match(line)
            if total:
                parsed.errors = int(total.group("errors"))
                file = None
                continue
            too_many = _ESLINT_TOO_MANY.match(line)
            if too_many:
                parsed.headline = f"too many warnings ({too_many.group('what')})"
                continue
            if not line.startswith(" ") and ("/" in line or "\\" in line or "." in line):
                file = line.strip()
        return parsed

    @staticmethod
    def _from_json(items: list[Any]) -> Parsed:
        parsed = Parsed(errors=0)
        for item in items:
            if not isinstance(item, dict):
                continue
            parsed.errors = (parsed.errors or 0) + int(item.get("errorCount", 0))
            for message in item.get("messages", []):
                parsed.diagnostics.append(
                    Diagnostic(
                        file=str(item.get("filePath", "")),
                        line=message.get("line") or None,
                        column=message.get("column") or None,
                        severity="error" if message.get("severity") == 2 else "warning",
                        code=message.get("ruleId"),
                        message=str(message.get("message", "")),
                    )
                )
        return parsed


# --------------------------------------------------------------------------- pyright

_PYRIGHT_ROW = re.compile(
    r"^\s+(?P<file>\S.*?):(?P<line>\d+):(?P<col>\d+) - "
    r"(?P<sev>error|warning|information): (?P<msg>.*)$"
)
_PYRIGHT_RULE = re.compile(r"^(?P<rest>.*?) ?\((?P<rule>report\w+)\)$")
_PYRIGHT_TOTAL = re.compile(
    r"^(?P<errors>\d+) errors?, (?P<warnings>\d+) warnings?, (?P<infos>\d+) informations?\s*$"
)


class PyrightParser(JsToolParser):
    """``pyright`` / ``basedpyright``: the text report and ``--outputjson``."""

    NAME = "pyright"
    SIGNATURES = (
        (r"\d+ errors?, \d+ warnings?, \d+ informations?\s*$", 0.95),
        (r"\s+\S+\.pyi?:\d+:\d+ - (?:error|warning|information): ", 0.9),
    )
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"pyright", "basedpyright"})

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        args = list(argv)
        if "--outputjson" in args:
            return None
        return (*args, "--outputjson")

    def parse(self, raw: RawRun) -> Parsed:
        text = raw.stdout.strip()
        if text.startswith("{"):
            try:
                report = json.loads(text)
            except ValueError:
                report = None
            if isinstance(report, dict) and "generalDiagnostics" in report:
                return self._from_json(report)
        parsed = Parsed()
        rows: list[tuple[re.Match[str], list[str]]] = []
        for line in output_lines(raw):
            row = _PYRIGHT_ROW.match(line)
            if row:
                rows.append((row, []))
                continue
            total = _PYRIGHT_TOTAL.match(line)
            if total:
                parsed.errors = int(total.group("errors"))
                continue
            # Continuation lines are indented by two spaces and two no-break spaces.
            if rows and len(line) > 4 and line[:4].isspace() and line.strip():
                rows[-1][1].append(line.strip())
        for row, more in rows:
            message_lines = [row.group("msg"), *more]
            rule = _PYRIGHT_RULE.match(message_lines[-1])
            if rule:
                message_lines[-1] = rule.group("rest")
            parsed.diagnostics.append(
                Diagnostic(
                    file=row.group("file"),
                    line=int(row.group("line")),
                    column=int(row.group("col")),
                    severity=_severity(row.group("sev")),
                    code=rule.group("rule") if rule else None,
                    message="\n".join(x for x in message_lines if x),
                )
            )
        return parsed

    @staticmethod
    def _from_json(report: dict[str, Any]) -> Parsed:
        summary = report.get("summary") or {}
        parsed = Parsed(errors=summary.get("errorCount"))
        for item in report.get("generalDiagnostics", []):
            start = (item.get("range") or {}).get("start")
            parsed.diagnostics.append(
                Diagnostic(
                    file=str(item.get("file", "")),
                    line=start["line"] + 1 if start else None,
                    column=start["character"] + 1 if start else None,
                    severity=_severity(str(item.get("severity"))),
                    code=item.get("rule"),
                    message="\n".join(x.strip() for x in str(item.get("message", "")).splitlines()),
                )
            )
        return parsed
