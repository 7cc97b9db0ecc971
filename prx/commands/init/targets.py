"""Every agent client ``prx init`` knows: where its MCP configuration lives, under which
key, in which format, and how to tell that it is installed. The one table to edit when
a client moves its files."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from prx.core.record import record

__all__ = ["CLIENTS", "SERVER", "Client", "detected", "user_path"]

#: The command every client starts.
SERVER: tuple[str, ...] = ("prx", "mcp")
_STDIO = {"command": SERVER[0], "args": list(SERVER[1:])}


@record
class Client:
    """One agent client's MCP configuration."""

    #: The name given to ``client``.
    name: str
    #: Its usual name, for people.
    title: str
    #: ``json`` (JSON, comments tolerated), ``jsonc`` (JSON with comments), ``toml`` or
    #: ``yaml`` (a file of prx's own).
    format: str
    #: The file at project scope, relative to the project (None: user scope only).
    project: str | None
    #: The file at user scope, relative to the home directory (None: project only);
    #: ``{config}`` is the platform's application-data directory.
    user: str | None
    #: Keys leading to the object of servers (``("mcpServers",)``).
    key: tuple[str, ...]
    #: prx's entry in that object.
    entry: Any
    #: Directories (``~/`` for the home directory, else relative to the project) and
    #: executables whose presence means the client is installed.
    markers: tuple[str, ...] = ()
    executables: tuple[str, ...] = ()
    #: Other file names of the project file, used instead when present (``opencode.jsonc``).
    alternates: tuple[str, ...] = ()


CLIENTS: tuple[Client, ...] = (
    Client(
        name="claude-code",
        title="Claude Code",
        format="json",
        project=".mcp.json",
        user=".claude.json",
        key=("mcpServers",),
        entry={"type": "stdio", **_STDIO},
        markers=("~/.claude", ".claude"),
        executables=("claude",),
    ),
    Client(
        name="claude-desktop",
        title="Claude Desktop",
        format="json",
        project=None,
        user="{config}/Claude/claude_desktop_config.json",
        key=("mcpServers",),
        entry=dict(_STDIO),
        markers=("~/{config}/Claude",),
    ),
    Client(
        name="cursor",
        title="Cursor",
        format="json",
        project=".cursor/mcp.json",
        user=".cursor/mcp.json",
        key=("mcpServers",),
        entry=dict(_STDIO),
        markers=("~/.cursor", ".cursor"),
        executables=("cursor",),
    ),
    Client(
        name="vscode",
        title="VS Code",
        format="jsonc",
        project=".vscode/mcp.json",
        user="{config}/Code/User/mcp.json",
        key=("servers",),
        entry={"type": "stdio", **_STDIO},
        markers=(".vscode", "~/{config}/Code"),
        executables=("code",),
    ),
    Client(
        name="codex",
        title="Codex CLI",
        format="toml",
        project=".codex/config.toml",
        user=".codex/config.toml",
        key=("mcp_servers",),
        entry=dict(_STDIO),
        markers=("~/.codex", ".codex"),
        executables=("codex",),
    ),
    Client(
        name="gemini",
        title="Gemini CLI",
        format="json",
        project=".gemini/settings.json",
        user=".gemini/settings.json",
        key=("mcpServers",),
        entry=dict(_STDIO),
        markers=("~/.gemini", ".gemini"),
        executables=("gemini",),
    ),
    Client(
        name="windsurf",
        title="Windsurf",
        format="json",
        project=None,
        user=".codeium/windsurf/mcp_config.json",
        key=("mcpServers",),
        entry=dict(_STDIO),
        markers=("~/.codeium/windsurf",),
        executables=("windsurf",),
    ),
    Client(
        name="zed",
        title="Zed",
        format="jsonc",
        project=".zed/settings.json",
        user=".config/zed/settings.json",
        key=("context_servers",),
        entry={"source": "custom", **_STDIO, "env": {}},
        markers=("~/.config/zed", ".zed"),
        executables=("zed", "zeditor"),
    ),
    Client(
        name="opencode",
        title="opencode",
        format="jsonc",
        project="opencode.json",
        user=".config/opencode/opencode.json",
        key=("mcp",),
        entry={"type": "local", "command": list(SERVER), "enabled": True},
        markers=("~/.config/opencode", ".opencode", "opencode.json", "opencode.jsonc"),
        executables=("opencode",),
        alternates=("opencode.jsonc",),
    ),
    Client(
        name="continue",
        title="Continue",
        format="yaml",
        project=".continue/mcpServers/prx.yaml",
        user=None,
        key=(),
        entry=None,
        markers=("~/.continue", ".continue"),
    ),
)


def _config_dir() -> str:
    """The platform's application-data directory, relative to the home directory."""
    if sys.platform == "darwin":
        return "Library/Application Support"
    if sys.platform == "win32":
        home = Path.home()
        appdata = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
        try:
            return appdata.relative_to(home).as_posix()
        except ValueError:
            return "AppData/Roaming"
    return ".config"


def user_path(template: str) -> Path:
    """A user-scope path of the table, under the home directory."""
    return Path.home() / template.replace("{config}", _config_dir())


def detected(client: Client, project: Path) -> bool:
    """Whether ``client`` looks installed: one of its directories or executables exists."""
    for marker in client.markers:
        if marker.startswith("~/"):
            if user_path(marker[2:]).exists():
                return True
        elif (project / marker).exists():
            return True
    return any(shutil.which(name) for name in client.executables)
