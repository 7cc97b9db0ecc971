"""The model-facing text of ``prx run`` (``prx.commands.run.text``): one header line, then
``file:line  message`` lines, the kept output, and never more than the raw output + 40."""

from __future__ import annotations

from typing import Any

from prx.commands.run.operation import RUN
from prx.commands.run.text import RAW_SLACK, render
from prx.core.tokens import count_exact

PATH = "/home/u/.prx/runs/20260101T000000000-1.log"


def data(**fields: Any) -> dict[str, Any]:
    """A run's ``data`` as the envelope has it (large raw output unless said)."""
    base: dict[str, Any] = {
        "command": ["pytest"],
        "tool": "pytest",
        "exit_code": 1,
        "passed": 3,
        "failed": 1,
        "skipped": 0,
        "errors": 0,
        "summary": "1 failed, 3 passed in 0.20s (exit 1)",
        "output_lines": 80,
        "omitted_lines": 80,
        "raw_path": PATH,
        "tokens_raw": 2000,
    }
    return {**base, **fields}


def test_the_run_operation_renders_with_it():
    assert RUN.text is not None
    assert RUN.text(data()) == render(data())


def test_header_then_failures_as_file_line_then_the_raw_log():
    text = render(
        data(
            failures=[
                {
                    "name": "tests/test_a.py::test_x[1]",
                    "file": "tests/test_a.py",
                    "line": 7,
                    "message": "assert 1 == 2",
                    "excerpt": "+  where 1 = f()",
                }
            ]
        )
    )
    assert text.splitlines() == [
        "pytest: 1 failed, 3 passed in 0.20s (exit 1)",
        # A pytest node id's file is the place: the name is the rest.
        "tests/test_a.py:7  test_x[1]: assert 1 == 2",
        "  +  where 1 = f()",
        # The text leaves out most of the output: where all of it is.
        f"full output: {PATH}",
    ]


def test_diagnostics_compiler_style_and_the_severity_only_when_mixed():
    errors = [
        {
            "file": "a.py",
            "line": 3,
            "column": 5,
            "severity": "error",
            "code": "F401",
            "message": "`os` imported but unused",
        },
        {"file": "b.py", "line": None, "severity": "error", "message": "file-level"},
    ]
    text = render(data(tool="ruff", summary="2 errors in 0.1s (exit 1)", diagnostics=errors))
    assert text.splitlines()[1:3] == [
        "a.py:3:5  F401: `os` imported but unused",
        "b.py  file-level",
    ]
    mixed = [*errors[:1], {"file": "a.py", "line": 9, "severity": "warning", "message": "w"}]
    lines = render(data(diagnostics=mixed)).splitlines()
    assert lines[1:3] == ["a.py:3:5  error F401: `os` imported but unused", "a.py:9  warning: w"]


def test_a_multi_line_message_is_indented_under_its_place():
    chain = "Type 'A' is not assignable to type 'B'.\n  Type 'C' is not assignable to type 'D'."
    diagnostic = {
        "file": "s.ts",
        "line": 2,
        "column": 1,
        "severity": "error",
        "code": "TS2322",
        "message": chain,
    }
    lines = render(data(tool="tsc", diagnostics=[diagnostic])).splitlines()
    assert lines[1:3] == [
        "s.ts:2:1  TS2322: Type 'A' is not assignable to type 'B'.",
        "    Type 'C' is not assignable to type 'D'.",
    ]


def test_a_failure_that_repeats_a_diagnostic_is_said_once():
    """A Go package that did not build fails at its first compile error: the header names
    it, the diagnostic line places it."""
    diagnostic = {
        "file": "b/b.go",
        "line": 3,
        "column": 8,
        "severity": "error",
        "message": "undefined: x",
    }
    failure = {"name": "m/b [build failed]", "file": "b/b.go", "line": 3, "message": "undefined: x"}
    text = render(data(tool="go-test", failures=[failure], diagnostics=[diagnostic]))
    assert text.count("undefined: x") == 1 and "b/b.go:3:8  undefined: x" in text


def test_a_test_file_that_did_not_load_is_named_by_its_place():
    failure = {
        "name": "test/a.test.js",
        "file": "test/a.test.js",
        "line": 3,
        "message": "ReferenceError: x is not defined",
    }
    text = render(data(tool="jest", failures=[failure]))
    assert "test/a.test.js:3  ReferenceError: x is not defined" in text.splitlines()


def test_answer_cuts_are_said_with_the_raw_log():
    text = render(data(failures_omitted=4, diagnostics_omitted=2, tokens_raw=30))
    assert (
        text.splitlines()[-1] == f"[prx: 4 failures, 2 diagnostics not shown; full output: {PATH}]"
    )


def test_a_small_output_gets_no_raw_log_line():
    text = render(
        data(
            tool="ruff",
            summary="all checks passed in 0.1s (exit 0)",
            tokens_raw=4,
            exit_code=0,
            failed=0,
            passed=None,
        )
    )
    # A passing run: no "(exit 0)" beside what it stated, and no time past the raw output.
    assert text == "ruff: all checks passed"


def test_the_kept_output_follows_and_an_empty_one_adds_nothing():
    text = render(data(tool="fallback", summary="exit 3 (exit 3)", tail="oops", tokens_raw=2))
    assert text.splitlines() == ["fallback: exit 3 (exit 3)", "oops"]
    assert render(data(tail="", tokens_raw=0)).count("\n") == 0


def test_over_the_raw_output_the_excerpts_go_first():
    excerpt = "\n".join(f"detail line {i} with some words" for i in range(30))
    failure = {"name": "t", "file": "t.py", "line": 1, "message": "boom", "excerpt": excerpt}
    full = render(data(failures=[failure], tokens_raw=10**6))
    raw = count_exact(full) - RAW_SLACK - 50
    text = render(data(failures=[failure], tokens_raw=raw))
    assert count_exact(text) <= raw + RAW_SLACK
    assert "t.py:1  t: boom" in text and "detail line" not in text
    assert text.splitlines()[-1] == f"[prx: excerpts not shown; full output: {PATH}]"


def test_over_the_raw_output_the_kept_outputs_middle_goes_next():
    """The kept output's first line (a table's heading, the error that stopped the tool)
    and its last lines stay; the lines between are left out, counted where they were."""
    tail = "\n".join(["NAME  STATUS", *(f"output line number {i}" for i in range(200))])
    raw = 300
    text = render(data(tool="fallback", tail=tail, tokens_raw=raw, raw_path=None))
    assert count_exact(text) <= raw + RAW_SLACK
    lines = text.splitlines()
    assert lines[1] == "NAME  STATUS" and lines[-1] == "output line number 199"
    assert lines[2].startswith("[prx: ") and lines[2].endswith(" output lines not shown]")
    dropped = int(lines[2].split()[1])
    assert lines[3] == f"output line number {dropped}"


def test_the_raw_logs_path_goes_before_anything_else():
    """A one-line output answered with its raw log's path would cost more than it."""
    text = render(
        data(
            tool="kubectl",
            summary="1 created in 0.1s (exit 0)",
            exit_code=0,
            tail="deployment.apps/web created (dry run)",
            tokens_raw=8,
        )
    )
    assert text.splitlines() == ["kubectl: 1 created", "deployment.apps/web created (dry run)"]


def test_an_output_kept_whole_is_not_said_twice_over_the_raw_output():
    """When the answer holds the whole output verbatim and the text would cost more than it,
    the lines read from it go, then the summary beyond the counts and the exit code."""
    output = "ERROR: usage: pytest [options]\npytest: error: unrecognized arguments: --nope"
    said = "; ".join(output.splitlines())
    long_summary = f"exit 4, no failures parsed: see raw output (pytest error: {said}; 1.0s)"
    fields = dict(tail=output, omitted_lines=0, raw_path=None, passed=None, failed=None)
    failure = {"name": "usage", "message": "pytest: error: unrecognized arguments: --nope"}
    raw = count_exact(output)
    text = render(
        data(summary=long_summary, failures=[failure], exit_code=4, tokens_raw=raw, **fields)
    )
    assert count_exact(text) <= raw + RAW_SLACK
    assert text.splitlines() == ["pytest: exit 4", *output.splitlines()]


def passing(**fields: Any) -> dict[str, Any]:
    """A passing run's ``data``: pytest -q's ``5 passed in 0.44s`` (15 tokens raw)."""
    base = dict(
        exit_code=0,
        passed=5,
        failed=0,
        summary="5 passed in 0.44s (exit 0)",
        output_lines=2,
        omitted_lines=2,
        tokens_raw=15,
    )
    return data(**{**base, **fields})


def test_a_passing_run_says_its_exit_code_only_when_nothing_else_says_it_passed():
    assert render(passing(raw_path=None)) == "pytest: 5 passed in 0.44s"
    # No count, no headline: the exit code is the only word on how it went.
    assert render(passing(tool="tsc", summary="ran 1.0s (exit 0)", passed=None)) == (
        "tsc: ran 1.0s (exit 0)"
    )
    # A failing run, a timed-out or interrupted one: the exit code stays, whatever its value.
    assert render(data()).splitlines()[0] == "pytest: 1 failed, 3 passed in 0.20s (exit 1)"
    stopped = passing(
        timed_out=True,
        summary="timed out after 5.0s: process group killed; 5 passed in 5.0s (exit 0)",
    )
    assert render(stopped).splitlines()[0].endswith("(exit 0)")


def test_a_passing_run_over_its_raw_output_leaves_out_the_time_then_nothing_else():
    """``ok  <TAB>github.com/yuin/goldmark<TAB>(cached)`` is 14 tokens: the text names the
    tool and the package for as many, the time (prx's wall clock) goes."""
    goldmark = passing(
        tool="go-test",
        summary="ok github.com/yuin/goldmark (cached) in 0.10s (exit 0)",
        passed=None,
        tokens_raw=count_exact("ok  \tgithub.com/yuin/goldmark\t(cached)\n"),
    )
    text = render(goldmark)
    assert text == "go-test: ok github.com/yuin/goldmark (cached)"
    assert count_exact(text) <= goldmark["tokens_raw"]
    # Shorter than the tool's name: the header alone, the least the text says.
    assert render(
        passing(tool="ruff", summary="all checks passed in 1.0s (exit 0)", tokens_raw=1)
    ) == ("ruff: all checks passed")
    unparsed = passing(tool="fallback", summary="ran 0.01s (exit 0)", passed=None, tokens_raw=1)
    assert render(unparsed) == "fallback: exit 0"
    # A closing summary the tool did not print, and a note after the exit code, stay.
    cut = passing(summary="5 passed in 0.44s, closing summary missing (exit 0); note", tokens_raw=1)
    assert render(cut) == "pytest: 5 passed, closing summary missing; note"


def test_a_passing_runs_raw_log_path_is_said_only_within_its_raw_output():
    small = passing(tokens_raw=30)  # the header (11 tokens) leaves out more than half
    assert render(small) == "pytest: 5 passed in 0.44s"
    large = passing(tokens_raw=3000)
    assert render(large).splitlines() == ["pytest: 5 passed in 0.44s", f"full output: {PATH}"]


def test_a_passing_runs_lines_are_cut_only_past_the_slack():
    """The header's time and path go to stay within the raw output; a diagnostic line or a
    line of output is a fact, left out only as any run's are (past the raw output + 40)."""
    warning = {"file": "a.rs", "line": 3, "column": 1, "severity": "warning", "message": "unused"}
    text = render(
        passing(
            tool="cargo-build",
            summary="1 warning in 2.0s (exit 0)",
            diagnostics=[warning],
            passed=None,
            tokens_raw=8,
        )
    )
    assert text.splitlines() == ["cargo-build: 1 warning", "a.rs:3:1  warning: unused"]


def test_the_filtered_count_is_a_short_headers_count():
    output = (
        "test a ... ok\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 7 filtered out"
    )
    fields = dict(
        tail=output, omitted_lines=0, raw_path=None, passed=1, failed=0, filtered=7, exit_code=3
    )
    long_summary = "exit 3, no failures parsed: see raw output (1 passed, 7 filtered out; 1.0s)"
    text = render(data(tool="cargo-test", summary=long_summary, tokens_raw=1, **fields))
    assert text.splitlines()[0] == "cargo-test: 1 passed, 7 filtered out, exit 3"


def test_a_failures_name_leaves_out_the_package_the_header_names():
    """go names each failure ``pkg TestX``; with every failure in the one package the
    header names (``FAIL pkg``), the lines say ``TestX``. Two packages: each name whole."""
    failure = {"file": "a_test.go", "line": 9, "message": "sum = 2, want 3"}
    one = [{**failure, "name": "example.com/m TestSum"}, {**failure, "name": "example.com/m TestB"}]
    summary = "2 failed; FAIL example.com/m in 1.0s (exit 1)"
    text = render(data(tool="go-test", summary=summary, failures=one, raw_path=None))
    assert text.splitlines()[1:] == [
        "a_test.go:9  TestSum: sum = 2, want 3",
        "a_test.go:9  TestB: sum = 2, want 3",
    ]
    two = [one[0], {**failure, "name": "example.com/m/sub TestC"}]
    summary = "2 failed; FAIL example.com/m, example.com/m/sub in 1.0s (exit 1)"
    text = render(data(tool="go-test", summary=summary, failures=two, raw_path=None))
    assert "a_test.go:9  example.com/m TestSum: sum = 2, want 3" in text.splitlines()
    # A name whose first word the header does not name stays whole (jest's ``suite > test``).
    jest = [{**failure, "name": "math > adds"}]
    text = render(data(tool="jest", summary="1 failed (exit 1)", failures=jest, raw_path=None))
    assert "a_test.go:9  math > adds: sum = 2, want 3" in text.splitlines()
