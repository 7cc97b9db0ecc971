"""The types the text of a JavaScript or TypeScript file states: the names a type
annotation gives (``T``, ``T<U>``, ``A | B``), what an expression constructs (``new
T()``, a literal, an ``as T`` cast), and the names that are never a project's class
(globals, built-in types, test runners)."""

from __future__ import annotations

from typing import Any

from prx.engine.intel.models.script_scope import declaring_scope, text

__all__ = [
    "BUILTIN_TYPES",
    "GLOBALS",
    "TEST_RUNNERS",
    "constructed_types",
    "element_names",
    "type_argument",
    "type_names",
]

#: Objects every script can name whose members are never a project's.
GLOBALS = frozenset(
    {
        "Array",
        "ArrayBuffer",
        "Atomics",
        "BigInt",
        "Boolean",
        "Buffer",
        "DataView",
        "Date",
        "Error",
        "Function",
        "Intl",
        "JSON",
        "Map",
        "Math",
        "Number",
        "Object",
        "Promise",
        "Proxy",
        "Reflect",
        "RegExp",
        "Set",
        "String",
        "Symbol",
        "TypeError",
        "URL",
        "WeakMap",
        "WeakSet",
        "console",
        "document",
        "globalThis",
        "module",
        "navigator",
        "process",
        "require",
        "window",
        "exports",
    }
)
#: Test runners whose functions pass their own objects to the test callbacks.
TEST_RUNNERS = frozenset(
    {"tap", "ava", "node:test", "tape", "uvu", "zora", "vitest", "@jest/globals", "mocha"}
)
#: Type names that are never a project's class.
BUILTIN_TYPES = frozenset(
    {
        "string",
        "number",
        "boolean",
        "bigint",
        "symbol",
        "void",
        "undefined",
        "null",
        "never",
        "object",
        "String",
        "Number",
        "Boolean",
        "RegExp",
        "Date",
        "Map",
        "Set",
        "Array",
        "ReadonlyArray",
        "Promise",
        "Function",
        "Error",
        "Record",
        "Uint8Array",
        "Buffer",
        "URL",
        "WeakMap",
        "WeakSet",
    }
)


def type_names(annotation: Any) -> list[str] | None:
    """The type names a type annotation states (``T``, ``T<U>``, ``A | B``, ``ns.T``);
    None when it states something else (an object type, a function type ...)."""
    node = annotation
    if node.type == "type_annotation" and node.named_children:
        node = node.named_children[0]
    kind = node.type
    if kind in ("type_identifier", "predefined_type", "identifier"):
        return [text(node)]
    if kind == "generic_type":
        inner = node.child_by_field_name("name") or (
            node.named_children[0] if node.named_children else None
        )
        return type_names(inner) if inner is not None else None
    if kind == "nested_type_identifier":
        return [text(node).rsplit(".", 1)[-1]]
    if kind in ("union_type", "parenthesized_type", "readonly_type"):
        names: list[str] = []
        for child in node.named_children:
            if child.type in ("literal_type",) or text(child) in ("null", "undefined"):
                continue
            found = type_names(child)
            if found is None:
                return None
            names.extend(found)
        return names
    if kind == "this_type":
        return ["this"]  # the receiver's own type (a fluent method)
    if kind in ("array_type", "tuple_type"):
        return ["Array"]
    if kind == "object_type":
        return ["object"]  # a literal type: its members are its own
    if kind in ("function_type", "constructor_type"):
        return ["Function"]
    if kind == "literal_type":
        return ["string"]
    return None


#: Generic collections whose first type argument is what iterating them gives.
_COLLECTIONS = frozenset({"Array", "ReadonlyArray", "Set", "ReadonlySet", "Iterable"})


def element_names(annotation: Any) -> list[str] | None:
    """The type names of an element of the array a type annotation states (``T[]``,
    ``Array<T>``, ``readonly T[]``); None for any other type."""
    node = annotation
    if node.type == "type_annotation" and node.named_children:
        node = node.named_children[0]
    while node.type in ("readonly_type", "parenthesized_type") and node.named_children:
        node = node.named_children[0]
    if node.type == "array_type" and node.named_children:
        return type_names(node.named_children[0])
    return type_argument(node, _COLLECTIONS)


def type_argument(node: Any, generics: frozenset[str]) -> list[str] | None:
    """The type names of the first type argument of ``node`` when it is one of the
    ``generics`` (``Promise<Box<T>>`` of ``{"Promise"}``: ``Box``); else None."""
    if node.type != "generic_type":
        return None
    name = node.child_by_field_name("name")
    arguments = node.child_by_field_name("type_arguments")
    if name is None or text(name) not in generics or arguments is None:
        return None
    first = arguments.named_children[0] if arguments.named_children else None
    return type_names(first) if first is not None else None


def constructed_types(value: Any) -> list[str] | None:
    """``new T(...)`` -> ``[T]``; an ``as T`` cast -> its type; else None."""
    if value is None:
        return None
    if value.type in ("parenthesized_expression", "non_null_expression", "await_expression"):
        return constructed_types(value.named_children[0]) if value.named_children else None
    if value.type == "new_expression":
        constructor = value.child_by_field_name("constructor")
        if constructor is None:
            return None
        if text(constructor).replace(" ", "") == "this.constructor":
            return _this_type(constructor)  # ``new this.constructor(..)``: this class
        return [text(constructor).rsplit(".", 1)[-1]]
    if value.type == "this":
        return _this_type(value)  # ``var self = this``
    if value.type in ("as_expression", "satisfies_expression") and len(value.named_children) > 1:
        return type_names(value.named_children[1])
    if value.type in ("string", "template_string"):
        return ["string"]
    if value.type in ("array",):
        return ["Array"]
    if value.type == "object":
        return ["object"]  # ``{v: v}``: its members are its own, no class's
    if value.type == "call_expression" and _calls_global(value, "Array"):
        return ["Array"]  # ``Array(n)``: a new array, as ``new Array(n)``
    if value.type in ("number",):
        return ["number"]
    if value.type == "regex":
        return ["RegExp"]
    return None


def _calls_global(call: Any, name: str) -> bool:
    """Whether ``call`` calls the global ``name`` (no binding of the file shadows it)."""
    callee = call.child_by_field_name("function")
    return (
        callee is not None
        and callee.type == "identifier"
        and text(callee) == name
        and declaring_scope(callee, name) is None
    )


def _this_type(node: Any) -> list[str] | None:
    """The class ``this`` is an instance of at ``node`` (a class's or a constructor
    function's), or None."""
    from prx.engine.intel.models.script_scope import class_name, this_class

    klass = this_class(node)
    name = class_name(klass) if klass is not None else None
    return [name] if name is not None else None
