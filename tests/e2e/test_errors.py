"""Bad input answers an error envelope with the right code, suggestion and exit code."""

from __future__ import annotations

import os

import pytest

from envelopes import assert_error


def test_missing_file_is_file_not_found_exit_1(run_cli, repo):
    run = run_cli("read", "nope.py", cwd=repo)
    assert run.exit_code == 1 and run.stderr == ""
    error = assert_error(run.envelope, "read", "file_not_found")
    assert "nope.py" in error["message"] and "prx find" in error["suggestion"]


def test_unknown_flag_is_a_usage_error_exit_2(run_cli, repo):
    run = run_cli("read", "README.md", "--bogus", cwd=repo)
    assert run.exit_code == 2
    error = assert_error(run.envelope, "read", "invalid_argument")
    assert "--bogus" in error["message"] and "--help" in error["suggestion"]


def test_missing_positional_is_a_usage_error(run_cli, repo):
    run = run_cli("read", cwd=repo)
    assert run.exit_code == 2
    assert_error(run.envelope, "read", "invalid_argument")


def test_unknown_command_is_invalid_command_exit_2(run_cli, repo):
    run = run_cli("frobnicate", cwd=repo)
    assert run.exit_code == 2
    error = assert_error(run.envelope, "frobnicate", "invalid_command")
    assert "read" in error["suggestion"]


def test_no_command_prints_usage_exit_2(run_cli):
    run = run_cli()
    assert run.exit_code == 2 and "usage: prx" in run.stdout


@pytest.mark.parametrize(
    ("lines", "code", "exit_code"),
    [
        ("50-10", "invalid_range", 1),
        ("99", "invalid_range", 1),
        ("0-3", "invalid_range", 1),
        ("abc", "invalid_argument", 2),
    ],
)
def test_bad_ranges(run_cli, repo, lines, code, exit_code):
    run = run_cli("read", "src/app.py", "--lines", lines, cwd=repo)
    assert run.exit_code == exit_code
    assert_error(run.envelope, "read", code)


def test_binary_file_is_io_error(run_cli, repo):
    run = run_cli("read", "data.bin", cwd=repo)
    assert run.exit_code == 1
    error = assert_error(run.envelope, "read", "io_error")
    assert "binary" in error["message"]


def test_directory_is_io_error_with_find_hint(run_cli, repo):
    error = assert_error(run_cli("read", "src", cwd=repo).envelope, "read", "io_error")
    assert error["message"] == "is a directory: src"
    assert "`prx find`" in error["suggestion"]


def test_bad_if_changed_hash(run_cli, repo):
    run = run_cli("read", "README.md", "--if-changed", "xyz", cwd=repo)
    assert run.exit_code == 2
    assert_error(run.envelope, "read", "invalid_argument")


def test_budget_too_small_is_budget_exceeded(run_cli, repo):
    run = run_cli("read", "src/util/helpers.py", "--budget", "60", cwd=repo)
    assert run.exit_code == 1
    error = assert_error(run.envelope, "read", "budget_exceeded")
    assert "--budget" in error["suggestion"]


def test_find_missing_path(run_cli, repo):
    assert_error(run_cli("find", "nowhere", cwd=repo).envelope, "find", "file_not_found")


def test_find_bad_depth(run_cli, repo):
    run = run_cli("find", ".", "--max-depth", "0", cwd=repo)
    assert run.exit_code == 2
    assert_error(run.envelope, "find", "invalid_argument")


def test_exists_bad_mode_is_rejected_by_choices(run_cli, repo):
    run = run_cli("exists", "x", "--mode", "fuzzy", cwd=repo)
    assert run.exit_code == 2
    assert_error(run.envelope, "exists", "invalid_argument")


def test_continuation_token_from_another_request_is_refused(run_cli, repo):
    # The answer names the root, so the budget that cuts it depends on the temporary path;
    # and under a budget tokens are counted exactly (without one, estimated from bytes):
    # the whole answer's exact count, less one, cuts it.
    whole = run_cli("find", "src", "--tree", "--flat", "--budget", "100000", cwd=repo).envelope
    budget = str(whole["tokens"] - 1)
    first = run_cli("find", "src", "--tree", "--flat", "--budget", budget, cwd=repo).envelope
    assert first["status"] == "ok", (first.get("error"), whole["tokens"])
    token = first["data"]["continuation_token"]
    assert token
    run = run_cli("find", "docs", "--continue", token, cwd=repo)
    assert_error(run.envelope, "find", "invalid_argument")
    garbage = run_cli("find", "src", "--continue", "!!!", cwd=repo)
    assert_error(garbage.envelope, "find", "invalid_argument")


def test_permission_denied(repo, monkeypatch):
    # As root chmod cannot deny a read, so make the OS call fail the way it would.
    import prx
    from prx.core.errors import PermissionDeniedError

    def refuse(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("prx.engine.files.text.open", refuse, raising=False)
    with pytest.raises(PermissionDeniedError) as info:
        prx.Workspace(repo).read("README.md")
    assert info.value.code == "permission_denied"


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_permission_denied_through_the_cli(run_cli, repo):
    target = repo / "secret.txt"
    target.write_text("x")
    target.chmod(0)
    assert_error(run_cli("read", "secret.txt", cwd=repo).envelope, "read", "permission_denied")


def test_a_fifo_is_refused_not_waited_on(make_repo, run_cli):
    repo = make_repo({})
    os.mkfifo(repo / "pipe")
    run = run_cli("read", "pipe", cwd=repo, timeout=20)
    error = assert_error(run.envelope, "read", "io_error")
    assert "not a regular file" in error["message"]


def test_a_nul_byte_in_a_batch_line_does_not_stop_the_batch(run_cli, repo):
    import json

    lines = [
        json.dumps({"cmd": "read", "id": 1, "path": "a\u0000b"}),
        json.dumps({"cmd": "read", "id": 2, "path": "README.md"}),
    ]
    out = run_cli("batch", cwd=repo, input="\n".join(lines) + "\n").lines
    assert [line["id"] for line in out] == [1, 2] and out[1]["status"] == "ok"
