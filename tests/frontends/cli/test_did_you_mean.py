"""Typos get the closest name: commands, flags, choices, batch commands and keys."""

from __future__ import annotations

import io
import json
import os

import pytest

from prx.app.workspace import Workspace
from prx.core.config import Config
from prx.core.errors import InvalidCommandError, did_you_mean
from prx.frontends.cli.frontend import CliFrontend


def _workspace(root) -> Workspace:
    return Workspace(
        root,
        config=Config.from_env(
            {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )


def _cli(root, *argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = CliFrontend(_workspace(root), stdout=out, stdin=io.StringIO(stdin)).main(list(argv))
    return code, out.getvalue()


def _error(root, *argv: str) -> dict:
    code, out = _cli(root, *argv)
    assert code == 2, out
    return json.loads(out)["error"]


def _help_commands(root) -> list[str]:
    _, text = _cli(root, "--help")
    lines = text.split("commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    return [line.split()[0] for line in lines]


def test_a_misspelt_command_suggests_the_closest_one(tmp_path):
    error = _error(tmp_path, "serch", "x")
    assert error["code"] == "invalid_command"
    assert error["suggestion"].startswith("Did you mean 'search'? Known commands: ")


def test_the_known_commands_are_those_help_lists_batch_included(tmp_path):
    listed = _help_commands(tmp_path)
    assert "batch" in listed
    suggestion = _error(tmp_path, "zzqxv")["suggestion"]
    assert suggestion == f"Known commands: {', '.join(listed)}."  # nothing close: no guess
    assert "Did you mean 'batch'?" in _error(tmp_path, "bacth")["suggestion"]


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["search", "x", "--topk", "3"], "Did you mean '--top-k'?"),
        (["search", "x", "--top_k=3"], "Did you mean '--top-k'?"),
        (["read", "a.py", "--hsh"], "Did you mean '--hash'?"),
        (["read", "a.py", "--plian"], "Did you mean '--plain'?"),  # global flags count
        (["--plian", "read", "a.py"], "Did you mean '--plain'?"),
        (["read", "a.py", "--lines", "1", "--snap", "functon"], "Did you mean 'function'?"),
    ],
)
def test_a_misspelt_flag_or_choice_suggests_the_closest_one(tmp_path, argv, hint):
    error = _error(tmp_path, *argv)
    assert error["code"] == "invalid_argument"
    assert error["suggestion"].startswith(hint)


def test_an_unknown_flag_with_nothing_close_gets_the_usage_hint_only(tmp_path):
    error = _error(tmp_path, "read", "a.py", "--zzqxv")
    assert error["suggestion"] == "Run `prx read --help` for usage."


def test_batch_suggests_commands_and_keys(tmp_path):
    lines = [{"cmd": "serch", "query": "x"}, {"cmd": "search", "query": "x", "topk": 3}]
    code, out = _cli(tmp_path, "batch", stdin="".join(json.dumps(x) + "\n" for x in lines))
    assert code == 0
    command, key = (json.loads(line)["error"] for line in out.splitlines())
    assert command["suggestion"].startswith("Did you mean 'search'?")
    assert "batch" not in command["suggestion"]  # batch cannot nest
    assert key["suggestion"] == "Did you mean 'top_k'?"


def test_the_registry_suggests_too(tmp_path):
    with pytest.raises(InvalidCommandError) as info:
        _workspace(tmp_path).registry.operation("serch")
    assert str(info.value.suggestion).startswith("Did you mean 'search'? Known commands:")


def test_did_you_mean_needs_a_close_name():
    assert did_you_mean("serch", ["search", "read"]) == "Did you mean 'search'?"
    assert did_you_mean("xyz", ["search", "read"]) is None
