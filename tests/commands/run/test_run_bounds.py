"""``prx run`` answers stay bounded, whatever the command prints.

- ``--budget N`` is a hard cap on the whole envelope: over-long lines are cut with a marker
  that counts the characters left out, and every count says what was cut.
- Without a budget the answer still has a ceiling (``DEFAULT_CEILING``), and the raw log
  keeps the whole output whenever anything was cut.
- prx's memory does not grow with the output: it is spooled to the raw log as it arrives.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from prx.commands.run.engine import MIN_BUDGET
from prx.commands.run.text import RAW_SLACK
from prx.core.tokens import count_exact
from prx.engine.runner.report import DEFAULT_CEILING

from envelopes import assert_error, assert_ok

PY = sys.executable
TEN_LONG_LINES = "for i in range(10): print(str(i) * 10000)"


def test_a_budget_caps_the_whole_envelope_even_with_over_long_lines(run_cli, tmp_path):
    """The reproduction: ten 10,000-character lines under --budget 300 came back whole."""
    run = run_cli("run", "--budget", "300", PY, "-c", TEN_LONG_LINES, cwd=tmp_path)
    assert count_exact(run.stdout.strip()) <= 300
    data = assert_ok(run.envelope, "run", exact=True)
    assert run.envelope["tokens"] <= 300
    lines = data["tail"].splitlines()
    # The last line's start, cut with a marker; the nine before it counted, not claimed.
    assert lines[0] == "[prx: 9 earlier lines omitted]"
    shown, cut = re.fullmatch(r"(9+) \[prx: (\d+) characters omitted\]", lines[1]).groups()
    assert len(shown) + int(cut) == 10000 and data["omitted_chars"] == int(cut)
    assert len(lines) == 2
    assert data["output_lines"] == 10 and data["omitted_lines"] == 10  # none shown whole
    assert Path(data["raw_path"]).read_text() == "".join(str(i) * 10000 + "\n" for i in range(10))


def test_without_a_budget_lines_are_cut_and_the_answer_has_a_ceiling(run_cli, tmp_path):
    code = "for i in range(200): print(chr(97 + i % 26) * 10000)"
    run = run_cli("run", PY, "-c", code, cwd=tmp_path)
    data = assert_ok(run.envelope, "run")
    assert run.envelope["tokens"] <= DEFAULT_CEILING
    assert len(run.stdout) < 4 * DEFAULT_CEILING + 1000
    tail = data["tail"].splitlines()
    assert re.fullmatch(r"\[prx: \d+ earlier lines omitted\]", tail[0])
    assert all(x.endswith("characters omitted]") for x in tail[1:])
    assert data["omitted_lines"] == 200 and data["omitted_chars"] > 0
    assert Path(data["raw_path"]).stat().st_size == 200 * 10001


def test_a_budget_too_small_for_any_answer_runs_nothing(run_cli, tmp_path):
    budget = str(MIN_BUDGET - 1)
    run = run_cli("run", "--budget", budget, PY, "-c", "open('ran', 'w')", cwd=tmp_path)
    assert run.exit_code == 1
    error = assert_error(run.envelope, "run", "budget_exceeded")
    assert str(MIN_BUDGET) in error["suggestion"]
    assert not (tmp_path / "ran").exists()


def test_the_smallest_budget_fits_even_a_huge_command_line(run_cli, tmp_path):
    # 300 lines printed: the answer is the full one, with the command, cut to fit, and the
    # raw log's path, which is as short as ~/.prx's here.
    script = "i=0; while [ $i -lt 300 ]; do echo line $i; i=$((i+1)); done"
    with tempfile.TemporaryDirectory() as home:
        run = run_cli(
            *("run", "--budget", str(MIN_BUDGET), "sh", "-c", script, "x" * 30000),
            cwd=tmp_path,
            env={"PRX_HOME": home},
        )
    data = assert_ok(run.envelope, "run", exact=True)
    assert run.envelope["tokens"] <= MIN_BUDGET
    assert data["command"][0] == "sh" and data["command"][-1].endswith(" omitted]")


def test_a_huge_command_line_is_no_cost_to_a_tiny_output(run_cli, tmp_path):
    """The JSON answer keeps the command, its long argument cut to the budget with a marker;
    the text a model reads says the run in one line (the command is the agent's own)."""
    script = "true " + "x" * 30000
    run = run_cli("run", "--budget", str(MIN_BUDGET), "sh", "-c", script, cwd=tmp_path)
    data = assert_ok(run.envelope, "run", exact=True)
    assert run.envelope["tokens"] <= MIN_BUDGET and data["exit_code"] == 0
    assert data["command"][:2] == ["sh", "-c"] and data["command"][-1].endswith(" omitted]")
    text = run_cli("--text", "run", "sh", "-c", script, cwd=tmp_path)
    assert text.exit_code == 0 and len(text.stdout.splitlines()) == 1
    assert count_exact(text.stdout) <= RAW_SLACK  # the command printed nothing


def test_budgeted_failures_stay_under_the_cap(run_cli, make_repo):
    repo = make_repo(
        {
            "tests/test_long.py": "import pytest\n\n@pytest.mark.parametrize('n', range(30))\n"
            "def test_n(n):\n    assert 'a' * 5000 == 'b' * 5000\n"
        }
    )
    run = run_cli("run", "--budget", "500", PY, "-m", "pytest", "-p", "no:cacheprovider", cwd=repo)
    data = assert_ok(run.envelope, "run", exact=True)
    assert run.envelope["tokens"] <= 500
    assert data["failed"] == 30 and len(data["failures"]) + data["failures_omitted"] == 30


def test_one_huge_line_gives_a_bounded_answer_and_the_whole_raw_log(run_cli, tmp_path):
    """The reproduction: a 50 MB line came back whole, with no raw log."""
    run = run_cli("run", PY, "-c", "print('x' * 50_000_000)", cwd=tmp_path)
    assert len(run.stdout) < 20_000
    data = assert_ok(run.envelope, "run")
    assert data["output_lines"] == 1 and data["omitted_lines"] == 1
    shown = data["tail"]
    assert shown.startswith("xxx") and shown.endswith(" bytes omitted]")
    assert data["omitted_chars"] + shown.index(" [prx: ") == 50_000_000
    raw = Path(data["raw_path"])
    assert raw.stat().st_size == 50_000_001
    with raw.open("rb") as fh:
        assert fh.read(10) == b"x" * 10
        fh.seek(-2, 2)
        assert fh.read() == b"x\n"
    raw.unlink()  # 50 MB: the test session's directories are kept a while


# ------------------------------------------------------------------ memory

#: prx may not use more than this, however much the command prints.
MEMORY_CEILING_MB = 500
#: The address space prx is given, so that the unbounded version fails fast, not the machine.
ADDRESS_SPACE_MB = 2048

_MEASURE = """
import json, resource, subprocess, sys

def limit():
    size = int(sys.argv[1]) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (size, size))

proc = subprocess.run(sys.argv[2:], capture_output=True, preexec_fn=limit)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
print(json.dumps({"code": proc.returncode, "out": proc.stdout.decode(), "peak_mb": peak}))
"""


def _measured(prx_home: Path, cwd: Path, *args: str) -> tuple[int, dict, int]:
    """Run the CLI under an address-space limit; its exit code, envelope and peak RSS."""
    import os

    code = "import sys; from prx.frontends.cli import main; sys.exit(main())"
    proc = subprocess.run(
        [PY, "-c", _MEASURE, str(ADDRESS_SPACE_MB), PY, "-c", code, *args],
        cwd=cwd,
        env=dict(os.environ, PRX_HOME=str(prx_home)),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result = json.loads(proc.stdout)
    return result["code"], json.loads(result["out"]), result["peak_mb"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and ru_maxrss in KiB")
def test_memory_stays_bounded_however_much_is_printed(prx_home, tmp_path):
    # 100 MB of two-byte lines: fifty million of them.
    flood = (
        "import sys\nchunk = b'y\\n' * 2**20\nfor _ in range(50): sys.stdout.buffer.write(chunk)"
    )
    exit_code, envelope, peak_mb = _measured(prx_home, tmp_path, "run", PY, "-c", flood)
    assert exit_code == 0, envelope
    data = assert_ok(envelope, "run")
    assert peak_mb < MEMORY_CEILING_MB
    assert data["output_lines"] == 50 * 2**20
    assert "output too large to hold" in data["summary"]
    # the first 10 and the last 20 lines are shown
    assert data["omitted_lines"] == data["output_lines"] - 30
    raw = Path(data["raw_path"])
    assert raw.stat().st_size == 100 * 2**20  # the whole output, on disk
    raw.unlink()
    assert len(json.dumps(envelope)) < 10_000


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and ru_maxrss in KiB")
def test_yes_under_a_timeout_stays_bounded(prx_home, tmp_path):
    """The reproduction: `prx run --timeout 2 yes` peaked at 14.4 GB."""
    exit_code, envelope, peak_mb = _measured(prx_home, tmp_path, "run", "--timeout", "1", "yes")
    assert exit_code == 124, envelope
    data = assert_ok(envelope, "run")
    assert data["timed_out"] is True and peak_mb < MEMORY_CEILING_MB
    assert data["omitted_lines"] > 0 and Path(data["raw_path"]).is_file()
    assert "output too large to hold" in data["summary"]
    Path(data["raw_path"]).unlink()
