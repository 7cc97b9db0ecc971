"""The command line gives its answer first and records usage after: the grep a ranked
search's statistic needs is never on the way to the answer, and never spoils it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import prx
from prx.frontends.cli.frontend import CliFrontend


@pytest.fixture
def root(tmp_path: Path) -> Path:
    base = tmp_path / "root"
    base.mkdir()
    (base / "auth.py").write_text("def verify_password(user):\n    return user.ok\n")
    return base


def _search(root: Path, monkeypatch: pytest.MonkeyPatch, grep: Any) -> tuple[str, list[str]]:
    seen: list[str] = []
    out = io.StringIO()

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(out.getvalue())  # what had been printed when the statistic started
        return grep(*args, **kwargs)

    monkeypatch.setattr("prx.commands.search.engine.ranked_grep", watched)
    code = CliFrontend(prx.Workspace(root), stdout=out, environ={}).main(
        ["search", "how passwords are verified"]
    )
    assert code == 0
    return out.getvalue(), seen


def test_the_answer_is_printed_before_the_statistic_is_computed(root, monkeypatch):
    from prx.commands.search.engine import ranked_grep

    printed, seen = _search(root, monkeypatch, ranked_grep)
    assert len(seen) == 1 and seen[0] == printed  # the whole answer was out already
    assert json.loads(printed)["status"] == "ok"


def test_a_failing_statistic_never_spoils_the_answer(root, monkeypatch):
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug in the statistic")

    printed, _ = _search(root, monkeypatch, broken)
    lines = printed.strip().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["status"] == "ok"
