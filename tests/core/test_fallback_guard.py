"""Smaller robustness items of issue #11 (item 14): fallback arguments and exit codes,
I/O failures as io_error, a query that is really a path."""

from __future__ import annotations

import errno
import importlib
import io
import json
from pathlib import Path

import pytest


def _cli(root: Path, home: Path, *argv: str) -> tuple[int, dict[str, object]]:
    from prx.app.workspace import Workspace
    from prx.core.config import Config
    from prx.frontends.cli.frontend import CliFrontend

    stdout = io.StringIO()
    config = Config.from_env({"PRX_HOME": str(home), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"})
    code = CliFrontend(Workspace(root, config=config), stdout=stdout).main(list(argv))
    return code, json.loads(stdout.getvalue())


def _break(monkeypatch: pytest.MonkeyPatch, target: str, exc: BaseException) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise exc

    # By module object: `prx.index` is the function, so a dotted string cannot reach
    # the subpackage of the same name.
    module, _, name = target.rpartition(".")
    monkeypatch.setattr(importlib.import_module(module), name, broken)


@pytest.mark.parametrize("name", ["(", "!", "-name"])
def test_find_fallback_takes_an_odd_directory_name_as_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    (tmp_path / name).mkdir()
    (tmp_path / name / "a.txt").write_text("x\n")
    _break(monkeypatch, "prx.commands.find.engine.find_files", IndexError("simulated bug"))
    monkeypatch.chdir(tmp_path)
    code, env = _cli(tmp_path, tmp_path / ".home", "find", "--", name)
    assert code == 0 and env["fallback"] is True
    assert env["data"]["raw"].split() == [f"./{name}/a.txt"]  # type: ignore[index]


def test_a_failing_fallback_tool_is_not_reported_as_ok(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "src").mkdir()
    _break(monkeypatch, "prx.commands.find.engine.find_files", IndexError("simulated bug"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "src").rmdir()  # find(1) now fails with "No such file or directory"
    code, env = _cli(tmp_path, tmp_path / ".home", "find", "src")
    assert code == 1
    assert env["status"] == "error"
    assert "failed too, exit 1" in env["error"]["message"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("code", "reason"), [(errno.ENOSPC, "No space left on device"), (errno.EROFS, "Read-only")]
)
def test_a_full_disk_or_read_only_index_is_an_io_error_and_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, reason: str
) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    target = str(tmp_path / ".prx" / "index-tmp")
    _break(monkeypatch, "prx.engine.index.build.build_index", OSError(code, reason, target))
    exit_code, env = _cli(tmp_path, tmp_path / ".home", "index", ".")
    assert exit_code == 1
    error = env["error"]
    assert error["code"] == "io_error"  # type: ignore[index]
    assert target in error["message"] and reason in error["message"]  # type: ignore[index]
    assert "bug" not in error["suggestion"]  # type: ignore[index]
    record = json.loads((tmp_path / ".home" / "errors.jsonl").read_text().splitlines()[-1])
    assert record["command"] == "index" and reason in record["error"]


@pytest.mark.parametrize("argv", [["--include=*.txt", ".", "--literal"], ["."], ["./"]])
def test_a_query_that_is_only_a_path_is_refused(tmp_path: Path, argv: list[str]) -> None:
    (tmp_path / "a.txt").write_text("x.y\n")
    code, env = _cli(tmp_path, tmp_path / ".home", "search", *argv)
    assert code == 2
    assert env["error"]["code"] == "invalid_argument"  # type: ignore[index]
    assert "is a path" in env["error"]["message"]  # type: ignore[index]


def test_a_dot_is_still_a_regex(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x.y\n")
    code, env = _cli(tmp_path, tmp_path / ".home", "search", ".", ".", "--regex")
    assert code == 0
    assert env["data"]["total_matches"] >= 1  # type: ignore[index]
