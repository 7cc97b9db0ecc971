"""A JavaScript or TypeScript function a class keeps in a field: markdown-it's
``function MarkdownIt() { this.validateLink = validateLink; }`` beside ``function
validateLink(url)``, called as ``state.md.validateLink(href)`` in the rule files. Each
call through the field calls the function, so ``explain`` and ``impact`` list it, as
sure as the receiver's type is; a rename of the function leaves the field's name (and
so those calls) alone, so they are no rename sites.

A field is one the function's own module gives it, by name: ``this.f = f`` in a class's
constructor or a constructor function, or ``X.prototype.f = f`` at the top level.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.script_scope import (
    class_name,
    declaring_scope,
    identifier_nodes,
    text,
    this_class,
)

if TYPE_CHECKING:
    from prx.engine.intel.models.base import Site, Target
    from prx.engine.intel.project import Project

__all__ = ["held_sites"]

#: The most fields one function is followed into (each is a member's search).
_MOST_FIELDS = 8


def held_sites(project: Project, target: Target, files: Sequence[str]) -> list[Site]:
    """The uses of the top-level function ``target`` through the fields its module keeps
    it in (references only: the field's own assignment is left out)."""
    from prx.engine.intel.models.script_sites import member_sites

    out: list[Site] = []
    for owner, field in _fields_holding(project, target)[:_MOST_FIELDS]:
        member = target._replace(
            name=text(field),
            qualified=f"{owner}.{text(field)}",
            kind="field",
            line=int(field.start_point[0]) + 1,
            start=int(field.start_byte),
            end=int(field.end_byte),
            container=owner,
            defn=None,
        )
        sites = member_sites(project, member, owner, files, own=True)
        out.extend(
            s
            for s in sites
            if s.role == "reference" and s.file != target.file and not _written(project, s)
        )
    return out


def _written(project: Project, site: Site) -> bool:
    """Whether the site is the field assigned (``md.validateLink = function () {..}``
    puts another function there: no use of this one)."""
    parsed = project.file(site.file)
    tree = parsed.tree if parsed is not None else None
    node = tree.root_node.named_descendant_for_byte_range(site.start, site.end) if tree else None
    access = node.parent if node is not None else None
    holder = access.parent if access is not None else None
    return (
        holder is not None
        and holder.type in ("assignment_expression", "augmented_assignment_expression")
        and holder.child_by_field_name("left") == access
    )


def _fields_holding(project: Project, target: Target) -> list[tuple[str, Any]]:
    """(class name, the field's name node) of each field the defining module assigns the
    function to."""
    parsed = project.file(target.file)
    tree = parsed.tree if parsed is not None else None
    if parsed is None or tree is None:
        return []
    program = tree.root_node
    found: list[tuple[str, Any]] = []
    for node in identifier_nodes(parsed, target.name):
        assignment = node.parent
        if (
            node.type != "identifier"
            or assignment is None
            or assignment.type != "assignment_expression"
            or assignment.child_by_field_name("right") != node
            or declaring_scope(node, target.name) != program
        ):
            continue
        left = assignment.child_by_field_name("left")
        field = left.child_by_field_name("property") if left is not None else None
        holder = left.child_by_field_name("object") if left is not None else None
        if field is None or holder is None or left.type != "member_expression":
            continue
        owner = _owner(holder)
        if owner is not None:
            found.append((owner, field))
    return found


def _owner(holder: Any) -> str | None:
    """The class whose instances ``holder.f`` gives a field: ``this`` in a constructor,
    ``X.prototype`` of a top-level constructor; None for another object."""
    from prx.engine.intel.models.script_prototypes import constructor_named, prototype_of

    if holder.type == "this":
        klass = this_class(holder)
        return class_name(klass) if klass is not None else None
    owner = prototype_of(holder)
    if owner is None:
        return None
    root = holder
    while root.parent is not None:
        root = root.parent
    return owner if constructor_named(root, owner) is not None else None
