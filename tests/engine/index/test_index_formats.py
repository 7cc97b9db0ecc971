"""The index format changed (6: memory-mapped tables instead of JSON and .npy files): the
answers did not, and an index of the old format is refused with a clear message, then
rebuilt."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import locations
from programs import needs

import prx
from prx.engine.index.store import current_dir

GOLDEN = locations.GOLDEN / "search"
sys.path.insert(0, str(GOLDEN))

import record  # noqa: E402  (tests/golden/search/record.py)


@needs("git")
def test_answers_from_a_format_6_index_are_those_of_a_format_5_index(tmp_path):
    root = tmp_path / "tree"
    record.build_tree(root)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    prx.Workspace(root).index()
    assert sorted(os.listdir(current_dir(str(root))))[0] == ".prx-index"
    expected = json.loads((GOLDEN / "answers.json").read_text(encoding="utf-8"))
    got = json.loads(json.dumps(record.answers(root)))
    assert [a["query"] for a in got] == [a["query"] for a in expected]
    for mine, theirs in zip(got, expected, strict=True):
        assert mine == theirs, mine["query"]
    # And without an index at all (the word queries' golden was recorded again when their
    # ranking changed on purpose: the index still changes nothing).
    import shutil

    shutil.rmtree(root / ".prx")
    plain = json.loads(json.dumps(record.answers(root)))
    for mine, theirs in zip(got, plain, strict=True):
        assert {**mine, "index": None} == {**theirs, "index": None}, mine["query"]


def test_an_index_of_the_previous_format_is_refused_then_rebuilt(make_repo):
    repo = make_repo({"app.py": "def verify_password(user):\n    return user\n"})
    prx.Workspace(repo).index()
    directory = current_dir(str(repo))
    # What prx 0.1.0 of format 6 left: a manifest of that format (and other files).
    with open(os.path.join(directory, "manifest.json"), "w") as fh:
        json.dump({"format": 6, "files": {}, "artifacts": {}}, fh)
    result = prx.Workspace(repo).search("verify_password")
    assert result.index == "built"
    assert "format 6 (written by an older prx)" in result.warning
    assert "this prx reads format 7" in result.warning and "prx index" in result.warning
    assert prx.Workspace(repo).index().status == "built"
    assert prx.Workspace(repo).search("verify_password").index == "index"
