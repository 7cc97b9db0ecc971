"""Each runner's report read as canonical test ids and outcomes.

The ids (see ``benchmarks/affected.py``): python ``path::Class::test`` (parameters
stripped), go ``<package dir>::<TopLevelTest>``, rust ``<target>::<libtest name>``
(``lib``, ``test:<stem>``, ``doc``), javascript ``<test file>::<full title>``.

A run is ``ok`` when the runner reported on its suite (tests may fail), ``broken`` when it
did not build, collect or finish (a compile error, a module that does not import, a
crashed test binary, a package that failed with no failing test), ``timeout`` when it was
killed on its deadline.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from affected_lib.execute import Done

OK, BROKEN, TIMEOUT = "ok", "broken", "timeout"


@dataclass
class Outcome:
    """What one run of a suite said."""

    state: str
    #: Canonical id -> ``passed`` / ``failed`` / ``skipped`` (failed if any of its
    #: parameters, subtests or phases failed).
    tests: dict[str, str] = field(default_factory=dict)
    #: The runner's own count of the tests it ran (parameters and subtests as it counts).
    items: int = 0
    detail: str = ""
    #: The run's wall time.
    seconds: float = 0.0
    #: JavaScript: canonical id -> the spec file the runner loaded it from, where that
    #: is not the file that defines it (running either file runs the test).
    spec: dict[str, str] = field(default_factory=dict)

    def failing(self) -> list[str]:
        """The failing canonical ids, sorted."""
        return sorted(k for k, v in self.tests.items() if v == "failed")


def _fold(tests: dict[str, str], key: str, outcome: str) -> None:
    """A failure wins over a pass, a pass over a skip."""
    rank = {"failed": 2, "passed": 1, "skipped": 0}
    if rank[outcome] >= rank.get(tests.get(key, "skipped"), 0) or key not in tests:
        tests[key] = outcome


def _tail(done: Done) -> str:
    return (done.stderr or done.stdout)[-1500:]


def strip_params(nodeid: str) -> str:
    """``a.py::test_x[1-2]`` -> ``a.py::test_x``."""
    if nodeid.endswith("]") and "[" in nodeid:
        return nodeid[: nodeid.index("[")]
    return nodeid


def python(done: Done, report: Path) -> Outcome:
    """From :mod:`prx_affected_outcomes`' JSON (exit status 0 or 1 only: 2 is a
    collection error or an interrupt, 3-5 internal, usage, no tests)."""
    if done.timed_out:
        return Outcome(TIMEOUT)
    if not report.exists():
        return Outcome(BROKEN, detail=_tail(done))
    data = json.loads(report.read_text(encoding="utf-8"))
    if data["collect_errors"] or data["exitstatus"] not in (0, 1):
        errors = ", ".join(data["collect_errors"])
        return Outcome(BROKEN, detail=f"exit {data['exitstatus']} {errors}"[:1500])
    tests: dict[str, str] = {}
    for nodeid, outcome in data["items"].items():
        _fold(tests, strip_params(nodeid), outcome)
    return Outcome(OK, tests, len(data["items"]))


def go(done: Done, dirs: Mapping[str, str]) -> Outcome:
    """From ``go test -json`` events; ``dirs`` maps an import path to its directory
    relative to the module root (``.`` for the root)."""
    if done.timed_out:
        return Outcome(TIMEOUT)
    tests: dict[str, str] = {}
    items = 0
    failed_packages: set[str] = set()
    packages_with_failures: set[str] = set()
    for line in done.stdout.splitlines():
        if not line.startswith("{"):
            if "[build failed]" in line or "[setup failed]" in line:
                return Outcome(BROKEN, detail=(line + "\n" + done.stderr)[-1500:])
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        action, package, test = event.get("Action"), event.get("Package", ""), event.get("Test")
        if action not in ("pass", "fail", "skip"):
            continue
        outcome = {"pass": "passed", "fail": "failed", "skip": "skipped"}[action]
        if not test:
            if action == "fail":
                failed_packages.add(package)
            continue
        items += 1
        key = f"{dirs.get(package, package)}::{test.split('/')[0]}"
        _fold(tests, key, outcome)
        if action == "fail":
            packages_with_failures.add(package)
    if failed_packages - packages_with_failures:
        lost = ", ".join(sorted(failed_packages - packages_with_failures))
        return Outcome(BROKEN, tests, items, f"package failed with no failing test: {lost}")
    if not tests:
        return Outcome(BROKEN, detail=_tail(done))
    return Outcome(OK, tests, items)


_RUNNING = re.compile(r"^\s+Running (?:unittests )?(?P<path>\S+)")
_DOCTESTS = re.compile(r"^\s+Doc-tests (?P<crate>\S+)")
_TEST = re.compile(r"^test (?P<name>.+) \.\.\. (?P<result>ok|FAILED|ignored.*)$")


def _rust_target(path: str) -> str:
    """``src/lib.rs`` -> ``lib``, ``tests/x.rs`` -> ``test:x``, ``src/main.rs`` -> ``bin``."""
    if path.startswith("tests/"):
        return "test:" + Path(path).stem
    if path == "src/lib.rs":
        return "lib"
    return "bin:" + Path(path).stem


def rust(done: Done) -> Outcome:
    """From ``cargo test``'s output, stderr merged into stdout in order (the target a
    test line belongs to is the last ``Running`` / ``Doc-tests`` line before it)."""
    if done.timed_out:
        return Outcome(TIMEOUT)
    text = done.stdout
    if re.search(r"^error(\[E\d+\])?: ", text, re.M) and "could not compile" in text:
        return Outcome(BROKEN, detail=text[-1500:])
    tests: dict[str, str] = {}
    items = 0
    target = ""
    open_target = False
    for line in text.splitlines():
        run = _RUNNING.match(line)
        doc = _DOCTESTS.match(line)
        if run or doc:
            if open_target:  # the previous binary died before its summary
                return Outcome(BROKEN, tests, items, f"{target} crashed\n{text[-1500:]}")
            target = "doc" if doc else _rust_target(run.group("path") if run else "")
            open_target = True
            continue
        if line.startswith("test result: "):
            open_target = False
            continue
        found = _TEST.match(line)
        if found and target:
            result = found.group("result")
            outcome = "passed" if result == "ok" else "failed" if result == "FAILED" else "skipped"
            _fold(tests, f"{target}::{found.group('name')}", outcome)
            items += 1
    if open_target:
        return Outcome(BROKEN, tests, items, f"{target} crashed\n{text[-1500:]}")
    if not tests:
        return Outcome(BROKEN, detail=text[-1500:])
    return Outcome(OK, tests, items)


def mocha(done: Done, report: Path, root: Path) -> Outcome:
    """From the oracle's mocha reporter (``mocha_reporter.js``): a test's id names the
    file whose ``it()`` defined it; the spec file mocha loaded goes to ``spec``."""
    if done.timed_out:
        return Outcome(TIMEOUT)
    if not report.exists():
        return Outcome(BROKEN, detail=_tail(done))
    data = json.loads(report.read_text(encoding="utf-8"))
    tests: dict[str, str] = {}
    spec: dict[str, str] = {}

    def rel(file: str | None) -> str:
        return os.path.relpath(file, root) if file and os.path.isabs(file) else file or ""

    for case in data["tests"]:
        key = f"{rel(case['defined'])}::{case['fullTitle']}"
        _fold(tests, key, case["state"])
        if rel(case["file"]) != rel(case["defined"]):
            spec[key] = rel(case["file"])
    if not tests:
        return Outcome(BROKEN, detail=_tail(done))
    return Outcome(OK, tests, len(data["tests"]), spec=spec)


_TAP = re.compile(
    r"^(?P<indent>\s*)(?P<ok>not ok|ok) \d+(?: - (?P<name>.*?))?(?:\s+#\s*(?P<directive>\w+).*)?$"
)
_SUBTEST = re.compile(r"^(?P<indent>\s*)# Subtest: (?P<name>.*)$")
_BAIL = re.compile(r"^\s*Bail out!", re.M)


def tap(done: Done) -> Outcome:
    """From tap's TAP stream: a test is a subtest with no subtests of its own (its
    assertions are its body), named ``<file>::<parent > ... > name>``; the file is the
    top-level subtest. A file whose own result is ``not ok`` while none of its tests
    failed (it threw at load, it timed out) fails as ``<file>::``."""
    if done.timed_out:
        return Outcome(TIMEOUT)
    tests: dict[str, str] = {}
    items = 0
    stack: list[tuple[int, str, bool]] = []  # (indent, name, has subtests)
    for line in done.stdout.splitlines():
        sub = _SUBTEST.match(line)
        if sub is not None:
            depth = len(sub.group("indent"))
            while stack and stack[-1][0] >= depth:
                stack.pop()
            if stack:
                stack[-1] = (stack[-1][0], stack[-1][1], True)
            stack.append((depth, sub.group("name"), False))
            continue
        found = _TAP.match(line)
        if found is None:
            continue
        depth = len(found.group("indent"))
        # The result line of a subtest is printed at its parent's indentation.
        while stack and stack[-1][0] > depth:
            stack.pop()
        if not stack or stack[-1][0] != depth or stack[-1][1] != (found.group("name") or ""):
            continue  # an assertion, not a subtest's result
        _, name, has_children = stack.pop()
        directive = (found.group("directive") or "").lower()
        outcome = (
            "skipped"
            if directive in ("skip", "todo")
            else "passed"
            if found.group("ok") == "ok"
            else "failed"
        )
        path = [n for _, n, _ in stack]
        if not path:  # a file
            key = f"{name}::"
            if outcome == "failed" and not any(
                k.startswith(key) and v == "failed" for k, v in tests.items()
            ):
                _fold(tests, key, "failed")
            elif not has_children:
                _fold(tests, key, outcome)
                items += 1
            continue
        if not has_children:
            _fold(tests, f"{path[0]}::{' > '.join([*path[1:], name])}", outcome)
            items += 1
    if _BAIL.search(done.stdout) or not tests:
        return Outcome(BROKEN, tests, items, _tail(done))
    return Outcome(OK, tests, items)
