"""Python functions that bind a name locally, so that the name inside them is not the
module's.

A function that assigns ``merge`` (or takes it as a parameter, a loop target, a ``with ...
as`` or ``except ... as`` name) makes every ``merge`` in its body a local variable, even
the uses before the assignment: an import of ``merge`` at module level is not what they
read. ``global merge`` (or ``nonlocal``) in the function undoes it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = ["binds", "body_range", "header_function", "local_scopes", "sole_alias"]

_FUNCTIONS = ("function_definition", "lambda")
#: Nodes whose identifier children (or the given field) are bound by them.
_BINDING_FIELDS = {
    "assignment": "left",
    "augmented_assignment": "left",
    "for_statement": "left",
    "for_in_clause": "left",
    "named_expression": "name",
    "default_parameter": "name",
    "typed_default_parameter": "name",
}
_BINDING_PARENTS = frozenset(
    {
        "parameters",
        "lambda_parameters",
        "typed_parameter",
        "list_splat_pattern",
        "dictionary_splat_pattern",
        "pattern_list",
        "tuple_pattern",
        "list_pattern",
        "as_pattern_target",
    }
)


def binds(node: Any) -> bool:
    """Whether the identifier ``node`` is bound (not read) where it stands."""
    parent = node.parent
    if parent is None:
        return False
    field = _BINDING_FIELDS.get(parent.type)
    if field is not None:
        target = parent.child_by_field_name(field)
        return target is not None and target.id == node.id
    if parent.type in _BINDING_PARENTS:
        return True
    if parent.type == "as_pattern":  # except E as name (older grammars)
        alias = parent.child_by_field_name("alias")
        return alias is not None and alias.id == node.id
    return False


_PARAMETER_LISTS = frozenset({"parameters", "lambda_parameters"})
_DEFAULTS = frozenset({"default_parameter", "typed_default_parameter"})
_SPLATS = frozenset({"list_splat_pattern", "dictionary_splat_pattern"})


def header_function(node: Any) -> Any | None:
    """The function (or lambda) whose header evaluates ``node`` in the scope around it:
    ``node`` is in a parameter's default value or annotation, or in the return
    annotation; None when it is anything else (a parameter's own name, the body)."""
    child, parent = node, node.parent
    while parent is not None:
        kind = parent.type
        if kind in _PARAMETER_LISTS:
            if child is node:
                return None  # ``def f(x)``: the parameter's own name
            function = parent.parent
            return function if function is not None else None
        if kind in _DEFAULTS and parent.child_by_field_name("name") == child:
            return None  # ``iter_node=..``: the name on the left
        if kind == "typed_parameter" and child.type == "identifier" and child is node:
            return None  # ``x: int``: the name before the annotation
        if kind in _SPLATS and child is node:
            return None
        if kind in ("function_definition", "lambda"):
            returns = parent.child_by_field_name("return_type")
            return parent if returns is not None and returns == child else None
        if kind in ("block", "module", "class_definition"):
            return None
        child, parent = parent, parent.parent
    return None


def _function_of(node: Any) -> Any:
    here = node.parent
    while here is not None and here.type not in _FUNCTIONS:
        here = here.parent
    return here


def local_scopes(parsed: ParsedFile, name: str) -> list[tuple[int, int]]:
    """The byte ranges of the functions of ``parsed`` in which ``name`` is local."""
    tree = parsed.tree
    if tree is None or name.encode() not in parsed.data:
        return []
    wanted = name.encode()
    local: dict[int, Any] = {}
    declared: set[int] = set()  # functions saying global/nonlocal name
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "identifier" and node.text == wanted:
            parent = node.parent
            defined = (
                parent is not None
                and parent.type in ("function_definition", "class_definition")
                and parent.child_by_field_name("name") is not None
                and parent.child_by_field_name("name").id == node.id
            )
            # A nested def or class binds its name in the function around it.
            function = _function_of(parent if defined else node)
            if function is None:
                continue
            if node.parent is not None and node.parent.type in (
                "global_statement",
                "nonlocal_statement",
            ):
                declared.add(function.id)
            elif defined or binds(node):
                local[function.id] = function
            continue
        stack.extend(node.children)
    return sorted(body_range(f) for key, f in local.items() if key not in declared)


def body_range(function: Any) -> tuple[int, int]:
    """The bytes of ``function`` its locals are read in: the body. Its header's default
    values and annotations are read in the scope around it (astor's ``def dump_tree(node,
    iter_node=iter_node)`` keeps the module's ``iter_node``); its parameters' own names
    are bindings, no uses either way."""
    body = function.child_by_field_name("body")
    return (int((body or function).start_byte), int(function.end_byte))


def sole_alias(node: Any, name: str) -> str | None:
    """``y`` when the function around ``node`` binds ``name`` once, by ``name = y``
    (``y`` a name, ``self.attr`` or an item of an attribute, ``self.lexers[i]``):
    there ``name`` is what ``y`` is (``other_cmd = callback`` inside ``if
    isinstance(callback, Command):``). None otherwise: a parameter, a second binding,
    anything else assigned."""
    function = _function_of(node)
    if function is None or not name.isidentifier():
        return None
    wanted = name.encode()
    bindings = []
    stack = list(function.named_children)
    while stack:
        here = stack.pop()
        if here.type in ("function_definition", "class_definition", "lambda"):
            continue
        if here.type == "identifier" and here.text == wanted and binds(here):
            bindings.append(here)
        stack.extend(here.named_children)
    if len(bindings) != 1 or bindings[0].parent.type != "assignment":
        return None
    value = bindings[0].parent.child_by_field_name("right")
    text = bytes(value.text or b"").decode() if value is not None else ""
    if value is None or not (
        value.type == "identifier"
        or (value.type == "attribute" and text.startswith("self."))
        or (value.type == "subscript" and _ITEM_OF_ATTRIBUTE.fullmatch(text))
    ):
        return None
    return text if text != name else None


#: ``self.lexers[state]``: an item of an attribute, by one index (what its annotation
#: says the items are).
_ITEM_OF_ATTRIBUTE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\[[^\[\]\n]*\]")
