"""Every recorded run of a real tool, parsed and compared with the tool's own machine report.

The corpus lives in tests/golden/runs/<tool>/<case>/ and is written by
tests/golden/runs/record.py; truth.json comes from the tool's machine-readable output.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import Counter
from pathlib import Path

import locations
import pytest

from prx.commands.run.text import RAW_SLACK, render
from prx.core.envelope import dumps, ok_envelope, to_jsonable
from prx.core.results.run import Detected
from prx.core.tokens import count_exact, count_fast
from prx.engine.runner.model import CapturedRun, Parsed
from prx.engine.runner.recognise import analyse
from prx.engine.runner.report import RunOutput, build_report

CORPUS = locations.GOLDEN / "runs"
CASES = sorted(p.parent for p in CORPUS.glob("*/*/truth.json"))
COUNT_KEYS = ("passed", "failed", "skipped", "errors", "xfailed", "xpassed")


def rel(path):
    """Paths as the report shows them: relative to the working directory (``<TMP>``)."""
    return path[len("<TMP>/") :] if isinstance(path, str) and path.startswith("<TMP>/") else path


def builtin_parsers():
    from prx.app.hooks import RunnerParsers

    return RunnerParsers.prx_register_runner_parsers()


def load(case: Path) -> tuple[CapturedRun, dict]:
    argv = tuple(json.loads((case / "argv.json").read_text()))
    stdout = (case / "stdout.txt").read_text()
    stderr = (case / "stderr.txt").read_text()
    raw = CapturedRun(
        argv=argv,
        exit_code=int((case / "exit_code").read_text()),
        stdout=stdout,
        stderr=stderr,
        duration_ms=1000,
    )
    return raw, json.loads((case / "truth.json").read_text())


def analyse_case(case: Path) -> tuple[CapturedRun, dict, Parsed, str, Detected]:
    """The case read as ``prx run`` reads it, in a directory holding the project's scripts
    (``package.json``, ``Makefile``) when the recording kept them."""
    raw, truth = load(case)
    project = case / "project.json"
    with tempfile.TemporaryDirectory() as cwd:
        if project.is_file():
            for name, text in json.loads(project.read_text()).items():
                (Path(cwd) / name).write_text(text)
        parsed, tool, detected = analyse(builtin_parsers(), raw, cwd)
    return raw, truth, parsed, tool, detected


def parse_case(case: Path) -> tuple[CapturedRun, dict, Parsed, str]:
    raw, truth, parsed, tool, _ = analyse_case(case)
    return raw, truth, parsed, tool


def test_the_corpus_is_there():
    tools = {c.parent.name for c in CASES}
    assert {"pytest", "unittest", "ruff", "mypy", "git", "make", "cc", "node-test"} <= tools
    assert len(CASES) >= 40


#: A directory of the recording machine (its temporary, home, work or installation
#: directories); the recorder writes them as placeholders (<TMP>, <HOME>, <NODE_MODULES> ...).
_MACHINE_PATH = re.compile(r"(?<![\w.<>-])/(?:tmp|root|home|work|usr/local|opt)/[\w.-]+")


def test_no_recorded_output_holds_a_path_of_the_recording_machine():
    """Published outputs (a case with a SOURCE.md) print the paths of their own machines."""
    found = [
        f"{path.relative_to(CORPUS)}: {match.group(0)}"
        for path in sorted(CORPUS.rglob("*.txt"))
        if not (path.parent / "SOURCE.md").exists()
        for match in _MACHINE_PATH.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert found == []


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden(case: Path):
    raw, truth, parsed, tool = parse_case(case)
    assert tool == truth["tool"], "the matching parser read it, and did not crash"
    if "counts" in truth:
        if truth["counts"] is None:
            assert all(getattr(parsed, k) is None for k in COUNT_KEYS), "no report: no counts"
        else:
            got = {k: getattr(parsed, k) for k in truth["counts"]}
            assert got == truth["counts"]
    if "failures" in truth:
        assert Counter(f.name for f in parsed.failures) == Counter(
            f["name"] for f in truth["failures"]
        )
        by_name = {f.name: f for f in parsed.failures}
        for expected in truth["failures"]:
            failure = by_name[expected["name"]]
            for key in ("file", "line"):
                if key in expected:
                    value = getattr(failure, key)
                    assert (rel(value) if key == "file" else value) == expected[key], (
                        expected["name"],
                        key,
                    )
            if "message" in expected:
                # Compared up to the exception class pytest's native style adds.
                want = expected["message"].strip().removeprefix("AssertionError: ")
                got = failure.message.removeprefix("AssertionError: ")
                assert got.startswith(want), expected["name"]
    if "diagnostics" in truth:
        got = Counter((rel(d.file), d.line, d.severity, d.code) for d in parsed.diagnostics)
        want = Counter(
            (d["file"], d["line"], d["severity"], d["code"]) for d in truth["diagnostics"]
        )
        assert got == want
    if "items" in truth:
        assert parsed.items == truth["items"]
    if "coverage" in truth:
        want_cov = truth["coverage"]
        assert parsed.coverage is not None, "the coverage table was read"
        slack = want_cov["tolerance"]  # the tool's display rounding
        assert abs(parsed.coverage.total - want_cov["total"]) <= slack
        for name, pct in want_cov.get("rows", {}).items():
            assert abs(parsed.coverage.rows[name] - pct) <= slack, name
        if "rows" in want_cov:
            assert set(parsed.coverage.rows) == set(want_cov["rows"])
    if truth.get("collection_errors"):
        named = " ".join(parsed.collection_errors)
        for path in truth["collection_errors"]:
            assert path in named
    if "item_paths" in truth:
        assert [x.split(" | ")[0].strip() for x in parsed.items] == truth["item_paths"]
    shown = [*(parsed.excerpt or ()), *parsed.items]
    for line in truth.get("kept_lines", ()):
        assert line in shown, f"{line!r} is in the answer"
    for line, times in truth.get("repeats", ()):
        at = shown.index(line)
        assert shown[at + 1] == f"[prx: {times - 1} repeated lines omitted]", line


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden_summary_tells_the_truth(case: Path, tmp_path: Path):
    raw, truth, parsed, tool = parse_case(case)
    merged = raw.stdout + raw.stderr
    output = RunOutput(
        argv=raw.argv,
        exit_code=raw.exit_code,
        duration_ms=raw.duration_ms,
        merged=merged,
        raw_bytes=merged.encode(),
    )
    report = build_report(output, parsed, tool=tool, home=str(tmp_path), cwd="<TMP>")
    summary = report.summary
    assert f"exit {raw.exit_code}" in summary
    counts = truth.get("counts") or {}
    if counts.get("failed"):
        assert f"{counts['failed']} failed" in summary
    if counts.get("errors") and tool not in ("ruff", "mypy"):
        assert f"{counts['errors']} error" in summary
    if truth.get("collection_errors"):
        assert summary.startswith("collection error: ")
    if raw.exit_code != 0:
        assert "passed" not in summary.split(";")[0] or "failed" in summary or "error" in summary
    # Anything not shown is on disk, and the answer says where.
    if report.omitted_lines:
        assert report.raw_path and Path(report.raw_path).read_bytes() == merged.encode()
    assert report.output_lines == len(merged.splitlines())


RUNNERS = ("pytest", "unittest", "cargo-test", "go-test", "node-test", "jest", "vitest", "mocha")


def test_every_test_runner_has_its_large_suites():
    """300 tests, all passing and with 2 failures, for every runner installed here."""
    for runner in RUNNERS:
        for case in ("large_300_pass", "large_300_two_failures"):
            assert (CORPUS / runner / case / "truth.json").is_file(), f"{runner}/{case}"
        truth = json.loads((CORPUS / runner / "large_300_pass" / "truth.json").read_text())
        counts = truth["counts"]
        # go test without -v states only its failures; its -v twin counts all 300.
        if runner == "go-test":
            verbose = CORPUS / runner / "large_300_pass_verbose" / "truth.json"
            counts = json.loads(verbose.read_text())["counts"]
        assert counts["passed"] == 300, runner


def test_node_spec_reporter_gives_the_failures_tap_gives():
    """Location and assertion detail of each failure, whichever reporter printed it."""
    _, _, spec, _ = parse_case(CORPUS / "node-test" / "fail_spec")
    _, _, tap, _ = parse_case(CORPUS / "node-test" / "fail_tap")
    assert [(f.name, f.file, f.line) for f in spec.failures] == [
        (f.name, f.file, f.line) for f in tap.failures
    ]
    by_name = {f.name: f for f in spec.failures}
    assert by_name["fails"].excerpt == "2 !== 3"
    assert by_name["suite > inner bad"].excerpt.splitlines()[0] == "+ actual - expected"
    for failure in spec.failures:  # neither the stack nor the error's properties
        assert "at " not in (failure.excerpt or "") and "code:" not in (failure.excerpt or "")


def _report(case: Path, home: Path, count=count_fast):
    raw, _, parsed, tool, detected = analyse_case(case)
    merged = raw.stdout + raw.stderr
    output = RunOutput(
        argv=raw.argv,
        exit_code=raw.exit_code,
        duration_ms=raw.duration_ms,
        merged=merged,
        raw_bytes=merged.encode(),
    )
    return build_report(
        output, parsed, tool=tool, home=str(home), cwd="<TMP>", detected=detected, count=count
    ), merged


def _printed(report, count) -> int:
    """Tokens of the whole JSON answer as ``prx run`` prints it: the envelope."""
    return count(dumps(ok_envelope("run", report, count=count)))


def test_the_text_never_costs_more_than_the_raw_output():
    """On every recorded case the model-facing text costs at most the raw output +
    RAW_SLACK tokens, both counted exactly (cl100k_base)."""
    over = {}
    for case in CASES:
        # A home as short as ~/.prx: the raw log's path may be part of the text.
        with tempfile.TemporaryDirectory() as home:
            report, merged = _report(case, Path(home))
            text = render(to_jsonable(report))
        margin = count_exact(text) - (count_exact(merged) + RAW_SLACK)
        if margin > 0:
            over[f"{case.parent.name}/{case.name}"] = margin
    assert not over, over


def _rel_file(path):
    return rel(path) if isinstance(path, str) else path


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_structured_form_carries_every_fact(case: Path, tmp_path: Path):
    """The envelope's ``data`` (what a program reading ``prx.run(...)`` or the JSON gets)
    names the tool and carries each count the tool stated, every failure with its file and
    line and every diagnostic with its file, line, severity and code: never a subset."""
    report, _ = _report(case, tmp_path)
    data = json.loads(dumps(ok_envelope("run", report)))["data"]
    truth = json.loads((case / "truth.json").read_text())
    assert data["tool"] == truth["tool"]
    assert {"command", "exit_code", "failed", "summary"} <= set(data)
    for key in ("passed", "skipped", "errors"):  # a count the tool did not state: left out
        assert (key in data) == (getattr(report, key) is not None)
    for key, value in (truth.get("counts") or {}).items():
        assert data.get(key, 0 if key in ("warnings", "xfailed", "xpassed") else None) == value
    failures = {f["name"]: f for f in data.get("failures", ())}
    if "failures" in truth:
        assert set(failures) == {f["name"] for f in truth["failures"]}
    for want in truth.get("failures", ()):
        got = failures[want["name"]]
        for key in ("file", "line"):
            if key in want:
                assert (_rel_file(got.get(key)) if key == "file" else got.get(key)) == want[key]
    if "diagnostics" in truth:
        got_d = Counter(
            (_rel_file(d["file"]), d.get("line"), d["severity"], d.get("code"))
            for d in data.get("diagnostics", ())
        )
        want_d = Counter(
            (d["file"], d["line"], d["severity"], d["code"]) for d in truth["diagnostics"]
        )
        assert got_d == want_d


def test_mypy_answers_its_diagnostics_in_both_forms(tmp_path: Path):
    """The issue's case: the JSON names the tool and every diagnostic (the old compact form
    had only ``exit_code``, ``errors`` and ``tail``); the text is mypy's own lines, lean."""
    report, merged = _report(CORPUS / "mypy" / "errors", tmp_path)
    data = to_jsonable(report)
    assert data["tool"] == "mypy" and data["errors"] == 4
    assert "warnings" not in data  # a zero that says nothing (the four main counts stay)
    assert [(d["file"], d["line"], d.get("code")) for d in data["diagnostics"]] == [
        (d.file, d.line, d.code) for d in report.diagnostics
    ]
    assert len(data["diagnostics"]) == 6 and "tail" not in data  # 4 errors, 2 notes
    text = render(data)
    lines = text.splitlines()
    assert lines[0].startswith("mypy: 4 errors") and "(exit 1)" in lines[0]
    for diagnostic in data["diagnostics"]:
        place = f"{diagnostic['file']}:{diagnostic['line']}"
        assert any(x.startswith(place) and diagnostic["message"] in x for x in lines[1:])
    assert count_exact(text) <= count_exact(merged) + RAW_SLACK


def test_a_clean_run_costs_about_what_its_output_costs(tmp_path: Path):
    """The reproduction: a clean `ruff check` (19 bytes) answered 27 times its raw output.
    The text is one line; the JSON keeps every key (the tool, the counts)."""
    report, merged = _report(CORPUS / "ruff" / "clean", tmp_path)
    data = json.loads(dumps(ok_envelope("run", report)))["data"]
    assert data["tool"] == "ruff" and data["exit_code"] == 0 and data["errors"] == 0
    assert render(data) == "ruff: all checks passed"  # the time and exit 0 cost more than it
