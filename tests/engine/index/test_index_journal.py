"""A long-lived process's journal of a tree (Linux inotify): a search answers from the
last full freshness check only while nothing happened in the tree since, so every kind
of change is seen by the next call, exactly as a full check sees it."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

import prx
from prx.engine.index import freshness, journal
from prx.engine.index.journal import Journal, watch_tree

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify")


@pytest.fixture
def tree(make_repo: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, prx.Workspace, list[int]]:
    root = Path(
        make_repo(
            {
                "app.py": "VALUE = 'needle_alpha'\n",
                "lib/deep/other.py": "def helper():\n    return 2\n",
            }
        )
    ).resolve()
    prx.Workspace(root).index()
    monkeypatch.setattr(journal, "_JOURNALS", {})
    watch_tree(str(root))
    full = [0]
    real = freshness._changes

    def counted(*args: Any) -> Any:
        full[0] += 1
        return real(*args)

    monkeypatch.setattr(freshness, "_changes", counted)
    return root, prx.Workspace(root), full


def _found(ws: prx.Workspace, text: str) -> bool:
    return bool(ws.search(text, mode="literal").total_matches)


def test_a_quiet_tree_is_checked_in_full_once(tree: tuple[Path, prx.Workspace, list[int]]) -> None:
    _, ws, full = tree
    assert _found(ws, "needle_alpha")
    first = full[0]
    for _ in range(3):
        assert _found(ws, "needle_alpha")
    assert full[0] == first


@pytest.mark.parametrize(
    "change",
    [
        "rewrite",
        "same_size_mtime_restored",
        "create",
        "delete",
        "rename",
        "deep_create",
        "deep_rewrite",
        "replace_by_rename",
        "new_directory",
    ],
)
def test_every_change_is_seen_by_the_next_call(
    tree: tuple[Path, prx.Workspace, list[int]], change: str
) -> None:
    root, ws, full = tree
    assert _found(ws, "needle_alpha")
    assert not _found(ws, "needle_beta")
    before = full[0]
    app, deep = root / "app.py", root / "lib" / "deep"
    if change == "rewrite":
        app.write_text("VALUE = 'needle_beta'\n")
    elif change == "same_size_mtime_restored":
        stat = app.stat()
        app.write_text("VALUE = 'needle_betaa'\n"[: stat.st_size - 1] + "\n")
        os.utime(app, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    elif change == "create":
        (root / "new.py").write_text("X = 'needle_beta'\n")
    elif change == "delete":
        app.unlink()
        (root / "gone.txt").write_text("needle_beta\n")
    elif change == "rename":
        app.rename(root / "renamed_needle_beta.py")
        (root / "renamed_needle_beta.py").write_text("VALUE = 'needle_beta'\n")
    elif change == "deep_create":
        (deep / "more.py").write_text("Y = 'needle_beta'\n")
    elif change == "deep_rewrite":
        (deep / "other.py").write_text("def helper():\n    return 'needle_beta'\n")
    elif change == "replace_by_rename":
        (root / "tmp.py").write_text("VALUE = 'needle_beta'\n")
        os.replace(root / "tmp.py", app)
    elif change == "new_directory":
        (root / "pkg" / "sub").mkdir(parents=True)
        (root / "pkg" / "sub" / "mod.py").write_text("Z = 'needle_beta'\n")
    assert _found(ws, "needle_beta")
    assert full[0] > before
    if change != "delete":
        assert _found(ws, "needle_beta")  # and again, from the new finding or a new check


def test_an_unusable_journal_checks_in_full_every_call(
    tree: tuple[Path, prx.Workspace, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, ws, full = tree
    monkeypatch.setattr(Journal, "cover", lambda self, directories: setattr(self, "usable", False))
    _found(ws, "needle_alpha")
    first = full[0]
    _found(ws, "needle_alpha")
    _found(ws, "needle_alpha")
    assert full[0] >= first + 2


def test_a_watch_that_cannot_be_placed_leaves_the_journal_unusable(tmp_path: Path) -> None:
    kept = Journal(str(tmp_path))
    assert kept.usable
    kept.cover([str(tmp_path), str(tmp_path / "missing")])
    assert not kept.usable
    kept.close()


def test_events_move_the_epoch(tmp_path: Path) -> None:
    kept = Journal(str(tmp_path))
    kept.cover([str(tmp_path)])
    kept.poll()
    epoch = kept.epoch
    kept.poll()
    assert kept.epoch == epoch  # nothing happened
    (tmp_path / "a").write_text("x")
    kept.poll()
    assert kept.epoch == epoch + 1
    os.utime(tmp_path / "a", ns=(1, 1))
    kept.poll()
    assert kept.epoch == epoch + 2
    kept.close()
