"""``npm ls`` / ``npm list``: the dependency tree and its problems (text and ``--json``).

Each problem npm reports (``missing``, ``invalid``, ``extraneous``, an unmet peer) is a failure
named by the package; the top-level dependencies are the listing, marked with their problem.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from prx.core.results.run import Failure
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["NpmLsParser"]

_ROOT = re.compile(r"^(?:@[^@\s/]+/)?[^@\s]+@\S+(?: \S.*)?$")
_ENTRY = re.compile(r"^(?P<indent>(?:[│ ] )*)[├└]─[─┬] (?P<text>.+)$")
_PKG = re.compile(r"^(?P<name>(?:@[^@\s/]+/)?[^@\s]+)@(?P<version>\S+)")
_PROBLEM = re.compile(
    r"^npm (?:error|ERR!) (?P<kind>missing|invalid|extraneous|peer dep missing|"
    r"peer invalid): (?P<rest>.+)$"
)
_MARKS = (
    ("UNMET OPTIONAL DEPENDENCY ", "missing optional"),
    ("UNMET PEER DEPENDENCY ", "missing peer"),
    ("UNMET DEPENDENCY ", "missing"),
)


def _entry_text(text: str) -> tuple[str, str | None]:
    """``left-pad@1.1.0 invalid: "^1.3.0" from ...`` -> (``left-pad@1.1.0``, ``invalid``)."""
    for prefix, problem in _MARKS:
        if text.startswith(prefix):
            return text[len(prefix) :].split()[0], problem
    words = text.split()
    spec = words[0] if words else text
    for word in words[1:]:
        if word in ("invalid:", "invalid", "extraneous"):
            return spec, word.rstrip(":")
    return spec, None


def _problem_name(rest: str) -> str:
    match = _PKG.match(rest)
    return match.group("name") if match else rest.split()[0]


def _walk(deps: Any, depth: int = 0) -> Iterator[tuple[int, str, dict[str, Any]]]:
    if not isinstance(deps, dict):
        return
    for name, info in deps.items():
        if isinstance(info, dict):
            yield depth, name, info
            yield from _walk(info.get("dependencies"), depth + 1)


class NpmLsParser(ToolParser):
    """``npm ls`` and ``npm list`` (``ll``, ``la``), also ``pnpm ls`` text is not read here."""

    NAME = "npm-ls"
    PROGRAMS = frozenset({"npm"})
    SUBCOMMANDS = frozenset({"ls", "list", "ll", "la"})

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        if any(a.startswith("--json") for a in argv):
            return None
        return (*argv, "--json")

    def parse(self, raw: RawRun) -> Parsed:
        text = raw.stdout.strip()
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except ValueError:
                data = None
            if isinstance(data, dict):
                return self._from_json(data)
        return self._from_text(output_lines(raw))

    @staticmethod
    def _from_text(lines: Sequence[str]) -> Parsed:
        parsed = Parsed()
        rooted = False
        entries = 0
        marked: list[tuple[str, str]] = []
        problems: list[tuple[str, str]] = []
        for index, line in enumerate(lines):
            entry = _ENTRY.match(line)
            if entry:
                entries += 1
                spec, problem = _entry_text(entry.group("text"))
                if problem:
                    marked.append((_problem_name(spec), f"{problem}: {spec}"))
                if not entry.group("indent"):
                    parsed.items.append(f"{spec} ({problem})" if problem else spec)
                continue
            if not rooted and _ROOT.match(line) and index + 1 < len(lines):
                following = lines[index + 1]
                rooted = bool(_ENTRY.match(following)) or following.startswith("└── (empty)")
                continue
            problem_line = _PROBLEM.match(line)
            if problem_line:
                kind, rest = problem_line.group("kind"), problem_line.group("rest")
                problems.append((_problem_name(rest), f"{kind}: {rest}"))
        # npm's closing `npm error` lines name every problem; the tree marks are the fallback.
        for name, message in problems or marked:
            parsed.failures.append(
                Failure(name=name, file=None, line=None, message=message, excerpt=None)
            )
        if rooted or problems:
            parsed.errors = len(problems or marked)
            top = len(parsed.items)
            parsed.headline = f"{top} top-level dependenc{'y' if top == 1 else 'ies'}"
            if entries > top:
                parsed.headline += f", {entries} entries in the tree"
        return parsed

    @staticmethod
    def _from_json(data: dict[str, Any]) -> Parsed:
        parsed = Parsed()
        total = 0
        for depth, name, info in _walk(data.get("dependencies")):
            total += 1
            spec = f"{name}@{info.get('version') or info.get('required') or '?'}"
            flags = [k for k in ("missing", "invalid", "extraneous") if info.get(k)]
            if depth == 0:
                parsed.items.append(f"{spec} ({', '.join(flags)})" if flags else spec)
            for problem in info.get("problems") or ():
                parsed.failures.append(
                    Failure(name=name, file=None, line=None, message=str(problem), excerpt=None)
                )
        parsed.errors = len(parsed.failures)
        top = len(parsed.items)
        parsed.headline = f"{top} top-level dependenc{'y' if top == 1 else 'ies'}"
        if total > top:
            parsed.headline += f", {total} entries in the tree"
        return parsed
