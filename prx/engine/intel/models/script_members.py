"""Class members of JavaScript and TypeScript: which declarations of a member change
together (its family). Which accesses ``x.member`` reach the family is read by
:mod:`~prx.engine.intel.models.script_receivers`.

A member's **family** is what a rename must keep consistent: the topmost classes and
interfaces of the project above the member's class that declare it, and every class
below them (``extends``/``implements``, read by name from the text of the project's
files); the ones that declare it again (overrides, implementations) change with it.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel.models.script_prototypes import (
    FUNCTION_NODES,
    is_constructor,
    prototype_member_names,
)
from prx.engine.intel.models.script_scope import class_name, identifier_nodes, text

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = [
    "MEMBER_NODES",
    "Family",
    "Heritage",
    "declared_member",
    "declared_members",
    "family_of",
    "heritage_of",
    "owners_of",
    "overrides_above",
    "seen_from",
    "superclasses",
    "typed_by_nothing",
    "class_member",
]

_SCRIPTS = frozenset({"javascript", "typescript", "tsx"})
_HERITAGE_CLAUSES = frozenset({"implements_clause", "extends_clause", "extends_type_clause"})
_HERITAGE = re.compile(
    r"\b(class|interface)\s+([A-Za-z_$][\w$]*)\s*(<(?:[^<>{]|<[^<>{]*>)*>)?\s*"
    r"((?:extends|implements)\b[^{]*)\{"
)
_DECLARATION = re.compile(r"\b(?:class|interface)\s+([A-Za-z_$][\w$]*)")
#: ``X.prototype.m =`` or ``X.prototype = {`` at a line's start: ``X`` may be a
#: constructor function (see :mod:`~prx.engine.intel.models.script_prototypes`).
_PROTOTYPE = re.compile(r"^([A-Za-z_$][\w$]*)\.prototype(?:\.[A-Za-z_$][\w$]*)?\s*=[^=]", re.M)
#: ``X.prototype = Object.create(Y.prototype)``, ``inherits(X, Y)``: X extends Y.
_PROTOTYPE_HERITAGE = re.compile(
    r"^([A-Za-z_$][\w$]*)\.prototype\s*=\s*Object\.create\(\s*([A-Za-z_$][\w$]*)\.prototype\b"
    r"|^\s*(?:[A-Za-z_$][\w$]*\.)?inherits\(\s*([A-Za-z_$][\w$]*)\s*,\s*([A-Za-z_$][\w$]*)\s*\)",
    re.M,
)
_GENERIC = re.compile(r"<[^<>]*>")
#: The namespace part of a qualified name in a heritage clause (``commander.``).
_QUALIFIER = re.compile(r"[A-Za-z_$][\w$]*\s*\.\s*")
#: Generic types whose members are their type argument's (optional, read-only ...).
WRAPPERS = frozenset({"Partial", "Readonly", "Required"})
#: ``type Name = Partial<T>`` (or ``Readonly``, ``Required``).
_WRAPPING_ALIAS = re.compile(
    r"^[ \t]*(?:export\s+)?type\s+([A-Za-z_$][\w$]*)\s*=\s*"
    r"(?:Partial|Readonly|Required)\s*<\s*([A-Za-z_$][\w$]*)\s*>\s*;?[ \t]*$",
    re.MULTILINE,
)
_AWAITED = re.compile(r"\b(?:PromiseLike|Promise)\s*<\s*([A-Za-z_$][\w$]*)")
#: ``type Name<..> = A<..> | B<..>`` (its value up to the line's end or a ``;``).
_UNION_ALIAS = re.compile(
    r"^[ \t]*(?:export\s+)?type\s+([A-Za-z_$][\w$]*)\s*(?:<(?:[^<>=]|<[^<>]*>)*>)?\s*="
    r"\s*\|?([^;\n{}()]+)",
    re.MULTILINE,
)
_WORD = re.compile(r"[A-Za-z_$][\w$]*")
#: The node kinds of a class or interface body's members.
MEMBER_NODES = frozenset(
    {
        "method_definition",
        "method_signature",
        "abstract_method_signature",
        "public_field_definition",
        "field_definition",
        "property_signature",
    }
)


class Heritage(NamedTuple):
    """Every class and interface of the project's scripts, by name."""

    #: name -> the names it extends or implements.
    parents: dict[str, set[str]]
    #: name -> the names that extend or implement it.
    children: dict[str, set[str]]
    #: name -> the files that declare a class or interface of that name.
    files: dict[str, set[str]]
    #: A class that is awaited as another type (``class ResultAsync<T, E> implements
    #: PromiseLike<Result<T, E>>``) -> that type's name.
    awaits: dict[str, str]
    #: A type alias that is a union of named types (``type Result<T, E> = Ok<T, E> |
    #: Err<T, E>``) -> those names: a value of it is an instance of one of them.
    unions: dict[str, set[str]]
    #: A type alias of a type with the same members (``type HelpConfiguration =
    #: Partial<Help>``) -> that type's name.
    wraps: dict[str, str]


class Family(NamedTuple):
    """The classes a member's rename keeps consistent."""

    #: The classes and interfaces whose instances have the member.
    types: frozenset[str]
    #: (file, class node start) of each family class that declares the member.
    declaring: frozenset[tuple[str, int]]
    #: An interface or an object type declares it: object literals may implement it.
    structural: bool
    #: Every class or interface name the project declares.
    known: frozenset[str]
    #: The files that declare a family type.
    files: frozenset[str]
    #: Seen from one member (explain, impact): a receiver typed as a class outside
    #: ``types`` reaches that class's own member, whatever an interface allows.
    bound: bool = False


def heritage_of(project: Project) -> Heritage:
    memo: dict[str, Any] = vars(project)
    found: Heritage | None = memo.get("_script_heritage")
    if found is not None:
        return found
    found = Heritage({}, {}, {}, {}, {}, {})
    for rel in project.graph.files:
        if "node_modules" in rel.split("/"):
            continue  # a dependency's class of the same name is another class
        parsed = project.file(rel)
        if parsed is None or parsed.language not in _SCRIPTS:
            continue
        source = parsed.data.decode("utf-8", "replace")
        for declared in _DECLARATION.finditer(source):
            found.files.setdefault(declared.group(1), set()).add(rel)
        for declared in _PROTOTYPE.finditer(source):  # a constructor function's
            found.files.setdefault(declared.group(1), set()).add(rel)
        for inherits in _PROTOTYPE_HERITAGE.finditer(source):
            child = inherits.group(1) or inherits.group(3)
            parent = inherits.group(2) or inherits.group(4)
            found.parents.setdefault(child, set()).add(parent)
            found.children.setdefault(parent, set()).add(child)
        for alias in _UNION_ALIAS.finditer(source):
            value = alias.group(2)
            while _GENERIC.search(value):
                value = _GENERIC.sub("", value)
            parts = [part.strip() for part in value.split("|") if part.strip()]
            if len(parts) > 1 and all(_WORD.fullmatch(part) for part in parts):
                found.unions.setdefault(alias.group(1), set()).update(parts)
        for alias in _WRAPPING_ALIAS.finditer(source):
            found.wraps[alias.group(1)] = alias.group(2)
        for match in _HERITAGE.finditer(source):
            name, clause = match.group(2), match.group(4)
            awaited = _AWAITED.search(clause)
            if awaited is not None:
                found.awaits[name] = awaited.group(1)
            while _GENERIC.search(clause):
                clause = _GENERIC.sub("", clause)
            # ``extends commander.Option``: the class ``Option`` (of a namespace)
            clause = _QUALIFIER.sub("", clause)
            for word in _WORD.findall(clause):
                if word in ("extends", "implements"):
                    continue
                found.parents.setdefault(name, set()).add(word)
                found.children.setdefault(word, set()).add(name)
    memo["_script_heritage"] = found
    return found


def declared_member(owner: Any, name: str) -> Any | None:
    """The member ``name`` a class or interface node declares (a constructor's
    parameter property included), else None."""
    found = declared_members(owner, name)
    return found[0] if found else None


def declared_members(owner: Any, name: str) -> list[Any]:
    """The name nodes of every declaration of member ``name`` in a class or interface
    node: an overloaded method's signatures and implementation are one member; of a
    constructor function, each assignment to its prototype."""
    if owner.type in FUNCTION_NODES:
        return prototype_member_names(owner, name)
    body = owner.child_by_field_name("body")
    if body is None:
        return []
    out = []
    for member in body.named_children:
        if member.type in MEMBER_NODES:
            own = member.child_by_field_name("name") or member.child_by_field_name("property")
            if own is not None and text(own) == name:
                out.append(own)
        if member.type == "method_definition":
            own = member.child_by_field_name("name")
            if own is not None and text(own) == "constructor":
                found = _parameter_property(member, name)
                if found is not None:
                    out.append(found)
    return out


def _parameter_property(constructor: Any, name: str) -> Any | None:
    parameters = constructor.child_by_field_name("parameters")
    for parameter in parameters.named_children if parameters is not None else ():
        if not any(c.type in ("accessibility_modifier", "readonly") for c in parameter.children):
            continue
        pattern = parameter.child_by_field_name("pattern")
        if pattern is not None and pattern.type == "identifier" and text(pattern) == name:
            return pattern
    return None


def owners_of(project: Project, heritage: Heritage, type_name: str) -> list[tuple[str, Any]]:
    """(file, node) of each class or interface named ``type_name`` in the project."""
    out = []
    for rel in sorted(heritage.files.get(type_name, ())):
        parsed = project.file(rel)
        if parsed is None or parsed.tree is None:
            continue
        for node in _type_nodes(parsed):
            if class_name(node) == type_name:
                out.append((rel, node))
    return out


def _type_nodes(parsed: ParsedFile) -> list[Any]:
    found: list[Any] | None = parsed.memo.get("script_types")
    if found is None:
        found = []
        stack = [parsed.tree.root_node]
        while stack:
            node = stack.pop()
            if node.type in (
                "class_declaration",
                "abstract_class_declaration",
                "class",
                "interface_declaration",
            ) or (node.type in FUNCTION_NODES and is_constructor(node)):
                found.append(node)
            stack.extend(node.named_children)
        parsed.memo["script_types"] = found
    return found


def family_of(project: Project, owner: str, name: str) -> Family:
    """The family of member ``name`` of the class or interface ``owner``."""
    heritage = heritage_of(project)
    declares: dict[str, list[tuple[str, Any]]] = {}

    def declaring(type_name: str) -> list[tuple[str, Any]]:
        known = declares.get(type_name)
        if known is None:
            known = declares[type_name] = [
                (rel, node)
                for rel, node in owners_of(project, heritage, type_name)
                if declared_member(node, name) is not None
            ]
        return known

    # The topmost types at or above ``owner`` that declare the member (``owner`` when
    # none above does): what overrides or implements what hangs below them.
    seen = {owner}
    queue = deque([owner])
    while queue:
        for parent in heritage.parents.get(queue.popleft(), ()):
            if parent not in seen:
                seen.add(parent)
                queue.append(parent)
    roots = {
        t
        for t in seen
        if (t == owner or declaring(t)) and not any(declaring(a) for a in _ancestors(heritage, t))
    } or {owner}
    types: set[str] = set()
    queue = deque(sorted(roots))
    while queue:
        current = queue.popleft()
        if current in types:
            continue
        types.add(current)
        queue.extend(sorted(heritage.children.get(current, ())))
    declared = {(rel, int(node.start_byte)) for t in types for rel, node in declaring(t)}
    structural = any(
        node.type == "interface_declaration" for t in types for _rel, node in declaring(t)
    )
    files = {rel for t in types for rel in heritage.files.get(t, ())}
    return Family(
        frozenset(types),
        frozenset(declared),
        structural,
        frozenset(heritage.files),
        frozenset(files),
    )


def _ancestors(heritage: Heritage, name: str) -> set[str]:
    out: set[str] = set()
    queue = deque([name])
    while queue:
        for parent in heritage.parents.get(queue.popleft(), ()):
            if parent not in out:
                out.add(parent)
                queue.append(parent)
    return out


def ancestors_of(project: Project, klass: str) -> frozenset[str]:
    """Every type above ``klass`` (its parents, theirs ...)."""
    return frozenset(_ancestors(heritage_of(project), klass))


def seen_from(project: Project, owner: str, name: str, family: Family, overrides: bool) -> Family:
    """The family as the compiler binds a use of ``owner``'s member ``name``: ``owner``
    and the family types below it that do not declare the member again (a call through
    a type that declares its own, an override or an interface's implementation, is that
    declaration's), bound (see :attr:`Family.bound`); a member that ``overrides`` one
    above is no object literal's."""
    heritage = heritage_of(project)
    below = {owner}
    queue = deque([owner])
    while queue:
        for child in sorted(heritage.children.get(queue.popleft(), ())):
            if child in below or child not in family.types:
                continue
            if any(
                declared_member(node, name) is not None
                for _rel, node in owners_of(project, heritage, child)
            ):
                continue  # its own declaration: what a receiver of its type reaches
            below.add(child)
            queue.append(child)
    structural = family.structural and not overrides
    return family._replace(types=frozenset(below), structural=structural, bound=True)


def typed_by_nothing(project: Project, view: Family, files: Iterable[str]) -> bool:
    """Whether no value of ``files`` can have a type of ``view`` as the compiler reads
    it: each is an interface the code names only where it is declared and where a type
    extends or implements it (neverthrow's ``IResult``), so no annotation, return type,
    cast or type argument gives a value its type, and no access binds to its member."""
    heritage = heritage_of(project)
    for type_name in view.types:
        declared = owners_of(project, heritage, type_name)
        if not declared or any(node.type != "interface_declaration" for _r, node in declared):
            return False
        for rel in files:
            parsed = project.file(rel)
            if parsed is None or parsed.language not in _SCRIPTS:
                continue
            if any(not _declares_or_inherits(node) for node in identifier_nodes(parsed, type_name)):
                return False
    return True


def _declares_or_inherits(node: Any) -> bool:
    """Whether the type name ``node`` is its interface's declared name or what a heritage
    clause extends or implements (not a type argument there)."""
    parent = node.parent
    if parent is not None and parent.type == "interface_declaration":
        return bool(parent.child_by_field_name("name") == node)
    while parent is not None and parent.type == "generic_type":
        parent = parent.parent
    return parent is not None and parent.type in _HERITAGE_CLAUSES


def superclasses(project: Project, klass: str) -> list[str]:
    """The types class ``klass`` extends (not the interfaces it implements)."""
    heritage = heritage_of(project)
    return [
        parent
        for parent in sorted(heritage.parents.get(klass, ()))
        if not any(
            node.type == "interface_declaration"
            for _r, node in owners_of(project, heritage, parent)
        )
    ]


def overrides_above(project: Project, owner: str, name: str) -> bool:
    """Whether a type above ``owner`` declares member ``name`` (``owner``'s overrides
    or implements it)."""
    heritage = heritage_of(project)
    return any(
        declared_member(node, name) is not None
        for parent in _ancestors(heritage, owner)
        for _rel, node in owners_of(project, heritage, parent)
    )


def class_member(project: Project, klass: str, name: str) -> tuple[str, Any] | None:
    """(file, name node) of member ``name`` of the class ``klass`` or the nearest class
    above it that declares it; None when none does (or the class is not the project's)."""
    heritage = heritage_of(project)
    seen: set[str] = set()
    queue = deque([klass])
    while queue:
        current = queue.popleft()
        if current in seen:
            continue
        seen.add(current)
        for rel, node in owners_of(project, heritage, current):
            member = declared_member(node, name)
            if member is not None:
                return rel, member
        queue.extend(sorted(heritage.parents.get(current, ())))
    return None
