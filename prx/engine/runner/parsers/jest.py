"""jest (default and ``--verbose`` reporters), vitest (default and verbose) and mocha (spec and
the other reporters built on mocha's ``Base`` epilogue)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.core.results.run import Failure
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import output_lines
from prx.engine.runner.parsers._js import JsToolParser, own_frame, project_frame, same_file
from prx.plugin.runner import RawRun

__all__ = ["JestParser", "MochaParser", "VitestParser"]

_CODE_FRAME = re.compile(r"^\s*(?:>\s*)?\d+\s*\|")
_ERROR_LINE = re.compile(r"^\s*[A-Z]\w*(?:Error|Exception)\b.*?: ")


#: The equality a matcher's hint names (``expect(received).toBe(expected) // Object.is
#: equality``): the matcher says it already.
_EQUALITY_HINT = re.compile(r"\s+// [\w. ]*equality$")
#: The legend of a diff: jest's and vitest's ``- Expected`` / ``+ Received`` (with counts
#: when the diff is long), mocha's ``+ expected - actual``.
_DIFF_LEGEND = re.compile(r"^(?:[-+] (?:Expected|Received)\b.*|\+ expected - actual)$")


def _blocks(lines: Sequence[str]) -> list[list[str]]:
    """The runs of non-blank lines, each without its common indentation."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            current.append(line.rstrip())
        elif current:
            indent = min(len(x) - len(x.lstrip()) for x in current)
            blocks.append([x[indent:] for x in current])
            current = []
    return blocks


def _states(text: str, value: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(value)}(?![\w.])", text) is not None


def _repeats(legend: list[str], body: list[str], known: str) -> bool:
    """Whether a diff (its legend, then its body) only shows two values already stated: one
    ``-`` and one ``+`` line (``- 35`` / ``+ 34``, mocha's ``-34`` / ``+35``)."""
    if not legend or not all(_DIFF_LEGEND.match(x) for x in legend) or len(body) != 2:
        return False
    signs = {x[:1] for x in body}
    values = [x[1:].strip() for x in body]
    return signs == {"-", "+"} and all(v and _states(known, v) for v in values)


def _excerpt(body: Sequence[str], message: str = "") -> str | None:
    """The lines after the message, up to the code frame or the stack: each run of lines
    dedented, blank lines dropped, and a diff of two values the message (or a line above)
    already states left out."""
    kept: list[str] = []
    for line in body:
        if _CODE_FRAME.match(line) or line.strip().startswith(("at ", "❯ ")):
            break
        kept.append(line)
    blocks = _blocks(kept)
    shown: list[list[str]] = []
    index = 0
    while index < len(blocks):
        block = blocks[index]
        known = "\n".join([message, *(x for b in shown for x in b)])
        if all(_DIFF_LEGEND.match(x) for x in block):
            following = blocks[index + 1] if index + 1 < len(blocks) else []
            if _repeats(block, following, known):
                index += 2
                continue
        if len(block) > 2 and _DIFF_LEGEND.match(block[0]) and _DIFF_LEGEND.match(block[1]):
            # jest prints the legend and the diff without a blank line between them
            if _repeats(block[:2], block[2:], known):
                index += 1
                continue
        shown.append(block)
        index += 1
    return "\n".join(x for b in shown for x in b) or None


def _message_and_rest(body: Sequence[str]) -> tuple[str, list[str]]:
    """The error's first line (without a matcher's equality hint) and the lines after it."""
    for index, line in enumerate(body):
        if line.strip():
            return _EQUALITY_HINT.sub("", line.strip()), list(body[index + 1 :])
    return "failed", []


# --------------------------------------------------------------------------- jest

#: Where babel says a file does not parse: ``SyntaxError: /p/test/a.test.js: Unexpected
#: token (3:10)``.
_PARSE_AT = re.compile(r"^\s*SyntaxError: (?P<file>.+?): .*\((?P<line>\d+):\d+\)\s*$")


def _suite_line(body: Sequence[str], file: str | None) -> int | None:
    """The line of a test file that did not load, in that file: its first stack frame there
    (the test file's own line that required a module which threw), else where babel says it
    does not parse."""
    if file is None:
        return None
    frame_file, line = own_frame(body, file)
    if frame_file is not None and same_file(frame_file, file):
        return line
    for text in body:
        found = _PARSE_AT.match(text)
        if found and same_file(found.group("file"), file):
            return int(found.group("line"))
    return None


_JEST_FILE = re.compile(r"^(?P<status>PASS|FAIL) (?P<file>\S.*?)(?: \(\d[\d.]* m?s\))?$")
_JEST_BLOCK = re.compile(r"^  ● (?P<name>.+)$")
_JEST_TESTS = re.compile(r"^Tests:\s+(?P<parts>.*?)(?:, )?(?P<total>\d+) total$")
_JEST_TIME = re.compile(r"^Time:\s+(?P<n>[\d.]+) ?(?P<unit>m?s)\b")
_JEST_SUITES = re.compile(r"^Test Suites: ")
_COUNT_PART = re.compile(r"(?P<n>\d+) (?P<key>[a-z]+)")


class JestParser(JsToolParser):
    """``jest`` (also through ``npx``, ``node_modules/.bin/``, ``npm exec``, ``yarn``)."""

    NAME = "jest"
    SIGNATURES = (
        (r"Tests:\s+.*\d+ total$", 0.95),
        (r"Test Suites:\s+.*\d+ total$", 0.95),
        (r"(?:PASS|FAIL) \S+\.(?:js|jsx|ts|tsx|mjs|cjs)\b", 0.75),
    )
    PROGRAMS = frozenset({"jest"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed(complete=False)
        suite_errors = 0
        current_file: str | None = None
        block: tuple[str, str | None, list[str]] | None = None
        seen: set[str] = set()

        def close() -> None:
            nonlocal block, suite_errors
            if block is None:
                return
            name, file, body = block
            block = None
            message, rest = _message_and_rest(body)
            if name == "Console" and message.startswith("console."):
                return  # what the tests logged, not a failure
            if name == "Test suite failed to run":
                suite_errors += 1
                error = next((x.strip() for x in body if _ERROR_LINE.match(x)), message)
                where = file or "a test file"
                parsed.collection_errors.append(f"{where}: {error}")
                parsed.failures.append(
                    Failure(
                        name=where,
                        file=file,
                        line=_suite_line(body, file),
                        message=error,
                        excerpt=None,
                    )
                )
                return
            test = name.replace(" › ", " > ")
            if test in seen:
                return
            seen.add(test)
            frame_file, frame_line = own_frame(rest, file)
            parsed.failures.append(
                Failure(
                    name=test,
                    file=frame_file,
                    line=frame_line,
                    message=message,
                    excerpt=_excerpt(rest, message),
                )
            )

        for line in lines:
            head = _JEST_FILE.match(line)
            if head:
                close()
                current_file = head.group("file")
                continue
            if line.startswith("Summary of all failing tests") or _JEST_SUITES.match(line):
                close()
                current_file = None
                continue
            start = _JEST_BLOCK.match(line)
            if start and current_file is not None:
                close()
                block = (start.group("name"), current_file, [])
                continue
            if block is not None:
                if line and not line.startswith(" "):
                    close()
                else:
                    block[2].append(line)
                    continue
            tests = _JEST_TESTS.match(line)
            if tests:
                parsed.complete = True
                counts = {
                    m.group("key"): int(m.group("n"))
                    for m in _COUNT_PART.finditer(tests.group("parts"))
                }
                parsed.passed = counts.get("passed", 0)
                parsed.failed = counts.get("failed", 0)
                parsed.skipped = counts.get("skipped", 0) + counts.get("todo", 0)
                continue
            time = _JEST_TIME.match(line)
            if time:
                value = float(time.group("n"))
                parsed.tool_duration_s = value / 1000 if time.group("unit") == "ms" else value
        close()
        if parsed.complete:
            parsed.errors = suite_errors
        return parsed


# --------------------------------------------------------------------------- vitest

_VITEST_SECTION = re.compile(r"^⎯+ (?P<kind>Failed Tests|Failed Suites|Unhandled Errors?) \d+ ⎯+$")
_VITEST_SEPARATOR = re.compile(r"^⎯{3,}")
_VITEST_FAIL = re.compile(r"^ FAIL  (?P<what>.+?)\s*$")
_VITEST_SUITE = re.compile(r"^(?P<file>.+?) \[ (?P=file) \]$")
_VITEST_TESTS = re.compile(r"^\s+Tests\s+(?P<parts>.+?)(?: \((?P<total>\d+)\))?$")
_VITEST_ERRORS = re.compile(r"^\s+Errors\s+(?P<n>\d+) errors?\b")
_VITEST_DURATION = re.compile(r"^\s+Duration\s+(?P<n>[\d.]+)(?P<unit>m?s)\b")


class VitestParser(JsToolParser):
    """``vitest`` / ``vitest run`` (default and ``--reporter=verbose``)."""

    NAME = "vitest"
    SIGNATURES = (
        (r"\s*Test Files\s+.*\(\d+\)$", 0.95),
        (r"\s*RUN\s+v\d+\.\d+", 0.9),
    )
    PROGRAMS = frozenset({"vitest"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed(complete=False)
        suite_errors = 0
        unhandled = 0
        section: str | None = None
        block: tuple[str, list[str]] | None = None
        seen: set[str] = set()

        def close() -> None:
            nonlocal block, suite_errors
            if block is None:
                return
            what, body = block
            block = None
            message, rest = _message_and_rest(body)
            suite = _VITEST_SUITE.match(what)
            if suite or " > " not in what:
                file = suite.group("file") if suite else what
                suite_errors += 1
                parsed.collection_errors.append(f"{file}: {message}")
                parsed.failures.append(
                    Failure(name=file, file=file, line=None, message=message, excerpt=None)
                )
                return
            file, _, name = what.partition(" > ")
            if name in seen:
                return
            seen.add(name)
            frame_file, frame_line = own_frame(rest, file)
            parsed.failures.append(
                Failure(
                    name=name,
                    file=frame_file or file,
                    line=frame_line,
                    message=message,
                    excerpt=_excerpt(rest, message),
                )
            )

        for line in lines:
            header = _VITEST_SECTION.match(line)
            if header:
                close()
                section = header.group("kind")
                continue
            if section is not None:
                if _VITEST_SEPARATOR.match(line):
                    close()
                    continue
                fail = _VITEST_FAIL.match(line)
                if fail and section != "Unhandled Errors":
                    close()
                    block = (fail.group("what"), [])
                    continue
                if block is not None:
                    block[1].append(line)
                    continue
            tests = _VITEST_TESTS.match(line)
            if tests and (tests.group("total") or "no tests" in tests.group("parts")):
                close()
                section = None
                parsed.complete = True
                counts = {
                    m.group("key"): int(m.group("n"))
                    for m in _COUNT_PART.finditer(tests.group("parts"))
                }
                parsed.passed = counts.get("passed", 0)
                parsed.failed = counts.get("failed", 0)
                parsed.skipped = counts.get("skipped", 0) + counts.get("todo", 0)
                continue
            errors = _VITEST_ERRORS.match(line)
            if errors:
                unhandled = int(errors.group("n"))
                continue
            duration = _VITEST_DURATION.match(line)
            if duration:
                value = float(duration.group("n"))
                parsed.tool_duration_s = value / 1000 if duration.group("unit") == "ms" else value
        close()
        if parsed.complete:
            parsed.errors = suite_errors + unhandled
        return parsed


# --------------------------------------------------------------------------- mocha

_MOCHA_PASSING = re.compile(
    r"^\s+(?P<n>\d+) passing(?: \((?P<time>\d+(?:\.\d+)?)(?P<unit>ms|s|m|h)\))?$"
)
_MOCHA_PENDING = re.compile(r"^\s+(?P<n>\d+) pending$")
_MOCHA_FAILING = re.compile(r"^\s+(?P<n>\d+) failing$")
_MOCHA_HEAD = re.compile(r"^  (?P<n>\d+)\) (?P<title>.+)$")
_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}
_MOCHA_EXCEPTION = re.compile(r"^\s*Exception during run: (?P<what>.+?)\s*$")


class MochaParser(JsToolParser):
    """``mocha`` with the spec reporter (the default) or another ``Base`` reporter."""

    NAME = "mocha"
    SIGNATURES = (
        (r"\s+\d+ passing \(\d+\w*\)$", 0.9),
        (r"\s+\d+ failing$", 0.8),
    )
    PROGRAMS = frozenset({"mocha", "_mocha"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed(complete=False)
        failing_at: int | None = None
        for index, line in enumerate(lines):
            exception = _MOCHA_EXCEPTION.match(line)
            if exception:
                # A spec file that does not load (a syntax error): mocha stops before running.
                where = re.sub(r":\d+$", "", exception.group("what"))
                error = next((x.strip() for x in lines[index + 1 :] if _ERROR_LINE.match(x)), None)
                parsed.collection_errors.append(f"{where}: {error}" if error else where)
                continue
            passing = _MOCHA_PASSING.match(line)
            if passing:
                parsed.complete = True
                parsed.passed = int(passing.group("n"))
                parsed.failed = parsed.failed or 0
                parsed.skipped = parsed.skipped or 0
                if passing.group("time"):
                    parsed.tool_duration_s = (
                        float(passing.group("time")) * _UNITS[passing.group("unit")]
                    )
                continue
            pending = _MOCHA_PENDING.match(line)
            if pending and parsed.complete:
                parsed.skipped = int(pending.group("n"))
                continue
            failing = _MOCHA_FAILING.match(line)
            if failing and parsed.complete:
                parsed.failed = int(failing.group("n"))
                failing_at = index + 1
                break
        if failing_at is not None:
            self._failures(parsed, lines[failing_at:])
        return parsed

    @staticmethod
    def _failures(parsed: Parsed, lines: Sequence[str]) -> None:
        starts = [
            i
            for i, line in enumerate(lines)
            if _MOCHA_HEAD.match(line) and (i == 0 or not lines[i - 1].strip())
        ]
        for number, start in enumerate(starts):
            end = starts[number + 1] if number + 1 < len(starts) else len(lines)
            head = _MOCHA_HEAD.match(lines[start])
            assert head is not None
            titles = [head.group("title")]
            index = start + 1
            while not titles[-1].endswith(":") and index < end and lines[index].strip():
                titles.append(lines[index].strip())
                index += 1
            titles[-1] = titles[-1].removesuffix(":")
            message, rest = _message_and_rest(lines[index:end])
            file, line = project_frame(rest)
            parsed.failures.append(
                Failure(
                    name=" > ".join(titles),
                    file=file,
                    line=line,
                    message=message,
                    excerpt=_excerpt(rest, message),
                )
            )
