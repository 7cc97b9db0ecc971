"""Go: ``go test`` (plain, ``-v``, ``-cover``, ``-json``), ``go build``, ``go vet``, ``go install``.

``go test`` prints one result line per package (``ok``, ``FAIL``, ``?`` ... ``[no test
files]``, ``FAIL pkg [build failed]``); every one of them is read, and the summary names
each package by its outcome (``ok example.com/m (cached)``). Without ``-v`` Go prints
only the failing tests, so ``passed`` and ``skipped`` stay None; with ``-v`` (or ``-json``)
every test and subtest prints its ``--- PASS`` / ``--- FAIL`` / ``--- SKIP`` line and all three
are counted. Subtests count as tests, as ``go test -json`` counts them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from prx.core.results.run import Diagnostic, Failure, Severity
from prx.engine.runner.detect import unwrap
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["GO_PARSERS", "GoBuildParser", "GoTestParser", "parse_go_diagnostic"]

_RUN = re.compile(r"^=== (?:RUN|CONT|PAUSE|NAME)\s+(?P<name>\S+)\s*$")
_RESULT = re.compile(
    r"^(?P<indent>\s*)--- (?P<status>PASS|FAIL|SKIP): (?P<name>\S+) \((?P<secs>[\d.]+)s\)"
)
_PACKAGE = re.compile(
    r"^(?P<status>ok|FAIL|\?)\s+(?P<pkg>\S+)"
    r"(?:\s+(?P<secs>[\d.]+)s|\s+\(cached\)|\s+\[(?P<note>[^\]]+)\])?"
    r"(?:\s+(?P<cover>coverage: .+?))?\s*$"
)
_COVERAGE = re.compile(r"^(?P<cover>coverage: (?:[\d.]+% of statements|\[no statements\]).*)$")
_LOG = re.compile(r"^\s*(?P<file>[\w.\-/]+\.go):(?P<line>\d+): ?(?P<msg>.*)$")
_DIAG = re.compile(
    r"^(?:vet: )?(?P<file>[^\s:][^:]*\.go):(?P<line>\d+)(?::(?P<col>\d+))?: (?P<msg>.+)$"
)
_FRAME = re.compile(r"^\t(?P<file>/?\S+\.go):(?P<line>\d+)(?: \+0x[0-9a-f]+)?$")
_NOT_USER_FRAME = ("testing.", "runtime.", "panic(", "created by ", "reflect.")


def parse_go_diagnostic(line: str, severity: Severity = "error") -> Diagnostic | None:
    """A compiler or vet line ``file.go:12:3: message`` (``vet: `` prefix allowed)."""
    match = _DIAG.match(line)
    if not match:
        return None
    file = match.group("file").removeprefix("./")
    return Diagnostic(
        file=file,
        line=int(match.group("line")),
        column=int(match.group("col")) if match.group("col") else None,
        severity=severity,
        code=None,
        message=match.group("msg").strip(),
    )


@dataclass
class _Test:
    name: str
    status: str
    output: list[str] = field(default_factory=list)
    panic: list[str] = field(default_factory=list)


def _build_header(line: str) -> str:
    """The package of a ``# example.com/m/pkg [example.com/m/pkg.test]`` build header."""
    words = line[2:].split()
    return words[0] if words else ""


_BUILD_FAILED = re.compile(r"^(?P<note>build failed|setup failed) in (?P<pkg>\S+)$")


def _build_failures(parsed: Parsed, built: dict[str, list[Diagnostic]]) -> None:
    """Each package that did not build is a failure, at its first compile error."""
    for entry in parsed.collection_errors:
        match = _BUILD_FAILED.match(entry)
        if match is None:
            continue
        pkg = match.group("pkg")
        errors = built.get(pkg) or []
        first = next((d for d in errors if d.severity == "error"), errors[0] if errors else None)
        parsed.failures.append(
            Failure(
                name=f"{pkg} [{match.group('note')}]",
                file=first.file if first else None,
                line=first.line if first else None,
                message=first.message if first else match.group("note"),
                excerpt=None,
            )
        )


def _is_verbose(argv: Sequence[str]) -> bool:
    for arg in unwrap(argv)[2:]:
        if arg == "--":
            break
        if arg in ("-v", "--v", "-test.v", "-v=true", "-test.v=true", "-test.v=test2json"):
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Package:
    """One package result line: ``ok``, ``FAIL``, ``no test files``, ``build failed`` ..."""

    outcome: str
    name: str
    #: ``(cached)``: go replayed an earlier result instead of running the tests.
    cached: bool = False


#: How the summary names each outcome's packages, in this order (``ok a, b; FAIL c``).
_OUTCOMES = (("ok", "ok"), ("FAIL", "FAIL"), ("no test files", "no test files:"))
#: Packages named per outcome; those beyond are counted (the raw log names them all).
MAX_NAMED = 10


def _packages_headline(packages: Sequence[_Package]) -> str | None:
    """``ok example.com/m/a (cached), example.com/m/b; FAIL example.com/m/c; no test files:
    example.com/m/d``: every package result line, by outcome. A package that did not build
    is not named again (its collection error and its failure name it)."""
    parts = []
    for outcome, label in _OUTCOMES:
        mine = [p for p in packages if p.outcome == outcome]
        names = [p.name + (" (cached)" if p.cached else "") for p in mine[:MAX_NAMED]]
        if len(mine) > MAX_NAMED:
            names.append(f"{len(mine) - MAX_NAMED} more")
        if names:
            parts.append(f"{label} {', '.join(names)}")
    return "; ".join(parts) or None


class GoTestParser(ToolParser):
    """``go test``: every package line, failing tests with their log line, panics, build errors."""

    NAME = "go-test"
    SIGNATURES = (
        (
            r"(?:ok|FAIL|\?)\s+\S+\s+(?:\[no test files\]|[\d.]+s|\(cached\)|\[build failed\]"
            r"|\[setup failed\])",
            0.9,
        ),
        (r"--- (?:FAIL|PASS|SKIP): ", 0.85),
        (r"=== RUN\s", 0.85),
        (r'\{"Time":"[^"]*","Action":"', 0.9),
    )
    COVERS = frozenset({"go-build"})
    PROGRAMS = frozenset({"go"})
    SUBCOMMANDS = frozenset({"test"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        if any(line.startswith('{"Time":') or line.startswith('{"Action":') for line in lines[:50]):
            return self._parse_json(lines)
        # -v through a wrapper (``make test``) shows by its ``=== RUN`` lines.
        verbose = _is_verbose(raw.argv) or any(line.startswith("=== RUN") for line in lines)
        parsed = Parsed(complete=False)
        tests: dict[str, _Test] = {}
        pending: list[_Test] = []  # failed tests of the package whose result line is to come
        counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
        current: str | None = None  # test named by the last === RUN / CONT
        owner: tuple[_Test, int] | None = None  # test of the last --- line, its indent
        panicking: _Test | None = None
        in_build = False
        building = ""
        built: dict[str, list[Diagnostic]] = {}  # compile errors under each ``# pkg`` header
        coverage: str | None = None
        packages: list[_Package] = []
        for line in lines:
            package = _PACKAGE.match(line)
            if package and "\t" in line:
                pkg = package.group("pkg")
                status = package.group("status")
                note = package.group("note") or ""
                parsed.complete = True
                kind = note if note.endswith("failed") or note == "no test files" else status
                packages.append(_Package(kind, pkg, cached="(cached)" in line))
                cover = package.group("cover") or coverage
                if cover and "no test files" not in note:
                    parsed.items.append(f"{pkg} {cover}")
                if status == "FAIL":
                    if note.endswith("failed") and note != "":
                        parsed.collection_errors.append(f"{note} in {pkg}")
                    elif not pending and panicking is None:
                        parsed.failures.append(
                            Failure(
                                name=pkg,
                                file=None,
                                line=None,
                                message="package failed",
                                excerpt=None,
                            )
                        )
                if panicking is not None and panicking not in pending:
                    pending.append(panicking)
                for test in pending:
                    parsed.failures.append(self._failure(test, pkg))
                tests.clear()
                pending, current, owner, panicking, coverage = [], None, None, None, None
                in_build = False
                continue
            if panicking is not None:
                panicking.panic.append(line)
                continue
            if line.startswith("# "):
                in_build = True
                building = _build_header(line)
                continue
            if in_build:
                diag = parse_go_diagnostic(line)
                if diag is not None:
                    parsed.diagnostics.append(diag)
                    built.setdefault(building, []).append(diag)
                    continue
                if line.startswith(("\t", "        ")) or line.startswith("too many errors"):
                    continue
                in_build = False
            run = _RUN.match(line)
            if run:
                current = run.group("name")
                tests.setdefault(current, _Test(current, "RUN"))
                owner = None
                continue
            result = _RESULT.match(line)
            if result:
                name, status = result.group("name"), result.group("status")
                test = tests.setdefault(name, _Test(name, status))
                test.status = status
                counts[status] += 1
                if status == "FAIL":
                    pending.append(test)
                owner = (test, len(result.group("indent")))
                continue
            if line.startswith("panic: ") or line.startswith("fatal error: "):
                victim = pending[-1] if pending else tests.get(current or "")
                if victim is None:
                    victim = _Test("panic", "FAIL")
                panicking = victim
                panicking.panic.append(line)
                continue
            if line in ("PASS", "FAIL") or line.startswith(("exit status ", "testing: warning")):
                continue
            cover = _COVERAGE.match(line)
            if cover:
                coverage = cover.group("cover")
                continue
            if owner is not None and line.startswith(" " * (owner[1] + 4)):
                owner[0].output.append(line)
                continue
            owner = None
            if current is not None and current in tests:
                tests[current].output.append(line)
                continue
            diag = parse_go_diagnostic(line)
            if diag is not None:
                parsed.diagnostics.append(diag)
        if pending or panicking is not None:
            # Output cut short before the package line: still report what failed.
            if panicking is not None and panicking not in pending:
                pending.append(panicking)
            for test in pending:
                parsed.failures.append(self._failure(test, None))
        _build_failures(parsed, built)
        parsed.headline = _packages_headline(packages)
        if parsed.complete:
            parsed.failed = counts["FAIL"]
            if verbose:
                parsed.passed = counts["PASS"]
                parsed.skipped = counts["SKIP"]
        return parsed

    @staticmethod
    def _failure(test: _Test, pkg: str | None) -> Failure:
        name = f"{pkg} {test.name}" if pkg else test.name
        file: str | None = None
        line: int | None = None
        message: str | None = None
        rest: list[str] = []
        for text in test.output:
            log = _LOG.match(text)
            if log and message is None:
                file, line, message = log.group("file"), int(log.group("line")), log.group("msg")
                continue
            if text.strip():
                rest.append(text.strip() if message is None else text.rstrip())
        if test.panic:
            message = test.panic[0]
            rest = []
            for text in test.panic[1:]:
                if not text.strip():
                    break
                rest.append(text.strip())
            previous = ""
            for text in test.panic:
                frame = _FRAME.match(text)
                if (
                    frame
                    and not previous.startswith(_NOT_USER_FRAME)
                    and "/src/runtime/" not in text
                    and "/src/testing/" not in text
                ):
                    file, line = frame.group("file"), int(frame.group("line"))
                    break
                previous = text
        if message is None:
            message = rest.pop(0) if rest else "failed (see its subtests)"
        return Failure(
            name=name, file=file, line=line, message=message, excerpt="\n".join(rest) or None
        )

    def _parse_json(self, lines: list[str]) -> Parsed:
        parsed = Parsed(complete=False)
        counts = {"pass": 0, "fail": 0, "skip": 0}
        output: dict[tuple[str, str], list[str]] = {}
        failed: list[tuple[str, str]] = []
        other: list[str] = []
        packages: dict[str, str] = {}  # each package's outcome, in the order they ended
        cached: set[str] = set()
        for line in lines:
            if not line.startswith("{"):
                other.append(line)
                continue
            try:
                event = json.loads(line)
            except ValueError:
                other.append(line)
                continue
            action, pkg, test = event.get("Action"), event.get("Package", ""), event.get("Test")
            if action == "output" and test:
                output.setdefault((pkg, test), []).append(str(event.get("Output", "")).rstrip("\n"))
            elif action == "output":
                result = _PACKAGE.match(str(event.get("Output", "")).rstrip("\n"))
                if result and "(cached)" in result.group(0):
                    cached.add(pkg)
            elif action in counts and test:
                counts[action] += 1
                if action == "fail":
                    failed.append((pkg, test))
            elif action in ("pass", "fail", "skip") and not test:
                parsed.complete = True
                packages[pkg] = {"pass": "ok", "fail": "FAIL", "skip": "no test files"}[action]
        for pkg, test in failed:
            body = _Test(test, "FAIL")
            for text in output.get((pkg, test), []):
                if _RESULT.match(text) or _RUN.match(text):
                    continue
                if text.startswith(("panic: ", "fatal error: ")) or body.panic:
                    body.panic.append(text)
                else:
                    body.output.append(text)
            parsed.failures.append(self._failure(body, pkg))
        in_build = False
        building = ""
        built: dict[str, list[Diagnostic]] = {}
        for line in other:
            if line.startswith("# "):
                in_build = True
                building = _build_header(line)
                continue
            package = _PACKAGE.match(line)
            if package and package.group("note") and package.group("note").endswith("failed"):
                parsed.complete = True
                parsed.collection_errors.append(
                    f"{package.group('note')} in {package.group('pkg')}"
                )
                packages[package.group("pkg")] = package.group("note")
                continue
            diag = parse_go_diagnostic(line) if in_build else None
            if diag is not None:
                parsed.diagnostics.append(diag)
                built.setdefault(building, []).append(diag)
        _build_failures(parsed, built)
        parsed.headline = _packages_headline(
            [_Package(kind, pkg, pkg in cached) for pkg, kind in packages.items()]
        )
        if parsed.complete:
            parsed.passed, parsed.failed, parsed.skipped = (
                counts["pass"],
                counts["fail"],
                counts["skip"],
            )
        return parsed

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        """``go test -json ...``: the flag goes right after ``test``."""
        args = list(argv)
        if "-json" in args or "test" not in args:
            return None
        at = args.index("test") + 1
        return (*args[:at], "-json", *args[at:])


class GoBuildParser(ToolParser):
    """``go build``, ``go vet``, ``go install``: compiler and vet diagnostics per package."""

    NAME = "go-build"
    SIGNATURES = ((r"\S+\.go:\d+:\d+: .+", 0.75),)
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"go"})
    SUBCOMMANDS = frozenset({"build", "vet", "install"})

    def parse(self, raw: RawRun) -> Parsed:
        parsed = Parsed()
        for line in output_lines(raw):
            diag = parse_go_diagnostic(line)
            if diag is not None:
                parsed.diagnostics.append(diag)
        return parsed


#: Registered by :mod:`prx.engine.runner.hooks`.
GO_PARSERS: tuple[type[ToolParser], ...] = (GoTestParser, GoBuildParser)
