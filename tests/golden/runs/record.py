"""Record the golden corpus of ``prx run``: real tools on small generated projects.

    python tests/golden/runs/record.py            # every tool that is installed
    python tests/golden/runs/record.py pytest git # some tools only
    python tests/golden/runs/record.py jest/large_300_pass  # one case

For each case a project is written into a fresh temporary directory, the command runs there
and ``argv.json``, ``stdout.txt``, ``stderr.txt`` and ``exit_code`` are saved under
``tests/golden/runs/<tool>/<case>/``. ``truth.json`` is derived from the tool's own
machine-readable report, produced by a second run on an identical copy of the project:

* pytest: ``--junitxml`` (counts) and pytest's own report objects classified by its
  ``pytest_report_teststatus`` hook (xfailed/xpassed, node ids, crash locations), written by a
  small plugin loaded through ``PYTEST_PLUGINS``;
* unittest: the ``TestResult`` object of the same test run (ids, innermost frames);
* ruff: ``--output-format json``; mypy: ``--output json``; gcc/make: ``-fdiagnostics-format=json``;
* node: ``--test-reporter=junit``; cargo: libtest's ``--format json`` and
  ``--message-format=json``; git: ``status --porcelain``, ``log --format``, ``diff --numstat``.

Nothing in truth.json is typed by hand. The temporary directory is written as ``<TMP>``
in every saved file, so the fixtures replay anywhere.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TMP = "<TMP>"

Files = dict[str, str]


@dataclass
class Case:
    tool: str  # parser NAME expected to read it
    name: str
    argv: list[str]
    files: Files = field(default_factory=dict)
    setup: Callable[[Path], None] | None = None
    truth: Callable[[Case, Path], dict[str, Any]] | None = None
    env: dict[str, str] = field(default_factory=dict)
    folder: str | None = None  # corpus folder (defaults to tool)


# --------------------------------------------------------------------------- helpers


def base_env(root: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST", "PRX_", "GIT_", "NODE_", "RUST", "CARGO_TARGET"))
    }
    env.update(
        PYTHONDONTWRITEBYTECODE="1",
        MYPY_CACHE_DIR=str(root / ".mypy_cache"),
        NO_COLOR="1",
        TERM="dumb",
        COLUMNS="80",
        HOME=str(root / ".home"),
        GIT_CONFIG_NOSYSTEM="1",
        GIT_AUTHOR_NAME="Ada",
        GIT_AUTHOR_EMAIL="ada@example.org",
        GIT_COMMITTER_NAME="Ada",
        GIT_COMMITTER_EMAIL="ada@example.org",
        GIT_AUTHOR_DATE="2026-01-02T03:04:05Z",
        GIT_COMMITTER_DATE="2026-01-02T03:04:05Z",
        CARGO_TERM_COLOR="never",
        CARGO_HOME=os.environ.get("CARGO_HOME", str(Path.home() / ".cargo")),
        RUSTUP_HOME=os.environ.get("RUSTUP_HOME", str(Path.home() / ".rustup")),
    )
    env.pop("PYTHONPATH", None)
    return env


def write(root: Path, files: Files) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))


def run(argv: list[str], root: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = base_env(root)
    environ.update(env or {})
    return subprocess.run(argv, cwd=root, env=environ, capture_output=True, text=True, timeout=600)


def rel(path: str | None, root: Path) -> str | None:
    if path is None:
        return None
    real = os.path.realpath(path) if os.path.isabs(path) else path
    for prefix in (str(root), os.path.realpath(root)):
        if real.startswith(prefix + "/"):
            return real[len(prefix) + 1 :]
    return path


def scrub(text: str, root: Path) -> str:
    for prefix in sorted({str(root), os.path.realpath(root)}, key=len, reverse=True):
        text = text.replace(prefix, TMP)
    return text


#: Directories of the recording machine that tools print (the interpreter in pytest's
#: header, library frames of a traceback): written as placeholders, so no golden holds them.
MACHINE_PATHS = {
    sys.prefix: "<PREFIX>",
    sys.base_prefix: "<BASE_PREFIX>",
    str(Path.home()): "<HOME>",
}


def scrub_machine(text: str) -> str:
    for path in sorted(MACHINE_PATHS, key=len, reverse=True):
        if len(path) > 1:
            text = text.replace(path + "/", MACHINE_PATHS[path] + "/")
    return text


def git(root: Path, *args: str) -> None:
    result = run(["git", *args], root)
    if result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed: {result.stderr}")


# --------------------------------------------------------------------------- pytest truth

PYTEST_PLUGIN = '''
import json, os

_REPORTS = []

def pytest_runtest_logreport(report):
    _REPORTS.append(report)

def pytest_collectreport(report):
    if report.failed:
        _REPORTS.append(report)

def pytest_sessionfinish(session):
    config = session.config
    out = []
    for report in _REPORTS:
        category, _, _ = config.hook.pytest_report_teststatus(report=report, config=config)
        crash = getattr(report.longrepr, "reprcrash", None)
        out.append({
            "nodeid": report.nodeid,
            "when": getattr(report, "when", "collect"),
            "category": category,
            "collect": type(report).__name__ == "CollectReport",
            "crash_path": getattr(crash, "path", None),
            "crash_line": getattr(crash, "lineno", None),
            "crash_message": getattr(crash, "message", None),
            "longrepr": report.longrepr if isinstance(report.longrepr, str) else None,
            "location": list(report.location) if getattr(report, "location", None) else None,
            # A fixture lookup error (``fixture 'db' not found``) names the test's file and
            # the line of its ``def``; pytest prints that line 1-based.
            "fixture_file": str(report.longrepr.filename) if hasattr(report.longrepr, "filename") else None,
            "fixture_line": getattr(report.longrepr, "firstlineno", None),
            "fixture_error": getattr(report.longrepr, "errorstring", None),
        })
    with open(os.environ["PRX_TRUTH_OUT"], "w") as fh:
        json.dump(out, fh)
'''


def pytest_truth(case: Case, root: Path) -> dict[str, Any]:
    plugin_dir = root / ".truth"
    plugin_dir.mkdir()
    (plugin_dir / "prx_truth_plugin.py").write_text(PYTEST_PLUGIN)
    out = plugin_dir / "reports.json"
    junit = plugin_dir / "junit.xml"
    argv = [*case.argv, f"--junitxml={junit}"]
    run(argv, root, {"PYTEST_PLUGINS": "prx_truth_plugin", "PYTHONPATH": str(plugin_dir), "PRX_TRUTH_OUT": str(out)})
    if not junit.exists() or not out.exists():
        return {"source": "pytest wrote no junit report", "counts": None}
    reports = json.loads(out.read_text())
    counts = dict.fromkeys(("passed", "failed", "skipped", "errors", "xfailed", "xpassed"), 0)
    failures = []
    collection = []
    for rep in reports:
        category = {"error": "errors"}.get(rep["category"], rep["category"])
        if category in counts:
            counts[category] += 1
        if rep["category"] in ("failed", "error"):
            if rep["collect"]:
                collection.append(rep["nodeid"].split("::")[0])
                failures.append({"name": rep["nodeid"], "file": rep["nodeid"].split("::")[0]})
                continue
            entry: dict[str, Any] = {"name": rep["nodeid"]}
            if rep["crash_path"]:
                entry["file"] = rel(rep["crash_path"], root)
                entry["line"] = rep["crash_line"]
                entry["message"] = (rep["crash_message"] or "").splitlines()[0]
            elif rep.get("fixture_file"):
                entry["file"] = rel(str(rep["fixture_file"]), root)
                entry["line"] = rep["fixture_line"] + 1
                entry["message"] = (rep["fixture_error"] or "").strip().splitlines()[0]
            else:
                # No traceback (a strict xpass): the test's file, as its node id states it.
                entry["file"] = rep["nodeid"].split("::")[0]
                if rep["longrepr"]:
                    entry["message"] = rep["longrepr"].splitlines()[0]
            failures.append(entry)
    # Cross-check with the junit report's own counters.
    suite = ET.parse(junit).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    assert suite is not None
    junit_failed = int(suite.get("failures", 0))
    junit_errors = int(suite.get("errors", 0))
    assert junit_failed == counts["failed"], (case.name, junit_failed, counts)
    assert junit_errors == counts["errors"], (case.name, junit_errors, counts)
    assert int(suite.get("skipped", 0)) == counts["skipped"] + counts["xfailed"], case.name
    return {
        "source": "pytest --junitxml + pytest_report_teststatus of pytest's reports",
        "counts": counts,
        "failures": failures,
        "collection_errors": sorted(set(collection)),
    }


# --------------------------------------------------------------------------- unittest truth

UNITTEST_RUNNER = '''
import json, sys, traceback, unittest

class Recording(unittest.TextTestResult):
    records = []
    def _record(self, test, err):
        frame = traceback.extract_tb(err[2])[-1] if err[2] is not None else None
        text = traceback.format_exception_only(err[0], err[1])[-1].strip()
        self.records.append({"name": test.id(), "file": frame.filename if frame else None,
                             "line": frame.lineno if frame else None, "message": text})
    def addFailure(self, test, err):
        super().addFailure(test, err); self._record(test, err)
    def addError(self, test, err):
        super().addError(test, err); self._record(test, err)
    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._record(subtest, err)

runner = unittest.TextTestRunner(resultclass=Recording, verbosity=0)
program = unittest.main(module=None, argv=["python -m unittest", *sys.argv[2:]], exit=False, testRunner=runner)
result = program.result
json.dump({"ran": result.testsRun, "failures": len(result.failures), "errors": len(result.errors),
           "skipped": len(result.skipped), "xfailed": len(result.expectedFailures),
           "xpassed": len(result.unexpectedSuccesses), "records": Recording.records},
          open(sys.argv[1], "w"))
'''


def unittest_truth(case: Case, root: Path) -> dict[str, Any]:
    script = root / ".truth_unittest.py"
    script.write_text(UNITTEST_RUNNER)
    out = root / ".truth.json"
    args = case.argv[case.argv.index("unittest") + 1 :]
    run([sys.executable, str(script), str(out), *args], root)
    data = json.loads(out.read_text())
    passed = data["ran"] - data["failures"] - data["errors"] - data["skipped"] - data["xfailed"] - data["xpassed"]
    failures = []
    for r in data["records"]:
        if "_FailedTest" in r["name"]:
            # An import failure: unittest raises a new ImportError from its loader, so the
            # innermost frame of the result object is the loader's, not the test file's.
            failures.append({"name": r["name"]})
        else:
            failures.append({"name": r["name"], "file": rel(r["file"], root), "line": r["line"], "message": r["message"].splitlines()[0]})
    collection = [r["name"].rsplit(".", 1)[-1] for r in data["records"] if "_FailedTest" in r["name"]]
    return {
        "source": "unittest TestResult of the same suite",
        "counts": {
            "passed": passed if passed >= 0 else None,
            "failed": data["failures"],
            "errors": data["errors"],
            "skipped": data["skipped"],
            "xfailed": data["xfailed"],
            "xpassed": data["xpassed"],
        },
        "failures": failures,
        "collection_errors": collection,
    }


# --------------------------------------------------------------------------- linters


def severity_counts(diagnostics: list[dict[str, Any]]) -> dict[str, int]:
    """A build or lint tool's ``errors`` and ``warnings``: its report's items of each severity."""
    return {
        "errors": sum(1 for d in diagnostics if d["severity"] == "error"),
        "warnings": sum(1 for d in diagnostics if d["severity"] == "warning"),
    }


def ruff_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = []
    skip = False
    for arg in case.argv:
        if skip:
            skip = False
        elif arg == "--output-format":
            skip = True
        elif not arg.startswith("--output-format="):
            argv.append(arg)
    argv.insert(argv.index("check") + 1, "--output-format=json")
    items = json.loads(run(argv, root).stdout or "[]")
    diagnostics = [
        {"file": rel(i["filename"], root), "line": i["location"]["row"], "severity": "error", "code": i["code"]}
        for i in items
    ]
    return {"source": "ruff --output-format json", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}


def mypy_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = [a for a in case.argv if a != "--pretty"] + ["--output=json"]
    diagnostics = []
    for line in run(argv, root).stdout.splitlines():
        if not line.startswith("{"):
            continue
        item = json.loads(line)
        # mypy's text format prints error codes on errors and warnings only, and a hint
        # as a note line of its own.
        code = item["code"] if item["severity"] != "note" else None
        diagnostics.append({"file": item["file"], "line": item["line"], "severity": item["severity"], "code": code})
        # A hint of several lines is printed as that many note lines.
        for _ in (item.get("hint") or "").splitlines():
            diagnostics.append({"file": item["file"], "line": item["line"], "severity": "note", "code": None})
    return {"source": "mypy --output=json", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}


def gcc_json_diagnostics(stderr: str, root: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def add(item: dict[str, Any]) -> None:
        caret = (item.get("locations") or [{}])[0].get("caret", {})
        kind = item["kind"]
        severity = "error" if kind in ("error", "fatal error") else kind
        out.append({"file": rel(caret.get("file"), root), "line": caret.get("line"), "severity": severity, "code": item.get("option")})
        for child in item.get("children", []):
            add(child)

    for line in stderr.splitlines():
        if line.startswith("["):
            for item in json.loads(line):
                add(item)
    return out


def make_truth(case: Case, root: Path) -> dict[str, Any]:
    result = run([*case.argv, "CFLAGS=-Wall -Wextra -fdiagnostics-format=json"], root)
    diagnostics = gcc_json_diagnostics(result.stderr, root)
    return {"source": "gcc -fdiagnostics-format=json (same make run)", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}


def gcc_truth(case: Case, root: Path) -> dict[str, Any]:
    result = run([*case.argv, "-fdiagnostics-format=json"], root)
    diagnostics = gcc_json_diagnostics(result.stderr, root)
    return {"source": "gcc -fdiagnostics-format=json", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}


# --------------------------------------------------------------------------- node, cargo, git


def node_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = [a for a in case.argv if not a.startswith("--test-reporter")]
    argv.insert(argv.index("--test") + 1, "--test-reporter=junit")
    tree = ET.fromstring(run(argv, root).stdout)
    counts = dict.fromkeys(("passed", "failed", "skipped"), 0)
    failures: list[dict[str, Any]] = []

    def walk(node: ET.Element, path: list[str]) -> None:
        for child in node:
            if child.tag == "testsuite":
                walk(child, [*path, child.get("name", "")])
            elif child.tag == "testcase":
                name = " > ".join([*path, child.get("name", "")])
                failure = child.find("failure")
                if child.find("skipped") is not None:
                    counts["skipped"] += 1
                elif failure is not None:
                    counts["failed"] += 1
                    entry: dict[str, Any] = {"name": name}
                    file, line = js_frame(failure.text or "", root)
                    if file:
                        entry["file"], entry["line"] = file, line
                    failures.append(entry)
                else:
                    counts["passed"] += 1

    walk(tree, [])
    return {"source": "node --test-reporter=junit (the first project frame of each failure's stack)", "counts": counts, "failures": failures}


def cargo_truth(case: Case, root: Path) -> dict[str, Any]:
    env = {"RUSTC_BOOTSTRAP": "1"}
    build = run(["cargo", "test", "--no-run", "--message-format=json", "--offline"], root, env)
    diagnostics = []
    seen = set()  # cargo prints a message repeated for several targets once
    for line in build.stdout.splitlines():
        item = json.loads(line)
        if item.get("reason") != "compiler-message":
            continue
        message = item["message"]
        if message.get("rendered") in seen:
            continue
        seen.add(message.get("rendered"))
        spans = [s for s in message.get("spans", []) if s.get("is_primary")]
        if not spans or message["level"] not in ("error", "warning"):
            continue
        code = (message.get("code") or {}).get("code")
        span = project_span(spans[0])
        diagnostics.append({"file": span["file_name"], "line": span["line_start"], "severity": message["level"], "code": code})
    if build.returncode != 0:
        # The tests did not build: the compiler's errors and warnings are the counts.
        return {"source": "cargo --message-format=json", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}
    tests = run([*case.argv, "--", "-Z", "unstable-options", "--format", "json"], root, env)
    counts = dict.fromkeys(("passed", "failed", "skipped"), 0)
    failures = []
    for line in tests.stdout.splitlines():
        if not line.startswith("{"):
            continue
        event = json.loads(line)
        if event.get("type") != "test" or event.get("event") == "started":
            continue
        key = {"ok": "passed", "failed": "failed", "ignored": "skipped"}[event["event"]]
        counts[key] += 1
        if key == "failed":
            failures.append(cargo_failure(event))
    return {"source": "libtest --format json + cargo --message-format=json", "counts": counts, "failures": failures, "diagnostics": diagnostics}


def project_span(span: dict[str, Any]) -> dict[str, Any]:
    """A span inside a macro of the standard library (``/rustc/<hash>/library/...``) as
    rustc's text shows it: at the macro's call site in the project."""
    while os.path.isabs(span["file_name"]) and span.get("expansion"):
        span = span["expansion"]["span"]
    return span


_DOCTEST_NAME = re.compile(r"^(?P<file>\S+\.rs) - .+ \(line (?P<line>\d+)\)$")
_PANIC_AT = re.compile(r"(?:panicked at|did not panic as expected at) (?P<file>[^:\s]+\.rs):(?P<line>\d+):\d+")


def cargo_failure(event: dict[str, Any]) -> dict[str, Any]:
    """A failed test of libtest's JSON: a doc-test's place is in its name (``src/lib.rs -
    add (line 3)``), another test's is where its captured output says it panicked."""
    entry: dict[str, Any] = {"name": event["name"]}
    doctest = _DOCTEST_NAME.match(event["name"])
    place = doctest or _PANIC_AT.search(event.get("stdout") or "")
    if place:
        entry["file"], entry["line"] = place.group("file"), int(place.group("line"))
    return entry


def git_status_truth(case: Case, root: Path) -> dict[str, Any]:
    out = run(["git", "status", "--porcelain=v1", "--untracked-files=all"], root).stdout
    return {"source": "git status --porcelain=v1", "items": [x for x in out.splitlines() if x]}


def git_log_truth(case: Case, root: Path) -> dict[str, Any]:
    extra = [a for a in case.argv[2:] if a != "--oneline"]
    out = run(["git", "log", "--format=%H%x09%s", *extra], root).stdout
    items = [f"{h[:7]} {s}" for h, s in (x.split("\t", 1) for x in out.splitlines() if x)]
    return {"source": "git log --format=%H%x09%s", "items": items}


def git_diff_truth(case: Case, root: Path) -> dict[str, Any]:
    out = run(["git", "diff", "--numstat", *case.argv[2:]], root).stdout
    items = []
    for line in out.splitlines():
        added, deleted, path = line.split("\t", 2)
        items.append(f"{path} +{added} -{deleted}")
    return {"source": "git diff --numstat", "items": items}


# --------------------------------------------------------------------------- projects

PYTEST_FAILING: Files = {
    "tests/test_calc.py": """
        import pytest

        def add(a, b):
            return a + b

        def test_add():
            assert add(1, 2) == 3

        def test_dict_diff():
            assert {"a": 1, "b": [1, 2, 3]} == {"a": 1, "b": [1, 2, 4]}

        @pytest.mark.parametrize("x, y", [(1, 2), (2, 2), ("a - b", "a - b"), ("p", "q")])
        def test_param(x, y):
            assert x == y

        class TestGroup:
            def test_inside(self):
                assert add(2, 2) == 5

            def test_ok(self):
                assert True

        def helper():
            raise ValueError("bad value\\nsecond line")

        def test_deep():
            helper()
    """,
    "tests/test_other.py": """
        def test_one():
            assert [1, 2, 3] == [1, 2, 3]

        def test_list_diff():
            assert [1, 2, 3] == [1, 3, 3]
    """,
}

PYTEST_OUTCOMES: Files = {
    "tests/test_outcomes.py": """
        import sys
        import warnings
        import pytest

        def test_pass():
            pass

        @pytest.mark.skip(reason="not today")
        def test_skip():
            pass

        @pytest.mark.skipif(sys.version_info > (2,), reason="py3")
        def test_skipif():
            pass

        @pytest.mark.xfail(reason="known bug")
        def test_xfail():
            assert 0

        @pytest.mark.xfail(reason="maybe fixed")
        def test_xpass():
            pass

        @pytest.mark.xfail(strict=True, reason="must fail")
        def test_xpass_strict():
            pass

        def test_warns():
            warnings.warn("careful", UserWarning)
    """,
}

PYTEST_COLLECTION: Files = {
    "tests/test_good.py": "def test_fine():\n    pass\n",
    "tests/test_import.py": "import module_that_does_not_exist\n\ndef test_x():\n    pass\n",
    "tests/test_syntax.py": "def test_broken(:\n    pass\n",
}

PYTEST_FIXTURES: Files = {
    "tests/test_fixtures.py": """
        import pytest

        @pytest.fixture
        def broken():
            raise RuntimeError("fixture broke")

        @pytest.fixture
        def bad_teardown():
            yield 1
            raise OSError("teardown broke")

        def test_setup_error(broken):
            pass

        def test_teardown_error(bad_teardown):
            assert bad_teardown == 1

        def test_fine():
            pass
    """,
}


def pytest_large(failures: bool) -> Files:
    body = ["import pytest", ""]
    body.append("@pytest.mark.parametrize('n', range(250))")
    body.append("def test_many(n):")
    body.append("    assert n * 2 == n + n" + (" + (1 if n in (17, 201) else 0)" if failures else ""))
    body.append("")
    for i in range(50):
        body.append(f"def test_plain_{i}():\n    assert {i} == {i}\n")
    return {"tests/test_large.py": "\n".join(body) + "\n"}


UNITTEST_SUITE: Files = {
    "test_mod.py": """
        import unittest

        class Calc(unittest.TestCase):
            def test_ok(self):
                self.assertEqual(1 + 1, 2)

            def test_fail(self):
                self.assertEqual({"a": 1}, {"a": 2})

            def test_error(self):
                raise ValueError("boom")

            @unittest.skip("later")
            def test_skip(self):
                pass

            @unittest.expectedFailure
            def test_xfail(self):
                self.assertTrue(False)

            @unittest.expectedFailure
            def test_xpass(self):
                pass

            def test_sub(self):
                for i in range(3):
                    with self.subTest(i=i):
                        self.assertLess(i, 2)
    """,
}

UNITTEST_PASSING: Files = {
    "test_ok.py": """
        import unittest

        class Ok(unittest.TestCase):
            def test_a(self):
                self.assertTrue(True)

            def test_b(self):
                self.assertIn(1, [1, 2])

            @unittest.skip("not here")
            def test_c(self):
                pass
    """,
}

RUFF_CONFIG = '[lint]\nselect = ["E", "F", "I", "B", "UP"]\n'
RUFF_BAD: Files = {
    "ruff.toml": RUFF_CONFIG,
    "pkg/a.py": """
        import sys
        import os

        def f(x=[]):
            return undefined_name + x

        l = lambda: 1
    """,
    "pkg/b.py": "from typing import List\n\n\ndef g(items: List[int]) -> None:\n    print(items)\n",
}
RUFF_SYNTAX: Files = {"ruff.toml": RUFF_CONFIG, "bad.py": "def g(:\n  pass\n", "ok.py": "import os\n"}
RUFF_CLEAN: Files = {"ruff.toml": RUFF_CONFIG, "ok.py": "def f() -> int:\n    return 1\n"}

MYPY_BAD: Files = {
    "m.py": """
        from typing import List

        def f(x: int) -> str:
            return x

        y: List[int] = ["a"]
        reveal_type(y)
        import nonexistent_module_xyz

        def g(a, b):
            return a + b

        class C:
            def m(self) -> None:
                self.missing()
    """,
    "ok.py": "x: int = 1\n",
}
MYPY_PKG: Files = {
    "pkg/__init__.py": "",
    "pkg/core.py": """
        def compute(values):
            return sum(values)

        def typed(x: int) -> int:
            return x + "1"
    """,
    "pkg/util.py": """
        from pkg.core import compute

        def use() -> str:
            return compute([1, 2])
    """,
}

C_OK: Files = {"main.c": "#include <stdio.h>\n\nint main(void) {\n    printf(\"hi\\n\");\n    return 0;\n}\n"}
C_WARN: Files = {
    "main.c": """
        #include <stdio.h>

        static int helper(int a) {
            int unused = 3;
            return a;
        }

        int main(int argc, char **argv) {
            printf("%d\\n", helper(1));
            return 0;
        }
    """,
}
C_ERRORS: Files = {
    "util.c": """
        int twice(int x) {
            int spare;
            return x * 2
        }
    """,
    "main.c": """
        #include <stdio.h>

        int main(void) {
            char *s = 42;
            printf("%d\\n", undeclared_thing);
            return 0;
        }
    """,
}
MAKEFILE = """
CFLAGS ?= -Wall -Wextra
OBJS = main.o{extra}

app: $(OBJS)
\t$(CC) $(CFLAGS) -o app $(OBJS)

%.o: %.c
\t$(CC) $(CFLAGS) -c $< -o $@

clean:
\trm -f app *.o
"""


def make_files(sources: Files, extra: str = "") -> Files:
    return {**sources, "Makefile": MAKEFILE.format(extra=extra)}


NODE_FAILING: Files = {
    "test/math.test.js": """
        const test = require('node:test');
        const assert = require('node:assert');

        test('adds', () => { assert.strictEqual(1 + 1, 2); });
        test('fails', () => { assert.strictEqual(1 + 1, 3); });
        test('skipped one', { skip: 'later' }, () => {});
        test('todo one', { todo: true }, () => {});
        test.describe('suite', () => {
          test.it('inner ok', () => {});
          test.it('inner bad', () => { assert.deepStrictEqual({ a: 1 }, { a: 2 }); });
          test.describe('nested', () => {
            test.it('deep bad', () => { throw new Error('deep failure'); });
          });
        });
    """,
    "test/other.test.js": """
        const test = require('node:test');
        test('other ok', () => {});
    """,
}
NODE_PASSING: Files = {
    "test/ok.test.js": """
        const test = require('node:test');
        const assert = require('node:assert');
        test('one', () => assert.ok(true));
        test('two', () => assert.equal(2, 2));
    """,
}
NODE_BROKEN: Files = {
    "test/broken.test.js": "const x = ;\n",
    "test/ok.test.js": "const test = require('node:test');\ntest('fine', () => {});\n",
}

CARGO_TOML = '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n'
CARGO_FAILING: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        /// Adds.
        ///
        /// ```
        /// assert_eq!(calc::add(1, 2), 3);
        /// ```
        pub fn add(a: i32, b: i32) -> i32 {
            a + b
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            #[test]
            fn it_adds() {
                assert_eq!(add(2, 2), 4);
            }

            #[test]
            fn it_fails() {
                assert_eq!(add(2, 2), 5);
            }

            #[test]
            fn it_panics() {
                panic!("boom");
            }

            #[test]
            #[ignore]
            fn it_is_ignored() {}
        }
    """,
    "tests/integration.rs": """
        #[test]
        fn integration_ok() {
            assert_eq!(calc::add(1, 1), 2);
        }
    """,
}
CARGO_PASSING: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": "pub fn one() -> i32 {\n    1\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn works() {\n        assert_eq!(super::one(), 1);\n    }\n}\n",
}
CARGO_BROKEN: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": "pub fn one() -> i32 {\n    let unused = 3;\n    \"one\"\n}\n",
}


# --------------------------------------------------------------------------- go

GO_ENV = {"GOFLAGS": "-mod=mod", "GOPROXY": "off", "GOTOOLCHAIN": "local", "GOWORK": "off", "CGO_ENABLED": "0"}
GO_MODULE = "example.com/m"
GO_MOD = f"module {GO_MODULE}\n\ngo 1.19\n"
# Type-checks package directories with go/types (the checker the Go compiler shares) and
# prints each error as JSON: the truth of a build failure, since go 1.19 has no build -json.
GO_TYPECHECK = '''
package main

import (
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	withTests := os.Args[1] == "tests"
	var out []map[string]any
	for _, dir := range os.Args[2:] {
		fset := token.NewFileSet()
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		var files []*ast.File
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") && !withTests {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil || strings.HasSuffix(f.Name.Name, "_test") {
				continue
			}
			files = append(files, f)
		}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(err error) {
			e := err.(types.Error)
			p := fset.Position(e.Pos)
			out = append(out, map[string]any{"file": p.Filename, "line": p.Line, "msg": e.Msg})
		}}
		conf.Check(dir, fset, files, nil)
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
'''


def go_typecheck(root: Path, dirs: list[str], tests: bool) -> list[dict[str, Any]]:
    tool = root / ".truth"
    tool.mkdir(exist_ok=True)
    (tool / "go.mod").write_text("module truth\n\ngo 1.19\n")
    (tool / "main.go").write_text(GO_TYPECHECK)
    result = run(["go", "run", ".", "tests" if tests else "build", *[str(root / d) for d in dirs]], tool, GO_ENV)
    found = json.loads(result.stdout or "null") or []
    return [{"file": rel(d["file"], root), "line": d["line"], "severity": "error", "code": None} for d in found]


def go_packages(case: Case) -> list[str]:
    return [a for a in case.argv[2:] if not a.startswith("-")]


def go_dirs(root: Path) -> list[str]:
    return sorted({str(p.parent.relative_to(root)) for p in root.glob("**/*.go") if ".truth" not in p.parts and ".home" not in p.parts})


def go_test_truth(case: Case, root: Path) -> dict[str, Any]:
    """``go test -json``: one event per test and subtest; build failures are its plain lines."""
    verbose = "-v" in case.argv or "-json" in case.argv
    flags = [a for a in case.argv[2:] if a.startswith("-") and a not in ("-v", "-json")]
    result = run(["go", "test", "-json", *flags, *go_packages(case)], root, GO_ENV)
    counts = dict.fromkeys(("passed", "failed", "skipped"), 0)
    failures = []
    collection = []
    packages_done = 0
    for line in result.stdout.splitlines():
        if not line.startswith("{"):
            built = re.match(r"^FAIL\s+(\S+) \[build failed\]$", line)
            if built:
                collection.append(built.group(1))
            continue
        event = json.loads(line)
        action, test = event.get("Action"), event.get("Test")
        if not test:
            packages_done += action in ("pass", "fail", "skip")
            continue
        key = {"pass": "passed", "fail": "failed", "skip": "skipped"}.get(action)
        if key:
            counts[key] += 1
            if key == "failed":
                failures.append({"name": f"{event['Package']} {test}"})
    truth: dict[str, Any] = {"source": "go test -json (Test events; build failures are its plain FAIL lines)"}
    if not packages_done and not collection:
        truth["counts"] = None
    else:
        truth["counts"] = counts if verbose else {"failed": counts["failed"]}
    truth["failures"] = failures
    if collection:
        truth["collection_errors"] = collection
        truth["diagnostics"] = go_typecheck(root, go_dirs(root), tests=True)
        truth["source"] += " + go/types for the compile errors"
        # A package that does not build failed: at its first compile error (the compiler
        # prints them in file and line order).
        for pkg in collection:
            folder = pkg.removeprefix(GO_MODULE + "/") + "/"
            mine = sorted((d["file"], d["line"]) for d in truth["diagnostics"] if d["file"].startswith(folder))
            entry: dict[str, Any] = {"name": f"{pkg} [build failed]"}
            if mine:
                entry["file"], entry["line"] = mine[0]
            failures.append(entry)
    if "-cover" in case.argv:
        profile = root / ".truth-cover.out"
        run(["go", "test", f"-coverprofile={profile}", *go_packages(case)], root, GO_ENV)
        per_pkg: dict[str, list[int]] = {}
        for line in profile.read_text().splitlines()[1:]:
            where, statements, count = line.rsplit(" ", 2)
            pkg = where.split(":")[0].rsplit("/", 1)[0]
            total = per_pkg.setdefault(pkg, [0, 0])
            total[0] += int(statements)
            total[1] += int(statements) if int(count) > 0 else 0
        truth["items"] = [f"{pkg} coverage: {100 * c / t:.1f}% of statements" for pkg, (t, c) in sorted(per_pkg.items())]
        truth["source"] += " + -coverprofile (statements covered / statements, per package)"
    return truth


def go_build_truth(case: Case, root: Path) -> dict[str, Any]:
    if case.argv[1] == "vet":
        result = run(["go", "vet", "-json", *go_packages(case)], root, GO_ENV)
        text = "".join(x for x in result.stderr.splitlines(keepends=True) if not x.startswith("#"))
        diagnostics = []
        decoder, objects, at = json.JSONDecoder(), [], 0
        while text[at:].strip():
            at += len(text[at:]) - len(text[at:].lstrip())
            item, at = decoder.raw_decode(text, at)
            objects.append(item)
        for by_analyzer in (v for obj in objects for v in obj.values()):
            for findings in by_analyzer.values():
                for item in findings:
                    file, line, _ = item["posn"].rsplit(":", 2)
                    diagnostics.append({"file": rel(file, root), "line": int(line), "severity": "error", "code": None})
        source = "go vet -json (the analyzer name is not in vet's text output, so code is null)"
        return {"source": source, "counts": severity_counts(diagnostics), "diagnostics": diagnostics}
    diagnostics = go_typecheck(root, go_dirs(root), tests=False)
    return {"source": "go/types over the packages' files", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}


GO_CALC: Files = {
    "go.mod": GO_MOD,
    "calc/calc.go": """
        package calc

        // Add is wrong for a == 2, on purpose.
        func Add(a, b int) int { return a + b + boolInt(a == 2) }

        func boolInt(b bool) int {
        \tif b {
        \t\treturn 1
        \t}
        \treturn 0
        }

        func Unused(x int) int {
        \tif x > 0 {
        \t\treturn x
        \t}
        \treturn -x
        }
    """,
    "calc/calc_test.go": """
        package calc

        import "testing"

        func TestAdd(t *testing.T) {
        \tif got := Add(1, 2); got != 3 {
        \t\tt.Errorf("Add(1, 2) = %d, want 3", got)
        \t}
        }

        func TestAddTable(t *testing.T) {
        \tcases := []struct {
        \t\tname       string
        \t\ta, b, want int
        \t}{{"one", 1, 1, 2}, {"two", 2, 2, 4}, {"three", 3, 3, 6}}
        \tfor _, c := range cases {
        \t\tt.Run(c.name, func(t *testing.T) {
        \t\t\tif got := Add(c.a, c.b); got != c.want {
        \t\t\t\tt.Fatalf("Add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
        \t\t\t}
        \t\t})
        \t}
        }

        func TestSkipped(t *testing.T) {
        \tt.Skip("not ready")
        }
    """,
    "util/util.go": "package util\n\nfunc Double(x int) int { return 2 * x }\n",
    "util/util_test.go": """
        package util

        import "testing"

        func TestDouble(t *testing.T) {
        \tif Double(2) != 4 {
        \t\tt.Fatal("bad")
        \t}
        }

        func TestPanics(t *testing.T) {
        \tvar m map[string]int
        \tm["x"] = 1
        }
    """,
    "empty/empty.go": "package empty\n\nconst X = 1\n",
}
GO_PASSING: Files = {
    "go.mod": GO_MOD,
    "util/util.go": "package util\n\nfunc Double(x int) int { return 2 * x }\n\nfunc Half(x int) int { return x / 2 }\n",
    "util/util_test.go": "package util\n\nimport \"testing\"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(2) != 4 {\n\t\tt.Fatal(\"bad\")\n\t}\n}\n\nfunc TestSkip(t *testing.T) { t.Skip(\"later\") }\n",
    "str/str.go": "package str\n\nfunc Rev(s string) string {\n\tr := []rune(s)\n\tfor i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {\n\t\tr[i], r[j] = r[j], r[i]\n\t}\n\treturn string(r)\n}\n",
    "str/str_test.go": "package str\n\nimport \"testing\"\n\nfunc TestRev(t *testing.T) {\n\tfor _, c := range []string{\"ab\", \"abc\"} {\n\t\tt.Run(c, func(t *testing.T) {\n\t\t\tif Rev(Rev(c)) != c {\n\t\t\t\tt.Error(c)\n\t\t\t}\n\t\t})\n\t}\n}\n",
    "empty/empty.go": "package empty\n\nconst X = 1\n",
}
GO_BROKEN: Files = {
    "go.mod": GO_MOD,
    "util/util.go": "package util\n\nfunc Double(x int) int { return 2 * x }\n",
    "util/util_test.go": "package util\n\nimport \"testing\"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(2) != 4 {\n\t\tt.Fatal(\"bad\")\n\t}\n}\n",
    "broken/broken.go": "package broken\n\nimport \"strings\"\n\nfunc F() int {\n\treturn \"x\"\n}\n\nfunc G() string {\n\treturn undefinedName\n}\n",
    "broken/broken_test.go": "package broken\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { _ = F() }\n",
}
GO_VET: Files = {
    "go.mod": GO_MOD,
    "vetme/vetme.go": "package vetme\n\nimport \"fmt\"\n\nfunc G(s string, n int) {\n\tfmt.Printf(\"%d\\n\", s)\n\tfmt.Println(\"n is %d\", n)\n}\n",
    "ok/ok.go": "package ok\n\nconst Y = 2\n",
}


def git_repo(root: Path) -> None:
    git(root, "init", "-q", "-b", "main")
    write(root, {"README.md": "# demo\n", "src/app.py": "print('v1')\n", "src/old.py": "x = 1\n", "docs/guide.md": "guide\n"})
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "Initial commit")
    write(root, {"src/app.py": "print('v2')\n"})
    git(root, "commit", "-q", "-am", "Update the app")
    write(root, {"docs/guide.md": "guide\nmore\n"})
    git(root, "commit", "-q", "-am", "Document more\n\nA body that spans\nseveral lines.")


def git_dirty(root: Path) -> None:
    git_repo(root)
    write(root, {"src/new.py": "new = True\n", "README.md": "# demo\nchanged\n", "notes.txt": "untracked\n", "src/app.py": "print('v3')\n"})
    git(root, "add", "src/new.py", "src/app.py")
    write(root, {"src/app.py": "print('v4')\n"})
    git(root, "rm", "-q", "--cached", "src/old.py")
    (root / "docs" / "guide.md").unlink()


def git_large_diff(root: Path) -> None:
    git_repo(root)
    write(root, {"src/app.py": "".join(f"print({i})\n" for i in range(150)), "README.md": "# demo\n\nNew intro.\n"})
    (root / "data.bin").write_bytes(b"\x00\x01\x02")
    git(root, "add", "data.bin")
    git(root, "commit", "-q", "-m", "binary")
    (root / "data.bin").write_bytes(b"\x00\x01\x03\x04")


def git_small_diff(root: Path) -> None:
    git_repo(root)
    write(root, {"src/app.py": "print('v3')\nprint('extra')\n"})


def make_built(root: Path) -> None:
    run(["make"], root)


PY = sys.executable

CASES: list[Case] = [
    # pytest
    Case("pytest", "pass_default", ["pytest", "-p", "no:cacheprovider"], {"tests/test_ok.py": "def test_a():\n    pass\n\ndef test_b():\n    assert 1 + 1 == 2\n"}, truth=pytest_truth),
    Case("pytest", "fail_default", ["pytest", "-p", "no:cacheprovider"], PYTEST_FAILING, truth=pytest_truth),
    Case("pytest", "fail_quiet", ["pytest", "-q", "-p", "no:cacheprovider"], PYTEST_FAILING, truth=pytest_truth),
    Case("pytest", "fail_verbose", [PY, "-m", "pytest", "-v", "-p", "no:cacheprovider"], PYTEST_FAILING, truth=pytest_truth),
    Case("pytest", "fail_tb_native", ["pytest", "--tb=native", "-p", "no:cacheprovider"], PYTEST_FAILING, truth=pytest_truth),
    Case("pytest", "fail_exitfirst", ["pytest", "-x", "-p", "no:cacheprovider"], PYTEST_FAILING, truth=pytest_truth),
    Case("pytest", "outcomes_default", ["pytest", "-p", "no:cacheprovider"], PYTEST_OUTCOMES, truth=pytest_truth),
    Case("pytest", "outcomes_report_all", ["pytest", "-rA", "-p", "no:cacheprovider"], PYTEST_OUTCOMES, truth=pytest_truth),
    Case("pytest", "outcomes_quiet", ["pytest", "-q", "-p", "no:cacheprovider"], PYTEST_OUTCOMES, truth=pytest_truth),
    Case("pytest", "collection_error", ["pytest", "-p", "no:cacheprovider"], PYTEST_COLLECTION, truth=pytest_truth),
    Case("pytest", "collection_error_quiet", ["pytest", "-q", "-p", "no:cacheprovider"], PYTEST_COLLECTION, truth=pytest_truth),
    Case("pytest", "fixture_errors", ["pytest", "-p", "no:cacheprovider"], PYTEST_FIXTURES, truth=pytest_truth),
    Case("pytest", "no_tests", ["pytest", "-p", "no:cacheprovider"], {"tests/helper.py": "X = 1\n"}, truth=pytest_truth),
    Case("pytest", "usage_error", ["pytest", "--no-such-flag", "-p", "no:cacheprovider"], {"tests/test_ok.py": "def test_a():\n    pass\n"}, truth=pytest_truth),
    Case("pytest", "large_300_two_failures_quiet", ["pytest", "-q", "-p", "no:cacheprovider"], pytest_large(True), truth=pytest_truth),
    Case("pytest", "large_300_pass", ["pytest", "-p", "no:cacheprovider"], pytest_large(False), truth=pytest_truth),
    Case("pytest", "large_300_verbose", ["pytest", "-v", "-p", "no:cacheprovider"], pytest_large(True), truth=pytest_truth),
    # unittest
    Case("unittest", "pass", [PY, "-m", "unittest"], UNITTEST_PASSING, truth=unittest_truth),
    Case("unittest", "mixed_quiet", [PY, "-m", "unittest"], UNITTEST_SUITE, truth=unittest_truth),
    Case("unittest", "mixed_verbose", [PY, "-m", "unittest", "-v"], UNITTEST_SUITE, truth=unittest_truth),
    Case("unittest", "import_error", [PY, "-m", "unittest", "-v"], {**UNITTEST_PASSING, "test_broken.py": "import nope_module_xyz\n"}, truth=unittest_truth),
    # ruff
    Case("ruff", "clean", ["ruff", "check", "."], RUFF_CLEAN, truth=ruff_truth),
    Case("ruff", "violations_full", ["ruff", "check", "."], RUFF_BAD, truth=ruff_truth),
    Case("ruff", "violations_concise", ["ruff", "check", "--output-format", "concise", "."], RUFF_BAD, truth=ruff_truth),
    Case("ruff", "violations_json", ["ruff", "check", "--output-format=json", "."], RUFF_BAD, truth=ruff_truth),
    Case("ruff", "syntax_error", ["ruff", "check", "."], RUFF_SYNTAX, truth=ruff_truth),
    # mypy
    Case("mypy", "clean", ["mypy", "ok.py"], MYPY_BAD, truth=mypy_truth),
    Case("mypy", "errors", ["mypy", "m.py"], MYPY_BAD, truth=mypy_truth),
    Case("mypy", "columns", ["mypy", "--show-column-numbers", "m.py"], MYPY_BAD, truth=mypy_truth),
    Case("mypy", "pretty", ["mypy", "--pretty", "m.py"], MYPY_BAD, truth=mypy_truth),
    Case("mypy", "strict_package", [PY, "-m", "mypy", "--strict", "pkg"], MYPY_PKG, truth=mypy_truth),
    # make + gcc
    Case("make", "build_ok", ["make"], make_files(C_OK), truth=make_truth),
    Case("make", "warnings", ["make"], make_files(C_WARN), truth=make_truth),
    Case("make", "errors", ["make", "-k"], make_files(C_ERRORS, " util.o"), truth=make_truth),
    Case("make", "up_to_date", ["make"], make_files(C_OK), setup=make_built, truth=make_truth),
    Case("cc", "gcc_direct_errors", ["gcc", "-Wall", "-c", "main.c"], C_ERRORS, truth=gcc_truth),
    Case("cc", "gcc_direct_warnings", ["gcc", "-Wall", "-Wextra", "-c", "main.c"], C_WARN, truth=gcc_truth),
    # node --test
    Case("node-test", "pass", ["node", "--test"], NODE_PASSING, truth=node_truth),
    Case("node-test", "fail_tap", ["node", "--test"], NODE_FAILING, truth=node_truth),
    Case("node-test", "fail_spec", ["node", "--test", "--test-reporter=spec"], NODE_FAILING, truth=node_truth),
    Case("node-test", "syntax_error", ["node", "--test"], NODE_BROKEN, truth=node_truth),
    # cargo test
    Case("cargo-test", "pass", ["cargo", "test", "--offline"], CARGO_PASSING, truth=cargo_truth),
    Case("cargo-test", "failures_and_doctest", ["cargo", "test", "--offline", "--no-fail-fast"], CARGO_FAILING, truth=cargo_truth),
    Case("cargo-test", "compile_error", ["cargo", "test", "--offline"], CARGO_BROKEN, truth=cargo_truth),
    # go test, go build, go vet
    Case("go-test", "pass", ["go", "test", "./..."], GO_PASSING, truth=go_test_truth, env=GO_ENV),
    Case("go-test", "pass_verbose", ["go", "test", "-v", "./..."], GO_PASSING, truth=go_test_truth, env=GO_ENV),
    Case("go-test", "fail_subtests_panic", ["go", "test", "./..."], GO_CALC, truth=go_test_truth, env=GO_ENV),
    Case("go-test", "fail_verbose", ["go", "test", "-v", "./..."], GO_CALC, truth=go_test_truth, env=GO_ENV),
    Case("go-test", "fail_json", ["go", "test", "-json", "./..."], GO_CALC, truth=go_test_truth, env=GO_ENV),
    Case("go-test", "cover", ["go", "test", "-cover", "./..."], GO_PASSING, truth=go_test_truth, env=GO_ENV),
    Case("go-test", "cover_failing", ["go", "test", "-cover", "./calc"], GO_CALC, truth=go_test_truth, env=GO_ENV),
    Case("go-test", "build_failed", ["go", "test", "./..."], GO_BROKEN, truth=go_test_truth, env=GO_ENV),
    Case("go-build", "build_errors", ["go", "build", "./..."], GO_BROKEN, truth=go_build_truth, env=GO_ENV),
    Case("go-build", "vet", ["go", "vet", "./..."], GO_VET, truth=go_build_truth, env=GO_ENV),
    # git
    Case("git-status", "clean", ["git", "status"], setup=git_repo, truth=git_status_truth, folder="git"),
    Case("git-status", "dirty", ["git", "status"], setup=git_dirty, truth=git_status_truth, folder="git"),
    Case("git-status", "short", ["git", "status", "-s"], setup=git_dirty, truth=git_status_truth, folder="git"),
    Case("git-log", "log_default", ["git", "log"], setup=git_repo, truth=git_log_truth, folder="git"),
    Case("git-log", "log_oneline", ["git", "log", "--oneline"], setup=git_repo, truth=git_log_truth, folder="git"),
    Case("git-diff", "diff_small", ["git", "diff"], setup=git_small_diff, truth=git_diff_truth, folder="git"),
    Case("git-diff", "diff_large", ["git", "diff"], setup=git_large_diff, truth=git_diff_truth, folder="git"),
]

# --------------------------------------------------------------------------- JS tools, tsc, eslint, pyright
#
# These tools come from npm. Install them once into a scratch directory
# (``npm install --no-audit --no-fund jest vitest@3 mocha typescript eslint pyright``) and
# point PRX_GOLDEN_NODE_MODULES at its node_modules (default /tmp/prxtools/node_modules);
# each project gets a ``node_modules`` symlink to it.

JS_NODE_MODULES = Path(os.environ.get("PRX_GOLDEN_NODE_MODULES", "/tmp/prxtools/node_modules"))
# The tools' own frames in a stack trace (``<NODE_MODULES>/mocha/lib/...``).
MACHINE_PATHS[os.path.realpath(JS_NODE_MODULES)] = "<NODE_MODULES>"
MACHINE_PATHS[str(JS_NODE_MODULES)] = "<NODE_MODULES>"
#: Parser name -> the binary under node_modules/.bin its cases need.
JS_BINARIES = {"jest": "jest", "vitest": "vitest", "mocha": "mocha", "tsc": "tsc", "eslint": "eslint", "pyright": "pyright"}


def link_node_modules(root: Path) -> None:
    (root / "node_modules").symlink_to(JS_NODE_MODULES)


# Absolute paths; mocha's stack filter already made them relative to the project.
_JS_FRAME = re.compile(r"(?:^|[\s(])(?P<file>(?:/|[A-Za-z]:[\\/]|[\w.])[^():\s]*):(?P<line>\d+):(?P<col>\d+)\)?\s*$")


def js_frame(stack: str, root: Path) -> tuple[str | None, int | None]:
    """The first stack frame in the project (not node_modules, not node internals)."""
    for line in stack.splitlines():
        match = _JS_FRAME.search(line.strip())
        if not match or not line.strip().startswith(("at ", "❯")):
            continue
        path = rel(match.group("file"), root)
        if path and not os.path.isabs(path) and "node_modules" not in path:
            return path, int(match.group("line"))
    return None, None


def own_js_frame(stack: str, root: Path, test_file: str | None) -> tuple[str | None, int | None]:
    """The failing test's own frame: the first stack frame in the file it is declared in
    (not a helper's or a library's it called), else the first frame in the project."""
    for line in stack.splitlines():
        match = _JS_FRAME.search(line.strip())
        if match and line.strip().startswith(("at ", "❯")) and rel(match.group("file"), root) == test_file:
            return test_file, int(match.group("line"))
    return js_frame(stack, root)


def jest_like_truth(report: dict[str, Any], root: Path, source: str) -> dict[str, Any]:
    counts = {
        "passed": report["numPassedTests"],
        "failed": report["numFailedTests"],
        "skipped": report["numPendingTests"] + report.get("numTodoTests", 0),
        "errors": report.get("numRuntimeErrorTestSuites", 0),
    }
    failures: list[dict[str, Any]] = []
    collection: list[str] = []
    for suite in report["testResults"]:
        path = rel(suite["name"], root)
        if suite["status"] == "failed" and not suite["assertionResults"]:
            collection.append(path)
            failures.append({"name": path, "file": path})
            continue
        for test in suite["assertionResults"]:
            if test["status"] != "failed":
                continue
            entry: dict[str, Any] = {"name": " > ".join([*test["ancestorTitles"], test["title"]])}
            stack = "\n".join(test["failureMessages"])
            file, line = own_js_frame(stack, root, path)
            if file:
                entry["file"], entry["line"] = file, line
            failures.append(entry)
    return {"source": source, "counts": counts, "failures": failures, "collection_errors": collection}


def _without(argv: list[str], *prefixes: str) -> list[str]:
    return [a for a in argv if not a.startswith(prefixes)]


def jest_truth(case: Case, root: Path) -> dict[str, Any]:
    out = root / ".truth.json"
    run([*_without(case.argv, "--json", "--outputFile"), "--json", f"--outputFile={out}"], root, case.env)
    return jest_like_truth(json.loads(out.read_text()), root, "jest --json")


def vitest_truth(case: Case, root: Path) -> dict[str, Any]:
    out = root / ".truth.json"
    run([*_without(case.argv, "--reporter", "--outputFile"), "--reporter=json", f"--outputFile={out}"], root, case.env)
    report = json.loads(out.read_text())
    truth = jest_like_truth(report, root, "vitest --reporter=json")
    # vitest's JSON report has no runtime-error counter: a file that failed to load is
    # a failed suite without tests.
    truth["counts"]["errors"] = len(truth["collection_errors"])
    return truth


MOCHA_TRUTH_REPORTER = """
'use strict';
const fs = require('fs');
const Mocha = require('mocha');
const { EVENT_TEST_FAIL } = Mocha.Runner.constants;
// mocha's own JSON reporter (counts on stdout), plus each failure's title path.
class TruthReporter extends Mocha.reporters.JSON {
  constructor(runner, options) {
    super(runner, options);
    const failed = [];
    runner.on(EVENT_TEST_FAIL, (test, err) => failed.push({ path: test.titlePath(), stack: String(err && err.stack) }));
    runner.once('end', () => fs.writeFileSync(process.env.PRX_TRUTH_OUT, JSON.stringify(failed)));
  }
}
module.exports = TruthReporter;
"""


def mocha_truth(case: Case, root: Path) -> dict[str, Any]:
    reporter = root / ".truth_reporter.js"
    reporter.write_text(MOCHA_TRUTH_REPORTER)
    out = root / ".truth.json"
    argv = []
    skip = False
    for arg in case.argv:
        if skip:
            skip = False
        elif arg in ("--reporter", "-R"):
            skip = True
        elif not arg.startswith("--reporter="):
            argv.append(arg)
    result = run([*argv, "--reporter", str(reporter)], root, {**case.env, "PRX_TRUTH_OUT": str(out)})
    text = result.stdout
    if "{" not in text or not out.exists():
        return {"source": "mocha --reporter json wrote no report (mocha stopped before running)", "counts": None, "failures": []}
    report = json.loads(text[text.index("{") :])
    stats = report["stats"]
    failures = []
    for item in json.loads(out.read_text()):
        entry: dict[str, Any] = {"name": " > ".join(item["path"])}
        file, line = js_frame(item["stack"], root)
        if file:
            entry["file"], entry["line"] = file, line
        failures.append(entry)
    assert len(report["failures"]) == len(failures) == stats["failures"], case.name
    return {
        "source": "mocha --reporter json (a subclass that also records each failure's titlePath())",
        "counts": {"passed": stats["passes"], "failed": stats["failures"], "skipped": stats["pending"]},
        "failures": failures,
    }


#: tsc's ``--pretty false`` line, read strictly: anything else starting like a diagnostic fails.
_TSC_STRICT = re.compile(
    r"^(?P<file>[^\s(][^(]*)\((?P<line>\d+),(?P<col>\d+)\): (?P<sev>error|warning|message) TS(?P<code>\d+): .+$"
)
_TSC_GLOBAL = re.compile(r"^(?P<sev>error|warning|message) TS(?P<code>\d+): .+$")


def tsc_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = [a for a in case.argv if a not in ("--pretty", "--pretty=true")]
    result = run([*argv, "--pretty", "false"], root, case.env)
    diagnostics = []
    for line in (result.stdout + result.stderr).splitlines():
        if line.startswith((" ", "npm ")) or not line.strip():
            continue  # continuation of a message chain; npx's own notices
        match = _TSC_STRICT.match(line)
        if match:
            sev = {"message": "note"}.get(match.group("sev"), match.group("sev"))
            diagnostics.append({"file": rel(match.group("file"), root), "line": int(match.group("line")), "severity": sev, "code": "TS" + match.group("code")})
            continue
        match = _TSC_GLOBAL.match(line)
        assert match, f"tsc --pretty false printed an unknown line: {line!r}"
        sev = {"message": "note"}.get(match.group("sev"), match.group("sev"))
        diagnostics.append({"file": "", "line": None, "severity": sev, "code": "TS" + match.group("code")})
    # A clean tsc prints nothing and exits 0: no error, no warning.
    return {"source": "tsc --pretty false, read by a strict reference regex", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}


def eslint_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = []
    skip = False
    for arg in case.argv:
        if skip:
            skip = False
        elif arg in ("-f", "--format"):
            skip = True
        elif not arg.startswith("--format="):
            argv.append(arg)
    result = run([*argv, "-f", "json"], root, case.env)
    diagnostics = []
    errors = 0
    for item in json.loads(result.stdout):
        errors += item["errorCount"]
        for message in item["messages"]:
            diagnostics.append({
                "file": rel(item["filePath"], root),
                "line": message.get("line"),
                "severity": "error" if message["severity"] == 2 else "warning",
                "code": message.get("ruleId"),
            })
    # Without problems eslint's text formats print nothing and exit 0: no error, no warning.
    counts = severity_counts(diagnostics)
    assert counts["errors"] == errors
    return {"source": "eslint -f json", "counts": counts, "diagnostics": diagnostics}


def pyright_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = [a for a in case.argv if a != "--outputjson"]
    result = run([*argv, "--outputjson"], root, case.env)
    report = json.loads(result.stdout)
    diagnostics = [
        {
            "file": rel(d["file"], root) if "file" in d else None,
            "line": d["range"]["start"]["line"] + 1 if "range" in d else None,
            "severity": {"information": "note"}.get(d["severity"], d["severity"]),
            "code": d.get("rule"),
        }
        for d in report["generalDiagnostics"]
    ]
    return {"source": "pyright --outputjson", "counts": {"errors": report["summary"]["errorCount"]}, "diagnostics": diagnostics}


JEST_FAILING: Files = {
    "package.json": '{"name": "demo", "private": true}\n',
    "test/math.test.js": """
        describe('math', () => {
          test('adds', () => { expect(1 + 1).toBe(2); });
          test('fails', () => { expect(1 + 1).toBe(3); });
          test.skip('skipped one', () => {});
          test.todo('todo one');
          describe('nested', () => {
            it('deep bad', () => {
              expect({ a: 1, b: [1, 2] }).toEqual({ a: 1, b: [1, 3] });
            });
          });
        });
        test('top throws', () => { throw new Error('top failure'); });
        test('text diff', () => { expect('hello world').toBe('hello there'); });
    """,
    "test/ok.test.js": """
        const { twice } = require('../src/twice');
        test('fine', () => { expect(twice(2)).toBe(4); });
        test('helper fails', () => { expect(twice(-1)).toBe(-2); });
    """,
    "src/twice.js": """
        function twice(x) {
          if (x < 0) throw new RangeError('negative: ' + x);
          return x * 2;
        }
        module.exports = { twice };
    """,
}
JEST_PASSING: Files = {
    "package.json": '{"name": "demo", "private": true}\n',
    "test/a.test.js": "test('one', () => { expect(1).toBe(1); });\ntest('two', () => { expect([1]).toEqual([1]); });\n",
    "test/b.test.js": "describe('b', () => { it('three', () => { expect(true).toBeTruthy(); }); it.skip('later', () => {}); });\n",
}
JEST_BROKEN: Files = {
    "package.json": '{"name": "demo", "private": true}\n',
    "test/broken.test.js": "const x = ;\n",
    "test/missing.test.js": "const m = require('./no-such-module');\ntest('never', () => {});\n",
    "test/ok.test.js": "test('fine', () => { expect(1).toBe(1); });\n",
}

VITEST_FAILING: Files = {
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "test/math.test.js": """
        import { describe, expect, it, test } from 'vitest';

        describe('math', () => {
          test('adds', () => { expect(1 + 1).toBe(2); });
          test('fails', () => { expect(1 + 1).toBe(3); });
          test.skip('skipped one', () => {});
          test.todo('todo one');
          describe('nested', () => {
            it('deep bad', () => {
              expect({ a: 1, b: [1, 2] }).toEqual({ a: 1, b: [1, 3] });
            });
          });
        });
        test('top throws', () => { throw new Error('top failure'); });
    """,
    "test/ok.test.js": """
        import { expect, test } from 'vitest';
        test('fine', () => { expect(2 * 2).toBe(4); });
    """,
}
VITEST_PASSING: Files = {
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "test/a.test.js": "import { expect, test } from 'vitest';\ntest('one', () => { expect(1).toBe(1); });\ntest.skip('later', () => {});\n",
    "test/b.test.js": "import { describe, expect, it } from 'vitest';\ndescribe('b', () => { it('two', () => { expect([1]).toEqual([1]); }); });\n",
}
VITEST_BROKEN: Files = {
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "test/broken.test.js": "import { test } from 'vitest';\nconst x = ;\ntest('never', () => {});\n",
    "test/missing.test.js": "import { test } from 'vitest';\nimport m from './no-such-module.js';\ntest('never', () => { m(); });\n",
    "test/ok.test.js": "import { expect, test } from 'vitest';\ntest('fine', () => { expect(1).toBe(1); });\n",
}

MOCHA_FAILING: Files = {
    "test/math.spec.js": """
        const assert = require('node:assert');

        describe('math', function () {
          it('adds', function () { assert.strictEqual(1 + 1, 2); });
          it('fails', function () { assert.strictEqual(1 + 1, 3); });
          it.skip('skipped one', function () {});
          it('pending one');
          describe('nested', function () {
            it('deep bad', function () {
              assert.deepStrictEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] });
            });
          });
        });
        it('top throws', function () { throw new Error('top failure'); });
    """,
    "test/hooks.spec.js": """
        describe('with hook', function () {
          before(function () { throw new TypeError('setup broke'); });
          it('never runs', function () {});
        });
    """,
    "test/ok.spec.js": "describe('ok', function () { it('fine', function () {}); });\n",
}
MOCHA_PASSING: Files = {
    "test/ok.spec.js": """
        const assert = require('node:assert');
        describe('ok', function () {
          it('one', function () { assert.ok(true); });
          it('two', function () { assert.equal(2, 2); });
          it.skip('later', function () {});
        });
    """,
}

TSCONFIG = '{\n  "compilerOptions": {"strict": true, "noEmit": true, "target": "es2022", "module": "nodenext", "noUnusedLocals": true},\n  "include": ["src"]\n}\n'
TSC_ERRORS: Files = {
    "tsconfig.json": TSCONFIG,
    "src/a.ts": """
        export function greet(name: string): string {
          return name.length;
        }

        const n: number = greet(42);

        interface User { id: number; name: string }
        const u: User = { id: 1, nam: 'x' };
        console.log(n, u.email);
    """,
    "src/b.ts": """
        import { greet } from './a.js';

        function unused(): void {}
        export const value = greet('a') * 2;
        export const cb: (a: string) => void = (a: number) => { console.log(a); };
    """,
}
TSC_SYNTAX: Files = {
    "tsconfig.json": TSCONFIG,
    "src/bad.ts": "export function f( {\n  return 1;\n}\n",
    "src/ok.ts": "export const ok: number = 1;\n",
}
TSC_CLEAN: Files = {"tsconfig.json": TSCONFIG, "src/ok.ts": "export const ok: number = 1;\n"}

ESLINT_CONFIG = """
export default [
  {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { console: 'readonly' } },
    rules: {
      'no-unused-vars': 'error',
      'no-undef': 'error',
      'no-console': 'warn',
      eqeqeq: 'warn',
      'prefer-const': 'error',
    },
  },
];
"""
ESLINT_BAD: Files = {
    "eslint.config.js": ESLINT_CONFIG,
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "src/a.js": """
        let unused = 1;
        export function f(x) {
          if (x == 2) {
            console.log(missing);
          }
          return x;
        }
    """,
    "src/b.js": "export const g = (y) => {\n  console.log(y);\n  return y;\n};\n",
    "src/clean.js": "export const h = 1;\n",
}
ESLINT_SYNTAX: Files = {
    "eslint.config.js": ESLINT_CONFIG,
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "src/bad.js": "export const x = ;\n",
    "src/b.js": "export const g = (y) => {\n  console.log(y);\n  return y;\n};\n",
}
ESLINT_CLEAN: Files = {
    "eslint.config.js": ESLINT_CONFIG,
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "src/clean.js": "export const h = 1;\n",
}

PYRIGHT_BAD: Files = {
    "pyrightconfig.json": '{"reportUnusedVariable": "warning", "reportMissingImports": "error"}\n',
    "pkg/__init__.py": "",
    "pkg/m.py": """
        from typing import List

        import nonexistent_module_xyz


        def f(x: int) -> str:
            return x


        def g() -> None:
            unused = 3
            y: List[int] = ["a"]
            reveal_type(y)
            print(undefined_name)


        class C:
            def m(self) -> None:
                self.missing()
    """,
    "pkg/ok.py": "x: int = 1\n",
    "pkg/n.py": "def h(a: int) -> int:\n    return a.upper()\n",
}
PYRIGHT_SYNTAX: Files = {
    "bad.py": "def f(:\n    return 1\n\nx: int = 'a'\n",
    "ok.py": "y: int = 2\n",
}
JEST_MANY: Files = {
    "package.json": '{"name": "demo", "private": true}\n',
    **{f"test/t{i:02d}.test.js": f"test('case {i}', () => {{ expect({i}).toBe({i}); }});\n" for i in range(22)},
    "test/t07.test.js": "test('case 7', () => {\n  console.log('debug output');\n  expect([1, 2]).toContain(3);\n});\n",
    "test/t15.test.js": "describe('group', () => {\n  test('case 15', () => { expect(null).toBeDefined(); expect(1).toBe(2); });\n});\n",
}
MOCHA_BROKEN: Files = {
    "test/broken.spec.js": "const x = ;\n",
    "test/ok.spec.js": "it('fine', function () {});\n",
}
TSC_NO_INPUTS: Files = {"tsconfig.json": '{"compilerOptions": {"noEmit": true}, "include": ["src"]}\n', "README.md": "nothing here\n"}
PYRIGHT_CLEAN: Files = {"ok.py": "def f(x: int) -> int:\n    return x + 1\n"}

JS_CASES: list[Case] = [
    # jest
    Case("jest", "pass", ["npx", "jest"], JEST_PASSING, setup=link_node_modules, truth=jest_truth),
    Case("jest", "fail_default", ["node_modules/.bin/jest"], JEST_FAILING, setup=link_node_modules, truth=jest_truth),
    Case("jest", "fail_verbose", ["npx", "jest", "--verbose"], JEST_FAILING, setup=link_node_modules, truth=jest_truth),
    Case("jest", "suite_errors", ["node_modules/.bin/jest"], JEST_BROKEN, setup=link_node_modules, truth=jest_truth),
    # vitest
    Case("vitest", "pass", ["npx", "vitest", "run"], VITEST_PASSING, setup=link_node_modules, truth=vitest_truth),
    Case("vitest", "fail_default", ["node_modules/.bin/vitest", "run"], VITEST_FAILING, setup=link_node_modules, truth=vitest_truth),
    Case("vitest", "fail_verbose", ["npx", "vitest", "run", "--reporter=verbose"], VITEST_FAILING, setup=link_node_modules, truth=vitest_truth),
    Case("vitest", "load_errors", ["npm", "exec", "--", "vitest", "run"], VITEST_BROKEN, setup=link_node_modules, truth=vitest_truth),
    # mocha
    Case("mocha", "pass", ["npx", "mocha"], MOCHA_PASSING, setup=link_node_modules, truth=mocha_truth),
    Case("mocha", "fail_spec", ["node_modules/.bin/mocha"], MOCHA_FAILING, setup=link_node_modules, truth=mocha_truth),
    Case("mocha", "fail_recursive", ["npx", "mocha", "--recursive", "test"], MOCHA_FAILING, setup=link_node_modules, truth=mocha_truth),
    # tsc
    Case("tsc", "clean", ["npx", "tsc"], TSC_CLEAN, setup=link_node_modules, truth=tsc_truth),
    Case("tsc", "errors_plain", ["npx", "tsc", "-p", "."], TSC_ERRORS, setup=link_node_modules, truth=tsc_truth),
    Case("tsc", "errors_pretty", ["node_modules/.bin/tsc", "--pretty"], TSC_ERRORS, setup=link_node_modules, truth=tsc_truth),
    Case("tsc", "syntax_error", ["npx", "tsc"], TSC_SYNTAX, setup=link_node_modules, truth=tsc_truth),
    Case("tsc", "syntax_error_pretty", ["npx", "tsc", "--pretty"], TSC_SYNTAX, setup=link_node_modules, truth=tsc_truth),
    # eslint
    Case("eslint", "clean", ["npx", "eslint", "src"], ESLINT_CLEAN, setup=link_node_modules, truth=eslint_truth),
    Case("eslint", "problems", ["npx", "eslint", "src"], ESLINT_BAD, setup=link_node_modules, truth=eslint_truth),
    Case("eslint", "problems_json", ["node_modules/.bin/eslint", "-f", "json", "src"], ESLINT_BAD, setup=link_node_modules, truth=eslint_truth),
    Case("eslint", "too_many_warnings", ["npx", "eslint", "--max-warnings", "0", "src/b.js"], ESLINT_BAD, setup=link_node_modules, truth=eslint_truth),
    Case("eslint", "parse_error", ["npx", "eslint", "."], ESLINT_SYNTAX, setup=link_node_modules, truth=eslint_truth),
    # pyright
    Case("pyright", "clean", ["npx", "pyright", "ok.py"], PYRIGHT_CLEAN, setup=link_node_modules, truth=pyright_truth),
    Case("pyright", "errors", ["npx", "pyright", "pkg"], PYRIGHT_BAD, setup=link_node_modules, truth=pyright_truth),
    Case("pyright", "syntax_error", ["npx", "pyright"], PYRIGHT_SYNTAX, setup=link_node_modules, truth=pyright_truth),
    Case("jest", "many_suites", ["npx", "jest", "--ci"], JEST_MANY, setup=link_node_modules, truth=jest_truth),
    Case("vitest", "fail_dot", ["npx", "vitest", "run", "--reporter=dot"], VITEST_FAILING, setup=link_node_modules, truth=vitest_truth),
    Case("mocha", "fail_dot", ["npx", "mocha", "--reporter", "dot"], MOCHA_FAILING, setup=link_node_modules, truth=mocha_truth),
    Case("mocha", "load_error", ["npx", "mocha"], MOCHA_BROKEN, setup=link_node_modules, truth=mocha_truth),
    Case("tsc", "no_inputs", ["npx", "tsc"], TSC_NO_INPUTS, setup=link_node_modules, truth=tsc_truth),
    Case("pyright", "errors_json", ["node_modules/.bin/pyright", "--outputjson", "pkg"], PYRIGHT_BAD, setup=link_node_modules, truth=pyright_truth),
]
CASES += JS_CASES



# --------------------------------------------------------------------------- large suites
#
# 300 tests per runner, generated: all passing, and with 2 failures (tests 17 and 201, as
# for pytest). Each test checks ``double(n) == n + n``; a failing one expects one more.

LARGE_N = 300
LARGE_FAILING = (17, 201)


def _want(n: int, failures: bool) -> str:
    return f"{n} + {n}" + (" + 1" if failures and n in LARGE_FAILING else "")


def _chunks(size: int) -> list[range]:
    return [range(start, min(start + size, LARGE_N)) for start in range(0, LARGE_N, size)]


def unittest_large(failures: bool) -> Files:
    body = ["import unittest", "", "", "def double(n):", "    return 2 * n", ""]
    for group in _chunks(60):
        body.append(f"\nclass TestDouble{group.start // 60}(unittest.TestCase):")
        for n in group:
            body.append(f"    def test_double_{n:03d}(self):\n        self.assertEqual(double({n}), {_want(n, failures)})\n")
    return {"test_large.py": "\n".join(body) + "\n"}


def cargo_large(failures: bool) -> Files:
    body = ["pub fn double(n: u64) -> u64 {", "    n * 2", "}", ""]
    for name, group in (("arith", range(0, 250)), ("plain", range(250, LARGE_N))):
        body += ["#[cfg(test)]", f"mod {name} {{", "    use super::double;", ""]
        for n in group:
            body += ["    #[test]", f"    fn double_{n:03d}() {{", f"        assert_eq!(double({n}), {_want(n, failures)});", "    }", ""]
        body += ["}", ""]
    return {"Cargo.toml": CARGO_TOML, "src/lib.rs": "\n".join(body)}


def go_large(failures: bool) -> Files:
    """Packages a and b: 100 test functions each; c: one table test with 99 subtests.

    Go counts a parent test as a test of its own (300 in all) and fails it with its failing
    subtest, so the two failures are three failed tests to ``go test -json``.
    """
    files: Files = {"go.mod": GO_MOD}
    for pkg, group in (("a", range(0, 100)), ("b", range(100, 200))):
        files[f"{pkg}/{pkg}.go"] = f"package {pkg}\n\nfunc Double(n int) int {{ return 2 * n }}\n"
        tests = [f"package {pkg}", "", 'import "testing"', ""]
        for n in group:
            tests += [
                f"func TestDouble{n:03d}(t *testing.T) {{",
                f"\tif got, want := Double({n}), {_want(n, failures)}; got != want {{",
                f'\t\tt.Errorf("Double({n}) = %d, want %d", got, want)',
                "\t}",
                "}",
                "",
            ]
        files[f"{pkg}/{pkg}_test.go"] = "\n".join(tests)
    files["c/c.go"] = "package c\n\nfunc Double(n int) int { return 2 * n }\n"
    rows = "\n".join(f"\t\t{{\"n{n:03d}\", {n}, {_want(n, failures)}}}," for n in range(200, LARGE_N - 1))
    files["c/c_test.go"] = (
        'package c\n\nimport "testing"\n\nfunc TestTable(t *testing.T) {\n'
        "\tcases := []struct {\n\t\tname    string\n\t\tn, want int\n\t}{\n"
        f"{rows}\n\t}}\n"
        "\tfor _, c := range cases {\n\t\tt.Run(c.name, func(t *testing.T) {\n"
        "\t\t\tif got := Double(c.n); got != c.want {\n"
        '\t\t\t\tt.Fatalf("Double(%d) = %d, want %d", c.n, got, c.want)\n'
        "\t\t\t}\n\t\t})\n\t}\n}\n"
    )
    return files


def _js_large(failures: bool, *, header: str, describe: str, it: str, check: str, ext: str) -> Files:
    files: Files = {}
    for index, group in enumerate(_chunks(60)):
        lines = [header, "", "const double = (n) => 2 * n;", "", f"{describe}('double {index}', () => {{"]
        for n in group:
            lines.append(f"  {it}('doubles {n}', () => {{ {check.format(got=f'double({n})', want=_want(n, failures))}; }});")
        lines += ["});", ""]
        files[f"test/t{index}.{ext}"] = "\n".join(lines)
    return files


def jest_large(failures: bool) -> Files:
    return {"package.json": '{"name": "demo", "private": true}\n', **_js_large(failures, header="// generated", describe="describe", it="test", check="expect({got}).toBe({want})", ext="test.js")}


def vitest_large(failures: bool) -> Files:
    header = "import { describe, expect, test } from 'vitest';"
    return {"package.json": '{"name": "demo", "private": true, "type": "module"}\n', **_js_large(failures, header=header, describe="describe", it="test", check="expect({got}).toBe({want})", ext="test.js")}


def mocha_large(failures: bool) -> Files:
    header = "const assert = require('node:assert');"
    return _js_large(failures, header=header, describe="describe", it="it", check="assert.strictEqual({got}, {want})", ext="spec.js")


def node_large(failures: bool) -> Files:
    header = "const { describe, it } = require('node:test');\nconst assert = require('node:assert');"
    return _js_large(failures, header=header, describe="describe", it="it", check="assert.strictEqual({got}, {want})", ext="test.js")


LARGE_CASES: list[Case] = []
for _fail, _suffix in ((False, "large_300_pass"), (True, "large_300_two_failures")):
    if _fail:  # pytest/large_300_pass (default style) is recorded with the pytest cases above
        LARGE_CASES.append(Case("pytest", _suffix, ["pytest", "-p", "no:cacheprovider"], pytest_large(_fail), truth=pytest_truth))
    LARGE_CASES += [
        Case("unittest", _suffix, [PY, "-m", "unittest"], unittest_large(_fail), truth=unittest_truth),
        Case("unittest", f"{_suffix}_verbose", [PY, "-m", "unittest", "-v"], unittest_large(_fail), truth=unittest_truth),
        Case("cargo-test", _suffix, ["cargo", "test", "--offline"], cargo_large(_fail), truth=cargo_truth),
        Case("go-test", _suffix, ["go", "test", "./..."], go_large(_fail), truth=go_test_truth, env=GO_ENV),
        Case("go-test", f"{_suffix}_verbose", ["go", "test", "-v", "./..."], go_large(_fail), truth=go_test_truth, env=GO_ENV),
        Case("node-test", _suffix, ["node", "--test", "--test-reporter=spec"], node_large(_fail), truth=node_truth),
        Case("jest", _suffix, ["npx", "jest"], jest_large(_fail), setup=link_node_modules, truth=jest_truth),
        Case("jest", f"{_suffix}_verbose", ["npx", "jest", "--verbose"], jest_large(_fail), setup=link_node_modules, truth=jest_truth),
        Case("vitest", _suffix, ["npx", "vitest", "run"], vitest_large(_fail), setup=link_node_modules, truth=vitest_truth),
        Case("vitest", f"{_suffix}_verbose", ["npx", "vitest", "run", "--reporter=verbose"], vitest_large(_fail), setup=link_node_modules, truth=vitest_truth),
        Case("mocha", _suffix, ["npx", "mocha"], mocha_large(_fail), setup=link_node_modules, truth=mocha_truth),
    ]
CASES += LARGE_CASES


#: Files of the project that tell which tool a script runs, kept with the recording.
PROJECT_FILES = ("package.json", "Makefile", "makefile", "GNUmakefile")

#: The program each tool's cases need.
REQUIRES = {"node-test": "node", "cargo-test": "cargo", "cc": "gcc", "make": "make"}


def record(case: Case) -> Path:
    folder = HERE / (case.folder or case.tool) / case.name
    with tempfile.TemporaryDirectory(prefix="prx-golden-") as tmp:
        root = Path(tmp) / "p"
        root.mkdir()
        (root / ".home").mkdir()
        write(root, case.files)
        if case.setup:
            case.setup(root)
        twin = Path(tmp) / "t"
        shutil.copytree(root, twin, symlinks=True)
        result = run(case.argv, root, case.env)
        truth: dict[str, Any] = {"tool": case.tool}
        if case.truth:
            truth.update(case.truth(case, twin))
        argv = [os.path.basename(a) if a == PY else a for a in case.argv]
        argv = ["python" if a == os.path.basename(PY) else a for a in argv]
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)

        def clean(text: str) -> str:
            return scrub_machine(scrub(scrub(text, root), twin))

        (folder / "argv.json").write_text(json.dumps(argv) + "\n")
        (folder / "stdout.txt").write_text(clean(result.stdout))
        (folder / "stderr.txt").write_text(clean(result.stderr))
        (folder / "exit_code").write_text(f"{result.returncode}\n")
        (folder / "truth.json").write_text(clean(json.dumps(truth, indent=1, ensure_ascii=False)) + "\n")
        # The scripts a wrapper reads to know the tool (npm test, make test), for the replay.
        project = {n: (root / n).read_text() for n in PROJECT_FILES if (root / n).is_file()}
        if project:
            (folder / "project.json").write_text(clean(json.dumps(project, indent=1)) + "\n")
    return folder


def main(selected: list[str]) -> int:
    for case in CASES:
        where = case.folder or case.tool
        if selected and not {case.tool, where, f"{where}/{case.name}"} & set(selected):
            continue
        if case.tool in JS_BINARIES:
            if not (JS_NODE_MODULES / ".bin" / JS_BINARIES[case.tool]).exists():
                print(f"skip {case.tool}/{case.name}: no {JS_BINARIES[case.tool]} in {JS_NODE_MODULES}")
                continue
            folder = record(case)
            print(f"recorded {folder.relative_to(HERE)} (exit {(folder / 'exit_code').read_text().strip()})")
            continue
        needs = REQUIRES.get(case.tool, case.argv[0] if case.argv[0] != PY else "python")
        if needs != "python" and shutil.which(needs) is None:
            print(f"skip {case.tool}/{case.name}: {needs} is not installed")
            continue
        folder = record(case)
        print(f"recorded {folder.relative_to(HERE)} (exit {(folder / 'exit_code').read_text().strip()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
