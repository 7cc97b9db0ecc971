"""``prx init``: every client's file is merged into without loss, a second run changes
nothing, uninstall gives the original bytes back, and whatever cannot be changed safely
is reported and left untouched."""

from __future__ import annotations

import io
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest

from prx.app.builtins import BUILTIN_OPERATIONS, load
from prx.app.workspace import Workspace
from prx.commands.init.targets import CLIENTS
from prx.core.config import Config
from prx.core.errors import InvalidArgumentError
from prx.frontends.cli.frontend import CliFrontend
from prx.frontends.mcp.service import select_operations

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ENTRY = {"command": "prx", "args": ["mcp"]}


@pytest.fixture
def env(tmp_path, monkeypatch):
    """(project, home): an empty project and home directory, and no client on PATH."""
    project, home, bin_dir = tmp_path / "project", tmp_path / "home", tmp_path / "bin"
    for directory in (project, home, bin_dir):
        directory.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.delenv("APPDATA", raising=False)
    return project, home


def _init(project: Path, *clients: str, **options: Any):
    ws = Workspace(
        project,
        config=Config.from_env(
            {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )
    return ws.init(client=clients, **options)


def _snapshot(*roots: Path) -> dict[str, bytes | str]:
    """Every file (bytes) and symlink (target) under ``roots``."""
    found: dict[str, bytes | str] = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_symlink():
                found[str(path)] = os.readlink(path)
            elif path.is_file():
                found[str(path)] = path.read_bytes()
    return found


def _jsonc(text: str) -> Any:
    """JSON with comments and trailing commas, parsed by other means than prx's."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"(?m)^\s*//.*$|\s//[^\"\n]*$", "", text)
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", text))


def _yaml_continue(text: str) -> dict[str, Any]:
    """A tiny reader for Continue's block file: top-level scalars and the server list."""
    top: dict[str, Any] = {}
    server: dict[str, Any] = {}
    for line in text.splitlines():
        if not line.startswith(" ") and ":" in line:
            key, _, value = line.partition(":")
            top[key] = value.strip()
        elif line.startswith("  - name:"):
            server = {"name": line.split(":", 1)[1].strip()}
            top["mcpServers"] = [server]
        elif line.startswith("    ") and line.strip().endswith(":"):
            server[line.strip()[:-1]] = []
        elif line.startswith("      - "):
            server["args"].append(line.strip()[2:])
        elif line.startswith("    "):
            key, _, value = line.strip().partition(":")
            server[key] = value.strip()
    return top


# Per client and scope: the file, an existing content with another server, an unknown key
# (and comments where the format allows them), and how to read prx's entry back.
EXISTING_JSON = '{\n  "theme": "dark",\n  "%s": {\n    "other": {"command": "x"}\n  }\n}\n'
EXISTING_JSONC = (
    '// my settings\n{\n  /* keep */ "theme": "dark",\n'
    '  "%s": {\n    "other": {"command": "x"}, // the other server\n  },\n}\n'
)
EXISTING_TOML = (
    '# codex settings\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "x"  # keep\n'
    '\n[profiles.fast]\nmodel = "o4-mini"\n'
)
CASES = [
    ("claude-code", False, ".mcp.json", "json"),
    ("claude-code", True, "~/.claude.json", "json"),
    ("claude-desktop", True, "~/.config/Claude/claude_desktop_config.json", "json"),
    ("cursor", False, ".cursor/mcp.json", "json"),
    ("cursor", True, "~/.cursor/mcp.json", "json"),
    ("vscode", False, ".vscode/mcp.json", "jsonc"),
    ("vscode", True, "~/.config/Code/User/mcp.json", "jsonc"),
    ("codex", False, ".codex/config.toml", "toml"),
    ("codex", True, "~/.codex/config.toml", "toml"),
    ("gemini", False, ".gemini/settings.json", "json"),
    ("gemini", True, "~/.gemini/settings.json", "json"),
    ("windsurf", True, "~/.codeium/windsurf/mcp_config.json", "json"),
    ("zed", False, ".zed/settings.json", "jsonc"),
    ("zed", True, "~/.config/zed/settings.json", "jsonc"),
    ("opencode", False, "opencode.json", "jsonc"),
    ("opencode", True, "~/.config/opencode/opencode.json", "jsonc"),
]
CLIENT = {c.name: c for c in CLIENTS}


def _path(env: tuple[Path, Path], shown: str) -> Path:
    project, home = env
    return home / shown[2:] if shown.startswith("~/") else project / shown


def _read_back(path: Path, fmt: str) -> Any:
    text = path.read_text(encoding="utf-8")
    if fmt == "toml":
        return tomllib.loads(text)
    return json.loads(text) if fmt == "json" else _jsonc(text)


def _servers(data: Any, name: str) -> Any:
    for key in CLIENT[name].key:
        data = data[key]
    return data


@pytest.mark.skipif(os.name == "nt", reason="POSIX paths in the table of cases")
@pytest.mark.parametrize(
    ("name", "user", "shown", "fmt"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES]
)
def test_each_client_is_merged_into_without_loss_and_uninstalled_to_the_same_bytes(
    env, name, user, shown, fmt
):
    project, home = env
    path = _path(env, shown)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = CLIENT[name].key[0]
    original = (
        EXISTING_TOML
        if fmt == "toml"
        else (EXISTING_JSONC if fmt == "jsonc" else EXISTING_JSON) % key
    ).encode()
    path.write_bytes(original)
    os.chmod(path, 0o600)

    result = _init(project, name, user=user, apply=True)
    (entry,) = [f for f in result.files if f.client == name]
    assert (entry.path, entry.action, entry.backup) == (shown, "change", shown + ".prx-backup")
    assert Path(str(path) + ".prx-backup").read_bytes() == original
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = _read_back(path, fmt)
    servers = _servers(data, name)
    assert servers["prx"] == CLIENT[name].entry
    assert servers["other"] == {"command": "x"}  # the other server survives
    text = path.read_text()
    if fmt == "toml":
        assert data["model"] == "o3" and data["profiles"] == {"fast": {"model": "o4-mini"}}
        assert "# codex settings" in text and "# keep" in text
    else:
        assert data["theme"] == "dark"
    if fmt == "jsonc":
        assert "// my settings" in text and "/* keep */" in text and "// the other server" in text

    again = _init(project, name, user=user, apply=True)
    assert {f.action for f in again.files} == {"unchanged"}
    assert _read_back(path, fmt) == data

    removed = _init(project, name, user=user, apply=True, uninstall=True)
    assert [f.action for f in removed.files if f.client == name] == ["change"]
    assert path.read_bytes() == original


@pytest.mark.parametrize(
    ("name", "user", "shown", "fmt"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES]
)
def test_a_missing_file_is_created_parseable_and_deleted_on_uninstall(env, name, user, shown, fmt):
    project, _ = env
    path = _path(env, shown)
    result = _init(project, name, user=user, apply=True)
    assert [f.action for f in result.files if f.client == name] == ["create"]
    assert _servers(_read_back(path, fmt), name) == {"prx": CLIENT[name].entry}
    assert not Path(str(path) + ".prx-backup").exists()  # nothing existed to back up
    _init(project, name, user=user, apply=True, uninstall=True)
    assert not path.exists()


def test_continue_gets_a_block_file_of_its_own(env):
    project, _ = env
    result = _init(project, "continue", apply=True)
    path = project / ".continue/mcpServers/prx.yaml"
    assert [f.action for f in result.files if f.client == "continue"] == ["create"]
    parsed = _yaml_continue(path.read_text())
    assert parsed["name"] == "prx" and parsed["schema"] == "v1" and parsed["version"]
    assert parsed["mcpServers"] == [
        {"name": "prx", "type": "stdio", "command": "prx", "args": ["mcp"]}
    ]
    assert {f.action for f in _init(project, "continue", apply=True).files} == {"unchanged"}
    _init(project, "continue", apply=True, uninstall=True)
    assert not path.exists()


def test_the_guides_are_added_once_and_removed_to_the_original_bytes(env):
    project, _ = env
    originals = {
        "AGENTS.md": b"# Agents\n\nRun the tests with nox.\n",
        "CLAUDE.md": b"Be brief.\n",
        ".gitignore": b"*.pyc\n/build",
    }
    for name, data in originals.items():
        (project / name).write_bytes(data)
    result = _init(project, "cursor", apply=True)
    assert {f.path: f.action for f in result.files if f.client == "guide"} == {
        "AGENTS.md": "change",
        "CLAUDE.md": "change",
        ".gitignore": "change",
    }
    agents = (project / "AGENTS.md").read_text()
    assert agents.startswith("# Agents\n\nRun the tests with nox.\n\n<!-- prx:start -->\n")
    block = agents[agents.index("<!-- prx:start -->") : agents.index("<!-- prx:end -->")]
    assert 5 <= len(block.splitlines()) <= 14 and "grep" in block and "cat" in block
    assert "@AGENTS.md\n" in (project / "CLAUDE.md").read_text()
    assert ".prx/" in (project / ".gitignore").read_text().splitlines()
    assert {f.action for f in _init(project, "cursor", apply=True).files} == {"unchanged"}
    _init(project, "cursor", apply=True, uninstall=True)
    for name, data in originals.items():
        # A file without a final newline gains one: the only byte not given back.
        assert (project / name).read_bytes() == (data if data.endswith(b"\n") else data + b"\n")
    assert not (project / ".cursor/mcp.json").exists()


def test_existing_imports_and_ignores_are_left_alone(env):
    project, _ = env
    (project / "CLAUDE.md").write_text("@AGENTS.md\n")
    (project / ".gitignore").write_text("/.prx/\n")
    result = _init(project, "cursor")
    actions = {f.path: f.action for f in result.files if f.client == "guide"}
    assert actions["CLAUDE.md"] == "unchanged" and actions[".gitignore"] == "unchanged"


def test_the_guide_is_replaced_in_place_between_its_markers(env):
    project, _ = env
    (project / "AGENTS.md").write_text(
        "intro\n<!-- prx:start -->\nold guide\n<!-- prx:end -->\noutro\n"
    )
    _init(project, "cursor", apply=True)
    text = (project / "AGENTS.md").read_text()
    assert text.startswith("intro\n<!-- prx:start -->\n## Code tools: prx")
    assert text.endswith("<!-- prx:end -->\noutro\n") and "old guide" not in text


def test_dry_run_writes_nothing_and_shows_the_diff(env):
    project, home = env
    (project / ".cursor").mkdir()
    (project / ".cursor/mcp.json").write_text('{"mcpServers": {"other": {"command": "x"}}}\n')
    before = _snapshot(project, home)
    result = _init(project, "cursor", "codex", "zed", "continue")
    assert _snapshot(project, home) == before
    assert not result.applied
    cursor = next(f for f in result.files if f.client == "cursor")
    assert cursor.action == "change" and cursor.backup is None
    assert cursor.diff is not None and cursor.diff.startswith("--- .cursor/mcp.json\n")
    assert '+  "prx": {' in cursor.diff
    codex = next(f for f in result.files if f.client == "codex")
    assert codex.action == "create" and "+[mcp_servers.prx]" in (codex.diff or "")


def test_a_different_prx_entry_is_replaced_and_the_rest_kept(env):
    project, _ = env
    (project / ".mcp.json").write_text(
        '{"mcpServers": {"prx": {"command": "old-prx"}, "other": {"command": "x"}}}'
    )
    (project / ".codex").mkdir()
    (project / ".codex/config.toml").write_text(
        '[mcp_servers.prx]\ncommand = "old"\n\n[mcp_servers.prx.env]\nA = "1"\n\n[other]\nb = 2\n'
    )
    _init(project, "claude-code", "codex", apply=True)
    data = json.loads((project / ".mcp.json").read_text())
    assert data["mcpServers"] == {
        "prx": CLIENT["claude-code"].entry,
        "other": {"command": "x"},
    }
    toml = tomllib.loads((project / ".codex/config.toml").read_text())
    assert toml == {"mcp_servers": {"prx": ENTRY}, "other": {"b": 2}}


@pytest.mark.parametrize(
    ("name", "shown", "content", "why"),
    [
        ("cursor", ".cursor/mcp.json", '{"mcpServers": {', "not valid JSON"),
        ("cursor", ".cursor/mcp.json", "[1, 2]", "not a JSON object"),
        ("cursor", ".cursor/mcp.json", '{"mcpServers": []}', "not an object"),
        ("cursor", ".cursor/mcp.json", '// hi\n{"a": 1}', "has comments"),
        ("zed", ".zed/settings.json", '{"context_servers": {/* open', "not valid JSON"),
        ("codex", ".codex/config.toml", "[mcp_servers.prx\n", "not valid TOML"),
        ("codex", ".codex/config.toml", 'mcp_servers = { prx = { command = "x" } }\n', "by hand"),
    ],
)
def test_a_malformed_or_unusual_file_is_refused_and_untouched(env, name, shown, content, why):
    project, _ = env
    path = project / shown
    path.parent.mkdir(parents=True)
    path.write_text(content)
    result = _init(project, name, apply=True)
    (entry,) = [f for f in result.files if f.client == name]
    assert entry.action == "refused" and why in (entry.note or ""), entry
    assert path.read_text() == content
    assert not Path(str(path) + ".prx-backup").exists()


@pytest.mark.parametrize(
    "content",
    [
        "a\n<!-- prx:start -->\nmine\n",
        "a\n<!-- prx:end -->\n",
        "<!-- prx:end -->\n<!-- prx:start -->\n",
        "<!-- prx:start -->\n<!-- prx:start -->\n<!-- prx:end -->\n",
    ],
)
def test_an_unpaired_marker_is_reported_and_never_overwritten(env, content):
    project, _ = env
    (project / "AGENTS.md").write_text(content)
    for uninstall in (False, True):
        result = _init(project, "cursor", apply=True, uninstall=uninstall)
        (entry,) = [f for f in result.files if f.path == "AGENTS.md"]
        assert entry.action == "refused" and "without its pair" in (entry.note or "")
        assert (project / "AGENTS.md").read_text() == content


def test_symlinks_that_dangle_or_leave_the_project_are_refused(env, tmp_path):
    project, _ = env
    outside = tmp_path / "outside.json"
    outside.write_text('{"mcpServers": {}}')
    (project / ".mcp.json").symlink_to(outside)
    (project / ".vscode").symlink_to(tmp_path / "nowhere")
    (project / "AGENTS.md").symlink_to(project / "missing.md")
    before = _snapshot(project, tmp_path / "home")
    result = _init(project, "claude-code", "vscode", apply=True)
    actions = {f.path: (f.action, f.note) for f in result.files}
    assert actions[".mcp.json"][0] == "refused" and "outside the project" in actions[".mcp.json"][1]
    assert (
        actions[".vscode/mcp.json"][0] == "refused"
        and "to nothing" in actions[".vscode/mcp.json"][1]
    )
    assert actions["AGENTS.md"][0] == "refused"
    after = _snapshot(project, tmp_path / "home")
    assert {k: v for k, v in after.items() if k in before} == before
    assert sorted(Path(k).name for k in set(after) - set(before)) == [".gitignore", "CLAUDE.md"]
    assert outside.read_text() == '{"mcpServers": {}}'


def test_a_symlink_inside_the_project_is_followed_and_kept(env):
    project, _ = env
    (project / "shared.json").write_text('{"a": 1}\n')
    (project / ".mcp.json").symlink_to("shared.json")
    _init(project, "claude-code", apply=True)
    assert (project / ".mcp.json").is_symlink()
    assert json.loads((project / "shared.json").read_text())["mcpServers"]["prx"]["args"] == ["mcp"]


def test_clients_are_detected_by_directory_or_executable(env):
    project, home = env
    (project / ".cursor").mkdir()
    (home / ".gemini").mkdir()
    codex = Path(os.environ["PATH"]) / "codex"
    codex.write_text("#!/bin/sh\n")
    codex.chmod(0o755)
    assert _init(project).clients == ("cursor", "codex", "gemini")


def test_no_client_found_names_the_supported_ones(env):
    project, _ = env
    with pytest.raises(InvalidArgumentError) as caught:
        _init(project)
    assert "claude-code" in caught.value.message and "continue" in caught.value.message
    out = io.StringIO()
    ws = Workspace(
        project,
        config=Config.from_env(
            {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )
    code = CliFrontend(ws, stdout=out).main(["init"])
    error = json.loads(out.getvalue())["error"]
    assert code == 2 and error["code"] == "invalid_argument"
    assert "--client" in error["suggestion"] and "zed" in error["message"]


def test_an_unknown_client_is_an_invalid_argument_with_a_suggestion(env):
    project, _ = env
    with pytest.raises(InvalidArgumentError) as caught:
        _init(project, "curser")
    assert caught.value.suggestion == "Did you mean 'cursor'?"


def test_a_client_at_a_scope_it_has_no_file_for_is_skipped(env):
    project, _ = env
    result = _init(project, "windsurf", "claude-desktop")
    assert [(f.client, f.action) for f in result.files if f.client != "guide"] == [
        ("windsurf", "skipped"),
        ("claude-desktop", "skipped"),
    ]
    user = _init(project, "continue", user=True)
    assert [f.action for f in user.files] == ["skipped"]  # no guide files at user scope


def test_opencode_jsonc_is_used_when_it_exists(env):
    project, _ = env
    (project / "opencode.jsonc").write_text('{\n  // mine\n  "theme": "x"\n}\n')
    result = _init(project, "opencode", apply=True)
    assert [f.path for f in result.files if f.client == "opencode"] == ["opencode.jsonc"]
    assert not (project / "opencode.json").exists()
    assert _jsonc((project / "opencode.jsonc").read_text())["mcp"]["prx"]["enabled"] is True


def test_the_cli_writes_only_with_apply_and_shows_files_in_plain(env):
    project, _ = env
    ws = Workspace(
        project,
        config=Config.from_env(
            {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )
    out = io.StringIO()
    assert CliFrontend(ws, stdout=out).main(["--plain", "init", "--client", "cursor"]) == 0
    assert "dry run" in out.getvalue() and "create    .cursor/mcp.json  (cursor)" in out.getvalue()
    assert not (project / ".cursor").exists()
    out = io.StringIO()
    assert CliFrontend(ws, stdout=out).main(["init", "--client", "cursor", "--apply"]) == 0
    assert json.loads(out.getvalue())["data"]["applied"] is True
    assert (project / ".cursor/mcp.json").exists()


def test_mcp_serves_init_only_with_allow_write():
    init = load(BUILTIN_OPERATIONS["init"])
    assert not init.read_only
    assert select_operations([init]) == []
    assert select_operations([init], toolsets=["admin"]) == []
    # An admin tool: served when its toolset (or the tool) is named, and writing is allowed.
    assert select_operations([init], allow_write=True) == []
    assert select_operations([init], toolsets=["admin"], allow_write=True) == [init]
    assert select_operations([init], tools=["init"], allow_write=True) == [init]


def test_settings_added_to_prx_entry_are_kept(env):
    project, _ = env
    settings = '{"mcpServers": {"prx": {"command": "prx", "args": ["mcp"], "env": {"A": "1"}}}}'
    (project / ".cursor").mkdir()
    (project / ".cursor/mcp.json").write_text(settings)
    (project / ".codex").mkdir()
    toml = '[mcp_servers.prx]\ncommand = "prx"\nargs = ["mcp"]\ntool_timeout_sec = 300\n'
    (project / ".codex/config.toml").write_text(toml)
    result = _init(project, "cursor", "codex", apply=True)
    assert [f.action for f in result.files if f.client != "guide"] == ["unchanged", "unchanged"]
    assert (project / ".cursor/mcp.json").read_text() == settings
    assert (project / ".codex/config.toml").read_text() == toml


def test_windows_line_endings_are_kept(env):
    project, _ = env
    original = b'{\r\n  "mcpServers": {\r\n    "other": {"command": "x"}\r\n  }\r\n}\r\n'
    (project / ".mcp.json").write_bytes(original)
    (project / "AGENTS.md").write_bytes(b"# Agents\r\n")
    _init(project, "claude-code", apply=True)
    for name in (".mcp.json", "AGENTS.md"):
        data = (project / name).read_bytes()
        assert data.count(b"\n") == data.count(b"\r\n") > 2, name
    assert json.loads((project / ".mcp.json").read_bytes())["mcpServers"]["prx"]["args"] == ["mcp"]
    _init(project, "claude-code", apply=True, uninstall=True)
    assert (project / ".mcp.json").read_bytes() == original
    assert (project / "AGENTS.md").read_bytes() == b"# Agents\r\n"


def test_a_long_diff_is_cut_and_says_how_much_is_left(env):
    project, _ = env
    old_guide = "".join(f"old line {i}\n" for i in range(100))
    (project / "AGENTS.md").write_text(f"<!-- prx:start -->\n{old_guide}<!-- prx:end -->\n")
    result = _init(project, "cursor")
    (agents,) = [f for f in result.files if f.path == "AGENTS.md"]
    lines = (agents.diff or "").splitlines()
    assert len(lines) == 61 and re.fullmatch(r"\.\.\. \d+ more diff lines", lines[-1])
