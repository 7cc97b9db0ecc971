"""A crafted ``.prx`` shipped with a project (a tarball, no ``.git``) must not make prx read
outside the root: an index that names ``../secret.py``, or a file through a directory link
its walk never listed, is refused (searched without), and nothing outside is opened."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from inotify import Watcher, available

import prx
import prx.engine.files.walk as walk_module
from prx.engine.files.walk import WalkedFile, WalkResult

pytestmark = pytest.mark.skipif(not available(), reason="inotify is Linux's")

SECRET = "PRX-INDEX-SECRET-91c2"


def _crafted_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rel: str) -> tuple[Path, Path]:
    """A project whose index also describes ``rel``, a file outside its root."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text(f"def leak():\n    return '{SECRET}'\n")
    root = tmp_path / "root"
    root.mkdir()
    (root / "app.py").write_text("def alpha():\n    return 1\n")
    os.symlink("../outside", root / "linkdir")
    real_walk = walk_module.walk

    def crafted(*args: Any, **kwargs: Any) -> WalkResult:
        walked = real_walk(*args, **kwargs)
        path = os.path.normpath(os.path.join(root, rel))
        info = os.stat(path)
        extra = WalkedFile(path, rel, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
        files = sorted((*walked.files, extra), key=lambda f: f.rel.split("/"))
        return WalkResult(tuple(files), walked.skipped, walked.directories, walked.large)

    monkeypatch.setattr(walk_module, "walk", crafted)
    prx.Workspace(root).index(rebuild=True)
    monkeypatch.setattr(walk_module, "walk", real_walk)
    return root, outside


def _prx(root: Path, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "prx", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PRX_NO_WARM": "1"},
    )
    assert SECRET not in done.stdout
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("rel", ["../outside/secret.py", "linkdir/secret.py"])
def test_a_crafted_index_never_reads_outside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rel: str
) -> None:
    root, outside = _crafted_index(tmp_path, monkeypatch, rel)
    # The crafted file now looks changed: a reader that trusted the table would read it.
    os.utime(outside / "secret.py", ns=(1, 1))
    watcher = Watcher()
    watcher.watch(outside)
    try:
        for args in (
            ("search", "leak"),
            ("search", "leak", "--literal"),
            ("search", "leak", "--symbol"),
            ("exists", "INDEX-SECRET"),
            ("explain", "alpha"),
            ("context", "."),
            ("impact", "app.py"),
        ):
            envelope = _prx(root, *args)
            assert envelope["status"] == "ok", envelope
            data = json.dumps(envelope.get("data", {}))
            for key in ("file", "path", "defined_in"):
                assert f'"{key}": "{rel}"' not in data, (args, data)
        mcp = prx.Workspace(root)
        from prx.frontends.mcp.service import McpService

        service = McpService(mcp)
        for name, arguments in (
            ("search", {"query": "leak"}),
            ("exists", {"pattern": "INDEX-SECRET"}),
        ):
            op = mcp.registry.operation(name)
            assert SECRET not in service.answer(op, arguments).text
        assert watcher.events() == []
    finally:
        watcher.close()


def test_the_refusal_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, _ = _crafted_index(tmp_path, monkeypatch, "../outside/secret.py")
    envelope = _prx(root, "search", "alpha")
    said = json.dumps(envelope.get("warnings", [])) + json.dumps(envelope["data"])
    assert "not a plain path inside its root" in said
    assert envelope["data"]["index"] != "index"
    rebuilt = _prx(root, "index", "--rebuild")
    assert rebuilt["status"] == "ok"
    assert _prx(root, "search", "alpha")["data"]["index"] == "index"
