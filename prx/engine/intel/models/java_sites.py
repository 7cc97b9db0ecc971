"""The places of a Java file that name one definition: each identifier spelled like it,
read by where it stands (a declaration, an import, a type, a call, a field access ...)
and resolved the way javac resolves it, as far as the file states types.

A member reached through a receiver of unknown type (a lambda's parameter, the result of
a library call) is a :data:`BY_NAME` candidate when a method of the family takes that
many arguments; through a receiver whose type is not the project's, it is not the
definition's.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from prx.engine.intel.models.base import BY_NAME, BY_TYPE, RESOLVED, Site
from prx.engine.intel.models.java_exprs import UNKNOWN, Ty, Typer
from prx.engine.intel.models.java_facts import TYPE_DECLS, FileFacts, JField, JMethod, JType, text
from prx.engine.intel.models.java_index import JavaIndex

__all__ = ["Wanted", "binding", "file_sites"]

#: Declarations of names that are never a type's, method's or field's use.
_LOCAL_DECLS = frozenset(
    {
        "formal_parameter",
        "catch_formal_parameter",
        "resource",
        "enhanced_for_statement",
        "inferred_parameters",
        "labeled_statement",
        "break_statement",
        "continue_statement",
        "instanceof_expression",
    }
)


class Wanted(NamedTuple):
    """The definition looked for, as the Java index holds it."""

    name: str
    #: Exactly one of these.
    jtype: JType | None = None
    methods: tuple[JMethod, ...] = ()
    field: JField | None = None


def file_sites(index: JavaIndex, facts: FileFacts, wanted: Wanted) -> list[Site]:
    """The sites of ``facts``'s file that refer to ``wanted``."""
    from prx.engine.intel.prefilter import word_offsets

    parsed = facts.parsed
    tree = parsed.tree
    if tree is None:
        return []
    root = tree.root_node
    typer = Typer(index, facts)
    reader = _Reader(index, facts, typer, wanted)
    out = []
    size = len(wanted.name.encode())
    for start in word_offsets(parsed.data, wanted.name):
        node = root.named_descendant_for_byte_range(start, start + size)
        if node is not None and node.type == "string_fragment":
            found = reader.method_source(node, start)
        elif node is None or node.start_byte != start or node.end_byte != start + size:
            continue
        elif node.type not in ("identifier", "type_identifier"):
            continue
        else:
            found = reader.classify(node)
        if found is None:
            continue
        how, role = found
        out.append(
            Site(
                file=facts.rel,
                line=int(node.start_point[0]) + 1,
                start=start,
                end=start + size,
                how=how,
                role=role,
            )
        )
    return out


def binding(index: JavaIndex, facts: FileFacts, start: int, name: str, family: set[int]) -> Any:
    """The member of a method family (ids in ``family``) that the call or method
    reference whose name is at ``start`` binds to as javac binds it: the nearest
    declaration its receiver's static type sees (an override in the receiver's class,
    or the base type's method when the receiver is the base type); None when the file
    does not say."""
    tree = facts.parsed.tree
    if tree is None:
        return None
    node = tree.root_node.named_descendant_for_byte_range(start, start + len(name.encode()))
    parent = node.parent if node is not None else None
    if parent is None:
        return None
    typer = Typer(index, facts)
    methods: list[JMethod] | None = None
    if parent.type == "method_invocation" and parent.child_by_field_name("name") == node:
        methods, _ = typer.invoked(parent)
    elif parent.type == "method_reference" and parent.named_children[0] != node:
        obj = parent.named_children[0]
        if obj.type == "super":
            methods, _ = typer.candidates(name, obj, parent)
        else:
            receiver = typer.type_of(obj)
            jtype = receiver.jtype
            methods = index.methods_named(jtype, name) if jtype is not None else None
    ours = [m for m in methods or () if id(m) in family]
    return ours[0] if ours else None


class _Reader:
    def __init__(self, index: JavaIndex, facts: FileFacts, typer: Typer, wanted: Wanted) -> None:
        self.index = index
        self.facts = facts
        self.typer = typer
        self.wanted = wanted
        self.family = {id(m) for m in wanted.methods}

    # -- what an identifier is --------------------------------------------------------

    def classify(self, node: Any) -> tuple[str, str] | None:
        parent = node.parent
        if parent is None:
            return None
        kind = parent.type
        if _inside(node, "package_declaration"):
            return None
        imp = _inside(node, "import_declaration")
        if imp is not None:
            return self._import(node, imp)
        if kind in TYPE_DECLS and parent.child_by_field_name("name") == node:
            jtype = next((t for t in self.facts.types if t.node == parent), None)
            return (RESOLVED, "definition") if jtype is self.wanted.jtype else None
        if kind in ("constructor_declaration", "compact_constructor_declaration"):
            if parent.child_by_field_name("name") == node and self.wanted.jtype is not None:
                owner = self.index.type_at(self.facts, parent)
                return (RESOLVED, "definition") if owner is self.wanted.jtype else None
            return None
        if kind in ("method_declaration", "annotation_type_element_declaration"):
            if parent.child_by_field_name("name") == node:
                return self._method_declaration(parent)
            return self._type_use(node) if node.type == "type_identifier" else None
        if kind == "variable_declarator" and parent.child_by_field_name("name") == node:
            decl = parent.parent
            if decl is not None and decl.type in ("field_declaration", "constant_declaration"):
                return self._field_declaration(node)
            return None
        if kind == "enum_constant" and parent.child_by_field_name("name") == node:
            return self._field_declaration(node)
        if kind in _LOCAL_DECLS and node.type == "identifier":
            if kind == "instanceof_expression" and parent.child_by_field_name("left") == node:
                return self._name(node)
            if kind == "enhanced_for_statement" and parent.child_by_field_name("value") == node:
                return self._name(node)
            return None
        if kind == "lambda_expression" and parent.child_by_field_name("parameters") == node:
            return None
        if kind == "type_parameter" and parent.named_children[0] == node:
            return None
        if node.type == "type_identifier":
            return self._type_use(node)
        if (
            kind in ("marker_annotation", "annotation")
            and parent.child_by_field_name("name") == node
        ):
            return self._type_use(node)
        if kind == "scoped_identifier":
            return self._scoped(node)
        if kind == "method_invocation" and parent.child_by_field_name("name") == node:
            return self._call(parent)
        if kind == "field_access" and parent.child_by_field_name("field") == node:
            return self._member(parent)
        if kind == "method_reference":
            return self._method_reference(parent, node)
        if kind == "element_value_pair" and parent.child_by_field_name("key") == node:
            return self._annotation_element(parent)
        if _switch_label(node):
            return self._enum_label(node)
        return self._name(node)

    def method_source(self, fragment: Any, start: int) -> tuple[str, str] | None:
        """A JUnit ``@MethodSource("name")`` (or ``"Type#name"``) naming a method of
        the family: the test runs only while the string names it."""
        if not self.family:
            return None
        value = text(fragment)
        name = self.wanted.name
        if value != name and not value.endswith("#" + name):
            return None
        if start != int(fragment.end_byte) - len(name.encode()):
            return None
        here = fragment.parent
        while here is not None and here.type not in ("annotation", "class_body"):
            here = here.parent
        label = here.child_by_field_name("name") if here is not None else None
        if label is None or not text(label).endswith("MethodSource"):
            return None
        owner = self.index.type_at(self.facts, here)
        if "#" in value:
            segments = value.split("#")[0].split(".")
            owner = self.index.resolve_segments(self.facts, segments, here)
        if not isinstance(owner, JType):
            return None
        methods = self.index.methods_named(owner, name)
        return (RESOLVED, "reference") if any(id(m) in self.family for m in methods) else None

    # -- declarations ---------------------------------------------------------------

    def _method_declaration(self, decl: Any) -> tuple[str, str] | None:
        if not self.family:
            return None
        owner = self.index.type_at(self.facts, decl)
        if owner is None:
            return None
        start = int(decl.child_by_field_name("name").start_byte)
        for method in owner.methods.get(self.wanted.name, ()):
            if method.start == start and id(method) in self.family:
                return RESOLVED, "definition"
        return None

    def _field_declaration(self, node: Any) -> tuple[str, str] | None:
        field = self.wanted.field
        if field is not None and field.owner.facts is self.facts and field.start == node.start_byte:
            return RESOLVED, "definition"
        return None

    # -- imports ----------------------------------------------------------------------

    def _import(self, node: Any, imp: Any) -> tuple[str, str] | None:
        parent = node.parent
        if parent.type == "scoped_identifier" and parent.child_by_field_name("name") == node:
            path = text(parent).replace(" ", "").split(".")
        else:
            path = [text(node)]
        static = any(c.type == "static" for c in imp.children)
        last = _import_path_node(imp)
        is_last = last is not None and last.end_byte == node.end_byte
        if self.wanted.jtype is not None:
            found = self._qualified_type(path)
            return (RESOLVED, "import") if found is self.wanted.jtype else None
        if not (static and is_last):
            return None
        owner = self._qualified_type(path[:-1])
        if not isinstance(owner, JType):
            return None
        if self.wanted.field is not None:
            found_field = self.index.find_field(owner, self.wanted.name)
            return (RESOLVED, "import") if found_field is self.wanted.field else None
        methods = self.index.methods_named(owner, self.wanted.name)
        if any(id(m) in self.family for m in methods):
            return RESOLVED, "import"
        return None

    def _qualified_type(self, segments: list[str]) -> Any:
        for cut in range(len(segments) - 1, -1, -1):
            package = ".".join(segments[:cut])
            top = self.index.packages.get(package)
            if top is not None and cut < len(segments) and segments[cut] in top:
                return self.index.member_path(top[segments[cut]], segments[cut + 1 :])
        return None

    # -- types --------------------------------------------------------------------------

    def _type_use(self, node: Any) -> tuple[str, str] | None:
        if self.wanted.jtype is None:
            return None
        parent = node.parent
        segments = [text(node)]
        if parent is not None and parent.type == "scoped_type_identifier":
            children = [c for c in parent.named_children if c.type != "annotation"]
            if children and children[0] != node:
                # ``Outer.Name``: the member of what the part before names.
                owner = self.index.resolve_type_node(self.facts, children[0])[0]
                if not isinstance(owner, JType):
                    prefix = text(children[0]).replace(" ", "").split(".")
                    found = self._qualified_type([*prefix, text(node)])
                    return (RESOLVED, "reference") if found is self.wanted.jtype else None
                member = self.index.member_type(owner, text(node))
                return (RESOLVED, "reference") if member is self.wanted.jtype else None
        found = self.index.resolve_segments(self.facts, segments, node)
        return (RESOLVED, "reference") if found is self.wanted.jtype else None

    def _scoped(self, node: Any) -> tuple[str, str] | None:
        """A part of ``a.b.C`` outside an import (an annotation's qualified name)."""
        if self.wanted.jtype is None:
            return None
        parent = node.parent
        if parent.child_by_field_name("scope") == node:
            segments = [text(node)]
            found = self.index.resolve_segments(self.facts, segments, node)
        else:
            scope = parent.child_by_field_name("scope")
            prefix = text(scope).replace(" ", "").split(".") if scope is not None else []
            found = self._qualified_type([*prefix, text(node)])
            if found is None and prefix:
                found = self.index.resolve_segments(self.facts, [*prefix, text(node)], node)
        return (RESOLVED, "reference") if found is self.wanted.jtype else None

    # -- names in expressions -----------------------------------------------------

    def _name(self, node: Any) -> tuple[str, str] | None:
        """A bare name: a variable (local, field, static import) or else a type."""
        name = text(node)
        var = self.typer.variable(name, node)
        if var is not None:
            if var.field is not None and var.field is self.wanted.field:
                return RESOLVED, "reference"
            return None
        if self.wanted.jtype is not None:
            found = self.index.resolve_simple(self.facts, name, node)
            return (RESOLVED, "reference") if found is self.wanted.jtype else None
        return None

    def _member(self, access: Any) -> tuple[str, str] | None:
        """``obj.name``: a field of obj's type, or a member type, or a package's type."""
        obj = access.child_by_field_name("object")
        name = self.wanted.name
        owner = self.typer.type_of(obj) if obj is not None else UNKNOWN
        if owner.package is not None:
            if self.wanted.jtype is None:
                return None
            top = self.index.packages.get(owner.package, {})
            return (RESOLVED, "reference") if top.get(name) is self.wanted.jtype else None
        jtype = owner.jtype
        if jtype is None:
            if owner.base is None and self.wanted.field is not None:
                return BY_NAME, "reference"
            return None
        if self.wanted.field is not None:
            found = self.index.find_field(jtype, name)
            return (_how(owner), "reference") if found is self.wanted.field else None
        if self.wanted.jtype is not None and owner.static:
            member = self.index.member_type(jtype, name)
            return (RESOLVED, "reference") if member is self.wanted.jtype else None
        return None

    def _call(self, call: Any) -> tuple[str, str] | None:
        if not self.family:
            return None
        methods, receiver = self.typer.invoked(call)
        if methods is None:
            if receiver.base is None and receiver.package is None:
                args = call.child_by_field_name("arguments")
                count = len(args.named_children) if args is not None else 0
                if any(m.accepts(count) for m in self.wanted.methods):
                    return BY_NAME, "reference"
            return None
        return self._bound(methods, receiver)

    def _bound(self, methods: list[JMethod], receiver: Ty) -> tuple[str, str] | None:
        ours = [m for m in methods if id(m) in self.family]
        if not ours:
            return None
        if len(ours) < len(methods):
            return BY_NAME, "reference"  # an overload of another family may be the one
        return _how(receiver), "reference"

    def _method_reference(self, ref: Any, node: Any) -> tuple[str, str] | None:
        children = ref.named_children
        if children and children[0] == node:
            return self._name(node)
        if not self.family or len(children) < 2:
            return None
        obj = children[0]
        if obj.type == "super":
            methods, receiver = self.typer.candidates(self.wanted.name, obj, ref)
        else:
            receiver = self.typer.type_of(obj)
            methods = (
                self.index.methods_named(receiver.jtype, self.wanted.name)
                if receiver.jtype is not None
                else None
            )
        if methods is None:
            return (BY_NAME, "reference") if receiver.base is None else None
        return self._bound(_by_arity(self.typer, ref, methods, receiver), receiver)

    def _annotation_element(self, pair: Any) -> tuple[str, str] | None:
        if not self.family:
            return None
        annotation = pair.parent.parent if pair.parent is not None else None
        name = annotation.child_by_field_name("name") if annotation is not None else None
        if name is None:
            return None
        owner = self.index.resolve_segments(
            self.facts, text(name).replace(" ", "").split("."), name
        )
        if not isinstance(owner, JType):
            return None
        methods = owner.methods.get(self.wanted.name, [])
        return (RESOLVED, "reference") if any(id(m) in self.family for m in methods) else None

    def _enum_label(self, node: Any) -> tuple[str, str] | None:
        field = self.wanted.field
        if field is None or field.kind != "enum_constant":
            return self._name(node)
        switch = _inside(node, "switch_block")
        condition = switch.parent.child_by_field_name("condition") if switch is not None else None
        selector = self.typer.type_of(condition) if condition is not None else UNKNOWN
        if selector.jtype is not None:
            return (RESOLVED, "reference") if selector.jtype is field.owner else None
        return (BY_NAME, "reference") if selector.base is None else None


def _by_arity(typer: Typer, ref: Any, methods: list[JMethod], receiver: Ty) -> list[JMethod]:
    """The overloads a method reference may stand for, by the number of parameters its
    target type's function takes (``Type::m`` also an instance method taking one less:
    the first parameter is its receiver)."""
    from prx.engine.intel.models.java_lambdas import functional_arity

    arity = functional_arity(typer, ref)
    if arity is None:
        return methods
    fitting = [
        m
        for m in methods
        if (m.accepts(arity) and (m.static or not receiver.static))
        or (receiver.static and not m.static and arity > 0 and m.accepts(arity - 1))
    ]
    return fitting or methods  # none fits: the target type was misread, stay unsure


def _how(receiver: Ty) -> str:
    return BY_TYPE if receiver.inferred else RESOLVED


def _inside(node: Any, kind: str) -> Any:
    here = node.parent
    while here is not None:
        if here.type == kind:
            return here
        if here.type in ("class_body", "block"):
            return None if kind != "switch_block" else _inside_switch(node)
        here = here.parent
    return None


def _inside_switch(node: Any) -> Any:
    here = node.parent
    while here is not None:
        if here.type == "switch_block":
            return here
        here = here.parent
    return None


def _switch_label(node: Any) -> bool:
    """Whether ``node`` is a bare constant of a ``case`` label."""
    parent = node.parent
    return parent is not None and parent.type == "switch_label"


def _import_path_node(imp: Any) -> Any:
    return next(
        (c for c in imp.named_children if c.type in ("scoped_identifier", "identifier")), None
    )
