"""prx writes and deletes only inside a real ``.prx`` directory, and only what it made."""

from __future__ import annotations

import os

import pytest

import prx
from prx.core.errors import PermissionDeniedError
from prx.engine.index.store import current_dir

FILES = {
    "app.py": "def main():\n    return 'victim test'\n",
    "lib/util.py": "def helper():\n    return 2\n",
}


def _snapshot(top):
    """Every entry below ``top``: its kind, mode, and bytes or link target."""
    seen = {}
    for directory, dirs, files in os.walk(top):
        for name in dirs + files:
            path = os.path.join(directory, name)
            info = os.lstat(path)
            if os.path.islink(path):
                content = os.readlink(path)
            elif os.path.isfile(path):
                with open(path, "rb") as fh:
                    content = fh.read()
            else:
                content = None
            seen[os.path.relpath(path, top)] = (info.st_mode, info.st_mtime_ns, content)
    return seen


def _victim(tmp_path):
    victim = tmp_path / "victim"
    (victim / "index-1-2").mkdir(parents=True)
    (victim / "index-1-2" / "thesis.tex").write_text("years of work\n")
    (victim / "index-3-4").mkdir()
    (victim / "index-3-4" / ".prx-index").write_text("looks like prx's marker\n")
    (victim / "index-old.txt").write_text("not prx's\n")
    (victim / "notes.md").write_text("keep me\n")
    return victim


def test_a_symlinked_state_directory_is_refused_and_its_target_untouched(make_repo, tmp_path):
    repo = make_repo(FILES)
    victim = _victim(tmp_path)
    before = _snapshot(victim)
    os.symlink(victim, repo / ".prx")
    ws = prx.Workspace(repo)
    with pytest.raises(PermissionDeniedError) as caught:
        ws.index()
    assert "symbolic link" in caught.value.message
    with pytest.raises(PermissionDeniedError):
        ws.index(rebuild=True)
    # Readers treat it as no index, and never touch it either.
    assert current_dir(str(repo)) is None
    assert ws.search("victim test").files
    assert ws.exists("victim test").exists
    assert _snapshot(victim) == before
    assert os.readlink(repo / ".prx") == str(victim)


def test_the_cli_answers_the_refusal_as_an_error(make_repo, tmp_path, capsys, monkeypatch):
    import json

    from prx.frontends.cli import main

    repo = make_repo(FILES)
    victim = _victim(tmp_path)
    before = _snapshot(victim)
    os.symlink(victim, repo / ".prx")
    monkeypatch.chdir(repo)
    code = main(["index", "."], program="prx")
    answer = json.loads(capsys.readouterr().out)
    assert code == 1 and answer["error"]["code"] == "permission_denied"
    assert ".prx" in answer["error"]["message"] and answer["error"]["suggestion"]
    assert _snapshot(victim) == before


def test_a_state_directory_that_is_a_file_is_refused(make_repo):
    repo = make_repo(FILES)
    (repo / ".prx").write_text("not a directory\n")
    with pytest.raises(PermissionDeniedError):
        prx.Workspace(repo).index()
    assert (repo / ".prx").read_text() == "not a directory\n"


def test_links_inside_the_state_directory_are_never_followed(make_repo, tmp_path):
    repo = make_repo(FILES)
    victim = _victim(tmp_path)
    (tmp_path / "secret").write_text("do not append\n")
    state = repo / ".prx"
    state.mkdir()
    os.symlink(victim / "index-1-2", state / "index-5-6")  # looks like an old index
    os.symlink(tmp_path / "secret", state / ".gitignore")
    before = _snapshot(victim)
    ws = prx.Workspace(repo)
    for _ in range(3):  # each publish cleans up what it may
        ws.index(rebuild=True)
    assert _snapshot(victim) == before
    assert (tmp_path / "secret").read_text() == "do not append\n"
    assert os.path.islink(state / "index-5-6")


def test_a_linked_lock_file_is_refused(make_repo, tmp_path):
    repo = make_repo(FILES)
    (tmp_path / "secret").write_text("do not touch\n")
    (repo / ".prx").mkdir()
    os.symlink(tmp_path / "secret", repo / ".prx" / "lock")
    with pytest.raises(PermissionDeniedError):
        prx.Workspace(repo).index()
    assert (tmp_path / "secret").read_text() == "do not touch\n"


def test_publishing_removes_only_what_prx_made(make_repo):
    repo = make_repo(FILES)
    ws = prx.Workspace(repo)
    ws.index()
    state = repo / ".prx"
    foreign = state / "index-7-8"
    foreign.mkdir()
    (foreign / "mine.txt").write_text("someone else's\n")
    (state / "index-notes").write_text("someone else's\n")
    first = current_dir(str(repo))
    ws.index(rebuild=True)
    ws.index(rebuild=True)
    assert (foreign / "mine.txt").read_text() == "someone else's\n"
    assert (state / "index-notes").read_text() == "someone else's\n"
    assert first is not None and not os.path.exists(first)  # prx's own old index: removed
