"""``prx rename --apply`` answers with what the language's own checker found: a rename that
breaks the build is still ``ok`` (the files were written) but its first note says so, its
``check`` lists the new errors and the command line exits 1; ``--check rollback`` undoes it."""

from __future__ import annotations

import shutil

import pytest

CALC = (
    "package com.ex;\n"
    "\n"
    "public class Calc {\n"
    "    public int add(int a, int b) {\n"
    "        return a + b;\n"
    "    }\n"
    "}\n"
)
JAVA = {
    "src/main/java/com/ex/Calc.java": CALC,
    "src/main/java/com/ex/Use.java": (
        "package com.ex;\n\nclass Use {\n    int f() {\n        return new Calc().add(2, 3);\n"
        "    }\n}\n"
    ),
    "src/test/java/com/ex/CalcTest.java": (
        "package com.ex;\n\nimport org.junit.Test;\n\npublic class CalcTest {\n"
        "    @Test\n    public void adds() {\n        new Calc().add(1, 2);\n    }\n}\n"
    ),
}
CALC_PATH = "src/main/java/com/ex/Calc.java"
JAVA_USE = "src/main/java/com/ex/Use.java"


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not installed")
def test_javac_catches_a_rename_that_left_callers_behind(make_repo, run_cli):
    root = make_repo(JAVA)
    done = run_cli("rename", "add", "plus", CALC_PATH, "--apply", cwd=root)
    envelope = done.envelope
    assert envelope["status"] == "ok" and done.exit_code == 1
    data = envelope["data"]
    assert data["applied"] is True and "plus" in (root / CALC_PATH).read_text()
    check = data["check"]
    assert check["command"].startswith("javac -proc:none")
    assert check["new_error_count"] == 2
    files = sorted(e["file"] for e in check["new_errors"])
    assert files == ["src/main/java/com/ex/Use.java", "src/test/java/com/ex/CalcTest.java"]
    assert "method add(int,int)" in check["new_errors"][0]["message"]
    assert data["notes"][0].startswith("the change was written and `javac")


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not installed")
def test_rollback_undoes_a_rename_that_breaks_the_build(make_repo, run_cli):
    root = make_repo(JAVA)
    done = run_cli("rename", "add", "plus", CALC_PATH, "--apply", "--check", "rollback", cwd=root)
    data = done.envelope["data"]
    assert done.exit_code == 1
    assert data["applied"] is False and data["check"]["rolled_back"] is True
    assert (root / CALC_PATH).read_text() == CALC
    assert data["notes"][0].startswith("the change was rolled back")


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not installed")
def test_a_rename_that_keeps_the_build_answers_a_clean_check(make_repo, run_cli):
    root = make_repo(JAVA)
    done = run_cli("rename", "add", "plus", ".", "--apply", cwd=root)
    data = done.envelope["data"]
    assert done.exit_code == 0
    assert data["applied"] is True and "plus(2, 3)" in (root / JAVA_USE).read_text()
    assert data["check"]["ran"] is True and data["check"]["new_error_count"] == 0
    assert not any(n.startswith("the change was") for n in data["notes"])


def test_compile_catches_a_python_rename_the_parser_accepts(make_repo, run_cli):
    original = "def f(total):\n    return total + 1\n"
    root = make_repo({"a.py": original})
    done = run_cli(
        "rename", "total", "__debug__", "a.py", "--apply", "--check", "rollback", cwd=root
    )
    data = done.envelope["data"]
    assert data["check"]["rolled_back"] is True
    assert data["check"]["new_errors"][0]["message"] == "cannot assign to __debug__"
    assert (root / "a.py").read_text() == original


@pytest.mark.skipif(shutil.which("tsc") is None, reason="tsc is not installed")
def test_tsc_catches_a_rename_that_left_an_importer_behind(make_repo, run_cli):
    root = make_repo(
        {
            "tsconfig.json": '{"compilerOptions": {"strict": true}, "include": ["src"]}\n',
            "src/a.ts": "export function greet(name: string): string {\n  return name;\n}\n",
            "src/b.ts": 'import { greet } from "./a";\n\nexport const hi = greet("x");\n',
        }
    )
    done = run_cli("rename", "greet", "welcome", "src/a.ts", "--apply", cwd=root)
    data = done.envelope["data"]
    assert done.exit_code == 1 and data["applied"] is True
    assert data["check"]["command"] == "tsc --noEmit -p tsconfig.json"
    assert [(e["file"], e["code"]) for e in data["check"]["new_errors"]] == [("src/b.ts", "TS2305")]
    assert not list(root.rglob("*.tsbuildinfo"))  # tsc wrote nothing in the project


def test_a_dry_run_is_checked_only_when_asked(make_repo, run_cli):
    root = make_repo({"a.py": "def f(total):\n    return total + 1\n"})
    quiet = run_cli("rename", "total", "__debug__", "a.py", cwd=root).envelope["data"]
    assert "check" not in quiet
    asked = run_cli("rename", "total", "__debug__", "a.py", "--check", "always", cwd=root)
    data = asked.envelope["data"]
    assert data["applied"] is False and data["check"]["new_error_count"] == 1
    assert data["notes"][0].startswith("nothing was written, and applying would add errors")


@pytest.mark.skipif(shutil.which("tsc") is None, reason="tsc is not installed")
def test_a_dry_run_asked_to_check_runs_tsc_on_a_scratch_copy(make_repo, run_cli):
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true}, "include": ["src"]}\n',
        "src/a.ts": "export function greet(name: string): string {\n  return name;\n}\n",
        "src/b.ts": 'import { greet } from "./a";\n\nexport const hi = greet("x");\n',
    }
    root = make_repo(files)
    done = run_cli("rename", "greet", "welcome", "src/a.ts", "--check", "always", cwd=root)
    data = done.envelope["data"]
    assert data["applied"] is False and data["check"]["scratch"] is True
    assert [e["file"] for e in data["check"]["new_errors"]] == ["src/b.ts"]
    assert {p: (root / p).read_text() for p in files} == files
