"""The usage log behind ``prx stats``: front-ends, fallbacks, the per-command table,
rotation at the size limit and concurrent writers."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from prx.app.workspace import Workspace
from prx.core.config import Config


def _workspace(root, **env):
    environ = {"PRX_HOME": str(root / ".home"), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1", **env}
    return Workspace(root, config=Config.from_env(environ))


def _cli(ws, *argv, stdin=""):
    from prx.frontends.cli.frontend import CliFrontend

    stdout = io.StringIO()
    code = CliFrontend(ws, stdout=stdout, stdin=io.StringIO(stdin)).main(list(argv))
    return code, stdout.getvalue()


def _records(ws):
    with open(ws.config.stats_file) as fh:
        return [json.loads(line) for line in fh]


def _broken(*args, **kwargs):
    raise IndexError("simulated bug")


def test_each_record_names_its_front_end(repo):
    ws = _workspace(repo)
    _cli(ws, "read", "src/app.py")
    _cli(ws, "batch", stdin=json.dumps({"cmd": "find", "path": "src"}) + "\n")
    from prx.app.dispatch import invoke
    from prx.frontends.mcp.service import McpService

    op = ws.registry.operation("exists")
    McpService(ws).answer(op, {"pattern": "README.md"})
    invoke(ws, op, op.params(pattern="src/app.py"))
    assert [(r["command"], r["frontend"]) for r in _records(ws)] == [
        ("read", "cli"),
        ("find", "batch"),
        ("exists", "mcp"),
        ("exists", "library"),
    ]
    data = json.loads(_cli(ws, "stats")[1])["data"]
    # One call each: ties in name order.
    assert [f["frontend"] for f in data["by_frontend"]] == ["batch", "cli", "library", "mcp"]
    cli = next(f for f in data["by_frontend"] if f["frontend"] == "cli")
    read = _records(ws)[0]
    assert cli["calls"] == 1 and cli["tokens_baseline"] == read["baseline_tokens"]
    assert cli["tokens_saved"] == read["baseline_tokens"] - read["tokens"]


def test_fallback_answers_are_recorded_and_counted(repo, monkeypatch):
    ws = _workspace(repo)
    _cli(ws, "read", "src/app.py")
    _cli(ws, "find", "src")
    monkeypatch.setattr("prx.commands.read.engine.read_file", _broken)
    monkeypatch.chdir(repo)  # the fallback runs in the current directory
    code, out = _cli(ws, "read", "src/util/helpers.py")
    assert code == 0 and json.loads(out)["fallback"] is True
    last = _records(ws)[-1]
    size = (repo / "src/util/helpers.py").stat().st_size
    assert last["fallback"] is True and last["frontend"] == "cli"
    # The baseline is what the Unix tool printed, measured.
    assert (last["baseline_tokens"], last["baseline_strategy"]) == (size // 4, "measured")
    assert last["baseline_command"] == "cat -- src/util/helpers.py"
    assert "fallback" not in _records(ws)[0]
    all_time = json.loads(_cli(ws, "stats")[1])["data"]["periods"][2]
    assert (all_time["calls"], all_time["fallbacks"]) == (3, 1)
    assert all_time["fallback_rate"] == round(1 / 3, 4)
    commands = json.loads(_cli(ws, "stats", "--by-command")[1])["data"]["by_command"]
    read = next(c for c in commands if c["command"] == "read")
    find = next(c for c in commands if c["command"] == "find")
    assert (read["calls"], read["fallbacks"], read["fallback_rate"]) == (2, 1, 0.5)
    assert (find["fallbacks"], find["fallback_rate"]) == (0, 0.0)


def test_no_fallback_errors_are_not_recorded(repo, monkeypatch):
    ws = _workspace(repo)
    monkeypatch.setattr("prx.commands.read.engine.read_file", _broken)
    code, _ = _cli(ws, "--no-fallback", "read", "src/app.py")
    assert code == 1 and not os.path.exists(ws.config.stats_file)


def test_the_by_command_table_alone(repo):
    ws = _workspace(repo)
    for _ in range(2):
        _cli(ws, "read", "src/app.py")
    _cli(ws, "read", "src/app.py", "--hash")
    _cli(ws, "find", "src")
    data = json.loads(_cli(ws, "stats", "--by-command")[1])["data"]
    assert data["periods"] == [] and data["by_frontend"] == []
    read, find = data["by_command"]
    records = [r for r in _records(ws) if r["command"] == "read"]
    assert read["command"] == "read" and read["calls"] == 3
    assert read["tokens_returned"] == sum(r["tokens"] for r in records)
    assert read["tokens_baseline"] == sum(r["baseline_tokens"] for r in records)
    assert read["tokens_saved"] == read["tokens_baseline"] - read["tokens_returned"]
    assert read["baseline_strategies"] == {"measured": 3}
    assert find["command"] == "find" and find["calls"] == 1
    plain = _cli(ws, "--plain", "stats", "--by-command")[1]
    assert "baseline by" in plain and "3 measured" in plain and "0 (0.0%)" in plain
    assert "period" not in plain
    compact = json.loads(_cli(ws, "stats")[1])["data"]
    assert compact["by_command"] == [] and len(compact["periods"]) == 3


def _fill(ws, count):
    from prx.engine.usage.records import append_record
    from prx.plugin.interfaces import Baseline

    for i in range(count):
        append_record(
            ws.config,
            "read",
            10 + i,
            Baseline(tokens=100, strategy="measured", command="cat -- a.py"),
            1.0,
        )


def test_the_log_rotates_at_its_limit_and_stats_read_both_files(tmp_path):
    probe = _workspace(tmp_path, PRX_STATS_FILE=str(tmp_path / "probe.jsonl"))
    _fill(probe, 1)
    line = os.path.getsize(probe.config.stats_file)
    ws = _workspace(tmp_path, PRX_STATS_MAX_BYTES=str(line * 5 + line // 2))
    _fill(ws, 8)
    current, previous = ws.config.stats_file, ws.config.stats_file + ".1"
    assert os.path.getsize(previous) <= ws.config.stats_max_bytes
    assert len(_records(ws)) == 3
    with open(previous) as fh:
        assert len(fh.read().splitlines()) == 5
    all_time = ws.stats().periods[2]
    assert all_time.calls == 8 and all_time.tokens_returned == sum(10 + i for i in range(8))
    assert ws.stats(reset=True).reset
    assert not os.path.exists(current) and not os.path.exists(previous)


_WRITER = """
import sys
from prx.core.config import Config
from prx.plugin.interfaces import Baseline
from prx.engine.usage.records import append_record

config = Config.from_env()
for i in range(int(sys.argv[1])):
    append_record(config, "search", i, Baseline(tokens=7, strategy="lower_bound", command="grep -rnF -- x ."), 1.0,
                  frontend="cli")
"""


@pytest.mark.parametrize("writers", [4])
def test_concurrent_writers_and_a_rotation_leave_whole_lines(tmp_path, writers):
    per_writer = 150
    probe = _workspace(tmp_path, PRX_STATS_FILE=str(tmp_path / "probe.jsonl"))
    _fill(probe, 1)
    line = os.path.getsize(probe.config.stats_file)
    # One rotation: the records overflow the limit once, and not again after it.
    limit = line * writers * per_writer * 6 // 10
    ws = _workspace(tmp_path, PRX_STATS_MAX_BYTES=str(limit))
    env = {
        **os.environ,
        "PRX_HOME": str(tmp_path / ".home"),
        "PRX_STATS_MAX_BYTES": str(limit),
    }
    procs = [
        subprocess.Popen([sys.executable, "-c", _WRITER, str(per_writer)], env=env)
        for _ in range(writers)
    ]
    assert all(p.wait(timeout=120) == 0 for p in procs)
    lines = []
    for name in (ws.config.stats_file + ".1", ws.config.stats_file):
        with open(name, "rb") as fh:
            lines += fh.read().split(b"\n")[:-1]  # each file ends with a newline
    records = [json.loads(raw) for raw in lines]  # every line whole JSON
    assert len(records) == writers * per_writer
    assert all(r["command"] == "search" and r["frontend"] == "cli" for r in records)
    assert ws.stats().periods[2].calls == writers * per_writer
    assert ws.stats().malformed_records == 0
