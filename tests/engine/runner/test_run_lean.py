"""Issue 29's classes of failure, on real recorded outputs: the structured form of ``prx run``
names the tool, states the counts and carries every failure and diagnostic with its file
and line (a test failure at the test's own frame); its text stays within the raw output.

The cases were recorded by tests/golden/runs/record_lean.py (``heldout/`` after the parsers
were changed, and not used to change them); truth.json comes from each tool's machine report.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import locations
import pytest

from prx.commands.run.text import RAW_SLACK, render
from prx.core.envelope import dumps, ok_envelope
from prx.core.tokens import count_exact
from prx.engine.runner.model import CapturedRun
from prx.engine.runner.recognise import analyse
from prx.engine.runner.report import RunOutput, build_report

CORPUS = locations.GOLDEN / "runs"


def answer(case: str) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """The envelope's ``data`` of a recorded case replayed as ``prx run`` answers it, in a
    directory standing for the recording's ``<TMP>``; the raw output; its truth."""
    from prx.app.hooks import RunnerParsers

    folder = CORPUS / case
    argv = tuple(json.loads((folder / "argv.json").read_text()))
    truth = json.loads((folder / "truth.json").read_text())
    with tempfile.TemporaryDirectory() as home:
        cwd = Path(home) / "p"
        cwd.mkdir()
        stdout = (folder / "stdout.txt").read_text().replace("<TMP>", str(cwd))
        stderr = (folder / "stderr.txt").read_text().replace("<TMP>", str(cwd))
        exit_code = int((folder / "exit_code").read_text())
        raw = CapturedRun(
            argv=argv, exit_code=exit_code, stdout=stdout, stderr=stderr, duration_ms=1000
        )
        parsers = RunnerParsers.prx_register_runner_parsers()
        parsed, tool, detected = analyse(parsers, raw, str(cwd))
        merged = stdout + stderr
        report = build_report(
            RunOutput(
                argv=argv,
                exit_code=exit_code,
                duration_ms=1000,
                merged=merged,
                raw_bytes=merged.encode(),
            ),
            parsed,
            tool=tool,
            home=home,
            cwd=str(cwd),
            detected=detected,
        )
        data = json.loads(dumps(ok_envelope("run", report)))["data"]
    return data, merged, truth


def places(items: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(x.get("name", ""), x.get("file"), x.get("line")) for x in items]


def test_go_test_names_each_failure_at_its_log_line():
    data, _, _ = answer("go-test/helpers_subtests")
    assert data["tool"] == "go-test" and data["failed"] == 4
    assert sorted(places(data["failures"])) == [
        ("example.com/m/num TestHalf", "num_test.go", 10),
        ("example.com/m/text TestTable", None, None),  # failed by its subtest, named below
        ("example.com/m/text TestTable/é", "text_test.go", 23),
        # t.Helper(): Go names the caller's line, not the helper's.
        ("example.com/m/text TestTitle", "text_test.go", 14),
    ]


def test_go_build_lists_every_error_of_every_package():
    data, _, _ = answer("go-build/two_packages")
    assert data["tool"] == "go-build" and data["errors"] == 6
    found = sorted((d["file"], d["line"], d["column"]) for d in data["diagnostics"])
    assert found[:2] == [("cmd/app/main.go", 6, 20), ("cmd/app/main.go", 7, 18)]
    assert [x[0] for x in found[2:]] == ["store/store.go"] * 4


@pytest.mark.parametrize(
    ("case", "tool", "errors", "warnings"),
    [
        ("mypy/strict_two_modules", "mypy", 7, 0),
        ("ruff/many_rules", "ruff", 12, 0),
        ("tsc/message_chains", "tsc", 6, 0),
        ("eslint/mixed_files", "eslint", 3, 4),
    ],
)
def test_linters_and_checkers_list_every_diagnostic(case, tool, errors, warnings):
    """The issue's held-out answer was ``{exit_code, errors, tail}``: no tool, no list."""
    data, _, truth = answer(case)
    assert data["tool"] == tool and data["errors"] == errors
    assert data.get("warnings", 0) == warnings
    got = sorted((d["file"], d["line"], d["severity"], d.get("code")) for d in data["diagnostics"])
    want = sorted((d["file"], d["line"], d["severity"], d["code"]) for d in truth["diagnostics"])
    assert got == want
    assert all(d["message"] for d in data["diagnostics"])


def test_tsc_keeps_a_message_chain_with_its_diagnostic():
    data, _, _ = answer("tsc/message_chains")
    last = data["diagnostics"][-1]
    assert (last["file"], last["line"], last["code"]) == ("src/shapes.ts", 12, "TS2322")
    assert "Type 'undefined' is not assignable to type 'Point'." in last["message"]


def test_cargo_test_compile_errors_are_counted_at_their_places():
    data, _, _ = answer("cargo-test/compile_errors_in_tests")
    assert data["tool"] == "cargo-test"
    assert (data["errors"], data["warnings"]) == (3, 1)
    # The tests never ran: no count of them (``failed`` stays, as null).
    assert "passed" not in data and data["failed"] is None
    found = [(d["line"], d["severity"], d.get("code")) for d in data["diagnostics"]]
    # E0277 is raised inside assert_eq!: placed where the test calls it, as rustc shows.
    assert found == [
        (6, "warning", "unused_variables"),
        (16, "error", "E0308"),
        (17, "error", "E0277"),
        (22, "error", "E0425"),
    ]
    assert {d["file"] for d in data["diagnostics"]} == {"src/lib.rs"}
    assert "closing summary missing" not in data["summary"]
    assert data["summary"].count("compile error in calc") == 1  # (lib), then (lib test)


def test_a_jest_suite_that_fails_to_load_keeps_its_line_and_message():
    data, _, _ = answer("jest/load_failures")
    assert data["tool"] == "jest" and data["errors"] == 2 and data["passed"] == 1
    by_name = {f["name"]: f for f in data["failures"]}
    top = by_name["test/top.test.js"]
    assert (top["file"], top["line"]) == ("test/top.test.js", 3)
    assert top["message"] == "ReferenceError: buildTable is not defined"
    # The module it requires throws: the suite's own line is the require.
    config = by_name["test/config.test.js"]
    assert (config["file"], config["line"]) == ("test/config.test.js", 1)
    assert config["message"] == "config: PRX_NEVER_SET is required"


def test_a_jest_syntax_error_is_placed_where_babel_says():
    data, _, _ = answer("jest/suite_errors")
    by_name = {f["name"]: f for f in data["failures"]}
    assert by_name["test/broken.test.js"]["line"] == 1
    assert by_name["test/broken.test.js"]["message"].startswith("SyntaxError: ")
    assert by_name["test/missing.test.js"]["line"] == 1


def test_a_jest_failure_thrown_by_a_helper_is_placed_in_the_test():
    data, _, _ = answer("jest/fail_default")
    helper = next(f for f in data["failures"] if f["name"] == "helper fails")
    assert (helper["file"], helper["line"]) == ("test/ok.test.js", 3)
    assert helper["message"] == "RangeError: negative: -1"


@pytest.mark.parametrize("reporter", ["tap", "spec"])
def test_node_test_failures_are_placed_at_the_tests_own_frame(reporter):
    """Not at the library frame that threw (lib/calc.js:5): the test's line that called it."""
    data, _, _ = answer(f"node-test/lib_frame_{reporter}")
    assert data["tool"] == "node-test" and (data["passed"], data["failed"]) == (1, 3)
    assert places(data["failures"]) == [
        ("calc > refuses zero", "test/calc.test.js", 12),
        ("calc > averages", "test/calc.test.js", 16),
        ("top level", "test/calc.test.js", 21),
    ]


def test_node_spec_without_its_failing_tests_list_falls_back_to_the_first_project_frame():
    """An older spec reporter prints no ``test at`` list: the first frame outside node."""
    from prx.engine.runner.parsers.node import NodeTestParser

    folder = CORPUS / "node-test" / "lib_frame_spec"
    text = (folder / "stdout.txt").read_text()
    text = text[: text.index("✖ failing tests:")]
    raw = CapturedRun(argv=("node", "--test"), exit_code=1, stdout=text, stderr="", duration_ms=1)
    parsed = NodeTestParser().parse(raw)
    first = parsed.failures[0]
    assert (first.name, first.file, first.line) == ("calc > refuses zero", "<TMP>/lib/calc.js", 5)


@pytest.mark.parametrize(
    "case", sorted(p.parent.relative_to(CORPUS) for p in CORPUS.glob("heldout/*/truth.json"))
)
def test_held_out_cases(case):
    """Recorded after the parsers were changed: the structured form carries every fact of
    the tool's machine report, and the text stays within the raw output + RAW_SLACK."""
    data, merged, truth = answer(str(case))
    assert data["tool"] == truth["tool"]
    for key, value in (truth.get("counts") or {}).items():
        assert data.get(key, 0 if key in ("warnings", "xfailed", "xpassed") else None) == value
    if "failures" in truth:
        got = {f["name"]: f for f in data.get("failures", ())}
        assert set(got) == {f["name"] for f in truth["failures"]}
        for want in truth["failures"]:
            for key in ("file", "line"):
                if key in want:
                    assert got[want["name"]].get(key) == want[key], (want["name"], key)
    if "diagnostics" in truth:
        found = sorted(
            (d["file"], d.get("line"), d["severity"], d.get("code"))
            for d in data.get("diagnostics", ())
        )
        want_d = sorted(
            (d["file"], d["line"], d["severity"], d["code"]) for d in truth["diagnostics"]
        )
        assert found == want_d
    assert count_exact(render(data)) <= count_exact(merged) + RAW_SLACK


# What a passing run states besides its counts (recorded by tests/golden/runs/record_selected.py),
# and a passing run's text held to its raw output.

ALL_CASES = sorted(p.parent.relative_to(CORPUS) for p in CORPUS.glob("*/*/truth.json"))
#: ``go test``'s result line of a package: ``ok  <TAB>pkg<TAB>(cached)``, ``FAIL<TAB>pkg ...``,
#: ``?   <TAB>pkg<TAB>[no test files]`` (in ``-json`` mode, an output event's text).
_GO_PACKAGE_LINE = re.compile(
    r'(?:^|"Output":")(ok|FAIL|\?)\s+([^\s"]+)\t(\(cached\)|[\d.]+s|\[no test files\])', re.M
)


def _truth(case: Path) -> dict[str, Any]:
    return json.loads((CORPUS / case / "truth.json").read_text())


def _go_test_cases() -> list[Path]:
    return [c for c in ALL_CASES if _truth(c)["tool"] == "go-test"]


@pytest.mark.parametrize(
    "case", sorted(p.parent.relative_to(CORPUS) for p in CORPUS.glob("selected/go_*/truth.json"))
)
def test_go_test_names_every_package_by_its_outcome(case):
    """The summary (the JSON's and the text's header) names each package go reported, under
    its outcome, ``(cached)`` when go replayed it: ``ok example.com/m/a (cached), ...``."""
    data, _, truth = answer(str(case))
    parts = []
    for outcome, label in (("ok", "ok"), ("FAIL", "FAIL"), ("no test files", "no test files:")):
        named = [
            p["name"] + (" (cached)" if p["cached"] else "")
            for p in truth["packages"]
            if p["outcome"] == outcome
        ]
        if named:
            parts.append(f"{label} {', '.join(named)}")
    named = "; ".join(parts)  # after the counts go stated (-json, -v)
    assert data["summary"].endswith(f"{named} in 1.0s (exit 0)")
    header = render(data).splitlines()[0]
    assert header.startswith("go-test: ") and header.removesuffix(" in 1.0s").endswith(named)


@pytest.mark.parametrize("case", _go_test_cases(), ids=str)
def test_every_go_package_result_line_is_named(case):
    """On every recorded ``go test`` output: each package of a result line is in the JSON's
    summary (a package that did not build is named by its collection error)."""
    data, merged, _ = answer(str(case))
    text = merged.replace("\\t", "\t")  # -json output events escape the tabs
    lines = _GO_PACKAGE_LINE.findall(text)
    assert lines or _truth(case).get("counts") is None or "collection_errors" in _truth(case)
    for outcome, package, _ in lines:
        assert package in data["summary"], (outcome, package)


@pytest.mark.parametrize(
    "case",
    [c for c in ALL_CASES if "filtered" in (_truth(c).get("counts") or {})],
)
def test_tests_left_out_by_a_filter_are_counted_in_both_forms(case):
    """cargo's ``N filtered out`` (summed over its test binaries) and pytest's ``N
    deselected``: the JSON's ``filtered``, and ``N filtered out`` in the summary and text."""
    data, merged, truth = answer(str(case))
    want = truth["counts"]["filtered"]
    assert want > 0 and data["filtered"] == want
    assert f"{want} filtered out" in data["summary"]
    assert f"{want} filtered out" in render(data).splitlines()[0]


@pytest.mark.parametrize(
    "case",
    [
        c
        for c in ALL_CASES
        if str(c).split("/")[0] in ("cargo-test", "pytest", "places", "selected", "heldout")
    ],
    ids=str,
)
def test_a_filter_count_the_tool_printed_is_never_lost(case):
    """On every recorded cargo and pytest output: the filtered count is the sum of the
    ``filtered out`` / ``deselected`` numbers the tool printed in its closing lines."""
    data, merged, _ = answer(str(case))
    if data["tool"] == "cargo-test":
        printed = re.findall(r"^test result: .*?(\d+) filtered out;", merged, re.M)
    elif data["tool"] == "pytest":
        printed = re.findall(
            r"^=*\s*(?:\d+ \w+, )*?(\d+) deselected(?:, .*)? in [\d.]+s", merged, re.M
        )
    else:
        return
    assert data.get("filtered", 0) == sum(int(n) for n in printed)


@pytest.mark.parametrize("case", ALL_CASES, ids=str)
def test_no_count_the_tool_did_not_state_is_written_as_null(case):
    """A count the tool did not state is left out of the JSON; ``failed`` and ``exit_code``
    are always there (``failed`` null when not stated)."""
    data, _, _ = answer(str(case))
    assert "failed" in data and "exit_code" in data
    nulls = [k for k, v in data.items() if v is None and k != "failed"]
    assert nulls == []


@pytest.mark.parametrize("case", ALL_CASES, ids=str)
def test_a_passing_runs_text_costs_no_more_than_its_output(case):
    """Exit 0: the text costs at most the raw output, unless it is its header alone (the
    tool and what it stated, no time: ``ruff: all checks passed``) or it holds lines of
    the output or read from it (within the raw output + RAW_SLACK, as any run's). Never
    ``(exit 0)`` beside a stated outcome; a non-zero exit is always in the header."""
    data, merged, _ = answer(str(case))
    text = render(data)
    header = text.splitlines()[0]
    if data["exit_code"] != 0:
        assert f"exit {data['exit_code']}" in header
        return
    raw = count_exact(merged)
    listed = bool(data.get("tail") or data.get("diagnostics") or data.get("failures"))
    assert count_exact(text) <= raw or text == header or listed
    assert count_exact(text) <= raw + RAW_SLACK
    if not data["summary"].startswith("ran "):
        assert "(exit 0)" not in header


def test_the_issues_passing_runs_cost_no_more_than_their_output():
    """The cases of the report: a passing ``go test`` of one package (cached, or not), a
    passing ``pytest -q`` and ``cargo test`` with a filter."""
    for case, first in (
        ("selected/go_test_one_package", "go-test: ok example.com/m/shapes"),
        (
            "selected/go_test_cached",
            "go-test: ok example.com/m/shapes (cached), example.com/m/words (cached); no test files: example.com/m/version",
        ),
        ("selected/pytest_deselected_quiet", "pytest: 2 passed, 3 filtered out in 0.59s"),
    ):
        data, merged, _ = answer(case)
        text = render(data)
        assert text.splitlines()[0].startswith(first), text
        assert count_exact(text) <= count_exact(merged), (case, text)
