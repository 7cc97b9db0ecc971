"""Multicall names, --version, --help, the stats records."""

from __future__ import annotations

import json

import pytest

from envelopes import assert_ok


@pytest.mark.parametrize("program", ["prx-read", "/usr/local/bin/prx-read", "prx-read.exe"])
def test_multicall_program_name_selects_the_command(run_cli, repo, program):
    run = run_cli("README.md", cwd=repo, program=program)
    assert_ok(run.envelope, "read")


def test_multicall_find(run_cli, repo):
    assert_ok(run_cli(".", "--flat", cwd=repo, program="prx-find").envelope, "find")


def test_version(run_cli):
    import prx

    run = run_cli("--version")
    assert run.exit_code == 0 and run.stdout.strip() == f"prx {prx.__version__}"


def test_subcommand_help(run_cli):
    run = run_cli("read", "--help")
    assert run.exit_code == 0 and "--lines" in run.stdout and "--budget" in run.stdout


def test_global_flags_anywhere(run_cli, repo):
    assert run_cli("--plain", "exists", "README.md", cwd=repo).stdout.startswith("yes")


def test_stats_record_each_call_against_the_unix_baseline(run_cli, repo, prx_home):
    run_cli("read", "src/util/helpers.py", cwd=repo)
    run_cli("read", "src/util/helpers.py", "--if-changed", "0" * 32, cwd=repo)
    run_cli("find", ".", cwd=repo)
    run_cli("read", "missing.py", cwd=repo)  # errors are not recorded
    records = [json.loads(line) for line in (prx_home / "stats.jsonl").read_text().splitlines()]
    assert [r["command"] for r in records] == ["read", "read", "find"]
    size = (repo / "src/util/helpers.py").stat().st_size
    assert records[0]["baseline_tokens"] == size // 4
    assert records[0]["baseline_command"] == "cat -- src/util/helpers.py"
    assert all(r["tokens"] > 0 for r in records)
    data = run_cli("stats", cwd=repo).envelope["data"]
    all_time = data["periods"][2]
    assert all_time["calls"] == 3
    assert all_time["tokens_baseline"] == sum(r["baseline_tokens"] for r in records)
    assert all_time["tokens_saved"] == all_time["tokens_baseline"] - all_time["tokens_returned"]
    assert data["by_command"] == [] and [f["frontend"] for f in data["by_frontend"]] == ["cli"]
    commands = run_cli("stats", "--by-command", cwd=repo).envelope["data"]
    assert [c["command"] for c in commands["by_command"]] == ["read", "find"]
    assert commands["periods"] == [] and commands["by_frontend"] == []
    # stats does not count itself: asking twice gives the same figures.
    assert run_cli("stats", cwd=repo).envelope["data"]["periods"][2]["calls"] == 3


def test_state_paths_expand_the_home_directory(monkeypatch, tmp_path):
    from prx.core.config import Config

    monkeypatch.setenv("HOME", str(tmp_path))
    config = Config.from_env({"PRX_STATS_FILE": "~/s.jsonl", "PRX_ERRORS_FILE": "~/e.jsonl"})
    assert (config.stats_file, config.errors_file) == (
        str(tmp_path / "s.jsonl"),
        str(tmp_path / "e.jsonl"),
    )


def test_stats_periods_and_malformed_lines(tmp_path):
    from prx.commands.stats.engine import summarize
    from prx.core.config import Config

    stats = tmp_path / "stats.jsonl"
    now = 1_000_000.0
    rows = [
        {"ts": now - 10, "command": "read", "tokens": 10, "baseline_tokens": 110},
        {"ts": now - 7200, "command": "find", "tokens": 20, "baseline_tokens": 70},
        {"ts": now - 200000, "command": "read", "tokens": 5, "baseline_tokens": 5},
    ]
    stats.write_text("\n".join(json.dumps(r) for r in rows) + "\nnot json\n")
    config = Config.from_env({"PRX_HOME": str(tmp_path), "PRX_STATS_FILE": str(stats)})
    res = summarize(config, now=now)
    got = {p.label: (p.calls, p.tokens_saved, p.savings_percent) for p in res.periods}
    assert got == {
        "last_hour": (1, 100, 90.9),
        "last_24h": (2, 150, 83.3),
        "all_time": (3, 150, 81.1),
    }
    assert res.malformed_records == 1
    assert summarize(config, reset=True).reset is True and not stats.exists()


def test_batch_bad_lines_do_not_stop_the_batch(run_cli, repo):
    text = 'not json\n{"cmd": "nope", "id": 7}\n{"id": 8}\n[1]\n{"cmd": "read", "path": "README.md", "bogus": 1}\n{"cmd": "read", "path": "README.md", "budget": "x"}\n\n{"cmd": "exists", "pattern": "README.md"}\n'
    run = run_cli("batch", cwd=repo, input=text)
    assert run.exit_code == 0
    codes = [line.get("error", {}).get("code") for line in run.lines]
    assert codes == [
        "invalid_argument",
        "invalid_command",
        "invalid_command",
        "invalid_argument",
        "invalid_argument",
        "invalid_argument",
        None,
    ]
    assert run.lines[1]["id"] == 7 and run.lines[2]["id"] == 8
    assert run.lines[-1]["data"]["exists"] is True


def test_batch_refuses_a_mode_that_never_returns(run_cli, repo):
    # `index --watch` runs until interrupted: a batch line (or MCP call) would hang.
    text = '{"cmd": "index", "watch": true, "id": 1}\n{"cmd": "index", "watch": false, "id": 2}\n'
    run = run_cli("batch", cwd=repo, input=text, timeout=120)
    refused, built = run.lines
    assert refused["error"]["code"] == "invalid_argument" and refused["id"] == 1
    assert "command line only" in refused["error"]["message"]
    assert "prx index --watch" in refused["error"]["suggestion"]
    assert built["status"] == "ok" and built["id"] == 2


def test_run_keeps_flags_that_belong_to_the_command(run_cli, tmp_path):
    import sys

    env = run_cli(
        "run",
        sys.executable,
        "-c",
        "import sys; print(sys.argv[1:])",
        "-q",
        "--plain",
        "--no-plugins",
        cwd=tmp_path,
    ).envelope
    assert env["status"] == "ok"
    # The command received them (a short output: the answer is the output itself).
    assert env["data"]["tail"] == "['-q', '--plain', '--no-plugins']"


def test_global_flags_before_the_run_command_still_apply(run_cli, tmp_path):
    import sys

    run = run_cli("--plain", "run", sys.executable, "-c", "print(1)", cwd=tmp_path)
    # Plain output: the data for people, not the one-line envelope.
    assert run.exit_code == 0 and '"version"' not in run.stdout and run.stdout.count("\n") > 3


def test_plain_layouts_for_search_run_and_index(run_cli, make_repo):
    import re
    import sys

    repo = make_repo(
        {
            "store.py": "def load_settings(path):\n    return open(path).read()\n",
            "t_test.py": "def test_ok():\n    pass\n\n\ndef test_bad():\n    assert 1 == 2\n",
        }
    )
    search = run_cli("--plain", "search", "load_settings", ".", cwd=repo).stdout
    # The file's header once, then each of its matches: lines, context, relevance, snippet.
    assert "\nstore.py\n  1-2  load_settings  1.000\n" in search
    assert "def load_settings(path)" in search
    assert re.search(r"\n\d+ of \d+ matches, \d+ files searched", search)
    assert '"matches"' not in search
    run = run_cli(
        "--plain", "run", sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=repo
    ).stdout
    assert run.startswith("exit 1") and "1 passed, 1 failed" in run
    assert "FAIL t_test.py::test_bad" in run and "assert 1 == 2" in run
    index = run_cli("--plain", "index", ".", cwd=repo).stdout
    assert "2 files" in index and "chunks" in index and '"status"' not in index


def test_read_only_commands_ask_blas_for_one_thread_and_run_does_not(tmp_path, monkeypatch):
    # A search's one product is small: BLAS's spinning threads only slow it on a busy
    # machine. prx run passes the caller's environment on unchanged.
    import contextlib
    import io
    import os

    from prx.frontends.cli import main

    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    monkeypatch.chdir(tmp_path)
    for name in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        monkeypatch.setenv(name, "0")  # recorded: put back as it was after the test
        monkeypatch.delenv(name)
    with contextlib.redirect_stdout(io.StringIO()):
        main(["run", "--", "true"])
    assert "OPENBLAS_NUM_THREADS" not in os.environ
    with contextlib.redirect_stdout(io.StringIO()):
        main(["search", "f", "."])
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1" == os.environ["MKL_NUM_THREADS"]
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")  # a number the caller chose stays
    with contextlib.redirect_stdout(io.StringIO()):
        main(["search", "f", "."])
    assert os.environ["OPENBLAS_NUM_THREADS"] == "4"


def test_a_reader_that_leaves_early_is_no_traceback(tmp_path):
    # `prx read big.py --budget 0 | head -c 10`: the pipe closes under prx's feet.
    import os
    import subprocess
    import sys

    (tmp_path / "big.py").write_text("x = 1\n" * 50_000)
    read, write = os.pipe()
    os.close(read)
    done = subprocess.run(
        [sys.executable, "-m", "prx", "read", "big.py", "--budget", "0"],
        cwd=tmp_path,
        stdout=write,
        stderr=subprocess.PIPE,
        check=False,
    )
    os.close(write)
    assert done.returncode == 141, done.stderr
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr
