"""C and C++ compilers (gcc, clang) and make: diagnostics, linker errors, failed targets."""

from __future__ import annotations

import json
import os
import re
from typing import Any

from prx.core.results.run import Diagnostic, Failure, Severity
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["CompilerParser", "MakeParser", "parse_compiler_output"]

_DIAG = re.compile(
    r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)? "
    r"(?P<sev>fatal error|error|warning|note): (?P<msg>.*?)(?: \[(?P<code>-W[^\]\s]+)\])?$"
)
_NOLINE = re.compile(
    r"^(?P<file>(?:cc1\w*|[^\s:]+\.\w+)): (?P<sev>fatal error|error|warning): (?P<msg>.+)$"
)
_LINKER = re.compile(
    r"^(?:\S*ld(?:\.\w+)?: )?(?P<file>[^\s:]+):\([^)]*\): (?P<msg>(?:undefined|multiple) .+)$"
)
_COLLECT = re.compile(r"^(?:collect2|clang|\S*ld(?:\.\w+)?): error: (?P<msg>.+)$")
_MAKE_FAIL = re.compile(
    r"^(?P<make>g?make(?:\[\d+\])?): \*\*\* "
    r"\[(?P<file>[^:\]]+):(?P<line>\d+): (?P<target>[^\]]+)\] "
    r"(?P<msg>Error \d+|Segmentation fault.*|Killed)"
)
_MAKE_NORULE = re.compile(
    r"^g?make(?:\[\d+\])?: \*\*\* "
    r"(?P<msg>No rule to make target '(?P<target>[^']+)'.*?)\.?\s*Stop\.$"
)
_MAKE_NOTE = re.compile(
    r"^g?make(?:\[\d+\])?: (?P<msg>Nothing to be done for .+|'.+' is up to date\.)$"
)
_ENTER = re.compile(r"^g?make\[\d+\]: (?P<what>Entering|Leaving) directory '(?P<dir>.+)'$")


def _severity(text: str) -> Severity:
    if text in ("error", "fatal error"):
        return "error"
    return "warning" if text == "warning" else "note"


def _json_diagnostics(parsed: Parsed, items: list[Any]) -> None:
    def add(item: dict[str, Any]) -> None:
        locations = item.get("locations") or [{}]
        caret = locations[0].get("caret", {}) if locations else {}
        parsed.diagnostics.append(
            Diagnostic(
                file=str(caret.get("file", "")),
                line=caret.get("line"),
                column=caret.get("column"),
                severity=_severity(str(item.get("kind"))),
                code=item.get("option"),
                message=str(item.get("message", "")),
            )
        )
        for child in item.get("children") or []:
            if isinstance(child, dict):
                add(child)

    for item in items:
        if isinstance(item, dict):
            add(item)


def parse_compiler_output(raw: RawRun) -> Parsed:
    """Diagnostics of gcc / clang (text or ``-fdiagnostics-format=json``) and make's failures."""
    parsed = Parsed()
    directories: list[str] = []
    for line in output_lines(raw):
        if line.startswith("[{") or line == "[]":
            try:
                items = json.loads(line)
            except ValueError:
                items = None
            if isinstance(items, list):
                _json_diagnostics(parsed, items)
                continue
        enter = _ENTER.match(line)
        if enter:
            if enter.group("what") == "Entering":
                directories.append(enter.group("dir"))
            elif directories:
                directories.pop()
            continue
        diag = _DIAG.match(line)
        if diag:
            file = diag.group("file")
            if directories and not os.path.isabs(file):
                file = os.path.join(directories[-1], file)
            parsed.diagnostics.append(
                Diagnostic(
                    file=file,
                    line=int(diag.group("line")),
                    column=int(diag.group("col")) if diag.group("col") else None,
                    severity=_severity(diag.group("sev")),
                    code=diag.group("code"),
                    message=diag.group("msg"),
                )
            )
            continue
        noline = _NOLINE.match(line)
        if noline:
            parsed.diagnostics.append(
                Diagnostic(
                    file=noline.group("file"),
                    line=None,
                    column=None,
                    severity=_severity(noline.group("sev")),
                    code=None,
                    message=noline.group("msg"),
                )
            )
            continue
        linker = _LINKER.match(line)
        if linker:
            parsed.diagnostics.append(
                Diagnostic(
                    file=linker.group("file"),
                    line=None,
                    column=None,
                    severity="error",
                    code=None,
                    message=linker.group("msg"),
                )
            )
            continue
        collect = _COLLECT.match(line)
        if collect:
            parsed.failures.append(
                Failure(
                    name="link", file=None, line=None, message=collect.group("msg"), excerpt=None
                )
            )
            continue
        fail = _MAKE_FAIL.match(line)
        if fail:
            parsed.failures.append(
                Failure(
                    name=fail.group("target"),
                    file=fail.group("file"),
                    line=int(fail.group("line")),
                    message=f"{fail.group('make')}: {fail.group('msg')}",
                    excerpt=None,
                )
            )
            continue
        norule = _MAKE_NORULE.match(line)
        if norule:
            parsed.failures.append(
                Failure(
                    name=norule.group("target"),
                    file=None,
                    line=None,
                    message=norule.group("msg"),
                    excerpt=None,
                )
            )
            continue
        note = _MAKE_NOTE.match(line)
        if note:
            parsed.headline = note.group("msg").rstrip(".")
    if not parsed.diagnostics and parsed.headline is None and raw.exit_code == 0:
        parsed.headline = "no diagnostics"
    return parsed


class MakeParser(ToolParser):
    """make (its targets' compiler diagnostics and its own failure lines)."""

    NAME = "make"
    COVERS = frozenset({"cc"})
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"make", "gmake"})

    def parse(self, raw: RawRun) -> Parsed:
        return parse_compiler_output(raw)


class CompilerParser(ToolParser):
    """gcc, g++, cc, c++, clang, clang++ run directly."""

    NAME = "cc"
    SIGNATURES = (
        (r"\S+\.(?:c|h|cc|cpp|cxx|hpp|hh|m|mm):\d+:\d+: (?:fatal error|error|warning): ", 0.9),
        (r"collect2: error: ", 0.8),
    )
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"gcc", "g++", "cc", "c++", "clang", "clang++"})

    def parse(self, raw: RawRun) -> Parsed:
        return parse_compiler_output(raw)
