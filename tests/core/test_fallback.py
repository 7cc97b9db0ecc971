"""The fallback system: internal failures answer with the Unix tool's output."""

from __future__ import annotations

import io
import json

import locations
import pytest

from envelopes import assert_error, assert_ok

SAMPLES = locations.SAMPLES


@pytest.fixture
def explode(plugin_dist, monkeypatch):
    monkeypatch.setenv("PRX_DISABLE_PLUGIN_AUTOLOAD", "0")
    plugin_dist(
        "explode",
        "explode_plugin",
        modules={"explode_plugin": (SAMPLES / "explode_plugin.py").read_text()},
    )


def test_a_failing_plugin_command_falls_back(run_cli, explode, prx_home, tmp_path):
    run = run_cli("explode", "kaboom", cwd=tmp_path)
    assert run.exit_code == 0
    env = run.envelope
    assert env["fallback"] is True
    data = assert_ok(env, "explode")
    assert data["raw"] == "fallback-says kaboom\n"
    assert data["source"] == "echo fallback-says kaboom"
    assert "blew up on purpose" in data["error"]
    record = json.loads((prx_home / "errors.jsonl").read_text().splitlines()[-1])
    assert record["command"] == "explode"
    assert record["fallback_cmd"] == "echo fallback-says kaboom"
    assert record["fallback_bytes"] == len("fallback-says kaboom\n")
    assert record["args"] == ["explode", "kaboom"]
    assert "RuntimeError: the plugin blew up on purpose" in record["error"]
    assert isinstance(record["ts"], int)


def test_no_fallback_flag_reports_the_internal_error(run_cli, explode, tmp_path):
    run = run_cli("explode", "--no-fallback", cwd=tmp_path)
    assert run.exit_code == 1
    error = assert_error(run.envelope, "explode", "internal_error")
    assert "blew up on purpose" in error["message"]


def test_destructive_commands_never_fall_back(run_cli, explode, tmp_path):
    run = run_cli("smash", cwd=tmp_path)
    assert run.exit_code == 1
    assert_error(run.envelope, "smash", "internal_error")
    assert "must-not-run" not in run.stdout


def test_each_batch_line_falls_back_on_its_own(run_cli, explode, repo):
    lines = "\n".join(
        [
            json.dumps({"cmd": "explode", "id": 1, "word": "one"}),
            json.dumps({"cmd": "read", "id": 2, "path": "README.md"}),
        ]
    )
    out = run_cli("batch", cwd=repo, input=lines).lines
    assert (
        out[0]["fallback"] is True
        and out[0]["id"] == 1
        and out[0]["data"]["raw"] == "fallback-says one\n"
    )
    assert out[1]["status"] == "ok" and "fallback" not in out[1]


def _cli(repo, *argv):
    from prx.app.workspace import Workspace
    from prx.core.config import Config
    from prx.frontends.cli.frontend import CliFrontend

    stdout = io.StringIO()
    ws = Workspace(
        repo,
        config=Config.from_env(
            {"PRX_HOME": str(repo / ".home"), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )
    code = CliFrontend(ws, stdout=stdout).main(list(argv))
    return code, json.loads(stdout.getvalue())


@pytest.mark.parametrize(
    ("argv", "target", "expected_source"),
    [
        (("read", "src/app.py"), "prx.commands.read.engine.read_file", "cat -- src/app.py"),
        (
            ("read", "src/app.py", "--lines", "4-5"),
            "prx.commands.read.engine.read_file",
            "sed -n 4,5p -- src/app.py",
        ),
        (
            ("find", "src", "--pattern", "*.py"),
            "prx.commands.find.engine.find_files",
            "find ./src -type f -name '*.py'",
        ),
        (
            ("exists", "getcwd", "src"),
            "prx.commands.exists.engine.check_exists",
            "grep -rlF -- getcwd src",
        ),
    ],
)
def test_builtin_commands_fall_back_to_their_unix_equivalent(
    repo, monkeypatch, argv, target, expected_source
):
    module, _, name = target.rpartition(".")

    def broken(*args, **kwargs):
        raise IndexError("simulated bug")

    monkeypatch.setattr(f"{module}.{name}", broken)
    monkeypatch.chdir(repo)
    code, env = _cli(repo, *argv)
    assert code == 0 and env["fallback"] is True
    assert env["data"]["source"] == expected_source
    if argv[0] == "read" and len(argv) == 2:
        assert env["data"]["raw"] == (repo / "src/app.py").read_text()
    if "--lines" in argv:
        assert env["data"]["raw"] == "def main():\n    return os.getcwd()\n"
    if argv[0] == "find":
        assert sorted(env["data"]["raw"].split()) == ["./src/app.py", "./src/util/helpers.py"]
    if argv[0] == "exists":
        assert env["data"]["raw"] == "src/app.py\n"
    log = (repo / ".home" / "errors.jsonl").read_text()
    assert "IndexError: simulated bug" in log


def test_user_errors_never_fall_back(repo, monkeypatch):
    monkeypatch.chdir(repo)
    code, env = _cli(repo, "read", "missing.py")
    assert code == 1 and env["error"]["code"] == "file_not_found"
    assert not (repo / ".home" / "errors.jsonl").exists()


def test_fallback_output_is_capped_by_the_budget_with_a_marker(repo, monkeypatch):
    def broken(*args, **kwargs):
        raise IndexError("simulated bug")

    monkeypatch.setattr("prx.commands.read.engine.read_file", broken)
    monkeypatch.chdir(repo)
    code, env = _cli(repo, "read", "src/util/helpers.py", "--budget", "60")
    data = env["data"]
    assert data["truncated"] is True and data["omitted_lines"] > 0
    assert data["raw_bytes"] == (repo / "src/util/helpers.py").stat().st_size
    assert "more lines cut by the budget" in data["raw"]


def test_the_fallback_runs_in_the_workspace_root_not_the_process_directory(
    repo, monkeypatch, tmp_path
):
    # An MCP server started with --root elsewhere: the fallback's relative paths are the
    # root's, never the process directory's (which would also step out of the root).
    import prx
    from prx.app.dispatch import invoke

    def broken(*args, **kwargs):
        raise IndexError("simulated bug")

    monkeypatch.setattr("prx.commands.read.engine.read_file", broken)
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "src" / "util").mkdir(parents=True)
    (elsewhere / "src" / "util" / "helpers.py").write_text("NOT THE ROOT'S FILE\n")
    monkeypatch.chdir(elsewhere)
    ws = prx.Workspace(repo)
    op = ws.registry.operation("read")
    outcome = invoke(ws, op, op.params(path="src/util/helpers.py"))
    envelope = outcome.envelope
    assert envelope["fallback"] is True
    assert envelope["data"]["raw"] == (repo / "src/util/helpers.py").read_text()
