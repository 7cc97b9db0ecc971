"""``cargo test``: every ``test result:`` line summed (each test binary and doc-tests print
one: passed, failed, ignored as skipped, measured, filtered out), panics with their
location, and compile errors: when a target does not compile, its error and warning
diagnostics are the ``errors`` and ``warnings`` counts."""

from __future__ import annotations

import re

from prx.core.results.run import Diagnostic, Failure, Severity
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["CargoTestParser"]

_RESULT = re.compile(
    r"^test result: (?:ok|FAILED)\. (?P<passed>\d+) passed; (?P<failed>\d+) failed; "
    r"(?P<ignored>\d+) ignored;(?: (?P<measured>\d+) measured;)?"
    r"(?: (?P<filtered>\d+) filtered out;)?.*?finished in (?P<secs>[\d.]+)s"
)
_BLOCK = re.compile(r"^---- (?P<name>.+?) stdout ----$")
#: A doc-test's name says where it is: ``src/lib.rs - add (line 3)``.
_DOCTEST = re.compile(r"^(?P<file>\S+\.rs) - .+ \(line (?P<line>\d+)\)$")
#: ``#[should_panic]`` on a test that returned normally.
_NO_PANIC = re.compile(
    r"^note: (?P<msg>test did not panic as expected)"
    r"(?: at (?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+))?"
)
_PANIC = re.compile(r"panicked at (?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+):?(?: (?P<msg>.+))?$")
_DIAG = re.compile(r"^(?P<sev>error|warning)(?:\[(?P<code>E\d+)\])?: (?P<msg>.+)$")
_ARROW = re.compile(r"^\s*--> (?P<file>.+?):(?P<line>\d+):(?P<col>\d+)$")
_LINT = re.compile(r"#\[(?:warn|deny)\((?P<code>[a-z_:]+)\)\]")
_COULD_NOT = re.compile(r"^error: could not compile `(?P<crate>[^`]+)`")


class CargoTestParser(ToolParser):
    """``cargo test`` (and ``cargo nextest`` is left to the fallback)."""

    NAME = "cargo-test"
    SIGNATURES = (
        (r"test result: (?:ok|FAILED)\. \d+ passed; \d+ failed", 0.95),
        (r"running \d+ tests?$", 0.6),
    )
    COVERS = frozenset({"cargo-build", "cargo-clippy"})
    PROGRAMS = frozenset({"cargo"})
    SUBCOMMANDS = frozenset({"test", "t"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed(complete=False)
        totals = [0, 0, 0]
        measured = filtered = 0
        seconds = 0.0
        block: str | None = None
        body: list[str] = []
        pending: tuple[Severity, str | None, str] | None = None
        for index, line in enumerate(lines):
            result = _RESULT.match(line)
            if result:
                parsed.complete = True
                totals[0] += int(result.group("passed"))
                totals[1] += int(result.group("failed"))
                totals[2] += int(result.group("ignored"))
                measured += int(result.group("measured") or 0)
                filtered += int(result.group("filtered") or 0)
                seconds += float(result.group("secs"))
                continue
            start = _BLOCK.match(line)
            if start:
                self._flush(parsed, block, body)
                block, body = start.group("name"), []
                continue
            if block is not None:
                if line.startswith(("failures:", "test result:")):
                    self._flush(parsed, block, body)
                    block, body = None, []
                else:
                    body.append(line)
                continue
            diag = _DIAG.match(line)
            if diag:
                could_not = _COULD_NOT.match(line)
                if could_not:
                    error = f"compile error in {could_not.group('crate')}"
                    if error not in parsed.collection_errors:  # (lib), then (lib test)
                        parsed.collection_errors.append(error)
                    pending = None
                    continue
                severity: Severity = "error" if diag.group("sev") == "error" else "warning"
                pending = (severity, diag.group("code"), diag.group("msg"))
                continue
            arrow = _ARROW.match(line)
            if arrow and pending is not None:
                severity, code, message = pending
                if code is None:
                    for follow in lines[index + 1 : index + 12]:
                        lint = _LINT.search(follow)
                        if lint:
                            code = lint.group("code")
                            break
                        if _DIAG.match(follow):
                            break
                parsed.diagnostics.append(
                    Diagnostic(
                        file=arrow.group("file"),
                        line=int(arrow.group("line")),
                        column=int(arrow.group("col")),
                        severity=severity,
                        code=code,
                        message=message,
                    )
                )
                pending = None
        self._flush(parsed, block, body)
        if parsed.complete:
            parsed.passed, parsed.failed, parsed.skipped = totals
            parsed.filtered = filtered
            parsed.tool_duration_s = seconds
            if measured:  # benchmarks libtest ran and timed
                parsed.headline = f"{measured} measured"
        if parsed.collection_errors:
            # Tests that did not compile: the compiler's errors and warnings are the counts
            # (the tests of that target never ran, so they are not counted as failed), and
            # cargo's "could not compile" is its closing line.
            parsed.complete = True
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
            parsed.warnings = sum(1 for d in parsed.diagnostics if d.severity == "warning")
        elif parsed.errors is None and any(d.severity == "error" for d in parsed.diagnostics):
            # a compiler error with no "could not compile" line: counted, as the summary
            # names it (the fields never say less than the summary)
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
        return parsed

    @staticmethod
    def _flush(parsed: Parsed, name: str | None, body: list[str]) -> None:
        if name is None:
            return
        file = line = None
        message_lines: list[str] = []
        doctest = _DOCTEST.match(name)
        for text in body:
            panic = _PANIC.search(text) or _NO_PANIC.match(text)
            if panic:
                if panic.group("file") and doctest is None:
                    file, line = panic.group("file"), int(panic.group("line"))
                if panic.group("msg"):
                    message_lines.append(panic.group("msg"))
                continue
            if text.startswith("note: ") or not text.strip() or text in ("stderr:", "stdout:"):
                continue
            if text.startswith("Test executable failed"):  # a doc-test's runner, not its error
                continue
            message_lines.append(text.rstrip())
        if doctest is not None:
            file, line = doctest.group("file"), int(doctest.group("line"))
        message = message_lines[0] if message_lines else "panicked"
        excerpt = "\n".join(message_lines[1:]) or None
        parsed.failures.append(
            Failure(name=name, file=file, line=line, message=message, excerpt=excerpt)
        )
