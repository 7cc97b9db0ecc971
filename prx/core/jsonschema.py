"""JSON Schema of the JSON prx writes for a Python type (:func:`prx.core.envelope.to_jsonable`).

Made from field types alone, so any result type gets one: prx's records, a plugin's
dataclasses, and the types inside them (``X | None``, ``tuple[X, ...]``, fixed tuples,
``list``, ``dict``, ``Literal``, enums, nested records). It follows what the serialiser
does: fields marked ``INTERNAL`` (or ``OMIT_WHEN: ALWAYS``, or ``ONLY_FIELDS``) are left
out, a field marked ``OMIT_WHEN`` is not required (it is left out of the JSON when it holds
that value), nor is any field of a record with an ``ONLY_FIELDS`` field (its compact forms
show a subset); every other field is
always written.

(A set is not written as JSON, nor an enum unless it derives from ``str`` or ``int``:
such a field needs a value the serialiser writes, and the schema of an enum is the list
of its values.)

``depth`` keeps schemas short (the MCP tool list pays for every token): it counts the
levels of records described field by field; a record below them is only
``{"type": "object"}``. Descriptions are never included. A type it cannot tell (``Any``,
an annotation that does not resolve) accepts any value.
"""

from __future__ import annotations

import enum
import sys
import types
import typing
from collections.abc import Mapping, Sequence

from prx.core.record import OMIT_WHEN, json_fields

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["json_schema", "record_fields", "union_members"]

Schema = dict[str, "Any"]

_PRIMITIVES: dict[object, str] = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    type(None): "null",
}
#: Names an annotation may use without its module importing them at run time (a module
#: that imports ``Any`` only for type checkers still gets its fields resolved).
_TYPING_NAMES = {name: getattr(typing, name) for name in ("Any", "Literal", "Optional", "Union")}


def json_schema(tp: Any, *, depth: int | None = None, required: bool = True) -> Schema:
    """The JSON Schema of ``to_jsonable(value)`` for a ``value`` of type ``tp``.

    :param depth: levels of records described field by field (None: all; 0: none).
    :param required: list each record's always-written fields as ``required``.
    """
    return _Builder(depth, required).schema(tp, 0)


def union_members(tp: Any) -> tuple[Any, ...]:
    """The types a union (``A | B``, ``Optional[A]``) joins; ``(tp,)`` for any other type."""
    tp = _unwrap(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return typing.get_args(tp)
    return (tp,)


def record_fields(cls: type) -> list[tuple[str, Any, bool]]:
    """``(name, resolved type, always written)`` of each field of ``cls`` that reaches
    the JSON, in declaration order."""
    module = vars(sys.modules.get(cls.__module__, typing))
    namespace = {**_TYPING_NAMES, **module, cls.__name__: cls}
    shown, selector = json_fields(cls)
    # A record with a field that selects which others its JSON shows (a compact form) may
    # leave any of them out: none is always written.
    return [
        (f.name, _resolve(f.type, namespace), selector is None and OMIT_WHEN not in f.metadata)
        for f in shown
    ]


def _resolve(annotation: Any, namespace: Mapping[str, Any]) -> Any:
    """An annotation written as text, evaluated where its class was defined."""
    if not isinstance(annotation, str):
        return annotation
    try:
        return eval(annotation, dict(namespace))  # noqa: S307  (an annotation of our own types)
    except Exception:  # noqa: BLE001  (a name only type checkers see: any value)
        return typing.Any


def _is_record(tp: Any) -> bool:
    if not isinstance(tp, type):
        return False
    if hasattr(tp, "__record_fields__"):
        return True
    dataclasses = sys.modules.get("dataclasses")
    return dataclasses is not None and dataclasses.is_dataclass(tp)


class _Builder:
    def __init__(self, depth: int | None, required: bool) -> None:
        self.depth = depth
        self.required = required
        self.open: list[type] = []  # records being described (a recursive one stops)

    def schema(self, tp: Any, level: int) -> Schema:
        tp = _unwrap(tp)
        if tp in _PRIMITIVES:
            return {"type": _PRIMITIVES[tp]}
        if tp is None:
            return {"type": "null"}
        if tp is typing.Any or tp is object:
            return {}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [_plain(member.value) for member in tp]}
        if _is_record(tp):
            return self.record(tp, level)
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is typing.Literal:
            return {"enum": [_plain(arg) for arg in args]}
        if origin is typing.Union or origin is types.UnionType:
            return self.union(args, level)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if not args:
                return {"type": "array"}
            items = [self.schema(arg, level) for arg in args]
            return {"type": "array", "prefixItems": items, "minItems": len(items)}
        container = origin if isinstance(origin, type) else tp if isinstance(tp, type) else None
        if container is not None and issubclass(container, Mapping):
            value = self.schema(args[1], level) if len(args) == 2 else {}
            return (
                {"type": "object", "additionalProperties": value} if value else {"type": "object"}
            )
        if container is not None and issubclass(container, Sequence):
            if issubclass(container, (str, bytes)):
                return {"type": "string"} if container is str else {}
            item = self.schema(args[0], level) if args else {}
            return {"type": "array", "items": item} if item else {"type": "array"}
        return {}

    def record(self, cls: type, level: int) -> Schema:
        if (self.depth is not None and level >= self.depth) or cls in self.open:
            return {"type": "object"}
        self.open.append(cls)
        try:
            properties: Schema = {}
            always: list[str] = []
            for name, tp, written in record_fields(cls):
                properties[name] = self.schema(tp, level + 1)
                if written:
                    always.append(name)
        finally:
            self.open.pop()
        schema: Schema = {"type": "object", "properties": properties}
        if self.required and always:
            schema["required"] = always
        return schema

    def union(self, args: tuple[Any, ...], level: int) -> Schema:
        options: list[Schema] = []
        for arg in args:
            option = self.schema(arg, level)
            if not option:
                return {}  # anything, or'ed with something: anything
            if option not in options:
                options.append(option)
        if len(options) == 1:
            return options[0]
        # X | None (and other unions of plain types): one "type" listing them all.
        kinds: list[str] = []
        merged: Schema = {}
        for option in options:
            kind = option.get("type")
            if not isinstance(kind, str) or kind in kinds:
                return {"anyOf": options}
            rest = {k: v for k, v in option.items() if k != "type"}
            if rest and any(k in merged for k in rest):
                return {"anyOf": options}
            kinds.append(kind)
            merged.update(rest)
        return {"type": kinds, **merged}


def _unwrap(tp: Any) -> Any:
    """The type behind an ``Annotated``, a ``NewType`` or a ``type`` alias statement."""
    while True:
        if typing.get_origin(tp) is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif hasattr(tp, "__supertype__"):
            tp = tp.__supertype__
        elif type(tp).__name__ == "TypeAliasType":
            tp = tp.__value__
        else:
            return tp


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)
