"""Which checker a change gets: per language, planned on the project, with the reason for
each language or file left unchecked."""

from __future__ import annotations

import pytest

from prx.app.workspace import Workspace
from prx.engine.check.java import source_root, source_roots


def test_c_is_not_checked_and_says_why(make_repo):
    root = make_repo({"main.c": "int main(void) { return 0; }\n"})
    result = Workspace(root).edit("main.c", find="return 0", replace="return 1", apply=True)
    assert result.applied and result.check is not None and result.check.ran is False
    assert "C and C++ are not checked" in (result.check.why_not or "")


def test_a_language_without_checker_is_named(make_repo):
    root = make_repo({"notes.md": "# Notes\n"})
    result = Workspace(root).edit("notes.md", find="Notes", replace="News", apply=True)
    assert result.check is not None and result.check.why_not == "no checker for markdown"


@pytest.mark.parametrize(
    ("rel", "text", "expected"),
    [
        (
            "src/main/java/com/ex/A.java",
            "// c\n/* package no; */\npackage com.ex;\n",
            "src/main/java",
        ),
        ("A.java", "package com.ex;\n", "."),  # the directories do not say the package
        ("lib/B.java", "class B {}\n", "lib"),  # the default package
    ],
)
def test_a_java_files_source_tree_comes_from_its_package_line(tmp_path, rel, text, expected):
    assert source_root(str(tmp_path), rel, text.encode()) == expected


def test_the_test_tree_beside_a_main_tree_is_compiled_with_it(tmp_path):
    (tmp_path / "src/main/java").mkdir(parents=True)
    (tmp_path / "src/test/java").mkdir(parents=True)
    assert source_roots(str(tmp_path), ["src/main/java"]) == ["src/main/java", "src/test/java"]
    assert source_roots(str(tmp_path), ["src/test/java"]) == ["src/test/java", "src/main/java"]
