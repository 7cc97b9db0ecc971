"""``prx edit`` end to end through the real CLI (acceptance 1 of issue 14), and the library."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from programs import needs

import prx
from prx.core.errors import AmbiguousMatchError, ConflictError, NoMatchError, SyntaxCheckError
from prx.core.hashing import content_hash
from prx.engine.files.atomic import TEMP_MARKER
from prx.testing import CliRun

Run = Callable[..., CliRun]


def _edit(run_cli: Run, root: Path, *args: str, input: str | None = None) -> dict[str, Any]:
    done = run_cli("edit", *args, cwd=root, input=input)
    envelope = done.envelope
    # An ok answer exits 0, or 1 when the post-change check found new errors.
    broke = envelope["status"] == "ok" and envelope["data"].get("check", {}).get("new_error_count")
    assert done.exit_code == ((1 if broke else 0) if envelope["status"] == "ok" else done.exit_code)
    return envelope


def _ok(envelope: dict[str, Any]) -> dict[str, Any]:
    assert envelope["status"] == "ok", envelope
    data: dict[str, Any] = envelope["data"]
    return data


def _error(envelope: dict[str, Any], code: str) -> dict[str, Any]:
    assert envelope["status"] == "error", envelope
    error: dict[str, Any] = envelope["error"]
    assert error["code"] == code, error
    return error


def _no_temps(root: Path) -> None:
    assert not [p for p in root.rglob("*") if TEMP_MARKER in p.name]


# -- the forms of a file are kept byte for byte ------------------------------------------


def test_crlf_file_keeps_crlf(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "a.py"
    target.write_bytes(b"def f():\r\n    x = 1\r\n    return x\r\n")
    data = _ok(_edit(run_cli, tmp_path, "a.py", "--find", "x = 1", "--replace", "x = 2", "--apply"))
    assert target.read_bytes() == b"def f():\r\n    x = 2\r\n    return x\r\n"
    assert data["files"][0]["hash_after"] == content_hash(target.read_bytes())
    _no_temps(tmp_path)


def test_mixed_line_endings_keep_untouched_lines(tmp_path: Path) -> None:
    target = tmp_path / "m.txt"
    target.write_bytes(b"a\r\nb\nc\r\nd\r\n")
    prx.edit(target, find="b", replace="B", apply=True, root=tmp_path)
    assert target.read_bytes() == b"a\r\nB\r\nc\r\nd\r\n"  # the changed line takes the majority


def test_bom_kept(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "b.py"
    target.write_bytes(b"\xef\xbb\xbfname = 'x'\n")
    _ok(_edit(run_cli, tmp_path, "b.py", "--find", "'x'", "--replace", "'y'", "--apply"))
    assert target.read_bytes() == b"\xef\xbb\xbfname = 'y'\n"


def test_no_trailing_newline_kept(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "c.py"
    target.write_bytes(b"a = 1\nb = 2")
    _ok(_edit(run_cli, tmp_path, "c.py", "--lines", "2", "--content", "b = 3\n", "--apply"))
    assert target.read_bytes() == b"a = 1\nb = 3"
    _ok(_edit(run_cli, tmp_path, "c.py", "--insert-after", "2", "--content", "c = 4", "--apply"))
    assert target.read_bytes() == b"a = 1\nb = 3\nc = 4"


def test_tabs_kept_and_tolerant_match_reindented_with_tabs(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "t.go"
    target.write_bytes(b"func f() {\n\tif x {\n\t\treturn 1\n\t}\n\treturn 2\n}\n")
    # The agent typed spaces where the file has tabs.
    data = _ok(
        _edit(
            run_cli,
            tmp_path,
            "t.go",
            "--find",
            "if x {\n    return 1\n}",
            "--replace",
            "if x {\n    y()\n    return 1\n}",
            "--apply",
        )
    )
    assert data["match"] == "whitespace"
    assert (
        target.read_bytes() == b"func f() {\n\tif x {\n\t\ty()\n\t\treturn 1\n\t}\n\treturn 2\n}\n"
    )


def test_whitespace_tolerant_match_is_reindented(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "w.py"
    target.write_text(
        "class A:\n    def f(self):\n        if a:\n            b()\n        return 1\n"
    )
    data = _ok(
        _edit(
            run_cli,
            tmp_path,
            "w.py",
            "--find",
            "if a:\n    b()",  # indentation trimmed, as agents do
            "--replace",
            "if a:\n    b()\n    c()",
            "--apply",
        )
    )
    assert data["match"] == "whitespace"
    assert data["changes"][0]["match"] == "whitespace"
    assert data["changes"][0]["function"] == "f"
    assert target.read_text() == (
        "class A:\n    def f(self):\n        if a:\n            b()\n            c()\n"
        "        return 1\n"
    )


def test_unicode_tolerant_match(tmp_path: Path) -> None:
    target = tmp_path / "u.py"
    target.write_text("msg = 'it is' + \"x\" - 1\n")
    result = prx.edit(
        "u.py",
        find="msg = \u2018it is\u2019 + \u201cx\u201d \u2013 1",
        replace="msg = \u2018it was\u2019 + \u201cx\u201d \u2013 1",
        apply=True,
        root=tmp_path,
    )
    assert result.match == "unicode"
    assert target.read_text() == "msg = 'it was' + \"x\" - 1\n"


def test_non_ascii_identifiers(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "n.py"
    target.write_text("def größe(maß):\n    return maß * 2\n", encoding="utf-8")
    data = _ok(
        _edit(
            run_cli,
            tmp_path,
            "n.py",
            "--find",
            "maß * 2",
            "--replace",
            "maß * 3",
            "--in",
            "größe",
            "--apply",
        )
    )
    assert data["changes"][0]["function"] == "größe"
    assert target.read_text(encoding="utf-8") == "def größe(maß):\n    return maß * 3\n"


# -- safety -------------------------------------------------------------------------------


def test_read_only_file_is_permission_denied(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "ro.py"
    target.write_text("x = 1\n")
    target.chmod(0o444)
    dry = _ok(_edit(run_cli, tmp_path, "ro.py", "--find", "1", "--replace", "2"))
    assert any("read-only" in note for note in dry["notes"])
    done = run_cli("edit", "ro.py", "--find", "1", "--replace", "2", "--apply", cwd=tmp_path)
    _error(done.envelope, "permission_denied")
    assert done.exit_code == 1
    assert target.read_text() == "x = 1\n"


def test_symlinked_file_target_written_link_kept(tmp_path: Path, run_cli: Run) -> None:
    real = tmp_path / "real.py"
    real.write_text("x = 1\n")
    real.chmod(0o640)
    link = tmp_path / "link.py"
    link.symlink_to(real)
    _ok(_edit(run_cli, tmp_path, "link.py", "--find", "x = 1", "--replace", "x = 2", "--apply"))
    assert link.is_symlink() and real.read_text() == "x = 2\n"
    assert real.stat().st_mode & 0o777 == 0o640


def test_ambiguous_match_lists_each_match(tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "amb.py").write_text(
        "def one():\n    return None\n\n\nclass K:\n    def two(self):\n        return None\n"
    )
    error = _error(
        _edit(run_cli, tmp_path, "amb.py", "--find", "return None", "--replace", "x"),
        "ambiguous_match",
    )
    assert "line 2 (in one)" in error["message"] and "line 7 (in two)" in error["message"]
    assert "--occurrence" in error["suggestion"] and "--all" in error["suggestion"]
    data = _ok(
        _edit(
            run_cli,
            tmp_path,
            "amb.py",
            "--find",
            "return None",
            "--replace",
            "return 0",
            "--occurrence",
            "2",
        )
    )
    assert [c["line"] for c in data["changes"]] == [7]
    data = _ok(
        _edit(
            run_cli, tmp_path, "amb.py", "--find", "return None", "--replace", "return 0", "--all"
        )
    )
    assert [c["line"] for c in data["changes"]] == [2, 7]


def test_no_match_suggests_the_nearest_text(tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "nm.py").write_text("def f():\n    total = compute(a, b)\n    return total\n")
    error = _error(
        _edit(run_cli, tmp_path, "nm.py", "--find", "total = compute(a, c)", "--replace", "x"),
        "no_match",
    )
    assert "line 2" in error["suggestion"]
    assert "-total = compute(a, c)" in error["suggestion"]
    assert "+    total = compute(a, b)" in error["suggestion"]


def test_in_symbol_absent_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "s.py").write_text("def f():\n    return 1\n")
    with pytest.raises(NoMatchError, match="no symbol 'g'"):
        prx.edit("s.py", find="1", replace="2", within="g", root=tmp_path)


def test_syntax_breaking_edit_refused_and_broken_file_still_editable(
    tmp_path: Path, run_cli: Run
) -> None:
    good = tmp_path / "good.py"
    good.write_text("def f():\n    return 1\n")
    dry = _ok(_edit(run_cli, tmp_path, "good.py", "--find", "return 1", "--replace", "return (1"))
    assert dry["syntax_valid"] is False and "line 2" in dry["syntax_error"]
    assert any("refused" in note for note in dry["notes"])
    done = run_cli(
        "edit", "good.py", "--find", "return 1", "--replace", "return (1", "--apply", cwd=tmp_path
    )
    _error(done.envelope, "syntax_error")
    assert good.read_text() == "def f():\n    return 1\n"
    _ok(
        _edit(
            run_cli,
            tmp_path,
            "good.py",
            "--find",
            "return 1",
            "--replace",
            "return (1",
            "--apply",
            "--force",
        )
    )
    assert good.read_text() == "def f():\n    return (1\n"

    broken = tmp_path / "broken.py"
    broken.write_text("def f(:\n    return 1\n\ndef g():\n    return 2\n")
    data = _ok(
        _edit(
            run_cli, tmp_path, "broken.py", "--find", "return 2", "--replace", "return 3", "--apply"
        )
    )
    assert data["files"][0]["syntax_errors_before"] >= 1
    assert data["files"][0]["syntax_errors_after"] == data["files"][0]["syntax_errors_before"]
    assert "return 3" in broken.read_text()


def test_expect_hash_mismatch_is_a_conflict(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "h.py"
    target.write_text("x = 1\n")
    stale = content_hash(b"x = 0\n")
    error = _error(
        _edit(
            run_cli,
            tmp_path,
            "h.py",
            "--find",
            "1",
            "--replace",
            "2",
            "--apply",
            "--expect-hash",
            stale,
        ),
        "conflict",
    )
    assert "changed since it was read" in error["message"]
    assert target.read_text() == "x = 1\n"
    current = content_hash(target.read_bytes())
    _ok(
        _edit(
            run_cli,
            tmp_path,
            "h.py",
            "--find",
            "1",
            "--replace",
            "2",
            "--apply",
            "--expect-hash",
            current,
        )
    )
    assert target.read_text() == "x = 2\n"


def test_multi_file_edit_all_or_nothing(tmp_path: Path, run_cli: Run) -> None:
    first, second = tmp_path / "one.py", tmp_path / "two.py"
    first.write_text("a = 1\n")
    second.write_text("b = 1\n")
    edits = [
        {"file": "one.py", "find": "a = 1", "replace": "a = 2"},
        {"file": "two.py", "find": "not there", "replace": "b = 2"},
    ]
    (tmp_path / "edits.json").write_text(json.dumps(edits))
    error = _error(_edit(run_cli, tmp_path, "--edits", "edits.json", "--apply"), "no_match")
    assert "two.py" in error["message"]
    assert first.read_text() == "a = 1\n"
    # A write that fails on the second file: the first is untouched too.
    edits[1] = {"file": "two.py", "find": "b = 1", "replace": "b = 2"}
    second.chmod(0o444)
    error = _error(
        _edit(run_cli, tmp_path, "--edits", "-", "--apply", input=json.dumps(edits)),
        "permission_denied",
    )
    assert first.read_text() == "a = 1\n" and second.read_text() == "b = 1\n"
    second.chmod(0o644)
    data = _ok(_edit(run_cli, tmp_path, "--edits", "-", "--apply", input=json.dumps(edits)))
    assert data["file"] is None and [f["file"] for f in data["files"]] == ["one.py", "two.py"]
    assert first.read_text() == "a = 2\n" and second.read_text() == "b = 2\n"
    _no_temps(tmp_path)


def test_edits_as_a_python_list(tmp_path: Path) -> None:
    (tmp_path / "p.py").write_text("def f():\n    return 1\n")
    result = prx.edit(
        edits=[
            {"file": "p.py", "find": "return 1", "replace": "return 2"},
            {"file": "p.py", "insert_after": "f", "content": "\n\ndef g():\n    return 3"},
        ],
        apply=True,
        root=tmp_path,
    )
    assert result.total_replacements == 2 and result.applied
    assert (tmp_path / "p.py").read_text() == "def f():\n    return 2\n\n\ndef g():\n    return 3\n"


def test_symbol_body_replaced_with_its_decorators(tmp_path: Path) -> None:
    target = tmp_path / "d.py"
    target.write_text("class A:\n    @property\n    def x(self):\n        return 1\n\n    y = 2\n")
    prx.edit(
        "d.py", symbol="A.x", body="@cached\ndef x(self):\n    return 5", apply=True, root=tmp_path
    )
    assert target.read_text() == (
        "class A:\n    @cached\n    def x(self):\n        return 5\n\n    y = 2\n"
    )


def test_regex_with_groups(tmp_path: Path) -> None:
    target = tmp_path / "r.py"
    target.write_text("a = f(1, 2)\nb = f(3, 4)\n")
    prx.edit(
        "r.py",
        find=r"f\((\d), (\d)\)",
        replace=r"f(\2, $1)",
        regex=True,
        replace_all=True,
        apply=True,
        root=tmp_path,
    )
    assert target.read_text() == "a = f(2, 1)\nb = f(4, 3)\n"


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "dr.py"
    target.write_text("x = 1\n")
    result = prx.edit("dr.py", find="x = 1", replace="x = 2", root=tmp_path)
    assert result.dry_run and not result.applied
    assert result.changes[0].before == "x = 1" and result.changes[0].after == "x = 2"
    assert result.hash_after == content_hash(b"x = 2\n")
    assert target.read_text() == "x = 1\n"


def test_errors_raised_in_python(tmp_path: Path) -> None:
    (tmp_path / "e.py").write_text("x = 1\nx = 1\n")
    with pytest.raises(AmbiguousMatchError):
        prx.edit("e.py", find="x = 1", replace="x = 2", root=tmp_path)
    with pytest.raises(ConflictError):
        prx.edit(
            "e.py", find="x", replace="y", replace_all=True, expect_hash="0" * 32, root=tmp_path
        )
    with pytest.raises(SyntaxCheckError):
        prx.edit("e.py", find="x", replace="(", replace_all=True, apply=True, root=tmp_path)


# -- patches ------------------------------------------------------------------------------


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args],
        cwd=root,
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8", "surrogateescape")


@needs("git")
def test_git_diff_round_trip(tmp_path: Path, run_cli: Run) -> None:
    _git(tmp_path, "init", "-q")
    files = {
        "x.py": (
            b"def a():\n    return 1\n\n\ndef b():\n    return 2\n",
            b"def a():\n    return 10\n\n\ndef b():\n    return 2\n\n\ndef c():\n    pass\n",
        ),
        "crlf.txt": (b"one\r\ntwo\r\nthree", b"one\r\nTWO\r\nthree\r\n"),
        "bom.py": (b"\xef\xbb\xbfx = 1\ny = 2\n", b"\xef\xbb\xbfx = 1\ny = 3"),
        "gone.py": (b"bye\n", None),
        "new.py": (None, b"hello\n"),
    }
    for name, (old, _new) in files.items():
        if old is not None:
            (tmp_path / name).write_bytes(old)
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "start")
    for name, (_old, new) in files.items():
        if new is None:
            (tmp_path / name).unlink()
        else:
            (tmp_path / name).write_bytes(new)
    _git(tmp_path, "add", "-A")
    diff = _git(tmp_path, "diff", "--cached")
    _git(tmp_path, "reset", "-q", "--hard")
    (tmp_path / "change.diff").write_text(diff, encoding="utf-8", newline="")
    data = _ok(_edit(run_cli, tmp_path, "--patch", "change.diff", "--apply"))
    assert {f["file"]: f["action"] for f in data["files"]} == {
        "x.py": "update",
        "crlf.txt": "update",
        "bom.py": "update",
        "gone.py": "delete",
        "new.py": "create",
    }
    for name, (_old, new) in files.items():
        if new is None:
            assert not (tmp_path / name).exists()
        else:
            assert (tmp_path / name).read_bytes() == new, name
    (tmp_path / "change.diff").unlink()
    _git(tmp_path, "add", "-A")
    assert _git(tmp_path, "diff", "--cached") == diff


def test_begin_patch_format(tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "m.py").write_text("def f():\n    return 1\n\n\ndef g():\n    return 1\n")
    (tmp_path / "old.py").write_text("gone\n")
    patch = (
        "*** Begin Patch\n"
        "*** Update File: m.py\n"
        "@@ def g():\n"
        "-    return 1\n"
        "+    return 2\n"
        "*** Add File: sub/../added.py\n"
        "+print('hi')\n"
        "*** Delete File: old.py\n"
        "*** End Patch\n"
    )
    data = _ok(_edit(run_cli, tmp_path, "--patch", "-", "--apply", input=patch))
    assert data["changes"][0]["function"] == "g"
    assert (tmp_path / "m.py").read_text() == "def f():\n    return 1\n\n\ndef g():\n    return 2\n"
    assert (tmp_path / "added.py").read_text() == "print('hi')\n"
    assert not (tmp_path / "old.py").exists()


def test_begin_patch_ambiguous_hunk_is_refused(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f():\n    return 1\n\n\ndef g():\n    return 1\n")
    patch = "*** Begin Patch\n*** Update File: m.py\n-    return 1\n+    return 2\n*** End Patch\n"
    with pytest.raises(AmbiguousMatchError, match="line 2, line 6"):
        prx.edit(patch=patch, root=tmp_path)


def test_patch_outside_the_workspace_is_refused(tmp_path: Path) -> None:
    patch = "*** Begin Patch\n*** Add File: ../escape.py\n+x\n*** End Patch\n"
    with pytest.raises(prx.PrxError, match="outside the root"):
        prx.edit(patch=patch, apply=True, root=tmp_path)
    assert not (tmp_path.parent / "escape.py").exists()


def test_trimmed_one_line_find_with_a_trimmed_replacement(tmp_path: Path) -> None:
    # The find text is found as written (inside the indented line), but the replacement's
    # later lines are written without the line's indentation: they are moved under it.
    target = tmp_path / "tr.py"
    target.write_text("class A:\n    def f(self):\n        return 1\n\n    y = 2\n")
    result = prx.edit(
        "tr.py",
        find="return 1\n",
        replace="if x:\n    return 1\nreturn 2\n",
        apply=True,
        root=tmp_path,
    )
    assert result.match == "whitespace"
    assert target.read_text() == (
        "class A:\n    def f(self):\n        if x:\n            return 1\n        return 2\n\n"
        "    y = 2\n"
    )


def test_trimmed_find_deleting_a_line_deletes_its_indentation(tmp_path: Path) -> None:
    target = tmp_path / "del.py"
    target.write_text("def f():\n    a()\n    b()\n")
    prx.edit("del.py", find="a()\n", replace="", apply=True, root=tmp_path)
    assert target.read_text() == "def f():\n    b()\n"


def test_uniform_offset_keeps_lines_less_indented_than_the_first(tmp_path: Path) -> None:
    # The find text starts inside a docstring (deeply indented); the agent trimmed 4 columns
    # from every line: every line of the replacement moves back by the same 4 columns.
    target = tmp_path / "doc.py"
    target.write_text('def f():\n    """Doc:\n           detail.\n    """\n    return 1\n')
    prx.edit(
        "doc.py",
        find='       detail.\n"""\nreturn 1',
        replace='       detail.\n"""\nreturn 2',
        apply=True,
        root=tmp_path,
    )
    assert (
        target.read_text() == 'def f():\n    """Doc:\n           detail.\n    """\n    return 2\n'
    )


def test_batch_line_with_a_list_of_edits(tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "b1.py").write_text("x = 1\n")
    line = {"cmd": "edit", "edits": [{"file": "b1.py", "find": "x = 1", "replace": "x = 2"}]}
    done = run_cli("batch", cwd=tmp_path, input=json.dumps(line) + "\n")
    envelope = done.lines[0]
    assert envelope["status"] == "ok", envelope
    assert envelope["data"]["changes"][0]["after"] == "x = 2"
    assert (tmp_path / "b1.py").read_text() == "x = 1\n"  # a dry run


def test_patch_adds_a_file_in_new_directories(tmp_path: Path) -> None:
    patch = "*** Begin Patch\n*** Add File: pkg/sub/mod.py\n+x = 1\n*** End Patch\n"
    dry = prx.edit(patch=patch, root=tmp_path)
    assert dry.files[0].action == "create" and not (tmp_path / "pkg").exists()
    prx.edit(patch=patch, apply=True, root=tmp_path)
    assert (tmp_path / "pkg/sub/mod.py").read_text() == "x = 1\n"


def test_patch_deleting_a_changed_file_is_a_conflict(tmp_path: Path) -> None:
    (tmp_path / "d.py").write_text("changed\n")
    patch = "--- a/d.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-original\n"
    with pytest.raises(ConflictError):
        prx.edit(patch=patch, apply=True, root=tmp_path)
    assert (tmp_path / "d.py").read_text() == "changed\n"


def test_regex_with_several_matches_needs_all_like_a_literal(tmp_path: Path) -> None:
    # The original replaced one match per line in regex mode without --all.
    (tmp_path / "rg.py").write_text("a = 1\nb = 1\n")
    with pytest.raises(AmbiguousMatchError, match="line 1, line 2"):
        prx.edit("rg.py", find=r"= \d", replace="= 2", regex=True, root=tmp_path)


def test_trailing_blank_lines_kept(tmp_path: Path) -> None:
    # The original dropped one of several trailing newlines.
    target = tmp_path / "tb.py"
    target.write_bytes(b"x = 1\n\n\n")
    prx.edit("tb.py", find="x = 1", replace="x = 2", apply=True, root=tmp_path)
    assert target.read_bytes() == b"x = 2\n\n\n"


def test_begin_patch_with_trimmed_indentation_is_reindented(tmp_path: Path) -> None:
    target = tmp_path / "ri.py"
    target.write_text("class A:\n    def f(self):\n        a = 1\n        return a\n")
    patch = (
        "*** Begin Patch\n*** Update File: ri.py\n@@ def f(self):\n"
        " a = 1\n-return a\n+if a:\n+    return a\n+return 0\n*** End Patch\n"
    )
    prx.edit(patch=patch, apply=True, root=tmp_path)
    assert target.read_text() == (
        "class A:\n    def f(self):\n        a = 1\n        if a:\n            return a\n"
        "        return 0\n"
    )


def test_begin_patch_move_and_unified_diff_offset(tmp_path: Path) -> None:
    (tmp_path / "old_name.py").write_bytes(b"x = 1\r\ny = 2\r\n")
    patch = (
        "*** Begin Patch\n*** Update File: old_name.py\n*** Move to: new_name.py\n"
        "-y = 2\n+y = 3\n*** End Patch\n"
    )
    prx.edit(patch=patch, apply=True, root=tmp_path)
    assert not (tmp_path / "old_name.py").exists()
    assert (tmp_path / "new_name.py").read_bytes() == b"x = 1\r\ny = 3\r\n"
    # A unified diff whose line numbers drifted: the hunk lands where its lines are.
    (tmp_path / "drift.py").write_text("a = 0\nb = 0\nx = 1\ny = 2\nz = 3\n")
    diff = "--- a/drift.py\n+++ b/drift.py\n@@ -1,3 +1,3 @@\n x = 1\n-y = 2\n+y = 20\n z = 3\n"
    prx.edit(patch=diff, apply=True, root=tmp_path)
    assert (tmp_path / "drift.py").read_text() == "a = 0\nb = 0\nx = 1\ny = 20\nz = 3\n"


def test_a_large_replace_all_lists_the_first_changes_and_counts_all(tmp_path: Path) -> None:
    (tmp_path / "big.py").write_text("x = 1\n" * 250)
    result = prx.edit("big.py", find="x = 1", replace="x = 2", replace_all=True, root=tmp_path)
    assert result.total_replacements == 250 and len(result.changes) == 200
    assert any("50 more changes" in note for note in result.notes)
