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
    JField,
    JMethod,
    JType,
    text,
    type_segments,
)
from prx.engine.intel.models.java_index import EXTERNAL, JavaIndex

__all__ = ["UNKNOWN", "Ty", "Typer", "Var"]


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
_STRING = Ty(EXTERNAL, name="String")


class Var(NamedTuple):
    """What a name denotes as a variable: a local (with its type node, or its value for
    ``var``) or a field."""

    field: JField | None = None
    type_node: Any = None
    value: Any = None
    #: Extra array dimensions (a varargs parameter).
    dims: int = 0
    #: A lambda parameter without a type, ``for (var x : xs)`` ...
    untyped: bool = False


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
        "class_literal",
        "array_creation_expression",
        "binary_expression",
        "unary_expression",
        "instanceof_expression",
    }
)
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
}
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
            found = self._declared_in(here, child, name, at)
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

    def _declared_in(self, scope: Any, child: Any, name: str, at: Any) -> Var | None:
        kind = scope.type
        if kind in ("block", "constructor_body", "switch_block_statement_group", "program"):
            for stmt in scope.named_children:
                if stmt.start_byte >= at.start_byte:
                    break
                if stmt.type == "local_variable_declaration":
                    found = _declarator(stmt, name)
                    if found is not None:
                        return found
            return None
        if kind == "for_statement":
            init = scope.child_by_field_name("init")
            if init is not None and init.type == "local_variable_declaration":
                return _declarator(init, name)
            return None
        if kind == "enhanced_for_statement":
            var = scope.child_by_field_name("name")
            if (
                var is not None
                and text(var) == name
                and child != scope.child_by_field_name("value")
            ):
                type_node = scope.child_by_field_name("type")
                if type_node is not None and text(type_node) == "var":
                    return Var(untyped=True)
                return Var(type_node=type_node)
            return None
        if kind == "catch_clause":
            param = next(
                (c for c in scope.named_children if c.type == "catch_formal_parameter"), None
            )
            var = param.child_by_field_name("name") if param is not None else None
            if param is not None and var is not None and text(var) == name:
                catch_type = next((c for c in param.named_children if c.type == "catch_type"), None)
                types = catch_type.named_children if catch_type is not None else []
                return Var(type_node=types[0]) if len(types) == 1 else Var(untyped=True)
            return None
        if kind == "try_with_resources_statement":
            spec = scope.child_by_field_name("resources")
            for res in spec.named_children if spec is not None else ():
                var = res.child_by_field_name("name")
                if var is not None and text(var) == name and res.start_byte < at.start_byte:
                    return Var(
                        type_node=res.child_by_field_name("type"),
                        value=res.child_by_field_name("value"),
                    )
            return None
        if kind == "lambda_expression":
            params = scope.child_by_field_name("parameters")
            if params is None:
                return None
            if params.type == "identifier":
                return Var(untyped=True) if text(params) == name else None
            for param in params.named_children:
                if param.type == "identifier" and text(param) == name:
                    return Var(untyped=True)
                found = _parameter(param, name)
                if found is not None:
                    return found
            return None
        if kind in ("method_declaration", "constructor_declaration"):
            params = scope.child_by_field_name("parameters")
            for param in params.named_children if params is not None else ():
                found = _parameter(param, name)
                if found is not None:
                    return found
            body = scope.child_by_field_name("body")
            if body is not None:
                return self._pattern(body, name, at)
            return None
        if kind == "record_declaration":
            params = scope.child_by_field_name("parameters")
            for param in params.named_children if params is not None else ():
                found = _parameter(param, name)
                if found is not None and scope.child_by_field_name("body") != child:
                    return found
        return None

    def _pattern(self, body: Any, name: str, at: Any) -> Var | None:
        """A pattern variable (``x instanceof Foo f``) declared before ``at``."""
        stack = [body]
        found: Var | None = None
        while stack:
            node = stack.pop()
            if node.start_byte >= at.start_byte:
                continue
            if node.type == "instanceof_expression":
                var = node.child_by_field_name("name")
                if var is not None and text(var) == name:
                    found = Var(type_node=node.child_by_field_name("right"))
            stack.extend(node.named_children)
        return found

    # -- types --------------------------------------------------------------------

    def type_of_node(self, type_node: Any, facts: FileFacts | None = None, dims: int = 0) -> Ty:
        facts = facts or self.facts
        if type_node.type in _PRIMITIVES:
            return Ty(PRIMITIVE, dims, name=text(type_node))
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
            return Ty(resolved, static=True)
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
            return _STRING
        if kind in _NUMBERS:
            return Ty(PRIMITIVE, name=kind)
        if kind in _LITERALS:
            return _EXTERNAL
        return UNKNOWN

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
        if methods is None:
            return _element(self, receiver, node)
        if not methods:
            return UNKNOWN
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
            # Overloads with as many parameters: those the arguments' types rule out go.
            typed = [m for m in applicable if self._takes(m, args.named_children)]
            applicable = typed or applicable
        return applicable, receiver

    def _takes(self, method: JMethod, args: list[Any]) -> bool:
        """Whether ``method`` may take ``args`` (False only when a type rules it out)."""
        from prx.engine.intel.models.java_family import type_variables

        variables = type_variables(method)
        for (_, param), arg in zip(method.params, args, strict=False):
            if param.type != "formal_parameter":
                return True  # varargs: not checked
            type_node = param.child_by_field_name("type")
            if type_node is None or not _compatible(self, arg, type_node, method, variables):
                if type_node is not None:
                    return False
        return True

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


_PRIMITIVES = frozenset({"integral_type", "floating_point_type", "boolean_type"})
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
#: What a string literal may be passed as.
_STRING_SUPERS = frozenset({"String", "CharSequence", "Object", "Comparable", "Serializable"})


def _compatible(
    typer: Typer, arg: Any, type_node: Any, method: JMethod, variables: set[str]
) -> bool:
    """Whether argument ``arg`` may be passed to a parameter of type ``type_node`` (True
    unless the types rule it out)."""
    found = typer.type_of(arg)
    if found.base is None or found.static:
        return True
    if type_node.type in _PRIMITIVES:
        if found.base is PRIMITIVE:
            return True
        return found.jtype is None and found.dims == 0 and found.name in _BOXES
    segments, dims, _ = type_segments(type_node)
    if not segments or segments[-1] in variables:
        return True
    if found.dims != dims:
        return False
    if found.base is PRIMITIVE:  # boxed, then widened to a reference type
        return dims == 0 and segments[-1] in _BOXING_TARGETS
    param = typer.index.resolve_type_node(method.owner.facts, type_node)[0]
    if isinstance(param, JType):
        if found.jtype is None:
            return False
        return found.jtype is param or param in typer.index.ancestors(found.jtype)
    if found.jtype is not None:
        return segments[-1] == "Object" or typer.index.external_supers(found.jtype)
    if segments[-1] == "String":  # a final class: only a String is one
        return found.name in ("", "String")
    if found.name == "String":
        return segments[-1] in _STRING_SUPERS
    return True


#: Boxed types a primitive parameter takes by unboxing.
_BOXES = frozenset({"Integer", "Long", "Short", "Byte", "Character", "Boolean", "Float", "Double"})
#: Reference types a primitive argument is boxed to.
_BOXING_TARGETS = _BOXES | {"Object", "Number", "Comparable", "Serializable"}


def _element(typer: Typer, receiver: Ty, node: Any) -> Ty:
    """A JDK container's element (``List<Foo>.get(0)`` -> ``Foo``), else unknown."""
    name_node = node.child_by_field_name("name")
    name = text(name_node) if name_node is not None else ""
    if receiver.base is not EXTERNAL or name not in _ELEMENT_METHODS or not receiver.args:
        return UNKNOWN
    which = _ELEMENT_METHODS[name]
    if which is None:  # an iterator of the same elements
        return receiver._replace(inferred=True)
    if which == "values":  # a map's values, keys: a collection of them
        return receiver._replace(args=(receiver.args[-1],), inferred=True)
    if which == "keys":
        return receiver._replace(args=(receiver.args[0],), inferred=True)
    assert isinstance(which, int)
    arg = receiver.args[which]
    return typer.type_of_node(arg, receiver.facts)._replace(inferred=True)


def _declarator(decl: Any, name: str) -> Var | None:
    type_node = decl.child_by_field_name("type")
    for declarator in decl.children_by_field_name("declarator"):
        var = declarator.child_by_field_name("name")
        if var is not None and text(var) == name:
            dims = declarator.child_by_field_name("dimensions")
            return Var(
                type_node=type_node,
                value=declarator.child_by_field_name("value"),
                dims=text(dims).count("[") if dims is not None else 0,
            )
    return None


def _parameter(param: Any, name: str) -> Var | None:
    if param.type == "formal_parameter":
        var = param.child_by_field_name("name")
        if var is not None and text(var) == name:
            return Var(type_node=param.child_by_field_name("type"))
    elif param.type == "spread_parameter":
        declarator = next(
            (c for c in param.named_children if c.type == "variable_declarator"), None
        )
        var = declarator.child_by_field_name("name") if declarator is not None else None
        if var is not None and text(var) == name:
            type_node = next(
                (c for c in param.named_children if c.is_named and "type" in c.type), None
            )
            return Var(type_node=type_node, dims=1)
    return None
