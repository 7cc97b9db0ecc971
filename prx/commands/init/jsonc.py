"""Minimal-change edits of JSON and JSON-with-comments files.

Nothing is re-serialised: the document is parsed with the position of every object
member, and only prx's own member is inserted, replaced or cut out as text. Everything
else, comments, trailing commas, key order and spacing included, keeps its bytes, and
removing what was inserted gives the original text back.
"""

from __future__ import annotations

import json
import re
from typing import Any

from prx.core.record import field, record

__all__ = ["JsoncError", "parse", "remove_member", "set_member"]

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class JsoncError(ValueError):
    """The text is not JSON (comments and trailing commas allowed)."""


@record
class Member:
    """One ``"key": value`` of an object, with where its parts are in the text."""

    key: str
    key_start: int
    value_start: int
    value_end: int
    value: Any
    node: Node | None
    #: The value's items' places when it is an array.
    array: Array | None = None


@record
class Array:
    """An array: its brackets' positions and each item's (start, end)."""

    start: int
    end: int  # just after the closing bracket
    items: list[tuple[int, int]] = field(default_factory=list)


@record
class Node:
    """An object: its braces' positions and its members."""

    start: int
    end: int  # just after the closing brace
    members: list[Member] = field(default_factory=list)

    def get(self, key: str) -> Member | None:
        found = [m for m in self.members if m.key == key]
        return found[-1] if found else None


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.comments = False

    def skip(self, i: int) -> int:
        text = self.text
        while i < len(text):
            char = text[i]
            if char in " \t\r\n\ufeff":
                i += 1
            elif text.startswith("//", i):
                self.comments = True
                end = text.find("\n", i)
                i = len(text) if end < 0 else end + 1
            elif text.startswith("/*", i):
                self.comments = True
                end = text.find("*/", i + 2)
                if end < 0:
                    raise JsoncError(f"unterminated comment at offset {i}")
                i = end + 2
            else:
                break
        return i

    def value(self, i: int) -> tuple[Any, Node | Array | None, int]:
        text = self.text
        if i >= len(text):
            raise JsoncError("unexpected end of text")
        char = text[i]
        if char == "{":
            return self.object(i)
        if char == "[":
            items: list[Any] = []
            places: list[tuple[int, int]] = []
            j = self.skip(i + 1)
            while j < len(text) and text[j] != "]":
                first = j
                item, _, j = self.value(j)
                items.append(item)
                places.append((first, j))
                j = self.skip(j)
                if j < len(text) and text[j] == ",":
                    j = self.skip(j + 1)
                elif j < len(text) and text[j] != "]":
                    raise JsoncError(f"expected ',' or ']' at offset {j}")
            if j >= len(text):
                raise JsoncError("unterminated array")
            return items, Array(start=i, end=j + 1, items=places), j + 1
        if char == '"':
            try:
                string, end = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            except ValueError as exc:
                raise JsoncError(str(exc)) from None
            return string, None, end
        for word, literal in _LITERALS.items():
            if text.startswith(word, i):
                return literal, None, i + len(word)
        match = _NUMBER.match(text, i)
        if match:
            number = match.group(0)
            return json.loads(number), None, match.end()
        raise JsoncError(f"unexpected character {char!r} at offset {i}")

    def object(self, i: int) -> tuple[dict[str, Any], Node, int]:
        text = self.text
        members: list[Member] = []
        out: dict[str, Any] = {}
        j = self.skip(i + 1)
        while j < len(text) and text[j] != "}":
            if text[j] != '"':
                raise JsoncError(f"expected a key at offset {j}")
            key, _, after_key = self.value(j)
            colon = self.skip(after_key)
            if colon >= len(text) or text[colon] != ":":
                raise JsoncError(f"expected ':' at offset {colon}")
            start = self.skip(colon + 1)
            value, sub, end = self.value(start)
            members.append(
                Member(
                    key=key,
                    key_start=j,
                    value_start=start,
                    value_end=end,
                    value=value,
                    node=sub if isinstance(sub, Node) else None,
                    array=sub if isinstance(sub, Array) else None,
                )
            )
            out[key] = value
            j = self.skip(end)
            if j < len(text) and text[j] == ",":
                j = self.skip(j + 1)
            elif j < len(text) and text[j] != "}":
                raise JsoncError(f"expected ',' or '}}' at offset {j}")
        if j >= len(text):
            raise JsoncError("unterminated object")
        return out, Node(start=i, end=j + 1, members=members), j + 1


def parse(text: str) -> tuple[Any, Node | None, bool]:
    """The value of ``text``, its top object's node (None when not an object) and whether
    it has comments. Raises :class:`JsoncError` when it is not JSON(C)."""
    parser = _Parser(text)
    start = parser.skip(0)
    value, node, end = parser.value(start)
    if parser.skip(end) != len(text):
        raise JsoncError(f"unexpected text after the value at offset {parser.skip(end)}")
    return value, node if isinstance(node, Node) else None, parser.comments


def _line_indent(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    line = text[start:pos]
    return line[: len(line) - len(line.lstrip(" \t"))]


def _unit(text: str) -> str:
    """The file's indentation step: that of its first indented line (2 spaces if none)."""
    match = re.search(r"\n([ \t]+)\S", text)
    if match is None:
        return "  "
    found = match.group(1)
    return "\t" if found.startswith("\t") else found if len(found) <= 8 else "  "


def _render(key: str, value: Any, indent: str, unit: str) -> str:
    body = json.dumps(value, indent=unit, ensure_ascii=False).replace("\n", "\n" + indent)
    return f"{json.dumps(key, ensure_ascii=False)}: {body}"


def set_member(text: str, path: tuple[str, ...], key: str, value: Any) -> str:
    """``text`` with ``key`` of the object at ``path`` set to ``value``; objects missing
    on the way are created. Raises :class:`JsoncError` when something on the way is not an
    object."""
    _, node, _ = parse(text)
    if node is None:
        raise JsoncError("the top level is not an object")
    unit = _unit(text)
    for depth, name in enumerate(path):
        member = node.get(name)
        if member is None:
            nested: Any = {key: value}
            for outer in reversed(path[depth + 1 :]):
                nested = {outer: nested}
            return _insert(text, node, name, nested, unit)
        if member.node is None:
            raise JsoncError(f"{'.'.join(path[: depth + 1])} is not an object")
        node = member.node
    existing = node.get(key)
    if existing is None:
        return _insert(text, node, key, value, unit)
    if existing.value == value:
        return text
    indent = _line_indent(text, existing.key_start)
    body = json.dumps(value, indent=unit, ensure_ascii=False).replace("\n", "\n" + indent)
    return text[: existing.value_start] + body + text[existing.value_end :]


def _insert(text: str, node: Node, key: str, value: Any, unit: str) -> str:
    if node.members:
        last = node.members[-1]
        indent = _line_indent(text, node.members[0].key_start)
        if "\n" not in text[node.start : node.members[0].key_start]:
            indent = _line_indent(text, node.start) + unit  # members on the brace's line
        addition = ",\n" + indent + _render(key, value, indent, unit)
        return text[: last.value_end] + addition + text[last.value_end :]
    outer = _line_indent(text, node.start)
    indent = outer + unit
    addition = "\n" + indent + _render(key, value, indent, unit) + "\n" + outer
    inner = text[node.start + 1 : node.end - 1]
    if inner.strip() == "":
        return text[: node.start + 1] + addition + text[node.end - 1 :]
    return text[: node.start + 1] + addition + text[node.start + 1 :]


def remove_member(text: str, path: tuple[str, ...], key: str) -> str:
    """``text`` without ``key`` of the object at ``path``; an object on the path left
    with nothing else is removed with it (the top level stays). Unchanged when absent."""
    _, node, _ = parse(text)
    if node is None:
        return text
    chain: list[tuple[Node, str]] = []
    for name in path:
        member = node.get(name)
        if member is None or member.node is None:
            return text
        chain.append((node, name))
        node = member.node
    if node.get(key) is None:
        return text
    target, target_key = node, key
    # Climb while the object holds only what is being removed.
    while chain and len(target.members) == 1:
        target, target_key = chain.pop()
    return _cut(text, target, target_key)


def _cut(text: str, node: Node, key: str) -> str:
    index = max(i for i, m in enumerate(node.members) if m.key == key)
    member = node.members[index]
    if index > 0:
        # From the end of the previous value: its comma goes, what followed stays.
        return text[: node.members[index - 1].value_end] + text[member.value_end :]
    if len(node.members) > 1:
        return text[: member.key_start] + text[node.members[1].key_start :]
    return text[: node.start + 1] + text[node.end - 1 :]


def _array_at(text: str, path: tuple[str, ...]) -> Array | None:
    """The array at ``path`` (None when absent); :class:`JsoncError` when something on the
    way is not an object or the value is not an array."""
    _, node, _ = parse(text)
    if node is None:
        raise JsoncError("the top level is not an object")
    for depth, name in enumerate(path):
        member = node.get(name)
        if member is None:
            return None
        if depth == len(path) - 1:
            if member.array is None:
                raise JsoncError(f"{'.'.join(path)} is not an array")
            return member.array
        if member.node is None:
            raise JsoncError(f"{'.'.join(path[: depth + 1])} is not an object")
        node = member.node
    raise JsoncError("an empty path")


def append_item(text: str, path: tuple[str, ...], item: Any) -> str:
    """``text`` with ``item`` added at the end of the array at ``path`` (created, with
    the objects on the way, when absent). Only new text is inserted: removing the item
    again (:func:`remove_item`) gives back the same bytes."""
    array = _array_at(text, path)
    if array is None:
        return set_member(text, path[:-1], path[-1], [item])
    unit = _unit(text)
    if array.items:
        first_start, _ = array.items[0]
        indent = _line_indent(text, first_start)
        if "\n" not in text[array.start : first_start]:
            indent = _line_indent(text, array.start) + unit
        body = json.dumps(item, indent=unit, ensure_ascii=False).replace("\n", "\n" + indent)
        last_end = array.items[-1][1]
        return text[:last_end] + ",\n" + indent + body + text[last_end:]
    outer = _line_indent(text, array.start)
    indent = outer + unit
    body = json.dumps(item, indent=unit, ensure_ascii=False).replace("\n", "\n" + indent)
    return text[: array.start + 1] + "\n" + indent + body + "\n" + outer + text[array.end - 1 :]


def remove_item(text: str, path: tuple[str, ...], index: int) -> str:
    """``text`` without the array item ``index`` at ``path``; an array left empty is
    removed with its member, and objects on the way left empty with it."""
    array = _array_at(text, path)
    if array is None or not 0 <= index < len(array.items):
        return text
    if len(array.items) == 1:
        return remove_member(text, path[:-1], path[-1])
    start, end = array.items[index]
    if index > 0:
        return text[: array.items[index - 1][1]] + text[end:]
    return text[:start] + text[array.items[1][0] :]
