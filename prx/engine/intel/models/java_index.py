"""The Java types of a project and how a name resolves to one of them.

A type name resolves as javac resolves it: type variables in scope, then the member types
of the enclosing classes (inherited ones too), the file's own types, its single-type
imports, its package, its on-demand imports; a dotted name by its first part, or as a
package when no type takes it. A name that resolves to nothing of the project is
:data:`EXTERNAL` (the JDK, a library). Supertypes are resolved the same way, which gives
the hierarchy that overriding methods follow.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.java_facts import (
    BODIES,
    FileFacts,
    JField,
    JMethod,
    JType,
    facts_of,
    text,
    type_segments,
)

if TYPE_CHECKING:
    from prx.engine.intel.project import Project

__all__ = ["EXTERNAL", "JavaIndex", "index_of"]


class _External:
    """A type that is not the project's (the JDK's, a library's)."""

    def __repr__(self) -> str:
        return "EXTERNAL"


EXTERNAL: Any = _External()
#: Declarations whose type parameters are in scope in their bodies.
_GENERIC_DECLS = frozenset(
    {
        "class_declaration",
        "interface_declaration",
        "record_declaration",
        "method_declaration",
        "constructor_declaration",
    }
)
_JAVA_EXTENSIONS = (".java",)


class JavaIndex:
    """Every Java file's facts, the types by qualified name, the hierarchy."""

    def __init__(self, project: Project | None, files: Iterable[FileFacts] = ()) -> None:
        self.project = project
        self.files: dict[str, FileFacts] = {}
        self.by_fqn: dict[str, JType] = {}
        #: package -> its top-level types by simple name.
        self.packages: dict[str, dict[str, JType]] = {}
        self._prefixes: set[str] = set()
        self._supers: dict[int, list[Any]] = {}
        self._ancestors: dict[int, list[JType]] = {}
        self._subtypes: dict[int, list[JType]] | None = None
        if project is not None:
            for rel in project.graph.files:
                if rel.endswith(_JAVA_EXTENSIONS):
                    parsed = project.file(rel)
                    if parsed is not None and parsed.language == "java":
                        self.add(facts_of(parsed))
        for facts in files:
            self.add(facts)

    def add(self, facts: FileFacts) -> None:
        if facts.rel in self.files:
            return
        self.files[facts.rel] = facts
        package = facts.package
        self.packages.setdefault(package, {}).update(facts.top)
        parts = package.split(".") if package else []
        for cut in range(1, len(parts) + 1):
            self._prefixes.add(".".join(parts[:cut]))
        for jtype in facts.types:
            if jtype.name and not jtype.local:
                self.by_fqn.setdefault(jtype.fqn, jtype)
        self._subtypes = None

    def types(self) -> Iterable[JType]:
        for facts in self.files.values():
            yield from facts.types

    def facts(self, rel: str) -> FileFacts | None:
        found = self.files.get(rel)
        if found is None and self.project is not None:
            parsed = self.project.file(rel)
            if parsed is not None and parsed.language == "java":
                found = facts_of(parsed)
                self.add(found)
        return found

    def is_package(self, name: str) -> bool:
        """Whether ``name`` is a project package or a prefix of one."""
        return name in self._prefixes

    # -- names of types -------------------------------------------------------------

    def resolve_type_node(self, facts: FileFacts, node: Any) -> tuple[Any, int, list[Any]]:
        """The type a type node names (a :class:`JType`, :data:`EXTERNAL`, or a type
        variable's bound), its array dimensions and its type arguments' nodes; None for
        a primitive or ``var``."""
        segments, dims, args = type_segments(node)
        if not segments or segments == ["var"]:
            return (None if not segments or segments == ["var"] else EXTERNAL), dims, args
        return self.resolve_segments(facts, segments, node), dims, args

    def resolve_segments(self, facts: FileFacts, segments: list[str], at: Any) -> Any:
        """The type ``A.B.C`` names where ``at`` (a node of the file) is."""
        first = self.resolve_simple(facts, segments[0], at)
        rest = segments[1:]
        if first is None:
            # A package: the longest prefix that is one, then types.
            for cut in range(len(segments) - 1, 0, -1):
                package = ".".join(segments[:cut])
                top = self.packages.get(package)
                if top is not None and segments[cut] in top:
                    first, rest = top[segments[cut]], segments[cut + 1 :]
                    break
            else:
                return EXTERNAL
        return self.member_path(first, rest)

    def member_path(self, start: Any, names: list[str]) -> Any:
        here = start
        for name in names:
            if not isinstance(here, JType):
                return EXTERNAL
            here = self.member_type(here, name) or EXTERNAL
        return here

    def resolve_simple(self, facts: FileFacts, name: str, at: Any) -> Any:
        """The type the simple name ``name`` names at node ``at``: a :class:`JType`,
        :data:`EXTERNAL` (a type variable's bound too), or None (no type: a package)."""
        # Type variables and local classes, innermost first.
        here = at
        while here is not None:
            if here.type in _GENERIC_DECLS:
                bound = _type_variable(here, name)
                if bound is not False:
                    return (
                        self.resolve_type_node(facts, bound)[0] if bound is not None else EXTERNAL
                    )
            elif here.type == "block":
                for child in here.named_children:
                    if (
                        child.type == "class_declaration"
                        and child.start_byte < at.start_byte
                        and text(child.child_by_field_name("name")) == name
                    ):
                        local = next((t for t in facts.types if t.node == child), None)
                        if local is not None:
                            return local
            here = here.parent
        for jtype in facts.enclosing(at):
            if jtype.name == name and not jtype.local:
                return jtype
            member = self.member_type(jtype, name)
            if member is not None:
                return member
            if jtype.name == name:
                return jtype
        if name in facts.top:
            return facts.top[name]
        external_import = False
        for imp in facts.imports:
            if not imp.static and not imp.star and imp.segments and imp.segments[-1] == name:
                found = self.by_fqn.get(".".join(imp.segments))
                if found is not None:
                    return found
                external_import = True
        if external_import:
            return EXTERNAL
        same = self.packages.get(facts.package, {}).get(name)
        if same is not None:
            return same
        for imp in facts.imports:
            if imp.star:
                path = ".".join(imp.segments)
                top = self.packages.get(path)
                if top is not None and name in top:
                    return top[name]
                owner = self.by_fqn.get(path)
                if owner is not None:
                    member = self.member_type(owner, name)
                    if member is not None:
                        return member
        if self.is_package(name):
            return None
        return EXTERNAL

    # -- the hierarchy --------------------------------------------------------------

    def supertypes(self, jtype: JType) -> list[Any]:
        """The direct supertypes: :class:`JType` or :data:`EXTERNAL` each."""
        key = id(jtype)
        found = self._supers.get(key)
        if found is None:
            found = self._supers[key] = []  # a cycle in broken code ends here
            if jtype.implied_super is not None:
                found.append(jtype.implied_super)
            for node in jtype.super_nodes:
                # A type's own supertypes are resolved from outside its body.
                resolved = self.resolve_type_node(jtype.facts, node)[0]
                found.append(resolved if resolved is not None else EXTERNAL)
        return found

    def ancestors(self, jtype: JType) -> list[JType]:
        """The project's supertypes of ``jtype``, transitively, nearest first."""
        key = id(jtype)
        found = self._ancestors.get(key)
        if found is None:
            self._ancestors[key] = []
            out: list[JType] = []
            queue = [s for s in self.supertypes(jtype) if isinstance(s, JType)]
            while queue:
                here = queue.pop(0)
                if here in out or here is jtype:
                    continue
                out.append(here)
                queue += [s for s in self.supertypes(here) if isinstance(s, JType)]
            found = self._ancestors[key] = out
        return found

    def external_supers(self, jtype: JType) -> bool:
        """Whether ``jtype`` or a project ancestor has a supertype that is not the
        project's (beyond ``Object``, ``Enum``, ``Record``)."""
        return any(
            s is EXTERNAL for t in (jtype, *self.ancestors(jtype)) for s in self.supertypes(t)
        )

    def subtypes(self, jtype: JType) -> list[JType]:
        """The project's types that extend or implement ``jtype``, transitively."""
        if self._subtypes is None:
            direct: dict[int, list[JType]] = {}
            for t in self.types():
                for s in self.supertypes(t):
                    if isinstance(s, JType):
                        direct.setdefault(id(s), []).append(t)
            self._subtypes = direct
        out: list[JType] = []
        queue = list(self._subtypes.get(id(jtype), ()))
        while queue:
            here = queue.pop()
            if here in out:
                continue
            out.append(here)
            queue += self._subtypes.get(id(here), ())
        return out

    def member_type(self, jtype: JType, name: str) -> JType | None:
        for t in (jtype, *self.ancestors(jtype)):
            if name in t.nested:
                return t.nested[name]
        return None

    def find_field(self, jtype: JType, name: str) -> JField | None:
        """The field ``name`` of ``jtype`` (its own, else the nearest inherited one)."""
        for t in (jtype, *self.ancestors(jtype)):
            if name in t.fields:
                return t.fields[name]
        return None

    def methods_named(self, jtype: JType, name: str) -> list[JMethod]:
        """The methods named ``name`` that ``jtype`` declares or inherits."""
        return [m for t in (jtype, *self.ancestors(jtype)) for m in t.methods.get(name, ())]

    def type_at(self, facts: FileFacts, node: Any) -> JType | None:
        """The innermost type whose body holds ``node``."""
        found = facts.enclosing(node)
        return found[0] if found else None


def _type_variable(decl: Any, name: str) -> Any:
    """A declaration's type parameter ``name``: its bound's node (None when unbounded),
    or False when it declares no such parameter."""
    params = decl.child_by_field_name("type_parameters")
    if params is None:
        params = next((c for c in decl.named_children if c.type == "type_parameters"), None)
    for param in params.named_children if params is not None else ():
        children = param.named_children
        if children and text(children[0]) == name:
            bound = next((c for c in children if c.type == "type_bound"), None)
            return bound.named_children[0] if bound is not None and bound.named_children else None
    return False


_INDEXES: weakref.WeakKeyDictionary[Any, JavaIndex] = weakref.WeakKeyDictionary()


def index_of(project: Project) -> JavaIndex:
    """The project's Java index, built once per project object."""
    found = _INDEXES.get(project)
    if found is None:
        found = _INDEXES[project] = JavaIndex(project)
    return found


def body_owner(node: Any) -> bool:
    return node.type in BODIES
