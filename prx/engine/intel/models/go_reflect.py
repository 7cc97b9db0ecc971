"""Go names the program reads as text: a rename changes what it does, not whether it
compiles.

Reflection turns names into data: ``fmt``'s ``%+v`` and ``%T`` print a type as
``pkg.Name`` and a struct's fields by name, ``encoding/json`` writes a field without a tag
under its name, ``reflect``'s ``MethodByName("Equal")`` and ``FieldByName("X")`` (and the
libraries built on them: go-cmp's ``IgnoreFields(T{}, "A.B")``, ``text/template``'s
``{{.Name}}``) find a member by its name. The compiler says nothing when such a name
changes; the tests that compare the output, or the code that looked the member up, then
fail. :func:`read_as_text` says where a definition's name is written as text in a way
that points at it:

- a type, function or method written with its package, as ``fmt``'s ``%T`` and the
  runtime's function names write it (``pkg.Name``, ``pkg.(*Type).Method``), in a file of
  a ``testdata`` directory (Go's fixtures: golden output, inputs the tests read) or a
  string literal of the module (an expected ``%T``, a function's name in a message);
- a field in a ``testdata`` file as a JSON key (``"Name":``) or before its value
  (``Name:``) inside a value printed with its type (``pkg.Type{Name: 1}``), or with an
  outer value's type of its package when the nested value's own is left out
  (``pkg.Outer{Inner: {Name: 1}}``, go-cmp's reports); an embedded type the same way
  (it names a field of the types embedding it);
- a field or method written in a string literal passed to a function that looks members
  up (its name says ``Field`` or ``Method``), alone or as a component of a dotted path
  (``"Equal"``, ``"Foo.Alpha"``), quoted inside a string (a JSON key, ``{"Name": 1}``)
  or after a dot in a template (``{{.Name}}``).

A string that only mentions the name in prose (``"Name is required"``), a struct tag and
a keyed element's key (``map[string]string{"Level": ...}``) do not count.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.intel.models.base import Target
    from prx.engine.intel.models.go_index import GoIndex
    from prx.engine.intel.project import Project

__all__ = ["read_as_text"]

#: Kinds of a type declaration.
_TYPES = frozenset({"struct", "type", "trait"})
_MEMBERS = frozenset({"field", "method"})
#: Kinds whose names reflection and the runtime print.
_KINDS = frozenset({*_TYPES, *_MEMBERS, "function"})
_STRINGS = frozenset({"interpreted_string_literal", "raw_string_literal"})
#: A string that is a dotted path of identifiers (``"Alpha"``, ``"Foo.Alpha"``).
_PATH = re.compile(r"\w+(?:\.\w+)*")
#: The name of a function that looks members up by name.
_LOOKUP = re.compile(r"Field|Method", re.I)


def read_as_text(project: Project, index: GoIndex, target: Target) -> str | None:
    """Where ``target``'s name is written as text that points at it (``FILE:LINE``), or
    None (see the module)."""
    if target.kind not in _KINDS:
        return None
    embedded = target.kind in _TYPES and any(
        name == target.name for _, info in index.all_types() for name, _ in info.embeds
    )
    found = _in_testdata(project, target, embedded)
    if found is not None:
        return found
    qualified = [re.compile(p) for p in _qualified(target)]
    for file in index.files.values():
        data = file.parsed.data
        if target.name.encode() not in data:
            continue
        for literal in _literals_with(file.root, data, target.name):
            text = bytes(literal.text or b"").decode("utf-8", "replace")
            if _points_at(literal, text[1:-1], target, qualified):
                return f"{file.rel}:{literal.start_point[0] + 1}"
    return None


def _qualified(target: Target) -> list[str]:
    """How the runtime and ``fmt`` write a definition with its package: a type or a
    function as ``pkg.Name`` (``%T``, ``runtime.FuncForPC``), a method as
    ``pkg.Type.Name`` or ``pkg.(*Type).Name``; a field, never."""
    parts = target.qualified.split(".")
    if target.kind in _TYPES or target.kind == "function":
        return [_word(".".join(parts[-2:]))]
    if target.kind == "method" and len(parts) >= 3:
        package, owner, name = parts[-3:]
        return [_word(f"{package}.{owner}.{name}"), _word(f"{package}.(*{owner}).{name}")]
    return []


def _word(text: str) -> str:
    return rf"(?<![\w.]){re.escape(text)}(?!\w)"


#: A value's type as ``fmt`` and go-cmp print it before its braces (``&pkg.Type{``); a
#: ``]`` before it makes it a slice's or map's element type (``[]pkg.Type{``).
_TYPE_BEFORE = re.compile(rb"(?:(\])\*?|(?<![\w.]))(\w+)\.([A-Za-z_]\w*)\s*$")
#: How far back (bytes) and how many keys per file :func:`_printed_in` looks at.
_REACH = 20000
_KEYS = 64


def _in_testdata(project: Project, target: Target, embedded: bool) -> str | None:
    """The first place of a file of a ``testdata`` directory where reflection's output
    names ``target``: see :func:`_qualified`; a field (or an embedded type: it names a
    field) as a JSON key (``"Name":``), or by its name before its value (``Name:``) in a
    value of its package (see :func:`_printed_in`)."""
    word = target.name.encode()
    qualified = [re.compile(p.encode()) for p in _qualified(target)]
    keyed = target.kind == "field" or embedded
    name = re.escape(word)
    for rel in sorted(project.graph.files):
        if "testdata" not in rel.split("/")[:-1]:
            continue
        parsed = project.file(rel)
        if parsed is None or word not in parsed.data:
            continue
        data = parsed.data
        hits = [p.search(data) for p in qualified]
        if keyed:
            hits.append(re.search(b'"' + name + b'":', data))
            keys = list(re.finditer(rb"(?<![\w.])" + name + rb":", data))[:_KEYS]
            hits += [k for k in keys if _keyed_in(_printed_in(data, k.start()), target)][:1]
        hit = next((h for h in hits if h is not None), None)
        if hit is not None:
            line = data.count(b"\n", 0, hit.start()) + 1
            return f"{rel}:{line}"
    return None


def _keyed_in(value: tuple[bytes, bytes, bool] | None, target: Target) -> bool:
    """Whether a key printed in ``value`` (see :func:`_printed_in`) may be ``target``'s:
    a field in a value of its own type, or of its package when the value's type is
    left out; an embedded type (a field of the types embedding it) in a value of its
    package."""
    if value is None:
        return False
    package, type_name, own = value
    parts = target.qualified.split(".")
    if target.kind != "field":
        return package == parts[-2].encode()
    if package != parts[-3].encode():
        return False
    return not own or type_name == parts[-2].encode()


def _printed_in(data: bytes, at: int) -> tuple[bytes, bytes, bool] | None:
    """The package and type of the value whose key is at ``at``, and whether the type is
    the value's own (its braces follow the type, or are an element of a slice or map
    whose element type is printed) rather than an outer value's (a nested value's type
    is left out: ``pkg.Outer{Inner: {X: 1}}``)."""
    depth = 0
    untyped = 0
    for i in range(at - 1, max(-1, at - _REACH), -1):
        char = data[i]
        if char == 0x7D:  # }
            depth += 1
        elif char == 0x7B:  # {
            if depth:
                depth -= 1
                continue
            found = _TYPE_BEFORE.search(data, max(0, i - 200), i)
            if found is None:
                untyped += 1
                continue
            element = found.group(1) is not None
            own = untyped == (1 if element else 0)
            return found.group(2), found.group(3), own
    return None


def _literals_with(root: Any, data: bytes, name: str) -> list[Any]:
    """The string literals of a file that hold ``name`` as a word, once each."""
    out: dict[int, Any] = {}
    for hit in re.finditer(rb"(?<!\w)" + re.escape(name.encode()) + rb"(?!\w)", data):
        node = root.descendant_for_byte_range(hit.start(), hit.end())
        while node is not None and node.type not in _STRINGS:
            if node.type in ("source_file", "block", "expression_list", "argument_list"):
                node = None
                break
            node = node.parent
        if node is not None:
            out.setdefault(int(node.start_byte), node)
    return list(out.values())


def _looks_up_members(arguments: Any) -> bool:
    """Whether ``arguments`` are a call's to a function that looks members up by name
    (``MethodByName``, ``FieldByName``, ``IgnoreFields`` ...: its name says so)."""
    if arguments is None or arguments.type != "argument_list" or arguments.parent is None:
        return False
    callee = arguments.parent.child_by_field_name("function")
    if callee is None:
        return False
    if callee.type == "selector_expression":
        callee = callee.child_by_field_name("field")
    text = bytes(callee.text or b"").decode("utf-8", "replace") if callee is not None else ""
    return _LOOKUP.search(text) is not None


def _points_at(literal: Any, inner: str, target: Target, qualified: list[re.Pattern[str]]) -> bool:
    """Whether a string literal (its text between the quotes) points at ``target``."""
    parent = literal.parent
    if parent is not None and parent.type == "field_declaration":
        return False  # a struct tag names the field's encoding, not the field
    if any(p.search(inner) for p in qualified):
        return True
    if target.kind not in _MEMBERS:
        return False
    name = target.name
    if _PATH.fullmatch(inner) and name in inner.split(".") and _looks_up_members(parent):
        return True
    if re.search(rf'\\?"{re.escape(name)}\\?"', inner):
        return True  # a JSON key
    return "{{" in inner and re.search(rf"\.{re.escape(name)}(?!\w)", inner) is not None
