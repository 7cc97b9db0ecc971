"""``prx hook`` fails open: whatever goes wrong, it exits 0 and prints nothing, so the
client runs the agent's command as written; and every decision is counted by
``prx stats``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from prx.frontends.hook import entry, forms


def _payload(cwd: Path, command: str) -> dict[str, Any]:
    return {
        "session_id": "s1",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": str(cwd),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "look"},
    }


def _hook(stdin: bytes, home: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    environ = {**os.environ, "PRX_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "prx", "hook", *args],
        input=stdin,
        capture_output=True,
        env=environ,
        timeout=60,
    )


def _records(home: Path) -> list[dict[str, Any]]:
    path = home / "stats.jsonl"
    lines = path.read_text().splitlines() if path.exists() else []
    return [json.loads(line) for line in lines]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "a.py").write_text("x = 1\n")
    return root


@pytest.mark.parametrize(
    ("stdin", "reason"),
    [
        (b"", "malformed input (not JSON)"),
        (b"{not json", "malformed input (not JSON)"),
        (b"[1, 2]", "malformed input (not an object)"),
        (b'{"tool_name": "Bash"}', "malformed input (no command or cwd)"),
        (
            b'{"tool_name": "Bash", "tool_input": "cat a.py", "cwd": "/"}',
            "malformed input (no command or cwd)",
        ),
        (b"\xff\xfe\x00garbage", "malformed input (not JSON)"),
    ],
)
def test_malformed_input_passes_and_is_counted(tmp_path: Path, stdin: bytes, reason: str) -> None:
    done = _hook(stdin, tmp_path, "claude-code")
    assert (done.returncode, done.stdout) == (0, b"")
    assert _records(tmp_path)[-1]["reason"] == reason


def test_an_unknown_client_or_no_client_never_blocks(tmp_path: Path) -> None:
    for args in (("nobody",), (), ("claude-code", "extra")):
        done = _hook(b"{}", tmp_path, *args)
        assert done.returncode == 0 and done.stdout == b""
        assert b"expected one client" in done.stderr


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "hooks"
SHELL_CALLS = {
    "claude-code": "claude/bash.json",
    "gemini": "gemini/run_shell_command.json",
    "codex": "codex/bash.json",
}


def _client_payload(client: str, cwd: str, command: str) -> dict[str, Any]:
    payload: dict[str, Any] = json.loads((GOLDEN / SHELL_CALLS[client]).read_text())
    payload["cwd"] = cwd
    payload["tool_input"]["command"] = command
    return payload


@pytest.mark.parametrize("client", sorted(SHELL_CALLS))
def test_a_crash_inside_prx_passes(tmp_path: Path, project: Path, client: str) -> None:
    # A NUL byte in the directory makes the path checks raise (ValueError) deep inside.
    payload = _client_payload(client, str(project) + "\x00evil", "cat a.py")
    done = _hook(json.dumps(payload).encode(), tmp_path, client)
    assert (done.returncode, done.stdout) == (0, b"")
    assert _records(tmp_path)[-1]["reason"] == "internal error (ValueError)"


def test_a_broken_install_passes(tmp_path: Path, project: Path) -> None:
    # The hook package cannot be imported at all: the CLI's route still answers 0, silently.
    shadow = tmp_path / "shadow" / "prx" / "frontends" / "hook"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('broken install')\n")
    code = (
        "import sys, prx.frontends; "
        f"prx.frontends.__path__.insert(0, {str(shadow.parent)!r}); "
        "from prx.frontends.cli import main; sys.exit(main(['hook', 'claude-code']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(_payload(project, "cat a.py")).encode(),
        capture_output=True,
        env={**os.environ, "PRX_HOME": str(tmp_path)},
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (0, b"")


@pytest.mark.parametrize("client", sorted(SHELL_CALLS))
def test_a_slow_decision_passes_in_time(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, project: Path, client: str
) -> None:
    monkeypatch.setenv("PRX_HOME", str(tmp_path))

    def slow(*_args: Any) -> Any:
        time.sleep(5)
        raise AssertionError("the decision was not cut short")

    monkeypatch.setattr(entry, "rewrite", slow)
    payload = _client_payload(client, str(project), "cat a.py")
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", out)
    started = time.monotonic()
    assert entry.main([client]) == 0
    assert time.monotonic() - started < 4  # cut at the decision limit, long before 5 s
    assert out.getvalue() == ""
    assert _records(tmp_path)[-1]["reason"] == f"no decision within {entry.DECISION_SECONDS} s"


def test_decisions_are_counted_in_stats(tmp_path: Path, project: Path) -> None:
    home = tmp_path / "home"
    for command in ("cat a.py", "cat a.py | wc -l", "cat a.py"):
        _hook(json.dumps(_payload(project, command)).encode(), home, "claude-code")
    done = subprocess.run(
        [sys.executable, "-m", "prx", "stats"],
        capture_output=True,
        text=True,
        env={**os.environ, "PRX_HOME": str(home)},
        cwd=project,
        timeout=60,
    )
    hooks = json.loads(done.stdout)["data"]["hooks"]
    assert {(h["decision"], h["form"], h["reason"], h["calls"]) for h in hooks} == {
        ("rewritten", "cat", "", 2),
        ("passed", "", "shell syntax ('|')", 1),
    }
    assert json.loads(done.stdout)["data"]["malformed_records"] == 0


def test_forms_module_is_what_entry_uses() -> None:
    # The slow-decision test patches entry.rewrite: it must be the table's function.
    assert getattr(entry, "rewrite") is forms.rewrite  # noqa: B009
