"""prx.exists: exact path lookups and literal content checks."""

from __future__ import annotations

import pytest

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
    # The binary is looked in too (as grep -F would): only ignored files are passed over.
    assert res.files_checked == 8
    assert res.skipped == {"ignored": 2}


def test_ignored_files_are_not_searched(repo):
    assert prx.Workspace(repo).exists("ignored", mode="content").exists is False


def test_path_mode_does_not_search_content(repo):
    assert prx.Workspace(repo).exists("os.getcwd()", mode="path").exists is False


# ------------------------------------------------------------------ files passed over


def test_absent_with_a_file_too_large_to_read_is_not_exact(make_repo):
    big = "x" * (1536 * 1024)  # 1.5 MiB, over the 1 MiB limit: never read
    root = make_repo({"big.txt": big + "\nthe_needle\n", "small.txt": "nothing\n"})
    res = prx.Workspace(root).exists("the_needle", mode="content")
    assert (res.exists, res.confidence) == (False, "probable")
    assert res.skipped == {"too_large": 1} and res.files_checked == 1
    # With nothing passed over, absent is exact again.
    (root / "big.txt").unlink()
    assert prx.Workspace(root).exists("the_needle").confidence == "exact"


def test_a_glob_matches_a_file_too_large_to_read(make_repo):
    root = make_repo({"logs/huge.log": "y" * (1536 * 1024), "a.txt": "a\n"})
    res = prx.Workspace(root).exists("*.log")
    assert (res.exists, res.confidence, res.file) == (True, "exact", "logs/huge.log")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_files_are_looked_in(make_repo, encoding):
    text = "Ünïcode notes: wide_needle lives here\n"
    root = make_repo({"a.txt": "plain\n", "notes.txt": text.encode(encoding)})
    res = prx.Workspace(root).exists("wide_needle", mode="content")
    assert (res.exists, res.confidence, res.file) == (True, "exact", "notes.txt")
    # An absent text is exactly absent: the UTF-16 file was read, not passed over.
    absent = prx.Workspace(root).exists("not_in_any_file", mode="content")
    assert (absent.exists, absent.confidence, absent.files_checked) == (False, "exact", 2)
    assert absent.skipped == {}
