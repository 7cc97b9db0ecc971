"""A JavaScript or TypeScript class whose name the program reads at run time.

``this.name = this.constructor.name`` (commander's errors) makes a class's name part of
what it does: a test that compares ``err.name`` or ``obj.constructor.name`` with the
string ``'InvalidArgumentError'`` fails once the class is renamed, though every
identifier was changed. When the project reads a class name at run time
(``.constructor.name``, ``new.target.name``, ``Class.name``) and spells this class's name
as a whole string, the rename is refused with both places.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.engine.intel.models.base import Target
    from prx.engine.intel.project import Project

__all__ = ["own_name_problem"]

_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
#: A class name read at run time, whatever the class.
_READERS = re.compile(rb"\b(?:constructor|new\.target)\.name\b")


def own_name_problem(project: Project, target: Target) -> str | None:
    """Why renaming the class ``target`` would change what the program does, or None."""
    if target.kind != "class":
        return None
    name = re.escape(target.name.encode())
    reader = re.compile(_READERS.pattern + rb"|\b" + name + rb"\.name\b")
    spelled = re.compile(rb"""(['"`])""" + name + rb"\1")
    read_at: str | None = None
    string_at: str | None = None
    for rel in project.graph.files:
        parsed = project.file(rel)
        if parsed is None or parsed.language not in _LANGUAGES:
            continue
        data = parsed.data
        if read_at is None:
            found = reader.search(data)
            if found is not None:
                read_at = _place(rel, data, found.start())
        if string_at is None:
            found = spelled.search(data)
            if found is not None:
                string_at = _place(rel, data, found.start())
        if read_at is not None and string_at is not None:
            return (
                f"the program reads class names at run time ({read_at}) and {string_at} "
                f"spells {target.name!r} as a string: renamed, that comparison or message "
                "would change"
            )
    return None


def _place(rel: str, data: bytes, offset: int) -> str:
    line = data.count(b"\n", 0, offset) + 1
    return f"{rel}:{line}"
