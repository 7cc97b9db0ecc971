"""Settings from files: ``[tool.prx]`` in pyproject.toml and ``.prx/config.toml`` (the
project), the user's config.toml, the environment and flags, in that order of strength;
``prx config`` shows each setting with its source."""

from __future__ import annotations

import sys

import pytest

import prx
from prx.core.config import Config, resolve, user_config_files


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def layered(tmp_path):
    user = _write(
        tmp_path / "user" / "config.toml",
        "max_file_size = 10\nfreshness_seconds = 7\nindex_lock_timeout = 9\nstats_max_bytes = 11\n",
    )
    project = tmp_path / "proj"
    _write(
        project / "pyproject.toml",
        "[tool.prx]\nmax_file_size = 20\nfreshness_seconds = 8\nindex_lock_timeout = 3\n",
    )
    _write(project / ".prx" / "config.toml", "index_lock_timeout = 4\n")
    return user, project


def test_each_setting_comes_from_the_strongest_layer(layered):
    user, project = layered
    env = {"PRX_MAX_FILE_SIZE": "30", "PRX_HOME": str(project / "home")}
    config = resolve(str(project), env, user_files=[str(user)]).config
    assert config.max_file_size == 30 and config.origins["max_file_size"] == "env PRX_MAX_FILE_SIZE"
    assert config.freshness_seconds == 8.0
    assert config.origins["freshness_seconds"] == f"project {project / 'pyproject.toml'}"
    # .prx/config.toml is read after pyproject.toml: it wins within the project.
    assert config.index_lock_timeout == 4.0
    assert config.origins["index_lock_timeout"] == f"project {project / '.prx' / 'config.toml'}"
    assert config.stats_max_bytes == 11 and config.origins["stats_max_bytes"] == f"user {user}"
    assert config.autoload_plugins is True and "autoload_plugins" not in config.origins


def test_a_flag_beats_the_environment(tmp_path, run_cli):
    _write(tmp_path / "pyproject.toml", "[tool.prx]\nautoload_plugins = true\n")
    run = run_cli("config", "--no-plugins", cwd=tmp_path, env={"PRX_DISABLE_PLUGIN_AUTOLOAD": "0"})
    rows = {row["name"]: row for row in run.envelope["data"]["settings"]}
    assert rows["autoload_plugins"]["value"] is False
    assert (rows["autoload_plugins"]["source"], rows["autoload_plugins"]["origin"]) == (
        "flag",
        "--no-plugins",
    )


def test_tool_prx_reaches_the_commands(tmp_path):
    # max_file_size from pyproject.toml: find skips the larger file as too large.
    _write(tmp_path / "pyproject.toml", "[tool.prx]\nmax_file_size = 100\n")
    _write(tmp_path / "small.txt", "x\n")
    _write(tmp_path / "big.txt", "x" * 500)
    ws = prx.Workspace(tmp_path, config=Config.load(str(tmp_path), {"PRX_HOME": str(tmp_path)}))
    assert ws.config.max_file_size == 100
    result = ws.find(".", view="flat")
    assert [entry.path for entry in result.flat or ()] == ["pyproject.toml", "small.txt"]
    assert result.stats.skipped.get("too_large") == 1


def test_the_default_workspace_reads_the_project_files(tmp_path, monkeypatch):
    _write(tmp_path / ".prx" / "config.toml", "freshness_seconds = 0\n")
    monkeypatch.setenv("PRX_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PRX_FRESHNESS_SECONDS", raising=False)
    assert prx.Workspace(tmp_path).config.freshness_seconds == 0.0


def test_plugin_settings_tables(tmp_path):
    _write(tmp_path / "pyproject.toml", "[tool.prx.settings.limits]\nmax_lines = 5\n")
    config = Config.load(str(tmp_path), {"PRX_HOME": str(tmp_path)})
    assert config.plugin_settings("limits") == {"max_lines": 5}


def test_problems_are_reported_and_left_out(tmp_path):
    _write(tmp_path / "pyproject.toml", '[tool.prx]\nmax_file_size = "big"\nbogus = 1\n')
    resolved = resolve(str(tmp_path), {"PRX_HOME": str(tmp_path)}, user_files=[])
    assert resolved.config.max_file_size == Config.from_env({}).max_file_size
    assert any("max_file_size: expected a positive integer" in w for w in resolved.warnings)
    assert any("unknown setting 'bogus'" in w for w in resolved.warnings)
    _write(tmp_path / "pyproject.toml", "[tool.prx\n")
    assert any("was not read" in w for w in resolve(str(tmp_path), {}, user_files=[]).warnings)


def test_user_files_follow_platformdirs_and_keep_prx_home(monkeypatch, tmp_path):
    platformdirs = pytest.importorskip("platformdirs")
    # The process's own HOME too: platformdirs (and ~ in prx) read it, not `env`.
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME")
    env = {"HOME": str(tmp_path), "PRX_HOME": str(tmp_path / "state")}
    first, second = user_config_files(env)
    if sys.platform.startswith("linux"):
        # Without importing platformdirs at start-up: the same XDG rule.
        assert first == str(tmp_path / ".config" / "prx" / "config.toml") or first.startswith(
            platformdirs.user_config_dir("prx", appauthor=False)
        )
    assert second == str(tmp_path / "state" / "config.toml")
    assert user_config_files({"XDG_CONFIG_HOME": str(tmp_path / "x")})[0] == str(
        tmp_path / "x" / "prx" / "config.toml"
    ) or not sys.platform.startswith("linux")


def test_the_xdg_rule_is_platformdirs_rule(monkeypatch, tmp_path):
    platformdirs = pytest.importorskip("platformdirs")
    if not sys.platform.startswith("linux"):
        pytest.skip("platformdirs is called directly elsewhere")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    expected = platformdirs.user_config_dir("prx", appauthor=False)
    assert user_config_files(dict(__import__("os").environ))[0] == f"{expected}/config.toml"


def test_prx_home_config_is_a_user_file(tmp_path):
    home = tmp_path / "state"
    _write(home / "config.toml", "freshness_seconds = 3\n")
    env = {"PRX_HOME": str(home), "XDG_CONFIG_HOME": str(tmp_path / "none")}
    config = Config.load(str(tmp_path), env)
    assert config.freshness_seconds == 3.0
    assert config.home == str(home)
    assert Config.load(str(tmp_path), {"HOME": str(tmp_path)}).home.endswith(".prx")


def test_prx_config_lists_each_setting_with_its_source(tmp_path, run_cli):
    _write(tmp_path / "pyproject.toml", "[tool.prx]\nmax_file_size = 2000\nrerank = ['+path']\n")
    run = run_cli("config", cwd=tmp_path, env={"PRX_FRESHNESS_SECONDS": "2"})
    assert run.exit_code == 0, run.stdout
    data = run.envelope["data"]
    rows = {row["name"]: row for row in data["settings"]}
    assert (rows["max_file_size"]["value"], rows["max_file_size"]["source"]) == (2000, "project")
    assert rows["max_file_size"]["origin"] == str(tmp_path / "pyproject.toml")
    assert (rows["freshness_seconds"]["source"], rows["freshness_seconds"]["origin"]) == (
        "env",
        "PRX_FRESHNESS_SECONDS",
    )
    assert rows["rerank"]["value"] == ["+path"] and rows["rerank"]["source"] == "project"
    assert rows["index_lock_timeout"]["source"] == "default"
    assert {"scope": "project", "path": str(tmp_path / "pyproject.toml"), "read": True} in data[
        "files"
    ]
    plain = run_cli("--plain", "config", cwd=tmp_path)
    assert plain.exit_code == 0
    line = next(x for x in plain.stdout.splitlines() if x.startswith("max_file_size"))
    assert "2000" in line and "project" in line and "pyproject.toml" in line


def test_python_spelling_is_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("PRX_HOME", str(tmp_path / "home"))
    _write(tmp_path / "pyproject.toml", "[tool.prx]\nmax_file_size = 2000\n")
    result = prx.settings(root=tmp_path)
    assert {row.name: row.source for row in result.settings}["max_file_size"] == "project"


def test_a_project_cannot_choose_where_prx_writes_its_state(tmp_path):
    # A cloned repository's [tool.prx] stats_file = "~/.bashrc" would have made every call
    # append a JSON line to the user's shell start-up file.
    home = tmp_path / "home"
    bashrc = _write(home / ".bashrc", "export PATH=$PATH\n")
    project = tmp_path / "proj"
    _write(
        project / "pyproject.toml",
        f'[tool.prx]\nstats_file = "{bashrc}"\nerrors_file = "{bashrc}"\nhome = "{home}"\n',
    )
    user = _write(tmp_path / "user" / "config.toml", f'home = "{tmp_path / "mine"}"\n')
    resolved = resolve(str(project), {}, user_files=[str(user)])
    config = resolved.config
    assert config.home == str(tmp_path / "mine") and config.origins["home"].startswith("user")
    assert config.stats_file == str(tmp_path / "mine" / "stats.jsonl")
    assert config.errors_file == str(tmp_path / "mine" / "errors.jsonl")
    said = " ".join(resolved.warnings)
    for key in ("stats_file", "errors_file", "home"):
        assert f"{key}: only the user's configuration" in said
    prx.Workspace(project, config=config).read("pyproject.toml")
    assert bashrc.read_text() == "export PATH=$PATH\n"
