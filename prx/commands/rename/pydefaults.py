"""Python names a function's header reads where the function is defined, not inside it.

A parameter's default value and its annotations are evaluated in the scope around the
``def``: astor's ``def dump_tree(node, iter_node=iter_node)`` keeps the module's
function ``iter_node`` in a parameter of the same name, and ``def visit(self, node,
abort=abort_visit)`` the method ``abort_visit`` of the class body it is written in.
rope binds such a value to the parameter beside it (or to nothing), so renaming the
function renamed the ``def`` alone and the module failed on import (``NameError``).

:func:`bind_header_values` takes each such value for the definition the enclosing scope
binds the name to: the class body's own ``def`` or assignment, else the module's
top-level definitions and imports of the name (all of which must be the renamed
definition). A function nested in another function is left as rope answered.
"""

from __future__ import annotations

from collections.abc import Sequence

from prx.commands.rename.candidate import Candidate
from prx.engine.intel.pyscopes import header_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["bind_header_values"]

_DEFINITIONS = frozenset({"function_definition", "class_definition"})


def bind_header_values(
    python: Sequence[Candidate], bindings: dict[str, dict[int, str]], name: str
) -> int:
    """Mark ``BOUND`` each default value or annotation spelling ``name`` that the scope
    around its function binds to the renamed definition; returns how many changed."""
    from prx.commands.rename.rope_engine import BOUND, OTHER, UNRESOLVED

    changed = 0
    for candidate in python:
        bound = bindings.get(candidate.path)
        if not bound or not any(how in (OTHER, UNRESOLVED) for how in bound.values()):
            continue
        tree = candidate.parsed().tree
        if tree is None:
            continue
        root = tree.root_node
        width = len(name.encode())
        for start, how in list(bound.items()):
            if how not in (OTHER, UNRESOLVED):
                continue
            node = root.named_descendant_for_byte_range(start, start + width)
            if node is None or node.type != "identifier" or node.start_byte != start:
                continue
            function = header_function(node)
            if function is None:
                continue
            places = _enclosing_bindings(function, name)
            if places and all(bound.get(p) == BOUND for p in places):
                bound[start] = BOUND
                changed += 1
    return changed


def _enclosing_bindings(function: Any, name: str) -> list[int]:
    """The starts of the identifiers that bind ``name`` in the scope around
    ``function``: its class body's, else (a class at the top level, or a top-level
    function) the module's; empty when that scope is a function's or binds none."""
    holder = function.parent
    if holder is not None and holder.type == "decorated_definition":
        holder = holder.parent
    if holder is None:
        return []
    if holder.type == "module":
        return _bound_in(holder, name)
    owner = holder.parent if holder.type == "block" else None
    if owner is None or owner.type != "class_definition":
        return []  # a function's own block: its locals are not read here
    found = _bound_in(holder, name)
    if found:
        return found
    module = owner.parent
    return _bound_in(module, name) if module is not None and module.type == "module" else []


def _bound_in(scope: Any, name: str) -> list[int]:
    """The identifiers of ``scope``'s own statements that bind ``name``: a ``def`` or
    ``class`` of it, an import of it, an assignment to it. A compound statement
    (``if``, ``try``) binding it makes the binding unsure: a sentinel start of -1."""
    encoded = name.encode()
    out: list[int] = []
    for statement in scope.named_children:
        node = statement
        if node.type == "decorated_definition":
            node = node.child_by_field_name("definition") or node
        if node.type in _DEFINITIONS:
            own = node.child_by_field_name("name")
            if own is not None and own.text == encoded:
                out.append(int(own.start_byte))
            continue
        if node.type in ("import_statement", "import_from_statement"):
            out.extend(_imported(node, encoded))
            continue
        # an assignment is a statement of its own, or wrapped in one (grammar versions)
        assignments = node.named_children if node.type == "expression_statement" else [node]
        if assignments and all(a.type == "assignment" for a in assignments):
            for assignment in assignments:
                target = assignment.child_by_field_name("left")
                if target is not None and target.type == "identifier" and target.text == encoded:
                    out.append(int(target.start_byte))
                elif target is not None and encoded in (target.text or b""):
                    out.append(-1)  # ``a, LIMIT = ..``: bound, but not read here
            continue
        if node.type not in ("comment", "pass_statement") and encoded in (node.text or b""):
            out.append(-1)  # bound, perhaps, inside an if/try/for: not sure which
    return out


def _imported(statement: Any, encoded: bytes) -> list[int]:
    """The identifiers an import statement binds ``name`` with (``from m import name``,
    ``import x as name``, ``from m import y as name``); -1 for a star import."""
    out: list[int] = []
    for child in statement.named_children:
        if child.type == "wildcard_import":
            out.append(-1)
        elif child.type == "aliased_import":
            alias = child.child_by_field_name("alias")
            if alias is not None and alias.text == encoded:
                out.append(int(alias.start_byte))
        elif child.type == "dotted_name" and child != statement.child_by_field_name("module_name"):
            if child.text == encoded:
                out.append(int(child.named_children[0].start_byte))
    return out
