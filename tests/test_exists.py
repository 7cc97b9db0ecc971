"""prx.exists: exact path lookups and literal content checks."""

from __future__ import annotations

import prx


def test_path_exists_exactly(repo):
    res = prx.Workspace(repo).exists("src/app.py")
    assert (res.exists, res.confidence, res.matched, res.file) == (
        True,
        "exact",
        "path",
        "src/app.py",
    )


def test_glob_path(repo):
    res = prx.Workspace(repo).exists("**/page.ts")
    assert res.exists and res.file == "src/web/page.ts"


def test_content_literal(repo):
    res = prx.Workspace(repo).exists("os.getcwd()")
    assert res.exists and res.matched == "content" and res.file == "src/app.py"
    assert res.files_checked >= 1


def test_absent_is_an_exact_no_with_what_was_checked(repo):
    res = prx.Workspace(repo).exists("no_such_identifier_anywhere")
    assert res.exists is False and res.confidence == "exact" and res.matched is None
    assert res.files_checked == 7
    assert res.skipped == {"binary": 1, "ignored": 2}


def test_ignored_files_are_not_searched(repo):
    assert prx.Workspace(repo).exists("ignored", mode="content").exists is False


def test_path_mode_does_not_search_content(repo):
    assert prx.Workspace(repo).exists("os.getcwd()", mode="path").exists is False
