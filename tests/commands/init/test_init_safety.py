"""``prx init`` writes safely (issue 26): backups never go through a link a repository
ships, files stay inside the project (or the home directory), a read-only file is refused
as ``edit`` refuses it, a file changed after it was read is not overwritten, and
``--uninstall`` removes only prx's own lines."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from prx.app.workspace import Workspace
from prx.commands.init import edits
from prx.core.config import Config
from prx.testing import CliRun

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

Run = Callable[..., CliRun]


@pytest.fixture
def env(tmp_path: Path) -> tuple[Path, Path]:
    """(project, home), both empty."""
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    return project, home


def _init(run_cli: Run, env: tuple[Path, Path], *args: str) -> dict[str, Any]:
    project, home = env
    done = run_cli("init", *args, cwd=project, env={"HOME": str(home)})
    envelope = done.envelope
    assert envelope["status"] == "ok", envelope
    data: dict[str, Any] = envelope["data"]
    return data


def _entry(data: dict[str, Any], path: str) -> dict[str, Any]:
    (found,) = [f for f in data["files"] if f["path"] == path]
    return dict(found)


def test_a_backup_name_that_is_a_link_is_never_written_through(
    env: tuple[Path, Path], run_cli: Run
) -> None:
    project, home = env
    bashrc = home / ".bashrc"
    bashrc.write_text("export SAFE=1\n")
    (project / "AGENTS.md").write_text("mine\n")
    (project / "AGENTS.md.prx-backup").symlink_to(bashrc)  # shipped by the repository

    dry = _entry(_init(run_cli, env, "--client", "cursor"), "AGENTS.md")
    assert dry["action"] == "change"
    assert "AGENTS.md.prx-backup-2" in dry["note"] and "symbolic link" in dry["note"], dry
    assert not (project / "AGENTS.md.prx-backup-2").exists()

    applied = _entry(_init(run_cli, env, "--client", "cursor", "--apply"), "AGENTS.md")
    assert applied["backup"] == "AGENTS.md.prx-backup-2"
    assert bashrc.read_text() == "export SAFE=1\n"
    assert os.readlink(project / "AGENTS.md.prx-backup") == str(bashrc)
    assert (project / "AGENTS.md.prx-backup-2").read_text() == "mine\n"

    removed = _entry(
        _init(run_cli, env, "--client", "cursor", "--apply", "--uninstall"), "AGENTS.md"
    )
    assert removed["backup"] == "AGENTS.md.prx-backup-3"  # the first backup is kept
    assert (project / "AGENTS.md.prx-backup-2").read_text() == "mine\n"
    assert (project / "AGENTS.md").read_text() == "mine\n"
    assert bashrc.read_text() == "export SAFE=1\n"


def test_a_user_file_linked_out_of_the_home_directory_is_refused(
    env: tuple[Path, Path], run_cli: Run, tmp_path: Path
) -> None:
    _, home = env
    outside = tmp_path / "outside.json"
    outside.write_text('{"mcpServers": {}}\n')
    (home / ".cursor").mkdir()
    (home / ".cursor" / "mcp.json").symlink_to(outside)
    entry = _entry(
        _init(run_cli, env, "--client", "cursor", "--user", "--apply"), "~/.cursor/mcp.json"
    )
    assert entry["action"] == "refused" and "outside the home directory" in entry["note"]
    assert outside.read_text() == '{"mcpServers": {}}\n'


def test_a_read_only_configuration_file_is_refused(env: tuple[Path, Path], run_cli: Run) -> None:
    project, _ = env
    config = project / ".cursor" / "mcp.json"
    config.parent.mkdir()
    config.write_text('{"mcpServers": {"other": {"command": "x"}}}\n')
    config.chmod(0o444)
    for args in ((), ("--apply",)):
        entry = _entry(_init(run_cli, env, "--client", "cursor", *args), ".cursor/mcp.json")
        assert entry["action"] == "refused" and "read-only" in entry["note"], entry
    assert config.read_text() == '{"mcpServers": {"other": {"command": "x"}}}\n'
    assert stat.S_IMODE(config.stat().st_mode) == 0o444
    assert not (project / ".cursor" / "mcp.json.prx-backup").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")
def test_init_keeps_the_owner_of_the_file_it_changes(env: tuple[Path, Path], run_cli: Run) -> None:
    project, _ = env
    config = project / ".cursor" / "mcp.json"
    config.parent.mkdir()
    config.write_text('{"mcpServers": {}}\n')
    os.chown(config, 12345, 23456)
    os.chmod(config, 0o600)
    entry = _entry(_init(run_cli, env, "--client", "cursor", "--apply"), ".cursor/mcp.json")
    assert entry["action"] == "change"
    info = config.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (12345, 23456, 0o600)
    backup = project / ".cursor" / "mcp.json.prx-backup"
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600  # the old content stays private


def test_a_file_changed_after_the_plan_is_not_overwritten(
    env: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    project, _ = env
    guide = project / "AGENTS.md"
    guide.write_text("mine\n")
    real = edits.agents_md

    def planned_then_changed(old: str | None, *, uninstall: bool) -> str | None:
        new = real(old, uninstall=uninstall)
        guide.write_text("mine, and a line another agent added meanwhile\n")
        return new

    monkeypatch.setattr(edits, "agents_md", planned_then_changed)
    ws = Workspace(
        project,
        config=Config.from_env(
            {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )
    result = ws.init(client=("cursor",), apply=True)
    (entry,) = [f for f in result.files if f.path == "AGENTS.md"]
    assert entry.action == "failed" and "changed since it was read" in (entry.note or "")
    assert guide.read_text() == "mine, and a line another agent added meanwhile\n"
    assert not (project / "AGENTS.md.prx-backup").exists()


CODEX_BEFORE = '# codex settings\nmodel = "o3"\n'


@pytest.mark.parametrize(
    "after",
    [
        "# my own note, after prx's table\n",
        '\n# about the next table\n[profiles.fast]\nmodel = "o4-mini"\n# the end\n',
        "# right below\n[other]\nb = 2\n",
    ],
)
def test_uninstall_keeps_what_the_user_wrote_after_prx_table(
    env: tuple[Path, Path], run_cli: Run, after: str
) -> None:
    project, _ = env
    config = project / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_text(CODEX_BEFORE)
    _init(run_cli, env, "--client", "codex", "--apply")
    installed = config.read_text()
    assert "[mcp_servers.prx]" in installed
    config.write_text(installed + after)  # the user goes on writing below prx's table
    _init(run_cli, env, "--client", "codex", "--apply", "--uninstall")
    text = config.read_text()
    assert "mcp_servers" not in text and "command" not in text, text
    for line in after.splitlines():
        assert line in text.splitlines(), (line, text)
    assert text.startswith(CODEX_BEFORE)
    tomllib.loads(text)


def test_a_hard_linked_file_is_refused_not_split(env: tuple[Path, Path], run_cli: Run) -> None:
    project, home = env
    guide = project / "AGENTS.md"
    guide.write_text("mine\n")
    twin = home / "AGENTS-shared.md"
    os.link(guide, twin)
    entry = _entry(_init(run_cli, env, "--client", "cursor", "--apply"), "AGENTS.md")
    assert entry["action"] == "refused" and "hard links" in entry["note"], entry
    assert guide.read_text() == twin.read_text() == "mine\n"
    assert guide.stat().st_nlink == 2
