"""A Python local that holds an imported function: after ``encode = idna.encode`` (or
``run = encode``), each bare ``encode`` below it in the same function calls or passes the
function (a test that runs one suite against several implementations reads this way).

Only a whole right-hand side is followed (``f = g or idna.encode`` may hold either), and
only the uses after the assignment (before it, the name holds what it held before) and
outside the nested functions that bind the name again. Another assignment to the local
is no use (``messg = Other`` in a sibling branch).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from prx.engine.intel.bindings import Occurrence, occurrences
from prx.engine.intel.pyscopes import body_range, local_scopes

if TYPE_CHECKING:
    from collections.abc import Iterable

    from prx.engine.intel.project import ParsedFile

__all__ = ["alias_uses", "assignment_of"]

#: What a line holds before the function's name when it is assigned whole to a local.
_ASSIGNS = re.compile(rb"[ \t]*[A-Za-z_]\w*[ \t]*=[ \t]*(?:[A-Za-z_]\w*[ \t]*\.[ \t]*)*")


def alias_uses(parsed: ParsedFile, refs: Iterable[Occurrence]) -> list[Occurrence]:
    """The uses of the locals assigned one of ``refs`` (occurrences of the function's
    name, bare or ``module.name``), below each assignment in its function."""
    out: list[Occurrence] = []
    for ref in refs:
        before = parsed.data[parsed.data.rfind(b"\n", 0, ref.byte) + 1 : ref.byte]
        if _ASSIGNS.fullmatch(before) is None:
            continue  # read from the text: no ``local = `` (or ``local = module.``) before it
        tree = parsed.tree
        found = _assigned_alias(tree.root_node, ref.byte) if tree is not None else None
        if found is None:
            continue
        alias, after, scope = found
        # A function nested in the scope that binds the name holds another value there.
        own = body_range(scope) if scope.type in ("function_definition", "lambda") else None
        inner = [
            (start, end)
            for start, end in local_scopes(parsed, alias)
            if int(scope.start_byte) < start and end <= int(scope.end_byte) and (start, end) != own
        ]
        out += [
            occ
            for occ in occurrences(parsed, alias)
            if occ.receiver is None
            and not occ.in_import
            and not occ.defining
            and after <= occ.byte < int(scope.end_byte)
            and not any(start <= occ.byte < end for start, end in inner)
            and not _rebinds(tree.root_node, occ.byte)
        ]
    return out


def _rebinds(root: Any, byte: int) -> bool:
    """Whether the name at ``byte`` is what an assignment binds (``messg = Other``): the
    local then holds something else, no use of the function."""
    node = root.named_descendant_for_byte_range(byte, byte + 1)
    parent = node.parent if node is not None else None
    return (
        parent is not None
        and parent.type in ("assignment", "augmented_assignment")
        and parent.child_by_field_name("left") == node
    )


def assignment_of(node: Any, wrappers: frozenset[bytes] = frozenset()) -> tuple[Any, Any] | None:
    """(the assignment, its target) when the name ``node`` (or ``module.name``, its
    attribute; or that as the one argument of a call of ``wrappers``: ``staticmethod(f)``)
    is the whole right-hand side of ``target = ...`` with a plain name as target."""
    value = node
    parent = node.parent
    if parent is not None and parent.type == "attribute":
        if parent.child_by_field_name("attribute") != node:
            return None
        value = parent
    arguments = value.parent
    call = arguments.parent if arguments is not None else None
    if (
        wrappers
        and arguments is not None
        and arguments.type == "argument_list"
        and call is not None
    ):
        callee = call.child_by_field_name("function")
        if callee is None or callee.text not in wrappers or arguments.named_child_count != 1:
            return None
        value = call
    assignment = value.parent
    if assignment is None or assignment.type != "assignment":
        return None
    left = assignment.child_by_field_name("left")
    if assignment.child_by_field_name("right") != value or left is None:
        return None
    return (assignment, left) if left.type == "identifier" else None


def _assigned_alias(root: Any, byte: int) -> tuple[str, int, Any] | None:
    """(the local, where the assignment ends, its function or module) when the name at
    ``byte`` is the whole right-hand side of ``local = ...``."""
    node = root.named_descendant_for_byte_range(byte, byte + 1)
    if node is None:
        return None
    found = assignment_of(node)
    if found is None:
        return None
    assignment, left = found
    if assignment.child_by_field_name("type") is not None:
        return None
    scope = assignment.parent
    while scope is not None and scope.type not in ("function_definition", "module"):
        scope = scope.parent
    if scope is None:
        return None
    return bytes(left.text or b"").decode(), int(assignment.end_byte), scope
