"""``prx mcp`` never indexes the home directory (or ``/``), however the root names it: a
symbolic link to it is the home directory all the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (extra prx[mcp]) is not installed")

INIT = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]


def _search(call_id: int) -> dict:
    return {
        "jsonrpc": "2.0",
        "id": call_id,
        "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": "add numbers"}},
    }


def _serve(root, home, prx_home, messages, last_id):
    """The answer to ``last_id`` from ``prx mcp --root root`` with ``HOME=home``."""
    env = dict(os.environ, HOME=str(home), PRX_HOME=str(prx_home))
    proc = subprocess.Popen(
        [sys.executable, "-m", "prx", "mcp", "--root", str(root), "--no-warm-socket"],
        cwd=str(root),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdin is not None and proc.stdout is not None
        for message in messages:
            proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()
        answers = []
        while True:
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else ""
            answers.append(json.loads(line))
            if answers[-1].get("id") == last_id:
                return answers
    finally:
        proc.stdin.close()  # type: ignore[union-attr]
        proc.wait(timeout=60)
        proc.stdout.close()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]


@pytest.mark.parametrize("through", ["link", "link to a link", "dotted path"])
def test_a_home_reached_through_a_link_is_never_indexed(tmp_path, prx_home, through):
    home = tmp_path / "home"
    (home / "src").mkdir(parents=True)
    (home / "src" / "util.py").write_text("def add(a, b):\n    return a + b\n")
    link = tmp_path / "link-to-home"
    link.symlink_to(home)
    root = {
        "link": link,
        "link to a link": tmp_path / "again",
        "dotted path": link / "src" / "..",
    }[through]
    if through == "link to a link":
        root.symlink_to(link)
    answers = _serve(root, home, prx_home, [*INIT, _search(2), _search(3)], 3)
    envelope = answers[-1]["result"]["structuredContent"]
    assert envelope["status"] == "ok"
    assert envelope["data"]["index"] == "built" and "warnings" not in envelope
    assert not (home / ".prx").exists()


def test_the_root_directory_through_a_link_is_broad_too(tmp_path, monkeypatch):
    from prx.frontends.cli.mcp import broad_root

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    (tmp_path / "to-root").symlink_to(os.sep)
    (tmp_path / "to-home").symlink_to(home)
    assert broad_root(str(tmp_path / "to-root"))
    assert broad_root(str(tmp_path / "to-home"))
    assert broad_root(str(home))
    assert not broad_root(str(tmp_path))
    assert not broad_root(str(home / "project"))
