"""What a Java expression is: the variable a name denotes (a local, a parameter, a field)
and the static type of an expression, as far as the file states it.

A type is a :class:`Ty`: a project type (:class:`~.java_facts.JType`), an external one,
or unknown (a lambda's parameter, the result of a library call); ``static`` when the
expression names the type itself (``Foo`` in ``Foo.bar()``), ``package`` for the first
parts of a qualified name.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from prx.engine.intel.models.java_facts import (
    FileFacts,
    JMethod,
    JType,
    text,
    type_segments,
)
from prx.engine.intel.models.java_index import EXTERNAL, JavaIndex
from prx.engine.intel.models.java_vars import Var, declared_in

__all__ = ["NULL", "PRIMITIVE", "PRIMITIVES", "STRING", "UNKNOWN", "Ty", "Typer", "Var"]


class Ty(NamedTuple):
    """The static type of an expression."""

    #: A :class:`JType`, :data:`EXTERNAL`, or None (unknown).
    base: Any
    dims: int = 0
    #: The expression names a type (``Foo`` in ``Foo.m()``), not a value.
    static: bool = False
    #: The expression is a package prefix (``java`` in ``java.util.List``): its name.
    package: str | None = None
    #: The type was inferred (``var``, a method's result), not written where it is used.
    inferred: bool = False
    #: The type arguments' nodes and the file they are read in (``List<Foo>``).
    args: tuple[Any, ...] = ()
    facts: FileFacts | None = None
    #: The simple name of a type not the project's (``String``), or of a primitive.
    name: str = ""

    @property
    def jtype(self) -> JType | None:
        return self.base if isinstance(self.base, JType) and self.dims == 0 else None

    @property
    def external(self) -> bool:
        return self.base is EXTERNAL or (self.base is not None and self.dims > 0)


UNKNOWN = Ty(None)
_EXTERNAL = Ty(EXTERNAL)


class _Primitive:
    def __repr__(self) -> str:
        return "PRIMITIVE"


#: The type of a primitive value (``int``, ``char``, ``boolean`` ...).
PRIMITIVE: Any = _Primitive()
#: The type of ``null``: any reference type takes it, no primitive does.
NULL = Ty(None, name="null")
STRING = Ty(EXTERNAL, name="String")


_LITERALS = frozenset(
    {
        "string_literal",
        "text_block",
        "character_literal",
        "decimal_integer_literal",
        "hex_integer_literal",
        "octal_integer_literal",
        "binary_integer_literal",
        "decimal_floating_point_literal",
        "hex_floating_point_literal",
        "true",
        "false",
        "binary_expression",
        "unary_expression",
        "instanceof_expression",
    }
)
_SCOPES_STOP = frozenset(
    {"class_body", "interface_body", "enum_body", "enum_body_declarations", "program"}
)


class Typer:
    """Types the expressions of one file."""

    def __init__(self, index: JavaIndex, facts: FileFacts) -> None:
        self.index = index
        self.facts = facts

    # -- variables ----------------------------------------------------------------

    def variable(self, name: str, at: Any) -> Var | None:
        """What ``name`` denotes as a variable at node ``at`` (None: no variable)."""
        here = at
        child = at
        while here is not None:
            found = declared_in(here, child, name, at)
            if found is not None:
                return found
            if here.type in _SCOPES_STOP and here.type != "program":
                owner = self.index.type_at(self.facts, child)
                if owner is not None:
                    field = self.index.find_field(owner, name)
                    if field is not None:
                        return Var(field=field)
            child = here
            here = here.parent
        return self._static_import(name)

    def _static_import(self, name: str) -> Var | None:
        for star in (False, True):
            for imp in self.facts.imports:
                if not imp.static or imp.star != star:
                    continue
                segments = imp.segments if star else imp.segments[:-1]
                if not star and imp.segments[-1] != name:
                    continue
                owner = self.index.by_fqn.get(".".join(segments))
                if owner is not None:
                    field = self.index.find_field(owner, name)
                    if field is not None:
                        return Var(field=field)
        return None

    # -- types --------------------------------------------------------------------

    def type_of_node(self, type_node: Any, facts: FileFacts | None = None, dims: int = 0) -> Ty:
        facts = facts or self.facts
        element, extra = type_node, 0
        while element.type == "array_type" and element.child_by_field_name("element") is not None:
            extra += text(element.child_by_field_name("dimensions") or element).count("[")
            element = element.child_by_field_name("element")
        if element.type in PRIMITIVES:  # ``char[]``: an array of primitives
            return Ty(PRIMITIVE, dims + extra, name=text(element))
        base, more, args = self.index.resolve_type_node(facts, type_node)
        if base is None:
            return UNKNOWN
        segments = type_segments(type_node)[0]
        name = segments[-1] if base is EXTERNAL and segments else ""
        return Ty(base, more + dims, args=tuple(args), facts=facts, name=name)

    def type_of_var(self, var: Var, at: Any) -> Ty:
        if var.field is not None:
            field = var.field
            if field.kind == "enum_constant":
                return Ty(field.owner)
            if field.type_node is None:
                return UNKNOWN
            return self.type_of_node(field.type_node, field.owner.facts)
        if var.lam is not None:
            from prx.engine.intel.models.java_lambdas import lambda_parameter

            return lambda_parameter(self, var.lam, var.position)
        if var.untyped:
            return UNKNOWN
        if var.type_node is None:
            return UNKNOWN
        if var.type_node.type == "type_identifier" and text(var.type_node) == "var":
            value = var.value
            return self.type_of(value)._replace(inferred=True) if value is not None else UNKNOWN
        return self.type_of_node(var.type_node, dims=var.dims)

    def type_of(self, node: Any) -> Ty:
        """The static type of expression ``node``."""
        kind = node.type
        if kind == "identifier":
            name = text(node)
            var = self.variable(name, node)
            if var is not None:
                return self.type_of_var(var, node)
            resolved = self.index.resolve_simple(self.facts, name, node)
            if resolved is None:
                return Ty(None, package=name)
            return Ty(resolved, static=True, name=name if resolved is EXTERNAL else "")
        if kind == "this":
            owner = self.index.type_at(self.facts, node)
            return Ty(owner) if owner is not None else UNKNOWN
        if kind == "super":
            owner = self.index.type_at(self.facts, node)
            supers = self.index.supertypes(owner) if owner is not None else []
            return Ty(supers[0]) if supers else _EXTERNAL
        if kind == "field_access":
            return self._field_access(node)
        if kind == "method_invocation":
            return self._invocation(node)
        if kind == "object_creation_expression":
            type_node = node.child_by_field_name("type")
            return self.type_of_node(type_node) if type_node is not None else UNKNOWN
        if kind == "cast_expression":
            type_node = node.child_by_field_name("type")
            return self.type_of_node(type_node) if type_node is not None else UNKNOWN
        if kind == "parenthesized_expression":
            inner = node.named_children
            return self.type_of(inner[0]) if inner else UNKNOWN
        if kind == "array_access":
            array = node.child_by_field_name("array")
            found = self.type_of(array) if array is not None else UNKNOWN
            return found._replace(dims=found.dims - 1) if found.dims > 0 else UNKNOWN
        if kind == "ternary_expression":
            for field in ("consequence", "alternative"):
                branch = node.child_by_field_name(field)
                if branch is not None:
                    found = self.type_of(branch)
                    if found.base is not None:
                        return found
            return UNKNOWN
        if kind == "assignment_expression":
            left = node.child_by_field_name("left")
            return self.type_of(left) if left is not None else UNKNOWN
        if kind in ("string_literal", "text_block"):
            return STRING
        if kind == "array_creation_expression":
            return self._array_creation(node)
        if kind == "null_literal":
            return NULL
        if kind == "class_literal":
            return Ty(EXTERNAL, name="Class")
        if kind in _NUMBERS:
            return Ty(PRIMITIVE, name=kind)
        if kind in _LITERALS:
            return _EXTERNAL
        return UNKNOWN

    def _array_creation(self, node: Any) -> Ty:
        """``new T[n][]`` or ``new T[] {..}``: T with as many dimensions."""
        type_node = node.child_by_field_name("type")
        if type_node is None:
            return UNKNOWN
        dims = sum(
            1 if c.type == "dimensions_expr" else text(c).count("[")
            for c in node.children_by_field_name("dimensions")
        )
        return self.type_of_node(type_node, dims=dims)

    def _field_access(self, node: Any) -> Ty:
        obj = node.child_by_field_name("object")
        field = node.child_by_field_name("field")
        if obj is None or field is None:
            return UNKNOWN
        if field.type == "this":  # Outer.this
            outer = self.type_of(obj)
            return outer._replace(static=False)
        name = text(field)
        owner = self.type_of(obj)
        if owner.package is not None:
            package = f"{owner.package}.{name}"
            top = self.index.packages.get(owner.package)
            if top is not None and name in top:
                return Ty(top[name], static=True)
            if self.index.is_package(package):
                return Ty(None, package=package)
            return Ty(EXTERNAL, static=True)
        jtype = owner.jtype
        if jtype is None:
            if owner.static and owner.name == "System" and name in ("out", "err"):
                return Ty(EXTERNAL, name="PrintStream")
            return _EXTERNAL if owner.external else UNKNOWN
        found = self.index.find_field(jtype, name)
        if found is not None:
            return self.type_of_var(Var(field=found), node)._replace(inferred=owner.inferred)
        if owner.static:
            member = self.index.member_type(jtype, name)
            if member is not None:
                return Ty(member, static=True)
        if name == "length" and owner.dims:
            return _EXTERNAL
        return UNKNOWN if self.index.external_supers(jtype) else _EXTERNAL

    def _invocation(self, node: Any) -> Ty:
        methods, receiver = self.invoked(node)
        if methods is None or not methods:
            from prx.engine.intel.models.java_jdk import jdk_result

            return jdk_result(self, receiver, node)
        # The nearest declaration first: an override may narrow the result's type.
        method = methods[0]
        type_node = method.return_node
        if type_node is None or any(
            m.owner is method.owner and text(m.return_node or m.node) != text(type_node)
            for m in methods[1:]
        ):
            return UNKNOWN
        found = self.type_of_node(type_node, method.owner.facts)
        return found._replace(inferred=True)

    def invoked(self, node: Any) -> tuple[list[JMethod] | None, Ty]:
        """The project methods a call may bind to (by name and number of arguments),
        and the receiver's type; None when the receiver is unknown or not the
        project's (then the list cannot be known)."""
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return None, UNKNOWN
        name = text(name_node)
        args = node.child_by_field_name("arguments")
        count = len(args.named_children) if args is not None else 0
        obj = node.child_by_field_name("object")
        candidates, receiver = self.candidates(name, obj, node)
        if candidates is None:
            return None, receiver
        applicable = [m for m in candidates if m.accepts(count)]
        if len(applicable) > 1 and args is not None:
            from prx.engine.intel.models.java_overloads import overload

            applicable = overload(self, applicable, args.named_children)
        return applicable, receiver

    def candidates(self, name: str, obj: Any, at: Any) -> tuple[list[JMethod] | None, Ty]:
        """The project methods named ``name`` that ``obj.name`` (or a bare ``name`` when
        ``obj`` is None) may call, and the receiver's type."""
        if obj is None:
            for owner in self.facts.enclosing(at):
                found = self.index.methods_named(owner, name)
                if found:
                    return found, Ty(owner)
            for imp in self.facts.imports:
                if imp.static and (imp.star or imp.segments[-1] == name):
                    segments = imp.segments if imp.star else imp.segments[:-1]
                    imported = self.index.by_fqn.get(".".join(segments))
                    if imported is not None:
                        found = self.index.methods_named(imported, name)
                        if found:
                            return found, Ty(imported, static=True)
            return [], _EXTERNAL
        if obj.type == "super":
            inner = self.index.type_at(self.facts, obj)
            if inner is None:
                return None, UNKNOWN
            supers = self.index.supertypes(inner)
            found = [
                m for s in supers if isinstance(s, JType) for m in self.index.methods_named(s, name)
            ]
            return found, Ty(supers[0] if supers else EXTERNAL)
        receiver = self.type_of(obj)
        jtype = receiver.jtype
        if jtype is None:
            return None, receiver
        return self.index.methods_named(jtype, name), receiver


PRIMITIVES = frozenset({"integral_type", "floating_point_type", "boolean_type"})
_NUMBERS = frozenset(
    {
        "decimal_integer_literal",
        "hex_integer_literal",
        "octal_integer_literal",
        "binary_integer_literal",
        "decimal_floating_point_literal",
        "hex_floating_point_literal",
        "character_literal",
        "true",
        "false",
    }
)
