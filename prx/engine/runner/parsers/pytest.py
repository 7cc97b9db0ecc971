"""pytest: the closing counts line, failures with their assertion diff, collection errors.

Reads the default, ``-q`` and ``-v`` styles (the closing line with or without ``=``), the
``FAILURES`` / ``ERRORS`` sections (``E`` lines, the innermost ``file:line:`` location) and the
short test summary (full node ids, including parametrised ones whose id holds `` - ``).

The counts come from pytest's own closing line, not from one a test or a later command
printed (:func:`_own_closing`): the line pytest writes is framed to the session header's
width (bare under ``-q``, which prints no header) and agrees with what the session showed
before it (the items collected, the progress marks); among those, the last.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from prx.core.results.run import Failure
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.engine.runner.parsers._python import exception_name, read_traceback
from prx.plugin.runner import RawRun

__all__ = ["PytestParser"]

_COUNT = re.compile(
    r"(\d+) (failed|passed|skipped|deselected|xfailed|xpassed|warnings?|errors?|rerun)"
)
_CLOSING = re.compile(
    r"^(?:=+ )?(?P<body>(?:\d+ [a-z]+(?:, )?)+|no tests ran)"
    r" in (?P<secs>\d+(?:\.\d+)?)s(?: \([\d:]+\))?(?: =+)?$"
)
_COLLECTED = re.compile(r"^(?:=+ )?(?P<body>\d+(?:/\d+)? tests? collected)")
_HEADER = re.compile(r"^=+ test session starts =+$")
#: ``collected 10 items / 3 deselected`` (``collecting ... collected 2 items`` under -v).
_ITEMS = re.compile(
    r"(?:^|\.\.\. )collected (?P<items>\d+) items?(?: / (?P<deselected>\d+) deselected)?"
)
_PERCENT = r"(?:\s+\[\s*\d+(?:%|/\d+)\])?"
#: A progress line of the default and ``-q`` styles: ``tests/test_a.py .Fs  [ 50%]``.
_MARKS = re.compile(rf"^(?:\S+ )?(?P<marks>[.FEsxX]+){_PERCENT}$")
#: A progress line of the ``-v`` style: ``tests/test_a.py::test_b PASSED  [ 50%]``.
_VERBOSE = re.compile(
    rf"^(?:\S+::\S.*? )?(?P<word>PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)(?: \(.*\))?{_PERCENT}$"
)
_MARK_KEYS = {
    ".": "passed",
    "F": "failed",
    "E": "errors",
    "s": "skipped",
    "x": "xfailed",
    "X": "xpassed",
}
_WORD_MARKS = {
    "PASSED": ".",
    "FAILED": "F",
    "ERROR": "E",
    "SKIPPED": "s",
    "XFAIL": "x",
    "XPASS": "X",
}
#: The outcomes of tests that ran (an error is counted beside a test's own outcome).
_RAN = ("passed", "failed", "skipped", "xfailed", "xpassed")
_SECTION = re.compile(r"^=+ (?P<name>.+?) =+$")
_ENTRY = re.compile(r"^_{3,} (?P<name>.+?) _{3,}$")
_SUMMARY_LINE = re.compile(r"^(?P<kind>FAILED|ERROR|XPASS|XFAIL) (?P<rest>.+)$")
_LOCATION = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?: |$)")
#: Where a fixture lookup error (``fixture 'db' not found``) places the test: its ``def``.
_FIXTURE_AT = re.compile(r"^file (?P<file>.+), line (?P<line>\d+)$")
_E_LINE = re.compile(r"^E(?P<text>\s.*|)$")
_CONFTEST = re.compile(r"^ImportError while loading conftest '(?P<path>.+)'\.$")
_USAGE = re.compile(r"^ERROR: (?P<text>.+)$")
_MESSAGE_START = re.compile(
    r"^(?:[\w.]+(?:Error|Exception|Exit|Interrupt|Failure|Warning)\b|assert\b|\[XPASS)"
)


@dataclass(slots=True)
class _Entry:
    header: str
    lines: list[str] = field(default_factory=list)


def _split_nodeid(rest: str) -> tuple[str, str | None]:
    """``nodeid - message`` where a parametrised id may itself contain `` - ``."""
    bracket = rest.find("[")
    dash = rest.find(" - ")
    if bracket != -1 and (dash == -1 or bracket < dash):
        depth = 0
        for index in range(bracket, len(rest)):
            char = rest[index]
            if char == "[":
                depth += 1
            elif char == "]":
                depth -= 1
                if depth == 0:
                    end = index + 1
                    tail = rest[end:]
                    if tail.startswith(" - "):
                        return rest[:end], tail[3:]
                    if not tail.strip():
                        return rest[:end], None
                    break
    if dash != -1:
        return rest[:dash], rest[dash + 3 :]
    return rest.strip(), None


_FILE_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


def _line_in(lines: Sequence[str], path: str) -> int | None:
    """The last line number the entry mentions inside ``path`` (a collection error's file)."""
    found = None
    for line in lines:
        loc = _LOCATION.match(line)
        if loc and loc.group("file") == path:
            found = int(loc.group("line"))
            continue
        frame = _FILE_FRAME.search(line)
        if frame and (frame.group("file") == path or frame.group("file").endswith("/" + path)):
            found = int(frame.group("line"))
    return found


def _head_line(nodeid: str) -> str:
    """The section header pytest prints for ``nodeid`` (``TestC.test_x[1]``)."""
    parts = nodeid.split("::")
    return ".".join(parts[1:]) if len(parts) > 1 else nodeid


def _read_entry(lines: Sequence[str]) -> tuple[str | None, int | None, str, str | None]:
    """Location, message and excerpt of one FAILURES / ERRORS entry."""
    e_lines: list[str] = []
    file: str | None = None
    line: int | None = None
    for text in lines:
        e_match = _E_LINE.match(text)
        if e_match:
            e_lines.append(e_match.group("text"))
            continue
        loc = _LOCATION.match(text) or (_FIXTURE_AT.match(text) if file is None else None)
        if loc:
            file, line = loc.group("file"), int(loc.group("line"))
    if e_lines:
        indent = min((len(x) - len(x.lstrip()) for x in e_lines if x.strip()), default=0)
        texts = [x[indent:] for x in e_lines]
        pick = next((i for i, x in enumerate(texts) if _MESSAGE_START.match(x)), 0)
        message = texts[pick].strip()
        rest = texts[:pick] + texts[pick + 1 :]
        while rest and not rest[0].strip():
            rest.pop(0)
        while rest and not rest[-1].strip():
            rest.pop()
        excerpt = "\n".join(rest) if rest else None
        return file, line, message, excerpt
    native = read_traceback(lines)
    if native is not None:
        return native.file, native.line, native.message, native.excerpt
    first = next((x.strip() for x in lines if x.strip()), "")
    return file, line, first, None


def _counts_of(body: str) -> dict[str, int]:
    """The counts a closing line's body states (pytest prints only the non-zero ones)."""
    values = dict.fromkeys((*_RAN, "errors"), 0)
    for number, word in _COUNT.findall(body):
        key = {"error": "errors", "warning": "warnings"}.get(word, word)
        values[key] = values.get(key, 0) + int(number)
    return values


class _Session:
    """What a session showed before its closing line: the header's width, the items
    collected and the progress marks (each outcome at least that many times)."""

    def __init__(self, width: int | None = None) -> None:
        self.width = width
        self.selected: int | None = None
        self.marks: dict[str, int] = {}

    def see(self, line: str) -> None:
        items = _ITEMS.search(line)
        if items:
            self.selected = int(items.group("items")) - int(items.group("deselected") or 0)
            return
        marks = _MARKS.match(line)
        if marks is not None:
            shown = marks.group("marks")
        else:
            word = _VERBOSE.match(line)
            shown = _WORD_MARKS[word.group("word")] if word is not None else ""
        for mark in shown:
            key = _MARK_KEYS[mark]
            self.marks[key] = self.marks.get(key, 0) + 1

    def framed_as_pytest(self, line: str) -> bool:
        """Whether ``line`` is framed as pytest frames its closing line here: to the
        header's width, or bare without a header (``-q``)."""
        framed = line.startswith("=")
        if self.width is None:
            return not framed
        # A title too long for the width gets a single ``=`` on each side.
        return framed and (len(line) == self.width or line.startswith("= "))

    def agrees(self, counts: dict[str, int]) -> bool:
        """Whether ``counts`` can be this session's: no fewer of an outcome than its
        marks showed, no more tests run than were selected."""
        if any(counts.get(key, 0) < shown for key, shown in self.marks.items()):
            return False
        return self.selected is None or sum(counts[key] for key in _RAN) <= self.selected


class _Candidate(NamedTuple):
    """A line shaped like pytest's closing line, and how it fits its session."""

    at: int
    framed: bool
    agrees: bool


def _own_closing(lines: Sequence[str]) -> int | None:
    """The index of pytest's own closing line among ``lines`` (None: there is none).

    A test's output (``-s``, an ``atexit`` handler) or a command after pytest may print a
    line shaped like it, before or after it. Each such line is judged against the session
    it ends: framed as pytest frames it, and agreeing with the items collected and the
    progress marks; the last line passing both is pytest's. Each test narrows the lines
    only when some line passes it, so an output pytest did not write in its usual form (a
    plugin's, a cut one) keeps the last closing line.
    """
    session = _Session()
    candidates: list[_Candidate] = []
    section: str | None = None
    for index, line in enumerate(lines):
        closing = _CLOSING.match(line)
        if closing:
            counts = _counts_of(closing.group("body"))
            candidates.append(
                _Candidate(index, session.framed_as_pytest(line), session.agrees(counts))
            )
            continue
        if _HEADER.match(line):
            session, section = _Session(len(line)), None
            continue
        sect = _SECTION.match(line)
        if sect:
            section = sect.group("name")
            continue
        if section is None:  # progress is shown before any section; tracebacks after
            session.see(line)
    for test in ("framed", "agrees"):
        passing = [c for c in candidates if getattr(c, test)]
        if passing:
            candidates = passing
    return candidates[-1].at if candidates else None


class PytestParser(ToolParser):
    """pytest, also under ``python -m pytest``, ``uv run pytest``, ``py.test``."""

    NAME = "pytest"
    SIGNATURES = (
        (r"=+ test session starts =+$", 0.95),
        (
            r"=+ .*\b(?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|no tests ran)\b"
            r".* in [\d.]+s(?: \([\d:]+\))? =+$",
            0.95,
        ),
        (r"\d+ (?:passed|failed|errors?)(?:, \d+ \w+)* in [\d.]+s", 0.8),
        (r"(?:FAILED|ERROR) \S+\.py(?:::\S+)?", 0.7),
    )
    PROGRAMS = frozenset({"pytest"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed(complete=False)
        section: str | None = None
        entries: dict[str, list[_Entry]] = {"FAILURES": [], "ERRORS": []}
        summary: list[tuple[str, str, str | None]] = []
        own = _own_closing(lines)
        for index, line in enumerate(lines):
            closing = _CLOSING.match(line)
            if closing and index == own:
                self._counts(parsed, closing.group("body"), float(closing.group("secs")))
                section = None
                continue
            if closing:  # printed by a test or another command: output, not a section
                if section in entries and entries[section]:
                    entries[section][-1].lines.append(line)
                continue
            sect = _SECTION.match(line)
            if sect:
                section = sect.group("name").strip()
                continue
            if line.startswith("!!!"):
                section = None
                continue
            if section in entries:
                entry = _ENTRY.match(line)
                if entry:
                    entries[section].append(_Entry(entry.group("name")))
                elif entries[section]:
                    entries[section][-1].lines.append(line)
                continue
            if section == "short test summary info":
                match = _SUMMARY_LINE.match(line)
                if match:
                    nodeid, message = _split_nodeid(match.group("rest"))
                    summary.append((match.group("kind"), nodeid, message))
                continue
            conftest = _CONFTEST.match(line)
            if conftest:
                self._conftest_error(parsed, conftest.group("path"), lines[index + 1 :])
                continue
            collected = _COLLECTED.match(line)
            if collected and parsed.headline is None:
                parsed.headline = collected.group("body")
            usage = _USAGE.match(line)
            if usage and section is None:
                parsed.headline = f"pytest error: {usage.group('text')}"
        self._failures(parsed, entries, summary)
        return parsed

    @staticmethod
    def _counts(parsed: Parsed, body: str, seconds: float) -> None:
        parsed.complete = True
        parsed.tool_duration_s = seconds
        # pytest prints only the non-zero counts; a closing line it printed makes them known.
        values = _counts_of(body)
        parsed.passed = values.get("passed", 0)
        parsed.failed = values.get("failed", 0)
        parsed.skipped = values.get("skipped", 0)
        parsed.errors = values.get("errors", 0)
        parsed.xfailed = values.get("xfailed", 0)
        parsed.xpassed = values.get("xpassed", 0)
        parsed.filtered = values.get("deselected", 0)
        if body == "no tests ran":
            parsed.headline = "no tests ran"

    @staticmethod
    def _conftest_error(parsed: Parsed, path: str, rest: Sequence[str]) -> None:
        block = []
        for line in rest:
            if _SECTION.match(line) or _CLOSING.match(line):
                break
            block.append(line)
        file, line_no, message, excerpt = _read_entry(block)
        kind = exception_name(message) or "ImportError"
        parsed.collection_errors.append(f"{kind} in {path}")
        parsed.failures.append(
            Failure(name=path, file=file or path, line=line_no, message=message, excerpt=excerpt)
        )

    @staticmethod
    def _failures(
        parsed: Parsed,
        entries: dict[str, list[_Entry]],
        summary: list[tuple[str, str, str | None]],
    ) -> None:
        by_header: dict[str, list[_Entry]] = {}
        for section in ("FAILURES", "ERRORS"):
            for item in entries[section]:
                by_header.setdefault(item.header, []).append(item)

        def take(header: str) -> _Entry | None:
            found = by_header.get(header)
            return found.pop(0) if found else None

        used: set[int] = set()
        for kind, nodeid, short in summary:
            if kind not in ("FAILED", "ERROR"):
                continue
            collecting = kind == "ERROR" and "::" not in nodeid and short is None
            entry: _Entry | None = None
            if collecting:
                entry = take(f"ERROR collecting {nodeid}")
            elif kind == "ERROR":
                head = _head_line(nodeid)
                entry = take(f"ERROR at setup of {head}") or take(f"ERROR at teardown of {head}")
            else:
                entry = take(_head_line(nodeid))
            if entry is not None:
                used.add(id(entry))
                file, line, message, excerpt = _read_entry(entry.lines)
            else:
                file, line, message, excerpt = None, None, short or "", None
            if collecting:
                kind_name = exception_name(message) or "error"
                parsed.collection_errors.append(f"{kind_name} in {nodeid}")
                file = nodeid.split("::")[0]
                line = _line_in(entry.lines, file) if entry is not None else None
            if file is None and "::" in nodeid:
                file = nodeid.split("::")[0]  # no traceback (a strict xpass): the test's file
            parsed.failures.append(
                Failure(name=nodeid, file=file, line=line, message=message, excerpt=excerpt)
            )
        # Entries the short summary did not list (``-rN``, or the summary was cut off).
        for section in ("ERRORS", "FAILURES"):
            for left in entries[section]:
                if id(left) in used:
                    continue
                file, line, message, excerpt = _read_entry(left.lines)
                name = left.header
                if name.startswith("ERROR collecting "):
                    name = name.removeprefix("ERROR collecting ")
                    kind_name = exception_name(message) or "error"
                    parsed.collection_errors.append(f"{kind_name} in {name}")
                    file = name.split("::")[0]
                    line = _line_in(left.lines, file)
                parsed.failures.append(
                    Failure(name=name, file=file, line=line, message=message, excerpt=excerpt)
                )
