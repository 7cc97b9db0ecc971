"""Each client's hook contract, with the payloads as the clients send them
(tests/golden/hooks, captured from the real CLIs: see SOURCES.md there): a shell call prx
answers is rewritten in the client's own words, anything else passes with nothing on
stdout, and the client's own permission rules keep a command as written where a rewrite
would skip them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "hooks"

#: (client, the shell call's payload, a payload of another tool)
CASES = [
    ("claude-code", "claude/bash.json", "claude/read.json"),
    ("gemini", "gemini/run_shell_command.json", "gemini/read_file.json"),
    ("codex", "codex/bash.json", "codex/apply_patch.json"),
]


def _payload(name: str, project: Path, command: str | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = json.loads((GOLDEN / name).read_text())
    payload["cwd"] = str(project)
    if command is not None:
        payload["tool_input"]["command"] = command
    return payload


def _hook(client: str, payload: Any, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prx", "hook", client],
        input=payload if isinstance(payload, str) else json.dumps(payload),
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "PRX_HOME": str(home / ".prx"), **env},
        timeout=60,
    )


@pytest.fixture
def places(tmp_path: Path) -> tuple[Path, Path]:
    project, home = tmp_path / "project", tmp_path / "home"
    (project / "src").mkdir(parents=True)
    (project / "src" / "a.py").write_text("# TODO: one\nx = 1\n")
    home.mkdir()
    return project, home


def _rewritten(client: str, out: str) -> tuple[str, dict[str, Any]]:
    """(the new command, the whole hook-specific answer) of a rewrite."""
    answer = json.loads(out)["hookSpecificOutput"]
    if client == "gemini":
        assert answer["hookEventName"] == "BeforeTool"
        return answer["tool_input"]["command"], answer
    assert answer["hookEventName"] == "PreToolUse"
    # Codex takes a rewrite only with allow; Claude Code skips its prompt with it.
    assert answer["permissionDecision"] == "allow"
    return answer["updatedInput"]["command"], answer


@pytest.mark.parametrize(("client", "shell", "other"), CASES)
def test_a_command_prx_answers_is_rewritten(
    places: tuple[Path, Path], client: str, shell: str, other: str
) -> None:
    project, home = places
    payload = _payload(shell, project, "grep -rn TODO src")
    done = _hook(client, payload, home)
    assert done.returncode == 0
    command, answer = _rewritten(client, done.stdout)
    assert command.split()[:2] == ["prx", "search"] or command.endswith("search")
    assert "--no-ignore" in command and command.endswith("-- TODO src")
    if client != "gemini":
        # The rest of the tool's input is kept (Claude's description, ...).
        kept = {k: v for k, v in payload["tool_input"].items() if k != "command"}
        assert {k: answer["updatedInput"][k] for k in kept} == kept
    ran = subprocess.run(
        ["bash", "-c", command], cwd=project, capture_output=True, text=True, timeout=60
    )
    assert "src/a.py:1:# TODO: one" in ran.stdout


@pytest.mark.parametrize(("client", "shell", "other"), CASES)
def test_everything_else_passes_with_nothing_on_stdout(
    places: tuple[Path, Path], client: str, shell: str, other: str
) -> None:
    project, home = places
    for payload in (
        _payload(other, project),
        _payload(shell, project, "grep -rn TODO src | wc -l"),
        _payload(shell, project, "rm -rf src"),
        _payload(shell, project, "cat ../../etc/passwd"),
        "not json",
        "{}",
    ):
        done = _hook(client, payload, home)
        assert (done.returncode, done.stdout) == (0, ""), payload


def test_codex_patch_text_in_command_is_not_a_shell_command(places: tuple[Path, Path]) -> None:
    project, home = places
    payload = _payload("codex/apply_patch.json", project, "cat src/a.py")
    assert payload["tool_name"] == "apply_patch"
    assert _hook("codex", payload, home).stdout == ""


def test_codex_runs_the_command_in_its_workdir(places: tuple[Path, Path]) -> None:
    project, home = places
    payload = _payload("codex/bash_workdir.json", project, "cat a.py")
    payload["cwd"] = str(project / "src")
    command, _ = _rewritten("codex", _hook("codex", payload, home).stdout)
    assert command.endswith("read --fresh --text -- a.py")


def test_gemini_runs_the_command_in_dir_path(places: tuple[Path, Path]) -> None:
    project, home = places
    payload = _payload("gemini/run_shell_command.json", project, "cat a.py")
    assert _hook("gemini", payload, home).stdout == ""  # no a.py in the project's root
    payload["tool_input"]["dir_path"] = "src"
    command, _ = _rewritten("gemini", _hook("gemini", payload, home).stdout)
    assert command.endswith("-- a.py")
    payload["tool_input"]["is_background"] = True
    assert _hook("gemini", payload, home).stdout == ""


@pytest.mark.parametrize(
    "rules",
    [
        {"permissions": {"deny": ["Bash(cat:*)"]}},
        {"permissions": {"deny": ["Read(./.env)"]}},
        {"permissions": {"ask": ["Bash"]}},
    ],
)
@pytest.mark.parametrize("where", ["user", "project", "local"])
def test_claude_code_deny_or_ask_rules_keep_the_command(
    places: tuple[Path, Path], rules: dict[str, Any], where: str
) -> None:
    project, home = places
    payload = _payload("claude/bash.json", project, "cat src/a.py")
    assert _hook("claude-code", payload, home).stdout  # rewritten without rules
    file = {
        "user": home / ".claude" / "settings.json",
        "project": project / ".claude" / "settings.json",
        "local": project / ".claude" / "settings.local.json",
    }[where]
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps(rules))
    assert _hook("claude-code", payload, home).stdout == ""
    stats = (home / ".prx" / "stats.jsonl").read_text().splitlines()
    assert "rules" in json.loads(stats[-1])["reason"]


def test_claude_code_rules_on_other_tools_do_not_matter(places: tuple[Path, Path]) -> None:
    project, home = places
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(
        json.dumps({"permissions": {"deny": ["WebFetch"], "allow": ["Bash(cat:*)"]}})
    )
    payload = _payload("claude/bash.json", project, "cat src/a.py")
    assert _hook("claude-code", payload, home).stdout


def test_codex_rules_that_forbid_keep_the_command(places: tuple[Path, Path]) -> None:
    project, home = places
    payload = _payload("codex/bash.json", project, "cat src/a.py")
    rules = home / ".codex" / "rules"
    rules.mkdir(parents=True)
    (rules / "default.rules").write_text('prefix_rule(pattern=["git", "push"], decision="allow")\n')
    assert _hook("codex", payload, home).stdout
    (rules / "default.rules").write_text('prefix_rule(pattern=["cat"], decision="forbidden")\n')
    assert _hook("codex", payload, home).stdout == ""


def test_gemini_allow_lists_that_leave_prx_out_keep_the_command(
    places: tuple[Path, Path],
) -> None:
    project, home = places
    payload = _payload("gemini/run_shell_command.json", project, "cat src/a.py")
    settings = home / ".gemini" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"tools": {"allowed": ["run_shell_command(cat)"]}}))
    assert _hook("gemini", payload, home).stdout == ""
    settings.write_text(
        json.dumps({"tools": {"allowed": ["run_shell_command(cat)", "run_shell_command(prx)"]}})
    )
    assert _hook("gemini", payload, home).stdout
    settings.write_text(json.dumps({"tools": {"exclude": ["run_shell_command(prx)"]}}))
    assert _hook("gemini", payload, home).stdout == ""
