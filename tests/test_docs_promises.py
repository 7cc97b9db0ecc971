"""Every test the promise pages cite exists: docs/guarantees.md and docs/security.md name
the test behind each promise, and a renamed or deleted test must not leave a promise
untested in the docs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["docs/guarantees.md", "docs/security.md"]
#: `tests/test_x.py`, `tests/test_x.py::test_y`, or a bare `test_y` (optionally `[...]`).
CITED = re.compile(r"`(?:(tests/[\w/]+\.py)(?:::(\w+))?|(test_\w+))(?:\[[^\]`]*\])?`")


def _defined() -> tuple[set[str], set[str]]:
    files = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")}
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^\s*(?:async )?def (test_\w+)", path.read_text(), re.M))
    return files, names


@pytest.mark.parametrize("page", PAGES)
def test_every_test_a_promise_cites_exists(page: str) -> None:
    files, names = _defined()
    text = (ROOT / page).read_text()
    cited = CITED.findall(text)
    assert len(cited) > 20
    missing = [
        f or n or b
        for f, n, b in cited
        if (f and f not in files) or (n and n not in names) or (b and b not in names)
    ]
    assert missing == []
