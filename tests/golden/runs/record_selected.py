"""Record the golden cases of what a passing run states besides its counts: the packages
``go test`` names (each with ``(cached)`` when go replayed an earlier result) and the tests a
selection left out (cargo's ``filtered out``, pytest's ``deselected``).

    python tests/golden/runs/record_selected.py              # every case
    python tests/golden/runs/record_selected.py selected/go_test_cached

Same layout and rules as record.py (a generated project in a temporary directory, the
command's real output saved with the directory written as ``<TMP>``), every case in the
folder ``selected/``, and ``truth.json`` derived from the tool's own machine-readable report
on an identical copy of the project:

* go test: ``go test -json`` (record.py's truth), and ``packages``: each package's outcome
  from its closing event (``pass``: ``ok``, ``fail``: ``FAIL``, ``skip``: ``no test
  files``), with ``(cached)`` when its output event says so. For a cached case the copy is
  run twice, as the recorded project was before its recorded run;
* cargo test: libtest's ``--format json``: each test event, and ``filtered`` the sum of the
  ``filtered_out`` of every suite (each test binary and the doc-tests);
* pytest: record.py's truth (``--junitxml`` and pytest's reports), and ``filtered`` the items
  pytest handed to its ``pytest_deselected`` hook.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from record import (
    CARGO_TOML,
    GO_ENV,
    GO_MOD,
    PY,
    Case,
    Files,
    cargo_failure,
    go_test_truth,
    pytest_truth,
    run,
)
from record import record as record_case

FOLDER = "selected"

# --------------------------------------------------------------------------- truths


def go_packages_truth(case: Case, root: Path) -> dict[str, Any]:
    """record.py's ``go test -json`` truth, and ``packages``: each package's outcome as its
    closing event says, and whether go replayed it (its output event says ``(cached)``)."""
    packages = [a for a in case.argv[2:] if not a.startswith("-")]
    flags = [a for a in case.argv[2:] if a.startswith("-") and a not in ("-v", "-json")]
    argv = ["go", "test", "-json", *flags, *packages]
    if "cached" in case.name:  # the recorded run replayed a first one: so does this one
        run(argv, root, GO_ENV)
    result = run(argv, root, GO_ENV)
    outcome: dict[str, str] = {}
    replayed: set[str] = set()
    for line in result.stdout.splitlines():
        if not line.startswith("{"):
            continue
        event = json.loads(line)
        if event.get("Test"):
            continue
        name = event.get("Package", "")
        if event.get("Action") == "output" and re.search(r"\t\(cached\)", event.get("Output", "")):
            replayed.add(name)
        word = {"pass": "ok", "fail": "FAIL", "skip": "no test files"}.get(event.get("Action"))
        if word:
            outcome[name] = word
    truth = go_test_truth(case, root)
    truth["packages"] = [
        {"name": name, "outcome": word, "cached": name in replayed}
        for name, word in outcome.items()
    ]
    truth["source"] += " + each package's closing event (and its (cached) output)"
    return truth


def cargo_filtered_truth(case: Case, root: Path) -> dict[str, Any]:
    """libtest's ``--format json``: the tests' events and every suite's ``filtered_out``."""
    argv = [*case.argv, "--", "-Z", "unstable-options", "--format", "json"]
    result = run(argv, root, {"RUSTC_BOOTSTRAP": "1"})
    counts = dict.fromkeys(("passed", "failed", "skipped", "filtered"), 0)
    failures = []
    for line in result.stdout.splitlines():
        if not line.startswith("{"):
            continue
        event = json.loads(line)
        if event.get("type") == "suite" and event.get("event") in ("ok", "failed"):
            counts["filtered"] += int(event.get("filtered_out", 0))
        if event.get("type") != "test" or event.get("event") == "started":
            continue
        key = {"ok": "passed", "failed": "failed", "ignored": "skipped"}[event["event"]]
        counts[key] += 1
        if key == "failed":
            failures.append(cargo_failure(event))
    return {
        "source": "libtest --format json (test events; filtered_out of every suite)",
        "counts": counts,
        "failures": failures,
    }


DESELECT_PLUGIN = """
import json, os

_DESELECTED = []

def pytest_deselected(items):
    _DESELECTED.extend(item.nodeid for item in items)

def pytest_sessionfinish(session):
    with open(os.environ["PRX_DESELECTED_OUT"], "w") as fh:
        json.dump(_DESELECTED, fh)
"""


def pytest_deselected_truth(case: Case, root: Path) -> dict[str, Any]:
    """record.py's pytest truth, and ``filtered``: the items pytest deselected."""
    truth = pytest_truth(case, root)
    plugin = root / ".deselect"
    plugin.mkdir()
    (plugin / "prx_deselect_plugin.py").write_text(DESELECT_PLUGIN)
    out = plugin / "deselected.json"
    env = {
        "PYTEST_PLUGINS": "prx_deselect_plugin",
        "PYTHONPATH": str(plugin),
        "PRX_DESELECTED_OUT": str(out),
    }
    run(case.argv, root, env)
    truth["counts"]["filtered"] = len(json.loads(out.read_text()))
    truth["source"] += " + the items of pytest_deselected"
    return truth


# --------------------------------------------------------------------------- projects

GO_MODULE_FILES: Files = {
    "go.mod": GO_MOD,
    "shapes/area.go": "package shapes\n\nfunc Square(x int) int { return x * x }\n\nfunc Cube(x int) int { return x * x * x }\n",
    "shapes/area_test.go": (
        'package shapes\n\nimport "testing"\n\n'
        'func TestSquare(t *testing.T) {\n\tif Square(3) != 9 {\n\t\tt.Fatal("square")\n\t}\n}\n\n'
        'func TestCube(t *testing.T) {\n\tif Cube(2) != 8 {\n\t\tt.Fatal("cube")\n\t}\n}\n'
    ),
    "words/upper.go": 'package words\n\nimport "strings"\n\nfunc Shout(s string) string { return strings.ToUpper(s) + "!" }\n',
    "words/upper_test.go": (
        'package words\n\nimport "testing"\n\n'
        'func TestShout(t *testing.T) {\n\tif Shout("hi") != "HI!" {\n\t\tt.Fatal(Shout("hi"))\n\t}\n}\n'
    ),
    "version/version.go": 'package version\n\nconst Name = "v1"\n',
}


def warm_go_cache(root: Path) -> None:
    """A first ``go test ./...``: the recorded run replays its results, ``(cached)``."""
    run(["go", "test", "./..."], root, GO_ENV)


def warm_go_json_cache(root: Path) -> None:
    """A first ``go test -json ./...`` (go caches a ``-json`` run apart)."""
    run(["go", "test", "-json", "./..."], root, GO_ENV)


CARGO_SELECTED: Files = {
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

        /// Subtracts.
        pub fn sub(a: i32, b: i32) -> i32 {
            a - b
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            #[test]
            fn add_small() {
                assert_eq!(add(2, 2), 4);
            }

            #[test]
            fn add_negative() {
                assert_eq!(add(-2, 1), -1);
            }

            #[test]
            #[ignore]
            fn add_overflow_later() {}

            #[test]
            fn sub_small() {
                assert_eq!(sub(3, 2), 1);
            }

            #[test]
            fn sub_to_zero() {
                assert_eq!(sub(2, 2), 0);
            }
        }
    """,
    "tests/integration.rs": """
        #[test]
        fn sub_then_add() {
            assert_eq!(calc::add(calc::sub(5, 3), 1), 3);
        }
    """,
}

PYTEST_SELECTED: Files = {
    "tests/test_calc.py": """
        def add(a, b):
            return a + b


        def test_add_small():
            assert add(2, 2) == 4


        def test_add_negative():
            assert add(-2, 1) == -1


        def test_sub():
            assert 3 - 2 == 1


        def test_mul():
            assert 2 * 3 == 6


        def test_div():
            assert 6 / 3 == 2
    """,
}

CASES = [
    Case(
        "go-test",
        "go_test_one_package",
        ["go", "test", "./shapes"],
        GO_MODULE_FILES,
        truth=go_packages_truth,
        env=GO_ENV,
        folder=FOLDER,
    ),
    Case(
        "go-test",
        "go_test_cached",
        ["go", "test", "./..."],
        GO_MODULE_FILES,
        setup=warm_go_cache,
        truth=go_packages_truth,
        env=GO_ENV,
        folder=FOLDER,
    ),
    Case(
        "go-test",
        "go_test_json_cached",
        ["go", "test", "-json", "./..."],
        GO_MODULE_FILES,
        setup=warm_go_json_cache,
        truth=go_packages_truth,
        env=GO_ENV,
        folder=FOLDER,
    ),
    Case(
        "cargo-test",
        "cargo_test_filtered",
        ["cargo", "test", "--offline", "add"],
        CARGO_SELECTED,
        truth=cargo_filtered_truth,
        folder=FOLDER,
    ),
    Case(
        "pytest",
        "pytest_deselected_quiet",
        [PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "add", "tests"],
        PYTEST_SELECTED,
        truth=pytest_deselected_truth,
        folder=FOLDER,
    ),
    Case(
        "pytest",
        "pytest_deselected",
        [PY, "-m", "pytest", "-p", "no:cacheprovider", "-k", "add", "tests"],
        PYTEST_SELECTED,
        truth=pytest_deselected_truth,
        folder=FOLDER,
    ),
]


def main(selected: list[str]) -> int:
    for case in CASES:
        where = f"{FOLDER}/{case.name}"
        if selected and not {case.tool, FOLDER, where} & set(selected):
            continue
        folder = record_case(case)
        print(
            f"recorded {folder.relative_to(Path(__file__).parent)} (exit {(folder / 'exit_code').read_text().strip()})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
