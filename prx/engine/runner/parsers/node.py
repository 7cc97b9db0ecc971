"""``node --test``: the TAP reporter (the default when output is not a terminal) and the
spec reporter.

A failure is placed at the test's own frame: the first stack frame in the file the test is
declared in (TAP's ``location``; the spec reporter's ``test at file:line:col`` in its list of
failing tests), not in a helper or a library the test called; else where it is declared;
else (a reporter that names neither) at the first frame outside node and node_modules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.core.results.run import Failure
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.engine.runner.parsers._js import same_file
from prx.plugin.runner import RawRun

__all__ = ["NodeTestParser"]

_SUBTEST = re.compile(r"^(?P<indent> *)# Subtest: (?P<name>.*)$")
_RESULT = re.compile(
    r"^(?P<indent> *)(?P<ok>ok|not ok) \d+ - (?P<name>.*?)(?: # (?P<directive>SKIP|TODO)\b.*)?$"
)
_TAP_COUNT = re.compile(
    r"^# (?P<key>tests|pass|fail|cancelled|skipped|todo|duration_ms) (?P<n>[\d.]+)$"
)
_SPEC_COUNT = re.compile(
    r"^ℹ (?P<key>tests|pass|fail|cancelled|skipped|todo|duration_ms) (?P<n>[\d.]+)$"
)
_YAML_KEY = re.compile(r"^\s*(?P<key>[a-zA-Z_]+): ?(?P<value>.*)$")
_LOCATION = re.compile(r"^'?(?P<file>.+?):(?P<line>\d+):(?P<col>\d+)'?$")
#: One frame of a stack, with or without ``at`` and parentheses (TAP prints neither).
_ANY_FRAME = re.compile(
    r"(?:^|[\s(])(?P<file>(?:file://)?[^\s()]+?):(?P<line>\d+):(?P<col>\d+)\)?\s*(?:\{\s*)?$"
)
#: The spec reporter's list of failing tests names where each is declared.
_SPEC_AT = re.compile(r"^test at (?P<file>.+?):(?P<line>\d+):(?P<col>\d+)$")
_FAILING_TESTS = "✖ failing tests:"


def _own_place(
    stack: Sequence[str], declared: tuple[str, int] | None
) -> tuple[str | None, int | None]:
    """The test's own frame: the first frame of ``stack`` in the file it is ``declared``
    in, else where it is declared; else the first frame outside node and node_modules."""
    frames = [m for m in map(_ANY_FRAME.search, stack) if m]
    if declared is not None:
        for frame in frames:
            if same_file(frame.group("file"), declared[0]):
                return frame.group("file").removeprefix("file://"), int(frame.group("line"))
        return declared
    for frame in frames:
        file = frame.group("file")
        if not file.startswith(("node:", "internal/")) and "node_modules" not in file:
            return file.removeprefix("file://"), int(frame.group("line"))
    return None, None


_SPEC_FAIL = re.compile(r"^(?P<indent> *)✖ (?P<name>.+?) \([\d.]+m?s\)")
_SPEC_SUITE = re.compile(r"^(?P<indent> *)▶ (?P<name>.+)$")


def _yaml_block(lines: Sequence[str], start: int) -> tuple[dict[str, str], int]:
    """The ``---`` ... ``...`` block after a TAP result line: its keys and multi-line values."""
    if start >= len(lines) or lines[start].strip() != "---":
        return {}, start
    fields: dict[str, str] = {}
    key = None
    index = start + 1
    base = len(lines[start]) - len(lines[start].lstrip()) + 2
    while index < len(lines) and lines[index].strip() != "...":
        line = lines[index]
        indent = len(line) - len(line.lstrip())
        match = _YAML_KEY.match(line)
        if match and indent <= base:
            key = match.group("key")
            value = match.group("value")
            fields[key] = "" if value in ("|-", "|", ">-") else value.strip("'")
        elif key is not None:
            fields[key] = (fields[key] + "\n" + line.strip()).strip("\n")
        index += 1
    return fields, index + 1


class NodeTestParser(ToolParser):
    """``node --test`` (also ``node --test-reporter=spec``)."""

    NAME = "node-test"
    SIGNATURES = (
        (r"TAP version \d+$", 0.9),
        (r"# (?:tests|pass|fail|cancelled|todo) \d+$", 0.8),
        (r"ℹ (?:tests|pass|fail) \d+$", 0.9),
    )
    PROGRAMS = frozenset({"node"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        return super().matches(argv) and any(a == "--test" or a.startswith("--test=") for a in argv)

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed(complete=False)
        counts: dict[str, float] = {}
        for line in lines:
            match = _TAP_COUNT.match(line) or _SPEC_COUNT.match(line)
            if match:
                counts[match.group("key")] = float(match.group("n"))
        if "tests" in counts:
            parsed.complete = True
            parsed.passed = int(counts.get("pass", 0))
            parsed.failed = int(counts.get("fail", 0))
            parsed.skipped = int(counts.get("skipped", 0) + counts.get("todo", 0))
            parsed.errors = int(counts.get("cancelled", 0))
            if "duration_ms" in counts:
                parsed.tool_duration_s = counts["duration_ms"] / 1000
        if any(_RESULT.match(x) for x in lines):
            self._tap_failures(parsed, lines)
        else:
            self._spec_failures(parsed, lines)
        return parsed

    @staticmethod
    def _tap_failures(parsed: Parsed, lines: Sequence[str]) -> None:
        names: dict[int, str] = {}
        index = 0
        while index < len(lines):
            line = lines[index]
            sub = _SUBTEST.match(line)
            if sub:
                level = len(sub.group("indent")) // 4
                names[level] = sub.group("name")
                for deeper in [k for k in names if k > level]:
                    del names[deeper]
                index += 1
                continue
            result = _RESULT.match(line)
            if result is None:
                index += 1
                continue
            fields, index = _yaml_block(lines, index + 1)
            if result.group("ok") == "ok" or result.group("directive"):
                continue
            if fields.get("failureType") in ("subtestsFailed", "cancelledByParent"):
                continue
            level = len(result.group("indent")) // 4
            path = [names[k] for k in sorted(names) if k < level] + [result.group("name")]
            parsed.failures.append(NodeTestParser._failure(" > ".join(path), fields))

    @staticmethod
    def _failure(name: str, fields: dict[str, str]) -> Failure:
        error = fields.get("error", "").strip()
        message_lines = [x for x in error.splitlines() if x.strip()]
        message = message_lines[0] if message_lines else fields.get("failureType", "failed")
        location = _LOCATION.match(fields.get("location", ""))
        declared = (location.group("file"), int(location.group("line"))) if location else None
        file, line = _own_place(fields.get("stack", "").splitlines(), declared)
        excerpt = "\n".join(message_lines[1:]) or None
        return Failure(name=name, file=file, line=line, message=message, excerpt=excerpt)

    @staticmethod
    def _spec_failures(parsed: Parsed, lines: Sequence[str]) -> None:
        declared = _spec_declared(lines)
        suites: dict[int, str] = {}
        for index, line in enumerate(lines):
            if line.startswith(_FAILING_TESTS):
                break
            suite = _SPEC_SUITE.match(line)
            if suite:
                level = len(suite.group("indent")) // 2
                suites[level] = suite.group("name")
                for deeper in [k for k in suites if k > level]:
                    del suites[deeper]
                continue
            fail = _SPEC_FAIL.match(line)
            if not fail:
                continue
            level = len(fail.group("indent")) // 2
            if suites.get(level) == fail.group("name"):
                del suites[level]  # a suite's closing line
                continue
            path = [suites[k] for k in sorted(suites) if k < level] + [fail.group("name")]
            at = declared.pop(0) if declared and declared[0][0] == fail.group("name") else None
            parsed.failures.append(
                NodeTestParser._spec_failure(
                    " > ".join(path), lines, index + 1, 2 * level + 2, at[1] if at else None
                )
            )

    @staticmethod
    def _spec_failure(
        name: str,
        lines: Sequence[str],
        start: int,
        indent: int,
        declared: tuple[str, int] | None = None,
    ) -> Failure:
        """The error printed under a spec ``✖ test`` line, indented by ``indent``.

        The error's blank lines are indented too (``34 !== 35`` follows one), so the block
        ends at the first line that is not: the next test's line or an empty line.
        """
        body: list[str] = []
        for follow in lines[start:]:
            if not follow.startswith(" " * indent):
                break
            body.append(follow[indent:].rstrip())
        text = [x for x in body if x.strip()]
        frames = [i for i, x in enumerate(text) if x.lstrip().startswith("at ")]
        # The error's text, then its stack, then the error's own properties ({ code: ... }).
        error = text[: frames[0]] if frames else text
        file, line = _own_place([text[i] for i in frames], declared)
        message = error[0].strip() if error else "failed"
        excerpt = "\n".join(error[1:]) or None
        return Failure(name=name, file=file, line=line, message=message, excerpt=excerpt)


def _spec_declared(lines: Sequence[str]) -> list[tuple[str, tuple[str, int]]]:
    """The spec reporter's list of failing tests, in order: each test's name and where it
    is declared (``test at test/a.test.js:12:3`` above ``✖ name (1ms)``)."""
    if _FAILING_TESTS not in lines:
        return []
    out: list[tuple[str, tuple[str, int]]] = []
    start = lines.index(_FAILING_TESTS)
    for at, follow in zip(lines[start:], lines[start + 1 :], strict=False):
        place = _SPEC_AT.match(at)
        fail = _SPEC_FAIL.match(follow)
        if place and fail and not fail.group("indent"):
            out.append((fail.group("name"), (place.group("file"), int(place.group("line")))))
    return out
