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


def _failing_on(name: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Make the import rules raise on the file whose text holds ``name``: a language's
    rules with a bug (a Vue component once made the whole index fail)."""
    from prx.engine.lang import imports

    real = imports.import_statements

    def import_statements(spec, source, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name.encode() in source:
            raise IndexError("a bug in one language's rules")
        return real(spec, source, *args, **kwargs)

    monkeypatch.setattr(imports, "import_statements", import_statements)


def test_a_file_its_language_rules_fail_on_is_indexed_as_lines(make_repo, monkeypatch):
    repo = make_repo(
        {"odd.py": "import os\nodd_marker = 1\n", "app.py": "def handle(x):\n    return x\n"}
    )
    _failing_on("odd_marker", monkeypatch)
    ws = prx.Workspace(repo)
    ws.index()  # the rest of the project is indexed
    assert ws.search("odd_marker", mode="literal").files[0].file == "odd.py"
    assert ws.search("handle").files[0].file == "app.py"
    (repo / "more.py").write_text("import sys\nodd_marker = 2\n")
    ws.index()  # and so is an update that adds another
    assert {f.file for f in ws.search("odd_marker", mode="literal").files} == {"odd.py", "more.py"}
