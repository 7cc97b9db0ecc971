"""JavaScript classes written before ``class``: a constructor function and the members
assigned to its prototype beside it, read as a class of those members.

```js
function Ruler() { this.__rules__ = []; }
Ruler.prototype.push = function (name, fn) { this.__rules__.push(..); };
Ruler.prototype = { at: function () {..} };   // the same, as an object
```

``Ruler`` is then a class whose members are ``push`` and ``at`` (and what its body
assigns to ``this``); ``this`` inside either function is a ``Ruler``; ``new Ruler()`` an
instance. Only a function declared at a file's top level (``function Ruler() {..}``, or
a variable given a function there: ``var Action = module.exports = function Action()
{..}``, argparse's way) with such assignments among the statements of that top level is
a constructor: a prototype patched from another file (``Array.prototype.x = ..``) makes
no class.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, NamedTuple

from prx.engine.intel.models.script_scope import text

__all__ = [
    "FUNCTION_NODES",
    "constructor_name",
    "constructor_named",
    "constructor_of_member",
    "given_function",
    "is_constructor",
    "prototype_member_names",
    "prototype_members",
    "prototype_of",
    "prototype_owner",
]

#: Top-level statements looked at beside one constructor (a larger file, as a hostile
#: repository may write, is read up to there).
_MOST_STATEMENTS = 20_000


def prototype_owner(node: Any) -> str | None:
    """For the name node of a member assigned to a prototype (``m`` of ``X.prototype.m =
    ..`` or a key of ``X.prototype = {m: ..}``) at a file's top level: ``X``; else None."""
    parent = node.parent
    if parent is None:
        return None
    if parent.type == "member_expression" and parent.child_by_field_name("property") == node:
        obj = parent.child_by_field_name("object")
        owner = prototype_of(obj)
        return owner if owner is not None and _assigned_at_top(parent) else None
    if parent.type == "pair" and parent.child_by_field_name("key") == node:
        literal = parent.parent
        holder = literal.parent if literal is not None else None
        if literal is None or literal.type != "object" or holder is None:
            return None
        if holder.type != "assignment_expression" or holder.child_by_field_name("right") != literal:
            return None
        owner = prototype_of(holder.child_by_field_name("left"))
        return owner if owner is not None and _statement_at_top(holder) else None
    return None


def prototype_of(node: Any) -> str | None:
    """``X`` for the expression ``X.prototype``; else None."""
    if node is None or node.type != "member_expression":
        return None
    obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
    if obj is None or prop is None or obj.type != "identifier" or text(prop) != "prototype":
        return None
    return text(obj)


def _assigned_at_top(member: Any) -> bool:
    """Whether ``member`` is the left side of an assignment that is a top-level
    statement."""
    holder = member.parent
    return (
        holder is not None
        and holder.type == "assignment_expression"
        and holder.child_by_field_name("left") == member
        and _statement_at_top(holder)
    )


def _statement_at_top(assignment: Any) -> bool:
    statement = assignment.parent
    return (
        statement is not None
        and statement.type == "expression_statement"
        and statement.parent is not None
        and statement.parent.type == "program"
    )


class _Constructors(NamedTuple):
    """What one scan of a file's top level finds."""

    #: constructor name -> (member name, name node) of each prototype assignment.
    members: dict[str, list[tuple[str, Any]]]
    #: name -> the top-level function declaration of that name.
    functions: dict[str, Any]


#: The files' scans, by their root node (a node keeps its tree alive, so a key is never
#: another tree's); the most recent ones only.
_SCANNED: OrderedDict[Any, _Constructors] = OrderedDict()
_MOST_SCANNED = 64
_SCANNING = threading.Lock()


def _scan(program: Any) -> _Constructors:
    with _SCANNING:
        found = _SCANNED.get(program)
        if found is not None:
            _SCANNED.move_to_end(program)
            return found
    members: dict[str, list[tuple[str, Any]]] = {}
    functions: dict[str, Any] = {}
    for index, statement in enumerate(program.named_children):
        if index > _MOST_STATEMENTS:
            break
        if statement.type == "function_declaration":
            own = statement.child_by_field_name("name")
            if own is not None:
                functions.setdefault(text(own), statement)
            continue
        if statement.type in ("variable_declaration", "lexical_declaration"):
            for declarator in statement.named_children:
                function = given_function(declarator)
                own = declarator.child_by_field_name("name") if function is not None else None
                if own is not None and own.type == "identifier":
                    functions.setdefault(text(own), function)
            continue
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        assignment = statement.named_children[0]
        left = assignment.child_by_field_name("left")
        if assignment.type != "assignment_expression" or left is None:
            continue
        if left.type != "member_expression":
            continue
        owner = prototype_of(left)
        if owner is not None:  # X.prototype = {m: ..}
            right = assignment.child_by_field_name("right")
            pairs = right.named_children if right is not None and right.type == "object" else ()
            for pair in pairs:
                key = pair.child_by_field_name("key") if pair.type == "pair" else None
                if key is not None and key.type == "property_identifier":
                    members.setdefault(owner, []).append((text(key), key))
            continue
        prop = left.child_by_field_name("property")
        owner = prototype_of(left.child_by_field_name("object"))
        if prop is not None and owner is not None:
            members.setdefault(owner, []).append((text(prop), prop))
    found = _Constructors(members, functions)
    with _SCANNING:
        _SCANNED[program] = found
        while len(_SCANNED) > _MOST_SCANNED:
            _SCANNED.popitem(last=False)
    return found


#: The nodes a constructor function is.
FUNCTION_NODES = frozenset({"function_declaration", "function_expression", "function"})


def given_function(declarator: Any) -> Any | None:
    """The function a top-level ``var X = ..`` declarator gives its variable, through
    assignments (``var X = module.exports = function X() {..}``); None otherwise."""
    if declarator.type != "variable_declarator":
        return None
    value = declarator.child_by_field_name("value")
    depth = 0
    while value is not None and value.type == "assignment_expression" and depth < 4:
        value, depth = value.child_by_field_name("right"), depth + 1
    return (
        value if value is not None and value.type in ("function_expression", "function") else None
    )


def _top_function(node: Any) -> tuple[str, Any] | None:
    """(name, program) of a function a file's top level declares (``function X``) or
    gives a variable (``var X = [module.exports =] function ..``); None otherwise."""
    if node is None or node.type not in FUNCTION_NODES:
        return None
    if node.type == "function_declaration":
        own, program = node.child_by_field_name("name"), node.parent
        if own is None or program is None or program.type != "program":
            return None
        return text(own), program
    child, holder, depth = node, node.parent, 0
    while holder is not None and holder.type == "assignment_expression" and depth < 4:
        if holder.child_by_field_name("right") != child:
            return None
        child, holder, depth = holder, holder.parent, depth + 1
    if holder is None or holder.type != "variable_declarator":
        return None
    own, statement = holder.child_by_field_name("name"), holder.parent
    program = statement.parent if statement is not None else None
    if own is None or own.type != "identifier" or program is None or program.type != "program":
        return None
    if holder.child_by_field_name("value") != child:
        return None
    return text(own), program


def constructor_name(node: Any) -> str | None:
    """The class name of a constructor function node (its variable's, for a function
    given to one), or None."""
    found = _top_function(node)
    return found[0] if found is not None else None


def prototype_members(ctor: Any) -> list[tuple[str, Any]]:
    """(name, name node) of each member assigned to the prototype of the constructor
    function ``ctor`` among the top-level statements beside it."""
    found = _top_function(ctor)
    if found is None:
        return []
    name, program = found
    return list(_scan(program).members.get(name, ()))


def prototype_member_names(ctor: Any, name: str) -> list[Any]:
    """The name nodes of every assignment of member ``name`` to ``ctor``'s prototype."""
    return [node for own, node in prototype_members(ctor) if own == name]


def is_constructor(node: Any) -> bool:
    """Whether ``node`` is a top-level function (declared, or given a variable) whose
    prototype the statements beside it give members."""
    found = _top_function(node)
    if found is None:
        return False
    name, program = found
    scanned = _scan(program)
    return bool(scanned.members.get(name)) and scanned.functions.get(name) == node


def constructor_named(program: Any, name: str) -> Any | None:
    """The top-level constructor function ``name`` of the file whose root is
    ``program``, or None."""
    scanned = _scan(program)
    if name not in scanned.members:
        return None
    return scanned.functions.get(name)


def constructor_of_member(node: Any) -> tuple[str, Any] | None:
    """For the name node of a prototype's member: its constructor's name and function
    declaration; None for another node, or a prototype of no top-level function."""
    owner = prototype_owner(node)
    if owner is None:
        return None
    root = node
    while root.parent is not None:
        root = root.parent
    ctor = constructor_named(root, owner)
    return (owner, ctor) if ctor is not None else None
