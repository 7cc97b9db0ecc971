"""What the JDK's methods give back, as far as a Java file's types need it: a
container's element (``List<Foo>.get(0)`` is a ``Foo``), a stream's or an iterator's
elements, a ``String`` (``toString()``, ``String.valueOf``, ``s.trim()``), a
``StringBuilder`` that ``append`` returns; a boxed value (``Character.valueOf(c)``) and
the primitive a box holds (``c.charValue()``), which choose between overloads taking
``char`` and ``Character``; what every object has (``hashCode()`` is an ``int``).
Anything else is unknown.
"""

from __future__ import annotations

from typing import Any

from prx.engine.intel.models.java_exprs import PRIMITIVE, STRING, UNKNOWN, Ty, Typer
from prx.engine.intel.models.java_facts import text
from prx.engine.intel.models.java_index import EXTERNAL

__all__ = ["jdk_result"]

#: Methods of the JDK's containers that give back an element: the index of the type
#: argument they return (``List<Foo>.get`` -> ``Foo``; ``Map<K, V>.get`` -> V).
_ELEMENT_METHODS: dict[str, int | str | None] = {
    "get": -1,
    "getFirst": 0,
    "getLast": 0,
    "next": 0,
    "previous": 0,
    "peek": 0,
    "poll": 0,
    "pop": 0,
    "element": 0,
    "first": 0,
    "last": 0,
    "orElse": 0,
    "orElseThrow": 0,
    "orElseGet": 0,
    "getValue": -1,
    "getKey": 0,
    "remove": -1,
    "put": -1,
    "iterator": None,
    "listIterator": None,
    "stream": None,
    "subList": None,
    "descendingIterator": None,
    "values": "values",
    "keySet": "keys",
    # A stream's operations that keep its elements (or give one of them).
    "filter": None,
    "sorted": None,
    "distinct": None,
    "limit": None,
    "skip": None,
    "takeWhile": None,
    "dropWhile": None,
    "findFirst": None,
    "findAny": None,
    "min": None,
    "max": None,
}

#: ``String``'s methods that give a ``String`` (on a string), and its static ones.
_STRING_METHODS = frozenset(
    {
        "substring",
        "trim",
        "strip",
        "stripLeading",
        "stripTrailing",
        "toLowerCase",
        "toUpperCase",
        "replace",
        "replaceAll",
        "replaceFirst",
        "concat",
        "repeat",
        "intern",
        "formatted",
        "indent",
    }
)
_STRING_STATICS = frozenset({"valueOf", "format", "join", "copyValueOf"})
#: ``String``'s methods that give a primitive.
_STRING_PRIMITIVES = frozenset(
    {
        "length",
        "charAt",
        "indexOf",
        "lastIndexOf",
        "isEmpty",
        "isBlank",
        "startsWith",
        "endsWith",
        "contains",
        "equalsIgnoreCase",
        "compareTo",
        "matches",
    }
)
_BUILDERS = frozenset({"StringBuilder", "StringBuffer"})
#: JDK static factories and the interface they give back.
_FACTORIES = {
    ("Arrays", "asList"): "List",
    ("List", "of"): "List",
    ("List", "copyOf"): "List",
    ("Collections", "emptyList"): "List",
    ("Collections", "singletonList"): "List",
    ("Collections", "unmodifiableList"): "List",
    ("Set", "of"): "Set",
    ("Set", "copyOf"): "Set",
    ("Collections", "emptySet"): "Set",
    ("Collections", "singleton"): "Set",
    ("Map", "of"): "Map",
    ("Collections", "emptyMap"): "Map",
    ("Stream", "of"): "Stream",
    ("Optional", "of"): "Optional",
    ("Optional", "ofNullable"): "Optional",
    ("Optional", "empty"): "Optional",
}
#: The boxed types: ``valueOf`` boxes, ``charValue()``/``intValue()`` ... unbox.
_BOXED = frozenset({"Integer", "Long", "Short", "Byte", "Character", "Boolean", "Float", "Double"})
_PRIMITIVES = frozenset({"int", "long", "short", "byte", "char", "boolean", "float", "double"})
_CLASS_NAMES = frozenset({"getName", "getSimpleName", "getCanonicalName", "getTypeName"})
#: A builder's methods that give the builder back.
_FLUENT = frozenset({"append", "insert", "reverse", "delete", "deleteCharAt", "replace"})


def jdk_result(typer: Typer, receiver: Ty, node: Any) -> Ty:
    """The type of call ``node`` on ``receiver`` when no method of the project is called
    (a JDK type's method, or one every object inherits)."""
    name_node = node.child_by_field_name("name")
    name = text(name_node) if name_node is not None else ""
    args = node.child_by_field_name("arguments")
    count = len(args.named_children) if args is not None else 0
    if not receiver.static and count == 0 and name == "toString":
        return STRING
    if not receiver.static and name in ("hashCode", "equals") and count == (name == "equals"):
        return Ty(PRIMITIVE, name="int" if name == "hashCode" else "boolean")
    if not receiver.static and name == "getClass" and count == 0:
        return Ty(EXTERNAL, name="Class")
    if receiver.base is not EXTERNAL or receiver.dims:
        return UNKNOWN
    if receiver.name == "String":
        if receiver.static:
            return STRING if name in _STRING_STATICS else UNKNOWN
        if name in _STRING_METHODS:
            return STRING
        if name in _STRING_PRIMITIVES:
            return Ty(PRIMITIVE, name=name)
        return UNKNOWN
    factory = _FACTORIES.get((receiver.name, name)) if receiver.static else None
    if factory is not None:  # ``Arrays.asList(xs)``: a List (of elements not read)
        return Ty(EXTERNAL, name=factory)
    if receiver.name in _BOXED:
        if receiver.static and name == "valueOf":  # ``Character.valueOf(c)``: boxed
            return Ty(EXTERNAL, name=receiver.name)
        if not receiver.static and count == 0 and name.removesuffix("Value") in _PRIMITIVES:
            return Ty(PRIMITIVE, name=name.removesuffix("Value"))  # ``c.charValue()``
        return UNKNOWN
    if receiver.name in _BUILDERS and not receiver.static and name in _FLUENT:
        return receiver
    if receiver.name == "Class" and not receiver.static and name in _CLASS_NAMES:
        return STRING
    return _element(typer, receiver, name)


def _element(typer: Typer, receiver: Ty, name: str) -> Ty:
    """A JDK container's element (``List<Foo>.get(0)`` -> ``Foo``), else unknown."""
    if receiver.base is not EXTERNAL or name not in _ELEMENT_METHODS or not receiver.args:
        return UNKNOWN
    which = _ELEMENT_METHODS[name]
    if which is None:  # an iterator of the same elements
        return receiver._replace(inferred=True)
    if which == "values":  # a map's values, keys: a collection of them
        return receiver._replace(args=(receiver.args[-1],), inferred=True, name="Collection")
    if which == "keys":
        return receiver._replace(args=(receiver.args[0],), inferred=True, name="Set")
    assert isinstance(which, int)
    arg = receiver.args[which]
    return typer.type_of_node(arg, receiver.facts)._replace(inferred=True)
