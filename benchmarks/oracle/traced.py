"""What the traced oracles (scripts_trace.py, python_trace.py) keep of the callers they
record: the places inside the project whose line spells the function's name."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

__all__ = ["naming", "project_file"]


def project_file(root: Path, file: str) -> str | None:
    """``file`` (absolute) relative to ``root``, or None when it lies outside the project
    or in its installed dependencies."""
    base = str(root.resolve()) + "/"
    file = os.path.normpath(file)  # ``ROOT/./examples/x.py``: a script run from a folder
    if not file.startswith(base) or "/node_modules/" in file:
        return None
    return file[len(base) :]


def naming(
    root: Path,
    places: Iterable[tuple[str, int]],
    name: str,
    *,
    word: str = r"\w",
    sources: Mapping[str, list[str]] | None = None,
) -> set[tuple[str, int]]:
    """The ``(file, line)`` of ``places`` whose line holds ``name`` as a word (``word``:
    the characters of an identifier). A reference names the function: a call through a
    value of another name (``type.construct(data)`` for a function registered as
    ``construct``) is not one. ``sources``: lines to read instead of a file's."""
    spelled = re.compile(f"(?<![{word}]){re.escape(name)}(?![{word}])")
    read: dict[str, list[str]] = dict(sources or {})
    kept = set()
    for file, line in places:
        if file not in read:
            try:
                read[file] = (root / file).read_text(errors="replace").splitlines()
            except OSError:
                read[file] = []
        lines = read[file]
        if 0 < line <= len(lines) and spelled.search(lines[line - 1]):
            kept.add((file, line))
    return kept
