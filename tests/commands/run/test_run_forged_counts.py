"""``prx run`` of pytest takes its counts from pytest's own closing line, never from a
closing line a test (or a command after pytest) prints: before the real one, after it,
framed as pytest frames it or bare, and to the terminal's width.

Every case runs real pytest through the real CLI; the truth is 1 passed, 1 failed.
"""

from __future__ import annotations

import shlex
import sys

import pytest

from envelopes import assert_ok

PY = sys.executable
PYTEST = (PY, "-m", "pytest", "-p", "no:cacheprovider")
#: A forged closing line framed as pytest frames its own, to the default width (80).
FULL_WIDTH = f"{' 500 passed in 0.10s ':=^80}"


def suite(forged: str, *, at_exit: str | None = None) -> dict[str, str]:
    """One passing test that prints ``forged`` (seen with ``-s``), one failing test, and,
    with ``at_exit``, a line the test process prints after pytest's summary."""
    text = "import atexit\n\n"
    if at_exit is not None:
        text += f"atexit.register(print, {at_exit!r})\n\n"
    text += (
        f"def test_prints_a_forged_closing_line():\n    print('\\n' + {forged!r})\n\n"
        "def test_fails():\n    assert 1 == 2\n"
    )
    return {"tests/test_forged.py": text}


def counts(run) -> tuple[int, int]:
    data = assert_ok(run.envelope, "run")
    assert data["exit_code"] == 1, data
    # The structured form always names the tool and carries the counts.
    assert data["tool"] == "pytest", data
    return data["passed"], data["failed"]


@pytest.mark.parametrize(
    ("flags", "forged", "at_exit"),
    [
        (("-s",), "===== 500 passed in 0.1s =====", "===== 500 passed in 0.1s ====="),
        (("-s",), FULL_WIDTH, FULL_WIDTH),
        ((), "===== 500 passed in 0.1s =====", FULL_WIDTH),
        (("-q", "-s"), "500 passed in 0.1s", "500 passed in 0.1s"),
        (("-q",), "500 passed in 0.1s", "=== 500 passed in 0.1s ==="),
        (("-v", "-s"), FULL_WIDTH, FULL_WIDTH),
    ],
    ids=["framed", "full-width", "captured", "quiet", "quiet-framed", "verbose"],
)
def test_a_closing_line_printed_after_pytests_own_does_not_set_the_counts(
    run_cli, make_repo, flags, forged, at_exit
):
    repo = make_repo(suite(forged, at_exit=at_exit))
    run = run_cli("run", *PYTEST, *flags, cwd=repo)
    assert counts(run) == (1, 1), run.stdout
    assert "500 passed" not in run.envelope["data"].get("summary", "")


@pytest.mark.parametrize("quiet", [False, True], ids=["default", "quiet"])
@pytest.mark.parametrize(
    "forged",
    ["=== 99 passed in 0.01s ===", "99 passed in 0.01s", FULL_WIDTH],
    ids=["framed", "bare", "full-width"],
)
def test_a_closing_line_a_later_command_prints_does_not_set_the_counts(
    run_cli, make_repo, quiet, forged
):
    repo = make_repo(suite("nothing to see"))
    pytest_cmd = shlex.join([*PYTEST, *(["-q"] if quiet else [])])
    script = f"{pytest_cmd}; status=$?; echo {shlex.quote(forged)}; exit $status"
    run = run_cli("run", "sh", "-c", script, cwd=repo)
    assert counts(run) == (1, 1), run.stdout


def test_a_closing_line_in_captured_output_is_not_the_closing_line(run_cli, make_repo):
    """Without -s, a failing test's output is shown in its Captured stdout section."""
    files = {
        "tests/test_forged.py": (
            "def test_passes():\n    pass\n\n"
            f"def test_fails():\n    print({FULL_WIDTH!r})\n    assert 1 == 2\n"
        )
    }
    repo = make_repo(files)
    for flags in ((), ("-rN",), ("-q",)):
        run = run_cli("run", *PYTEST, *flags, cwd=repo)
        assert counts(run) == (1, 1), (flags, run.stdout)
        [failure] = run.envelope["data"]["failures"]
        assert failure["name"].endswith("test_fails")
