"""Which program a checker runs: found on PATH, never inside the project.

A repository can hold a program named like a checker (``node_modules/.bin/tsc``, a
``./cargo`` script, a ``go`` in a directory on PATH): running it would run the project's
own code with the user's rights. So a PATH entry that is relative (it names a directory
of wherever the child runs) or that leads into one of the given trees is passed over, and
so is a program whose real path (links followed) lies inside one of them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

__all__ = ["find_program", "inside", "safe_path_entries"]


def inside(path: str, trees: Iterable[str]) -> bool:
    """True when ``path`` (links followed) is one of ``trees`` or below one."""
    real = os.path.realpath(path)
    for tree in trees:
        top = os.path.realpath(tree)
        if real == top or real.startswith(top.rstrip(os.sep) + os.sep):
            return True
    return False


def safe_path_entries(trees: Sequence[str], path: str | None = None) -> list[str]:
    """The entries of ``path`` (default: ``$PATH``) that are absolute and lead outside
    ``trees``."""
    value = os.environ.get("PATH", os.defpath) if path is None else path
    entries = []
    for entry in value.split(os.pathsep):
        if not entry or not os.path.isabs(entry) or inside(entry, trees):
            continue
        if entry not in entries:
            entries.append(entry)
    return entries


def find_program(name: str, trees: Sequence[str]) -> str | None:
    """The absolute path of the executable ``name`` on PATH outside ``trees``, or None."""
    for entry in safe_path_entries(trees):
        candidate = os.path.join(entry, name)
        if not os.path.isfile(candidate) or not os.access(candidate, os.X_OK):
            continue
        if inside(candidate, trees):  # a link from outside into the project
            continue
        return candidate
    return None
