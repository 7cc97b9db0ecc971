"""``prx run`` exits with its command's exit code, so ``prx run pytest && deploy`` is safe.

Through the real CLI: the shell sees the command's status (128 + N for signal N, 124 for
a timeout, 127 and 126 when the command cannot start), ``--exit-zero`` restores exit 0,
and prx's own errors keep theirs.
"""

from __future__ import annotations

import json
import sys

from envelopes import assert_error, assert_ok

PY = sys.executable
#: Lines printed first, so that the output is larger than its answer.
LINES = "print('\\n'.join(f'line {i}' for i in range(300)), flush=True); "


def test_a_failing_command_fails_prx_run(run_cli, tmp_path):
    run = run_cli("run", PY, "-c", LINES + "import sys; sys.exit(3)", cwd=tmp_path)
    assert run.exit_code == 3
    data = assert_ok(run.envelope, "run")  # prx itself did its job: status ok
    assert data["exit_code"] == 3 and data["summary"].startswith("exit 3")


def test_exit_zero_gives_the_old_behaviour(run_cli, tmp_path):
    run = run_cli("run", "--exit-zero", PY, "-c", "import sys; sys.exit(3)", cwd=tmp_path)
    assert run.exit_code == 0
    assert assert_ok(run.envelope, "run")["exit_code"] == 3


def test_a_passing_command_exits_zero(run_cli, tmp_path):
    run = run_cli("run", PY, "-c", "print('fine')", cwd=tmp_path)
    assert run.exit_code == 0 and assert_ok(run.envelope, "run")["exit_code"] == 0


def test_shell_and_scripts_see_the_status(run_cli, tmp_path):
    """The reproduction: `prx run pytest && deploy` must not deploy."""
    code = "import sys; from prx.frontends.cli import main; sys.exit(main())"
    (tmp_path / "prx_cli.py").write_text(code)
    script = f"{PY} prx_cli.py run {PY} -c 'import sys; sys.exit(1)' > out.json && touch deployed"
    run = run_cli("run", "--exit-zero", "sh", "-c", script, cwd=tmp_path)
    assert assert_ok(run.envelope, "run")["exit_code"] == 1
    assert not (tmp_path / "deployed").exists()
    assert json.loads((tmp_path / "out.json").read_text())["data"]["exit_code"] == 1


def test_a_child_killed_by_a_signal_gives_128_plus_the_signal(run_cli, tmp_path):
    code = LINES + "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"
    run = run_cli("run", PY, "-c", code, cwd=tmp_path)
    assert run.exit_code == 128 + 9
    data = assert_ok(run.envelope, "run")
    assert data["exit_code"] == -9 and "killed by SIGKILL" in data["summary"]


def test_a_timeout_gives_124_like_timeout_1(run_cli, tmp_path):
    run = run_cli("run", "--timeout", "0.5", PY, "-c", "import time; time.sleep(60)", cwd=tmp_path)
    assert run.exit_code == 124
    assert assert_ok(run.envelope, "run")["timed_out"] is True


def test_a_timeout_with_exit_zero_exits_zero(run_cli, tmp_path):
    run = run_cli(
        "run",
        "--exit-zero",
        "--timeout",
        "0.5",
        PY,
        "-c",
        "import time; time.sleep(60)",
        cwd=tmp_path,
    )
    assert run.exit_code == 0 and assert_ok(run.envelope, "run")["timed_out"] is True


def test_a_missing_program_exits_127_like_a_shell(run_cli, tmp_path):
    run = run_cli("run", "no-such-program-xyz", cwd=tmp_path)
    assert run.exit_code == 127
    assert_error(run.envelope, "run", "file_not_found")


def test_a_program_that_is_not_executable_is_permission_denied(run_cli, tmp_path):
    (tmp_path / "script.sh").write_text("echo hi\n")  # no execute bit, for root too
    run = run_cli("run", "./script.sh", cwd=tmp_path)
    assert run.exit_code == 126
    assert_error(run.envelope, "run", "permission_denied")


def test_prx_usage_errors_keep_exit_2(run_cli, tmp_path):
    run = run_cli("run", "--timeout", "soon", "true", cwd=tmp_path)
    assert run.exit_code == 2
    assert_error(run.envelope, "run", "invalid_argument")


def test_a_batch_exits_zero_and_each_line_carries_its_exit_code(run_cli, tmp_path):
    lines = [
        {"cmd": "run", "id": 1, "command": [PY, "-c", "import sys; sys.exit(3)"]},
        {"cmd": "run", "id": 2, "command": [PY, "-c", "pass"]},
    ]
    run = run_cli("batch", input="".join(json.dumps(x) + "\n" for x in lines), cwd=tmp_path)
    assert run.exit_code == 0
    assert [e["data"]["exit_code"] for e in run.lines] == [3, 0]
