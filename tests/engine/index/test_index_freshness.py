"""The index trusts a file unread only while its stat is what it was when indexed: a
same-size edit whose mtime is put back, a file unreadable during a build, and a file
modified during a build are all read again."""

from __future__ import annotations

import os

import pytest

import prx
from prx.engine.index import units

from envelopes import hits, index_manifest

OLD = "VALUE = 'needle_alpha'\n"
NEW = "VALUE = 'needle_gamma'\n"  # the same size


@pytest.fixture
def repo(make_repo):
    return make_repo(
        {
            "app.py": OLD,
            "lib/other.py": "def helper():\n    return 2\n",
            "lib/more.py": "def more():\n    return 3\n",
        }
    )


def _manifest(repo):
    return index_manifest(repo)


def _snippets(ws, query):
    return " ".join(m.snippet for m in hits(ws.search(query)))


def _edit_keeping_mtime(path, text):
    before = os.stat(path)
    path.write_text(text)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)


def test_a_same_size_edit_with_its_mtime_restored_is_read_again(repo):
    prx.Workspace(repo).index()
    _edit_keeping_mtime(repo / "app.py", NEW)
    ws = prx.Workspace(repo)
    found = ws.exists("needle_gamma")
    assert found.exists and found.file == "app.py"
    assert not ws.exists("needle_alpha").exists
    assert "needle_gamma" in _snippets(ws, "VALUE needle_gamma")
    assert "needle_alpha" not in _snippets(ws, "VALUE needle_gamma")
    result = ws.index()
    assert result.status == "updated" and result.files_changed == 1


def test_a_file_unreadable_during_a_build_is_read_again(repo, monkeypatch):
    real_read = units.read_regular

    def failing_read(path, *args, **kwargs):
        if str(path).endswith("app.py"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(units, "read_regular", failing_read)
    prx.Workspace(repo).index()
    monkeypatch.setattr(units, "read_regular", real_read)
    manifest = _manifest(repo)
    assert manifest["notes"] == {"app.py": "unreadable"}
    assert "app.py" not in manifest["stamps"]  # no stamp: nothing vouches for it
    ws = prx.Workspace(repo)
    found = ws.exists("needle_alpha")
    assert found.exists and found.file == "app.py"
    assert "needle_alpha" in _snippets(ws, "VALUE needle_alpha")
    result = ws.index()
    assert result.files_changed == 1 and result.skipped == {}
    assert "app.py" in _manifest(repo)["stamps"]


def test_a_file_modified_after_the_build_started_gets_no_stamp(repo):
    future = os.stat(repo / "app.py").st_mtime_ns + 3600 * 10**9
    os.utime(repo / "app.py", ns=(future, future))  # as if written mid-build
    prx.Workspace(repo).index()
    stamps = _manifest(repo)["stamps"]
    assert "app.py" not in stamps and "lib/other.py" in stamps
    # Not vouched for: read again by exists and by the next index (which finds it the same).
    _edit_keeping_mtime(repo / "app.py", NEW)
    ws = prx.Workspace(repo)
    assert ws.exists("needle_gamma").exists
    assert ws.index().files_changed == 1


def test_stamps_hold_size_mtime_ctime_and_inode(repo):
    prx.Workspace(repo).index()
    info = os.stat(repo / "lib" / "other.py")
    assert _manifest(repo)["stamps"]["lib/other.py"] == [
        info.st_size,
        info.st_mtime_ns,
        info.st_ctime_ns,
        info.st_ino,
    ]


def test_a_touched_file_is_restamped_without_reprocessing(repo):
    ws = prx.Workspace(repo)
    ws.index()
    os.utime(repo / "lib" / "other.py")  # new mtime, same content
    first = ws.index()
    assert first.status == "up_to_date" and first.files_changed == 0
    info = os.stat(repo / "lib" / "other.py")
    assert _manifest(repo)["stamps"]["lib/other.py"][1] == info.st_mtime_ns
    second = ws.index()
    assert second.status == "up_to_date" and second.index_dir == first.index_dir


def test_a_file_changed_in_the_same_clock_tick_as_the_start_gets_no_stamp(repo, monkeypatch):
    from prx.engine.index import lock

    info = os.stat(repo / "lib" / "more.py")
    tick = max(info.st_mtime_ns, info.st_ctime_ns)
    monkeypatch.setattr(lock, "filesystem_now", lambda root: tick)  # a clock that never moves
    prx.Workspace(repo).index()
    assert "lib/more.py" not in _manifest(repo)["stamps"]


def test_a_racy_file_is_stamped_once_the_clock_has_moved_on(repo, monkeypatch):
    from prx.engine.index import lock

    info = os.stat(repo / "lib" / "more.py")
    tick = max(info.st_mtime_ns, info.st_ctime_ns)
    readings = iter([tick])  # the build starts in the file's tick; the next reading is later
    real = lock.filesystem_now
    monkeypatch.setattr(lock, "filesystem_now", lambda root: next(readings, None) or real(root))
    prx.Workspace(repo).index()
    assert _manifest(repo)["stamps"]["lib/more.py"][1] == info.st_mtime_ns


def test_a_file_changed_while_it_is_indexed_is_read_again(repo, monkeypatch):
    real_one = units._one

    def edit_after_reading(path, rel, spec, texts):
        unit = real_one(path, rel, spec, texts)
        if rel == "app.py":
            _edit_keeping_mtime(repo / "app.py", NEW)
        return unit

    monkeypatch.setattr(units, "_one", edit_after_reading)
    prx.Workspace(repo).index()
    monkeypatch.undo()
    ws = prx.Workspace(repo)
    assert ws.exists("needle_gamma").exists
    assert ws.index().files_changed == 1
