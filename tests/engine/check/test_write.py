"""The checked write: checkers before and after, new errors reported, an opt-in rollback
that restores the bytes exactly and never overwrites someone else's change, and a
checker that fails, times out or is cancelled never turning into an error of the change."""

from __future__ import annotations

import sys

import pytest

from prx.app.workspace import Workspace
from prx.core.errors import CancelledError
from prx.core.results.run import Diagnostic
from prx.engine.check import checkers
from prx.engine.check.base import Check, Found, Runtime
from prx.engine.check.process import run_tool

BROKEN_BY_RENAME = (
    "def outer():\r\n"
    "    y = 0\r\n"
    "\r\n"
    "    def inner():\r\n"
    "        nonlocal y\r\n"
    "        y += 1\r\n"
    "\r\n"
    "    return inner"  # no final newline
)


def test_rollback_restores_the_bytes_exactly(make_repo):
    original = b"\xef\xbb\xbf" + BROKEN_BY_RENAME.encode()
    root = make_repo({"a.py": original})
    result = Workspace(root).edit(
        "a.py", find="    y = 0", replace="    z = 0", apply=True, check="rollback"
    )
    assert (root / "a.py").read_bytes() == original
    assert result.applied is False and result.dry_run is False
    assert result.check is not None and result.check.rolled_back
    assert result.check.new_error_count == 1
    assert "no binding for nonlocal 'y'" in result.check.new_errors[0].message
    assert result.notes[0].startswith("the change was rolled back")


def test_without_rollback_the_change_stays_and_the_first_note_says_it_broke(make_repo):
    root = make_repo({"a.py": BROKEN_BY_RENAME.encode()})
    result = Workspace(root).edit("a.py", find="    y = 0", replace="    z = 0", apply=True)
    assert b"    z = 0" in (root / "a.py").read_bytes()
    assert result.applied is True
    assert result.check is not None and not result.check.rolled_back
    assert result.notes[0].startswith("the change was written and `python compile()` reports")
    assert "rollback" in result.notes[0]


class Scripted(Check):
    """A checker whose runs do what a test says."""

    language = "python"
    command = "scripted"

    def __init__(self, before=(), after=(), on_after=None, on_before=None):
        self.before, self.after = before, after
        self.on_after, self.on_before = on_after, on_before
        self.roots: list[str] = []

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        self.roots.append(root)
        hook = self.on_after if after else self.on_before
        if hook is not None:
            found = hook(root)
            if found is not None:
                return found
        return Found(diagnostics=tuple(self.after if after else self.before))


def _error(file: str, message: str) -> Diagnostic:
    return Diagnostic(file=file, line=1, column=1, severity="error", code="X", message=message)


@pytest.fixture
def scripted(monkeypatch):
    def install(check: Check) -> Check:
        monkeypatch.setitem(checkers.PLANNERS, "python", lambda root, files, runtime: ([check], []))
        return check

    return install


def test_a_file_changed_between_the_write_and_the_rollback_is_not_overwritten(make_repo, scripted):
    root = make_repo({"a.py": "x = 1\n"})

    def someone_else_writes(tree: str) -> None:
        (root / "a.py").write_bytes(b"x = 3  # theirs\n")

    scripted(Scripted(after=[_error("a.py", "broken")], on_after=someone_else_writes))
    result = Workspace(root).edit(
        "a.py", find="x = 1", replace="x = 2", apply=True, check="rollback"
    )
    assert (root / "a.py").read_bytes() == b"x = 3  # theirs\n"
    assert result.check is not None
    assert result.check.rolled_back is False
    assert "changed since it was read" in (result.check.rollback_refused or "")
    assert result.applied is True
    assert "the rollback was refused" in result.notes[0]


def test_a_checker_that_fails_leaves_the_change_written_and_says_why(make_repo, scripted):
    root = make_repo({"a.py": "x = 1\n"})
    scripted(Scripted(on_before=lambda tree: Found(diagnostics=None, failure="it crashed")))
    result = Workspace(root).edit(
        "a.py", find="x = 1", replace="x = 2", apply=True, check="rollback"
    )
    assert (root / "a.py").read_text() == "x = 2\n"
    assert result.check is not None and result.check.ran is False
    assert "it crashed" in (result.check.why_not or "")


def test_a_cancellation_after_the_write_is_reported_not_raised(make_repo, scripted):
    root = make_repo({"a.py": "x = 1\n"})

    def cancelled(tree: str) -> None:
        raise CancelledError("cancelled by the caller")

    scripted(Scripted(on_after=cancelled))
    result = Workspace(root).edit("a.py", find="x = 1", replace="x = 2", apply=True)
    assert (root / "a.py").read_text() == "x = 2\n"
    assert result.applied is True
    assert result.check is not None and result.check.ran is False
    assert "cancelled" in (result.check.why_not or "")


def test_a_cancellation_before_the_write_writes_nothing(make_repo, scripted):
    root = make_repo({"a.py": "x = 1\n"})

    def cancelled(tree: str) -> None:
        raise CancelledError("cancelled by the caller")

    scripted(Scripted(on_before=cancelled))
    with pytest.raises(CancelledError):
        Workspace(root).edit("a.py", find="x = 1", replace="x = 2", apply=True)
    assert (root / "a.py").read_text() == "x = 1\n"


def test_a_dry_run_checks_a_scratch_copy_and_writes_nothing(make_repo, scripted):
    root = make_repo(
        {
            "a.py": "x = 1\n",
            "node_modules/dep/index.js": "module.exports = 1;\n",
            ".git/config": "[core]\n",
        }
    )
    seen: dict[str, object] = {}

    def look(tree: str) -> None:
        from pathlib import Path

        copy = Path(tree)
        seen["text"] = (copy / "a.py").read_text()
        seen["linked"] = (copy / "node_modules").is_symlink()
        seen["git"] = (copy / ".git").exists()

    check = scripted(Scripted(after=[_error("a.py", "broken")], on_after=look))
    result = Workspace(root).edit("a.py", find="x = 1", replace="x = 2", check="always")
    assert (root / "a.py").read_text() == "x = 1\n"
    assert seen == {"text": "x = 2\n", "linked": True, "git": False}
    assert all(tree != str(root) for tree in check.roots)
    assert result.check is not None and result.check.scratch and result.check.new_error_count == 1
    assert result.notes[0].startswith("nothing was written, and applying would add errors")


def test_no_check_unless_asked_or_applied(make_repo, scripted):
    root = make_repo({"a.py": "x = 1\n"})
    check = scripted(Scripted())
    ws = Workspace(root)
    assert ws.edit("a.py", find="x = 1", replace="x = 2").check is None
    assert ws.edit("a.py", find="x = 1", replace="x = 2", apply=True, check="never").check is None
    assert check.roots == []


def test_a_command_that_outlives_its_timeout_is_stopped_and_said(tmp_path):
    ran = run_tool(
        [sys.executable, "-c", "import time; time.sleep(60)"],
        cwd=str(tmp_path),
        env={"PATH": "/usr/bin:/bin"},
        timeout=0.5,
        temp=str(tmp_path),
    )
    assert ran.raw is None
    assert "timeout" in (ran.failure or "")
