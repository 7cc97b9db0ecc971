"""The plugin registry: discovery, isolation of broken plugins, duplicates, controls."""

from __future__ import annotations

import sys

import locations
import pluggy
import pytest

from prx.core.errors import PluginConflictError

from envelopes import assert_ok

SAMPLES = locations.SAMPLES


def _source(name: str) -> str:
    return (SAMPLES / f"{name}.py").read_text()


@pytest.fixture
def autoload(monkeypatch):
    monkeypatch.setenv("PRX_DISABLE_PLUGIN_AUTOLOAD", "0")


@pytest.fixture
def greet(plugin_dist, autoload):
    plugin_dist("greet", "greet_plugin", modules={"greet_plugin": _source("greet_plugin")})


@pytest.fixture
def sample_module():
    sys.path.insert(0, str(SAMPLES))
    yield
    sys.path.remove(str(SAMPLES))
    for name in ("greet_plugin", "duplicate_plugin", "explode_plugin"):
        sys.modules.pop(name, None)


def test_entry_point_operation_is_picked_up(run_cli, greet, tmp_path):
    run = run_cli("greet", "world", "--shout", cwd=tmp_path)
    assert run.exit_code == 0
    assert assert_ok(run.envelope, "greet") == {"text": "HELLO, WORLD"}


def test_entry_point_language_is_used_by_read(run_cli, greet, make_repo):
    repo = make_repo({"a.zeta": "z\n"})
    assert run_cli("read", "a.zeta", cwd=repo).envelope["data"]["meta"]["language"] == "zeta"


def test_broken_entry_point_is_a_warning_and_the_command_answers(
    run_cli, plugin_dist, autoload, make_repo
):
    plugin_dist("broken", "broken_plugin", modules={"broken_plugin": _source("broken_plugin")})
    plugin_dist("greet", "greet_plugin", modules={"greet_plugin": _source("greet_plugin")})
    repo = make_repo({"notes.unknownext": "x\n"})
    # find meets an extension no built-in knows, which loads third-party plugins.
    run = run_cli("find", ".", cwd=repo)
    assert run.exit_code == 0
    env = run.envelope
    assert_ok(env, "find")
    assert any("'broken'" in w and "ImportError" in w for w in env["warnings"])
    # The healthy plugin next to it still works.
    assert run_cli("greet", "x", cwd=repo).envelope["data"] == {"text": "hello, x"}


def test_misspelled_hook_in_an_entry_point_is_a_warning(run_cli, plugin_dist, autoload, tmp_path):
    source = "from prx.plugin import hookimpl\n\n@hookimpl\ndef prx_register_operation():\n    return []\n"
    plugin_dist("typo", "typo_plugin", modules={"typo_plugin": source})
    run = run_cli("frobnicate", cwd=tmp_path)
    assert run.envelope["error"]["code"] == "invalid_command"
    assert any("'typo'" in w and "prx_register_operation" in w for w in run.envelope["warnings"])


def test_duplicate_from_an_entry_point_is_ignored_with_a_warning(run_cli, plugin_dist, greet, repo):
    plugin_dist(
        "dup", "duplicate_plugin", modules={"duplicate_plugin": _source("duplicate_plugin")}
    )
    run = run_cli("greet", "x", cwd=repo)
    warnings = run.envelope["warnings"]
    assert any("operation 'read' is registered by both 'prx-operations'" in w for w in warnings)
    # The built-in keeps the name.
    assert "meta" in run_cli("read", "README.md", cwd=repo).envelope["data"]


def test_duplicate_names_are_rejected_naming_both_owners(register_plugin, sample_module):
    import duplicate_plugin

    ws = register_plugin(duplicate_plugin)
    with pytest.raises(PluginConflictError) as info:
        ws.registry.operation("read")
    message = str(info.value)
    assert "'prx-operations'" in message and "'duplicate_plugin'" in message


def test_misspelled_hook_in_an_explicit_plugin_raises(register_plugin):
    class Typo:
        from prx.plugin import hookimpl

        @staticmethod
        @hookimpl
        def prx_register_operation():
            return []

    with pytest.raises(pluggy.PluginValidationError):
        register_plugin(Typo).registry  # noqa: B018


@pytest.mark.parametrize(
    "env",
    [
        {"PRX_PLUGINS": ""},
        {"PRX_PLUGINS": "someone_else"},
        {"PRX_DISABLED_PLUGINS": "greet"},
        {"PRX_DISABLE_PLUGIN_AUTOLOAD": "1"},
    ],
)
def test_controls_keep_a_plugin_out(run_cli, greet, tmp_path, env):
    run = run_cli("greet", "x", cwd=tmp_path, env=env)
    assert run.envelope["error"]["code"] == "invalid_command"


def test_allowlist_lets_a_plugin_in(run_cli, greet, tmp_path):
    assert run_cli("greet", "x", cwd=tmp_path, env={"PRX_PLUGINS": "greet"}).exit_code == 0


def test_no_plugins_flag(run_cli, greet, tmp_path):
    assert (
        run_cli("greet", "x", "--no-plugins", cwd=tmp_path).envelope["error"]["code"]
        == "invalid_command"
    )


def test_help_lists_plugin_commands(run_cli, greet, tmp_path):
    run = run_cli("--help", cwd=tmp_path)
    assert run.exit_code == 0 and "greet" in run.stdout and "read" in run.stdout


def test_registry_lists_plugins_with_their_origin(register_plugin, sample_module):
    import greet_plugin

    ws = register_plugin(greet_plugin)
    origins = {p.name: p.origin for p in ws.registry.plugins()}
    assert origins["prx-operations"] == "builtin"
    assert origins["greet_plugin"] == "explicit"
    assert ws.registry.owner("operation", "greet") == "greet_plugin"
