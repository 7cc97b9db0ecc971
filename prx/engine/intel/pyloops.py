"""What a Python loop's target is, from the annotation of what the loop iterates: ``for
pattern in patterns`` where the function says ``patterns: Iterable[Pattern]`` makes
``pattern`` a ``Pattern``; ``for index, pattern in patterns`` with ``Iterable[tuple[int,
Pattern]]``, ``enumerate(patterns)``, ``table.items()`` of a ``dict[str, Table]`` and a
comprehension's ``for`` are read the same way.

Only a parameter's annotation, the return annotation of the function the loop calls
(``for param in self.get_params(ctx)`` with ``-> List["Parameter"]``) or an attribute's
annotation (``for param in ctx.command.params`` with ``self.params: List["Parameter"]``
in the class ``ctx.command`` is) is read; anything the annotation does not spell out (a
union, an alias) says nothing. The same annotations type an item taken by index
(``cmd.params[0]``) and a name a tuple's unpacking binds from a call (``_, cmd, args =
self.resolve_command(ctx, args)`` with ``-> Tuple[str, Command, List[str]]``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from prx.engine.intel.pyannotations import Annotation, parse_annotation

__all__ = ["iterated_kind", "subscript_kind", "unpacked_kind"]

#: Annotations whose iteration yields their first argument.
_SEQUENCES = frozenset(
    {"list", "List", "Sequence", "MutableSequence", "set", "Set", "frozenset", "FrozenSet"}
    | {"Iterable", "Iterator", "Collection", "deque", "Deque", "AbstractSet", "MutableSet"}
    | {"Generator", "AsyncIterable", "AsyncIterator", "Reversible", "KeysView", "ValuesView"}
)
#: Annotations whose iteration yields their keys (the first argument).
_MAPPINGS = frozenset(
    {"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "defaultdict", "DefaultDict"}
)
_TUPLES = frozenset({"tuple", "Tuple"})
#: Comprehensions: the ``for`` clauses of one scope the expression in it sees.
_COMPREHENSIONS = frozenset(
    {"list_comprehension", "set_comprehension", "dictionary_comprehension"}
    | {"generator_expression"}
)


#: Reads an annotation's text: a callee's return annotation, by its dotted name; an
#: attribute's annotation, by the attribute's expression.
Reader = Callable[[str], "str | None"]


def _nothing(text: str) -> str | None:
    return None


def iterated_kind(
    node: Any, receiver: str, returned: Reader = _nothing, attributed: Reader = _nothing
) -> str | None:
    """The class ``receiver`` is at ``node`` when a ``for`` around it (a loop whose body
    holds ``node``, or a comprehension's clause) binds it from a parameter whose
    annotation says what its items are, from a call whose return annotation does
    (``returned``: a callee's dotted name -> that annotation's text), or from an
    attribute whose annotation does (``attributed``); else None."""
    if not receiver.isidentifier():
        return None
    inner, here = node, node.parent
    while here is not None and here.type not in ("function_definition", "class_definition"):
        if here.type == "lambda" and _lambda_parameter(here, receiver.encode()):
            item = _keyed_items(here, returned, attributed)
            return _at(item, []) if item is not None else None
        clauses: list[Any] = []
        if here.type == "for_statement" and inner == here.child_by_field_name("body"):
            clauses = [here]
        elif here.type in _COMPREHENSIONS:
            clauses = [c for c in here.named_children if c.type == "for_in_clause"]
        for clause in clauses:
            path = _target_path(clause.child_by_field_name("left"), receiver.encode())
            if path is not None:
                right = clause.child_by_field_name("right")
                item = _items(right, here, returned, attributed)
                return _at(item, path) if item is not None else None
        inner, here = here, here.parent
    return None


def _lambda_parameter(function: Any, name: bytes) -> bool:
    """Whether ``name`` is the lambda's only parameter (a key function's item)."""
    params = function.child_by_field_name("parameters")
    names = [p for p in params.named_children] if params is not None else []
    return len(names) == 1 and names[0].type == "identifier" and names[0].text == name


#: Calls whose ``key=`` function is given the items of their first argument.
_KEYED = frozenset({"sorted", "min", "max", "nsmallest", "nlargest", "groupby"})
#: Calls whose first argument, a function, is given the items of their second.
_MAPPED = frozenset({"map", "filter", "filterfalse", "takewhile", "dropwhile"})


def _keyed_items(function: Any, returned: Reader, attributed: Reader) -> Annotation | None:
    """The items a lambda is called with when it is a key function (``xs.sort(key=lambda
    x: ..)``, ``sorted(xs, key=..)``, ``min``, ``max``) or the function ``map`` and
    ``filter`` apply to ``xs``: the items of ``xs``, from its annotation."""
    place = function.parent
    keyword = None
    if place is not None and place.type == "keyword_argument":
        keyword = place.child_by_field_name("name")
        place = place.parent
    if place is None or place.type != "argument_list" or place.parent is None:
        return None
    call = place.parent
    callee = call.child_by_field_name("function")
    if call.type != "call" or callee is None:
        return None
    positional = [a for a in place.named_children if a.type != "keyword_argument"]
    called = bytes(callee.text or b"").decode("utf-8", "replace").rsplit(".", 1)[-1]
    collection = None
    if keyword is not None and keyword.text == b"key":
        if called == "sort" and callee.type == "attribute" and not positional:
            collection = callee.child_by_field_name("object")
        elif called in _KEYED and len(positional) == (2 if called.startswith("n") else 1):
            collection = positional[-1]  # ``nsmallest(n, xs, key=..)``
    elif keyword is None and called in _MAPPED and len(positional) == 2:
        if positional[0] == function:
            collection = positional[1]
    return _items(collection, call, returned, attributed) if collection is not None else None


def _target_path(left: Any, name: bytes) -> list[int] | None:
    """Where ``name`` sits in a loop's target: ``[]`` for the whole target, ``[1]`` for
    the second of ``a, b``, ``[1, 0]`` for ``a, (b, c)``'s ``b``; None: not bound there."""
    if left is None:
        return None
    if left.type == "identifier":
        return [] if left.text == name else None
    if left.type in ("pattern_list", "tuple_pattern", "list_pattern", "tuple", "list"):
        for index, child in enumerate(left.named_children):
            inner = _target_path(child, name)
            if inner is not None:
                return [index, *inner]
    return None


def _items(
    right: Any, scope_node: Any, returned: Reader, attributed: Reader = _nothing
) -> Annotation | None:
    """The type of the items ``right`` (what a loop iterates) yields, from the
    annotation of the parameter it names (``xs``, ``enumerate(xs)``, ``xs.items()``,
    ``xs.values()``, ``xs.keys()``), of the function it calls (``self.params()``) or of
    the attribute it reads (``cmd.params``)."""
    if right is None:
        return None
    if right.type == "identifier":
        typed = _parameter_type(scope_node, right.text)
        if typed is not None:
            return _element(typed)
        copied = _copied_from(scope_node, right.text)
        return _items(copied, scope_node, returned, attributed) if copied is not None else None
    if right.type == "attribute":
        annotation = attributed("".join(bytes(right.text or b"").decode().split()))
        return _element(parse_annotation(annotation)) if annotation is not None else None
    if right.type != "call":
        return None
    function = right.child_by_field_name("function")
    arguments = right.child_by_field_name("arguments")
    if function is None or arguments is None:
        return None
    args = arguments.named_children
    if function.type == "identifier" and function.text == b"enumerate" and len(args) == 1:
        item = _items(args[0], scope_node, returned, attributed)
        return Annotation("tuple", (Annotation("int", ()), item)) if item is not None else None
    callee = bytes(function.text or b"").decode("utf-8", "replace")
    if function.type in ("identifier", "attribute") and re.fullmatch(_CALLEE, callee):
        annotation = returned(callee)
        if annotation is not None:
            return _element(parse_annotation(annotation))
    if function.type != "attribute" or args:
        return None
    value = function.child_by_field_name("object")
    method = function.child_by_field_name("attribute")
    if value is None or value.type != "identifier" or method is None:
        return None
    mapping = _parameter_type(scope_node, value.text)
    if mapping is None or mapping.name not in _MAPPINGS or len(mapping.args) != 2:
        return None
    key, item = mapping.args
    views = {b"keys": key, b"values": item, b"items": Annotation("tuple", (key, item))}
    return views.get(bytes(method.text or b""))


#: A callee whose return annotation is read: ``f``, ``obj.f``, ``super().f``.
_CALLEE = r"(?:\w+|super\(\))(?:\.\w+)?"


def subscript_kind(annotation: str, index: str) -> str | None:
    """The class of an item taken by ``[index]`` from a value annotated ``annotation``:
    a sequence's item, a mapping's value, a tuple's member at a literal index."""
    collection = parse_annotation(annotation)
    if collection is None or not collection.args or ":" in index:
        return None  # not a generic, or a slice (a sequence again)
    if collection.name in _SEQUENCES and collection.name not in ("set", "Set", "frozenset"):
        return _at(collection.args[0], [])
    if collection.name in _MAPPINGS and len(collection.args) == 2:
        return _at(collection.args[1], [])
    if collection.name in _TUPLES and index.lstrip("-").isdigit():
        return _at(collection, [int(index)]) if not index.startswith("-") else None
    return None


def unpacked_kind(node: Any, receiver: str, returned: Reader) -> str | None:
    """The class ``receiver`` is at ``node`` when the function around it binds it by
    unpacking a call (``_, cmd, args = self.resolve_command(..)``) whose return annotation
    is a tuple of classes (``-> Tuple[str, Command, List[str]]``), and binds it nowhere
    else; else None."""
    if not receiver.isidentifier():
        return None
    scope = node.parent
    while scope is not None and scope.type not in ("function_definition", "module"):
        scope = scope.parent
    if scope is None:
        return None
    found: list[str | None] = []
    stack = list(scope.named_children)
    while stack:
        here = stack.pop()
        if here.type in ("function_definition", "class_definition", "lambda"):
            continue
        if here.type == "assignment":
            found += _unpacked(here, receiver.encode(), returned)
        stack.extend(here.named_children)
    return found[0] if len(found) == 1 else None


def _unpacked(assignment: Any, name: bytes, returned: Reader) -> list[str | None]:
    """What one assignment makes of ``name``: ``[class]`` when it unpacks a call's
    annotated tuple into it, ``[None]`` when it binds it otherwise, ``[]`` when not."""
    left = assignment.child_by_field_name("left")
    path = _target_path(left, name)
    if path is None:
        return []
    right = assignment.child_by_field_name("right")
    if not path or right is None or right.type != "call":
        return [None]
    function = right.child_by_field_name("function")
    callee = "".join(bytes(function.text or b"").decode().split()) if function else ""
    annotation = returned(callee) if re.fullmatch(_CALLEE, callee) else None
    parsed = parse_annotation(annotation) if annotation is not None else None
    return [_at(parsed, path) if parsed is not None else None]


#: Calls that make a collection of their argument's items.
_COPIES = frozenset({"list", "sorted", "tuple", "set", "frozenset", "reversed"})


def _copied_from(scope_node: Any, name: bytes) -> Any | None:
    """What a local the function assigns once holds the items of: ``ts =
    list(conf.terminals)`` or ``ts = conf.terminals`` is ``conf.terminals`` (an
    attribute, not another local: one step)."""
    function = scope_node
    while function is not None and function.type != "function_definition":
        function = function.parent
    body = function.child_by_field_name("body") if function is not None else None
    if body is None:
        return None
    found: list[Any] = []
    stack = list(body.named_children)
    while stack and len(found) < 2:
        here = stack.pop()
        if here.type in ("function_definition", "class_definition", "lambda"):
            continue
        if here.type in ("assignment", "augmented_assignment", "for_statement", "for_in_clause"):
            left = here.child_by_field_name("left")
            if left is not None and name in _bound_names(left):
                found.append(here)
        stack.extend(here.named_children)
    if len(found) != 1 or found[0].type != "assignment":
        return None
    value = found[0].child_by_field_name("right")
    if value is not None and value.type == "call":
        callee = value.child_by_field_name("function")
        arguments = value.child_by_field_name("arguments")
        args = arguments.named_children if arguments is not None else []
        if callee is None or callee.text.decode() not in _COPIES or len(args) != 1:
            return None
        value = args[0]
    return value if value is not None and value.type == "attribute" else None


def _bound_names(left: Any) -> set[bytes]:
    """The names an assignment's or a loop's target binds (``self.x`` binds none)."""
    if left.type == "identifier":
        return {bytes(left.text or b"")}
    if left.type in ("pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern"):
        return set().union(*(_bound_names(n) for n in left.named_children))
    return set()


def _element(collection: Annotation | None) -> Annotation | None:
    """What iterating a value of the type ``collection`` yields."""
    if collection is None or not collection.args:
        return None
    if collection.name in _SEQUENCES or collection.name in _MAPPINGS:
        return collection.args[0]
    if collection.name in _TUPLES and len(collection.args) == 2:
        if collection.args[1].name == "...":
            return collection.args[0]
    return None


def _at(item: Annotation, path: list[int]) -> str | None:
    """The class at ``path`` in ``item`` (a tuple's member, by position)."""
    for index in path:
        if item.name not in _TUPLES or index >= len(item.args):
            return None
        if any(arg.name == "..." for arg in item.args):
            return None
        item = item.args[index]
    if item.name == "Optional" and len(item.args) == 1:
        item = item.args[0]  # ``None`` aside, the class
    if item.args or not item.name.isidentifier():
        return None  # ``list[C]`` itself, a union: not one class
    return item.name


def _parameter_type(scope_node: Any, name: bytes) -> Annotation | None:
    """The parsed annotation of parameter ``name`` of the function around
    ``scope_node``."""
    function = scope_node
    while function is not None and function.type != "function_definition":
        function = function.parent
    params = function.child_by_field_name("parameters") if function is not None else None
    for param in params.named_children if params is not None else ():
        if param.type not in ("typed_parameter", "typed_default_parameter"):
            continue
        named = param.child_by_field_name("name")
        if named is None and param.named_children:
            named = param.named_children[0]  # ``typed_parameter`` has no name field
        annotation = param.child_by_field_name("type")
        if named is not None and named.text == name and annotation is not None:
            return parse_annotation(bytes(annotation.text or b"").decode("utf-8", "replace"))
    return None
