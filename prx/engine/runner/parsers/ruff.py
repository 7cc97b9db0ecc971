"""ruff: ``check`` diagnostics in the full, concise and JSON formats; ``format --check``."""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.core.results.run import Diagnostic
from prx.engine.runner.detect import unwrap
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, first_word, json_array, output_lines
from prx.plugin.runner import RawRun

__all__ = ["RuffParser"]

_CODE = re.compile(r"^(?:[A-Z]+[0-9]+|[a-z][a-z-]*[a-z])$")
# Full format: ``F401 [*] message`` then `` --> file:line:col``.
_FULL_HEAD = re.compile(r"^(?P<code>[A-Z]+[0-9]+|[a-z][a-z-]*[a-z])(?: \[\*\])?:? (?P<msg>.+)$")
_ARROW = re.compile(r"^\s*--> (?P<file>.+?):(?P<line>\d+):(?P<col>\d+)$")
# Concise format: ``file:line:col: F401 [*] message``.
_CONCISE = re.compile(
    r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): "
    r"(?:(?P<code>[A-Z]+[0-9]+)(?: \[\*\])? |(?P<name>[a-z][a-z-]*[a-z]): )?(?P<msg>.+)$"
)
_FOUND = re.compile(r"^Found (?P<n>\d+) errors?\b")
_FIXABLE = re.compile(r"^\[\*\] (?P<n>\d+) fixable")
_REFORMAT = re.compile(r"^Would reformat: (?P<file>.+)$")
_FORMAT_SUMMARY = re.compile(r"^\d+ files? (?:would be reformatted|already formatted)")


def _code(text: str | None) -> str | None:
    return text if text and _CODE.match(text) else None


class RuffParser(ToolParser):
    """``ruff check`` (also plain ``ruff PATH``) and ``ruff format --check``."""

    NAME = "ruff"
    SIGNATURES = (
        (r"All checks passed!$", 0.9),
        (r"Found \d+ errors?\.$", 0.8),
        (r"\S+\.pyi?:\d+:\d+: [A-Z]+\d+ ", 0.85),
        (r"\s*--> \S+\.pyi?:\d+:\d+$", 0.8),
    )
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"ruff"})

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        args = list(argv)
        if any("output-format" in a for a in args) or first_word(unwrap(args)[1:]) != "check":
            return None
        index = args.index("check")
        return (*args[: index + 1], "--output-format=json", *args[index + 1 :])

    def parse(self, raw: RawRun) -> Parsed:
        items = json_array(raw)
        if items is not None:
            return self._from_json(items)
        parsed = Parsed()
        lines = output_lines(raw)
        pending: tuple[str | None, str] | None = None
        for line in lines:
            concise = _CONCISE.match(line)
            if concise:
                parsed.diagnostics.append(
                    Diagnostic(
                        file=concise.group("file"),
                        line=int(concise.group("line")),
                        column=int(concise.group("col")),
                        severity="error",
                        code=_code(concise.group("code") or concise.group("name")),
                        message=concise.group("msg"),
                    )
                )
                continue
            arrow = _ARROW.match(line)
            if arrow and pending is not None:
                code, message = pending
                parsed.diagnostics.append(
                    Diagnostic(
                        file=arrow.group("file"),
                        line=int(arrow.group("line")),
                        column=int(arrow.group("col")),
                        severity="error",
                        code=_code(code),
                        message=message,
                    )
                )
                pending = None
                continue
            head = _FULL_HEAD.match(line)
            pending = (head.group("code"), head.group("msg")) if head else None
            found = _FOUND.match(line)
            if found:
                parsed.errors = int(found.group("n"))
            if line.startswith("All checks passed"):
                parsed.errors = 0
                parsed.headline = "all checks passed"
            fixable = _FIXABLE.match(line)
            if fixable:
                parsed.headline = f"{fixable.group('n')} fixable with --fix"
            reformat = _REFORMAT.match(line)
            if reformat:
                parsed.diagnostics.append(
                    Diagnostic(
                        file=reformat.group("file"),
                        line=None,
                        column=None,
                        severity="error",
                        code="format",
                        message="would be reformatted",
                    )
                )
            if _FORMAT_SUMMARY.match(line):
                parsed.headline = line.strip()
        return parsed

    @staticmethod
    def _from_json(items: list[object]) -> Parsed:
        parsed = Parsed(errors=len(items))
        for item in items:
            if not isinstance(item, dict):
                continue
            location = item.get("location") or {}
            parsed.diagnostics.append(
                Diagnostic(
                    file=str(item.get("filename", "")),
                    line=location.get("row"),
                    column=location.get("column"),
                    severity="error",
                    code=item.get("code"),
                    message=str(item.get("message", "")),
                )
            )
        if not items:
            parsed.headline = "all checks passed"
        return parsed
