"""``prx edit --apply`` runs the language's own checker before and after: new errors lead
the notes and the command line exits 1 (the envelope stays ``ok``: the file was written),
``--check rollback`` undoes the edit, ``--check never`` runs nothing."""

from __future__ import annotations

import shutil
import subprocess

import pytest

NONLOCAL = (
    "def outer():\n"
    "    y = 0\n"
    "\n"
    "    def inner():\n"
    "        nonlocal y\n"
    "        y += 1\n"
    "\n"
    "    return inner\n"
)


def test_an_edit_that_breaks_what_only_compiling_sees_is_reported(make_repo, run_cli):
    root = make_repo({"a.py": NONLOCAL})
    done = run_cli(
        "edit", "a.py", "--find", "    y = 0", "--replace", "    z = 0", "--apply", cwd=root
    )
    envelope = done.envelope
    assert envelope["status"] == "ok" and done.exit_code == 1
    data = envelope["data"]
    assert data["syntax_valid"] is True  # the parsers see nothing wrong
    assert data["applied"] is True
    assert data["check"]["new_errors"][0]["message"] == "no binding for nonlocal 'y' found"
    assert data["notes"][0].startswith("the change was written and `python compile()`")


def test_the_plain_answer_shows_the_check_and_the_rollback(make_repo, run_cli):
    root = make_repo({"a.py": NONLOCAL})
    args = [
        "--find",
        "    y = 0",
        "--replace",
        "    z = 0",
        "--apply",
        "--check",
        "rollback",
        "--plain",
    ]
    done = run_cli("edit", "a.py", *args, cwd=root)
    assert done.exit_code == 1
    assert "rolled back, nothing written" in done.stdout
    assert "check: python compile(): 1 new error(s) (0 before, 1 after), rolled back" in done.stdout
    assert "a.py:5: no binding for nonlocal 'y' found" in done.stdout
    assert (root / "a.py").read_text() == NONLOCAL


def test_check_never_runs_no_checker(make_repo, run_cli):
    root = make_repo({"a.py": NONLOCAL})
    args = ["--find", "    y = 0", "--replace", "    z = 0", "--apply", "--check", "never"]
    done = run_cli("edit", "a.py", *args, cwd=root)
    assert done.exit_code == 0
    assert "check" not in done.envelope["data"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_node_catches_a_forced_javascript_syntax_error(make_repo, run_cli):
    root = make_repo({"app.js": "function load(id) {\n  return id;\n}\n"})
    args = ["--find", "return id;", "--replace", "return (id;", "--apply", "--force"]
    done = run_cli("edit", "app.js", *args, cwd=root)
    check = done.envelope["data"]["check"]
    assert check["command"] == "node --check app.js"
    assert [(e["file"], e["code"]) for e in check["new_errors"]] == [("app.js", "SyntaxError")]


@pytest.mark.skipif(
    shutil.which("go") is None or shutil.which("git") is None, reason="go or git is not installed"
)
def test_go_build_and_vet_catch_a_broken_function_name(make_repo, run_cli):
    root = make_repo(
        {
            "go.mod": "module example.com/m\n\ngo 1.18\n",
            "sub/sub.go": "package sub\n\nfunc Answer() int { return 42 }\n",
            "sub/sub_test.go": (
                'package sub\n\nimport "testing"\n\nfunc TestAnswer(t *testing.T) {\n'
                "\tif Answer() != 42 {\n\t\tt.Fatal()\n\t}\n}\n"
            ),
            "main.go": 'package main\n\nimport "example.com/m/sub"\n\nfunc main() { _ = sub.Answer() }\n',
        }
    )
    # go build stamps binaries with the commit by running git, which runs the repository's
    # core.fsmonitor: the check must not let it.
    marker = root.parent / f"{root.name}-fsmonitor-ran"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(
        ["git", "-C", str(root), "config", "core.fsmonitor", f"touch '{marker}'; true"],
        check=True,
    )
    args = ["--find", "func Answer", "--replace", "func Reply", "--apply", "--check", "rollback"]
    done = run_cli("edit", "sub/sub.go", *args, cwd=root)
    data = done.envelope["data"]
    assert data["check"]["rolled_back"] is True and data["applied"] is False
    assert sorted(e["file"] for e in data["check"]["new_errors"]) == ["main.go", "sub/sub_test.go"]
    assert "func Answer" in (root / "sub/sub.go").read_text()
    assert not marker.exists()
