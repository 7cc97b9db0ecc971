"""Lists of names shipped with prx (one per line): what a library's objects answer to,
read once per process when a rename first asks."""

from __future__ import annotations

import functools

__all__ = ["shipped_names"]


@functools.cache
def shipped_names(path: str) -> frozenset[str]:
    """The names the file ``path`` lists, one per line."""
    with open(path, encoding="utf-8") as handle:
        return frozenset(line.strip() for line in handle if line.strip())
