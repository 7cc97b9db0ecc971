"""Hostile repositories: what a cloned tree can carry must not hang, crash or mislead prx.

Covered here: a 500-level directory tree, a FIFO named like source, links to endless
devices, a link loop. (Hostile ignore lines: test_globmatch.py; names that are not UTF-8:
test_fuzz.py; a linked ``.prx``: the index tests.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Seconds one call may take before it counts as a hang.
HANG_S = 60
COMMANDS = [
    ["find", "."],
    ["find", ".", "--tree"],
    ["find", ".", "--plain"],
    ["outline", "."],
    ["search", "alpha", ".", "--literal"],
    ["search", "alpha", "."],
    ["exists", "alpha"],
    ["index", "."],
]


def _prx(args: list[str], cwd: Path) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "prx", "--no-fallback", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=HANG_S,
        env={**os.environ, "PRX_DISABLE_PLUGIN_AUTOLOAD": "1", "PRX_HOME": str(cwd / ".home")},
    )
    assert "Traceback" not in done.stderr
    return done.returncode, done.stdout


@pytest.fixture
def deep_tree(tmp_path: Path) -> Path:
    root = tmp_path / "deep"
    leaf = root.joinpath(*["d"] * 500)
    leaf.mkdir(parents=True)
    (leaf / "alpha.py").write_text("def alpha():\n    return 1\n")
    return root


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_500_level_tree_is_answered(deep_tree: Path, args: list[str]) -> None:
    code, out = _prx(args, deep_tree)
    assert code == 0, out
    if "--plain" in args:
        assert "1 of 1 files" in out  # the tree itself is cropped to the terminal's width
        return
    envelope = json.loads(out)
    assert envelope["status"] == "ok" and "fallback" not in envelope


def test_the_deep_tree_view_nests_at_most_64_levels_and_spells_the_path(deep_tree: Path) -> None:
    _, out = _prx(["find", ".", "--tree"], deep_tree)
    node = json.loads(out)["data"]["tree"]
    keys = []
    while "alpha.py" not in node:
        (key,) = node.keys()
        keys.append(key)
        node = node[key]
    assert len(keys) <= 64
    assert "/".join(keys) + "/alpha.py" == "/".join(["d"] * 500) + "/alpha.py"


@pytest.fixture
def odd_files(tmp_path: Path) -> Path:
    root = tmp_path / "odd"
    root.mkdir()
    (root / "alpha.py").write_text("def alpha():\n    return 1\n")
    os.mkfifo(root / "pipe.py")
    os.symlink("/dev/zero", root / "zero.py")
    os.symlink("/dev/urandom", root / "random.txt")
    os.symlink("loop", root / "loop")
    os.symlink("../../..", root / "up")
    return root


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_fifos_devices_and_link_loops_never_hang(odd_files: Path, args: list[str]) -> None:
    code, out = _prx(args, odd_files)
    assert code == 0, out
    if "--plain" not in args:
        assert json.loads(out)["status"] == "ok"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("pipe.py", "io_error"),
        # A link out of the root is refused before anything is opened.
        ("zero.py", "permission_denied"),
        ("random.txt", "permission_denied"),
    ],
)
def test_reading_an_endless_file_is_refused_at_once(odd_files: Path, name: str, code: str) -> None:
    status, out = _prx(["read", name], odd_files)
    assert status == 1
    assert json.loads(out)["error"]["code"] == code


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_fifo_named_git_never_hangs(tmp_path: Path, args: list[str]) -> None:
    # git's `.git` file is read to find the repository's exclude file: a fifo there blocked.
    root = tmp_path / "fifo"
    root.mkdir()
    (root / "alpha.py").write_text("def alpha():\n    return 1\n")
    os.mkfifo(root / ".git")
    code, out = _prx(args, root)
    assert code == 0, out
