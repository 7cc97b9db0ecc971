"""Small repositories for the cluster tests: each with its own words, so a query names
the repository that answers it (the fixture ``make_repos``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

#: Repository -> its topic words (functions and docstrings are made of them).
TOPICS = {
    "alpha": ("retry", "backoff"),
    "beta": ("parse", "header"),
    "gamma": ("cache", "evict"),
    "delta": ("render", "template"),
}


def make_repo(root: Path, name: str, files: int = 3) -> Path:
    """``root/name``: ``files`` Python modules about the repository's topic."""
    first, second = TOPICS.get(name, (name, "thing"))
    repo = root / name
    (repo / "pkg").mkdir(parents=True)
    for i in range(files):
        (repo / "pkg" / f"mod{i}.py").write_text(
            f'"""The {first} helpers of {name}, part {i}."""\n\n\n'
            f"def {first}_{second}_{i}(value):\n"
            f'    """{first.title()} the value with {second} ({name})."""\n'
            f"    return value + {i}\n\n\n"
            f"class {name.title()}{first.title()}{i}:\n"
            f"    def {second}(self, item):\n"
            f"        return [item, {i!r}]\n",
            encoding="utf-8",
        )
    return repo


def _make_repos(root: Path, sizes: dict[str, int]) -> dict[str, str]:
    return {name: str(make_repo(root, name, files)) for name, files in sizes.items()}


@pytest.fixture
def make_repos() -> Callable[[Path, dict[str, int]], dict[str, str]]:
    """``make_repos(root, {name: files})``: repositories under ``root``; name -> directory."""
    return _make_repos
