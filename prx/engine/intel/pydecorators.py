"""What a Python function becomes under a typed decorator: ``@click.command()`` over
``def cli(..)`` makes ``cli`` a ``Command`` when every definition of ``command`` (its
overloads too) returns ``Callable[[...], Command]`` (or a type variable bound to
``Command``); a bare ``@make`` when ``make`` returns the class itself."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from prx.engine.intel.pyannotations import Annotation, parse_annotation
from prx.engine.intel.pytyping import bound_of

__all__ = ["decorated_kind", "outermost_decorator"]

#: A function's definitions (overloads included), by the callee's dotted name.
Definitions = Callable[[str], list[Any]]


def decorated_kind(node: Any, receiver: str, definitions: Definitions) -> str | None:
    """The class ``receiver`` is when the code around ``node`` defines it as a function
    whose outermost decorator is a project function typed to return one class (see the
    module's docstring); None when it is not so defined or the annotations disagree."""
    decorator = outermost_decorator(node, receiver)
    if decorator is None:
        return None
    callee, called = decorator
    kinds: set[str | None] = set()
    for definition in _visible(definitions(callee)):
        annotation = definition.child_by_field_name("return_type")
        parsed = parse_annotation(bytes(annotation.text or b"").decode()) if annotation else None
        if parsed is None:
            return None
        made = _made(parsed, called)
        kinds |= {_bound(definition, kind) for kind in made}
    kinds.discard("None")
    return kinds.pop() if len(kinds) == 1 else None


def outermost_decorator(node: Any, receiver: str) -> tuple[str, bool] | None:
    """The dotted name of the outermost decorator of the function ``receiver`` that the
    code around ``node`` defines (the enclosing functions', else the module's), and
    whether it is called (``@command()``); None when no such function is decorated."""
    if not receiver.isidentifier():
        return None
    pattern = re.compile(
        rb"(?m)^[ \t]*@[ \t]*((?:\w+\.)*\w+)[ \t]*(\()?[^\n]*\n(?:[ \t]*@[^\n]*\n)*"
        rb"[ \t]*(?:async[ \t]+)?def[ \t]+" + re.escape(receiver).encode() + rb"\b"
    )
    found = None
    here = node.parent
    while found is None and here is not None:
        if here.type in ("function_definition", "module"):
            body = here.child_by_field_name("body") if here.type != "module" else here
            found = pattern.search(bytes(body.text or b"")) if body is not None else None
        here = here.parent
    return (found.group(1).decode(), found.group(2) is not None) if found else None


def _visible(definitions: list[Any]) -> list[Any]:
    """The signatures a caller sees: the overloads, when a function has any (its
    implementation's is not), else its definitions."""
    overloads = [d for d in definitions if _overload(d)]
    return overloads or definitions


def _overload(definition: Any) -> bool:
    decorated = definition.parent
    if decorated is None or decorated.type != "decorated_definition":
        return False
    return any(
        bytes(child.text or b"").lstrip(b"@ \t").split(b"(")[0].rsplit(b".", 1)[-1] == b"overload"
        for child in decorated.named_children
        if child.type == "decorator"
    )


def _made(annotation: Annotation, called: bool) -> set[str]:
    """The classes a decorator annotated ``annotation`` makes of a function: a called
    one's ``Callable[[..], C]`` gives ``C``; a bare one's ``C``; a union's members
    that fit the use (the other members are for the other use)."""
    if annotation.name in ("Union", "Optional"):
        return set().union(*(_made(arg, called) for arg in annotation.args))
    if annotation.name == "Callable":
        if not called or len(annotation.args) != 2:
            return set()
        result = annotation.args[1]
        if result.name in ("Union", "Optional"):
            return {arg.name for arg in result.args if not arg.args}
        return {result.name} if not result.args else {"\0unknown"}
    if called:
        return set()  # a called decorator's result is a callable, not this
    return {annotation.name} if not annotation.args else {"\0unknown"}


def _bound(definition: Any, kind: str) -> str | None:
    """``kind``, or the class the type variable ``kind`` is bound to in the module of
    ``definition``; None for a type variable without a bound."""
    module = definition
    while module.parent is not None:
        module = module.parent
    data = bytes(module.text or b"")
    if re.search(rb"(?m)^" + re.escape(kind).encode() + rb"[ \t]*=[ \t]*(?:\w+\.)*TypeVar\(", data):
        return bound_of(data, kind)
    return kind
