"""``dotnet build`` / ``dotnet test`` (and ``msbuild``): MSBuild diagnostics and VSTest results.

MSBuild prints each diagnostic where it happens and again in its closing summary; each is
kept once. The console logger closes with ``Build succeeded.`` / ``Build FAILED.``, the terminal
logger (.NET 9+) with ``Build failed with 2 error(s) and 1 warning(s) in 5.0s``; a diagnostic
whose message spans lines (the terminal logger prints it indented under ``code: ``) gets them
joined. ``dotnet test`` prints one ``Passed!`` / ``Failed!`` line per test project, or (vstest
at normal verbosity, and older SDKs) a ``Test Run Failed.`` block of ``Total tests:`` /
``Passed:`` / ``Failed:`` / ``Skipped:`` lines; either is summed over the projects. Each
``Failed Name [12 ms]`` block (``X Name [12ms]`` in vstest 16) is a failure with the first line
of its ``Error Message:`` and the ``in File.cs:line N`` of its stack trace.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.core.results.run import Diagnostic, Failure, Severity
from prx.engine.runner.detect import unwrap
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["DotnetParser"]

_DIAG = re.compile(
    r"^\s*(?P<file>[^\s(][^(]*?)\((?P<line>\d+)(?:,(?P<col>\d+))?(?:,\d+,\d+)?\): "
    r"(?P<sev>error|warning) (?P<code>[A-Za-z]+\d+):(?: (?P<msg>.*?))?"
    r"(?: \[(?P<proj>[^\]]+)\])?\s*$"
)
_GLOBAL = re.compile(
    r"^\s*(?:(?P<tool>MSBUILD|CSC|\S+) : )?(?P<sev>error|warning) (?P<code>[A-Z]+\d+): "
    r"(?P<msg>.+?)(?: \[(?P<proj>[^\]]+)\])?\s*$"
)
_VERDICT = re.compile(r"^\s*Build (?P<verdict>succeeded|FAILED|failed)\b")
#: The terminal logger's closing line ends with the build's duration.
_TL_ELAPSED = re.compile(r"^Build (?:succeeded|failed)\b.* in (?P<s>\d+(?:\.\d+)?)s$")
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
_FAILED_TEST = re.compile(r"^\s+(?:Failed|X) (?P<name>\S.*?) \[[^\]]+\]\s*$")
_TEST_RUN = re.compile(r"^Test Run (?:Successful|Failed|Aborted)\.")
_TEST_RUN_COUNT = re.compile(r"^\s*(?P<kind>Total tests|Passed|Failed|Skipped): *(?P<n>\d+)\s*$")
#: Where a failure's block ends: the next test's result line or a summary.
_RESULT_LINE = ("Passed ", "Skipped ", "\u221a ", "\u2713 ", "! ", "Total tests:")
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
        block = [0, 0, 0]  # the ``Test Run ...`` blocks, used when no one-line summary came
        in_block = blocked = False
        for index, line in enumerate(lines):
            if in_block:
                count = _TEST_RUN_COUNT.match(line)
                if count:
                    kind = count.group("kind")
                    if kind != "Total tests":
                        block[("Passed", "Failed", "Skipped").index(kind)] += int(count.group("n"))
                    continue
                in_block = False
            if _TEST_RUN.match(line.strip()):
                in_block = blocked = True
                continue
            diag = self._diagnostic(line, lines[index + 1 : index + 41])
            if diag is not None:
                key = (diag.file, diag.line, diag.column, diag.code or "", diag.message)
                if key not in seen:
                    seen.add(key)
                    parsed.diagnostics.append(diag)
                continue
            verdict_match = _VERDICT.match(line)
            if verdict_match:
                verdict = verdict_match.group("verdict")
                verdict = "FAILED" if verdict == "failed" else verdict
                tl_elapsed = _TL_ELAPSED.match(line.strip())
                if tl_elapsed:
                    parsed.tool_duration_s = float(tl_elapsed.group("s"))
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
        if not tested and blocked:
            tested, tests = True, block
        if tested:
            parsed.passed, parsed.failed, parsed.skipped = tests
        if verdict is not None or tested:
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
            if verdict is not None:
                parsed.headline = f"build {verdict}"
        return parsed

    @classmethod
    def _diagnostic(cls, line: str, after: Sequence[str] = ()) -> Diagnostic | None:
        match = _DIAG.match(line)
        if match:
            severity: Severity = "error" if match.group("sev") == "error" else "warning"
            return Diagnostic(
                file=match.group("file").strip(),
                line=int(match.group("line")),
                column=int(match.group("col")) if match.group("col") else None,
                severity=severity,
                code=match.group("code"),
                message=(match.group("msg") or "").strip() or cls._continuation(line, after),
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
    def _continuation(line: str, after: Sequence[str]) -> str:
        """A message printed under its diagnostic, on lines indented deeper than it."""
        indent = len(line) - len(line.lstrip())
        parts: list[str] = []
        for text in after[:40]:
            if not text.strip() or len(text) - len(text.lstrip()) <= indent:
                break
            parts.append(text.strip())
        return " ".join(parts)

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
                or _TEST_RUN.match(stripped)
                or stripped.startswith(_RESULT_LINE)
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
