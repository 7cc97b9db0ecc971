"""Edits do not break indentation (issue 26, class 8): a whitespace-tolerant match re-indents
the whole replacement by the file's indentation, line by line, or is refused; and Python
edits are checked by Python's own parser, which sees the indentation errors tree-sitter
does not."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import prx
from prx.testing import CliRun

Run = Callable[..., CliRun]

FOUR = "def f(x):\n    if x:\n        a = 1\n        b = 2\n    return x\n"


def _ok(done: CliRun) -> dict[str, Any]:
    envelope = done.envelope
    assert envelope["status"] == "ok", envelope
    data: dict[str, Any] = envelope["data"]
    return data


def _error(done: CliRun, code: str) -> dict[str, Any]:
    envelope = done.envelope
    assert envelope["status"] == "error", envelope
    error: dict[str, Any] = envelope["error"]
    assert error["code"] == code, error
    return error


def test_two_space_find_and_replace_keep_the_files_four(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "m.py"
    target.write_text(FOUR)
    data = _ok(
        run_cli(
            "edit",
            "m.py",
            "--find",
            "def f(x):\n  if x:\n    a = 1",
            "--replace",
            "def f(x):\n  if x:\n    a = 10\n    z = 2",
            "--apply",
            cwd=tmp_path,
        )
    )
    assert data["match"] == "whitespace" and data["syntax_valid"] is True
    written = target.read_text()
    ast.parse(written)
    assert written == (
        "def f(x):\n    if x:\n        a = 10\n        z = 2\n        b = 2\n    return x\n"
    )


def test_a_new_nested_level_takes_the_files_unit(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "m.py"
    target.write_text(FOUR)
    _ok(
        run_cli(
            "edit",
            "m.py",
            "--find",
            "if x:\n  a = 1\n  b = 2",
            "--replace",
            "if x:\n  a = 1\n  if a:\n    c = 3\n  b = 2\nelse:\n  b = 0",
            "--apply",
            cwd=tmp_path,
        )
    )
    written = target.read_text()
    ast.parse(written)
    assert written == (
        "def f(x):\n    if x:\n        a = 1\n        if a:\n            c = 3\n"
        "        b = 2\n    else:\n        b = 0\n    return x\n"
    )


def test_indentation_that_does_not_map_is_refused(tmp_path: Path, run_cli: Run) -> None:
    # Every find line typed flush left: the file indents them at two levels, so the
    # replacement's lines cannot be placed; the edit is refused, the file kept.
    target = tmp_path / "m.py"
    target.write_text(FOUR)
    done = run_cli(
        "edit",
        "m.py",
        "--find",
        "if x:\na = 1\nb = 2",
        "--replace",
        "if x:\na = 1\nc = 3\nb = 2",
        "--apply",
        cwd=tmp_path,
    )
    error = _error(done, "ambiguous_match")
    assert "indentation" in error["message"] and "line 2" in error["message"]
    assert error["suggestion"]
    assert target.read_text() == FOUR


def test_patch_with_two_space_hunk_is_written_with_the_files_four(tmp_path: Path) -> None:
    target = tmp_path / "ri.py"
    target.write_text("class A:\n    def f(self):\n        a = 1\n        return a\n")
    patch = (
        "*** Begin Patch\n*** Update File: ri.py\n@@ class A:\n"
        " def f(self):\n   a = 1\n-  return a\n+  if a:\n+    return a\n+  return 0\n"
        "*** End Patch\n"
    )
    prx.edit(patch=patch, apply=True, root=tmp_path)
    written = target.read_text()
    ast.parse(written)
    assert written == (
        "class A:\n    def f(self):\n        a = 1\n        if a:\n            return a\n"
        "        return 0\n"
    )


def test_an_indentation_error_is_a_syntax_error(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "g.py"
    original = "def f():\n    a = 1\n    b = 2\n"
    target.write_text(original)
    args = ("edit", "g.py", "--lines", "3", "--content", "        b = 2")
    dry = _ok(run_cli(*args, cwd=tmp_path))
    assert dry["syntax_valid"] is False
    assert "line 3" in dry["syntax_error"] and "indent" in dry["syntax_error"]
    assert dry["files"][0]["syntax_errors_after"] > dry["files"][0]["syntax_errors_before"]
    assert any("refused" in note for note in dry["notes"])
    done = run_cli(*args, "--apply", cwd=tmp_path)
    _error(done, "syntax_error")
    assert target.read_text() == original
    _ok(run_cli(*args, "--apply", "--force", cwd=tmp_path))
    assert target.read_text() == "def f():\n    a = 1\n        b = 2\n"


def test_a_block_left_empty_is_a_syntax_error(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "h.py"
    target.write_text("def f(a):\n    b = 2\n    return b\n")
    done = run_cli(
        "edit", "h.py", "--find", "b = 2", "--replace", "if a:\nb = 2", "--apply", cwd=tmp_path
    )
    _error(done, "syntax_error")
    assert target.read_text() == "def f(a):\n    b = 2\n    return b\n"


def test_a_file_python_could_not_parse_before_stays_editable(tmp_path: Path, run_cli: Run) -> None:
    # Only errors the edit adds count: a file Python's parser already refuses (newer
    # syntax, or a mistake elsewhere) is edited as before.
    target = tmp_path / "old.py"
    target.write_text("def f():\n    a = 1\n      b = 2\n\nx = 1\n")
    data = _ok(
        run_cli("edit", "old.py", "--find", "x = 1", "--replace", "x = 2", "--apply", cwd=tmp_path)
    )
    assert data["syntax_valid"] is True
    assert target.read_text().endswith("x = 2\n")


def test_tree_sitter_still_checks_other_languages(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "m.rs"
    target.write_text("fn main() {\n    let x = 1;\n}\n")
    dry = _ok(
        run_cli("edit", "m.rs", "--find", "let x = 1;", "--replace", "let x = ;", cwd=tmp_path)
    )
    assert dry["syntax_valid"] is False
