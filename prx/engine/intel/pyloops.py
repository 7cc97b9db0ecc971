"""What a Python loop's target is, from the annotation of what the loop iterates: ``for
pattern in patterns`` where the function says ``patterns: Iterable[Pattern]`` makes
``pattern`` a ``Pattern``; ``for index, pattern in patterns`` with ``Iterable[tuple[int,
Pattern]]``, ``enumerate(patterns)``, ``table.items()`` of a ``dict[str, Table]`` and a
comprehension's ``for`` are read the same way.

Only a parameter's annotation, or the return annotation of the function the loop calls
(``for param in self.get_params(ctx)`` with ``-> List["Parameter"]``), is read; anything
the annotation does not spell out (a union, an alias) says nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

__all__ = ["iterated_kind"]

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


class _Type(NamedTuple):
    """A parsed annotation: ``Name[arg, ...]`` (``...`` is an argument named ``...``)."""

    name: str
    args: tuple[_Type, ...]


def iterated_kind(
    node: Any, receiver: str, returned: Callable[[str], str | None] = lambda callee: None
) -> str | None:
    """The class ``receiver`` is at ``node`` when a ``for`` around it (a loop whose body
    holds ``node``, or a comprehension's clause) binds it from a parameter whose
    annotation says what its items are, or from a call whose return annotation does
    (``returned``: a callee's dotted name -> that annotation's text); else None."""
    if not receiver.isidentifier():
        return None
    inner, here = node, node.parent
    while here is not None and here.type not in ("function_definition", "class_definition"):
        clauses: list[Any] = []
        if here.type == "for_statement" and inner == here.child_by_field_name("body"):
            clauses = [here]
        elif here.type in _COMPREHENSIONS:
            clauses = [c for c in here.named_children if c.type == "for_in_clause"]
        for clause in clauses:
            path = _target_path(clause.child_by_field_name("left"), receiver.encode())
            if path is not None:
                item = _items(clause.child_by_field_name("right"), here, returned)
                return _at(item, path) if item is not None else None
        inner, here = here, here.parent
    return None


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


def _items(right: Any, scope_node: Any, returned: Callable[[str], str | None]) -> _Type | None:
    """The type of the items ``right`` (what a loop iterates) yields, from the
    annotation of the parameter it names (``xs``, ``enumerate(xs)``, ``xs.items()``,
    ``xs.values()``, ``xs.keys()``) or of the function it calls (``self.params()``)."""
    if right is None:
        return None
    if right.type == "identifier":
        return _element(_parameter_type(scope_node, right.text))
    if right.type != "call":
        return None
    function = right.child_by_field_name("function")
    arguments = right.child_by_field_name("arguments")
    if function is None or arguments is None:
        return None
    args = arguments.named_children
    if function.type == "identifier" and function.text == b"enumerate" and len(args) == 1:
        item = _items(args[0], scope_node, returned)
        return _Type("tuple", (_Type("int", ()), item)) if item is not None else None
    callee = bytes(function.text or b"").decode("utf-8", "replace")
    if function.type in ("identifier", "attribute") and re.fullmatch(r"\w+(?:\.\w+)?", callee):
        annotation = returned(callee)
        if annotation is not None:
            return _element(_parse(annotation))
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
    views = {b"keys": key, b"values": item, b"items": _Type("tuple", (key, item))}
    return views.get(bytes(method.text or b""))


def _element(collection: _Type | None) -> _Type | None:
    """What iterating a value of the type ``collection`` yields."""
    if collection is None or not collection.args:
        return None
    if collection.name in _SEQUENCES or collection.name in _MAPPINGS:
        return collection.args[0]
    if collection.name in _TUPLES and len(collection.args) == 2:
        if collection.args[1].name == "...":
            return collection.args[0]
    return None


def _at(item: _Type, path: list[int]) -> str | None:
    """The class at ``path`` in ``item`` (a tuple's member, by position)."""
    for index in path:
        if item.name not in _TUPLES or index >= len(item.args):
            return None
        if any(arg.name == "..." for arg in item.args):
            return None
        item = item.args[index]
    if item.args or not item.name.isidentifier():
        return None  # ``list[C]`` itself, a union: not one class
    return item.name


def _parameter_type(scope_node: Any, name: bytes) -> _Type | None:
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
            return _parse(bytes(annotation.text or b"").decode("utf-8", "replace"))
    return None


_TOKEN = re.compile(r"\s*(\.\.\.|[A-Za-z_][\w.]*|[\[\],]|['\"])")


def _parse(text: str) -> _Type | None:
    """``Iterable[tuple[int, 'Pattern']]`` as a tree of names (each a dotted name's last
    part; quotes dropped: a string annotation reads the same); None when the text is
    not of that form."""
    tokens = [t for t in _TOKEN.findall(text) if t not in ("'", '"')]
    if "".join(tokens) != re.sub(r"[\s'\"]", "", text):
        return None
    parsed, rest = _parse_at(tokens)
    return parsed if parsed is not None and not rest else None


def _parse_at(tokens: list[str]) -> tuple[_Type | None, list[str]]:
    if not tokens or tokens[0] in ("[", "]", ","):
        return None, tokens
    name, rest = tokens[0].rsplit(".", 1)[-1], tokens[1:]
    if not rest or rest[0] != "[":
        return _Type(name, ()), rest
    args: list[_Type] = []
    rest = rest[1:]
    while True:
        arg, rest = _parse_at(rest)
        if arg is None or not rest:
            return None, rest
        args.append(arg)
        if rest[0] == "]":
            return _Type(name, tuple(args)), rest[1:]
        if rest[0] != ",":
            return None, rest
        rest = rest[1:]
