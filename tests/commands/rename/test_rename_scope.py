"""``prx rename`` leaves other people's code alone (issue 26, class 9): files under
``vendor/``, ``third_party/`` and ``node_modules/`` (ignored by git or not) and nested
repositories are not renamed unless the path names them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from prx.testing import CliRun

Run = Callable[..., CliRun]

OURS = {
    "src/app.py": "def load_item(x):\n    return x\n\n\nprint(load_item(1))\n",
    "src/web/page.py": "from src.app import load_item\n\nprint(load_item(2))\n",
}
PACKAGES = {"src/__init__.py": "", "src/web/__init__.py": ""}
THEIRS = {
    "vendor/lib.py": "def load_item(y):\n    return y\n",
    "third_party/dep/mod.py": "def load_item(z):\n    return z\n",
    "node_modules/pkg/index.js": "function load_item(a) {\n  return a;\n}\n",
    "src/vendor/inner.js": "function load_item(b) {\n  return b;\n}\n",
    "libs/sub/code.py": "def load_item(w):\n    return w\n",
}


@pytest.fixture
def tree(make_repo: Callable[..., Path]) -> Path:
    root = make_repo({**OURS, **PACKAGES, **THEIRS}, git=True)
    (root / "libs/sub/.git").mkdir()  # a nested repository
    (root / "libs/sub/.git/HEAD").write_text("ref: refs/heads/main\n")
    return root


def _ok(done: CliRun) -> dict[str, Any]:
    envelope = done.envelope
    assert envelope["status"] == "ok", envelope
    data: dict[str, Any] = envelope["data"]
    return data


@pytest.mark.parametrize("engine", ["auto", "syntactic"])
def test_rename_leaves_vendored_code_and_nested_repositories(
    engine: str, tree: Path, run_cli: Run
) -> None:
    before = {rel: (tree / rel).read_bytes() for rel in THEIRS}
    data = _ok(
        run_cli("rename", "load_item", "fetch_item", ".", "--engine", engine, "--apply", cwd=tree)
    )
    assert data["applied"] is True
    for rel in THEIRS:
        assert (tree / rel).read_bytes() == before[rel], rel
    for rel in OURS:
        text = (tree / rel).read_text()
        assert "fetch_item" in text and "load_item" not in text, rel
    renamed = {f["file"] for f in data["changes"]}
    assert renamed == set(OURS)
    assert data["skipped"]["vendored"] == 4
    assert data["skipped"]["nested_repository"] == 1
    assert any("vendor" in note and "nested" in note for note in data["notes"])


def test_naming_the_vendored_directory_renames_there(tree: Path, run_cli: Run) -> None:
    data = _ok(run_cli("rename", "load_item", "fetch_item", "vendor", "--apply", cwd=tree))
    assert [f["file"] for f in data["changes"]] == ["vendor/lib.py"]
    assert "fetch_item" in (tree / "vendor/lib.py").read_text()
    assert "load_item" in (tree / "src/app.py").read_text()
    data = _ok(run_cli("rename", "load_item", "fetch_item", "libs/sub", "--apply", cwd=tree))
    assert [f["file"] for f in data["changes"]] == ["libs/sub/code.py"]
