"""The JavaScript and TypeScript model: definitions qualified by their class
(``Walker.walk``), references tied by scope, imports and receiver types.

Definitions are the outline's, less what has no name of its own to rename (an
anonymous ``export default function``, a class's ``constructor``). References: see
:mod:`~prx.engine.intel.models.script_sites`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from prx.engine.intel.models.base import LanguageModel, Site, Target, register

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["ScriptModel"]

#: Outline names that are not an identifier a rename could change.
_UNNAMED = frozenset({"default", "anonymous", "constructor"})


class ScriptModel(LanguageModel):
    """Definitions and references of javascript, typescript, tsx."""

    LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
    RESOLVES = True
    SEPARATOR = "."

    def definitions(self, project: Project | None, parsed: ParsedFile) -> list[Target]:
        from prx.engine.intel.models.generic import outline_targets

        targets = [_prototype_member(t) for t in outline_targets(parsed)]
        named = [
            t
            for t in targets
            if t.name not in _UNNAMED and t.end > t.start and t.name.isidentifier()
        ]
        return _one_per_overload_set(named, parsed)

    def references(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        return self._sites(project, target, files, own=False)

    def uses(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        """An overriding member's uses are the accesses through its own class and those
        below it (a rename changes its whole family)."""
        return self._sites(project, target, files, own=True)

    def _sites(
        self, project: Project, target: Target, files: Sequence[str], own: bool
    ) -> list[Site]:
        from prx.engine.intel.models.script_prototypes import prototype_owner
        from prx.engine.intel.models.script_sites import (
            member_owner,
            member_sites,
            name_node,
            scoped_sites,
        )

        parsed = project.file(target.file)
        node = name_node(parsed, target) if parsed is not None else None
        if node is None:
            return super().references(project, target, files)
        owner = member_owner(node)
        if owner is not None:
            return member_sites(project, target, owner[0], files, own)
        named = prototype_owner(node)
        if named is not None:
            # ``X.prototype.m = ..`` of an ``X`` prx does not read as a constructor: its
            # accesses are candidates by name (a rename stops at them), never nothing
            return member_sites(project, target, named, files, own)
        sites = scoped_sites(project, target, node, files)
        if own:  # explain, impact: the meaning asked for (a rename takes both)
            from prx.engine.intel.models.script_meanings import of_meaning

            return of_meaning(project, node, sites)
        return sites

    def rename_problem(self, project: Project, target: Target) -> str | None:
        from prx.engine.intel.models.script_handed import handed_problem
        from prx.engine.intel.models.script_names import own_name_problem

        return own_name_problem(project, target) or handed_problem(project, target)

    def rename_notes(self, project: Project, target: Target) -> list[str]:
        from prx.engine.intel.models.script_handed import handed_notes

        return handed_notes(project, target)

    def renames_by_name(self, target: Target) -> bool:
        """Never: a candidate by name may be another object's member or property."""
        return False


def _prototype_member(target: Target) -> Target:
    """A method the outline found assigned to a constructor function's prototype
    (``Ruler.prototype.push = function ..``, ``Ruler.prototype = {push: ..}``) as the
    member ``Ruler.push``; any other target as it is."""
    from prx.engine.intel.models.script_prototypes import prototype_owner

    node = target.defn.node if target.defn is not None and target.kind == "method" else None
    if node is not None and node.type == "assignment_expression":
        left = node.child_by_field_name("left")
        node = left.child_by_field_name("property") if left is not None else None
    elif node is not None and node.type == "pair":
        node = node.child_by_field_name("key")
    else:
        return target
    owner = prototype_owner(node) if node is not None else None
    if node is None or owner is None:
        return target
    return target._replace(
        qualified=f"{owner}.{target.name}",
        line=int(node.start_point[0]) + 1,
        start=int(node.start_byte),
        end=int(node.end_byte),
        container=owner,
    )


def _one_per_overload_set(targets: list[Target], parsed: ParsedFile) -> list[Target]:
    """An overloaded function or method once: its signatures (``function f(a: string):
    void;``) and its implementation are one binding, which a rename changes together;
    the implementation stands for it (else the first signature). A static member and
    an instance member of one name are two bindings (superjson's ``stringify``)."""
    sets: dict[tuple[str | None, str, bool], list[Target]] = {}
    for target in targets:
        if target.kind in ("function", "method"):
            key = (target.container, target.qualified, _static(parsed, target))
            sets.setdefault(key, []).append(target)
    dropped: set[int] = set()
    for group in sets.values():
        if len(group) < 2:
            continue
        bodies = [t for t in group if t.defn is not None and t.defn.body is not None]
        kept = bodies[-1] if bodies else group[0]
        dropped.update(t.start for t in group if t is not kept)
    return [t for t in targets if t.start not in dropped]


def _static(parsed: ParsedFile, target: Target) -> bool:
    """Whether the member ``target`` names is declared ``static``."""
    from prx.engine.intel.models.script_sites import declared_static

    tree = parsed.tree
    node = (
        tree.root_node.named_descendant_for_byte_range(target.start, target.end) if tree else None
    )
    return declared_static(node)


register(ScriptModel())
