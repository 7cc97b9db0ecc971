"""``prx init --hooks``: the pre-shell hook entry is merged into the client's settings
without loss, a second run changes nothing, ``uninstall`` gives the original bytes back,
clients without a usable hook are skipped with the reason, and a file prx cannot edit
safely is left untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from prx.app.workspace import Workspace
from prx.commands.init.hooks import HOOKS
from prx.core.config import Config


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return project, home


def _init(project: Path, *clients: str, **options: Any) -> Any:
    ws = Workspace(
        project,
        config=Config.from_env(
            {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )
    return ws.init(client=clients, hooks=True, **options)


def _hook_commands(settings: Any, path: tuple[str, ...]) -> list[str]:
    for key in path:
        settings = settings[key]
    return [h["command"] for group in settings for h in group["hooks"]]


@pytest.mark.parametrize("client", sorted(HOOKS))
def test_install_into_nothing_then_uninstall_leaves_nothing(
    env: tuple[Path, Path], client: str
) -> None:
    project, _ = env
    target = HOOKS[client]
    assert target.project is not None
    dry = _init(project, client)
    assert [f.action for f in dry.files] == ["create"] and not dry.applied
    assert not (project / target.project).exists()
    _init(project, client, apply=True)
    written = json.loads((project / target.project).read_text())
    assert _hook_commands(written, target.path) == [target.entry["hooks"][0]["command"]]
    assert target.entry["hooks"][0]["command"].startswith(f"prx hook {client}")
    again = _init(project, client, apply=True)
    assert [f.action for f in again.files] == ["unchanged"]
    _init(project, client, apply=True, uninstall=True)
    assert not (project / target.project).exists()


EXISTING = """{
  "permissions": {"allow": ["Bash(ls:*)"]},
  "hooks": {
    "PreToolUse": [
      {"matcher": "Write", "hooks": [{"type": "command", "command": "./check.sh"}]}
    ],
    "PostToolUse": []
  },
  "model": "opus"
}
"""


def test_other_settings_and_hooks_are_kept_and_uninstall_restores_the_bytes(
    env: tuple[Path, Path],
) -> None:
    project, _ = env
    settings = project / ".claude" / "settings.local.json"
    settings.parent.mkdir()
    settings.write_text(EXISTING)
    result = _init(project, "claude-code", apply=True)
    assert [f.action for f in result.files] == ["change"]
    value = json.loads(settings.read_text())
    assert value["permissions"] == {"allow": ["Bash(ls:*)"]} and value["model"] == "opus"
    assert _hook_commands(value, ("hooks", "PreToolUse")) == ["./check.sh", "prx hook claude-code"]
    assert value["hooks"]["PreToolUse"][1]["matcher"] == "Bash"
    _init(project, "claude-code", apply=True, uninstall=True)
    assert settings.read_text() == EXISTING


def test_user_scope_writes_the_users_settings(env: tuple[Path, Path]) -> None:
    project, home = env
    _init(project, "claude-code", apply=True, user=True)
    written = json.loads((home / ".claude" / "settings.json").read_text())
    assert _hook_commands(written, ("hooks", "PreToolUse")) == ["prx hook claude-code"]
    assert not (project / ".claude").exists()


def test_a_client_without_a_usable_hook_is_skipped_with_the_reason(env: tuple[Path, Path]) -> None:
    project, _ = env
    result = _init(project, "cursor", "claude-code")
    by_client = {f.client: f for f in result.files}
    assert by_client["cursor"].action == "skipped"
    assert "no hook" in (by_client["cursor"].note or "")
    assert by_client["claude-code"].action == "create"
    assert not any(f.client == "guide" for f in result.files)  # AGENTS.md is init's, not --hooks'


@pytest.mark.parametrize(
    "text",
    ["{not json", '{"hooks": {"PreToolUse": {"not": "a list"}}}', "// c\n{}\n", "[1, 2]"],
)
def test_what_cannot_be_edited_safely_is_refused_and_untouched(
    env: tuple[Path, Path], text: str
) -> None:
    project, _ = env
    settings = project / ".claude" / "settings.local.json"
    settings.parent.mkdir()
    settings.write_text(text)
    result = _init(project, "claude-code", apply=True)
    assert [f.action for f in result.files] == ["refused"]
    assert result.files[0].note
    assert settings.read_text() == text


def test_the_cli_installs_and_removes_the_hook(env: tuple[Path, Path]) -> None:
    project, home = env
    base = [sys.executable, "-m", "prx", "init", "--hooks", "--client", "claude-code"]
    environ = {**os.environ, "HOME": str(home)}
    run = subprocess.run(
        [*base, "--apply"], cwd=project, capture_output=True, text=True, env=environ
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(run.stdout)["data"]["hooks"] is True
    assert (project / ".claude" / "settings.local.json").is_file()
    run = subprocess.run(
        [*base, "--apply", "--uninstall"], cwd=project, capture_output=True, text=True, env=environ
    )
    assert run.returncode == 0, run.stdout
    assert not (project / ".claude" / "settings.local.json").exists()
