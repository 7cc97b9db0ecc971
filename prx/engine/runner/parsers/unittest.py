"""``python -m unittest``: the ``Ran N tests`` and ``OK`` / ``FAILED (...)`` lines and the
``FAIL:`` / ``ERROR:`` blocks with their tracebacks."""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.core.results.run import Failure
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.engine.runner.parsers._python import exception_name, read_traceback
from prx.plugin.runner import RawRun

__all__ = ["UnittestParser"]

_RAN = re.compile(r"^Ran (?P<n>\d+) tests? in (?P<secs>\d+(?:\.\d+)?)s$")
_RESULT = re.compile(r"^(?P<word>OK|FAILED|NO TESTS RAN)(?: \((?P<body>[^)]*)\))?$")
_HEADER = re.compile(
    r"^(?P<kind>FAIL|ERROR|UNEXPECTED SUCCESS): (?P<method>\S+) \((?P<where>[^)]*)\)(?P<sub> .*)?$"
)
_RULE_EQ = "=" * 70
_RULE_DASH = "-" * 70
_KEYS = {
    "failures": "failed",
    "errors": "errors",
    "skipped": "skipped",
    "expected failures": "xfailed",
    "unexpected successes": "xpassed",
}


def _test_id(method: str, where: str) -> str:
    # Python >= 3.11 prints the full id in the parentheses; older versions the class only.
    return where if where.endswith("." + method) else f"{where}.{method}"


class UnittestParser(ToolParser):
    """``python -m unittest`` (and ``python -m unittest discover``)."""

    NAME = "unittest"
    SIGNATURES = ((r"Ran \d+ tests? in [\d.]+s$", 0.95),)
    PROGRAMS = frozenset({"unittest"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed(complete=False)
        ran: int | None = None
        blocks: list[tuple[str, str, list[str]]] = []
        index = 0
        while index < len(lines):
            line = lines[index]
            if line == _RULE_EQ and index + 1 < len(lines):
                header = _HEADER.match(lines[index + 1])
                if header and header.group("kind") == "UNEXPECTED SUCCESS":
                    index += 2  # no traceback: counted as xpassed from the closing line
                    continue
                if header:
                    body: list[str] = []
                    index += 2
                    if index < len(lines) and lines[index] == _RULE_DASH:
                        index += 1
                    while index < len(lines) and lines[index] not in (_RULE_EQ, _RULE_DASH):
                        body.append(lines[index])
                        index += 1
                    name = _test_id(header.group("method"), header.group("where"))
                    if header.group("sub"):
                        name += header.group("sub")
                    blocks.append((header.group("kind"), name, body))
                    continue
            ran_match = _RAN.match(line)
            if ran_match:
                ran = int(ran_match.group("n"))
                parsed.tool_duration_s = float(ran_match.group("secs"))
            result = _RESULT.match(line)
            if result and ran is not None:
                self._counts(parsed, ran, result.group("word"), result.group("body") or "")
            index += 1
        for kind, name, body in blocks:
            self._failure(parsed, kind, name, body)
        return parsed

    @staticmethod
    def _counts(parsed: Parsed, ran: int, word: str, body: str) -> None:
        parsed.complete = True
        values = {key: 0 for key in _KEYS.values()}
        for part in body.split(","):
            key, _, number = part.strip().partition("=")
            if key in _KEYS and number.isdigit():
                values[_KEYS[key]] = int(number)
        parsed.failed = values["failed"]
        parsed.errors = values["errors"]
        parsed.skipped = values["skipped"]
        parsed.xfailed = values["xfailed"]
        parsed.xpassed = values["xpassed"]
        passed = ran - sum(values.values())
        # Subtest failures are counted one by one but ran once: then passes are unknown.
        parsed.passed = passed if passed >= 0 else None
        if word == "NO TESTS RAN" or ran == 0:
            parsed.headline = "no tests ran"

    @staticmethod
    def _failure(parsed: Parsed, kind: str, name: str, body: Sequence[str]) -> None:
        trace = read_traceback(body)
        if trace is not None:
            file, line, message, excerpt = trace.file, trace.line, trace.message, trace.excerpt
        else:
            text = [x for x in body if x.strip()]
            file, line = None, None
            message = text[0].strip() if text else kind.lower()
            excerpt = "\n".join(text[1:]) or None
        if "_FailedTest" in name:
            module = name.rsplit(".", 1)[-1]
            first = next((x for x in body if x.strip()), "")
            parsed.collection_errors.append(f"{exception_name(first) or 'ImportError'} in {module}")
        parsed.failures.append(
            Failure(name=name, file=file, line=line, message=message, excerpt=excerpt)
        )
