"""Maven (``mvn``, ``mvnw``) and Gradle (``gradle``, ``gradlew``): surefire / Gradle test
results, javac and kotlinc diagnostics, and the build's closing verdict.

Maven: the ``Tests run: N, Failures: F, Errors: E, Skipped: S`` totals after ``Results:`` are
summed over the modules (each class's own line when a module prints no totals); each
``<<< FAILURE!`` / ``<<< ERROR!`` test is a failure with its exception as message and the first
stack frame of its class as location (``CalcTest.java:6``, the file as the JVM prints it).
Gradle prints test counts only when a test failed (``3 tests completed, 1 failed, 1 skipped``),
so a green Gradle run has None counts; each ``Class > test FAILED`` is a failure with the
``Exception at File.java:6`` line below it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.core.results.run import Diagnostic, Failure, Severity
from prx.engine.runner.detect import unwrap
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["GradleParser", "MavenParser"]

_LEVEL = re.compile(r"^\[(?P<level>INFO|WARNING|WARN|ERROR|DEBUG)\] ?")
_TOTALS = re.compile(
    r"Tests run: (?P<run>\d+), Failures: (?P<fail>\d+), Errors: (?P<err>\d+), "
    r"Skipped: (?P<skip>\d+)(?P<rest>.*)$"
)
_TEST_FAIL = re.compile(
    r"^(?P<name>\S+?)(?:\((?P<cls>[\w.$]+)\))?\s+(?:-- )?Time elapsed: \S+ s(?:ec)?\s+<<< "
    r"(?P<kind>FAILURE|ERROR)!"
)
_FRAME = re.compile(r"^\s*at (?P<where>[\w.$<>]+)\((?P<file>[\w$]+\.\w+):(?P<line>\d+)\)")
_JAVAC = re.compile(
    r"^(?P<file>\S.*?\.(?:java|kt|groovy|scala)):\[(?P<line>\d+),(?P<col>\d+)\] (?P<msg>.+)$"
)
_VERDICT = re.compile(r"^BUILD (?P<verdict>SUCCESS|FAILURE)\s*$")
_TOTAL_TIME = re.compile(r"^Total time:\s+(?P<value>[\d.,:]+)\s*(?P<unit>s|min|h)?")
_GOAL = re.compile(
    r"^Failed to execute goal (?P<goal>\S+)(?: \([^)]*\))? on project (?P<proj>[^:]+): (?P<msg>.+)$"
)


def _seconds(value: str, unit: str | None) -> float | None:
    try:
        if ":" in value:
            parts = [float(p) for p in value.split(":")]
            return float(sum(p * 60**i for i, p in enumerate(reversed(parts))))
        number = float(value.replace(",", "."))
    except ValueError:
        return None
    return number * {"min": 60, "h": 3600}.get(unit or "s", 1)


class MavenParser(ToolParser):
    """``mvn`` and the Maven wrapper ``mvnw``."""

    NAME = "mvn"
    PROGRAMS = frozenset({"mvn", "mvnw", "mvnd"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        return bool(args) and args[0].removeprefix("./") in cls.PROGRAMS

    def parse(self, raw: RawRun) -> Parsed:
        lines = [_LEVEL.sub("", line, count=1) for line in output_lines(raw)]
        parsed = Parsed()
        results_totals: list[tuple[int, int, int, int]] = []
        class_totals: list[tuple[int, int, int, int]] = []
        in_results = False
        verdict: str | None = None
        goals: list[Failure] = []
        seen_diags: set[tuple[str, int, int, str]] = set()
        for index, line in enumerate(lines):
            if line.strip() == "Results:":
                in_results = True
                continue
            totals = _TOTALS.search(line)
            if totals:
                figures = tuple(int(totals.group(k)) for k in ("run", "fail", "err", "skip"))
                if in_results and not totals.group("rest").strip():
                    results_totals.append(figures)  # type: ignore[arg-type]
                    in_results = False
                elif totals.group("rest").strip():
                    class_totals.append(figures)  # type: ignore[arg-type]
                continue
            failed = _TEST_FAIL.match(line)
            if failed:
                parsed.failures.append(self._test_failure(failed, lines[index + 1 :]))
                continue
            javac = _JAVAC.match(line)
            if javac:
                raw_line = output_lines(raw)[index]
                severity: Severity = "warning" if raw_line.startswith("[WARN") else "error"
                key = (
                    javac.group("file"),
                    int(javac.group("line")),
                    int(javac.group("col")),
                    javac.group("msg"),
                )
                if key not in seen_diags:
                    seen_diags.add(key)
                    parsed.diagnostics.append(
                        Diagnostic(
                            file=key[0],
                            line=key[1],
                            column=key[2],
                            severity=severity,
                            code=None,
                            message=key[3],
                        )
                    )
                continue
            verdict_match = _VERDICT.match(line)
            if verdict_match:
                verdict = verdict_match.group("verdict")
                continue
            total_time = _TOTAL_TIME.match(line)
            if total_time:
                parsed.tool_duration_s = _seconds(
                    total_time.group("value"), total_time.group("unit")
                )
                continue
            goal = _GOAL.match(line)
            if goal:
                goals.append(
                    Failure(
                        name=f"{goal.group('proj')} {goal.group('goal')}",
                        file=None,
                        line=None,
                        message=goal.group("msg").strip(),
                        excerpt=None,
                    )
                )
        chosen = results_totals or class_totals
        if chosen:
            run, fail, err, skip = (sum(t[i] for t in chosen) for i in range(4))
            parsed.passed, parsed.failed, parsed.errors, parsed.skipped = (
                run - fail - err - skip,
                fail,
                err,
                skip,
            )
        if verdict is not None:
            parsed.headline = f"BUILD {verdict}"
            if not parsed.failures and not any(d.severity == "error" for d in parsed.diagnostics):
                parsed.failures.extend(goals)  # the only account of why the build failed
            if parsed.errors is None and not chosen:
                parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
        parsed.complete = verdict is not None or not lines
        return parsed

    @staticmethod
    def _test_failure(match: re.Match[str], after: Sequence[str]) -> Failure:
        name, cls = match.group("name"), match.group("cls")
        if cls:  # surefire 2.x: method(pkg.Class)
            name = f"{cls}.{name}"
        test_class = name.rsplit(".", 1)[0]
        message = after[0].strip() if after else ""
        file = line = None
        rest: list[str] = []
        for text in after[1:60]:
            frame = _FRAME.match(text)
            if frame is None:
                if not text.startswith(("\t", " ")) or not text.strip():
                    break
                rest.append(text.strip())
                continue
            where = frame.group("where")
            if where.startswith(test_class + ".") or where.startswith(test_class + "$"):
                file, line = frame.group("file"), int(frame.group("line"))
                break
        return Failure(
            name=name,
            file=file,
            line=line,
            message=message,
            excerpt="\n".join(rest) or None,
        )


_G_TEST = re.compile(r"^(?P<name>\S.*? > .+?) FAILED$")
_G_AT = re.compile(r"^\s+(?P<exc>\S.*?) at (?P<file>[\w$.-]+\.\w+):(?P<line>\d+)\s*$")
_G_COUNTS = re.compile(
    r"^(?P<run>\d+) tests? completed, (?P<fail>\d+) failed(?:, (?P<skip>\d+) skipped)?"
)
_G_TASK = re.compile(r"^(?:> Task )?(?P<task>:[\w:.-]*) FAILED$")
_G_VERDICT = re.compile(r"^BUILD (?P<verdict>SUCCESSFUL|FAILED) in (?P<time>.+)$")
_G_JAVAC = re.compile(
    r"^(?P<file>\S.*?\.(?:java|groovy|scala)):(?P<line>\d+): (?P<sev>error|warning): (?P<msg>.+)$"
)
_G_KOTLIN = re.compile(
    r"^(?P<sev>[ew]): (?:file://)?(?P<file>\S+?\.kts?):(?:(?P<line>\d+):(?P<col>\d+)|"
    r" \((?P<line2>\d+), (?P<col2>\d+)\)):? (?P<msg>.+)$"
)
_G_TIME = re.compile(r"(?:(?P<m>\d+)m )?(?P<s>\d+)s|(?P<ms>\d+)ms")


class GradleParser(ToolParser):
    """``gradle`` and the wrapper ``gradlew`` (``./gradlew``, ``gradlew.bat``)."""

    NAME = "gradle"
    PROGRAMS = frozenset({"gradle", "gradlew"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        return bool(args) and args[0].removeprefix("./") in cls.PROGRAMS

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed()
        tasks: list[str] = []
        verdict: str | None = None
        totals = [0, 0, 0]
        counted = False
        for index, line in enumerate(lines):
            test = _G_TEST.match(line)
            if test and not _G_TASK.match(line):
                at = _G_AT.match(lines[index + 1]) if index + 1 < len(lines) else None
                parsed.failures.append(
                    Failure(
                        name=test.group("name"),
                        file=at.group("file") if at else None,
                        line=int(at.group("line")) if at else None,
                        message=at.group("exc") if at else "FAILED",
                        excerpt=None,
                    )
                )
                continue
            counts = _G_COUNTS.match(line)
            if counts:
                counted = True
                totals[0] += int(counts.group("run"))
                totals[1] += int(counts.group("fail"))
                totals[2] += int(counts.group("skip") or 0)
                continue
            failed_task = _G_TASK.match(line)
            if failed_task:
                tasks.append(failed_task.group("task"))
                continue
            diag = self._diagnostic(line)
            if diag is not None:
                parsed.diagnostics.append(diag)
                continue
            done = _G_VERDICT.match(line)
            if done:
                verdict = done.group("verdict")
                parsed.tool_duration_s = _gradle_seconds(done.group("time"))
        if counted:
            parsed.passed = totals[0] - totals[1] - totals[2]
            parsed.failed, parsed.skipped = totals[1], totals[2]
        if verdict is not None:
            parsed.headline = f"BUILD {verdict}"
            if tasks:
                parsed.headline += f", failed tasks: {', '.join(tasks)}"
            if not parsed.failures and not parsed.diagnostics and tasks:
                # Nothing more specific was printed: the failed tasks are the account.
                for task in tasks:
                    parsed.failures.append(
                        Failure(
                            name=task, file=None, line=None, message="task failed", excerpt=None
                        )
                    )
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
        parsed.complete = verdict is not None or not lines
        return parsed

    @staticmethod
    def _diagnostic(line: str) -> Diagnostic | None:
        javac = _G_JAVAC.match(line)
        if javac:
            return Diagnostic(
                file=javac.group("file"),
                line=int(javac.group("line")),
                column=None,
                severity="error" if javac.group("sev") == "error" else "warning",
                code=None,
                message=javac.group("msg"),
            )
        kotlin = _G_KOTLIN.match(line)
        if kotlin:
            return Diagnostic(
                file=kotlin.group("file"),
                line=int(kotlin.group("line") or kotlin.group("line2")),
                column=int(kotlin.group("col") or kotlin.group("col2")),
                severity="error" if kotlin.group("sev") == "e" else "warning",
                code=None,
                message=kotlin.group("msg"),
            )
        return None


def _gradle_seconds(text: str) -> float | None:
    match = _G_TIME.search(text)
    if not match:
        return None
    if match.group("ms"):
        return int(match.group("ms")) / 1000
    return int(match.group("m") or 0) * 60 + int(match.group("s"))
