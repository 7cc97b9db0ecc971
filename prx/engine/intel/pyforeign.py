"""Whether a Python file takes a class from outside the project: ``from typing import
BinaryIO``, ``io.IOBase`` after ``import io``, ``t.TextIO`` after ``import typing as
t``. A receiver declared or made as such a class is that library's object: a project
class's member runs on it only when the project class derives from the library's (a
protocol it only matches by shape is the type checker's protocol, not the class)."""

from __future__ import annotations

import re
from collections.abc import Set

__all__ = ["foreign_class", "imported_modules", "outside_project"]

#: ``from MODULE import NAMES`` (one line, or a parenthesised list).
_FROM_IMPORT = re.compile(rb"(?m)^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)")
#: ``import MODULE`` / ``import MODULE as ALIAS`` (each of a comma-separated list).
_IMPORT = re.compile(rb"(?m)^[ \t]*import[ \t]+([^\n#]+)")

#: Names from ``typing`` that say nothing of the object's class.
_OPAQUE = frozenset(
    {"Any", "Self", "Callable", "Union", "Optional", "TypeVar", "Generic", "Protocol"}
    | {"Annotated", "TypeAlias", "Type", "ClassVar", "Final", "Literal", "NoReturn", "Never"}
    | {"LiteralString", "TypeGuard", "Unpack", "Concatenate", "ParamSpec", "AnyStr"}
)


def foreign_class(name: str, data: bytes, project_modules: Set[str]) -> bool:
    """Whether the file (its text ``data``) takes the class ``name`` from a module none of
    whose first dotted part is one of ``project_modules``, and does not bind the name
    itself. A name not written as a class's (capitalised) or one of typing's special
    forms is never foreign: it may be a function's or a type variable's."""
    if not name[:1].isupper() or name in _OPAQUE or not name.isidentifier():
        return False
    word = re.escape(name).encode()
    if re.search(
        rb"(?m)^[ \t]*(?:class[ \t]+" + word + rb"\b|" + word + rb"[ \t]*(?::[^=\n]*)?=(?!=))",
        data,
    ):
        return False  # the file's own class, or an alias it assigns
    for found in _FROM_IMPORT.finditer(data):
        if re.search(rb"\b" + word + rb"\b", found.group(2)):
            return outside_project(found.group(1).decode(), project_modules)
    through = {m.decode() for m in re.findall(rb"\b([A-Za-z_]\w*)\." + word + rb"\b", data)}
    if not through:
        return False
    modules = imported_modules(data)
    return all(
        alias in modules and outside_project(modules[alias], project_modules) for alias in through
    )


def outside_project(module: str, project_modules: Set[str]) -> bool:
    """Whether an absolute import of ``module`` reaches outside the project (a relative
    one, ``.x``, never does)."""
    return not module.startswith(".") and module.split(".", 1)[0] not in project_modules


def imported_modules(data: bytes) -> dict[str, str]:
    """The names ``import`` statements bind, each to its module (``import a.b`` binds
    ``a``)."""
    out: dict[str, str] = {}
    for found in _IMPORT.finditer(data):
        for part in found.group(1).decode("utf-8", "replace").split(","):
            words = part.split()
            if len(words) == 3 and words[1] == "as":
                out[words[2]] = words[0]
            elif len(words) == 1:
                out[words[0].split(".", 1)[0]] = words[0].split(".", 1)[0]
    return out
