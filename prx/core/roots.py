"""Root-qualified paths: ``ROOT//PATH`` names ``PATH`` inside another project root.

A search over several roots answers each file of a root other than the working one as
``ROOT//PATH`` (``../flask//src/flask/app.py``): ``ROOT`` as the caller named it, then the
path inside it. The same string works in the next prx command (``prx read``, ``find``,
``exists``, ``outline``) and in a shell, where ``//`` is one separator.

Only an explicitly named project is a root: a directory holding ``.git`` or ``.prx``,
neither ``/`` nor the home directory. Anything else keeps today's meaning (``a//b`` is
``a/b`` inside the working root, and a path outside it is refused), so no string a
repository or a client makes up reaches a directory nobody named as a project. Inside
the named root every path is confined as in the working one.
"""

from __future__ import annotations

import os

__all__ = ["SEPARATOR", "is_project_root", "qualified", "split_qualified"]

#: Between a root and a path inside it.
SEPARATOR = "//"

#: What makes a directory a project prx may treat as a root when a path names it.
_MARKERS = (".git", ".prx")


def is_project_root(directory: str) -> bool:
    """Whether ``directory`` (absolute) is a project a qualified path may name."""
    normal = os.path.normpath(directory)
    if normal in (os.sep, os.path.normpath(os.path.expanduser("~"))):
        return False
    if not os.path.isdir(normal):
        return False
    return any(os.path.lexists(os.path.join(normal, marker)) for marker in _MARKERS)


def split_qualified(path: str, base: str) -> tuple[str, str] | None:
    """``(root directory, path inside it)`` for ``ROOT//PATH`` naming a project root
    (``ROOT`` relative to ``base`` unless absolute); None for any other path."""
    head, separator, tail = path.partition(SEPARATOR)
    if not separator or not head or head.endswith(":"):  # "" is "//x"; "C:" a URL-ish form
        return None
    directory = os.path.normpath(os.path.join(base, head))
    if not is_project_root(directory):
        return None
    return directory, tail.lstrip("/") or "."


def qualified(label: str | None, rel: str) -> str:
    """``rel`` (a path as a root's answers show it) qualified by the root's ``label``;
    ``rel`` itself for the working root (no label)."""
    if not label:
        return rel
    return f"{label}{SEPARATOR}" if rel in ("", ".") else f"{label}{SEPARATOR}{rel}"
