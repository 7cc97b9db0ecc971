"""What a call returns, for :mod:`~prx.engine.intel.models.script_receivers`: ``f(...)``
for a function of the file, imported or ``require``d (its stated or inferred returns,
see :mod:`~prx.engine.intel.models.script_returns`), and ``x.m(...)``: a namespace
import's function (``z.string()``, ``const stringType = ZodString.create`` followed), a
class's static member, or the method of the receiver's class or a class above it, its
``this`` the receiver's type (a fluent chain)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.script_returns import function_returns, provided
from prx.engine.intel.models.script_scope import (
    class_name,
    declaration_of,
    declaring_scope,
    is_class,
    requires_module,
    text,
    this_class,
)
from prx.engine.intel.models.script_types import type_argument, type_names

if TYPE_CHECKING:
    from prx.engine.intel.models.script_receivers import Receivers

__all__ = ["PROMISES", "StatedTypes", "awaited_names", "call_type", "chain_length"]

#: Reads the type names a type annotation states (:func:`type_names`, or
#: :func:`awaited_names`).
StatedTypes = Callable[[Any], "list[str] | None"]

#: The thenables ``await`` unwraps to their first type argument.
PROMISES = frozenset({"Promise", "PromiseLike"})


def awaited_names(annotation: Any) -> list[str] | None:
    """The type names ``await`` of a value of the stated type gives: ``Promise<Box<T>>``
    is a ``Box``; any other type is itself."""
    node = annotation
    if node.type == "type_annotation" and node.named_children:
        node = node.named_children[0]
    if node.type == "generic_type" and (found := type_argument(node, PROMISES)) is not None:
        return found
    return type_names(annotation)


def call_type(
    call: Any, receivers: Receivers, stated: StatedTypes = type_names
) -> list[str] | None:
    """What ``f(...)`` returns (see :mod:`~prx.engine.intel.models.script_returns`), for
    a function ``f`` of the file or one it imports or ``require``s from a file of the
    project; None when unknown. ``stated`` reads a stated return type
    (:func:`awaited_names`: what ``await f(...)`` is)."""
    callee = call.child_by_field_name("function")
    if callee is not None and callee.type == "member_expression":
        return _methodcall_type(callee, receivers, stated)
    if callee is not None and callee.type == "call_expression":
        # ``require('../')('commonmark')``: what the module's default export returns
        found = _required_default(callee, receivers)
        return _returns(found, stated) if found is not None else None
    if callee is None or callee.type != "identifier":
        return None
    name = text(callee)
    scope = declaring_scope(callee, name)
    if scope is None:
        return None
    declaration = declaration_of(scope, name)
    if declaration is None:
        # ``custom({decode}: {decode: (v: unknown) => Either<string, T>})``: the
        # parameter's stated type says what the function it destructures returns
        member = _destructured_member(scope, name)
        return _stated_returns(member.child_by_field_name("type"), stated) if member else None
    home = receivers
    if declaration.type == "import_statement" or requires_module(declaration):
        found = receivers.imported_from(declaration, name)
        if found is None:
            return None
        parsed, declaration = found
        home = type(receivers)(receivers.project, parsed, receivers.family)
    annotation = (
        declaration.child_by_field_name("type")
        if declaration.type == "variable_declarator"
        else None
    )
    if annotation is not None:
        # ``const decode: (input: unknown) => Either<string, T> = ..`` or
        # ``Codec<any>['decode']``: the function type's stated return; else
        # ``export const EitherAsync: EitherAsyncTypeRef = ..``: what the stated
        # type's call signature returns
        found = _stated_returns(annotation, stated, receivers)
        return found if found is not None else _signature_returns(receivers, annotation, stated)
    # what a returned call returns, read in the function's own file (graphlib's test
    # helper ``rw(g)`` returns ``read(write(g))``), once per function on the way
    key = (home.parsed.rel, str(int(declaration.start_byte)))
    if key in _READING or len(_READING) > 8:
        return _returns(declaration, stated)
    _READING.add(key)
    try:
        return _returns(declaration, stated, lambda inner: call_type(inner, home, stated))
    finally:
        _READING.discard(key)


def _required_default(call: Any, receivers: Receivers) -> Any | None:
    """The declaration a project module provides as its default export, for the call
    ``require('./m')`` that loads it; None for another call or a package."""
    callee = call.child_by_field_name("function")
    if callee is None or callee.type != "identifier" or text(callee) != "require":
        return None
    line = int(call.start_point[0]) + 1
    for edge in receivers.project.graph.edges_from(receivers.parsed.rel):
        if edge.line == line and edge.target:
            found = provided(receivers.project, edge.target, "default")
            return found[1] if found is not None else None
    return None


def _signature_returns(
    receivers: Receivers, annotation: Any, stated: StatedTypes
) -> list[str] | None:
    """What calling a value of the type ``annotation`` states returns: the return type
    of the call signature (``<L, R>(run: ..): EitherAsync<L, R>``) of the project's
    interface it names; None when there is none or more than one kind."""
    from prx.engine.intel.models.script_members import heritage_of, owners_of

    names = type_names(annotation)
    if names is None or len(names) != 1:
        return None
    out: list[str] = []
    for _, node in owners_of(receivers.project, heritage_of(receivers.project), names[0]):
        body = node.child_by_field_name("body")
        for member in body.named_children if body is not None else ():
            returned = (
                member.child_by_field_name("return_type")
                if member.type == "call_signature"
                else None
            )
            found = stated(returned) if returned is not None else None
            if found:
                out.extend(n for n in found if n not in out)
    return out or None


#: Methods whose return type is being read (a recursive one is unknown).
_READING: set[tuple[str, str]] = set()


#: The longest chain of calls and field reads followed to type a call's receiver
#: (``x.a().b().c()``): a longer one, as a hostile file may write (thousands deep), is
#: left unknown rather than read recursively.
_LONGEST_CHAIN = 32


def chain_length(node: Any) -> int:
    """How many calls and member reads ``node`` holds along its receivers (at most one
    more than :data:`_LONGEST_CHAIN`)."""
    length = 0
    while node is not None and length <= _LONGEST_CHAIN:
        if node.type == "call_expression":
            node = node.child_by_field_name("function")
        elif node.type in ("member_expression", "await_expression", "parenthesized_expression"):
            node = (
                node.child_by_field_name("object")
                if node.type == "member_expression"
                else (node.named_children[0] if node.named_children else None)
            )
        else:
            break
        length += 1
    return length


def _methodcall_type(callee: Any, receivers: Receivers, stated: StatedTypes) -> list[str] | None:
    """What ``x.m(...)`` returns: ``ns.f(...)`` for a namespace import's function, else
    the method ``m`` of the receiver's class (or a class above it), its ``this``
    the receiver's type."""
    obj = callee.child_by_field_name("object")
    prop = callee.child_by_field_name("property")
    if obj is None or prop is None or chain_length(obj) > _LONGEST_CHAIN:
        return None
    method = text(prop)
    if obj.type == "identifier":
        module = receivers.namespace(text(obj))
        if module is not None:
            found = provided(receivers.project, module, method)
            return _value_returns(found[1], receivers, stated) if found is not None else None
        static = receivers.class_named(obj)
        if static is not None:
            return _member_returns(receivers, static, method, static, stated)
        literal = _literal_method(obj, method, receivers)
        if literal is not None:  # purify's ``Codec.custom<T>(..)`` of ``const Codec = {..}``
            return function_returns(literal, stated)
    if obj.type == "member_expression":  # ns.Klass.create(): a static member
        head, tail = obj.child_by_field_name("object"), obj.child_by_field_name("property")
        module = (
            receivers.namespace(text(head))
            if head is not None and head.type == "identifier"
            else None
        )
        found = provided(receivers.project, module, text(tail)) if module and tail else None
        if found is not None and is_class(found[1]):
            static = class_name(found[1])
            return _member_returns(receivers, static, method, static, stated) if static else None
    if obj.type == "this":
        klass = this_class(obj)
        own = class_name(klass) if klass is not None else None
        return _member_returns(receivers, own, method, own, stated) if own else None
    types = receivers.types_of(obj)
    if not isinstance(types, list) or not types:
        return None
    out: list[str] = []
    for name in types:
        found_types = _member_returns(receivers, receivers.alias(name), method, name, stated)
        if found_types is None:
            return None
        out.extend(found_types)
    return out


def _literal_method(obj: Any, method: str, receivers: Receivers) -> Any | None:
    """The function ``method`` of the object literal a ``const`` named ``obj`` holds (in
    the file or imported from a file of the project): ``const Codec = { custom<T>(..):
    Codec<T> {..} }`` or ``{ custom: (..) => .. }``; None otherwise."""
    from prx.engine.intel.models.script_scope import FUNCTIONS

    name = text(obj)
    scope = declaring_scope(obj, name)
    declaration = declaration_of(scope, name) if scope is not None else None
    if declaration is not None and declaration.type == "import_statement":
        declaration = receivers.imported(declaration, name)
    if declaration is None or declaration.type != "variable_declarator":
        return None
    if declaration.child_by_field_name("type") is not None:
        return None  # ``const List: ListTypeRef = {..}``: the stated type's members
    value = declaration.child_by_field_name("value")
    if value is None or value.type != "object":
        return None
    for member in value.named_children:
        if member.type == "method_definition":
            own = member.child_by_field_name("name")
            if own is not None and text(own) == method:
                return member
        elif member.type == "pair":
            key, held = member.child_by_field_name("key"), member.child_by_field_name("value")
            if key is not None and text(key) == method and held is not None:
                return held if held.type in FUNCTIONS else None
    return None


def _value_returns(declaration: Any, receivers: Receivers, stated: StatedTypes) -> list[str] | None:
    """What calling the value declared at ``declaration`` returns (a function, or a
    ``const f = Klass.create`` alias of a static method)."""
    value = (
        declaration.child_by_field_name("value")
        if declaration.type == "variable_declarator"
        else None
    )
    if value is not None and value.type == "member_expression":
        owner, prop = value.child_by_field_name("object"), value.child_by_field_name("property")
        if owner is not None and prop is not None and owner.type == "identifier":
            return _member_returns(receivers, text(owner), text(prop), text(owner), stated)
    return _returns(declaration, stated)


def _member_returns(
    receivers: Receivers, klass: str, method: str, this: str, stated: StatedTypes = type_names
) -> list[str] | None:
    """The return types of method ``method`` of class ``klass`` (or the nearest class
    above it that declares it), ``this`` standing for ``this``."""
    from prx.engine.intel.models.script_members import class_member

    key = (klass, method)
    if key in _READING or len(_READING) > 8:
        return None
    found = class_member(receivers.project, klass, method)
    if found is None:
        return None
    rel, member = found
    _READING.add(key)
    try:
        function = member.parent
        assigned = function.parent if function is not None else None
        if (
            function is not None
            and function.type == "member_expression"
            and assigned is not None
            and assigned.type == "assignment_expression"
            and assigned.child_by_field_name("left") == function
        ):
            function = assigned.child_by_field_name("right")  # X.prototype.m = function ..
        if function is not None and function.type in (
            "property_signature",
            "public_field_definition",
            "field_definition",
            "pair",  # X.prototype = {m: function ..}
        ):
            # ``decode: (input: unknown) => Either<string, T>`` (purify's ``Codec``): the
            # function type's stated return
            returned = _function_type_returns(function)
            if returned is not None:
                names = stated(returned)
                return [this if t == "this" else t for t in names] if names else None
            function = function.child_by_field_name("value")
        if function is None:
            return None
        if function.type == "member_expression":  # max = this.lte: the method it names
            owner, prop = (
                function.child_by_field_name("object"),
                function.child_by_field_name("property"),
            )
            if owner is None or owner.type != "this" or prop is None:
                return None
            return _member_returns(receivers, klass, text(prop), this, stated)
        if function.type in ("method_signature", "abstract_method_signature"):
            annotation = function.child_by_field_name("return_type")
            names = stated(annotation) if annotation is not None else None
            return [this if t == "this" else t for t in names] if names else None
        parsed = receivers.project.file(rel)
        if parsed is None:
            return None
        inner = type(receivers)(receivers.project, parsed, receivers.family)
        types = function_returns(function, stated, lambda call: call_type(call, inner))
    finally:
        _READING.discard(key)
    if types is None:
        return None
    return [this if t == "this" else t for t in types]


def _destructured_member(function: Any, name: str) -> Any | None:
    """The member of the stated object type that the parameter ``{name}`` of
    ``function`` takes (``{decode}: {decode: ..}``); None for another parameter."""
    parameters = function.child_by_field_name("parameters")
    for parameter in parameters.named_children if parameters is not None else ():
        pattern = parameter.child_by_field_name("pattern")
        annotation = parameter.child_by_field_name("type")
        if pattern is None or pattern.type != "object_pattern" or annotation is None:
            continue
        if not any(
            c.type == "shorthand_property_identifier_pattern" and text(c) == name
            for c in pattern.named_children
        ):
            continue
        shape = annotation.named_children[0] if annotation.named_children else None
        return _object_member(shape, name)
    return None


def _object_member(shape: Any, name: str) -> Any | None:
    """The ``property_signature`` ``name`` of an object type literal."""
    if shape is None or shape.type != "object_type":
        return None
    for member in shape.named_children:
        key = member.child_by_field_name("name") if member.type == "property_signature" else None
        if key is not None and text(key) == name:
            return member
    return None


def _stated_returns(
    annotation: Any, stated: StatedTypes, receivers: Receivers | None = None
) -> list[str] | None:
    """What calling a value of the stated type ``annotation`` returns when it is a
    function type, or (with ``receivers``) a project interface's member read by key
    (``Codec<any>['decode']``); None otherwise."""
    node = _stated_shape(annotation)
    if node is None:
        return None
    if node.type == "function_type":
        returned = node.child_by_field_name("return_type")
        return (stated(returned) or None) if returned is not None else None
    if node.type != "lookup_type" or receivers is None or len(node.named_children) != 2:
        return None
    owner, key = node.named_children
    names = type_names(owner)
    if names is None or len(names) != 1 or key.type != "literal_type":
        return None
    member = _member_returns(receivers, names[0], text(key).strip("'\""), names[0], stated)
    return member or None


def _function_type_returns(member: Any) -> Any | None:
    """The return type node of a member whose stated type is a function type (``decode:
    (input: unknown) => Either<string, T>``), or None."""
    node = _stated_shape(member.child_by_field_name("type"))
    if node is None or node.type != "function_type":
        return None
    return node.child_by_field_name("return_type")


def _stated_shape(annotation: Any) -> Any | None:
    """The type a ``: T`` annotation states (the node itself when it is a type)."""
    if annotation is None or annotation.type != "type_annotation":
        return annotation
    return annotation.named_children[0] if annotation.named_children else None


def _returns(
    declaration: Any, stated: StatedTypes = type_names, called: Any = None
) -> list[str] | None:
    """What the function declared at ``declaration`` (a declaration, a signature, a
    ``const f = () => ...`` declarator) returns (``called``: what a returned call
    returns)."""
    function = declaration
    if declaration.type == "variable_declarator":
        function = declaration.child_by_field_name("value")
    if function is None:
        return None
    if function.type == "function_signature":
        annotation = function.child_by_field_name("return_type")
        return stated(annotation) if annotation is not None else None
    return function_returns(function, stated, called)
