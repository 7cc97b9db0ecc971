"""``prx init --apply --user`` read back by the real clients: Claude Code, Codex CLI and
Gemini CLI, installed from the npm registry, list prx among their MCP servers.

It uses the network (the npm registry, nothing else), so it runs only when asked:
``PRX_TEST_NPM_CLIENTS=1``. The packages are installed once into a cache folder
(``PRX_TEST_NPM_CACHE``, default ``<tmp>/prx-test-npm-clients``, npm's own cache inside
it) and reused by later runs.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from programs import needs

PACKAGES = ("@anthropic-ai/claude-code", "@openai/codex", "@google/gemini-cli")
COMMANDS = ("claude", "codex", "gemini")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("PRX_TEST_NPM_CLIENTS") != "1",
        reason="installs agent clients from the npm registry: set PRX_TEST_NPM_CLIENTS=1",
    ),
    needs("npm"),
]


@pytest.fixture(scope="module")
def client_bin() -> Path:
    cache = Path(
        os.environ.get("PRX_TEST_NPM_CACHE") or Path(tempfile.gettempdir()) / "prx-test-npm-clients"
    )
    bin_dir = cache / "node_modules" / ".bin"
    if not all((bin_dir / name).exists() for name in COMMANDS):
        cache.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        assert npm is not None
        done = subprocess.run(
            [npm, "install", "--prefix", str(cache), "--cache", str(cache / "npm-cache")]
            + ["--no-audit", "--no-fund", "--loglevel=error", *PACKAGES],
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        if done.returncode != 0 or not all((bin_dir / n).exists() for n in COMMANDS):
            pytest.skip(f"npm install failed: {done.stderr.strip()[-500:]}")
    return bin_dir


def test_the_clients_list_prx_after_init_user(client_bin, tmp_path):
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    env = {**os.environ, "HOME": str(home)}
    init = subprocess.run(
        [sys.executable, "-m", "prx", "init", "--apply", "--user"]
        + [arg for name in ("claude-code", "codex", "gemini") for arg in ("--client", name)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert init.returncode == 0, init.stdout + init.stderr
    for command in COMMANDS:
        listed = subprocess.run(
            [str(client_bin / command), "mcp", "list"],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        output = listed.stdout + listed.stderr
        # Each prints the server's name, then its command line: "prx: prx mcp ..." (Claude
        # Code), "○ prx: prx mcp (stdio)" (Gemini), "prx  prx  mcp ..." (Codex's columns).
        assert re.search(r"(?m)^\W*prx:?\s+prx\s+mcp\b", output), (command, output)


BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"


def _checked(client_bin: Path, project: Path, home: Path) -> subprocess.CompletedProcess[str]:
    """benchmarks/hook_clients.py: each client's own check of the project's hook entries.

    The script serves Gemini CLI a stand-in model on 127.0.0.1 (its hooks are listed only
    by a session): the one Python process of the suite let bind a loopback socket, in this
    opt-in test that already uses the npm registry."""
    env = {k: v for k, v in os.environ.items() if k != "PRX_NETGUARD_LOG"}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and "_netguard" not in p
    )
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / "hook_clients.py"), str(project), "--home", str(home)],
        env={**env, "PRX_AGENT_CLIS": str(client_bin)},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


@pytest.mark.parametrize("scope", ["project", "user"])
def test_the_clients_accept_the_hooks_init_writes(client_bin, tmp_path, scope):
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    env = {**os.environ, "HOME": str(home)}
    init = subprocess.run(
        [sys.executable, "-m", "prx", "init", "--hooks", "--apply"]
        + (["--user"] if scope == "user" else [])
        + [arg for name in ("claude-code", "codex", "gemini") for arg in ("--client", name)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert init.returncode == 0, init.stdout + init.stderr
    checked = _checked(client_bin, project, home)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("accepted: True") == 3, checked.stdout
    # The check bites: the same entries with a hook type the clients do not know.
    for written in (home if scope == "user" else project).glob(".*/*.json"):
        written.write_text(written.read_text().replace('"command"', '"comand"', 1))
    assert _checked(client_bin, project, home).returncode == 1
