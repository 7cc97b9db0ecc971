"""Which Java methods are renamed together, and which renames the build would not survive.

Overriding ties methods: renaming ``Shape.area`` must rename every ``area`` that overrides
it, and the one it overrides, in the classes and interfaces ``extends``/``implements`` tie
together, and a class that inherits one from its superclass and another from an interface
ties those two. The family of a method is closed under these ties (same name, same number
of parameters; a static or private method stands alone).

A method that overrides one the project does not declare (``toString``, ``run`` of a
``Runnable``, a library's callback) cannot be renamed without breaking the build.
"""

from __future__ import annotations

from typing import Any

from prx.engine.intel.models.java_facts import JField, JMethod, JType, text, type_segments
from prx.engine.intel.models.java_index import JavaIndex

__all__ = [
    "OBJECT_METHODS",
    "family",
    "field_problem",
    "rename_problem",
    "static_import_problem",
    "type_variables",
]

#: ``Object``'s methods that a class overrides: (name, number of parameters).
OBJECT_METHODS = frozenset(
    {("toString", 0), ("hashCode", 0), ("equals", 1), ("clone", 0), ("finalize", 0)}
)
#: Methods of the JDK's interfaces a class often implements without ``@Override``.
_JDK_METHODS = frozenset(
    {
        ("compareTo", 1),
        ("compare", 2),
        ("run", 0),
        ("call", 0),
        ("iterator", 0),
        ("close", 0),
        ("hasNext", 0),
        ("next", 0),
        ("accept", 1),
        ("apply", 1),
        ("test", 1),
        ("get", 0),
        ("length", 0),
        ("charAt", 1),
        ("subSequence", 2),
        ("size", 0),
        ("getMessage", 0),
        ("write", 1),
        ("read", 0),
        ("append", 1),
        ("flush", 0),
        ("uncaughtException", 2),
        ("handle", 1),
    }
)


def _overridable(method: JMethod) -> bool:
    return not method.static and not method.private


def family(index: JavaIndex, method: JMethod) -> list[JMethod]:
    """``method`` and every method that must be renamed with it."""
    if not _overridable(method):
        return [method]
    name = method.name
    found = [method]
    seen = {id(method)}
    changed = True
    while changed:
        changed = False
        for jtype in _types_with(index, name):
            visible = [
                m
                for t in (jtype, *index.ancestors(jtype))
                for m in t.methods.get(name, ())
                if _overridable(m)
            ]
            members = [m for m in visible if id(m) in seen]
            for m in visible:
                if id(m) not in seen and any(
                    f.owner is not m.owner and _same_shape(f, m) for f in members
                ):
                    seen.add(id(m))
                    found.append(m)
                    changed = True
    return found


def _same_shape(a: JMethod, b: JMethod) -> bool:
    """Whether one may override the other: as many parameters, each of the same type
    (by its simple name, type arguments left out) or a type variable in either."""
    if a.arity != b.arity or a.varargs != b.varargs:
        return False
    return all(
        x == y or x in type_variables(a) or y in type_variables(b)
        for x, y in zip(_param_types(a), _param_types(b), strict=True)
    )


def _param_types(method: JMethod) -> list[str]:
    out = []
    for _, param in method.params:
        node = param.child_by_field_name("type")
        if node is None:  # a varargs parameter: its first type child
            node = next((c for c in param.named_children if "type" in c.type), None)
        segments, dims, _ = type_segments(node) if node is not None else ([], 0, [])
        out.append(
            (segments[-1] if segments else text(node) if node is not None else "") + "[]" * dims
        )
    return out


def type_variables(method: JMethod) -> set[str]:
    """The type variables a method's parameters may use: its own and its types'."""
    names: set[str] = set()
    params = method.node.child_by_field_name("type_parameters")
    if params is None:
        params = next((c for c in method.node.named_children if c.type == "type_parameters"), None)
    for param in params.named_children if params is not None else ():
        if param.named_children:
            names.add(text(param.named_children[0]))
    owner: JType | None = method.owner
    while owner is not None:
        names |= owner.type_params
        owner = owner.outer
    return names


def _types_with(index: JavaIndex, name: str) -> list[JType]:
    """The types that declare or inherit a method ``name``."""
    out = []
    for jtype in index.types():
        if name in jtype.methods or any(name in t.methods for t in index.ancestors(jtype)):
            out.append(jtype)
    return out


def rename_problem(index: JavaIndex, members: list[JMethod]) -> str | None:
    """Why renaming the methods of one family would break the build (None: it would
    not, as far as the project shows)."""
    for method in members:
        shape = (method.name, method.arity)
        owner = method.owner
        overrides_ours = any(m is not method and m.owner in index.ancestors(owner) for m in members)
        if overrides_ours:
            continue
        if shape in OBJECT_METHODS and not method.static:
            return f"{_where(method)} overrides Object.{method.name}"
        if "Override" in method.annotations:
            return (
                f"{_where(method)} overrides a method of a type that is not the project's "
                f"({_external_names(index, owner)})"
            )
        if index.external_supers(owner) and _overridable(method) and shape in _JDK_METHODS:
            return (
                f"{_where(method)} may implement a method of a type that is not the "
                f"project's ({_external_names(index, owner)})"
            )
        if method.owner.kind == "annotation" and method.name == "value":
            return f"{_where(method)} is an annotation's value(), which @A(x) uses unnamed"
    return None


def field_problem(field: JField, strings: Any) -> str | None:
    """Why renaming an enum constant would change what the program does (its name is
    its string value: ``name()``, ``valueOf``, ``toString``), when a string of the
    project spells it."""
    if field.kind == "enum_constant" and strings(field.name):
        return (
            f"{field.owner.qualified}.{field.name} is an enum constant whose name a string "
            "of the project spells: its name is also its value (name(), valueOf, toString)"
        )
    return None


def _where(method: JMethod) -> str:
    owner = method.owner.qualified or f"an anonymous class in {method.owner.facts.rel}"
    return f"{owner}.{method.name}"


def _external_names(index: JavaIndex, owner: JType) -> str:
    names = [
        text(node)
        for t in (owner, *index.ancestors(owner))
        for node in t.super_nodes
        if not isinstance(index.resolve_type_node(t.facts, node)[0], JType)
    ]
    return ", ".join(dict.fromkeys(names)) or "Object"


def static_import_problem(index: JavaIndex, name: str, renamed: set[int]) -> str | None:
    """Why renaming the members whose ids are ``renamed`` would break a static import:
    ``import static a.B.name;`` imports every member of B called ``name`` (each overload,
    a field and a method alike), and one line cannot keep some and rename others."""
    for facts in index.files.values():
        for imp in facts.imports:
            if not imp.static or imp.star or not imp.segments or imp.segments[-1] != name:
                continue
            owner = index.by_fqn.get(".".join(imp.segments[:-1]))
            if owner is None:
                continue
            field = index.find_field(owner, name)
            named = [id(m) for m in index.methods_named(owner, name)]
            named += [id(field)] if field is not None else []
            if any(i in renamed for i in named) and any(i not in renamed for i in named):
                return (
                    f"{facts.rel} imports {'.'.join(imp.segments)} statically, which also "
                    f"imports another member called {name} that keeps its name"
                )
    return None
