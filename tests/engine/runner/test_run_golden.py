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

from prx.core.envelope import dumps, ok_envelope, to_jsonable
from prx.core.results.run import Detected
from prx.core.tokens import count_exact, count_fast
from prx.engine.runner.model import CapturedRun, Parsed
from prx.engine.runner.recognise import analyse
from prx.engine.runner.report import RAW_SLACK, RunOutput, build_report

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
    """Tokens of the whole answer as ``prx run`` prints it: the envelope."""
    return count(dumps(ok_envelope("run", report, count=count)))


@pytest.mark.parametrize("count", [count_fast, count_exact], ids=["bytes4", "cl100k"])
def test_the_whole_answer_never_costs_more_than_the_raw_output(count):
    """On every recorded case the whole printed answer (the envelope) costs at most the raw
    output + RAW_SLACK tokens, counted as prx counts (bytes/4 by default, cl100k_base under
    a budget): a tiny output is answered verbatim, its counts left out when they are what
    would break the rule (the output shows them)."""
    over = {}
    for case in CASES:
        # A home as short as ~/.prx: the raw log's path is part of the answer.
        with tempfile.TemporaryDirectory() as home:
            report, merged = _report(case, Path(home), count)
            margin = _printed(report, count) - (count(merged) + RAW_SLACK)
        if margin > 0:
            over[f"{case.parent.name}/{case.name}"] = margin
    assert not over, over


def test_a_parse_larger_than_the_output_answers_the_output(tmp_path: Path):
    """mypy prints a diagnostic in fewer tokens than its JSON: the answer is mypy's own text
    with the exit code and the counts, and nothing else: no raw log, no sizes, no echo."""
    report, merged = _report(CORPUS / "mypy" / "errors", tmp_path)
    assert report.tail == merged.rstrip("\n") and report.raw_path is None
    assert report.errors == 4 and report.warnings == 0 and "4 errors" in report.summary
    data = to_jsonable(report)
    assert set(data) <= {"exit_code", "errors", "tail", "summary", "tool", "command"}
    assert {"exit_code", "errors", "tail"} <= set(data) and data["errors"] == 4
    assert "warnings" not in data  # a zero the compact form leaves out
    assert report.diagnostics and report.compact  # the Python API keeps the parse


def test_a_clean_run_costs_about_what_its_output_costs(tmp_path: Path):
    """The reproduction: a clean `ruff check` (19 bytes) answered 27 times its raw output."""
    report, merged = _report(CORPUS / "ruff" / "clean", tmp_path)
    text = dumps(ok_envelope("run", report))
    assert count_fast(text) <= count_fast(merged) + RAW_SLACK
    assert json.loads(text)["data"] == {
        "exit_code": 0,
        "errors": 0,
        "summary": "all checks passed in 1.0s (exit 0)",
        "tail": "All checks passed!",
    }
