"""Every test the promise pages cite exists: docs/guarantees.md and docs/security.md name
the test behind each promise, and a renamed or deleted test must not leave a promise
untested in the docs.

A cited file is found by its path, or by its name anywhere below tests/: the tests live in
folders that mirror the package, and a page may name a module as ``tests/test_x.py``."""

from __future__ import annotations

import re

import locations
import pytest

ROOT = locations.ROOT
PAGES = ["docs/guarantees.md", "docs/security.md"]
#: `tests/test_x.py`, `tests/test_x.py::test_y`, or a bare `test_y` (optionally `[...]`).
CITED = re.compile(r"`(?:(tests/[\w/]+\.py)(?:::(\w+))?|(test_\w+))(?:\[[^\]`]*\])?`")


def _defined() -> tuple[set[str], set[str]]:
    """The test modules (each by its path and by its name) and the test functions."""
    files: set[str] = set()
    names: set[str] = set()
    for path in locations.test_modules():
        files |= {path.relative_to(ROOT).as_posix(), path.name}
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
        if (f and f not in files and f.rsplit("/", 1)[-1] not in files)
        or (n and n not in names)
        or (b and b not in names)
    ]
    assert missing == []
