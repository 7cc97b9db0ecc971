"""Properties of ``prx run``'s answer on random outputs and random command lines.

Whatever the tool and whatever it printed: a non-zero exit is never summarised as a
success, and every failure-looking line of the output is either in the answer or counted
as omitted (with the whole output kept on disk).
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import locations
import pytest

pytest.importorskip("hypothesis", reason="property tests need hypothesis (prx[dev])")

from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from prx.app.hooks import RunnerParsers  # noqa: E402
from prx.core.envelope import to_jsonable  # noqa: E402
from prx.engine.runner.excerpt import ERROR_LINE  # noqa: E402
from prx.engine.runner.model import CapturedRun  # noqa: E402
from prx.engine.runner.recognise import analyse  # noqa: E402
from prx.engine.runner.report import RunOutput, build_report  # noqa: E402

PARSERS = RunnerParsers.prx_register_runner_parsers()
CORPUS = locations.GOLDEN / "runs"

COMMANDS = (
    ["pytest", "-q"],
    ["python", "-m", "pytest"],
    ["npm", "test"],
    ["make"],
    ["make", "test"],
    ["sh", "ci.sh"],
    ["cargo", "test"],
    ["cargo", "build"],
    ["go", "test", "./..."],
    ["timeout", "60", "go", "test", "./..."],
    ["ruff", "check", "."],
    ["mypy", "."],
    ["npx", "eslint", "src"],
    ["npx", "tsc"],
    ["npx", "jest"],
    ["node", "--test"],
    ["git", "-C", "repo", "log"],
    ["git", "status"],
    ["gcc", "-c", "a.c"],
    ["tox"],
    ["./deploy.sh"],
)
#: Lines of real tools (success lines included: they must not make a failure read as one).
TOOL_LINES = (
    "===== 3 passed in 0.10s =====",
    "3 passed in 0.10s",
    "All checks passed!",
    "Success: no issues found in 1 source file",
    "Ran 3 tests in 0.001s",
    "OK",
    "test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
    "ok  \texample.com/m/a\t0.01s",
    "Tests:       3 passed, 3 total",
    "# pass 3",
    "nothing to commit, working tree clean",
    "FAILED tests/test_a.py::test_x - assert 1 == 2",
    "ERROR tests/test_b.py - ImportError: no module",
    "src/a.c:3:5: error: expected ';' before '}' token",
    "src/a.c:7:1: warning: unused variable 'x' [-Wunused-variable]",
    "m.py:3: error: Incompatible return value type  [return-value]",
    "--- FAIL: TestAdd (0.00s)",
    "panic: runtime error: index out of range",
    "thread 'main' panicked at src/lib.rs:3:5:",
    "error[E0308]: mismatched types",
    "  --> src/lib.rs:3:5",
    "Traceback (most recent call last):",
    "ValueError: bad value",
    "warning: deprecated option --foo",
    "make: *** [Makefile:3: test] Error 1",
    "commit 0123456789abcdef0123456789abcdef01234567",
    "=================== test session starts ===================",
)
#: ANSI colour codes (SGR), which recorded outputs hold (tsc --pretty, terraform).
COLOUR = re.compile(r"\x1b\[[0-9;]*m")
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=60)
LINES = st.lists(st.one_of(st.sampled_from(TOOL_LINES), TEXT), max_size=60)
# Real outputs too: a recorded run's lines, cut and shuffled into the random ones.
RECORDED = sorted(CORPUS.glob("*/*/stdout.txt"))


def _recorded(index: int, start: int, length: int) -> list[str]:
    lines = RECORDED[index % len(RECORDED)].read_text().splitlines()
    return lines[start % max(1, len(lines)) :][:length]


@st.composite
def outputs(draw: st.DrawFn) -> list[str]:
    lines = draw(LINES)
    if draw(st.booleans()):
        chunk = _recorded(
            draw(st.integers(0, 10_000)), draw(st.integers(0, 400)), draw(st.integers(0, 120))
        )
        at = draw(st.integers(0, len(lines)))
        lines = lines[:at] + chunk + lines[at:]
    return lines


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    argv=st.sampled_from(COMMANDS),
    lines=outputs(),
    exit_code=st.sampled_from([0, 1, 2, 101, 124, -9, -15]),
    on_stderr=st.booleans(),
)
# Found by this test: failures listed by an output cut short before its counts were not in
# the summary ("ran 0.01s, closing summary missing (exit 1)").
# A compiler error after libtest's "ok" line, without cargo's "could not compile":
# the summary named "1 error" while the report's counts said none.
@example(
    argv=["npm", "test"],
    lines=[
        "test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out;"
        " finished in 0.00s",
        "error[E0308]: mismatched types",
        "  --> src/lib.rs:3:5",
    ],
    exit_code=1,
    on_stderr=False,
)
@example(argv=["npm", "test"], lines=["--- FAIL: TestAdd (0.00s)"], exit_code=1, on_stderr=False)
# Found by this test: make's failed target after its tests all passed read "3 passed (exit 1)".
@example(
    argv=["make"],
    lines=["===== 3 passed in 0.10s =====", "make: *** [Makefile:3: test] Error 1"],
    exit_code=1,
    on_stderr=False,
)
# Found by this test: a line's colour codes (tsc --pretty) are not part of the answer's line.
@example(
    argv=["pytest", "-q"],
    lines=["\x1b[96msrc/a.ts\x1b[0m:2:3 - \x1b[91merror\x1b[0m TS2322: Type 'number' is bad."],
    exit_code=1,
    on_stderr=False,
)
# Found by this test: a compiler's error after ruff's "All checks passed!" read "all checks
# passed in 0.01s (exit 1)" (ruff's zero count hid the error line's).
@example(
    argv=["ruff", "check", "."],
    lines=["All checks passed!", "src/a.c:3:5: error: expected ';' before '}' token"],
    exit_code=1,
    on_stderr=False,
)
def test_the_answer_never_hides_a_failure(argv, lines, exit_code, on_stderr):
    text = "".join(f"{x}\n" for x in lines)
    raw = CapturedRun(
        argv=tuple(argv),
        exit_code=exit_code,
        stdout="" if on_stderr else text,
        stderr=text if on_stderr else "",
        duration_ms=5,
        merged=text,
    )
    with tempfile.TemporaryDirectory() as home:
        parsed, tool, detected = analyse(PARSERS, raw, home)
        report = build_report(
            RunOutput(
                argv=raw.argv,
                exit_code=exit_code,
                duration_ms=5,
                merged=text,
                raw_bytes=text.encode(),
            ),
            parsed,
            tool=tool,
            home=home,
            cwd=home,
            detected=detected,
        )
        saved = Path(report.raw_path).read_text() if report.raw_path else None
    summary = report.summary
    assert f"exit {exit_code}" in summary
    if exit_code != 0:
        # Never a success: the failure is named, or the summary says none was parsed.
        assert "no failures parsed" in summary or any(
            word in summary for word in ("failed", "error", "xpassed", "collection", "killed")
        ), summary
        for key in ("failed", "errors"):
            value = getattr(report, key)
            assert (
                value is None
                or value > 0
                or "no failures parsed" in summary
                or any(getattr(report, k) for k in ("failed", "errors", "xpassed"))
                or report.failures
                or "collection" in summary
            ), (key, summary)
    answer = json.dumps(to_jsonable(report), ensure_ascii=False)
    # A line is in the answer as prx shows every line: without its colour codes.
    missing = [
        line
        for line in lines
        if ERROR_LINE.search(line)
        and json.dumps(COLOUR.sub("", line), ensure_ascii=False)[1:-1] not in answer
    ]
    if missing:
        assert report.omitted_lines >= 1, missing
        assert saved == text, "what the answer leaves out is on disk"
