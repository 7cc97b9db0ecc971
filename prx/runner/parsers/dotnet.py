"""``dotnet build`` / ``dotnet test`` (and ``msbuild``): MSBuild diagnostics and VSTest results.

MSBuild prints each diagnostic where it happens and again in its closing summary; each is
kept once. ``dotnet test`` prints one ``Passed!`` / ``Failed!`` line per test project; they are
summed. Each ``Failed Name [12 ms]`` block is a failure with the first line of its
``Error Message:`` and the ``in File.cs:line N`` of its stack trace.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx._types.run import Diagnostic, Failure, Severity
from prx.plugin._runner import RawRun
from prx.runner.detect import unwrap
from prx.runner.model import Parsed
from prx.runner.parsers._base import ToolParser, output_lines

__all__ = ["DotnetParser"]

_DIAG = re.compile(
    r"^\s*(?P<file>[^\s(][^(]*?)\((?P<line>\d+)(?:,(?P<col>\d+))?(?:,\d+,\d+)?\): "
    r"(?P<sev>error|warning) (?P<code>[A-Za-z]+\d+): (?P<msg>.+?)(?: \[(?P<proj>[^\]]+)\])?\s*$"
)
_GLOBAL = re.compile(
    r"^\s*(?:(?P<tool>MSBUILD|CSC|\S+) : )?(?P<sev>error|warning) (?P<code>[A-Z]+\d+): "
    r"(?P<msg>.+?)(?: \[(?P<proj>[^\]]+)\])?\s*$"
)
_VERDICT = re.compile(r"^\s*Build (?P<verdict>succeeded|FAILED)\.?")
_COUNT = re.compile(r"^\s+(?P<n>\d+) (?P<kind>Warning|Error)\(s\)\s*$")
_ELAPSED = re.compile(r"^Time Elapsed (?P<h>\d+):(?P<m>\d+):(?P<s>[\d.]+)")
_TESTS = re.compile(
    r"^(?P<verdict>Passed|Failed)!\s+-\s+Failed:\s+(?P<fail>\d+), Passed:\s+(?P<pass>\d+), "
    r"Skipped:\s+(?P<skip>\d+), Total:\s+(?P<total>\d+)"
)
_TEST_SUMMARY = re.compile(
    r"^Test summary: total: (?P<total>\d+), failed: (?P<fail>\d+), succeeded: (?P<pass>\d+), "
    r"skipped: (?P<skip>\d+)"
)
_FAILED_TEST = re.compile(r"^\s+Failed (?P<name>\S.*?) \[[^\]]+\]\s*$")
_IN_FILE = re.compile(r" in (?P<file>.+?):line (?P<line>\d+)\s*$")


class DotnetParser(ToolParser):
    """``dotnet build|test|run|publish|pack``, ``msbuild``."""

    NAME = "dotnet"
    PROGRAMS = frozenset({"dotnet", "msbuild"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        return bool(args) and args[0] in cls.PROGRAMS

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed()
        seen: set[tuple[str, int | None, int | None, str, str]] = set()
        verdict: str | None = None
        tests = [0, 0, 0]
        tested = False
        for index, line in enumerate(lines):
            diag = self._diagnostic(line)
            if diag is not None:
                key = (diag.file, diag.line, diag.column, diag.code or "", diag.message)
                if key not in seen:
                    seen.add(key)
                    parsed.diagnostics.append(diag)
                continue
            verdict_match = _VERDICT.match(line)
            if verdict_match:
                verdict = verdict_match.group("verdict")
                continue
            elapsed = _ELAPSED.match(line)
            if elapsed:
                parsed.tool_duration_s = (
                    int(elapsed.group("h")) * 3600
                    + int(elapsed.group("m")) * 60
                    + float(elapsed.group("s"))
                )
                continue
            result = _TESTS.match(line.strip()) or _TEST_SUMMARY.match(line.strip())
            if result:
                tested = True
                tests[0] += int(result.group("pass"))
                tests[1] += int(result.group("fail"))
                tests[2] += int(result.group("skip"))
                continue
            failed = _FAILED_TEST.match(line)
            if failed:
                parsed.failures.append(self._test_failure(failed.group("name"), lines[index + 1 :]))
        if tested:
            parsed.passed, parsed.failed, parsed.skipped = tests
        if verdict is not None or tested:
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
            if verdict is not None:
                parsed.headline = f"build {verdict}"
        return parsed

    @staticmethod
    def _diagnostic(line: str) -> Diagnostic | None:
        match = _DIAG.match(line)
        if match:
            severity: Severity = "error" if match.group("sev") == "error" else "warning"
            return Diagnostic(
                file=match.group("file").strip(),
                line=int(match.group("line")),
                column=int(match.group("col")) if match.group("col") else None,
                severity=severity,
                code=match.group("code"),
                message=match.group("msg").strip(),
            )
        glob = _GLOBAL.match(line)
        if glob:
            return Diagnostic(
                file="",
                line=None,
                column=None,
                severity="error" if glob.group("sev") == "error" else "warning",
                code=glob.group("code"),
                message=glob.group("msg").strip(),
            )
        return None

    @staticmethod
    def _test_failure(name: str, after: Sequence[str]) -> Failure:
        message = ""
        file = line = None
        extra: list[str] = []
        mode = None
        for text in after[:80]:
            stripped = text.strip()
            if (
                _FAILED_TEST.match(text)
                or _TESTS.match(stripped)
                or stripped.startswith(("Passed ", "Skipped "))
            ):
                break
            if stripped == "Error Message:":
                mode = "message"
                continue
            if stripped == "Stack Trace:":
                mode = "stack"
                continue
            if mode == "message" and stripped:
                if not message:
                    message = stripped
                else:
                    extra.append(stripped)
            elif mode == "stack" and file is None:
                where = _IN_FILE.search(text)
                if where:
                    file, line = where.group("file"), int(where.group("line"))
        return Failure(
            name=name,
            file=file,
            line=line,
            message=message or "failed",
            excerpt="\n".join(extra) or None,
        )
