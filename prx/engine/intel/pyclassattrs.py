"""Python classes held by class attributes: a mixin of test cases that makes its object
with ``self.Cache(..)``, each test case below it saying ``Cache = LRUCache`` in its body.

Such a mixin's module imports none of the classes it drives, so it is not among the files
that reach a class's module; :func:`with_base_files` adds it. What ``self.Cache(..)``
makes is any class the mixin or a class below it assigns (:func:`held_classes`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.intel.project import Project
    from prx.engine.intel.pymembers import Files

__all__ = ["ClassAttributes", "derived_from_attribute", "made_by_attribute", "with_base_files"]

#: ``self.Cache(..)`` / ``cls.Cache(..)`` as a receiver's whole text.
_CALLED = re.compile(r"(?:self|cls)\.([A-Za-z_]\w*)\(.*\)", re.DOTALL)


def made_by_attribute(receiver: str, assigned_from: str | None) -> str | None:
    """The class attribute whose call made ``receiver``: ``self.Cache(..)`` itself, or a
    name assigned ``self.Cache(..)`` (``assigned_from`` is the callee of its assignment)."""
    whole = _CALLED.fullmatch(receiver)
    if whole is not None:
        return whole.group(1)
    if assigned_from is not None:
        owner, _, attribute = assigned_from.partition(".")
        if owner in ("self", "cls") and attribute.isidentifier():
            return attribute
    return None


def derived_from_attribute(scope: bytes, local: str) -> str | None:
    """The class attribute a class ``local`` defined in ``scope`` (a function's text)
    derives from: ``class Default(self.Cache):`` -> ``Cache``."""
    found = re.search(
        rb"(?m)^[ \t]*class[ \t]+"
        + re.escape(local.encode())
        + rb"[ \t]*\([ \t]*(?:self|cls)\.([A-Za-z_]\w*)[ \t]*\)[ \t]*:",
        scope,
    )
    return found.group(1).decode() if found is not None else None


class ClassAttributes:
    """What the class bodies of some files assign to their attributes, read on first use.

    :param files: the files to read (asked for on first use: a rename walks its path for
        them only when a receiver is made by a class attribute).
    """

    def __init__(
        self,
        project: Files,
        files: Callable[[], Sequence[str]],
        bases: Mapping[str, set[str]],
    ) -> None:
        self._project = project
        self._files = files
        self._bases = bases
        self._values: dict[str, dict[str, set[str]]] = {}

    def held_classes(self, owner: str, attribute: str) -> set[str]:
        """The names ``owner().attribute`` may hold (a class's, mostly): what ``owner``,
        its bases and every class below it assign in their bodies, ``None`` left out;
        empty when no body assigns it."""
        from prx.engine.intel.pymembers import ancestors

        values = self._values.get(attribute)
        if values is None:
            values = self._values[attribute] = self._read(attribute)
        related = {owner, *ancestors(owner, self._bases)}
        related |= {k for k in self._bases if owner in ancestors(k, self._bases)}
        return {v for k in related for v in values.get(k, ()) if v != "None"}

    def _read(self, attribute: str) -> dict[str, set[str]]:
        from prx.engine.intel.pymembers import classes_of

        wanted = attribute.encode()
        out: dict[str, set[str]] = {}
        for rel in self._files():
            parsed = self._project.file(rel)
            if parsed is None or wanted not in parsed.data:
                continue
            for name, node in classes_of(parsed):
                body = node.child_by_field_name("body")
                for child in body.named_children if body is not None else ():
                    value = _assigned_value(child, wanted)
                    if value is not None:
                        out.setdefault(name, set()).add(value)
        return out


def _assigned_value(statement: Any, wanted: bytes) -> str | None:
    """The name a class-body statement ``wanted = Name`` (or ``= mod.Name``) assigns."""
    assignment = statement
    if statement.type == "expression_statement" and statement.named_children:
        assignment = statement.named_children[0]  # the grammar's older form
    if assignment.type != "assignment":
        return None
    left = assignment.child_by_field_name("left")
    right = assignment.child_by_field_name("right")
    if left is None or left.type != "identifier" or left.text != wanted:
        return None
    if right is None or right.type not in ("identifier", "attribute", "none"):
        return None
    return bytes(right.text or b"").decode().rsplit(".", 1)[-1]


def with_base_files(project: Project, files: list[str]) -> list[str]:
    """``files`` and the project files they import that define a base of one of their
    classes (a mixin's module: its code runs on the subclasses' instances)."""
    from prx.engine.intel.pymembers import classes_of

    have = set(files)
    out = list(files)
    for rel in files:
        bases = _base_names(project, rel)
        if not bases:
            continue
        for imported in project.graph.imports_of(rel):
            if imported in have:
                continue
            if any(name in bases for name, _ in classes_of(project.file(imported))):
                have.add(imported)
                out.append(imported)
    return out


def _base_names(project: Project, rel: str) -> set[str]:
    from prx.engine.intel.pymembers import class_bases

    return {base for names in class_bases(project, [rel]).values() for base in names}
