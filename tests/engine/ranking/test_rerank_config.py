"""Rerank stages enabled or disabled per call (--rerank), by PRX_RERANK and by the project's
configuration files, without editing Python."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import locations
import pytest

import prx
from prx.core.config import Config, project_config
from prx.core.errors import InvalidArgumentError
from prx.engine.ranking.pipeline import parse_changes, resolve_pipeline
from prx.engine.ranking.stages import DEFAULT_PIPELINE

SAMPLES = locations.SAMPLES
QUERY = "parse the config file"
FILES = {
    "src/config.py": "def parse_config_file(path):\n    return open(path).read()\n",
    "src/app.py": "from config import parse_config_file\n\nCONFIG = parse_config_file('a')\n",
    "deep/er/still/notes.py": "# the config file format\nFORMAT = 'toml'\n",
}
DEEP = "deep/er/still/notes.py"


@pytest.fixture
def sample():
    sys.path.insert(0, str(SAMPLES))
    import rerank_plugin

    yield rerank_plugin
    sys.path.remove(str(SAMPLES))
    sys.modules.pop("rerank_plugin", None)


@pytest.fixture
def installed(plugin_dist, monkeypatch):
    """The sample installed as an entry-point plugin, for the real CLI."""
    monkeypatch.setenv("PRX_DISABLE_PLUGIN_AUTOLOAD", "0")
    source = (SAMPLES / "rerank_plugin.py").read_text()
    plugin_dist("rerank", "rerank_plugin", modules={"rerank_plugin": source})


def _first(run) -> str:
    envelope = run.envelope
    assert envelope["status"] == "ok", envelope
    return envelope["data"]["files"][0]["file"]


def _workspace(root, sample, **env: str) -> prx.Workspace:
    config = Config.from_env(
        {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1", **env}
    )
    return prx.Workspace(root, config=config, plugins=[sample])


def test_the_stage_runs_only_when_enabled_on_the_command_line(run_cli, installed, make_repo):
    repo = make_repo(FILES)
    assert _first(run_cli("search", QUERY, cwd=repo)) != DEEP
    assert _first(run_cli("search", QUERY, "--rerank", "+deepest-first", cwd=repo)) == DEEP


def test_prx_rerank_enables_it_for_every_search(run_cli, installed, make_repo):
    repo = make_repo(FILES)
    env = {"PRX_RERANK": "+deepest-first"}
    assert _first(run_cli("search", QUERY, cwd=repo, env=env)) == DEEP
    # The call's own list comes last.
    disabled = run_cli("search", QUERY, "--rerank=-deepest-first", cwd=repo, env=env)
    assert _first(disabled) != DEEP


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("pyproject.toml", '[project]\nname = "x"\n\n[tool.prx]\nrerank = ["+deepest-first"]\n'),
        (".prx/config.toml", 'rerank = ["+deepest-first"]\n'),
        (".prx/config.toml", '[tool.prx]\nrerank = "+deepest-first"\n'),
    ],
)
def test_a_configuration_file_enables_it(run_cli, installed, make_repo, name, text):
    repo = make_repo({**FILES, name: text})
    assert _first(run_cli("search", QUERY, cwd=repo)) == DEEP
    # The environment comes after the files.
    env = {"PRX_RERANK": "-deepest-first"}
    assert _first(run_cli("search", QUERY, cwd=repo, env=env)) != DEEP


def test_unknown_stages_are_usage_errors_listing_the_known_ones(run_cli, installed, make_repo):
    repo = make_repo(FILES)
    run = run_cli("search", QUERY, "--rerank", "+deepest", cwd=repo)
    assert run.exit_code == 2
    error = run.envelope["error"]
    assert error["code"] == "invalid_argument"
    assert error["message"] == "invalid argument --rerank: unknown rerank stage 'deepest'"
    assert error["suggestion"].startswith("Did you mean 'deepest-first'? Known stages: ")
    assert all(name in error["suggestion"] for name in (*DEFAULT_PIPELINE, "deepest-first"))
    env = run_cli("search", QUERY, cwd=repo, env={"PRX_RERANK": "+nope"}).envelope["error"]
    assert env["message"] == "PRX_RERANK: unknown rerank stage 'nope'"
    (repo / ".prx").mkdir()
    (repo / ".prx" / "config.toml").write_text('rerank = ["-nope"]\n')
    config = run_cli("search", QUERY, cwd=repo).envelope["error"]
    assert config["message"].endswith(
        ".prx/config.toml: [tool.prx] rerank: unknown rerank stage 'nope'"
    )
    # Checked in every mode, though only ranked searches rerank.
    literal = run_cli("search", "x", "--literal", "--rerank", "+nope", cwd=repo)
    assert literal.envelope["error"]["code"] == "invalid_argument"


def test_the_library_and_batch_take_the_same_lists(sample, make_repo):
    repo = make_repo(FILES)
    ws = _workspace(repo, sample)
    assert ws.search(QUERY, rerank=["+deepest-first"]).files[0].file == DEEP
    assert prx.search(QUERY, root=repo).files[0].file != DEEP
    with pytest.raises(InvalidArgumentError) as info:
        ws.search(QUERY, rerank="+deepest")
    assert info.value.message == "invalid argument rerank: unknown rerank stage 'deepest'"
    assert info.value.param == "rerank"


def test_layers_apply_in_order(sample, make_repo):
    repo = make_repo(
        {
            **FILES,
            "pyproject.toml": '[tool.prx]\nrerank = ["+deepest-first", "-saturation"]\n',
            ".prx/config.toml": 'rerank = ["+saturation"]\n',
        }
    )
    ws = _workspace(repo, sample, PRX_RERANK="-path")
    stages, warnings = resolve_pipeline(ws, "-coherence,+path")
    assert stages == (
        "definition",
        "implementation",
        "siblings",
        "coverage",
        "centrality",
        "penalties",
        "deepest-first",
        "saturation",
        "path",
    )
    assert warnings == []


def test_the_nearest_project_directory_is_used(make_repo):
    repo = make_repo({"pyproject.toml": '[tool.prx]\nrerank = ["-path"]\n', "src/a/b.py": "x\n"})
    found = project_config(str(repo / "src" / "a"))
    assert [(Path(path).name, dict(table)) for path, table in found.tables] == [
        ("pyproject.toml", {"rerank": ["-path"]})
    ]
    assert project_config(str(repo / "src")).warnings == ()


def test_unreadable_configuration_is_a_search_warning(sample, make_repo, monkeypatch):
    repo = make_repo({**FILES, "pyproject.toml": "[tool.prx\nrerank = \n"})
    result = _workspace(repo, sample).search(QUERY)
    assert result.files and "pyproject.toml was not read" in str(result.warning)
    # Python 3.10 without the tomli backport: said, not silently ignored.
    monkeypatch.setattr("prx.core.config._toml_parser", lambda: None)
    fixed = make_repo({**FILES, "pyproject.toml": '[tool.prx]\nrerank = ["-path"]\n'})
    assert "needs the tomli package" in str(_workspace(fixed, sample).search(QUERY).warning)


def test_parse_changes():
    assert parse_changes("+a, -b,c,") == [("a", True), ("b", False), ("c", True)]
    assert parse_changes(["-a"]) == [("a", False)]
    for bad in ("+-a", "--a", "+"):
        with pytest.raises(ValueError):
            parse_changes(bad)
