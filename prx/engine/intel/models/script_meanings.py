"""TypeScript's declaration spaces: one name declared as a type and as a value in one
scope (``export type Result<T, E> = ...`` beside ``export namespace Result { ... }``,
neverthrow's) is two meanings the compiler tells apart by where the name is written: in
a type (``Result<T, E>``) it is the type, in an expression (``Result.combine(xs)``, and
the namespace part of ``Result.Shape``) the value.

A rename takes every site (the importers' ``import { Result }`` binds both meanings);
``explain`` and ``impact`` list the sites of the meaning asked for (:func:`of_meaning`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.script_scope import declaring_scope, text

if TYPE_CHECKING:
    from prx.engine.intel.models.base import Site
    from prx.engine.intel.project import Project

__all__ = ["declaration_filter", "meaning_filter", "of_meaning"]

#: Declarations that make a name a type only, a value only; a class or an enum is both.
_TYPES = frozenset({"type_alias_declaration", "interface_declaration"})
_VALUES = frozenset(
    {
        "internal_module",
        "function_declaration",
        "generator_function_declaration",
        "function_signature",
        "variable_declarator",
    }
)
#: Statements a declaration may sit in (``export ...``, ``namespace X {}`` as an
#: expression statement, ``const x = ...``).
_WRAPPERS = frozenset({"export_statement", "expression_statement", "lexical_declaration"})
#: Statements around one declaration (``export namespace X {}``).
_STATEMENTS = frozenset({"export_statement", "expression_statement"})
_VARIABLES = frozenset({"lexical_declaration", "variable_declaration"})


def _meaning(declaration: Any) -> str | None:
    kind = declaration.type
    if kind in _TYPES:
        return "type"
    if kind in _VALUES:
        return "value"
    return None  # a class, an enum: both meanings


def _declared(scope: Any, name: str) -> set[str | None]:
    """The meanings of the declarations of ``name`` among ``scope``'s statements."""
    found: set[str | None] = set()
    stack = list(scope.named_children)
    while stack:
        node = stack.pop()
        if node.type in _WRAPPERS:
            stack.extend(node.named_children)
            continue
        own = node.child_by_field_name("name")
        if own is not None and text(own) == name:
            found.add(_meaning(node))
    return found


def _position(node: Any) -> str | None:
    """``type`` for a name written in a type, ``value`` in an expression, None for an
    import or export specifier (it binds every meaning)."""
    if node.type == "type_identifier":
        return "type"
    parent = node.parent
    if node.type == "property_identifier" and parent is not None:
        # A namespace's member: ``ns.name`` in an expression is the value.
        return "value" if parent.type == "member_expression" else None
    if node.type != "identifier" or parent is None:
        return None
    if parent.type in ("import_specifier", "export_specifier", "namespace_import"):
        return None
    return "value"


def meaning_filter(project: Project, node: Any) -> Callable[[str, int], bool] | None:
    """For the declaration whose name node is ``node``: a test of a place (file, byte
    offset of a name) that keeps those of its meaning; None when its scope declares the
    name in one space only (every place is its)."""
    declaration = node.parent
    meaning = _meaning(declaration) if declaration is not None else None
    scope = declaring_scope(node, text(node))
    if meaning is None or scope is None or not _declared(scope, text(node)) - {meaning}:
        return None

    def keeps(rel: str, start: int) -> bool:
        parsed = project.file(rel)
        tree = parsed.tree if parsed is not None else None
        if tree is None:
            return True
        at = tree.root_node.named_descendant_for_byte_range(start, start + len(text(node)))
        position = _position(at) if at is not None and at.start_byte == start else None
        return position is None or position == meaning

    return keeps


def declaration_filter(project: Project, declaration: Any) -> Callable[[str, int], bool] | None:
    """:func:`meaning_filter` for a definition's node, the statements around it
    (``export type X = ..``, ``export namespace X {}``) included; None for a definition
    whose name is in one space only."""
    while declaration is not None and declaration.type in _STATEMENTS:
        inner = declaration.child_by_field_name("declaration")
        declaration = inner if inner is not None else next(iter(declaration.named_children), None)
    if declaration is not None and declaration.type in _VARIABLES:
        declaration = next(iter(declaration.named_children), None)  # its first declarator
    node = declaration.child_by_field_name("name") if declaration is not None else None
    return meaning_filter(project, node) if node is not None else None


def of_meaning(project: Project, node: Any, sites: Sequence[Site]) -> list[Site]:
    """``sites`` less those of the other meaning (see :func:`meaning_filter`)."""
    keeps = meaning_filter(project, node)
    if keeps is None:
        return list(sites)
    return [s for s in sites if s.role == "definition" or keeps(s.file, s.start)]
