"""``prx plugins``: the installed plugins with their versions, what each registers, and
the ones that failed to load."""

from __future__ import annotations

import locations

import prx

SAMPLES = locations.SAMPLES


def _source(name: str) -> str:
    return (SAMPLES / f"{name}.py").read_text()


def test_lists_versions_registrations_and_failures(run_cli, plugin_dist, tmp_path, monkeypatch):
    monkeypatch.setenv("PRX_DISABLE_PLUGIN_AUTOLOAD", "0")
    plugin_dist("greet", "greet_plugin", modules={"greet_plugin": _source("greet_plugin")})
    plugin_dist("broken", "broken_plugin", modules={"broken_plugin": _source("broken_plugin")})
    run = run_cli("plugins", cwd=tmp_path)
    assert run.exit_code == 0, run.stdout
    data = run.envelope["data"]
    by_name = {entry["name"]: entry for entry in data["plugins"]}
    greet = by_name["greet"]
    assert (greet["origin"], greet["dist"], greet["version"]) == (
        "entry-point",
        "prx_test_greet",
        "1.0",
    )
    assert greet["registers"]["operation"] == ["greet"]
    assert greet["registers"]["language"] == ["zeta"]
    assert by_name["prx-retrievers"]["registers"] == {"retriever": ["bm25", "dense", "symbols"]}
    assert by_name["prx-retrievers"]["version"] == prx.__version__
    assert by_name["prx-frontends"]["registers"]["frontend"] == ["cli", "mcp"]
    (failure,) = data["failures"]
    assert failure["name"] == "broken" and "ImportError" in failure["error"]
    plain = run_cli("--plain", "plugins", cwd=tmp_path)
    assert "greet" in plain.stdout and "failed: broken" in plain.stdout


def test_python_spelling(tmp_path, monkeypatch):
    monkeypatch.setenv("PRX_HOME", str(tmp_path))
    monkeypatch.setenv("PRX_DISABLE_PLUGIN_AUTOLOAD", "1")
    names = [entry.name for entry in prx.plugins(root=tmp_path).plugins]
    assert names[0] == "prx-languages" and "prx-runner-parsers" in names
    # The command and the registry name each plugin alike.
    assert names == [p.name for p in prx.Workspace(tmp_path).registry.plugins()]
