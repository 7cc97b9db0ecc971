"""A file whose syntax tree is deeper than Python's recursion limit (a generated sample,
a minified bundle) is chunked as lines: it never fails the index or a search of the
tree it is in."""

from __future__ import annotations

import sys

import prx

DEPTH = sys.getrecursionlimit() + 500
DEEP = "value = " + "[\n" * DEPTH + "1\n" + "]\n" * DEPTH


def test_a_tree_too_deep_to_walk_is_indexed_as_lines(make_repo):
    repo = make_repo({"deep.py": DEEP, "app.py": "def handle_request(x):\n    return x\n"})
    ws = prx.Workspace(repo)
    ws.index()
    found = ws.search("handle_request")
    assert found.files[0].file == "app.py"
    literal = ws.search("value = [", mode="literal")
    assert [f.file for f in literal.files] == ["deep.py"]


def test_without_an_index_the_search_builds_around_it(make_repo):
    repo = make_repo({"deep.py": DEEP, "app.py": "def handle_request(x):\n    return x\n"})
    found = prx.Workspace(repo).search("handle request")
    assert "app.py" in [f.file for f in found.files]


def test_an_update_that_adds_such_a_file_keeps_the_index(make_repo):
    repo = make_repo({"app.py": "def handle_request(x):\n    return x\n"})
    ws = prx.Workspace(repo)
    ws.index()
    (repo / "deep.py").write_text(DEEP)
    ws.index()
    assert ws.search("value = [", mode="literal").files[0].file == "deep.py"
