"""One Go file read the way the compiler binds its names: scopes and the types of values.

:class:`FileWalker` goes through a file in order, keeping the scopes of its functions
(parameters, results, receivers, ``:=``, ``var``, ``range``, type switches, the clauses
of ``if``/``for``/``switch``/``select``), and for every identifier spelled like the name
it looks for, says what that identifier refers to (a :data:`Referent`):

- ``("pkg", key, name)``: a package-level declaration (its own package's, a dot
  import's, or ``alias.Name`` of an imported package);
- ``("member", (key, type), name)``: a field or method of a project type, reached
  through a value whose type the file states or implies (a parameter, ``var x T``,
  ``x := T{}``/``&T{}``/``new(T)``, a call whose declared result is ``T``, a field, an
  index, a range, a type assertion), embedded types included;
- ``("?", name)``: a field or method of a value whose type could not be told;
- None: something else (a local, another module's, the language's own).

The declarations themselves are not reported (the model knows them from the index).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prx.engine.intel.models.go_defs import node_text
from prx.engine.intel.models.go_index import EXTERNAL, GoFile, GoIndex, Member, Type

__all__ = ["FileWalker", "Referent"]

Referent = Any
#: Functions of the language (a local or package-level declaration may shadow them).
_BUILTINS = frozenset(
    "append cap clear close complex copy delete imag len make max min new panic print "
    "println real recover".split()
)
_SCOPED = frozenset(
    {
        "if_statement",
        "for_statement",
        "expression_switch_statement",
        "select_statement",
        "expression_case",
        "default_case",
        "communication_case",
        "block",
    }
)
_FUNCTIONS = frozenset({"function_declaration", "method_declaration", "func_literal"})
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "&&", "||"})
#: A local name that denotes a type (a type parameter, a local type): type unknown.
_LOCAL_TYPE = ("localtype",)


class _Scope:
    __slots__ = ("names", "parent")

    def __init__(self, parent: _Scope | None) -> None:
        self.parent = parent
        #: Name -> its type (values), or ``("typename", t)`` (types).
        self.names: dict[str, Type] = {}


class FileWalker:
    """Resolve the identifiers spelled ``name`` of one file (see the module)."""

    def __init__(
        self,
        index: GoIndex,
        file: GoFile,
        name: str,
        found: Callable[[Any, Referent], None],
    ) -> None:
        self.index = index
        self.file = file
        self.name = name
        self.found = found
        self.scope: _Scope | None = None

    # -- scopes ----------------------------------------------------------------------

    def _push(self) -> None:
        self.scope = _Scope(self.scope)

    def _pop(self) -> None:
        assert self.scope is not None
        self.scope = self.scope.parent

    def _declare(self, name_node: Any, t: Type) -> None:
        if self.scope is not None and name_node is not None:
            name = node_text(name_node)
            if name != "_":
                self.scope.names[name] = t

    def _local(self, name: str) -> Any:
        """The type of a local name (False when no local declares it)."""
        scope = self.scope
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return False

    def _type_local(self, name: str) -> Any:
        """For :meth:`GoIndex.resolve_type`: a local type name (unknown), else False."""
        found = self._local(name)
        if found is False:
            return False
        if found is not None and found[0] == "typename":
            return found[1]
        return None

    def resolve_type(self, node: Any) -> Type:
        return self.index.resolve_type(node, self.file, self._type_local)

    # -- the walk --------------------------------------------------------------------

    def walk(self) -> None:
        for child in self.file.root.named_children:
            if child.type in ("package_clause", "import_declaration", "comment"):
                continue
            self.visit(child)

    def visit(self, node: Any) -> None:
        kind = node.type
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, node)
            return
        if kind in _SCOPED:
            self._push()
            self._children(node)
            self._pop()
            return
        if kind in ("identifier", "type_identifier"):
            if node_text(node) == self.name:
                self.found(node, self._identifier(node))
            return
        self._children(node)

    def _children(self, node: Any) -> None:
        for child in node.named_children:
            self.visit(child)

    def _identifier(self, node: Any) -> Referent:
        name = node_text(node)
        if self._local(name) is not False:
            return None
        if name in self.file.imports:
            return None
        for key in (self.file.key, *self.file.dots):
            package = self.index.packages.get(key)
            if package is not None and name in package.declared:
                return ("pkg", key, name)
        return None

    # -- declarations ----------------------------------------------------------------

    def _function(self, node: Any) -> None:
        self._push()
        for field in ("type_parameters", "receiver", "parameters", "result"):
            part = node.child_by_field_name(field)
            if part is None:
                continue
            if field == "type_parameters":
                for param in part.named_children:
                    for i in range(param.child_count):
                        if param.field_name_for_child(i) == "name":
                            self._declare(param.children[i], ("typename", None))
                self._children(part)
            elif part.type == "parameter_list":
                if field == "receiver":
                    self._receiver_type_parameters(part)
                self._parameters(part)
            else:
                self.visit(part)
        body = node.child_by_field_name("body")
        if body is not None:
            self._children(body)
        self._pop()

    def _receiver_type_parameters(self, receiver: Any) -> None:
        """``func (l *List[T]) ...`` declares ``T`` for the method."""
        stack = list(receiver.named_children)
        while stack:
            node = stack.pop()
            if node.type == "type_arguments":
                for argument in node.named_children:
                    inner = argument.named_children[0] if argument.named_children else argument
                    if inner.type in ("type_identifier", "identifier"):
                        self._declare(inner, ("typename", None))
            else:
                stack.extend(node.named_children)

    def _parameters(self, node: Any) -> None:
        for param in node.named_children:
            if param.type not in ("parameter_declaration", "variadic_parameter_declaration"):
                continue
            type_node = param.child_by_field_name("type")
            if type_node is not None:
                self.visit(type_node)
            t = self.resolve_type(type_node)
            if param.type == "variadic_parameter_declaration":
                t = ("slice", t)
            for i in range(param.child_count):
                if param.field_name_for_child(i) == "name":
                    self._declare(param.children[i], t)

    def _short_var(self, node: Any) -> None:
        right = node.child_by_field_name("right")
        left = node.child_by_field_name("left")
        if right is not None:
            self.visit(right)
        values = right.named_children if right is not None else []
        names = left.named_children if left is not None else []
        for name_node, t in zip(names, self._assigned(values, len(names)), strict=False):
            if name_node.type == "identifier":
                self._declare(name_node, t)

    def _assigned(self, values: list[Any], count: int) -> list[Type]:
        """The types ``count`` names take from ``values`` (one call's results, ``v, ok``)."""
        if len(values) == count:
            return [self.type_of(v) for v in values]
        if len(values) == 1:
            t = self.type_of(values[0])
            if t is not None and t[0] == "tuple":
                return list(t[1]) + [None] * (count - len(t[1]))
            return [t, ("basic", "bool")] + [None] * (count - 2)
        return [None] * count

    def _var_spec(self, node: Any) -> None:
        type_node = node.child_by_field_name("type")
        value = node.child_by_field_name("value")
        if type_node is not None:
            self.visit(type_node)
        if value is not None:
            self.visit(value)
        names = [
            node.children[i]
            for i in range(node.child_count)
            if node.field_name_for_child(i) == "name"
        ]
        if self.scope is None:
            return  # package level: the index has it
        if type_node is not None:
            types = [self.resolve_type(type_node)] * len(names)
        else:
            types = self._assigned(value.named_children if value is not None else [], len(names))
        for name_node, t in zip(names, types, strict=False):
            self._declare(name_node, t)

    def _type_spec(self, node: Any) -> None:
        for i in range(node.child_count):
            field = node.field_name_for_child(i)
            child = node.children[i]
            if field == "name":
                if self.scope is not None:
                    self._declare(child, ("typename", _LOCAL_TYPE))
            elif field == "type_parameters":
                self._push()
                for param in child.named_children:
                    for j in range(param.child_count):
                        if param.field_name_for_child(j) == "name":
                            self._declare(param.children[j], ("typename", None))
                self._children(child)
            elif child.is_named:
                self.visit(child)
        if any(node.field_name_for_child(i) == "type_parameters" for i in range(node.child_count)):
            self._pop()

    def _field_declaration(self, node: Any) -> None:
        for i in range(node.child_count):
            if node.children[i].is_named and node.field_name_for_child(i) != "name":
                self.visit(node.children[i])

    def _method_elem(self, node: Any) -> None:
        for field in ("parameters", "result"):
            part = node.child_by_field_name(field)
            if part is not None:
                self._push()
                if part.type == "parameter_list":
                    self._parameters(part)
                else:
                    self.visit(part)
                self._pop()

    def _for(self, node: Any) -> None:
        self._push()
        for child in node.named_children:
            if child.type == "range_clause":
                self._range(child)
            else:
                self.visit(child)
        self._pop()

    def _declared_sides(self, node: Any) -> tuple[Any, Any] | None:
        """Visit a ``left := right`` (or ``=``) clause's right side; its (left, right)
        when it declares names (``:=``), else None (the left side visited as uses)."""
        right = node.child_by_field_name("right")
        left = node.child_by_field_name("left")
        if right is not None:
            self.visit(right)
        if left is None:
            return None
        if not any(not c.is_named and c.type == ":=" for c in node.children):
            self.visit(left)
            return None
        return left, right

    def _range(self, node: Any) -> None:
        sides = self._declared_sides(node)
        if sides is None:
            return
        left, right = sides
        over = self._underlying(self.type_of(right) if right is not None else None)
        key: Type = None
        value: Type = None
        if over is not None:
            if over == EXTERNAL:
                key = value = EXTERNAL
            elif over[0] == "slice":
                key, value = ("basic", "int"), over[1]
            elif over[0] == "map":
                key, value = over[1], over[2]
            elif over[0] == "chan":
                key = over[1]
            elif over == ("basic", "string"):
                key, value = ("basic", "int"), ("basic", "rune")
        for name_node, t in zip(left.named_children, (key, value), strict=False):
            self._declare(name_node, t)

    def _type_switch(self, node: Any) -> None:
        self._push()
        alias: Any = None
        subject: Type = None
        for i in range(node.child_count):
            field = node.field_name_for_child(i)
            child = node.children[i]
            if field == "alias":
                alias = child.named_children[0] if child.named_children else None
            elif field == "value":
                self.visit(child)
                subject = self.type_of(child)
            elif child.type in ("type_case", "default_case"):
                self._push()
                types = [
                    child.children[j]
                    for j in range(child.child_count)
                    if child.field_name_for_child(j) == "type"
                ]
                for t in types:
                    self.visit(t)
                if alias is not None:
                    one = self.resolve_type(types[0]) if len(types) == 1 else subject
                    self._declare(alias, one)
                for j in range(child.child_count):
                    part = child.children[j]
                    if part.is_named and child.field_name_for_child(j) != "type":
                        self.visit(part)
                self._pop()
            elif child.is_named and field != "alias":
                self.visit(child)
        self._pop()

    def _receive(self, node: Any) -> None:
        sides = self._declared_sides(node)
        if sides is None:
            return
        left, right = sides
        values = self._assigned([right] if right is not None else [], len(left.named_children))
        for name_node, t in zip(left.named_children, values, strict=False):
            self._declare(name_node, t)

    def _labeled(self, node: Any) -> None:
        for child in node.named_children:
            if child.type != "label_name":
                self.visit(child)

    # -- expressions -----------------------------------------------------------------

    def _selector(self, node: Any) -> None:
        operand = node.child_by_field_name("operand")
        field = node.child_by_field_name("field")
        if operand is not None:
            self.visit(operand)
        if field is None or node_text(field) != self.name:
            return
        self.found(field, self._selected(operand, self.name))

    def _selected(self, operand: Any, name: str) -> Referent:
        """What ``operand.name`` refers to."""
        t = self.type_of(operand)
        if t is None:
            return ("?", name)
        if t[0] == "pkg":
            return ("pkg", t[1], name)
        if t[0] == "typename":
            t = t[1]
            if t is None or t == _LOCAL_TYPE:
                return None if t == _LOCAL_TYPE else ("?", name)
        member, known = self.index.member(t, name)
        if member is None:
            return None if known else ("?", name)
        return _referent(self.index, member)

    def _qualified_type(self, node: Any) -> None:
        alias = node.child_by_field_name("package")
        name = node.child_by_field_name("name")
        if alias is None or name is None or node_text(name) != self.name:
            return
        imported = self.file.imports.get(node_text(alias))
        if imported is not None and imported[0] == "pkg" and self._local(node_text(alias)) is False:
            self.found(name, ("pkg", imported[1], self.name))
        else:
            self.found(name, None)

    def _composite(self, node: Any) -> None:
        type_node = node.child_by_field_name("type")
        body = node.child_by_field_name("body")
        if type_node is not None:
            self.visit(type_node)
        if body is not None:
            self._literal(body, self.resolve_type(type_node))

    def _literal(self, body: Any, t: Type) -> None:
        """The elements of a composite literal of type ``t`` (keys of a struct are its
        fields; an element without its type is of the element type)."""
        under = self._underlying(t)
        struct_like = under is None or under == EXTERNAL or under[0] == "struct"
        element: Type = None
        if under is not None and under != EXTERNAL:
            if under[0] == "slice":
                element = under[1]
            elif under[0] == "map":
                element = under[2]
        elif under == EXTERNAL:
            element = EXTERNAL
        if element is not None and element[0] == "ptr":
            element = element[1]
        for item in body.named_children:
            if item.type == "keyed_element":
                parts = [c for c in item.named_children if c.type != "comment"]
                if len(parts) != 2:
                    self._children(item)
                    continue
                key, value = parts
                key_expr = (
                    key.named_children[0]
                    if key.type == "literal_element" and key.named_children
                    else key
                )
                if struct_like and key_expr.type == "identifier":
                    if node_text(key_expr) == self.name:
                        self.found(key_expr, self._field_key(t, under))
                elif key_expr.type == "literal_value":
                    self._literal(
                        key_expr,
                        under[1]
                        if under is not None and under != EXTERNAL and under[0] == "map"
                        else None,
                    )
                else:
                    self.visit(key_expr)
                self._element(value, element)
            else:
                self._element(item, element)

    def _element(self, node: Any, element: Type) -> None:
        inner = (
            node.named_children[0]
            if node.type == "literal_element" and node.named_children
            else node
        )
        if inner.type == "literal_value":
            self._literal(inner, element)
        else:
            self.visit(inner)

    def _field_key(self, t: Type, under: Type) -> Referent:
        """What the key ``name`` of a struct literal of type ``t`` names."""
        if under is None:
            return ("?", self.name)
        if under == EXTERNAL:
            return None
        base = t[1] if t is not None and t[0] == "ptr" else t
        info = self.index.type_info(base)
        if info is not None and info.kind == "struct":
            if self.name in info.fields:
                return ("member", (base[1], base[2]), self.name)
            for embedded, type_node in info.embeds:
                if embedded == self.name:
                    return _referent(
                        self.index,
                        Member((base[1], base[2]), self.name, "embed", info.file, type_node),
                    )
            return None
        member, known = self.index.member(under, self.name)
        if member is None:
            return None if known else ("?", self.name)
        return _referent(self.index, member)

    # -- types of expressions --------------------------------------------------------

    def _underlying(self, t: Type, depth: int = 0) -> Type:
        """The underlying type of ``t`` (a named type's definition)."""
        if t is None or depth > 8:
            return None
        if t[0] == "named":
            info = self.index.type_info(t)
            if info is None:
                return None
            if info.kind == "struct":
                return ("struct", info.underlying, info.file)
            if info.kind == "interface":
                return ("iface", info.underlying, info.file)
            return self._underlying(self.index.resolve_type(info.underlying, info.file), depth + 1)
        return t

    def type_of(self, node: Any) -> Type:
        """The type of an expression (None when it cannot be told)."""
        if node is None:
            return None
        kind = node.type
        if kind == "identifier":
            return self._type_of_name(node_text(node))
        if kind == "parenthesized_expression":
            return self.type_of(node.named_children[0]) if node.named_children else None
        if kind == "selector_expression":
            return self._type_of_selector(node)
        if kind == "call_expression":
            return self._type_of_call(node)
        if kind == "composite_literal":
            return self.resolve_type(node.child_by_field_name("type"))
        if kind == "unary_expression":
            operator = node.child_by_field_name("operator")
            inner = self.type_of(node.child_by_field_name("operand"))
            op = node_text(operator) if operator is not None else ""
            if op == "&":
                return ("ptr", inner) if inner is not None else None
            if op == "*":
                if inner is not None and inner[0] == "typename":
                    return ("typename", ("ptr", inner[1]))
                return (
                    inner[1]
                    if inner is not None and inner[0] == "ptr"
                    else (EXTERNAL if inner == EXTERNAL else None)
                )
            if op == "<-":
                under = self._underlying(inner)
                return (
                    under[1]
                    if under is not None and under[0] == "chan"
                    else (EXTERNAL if under == EXTERNAL else None)
                )
            if op == "!":
                return ("basic", "bool")
            return inner
        if kind == "index_expression":
            inner = self.type_of(node.child_by_field_name("operand"))
            if inner is not None and inner[0] in ("typename", "func"):
                return inner  # an instantiation of a generic type or function
            under = self._underlying(inner[1] if inner is not None and inner[0] == "ptr" else inner)
            if under == EXTERNAL:
                return EXTERNAL
            if under is not None and under[0] == "slice":
                return under[1]
            if under is not None and under[0] == "map":
                return under[2]
            if under is not None and under == ("basic", "string"):
                return ("basic", "byte")
            return None
        if kind == "slice_expression":
            return self.type_of(node.child_by_field_name("operand"))
        if kind == "type_assertion_expression":
            return self.resolve_type(node.child_by_field_name("type"))
        if kind == "type_conversion_expression":
            return self.resolve_type(node.child_by_field_name("type"))
        if kind == "func_literal":
            return ("func", self.index.results(node, self.file, self._type_local))
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            if operator is not None and node_text(operator) in _COMPARISONS:
                return ("basic", "bool")
            return self.type_of(node.child_by_field_name("left"))
        if kind in ("interpreted_string_literal", "raw_string_literal"):
            return ("basic", "string")
        if kind in (
            "int_literal",
            "float_literal",
            "rune_literal",
            "imaginary_literal",
            "true",
            "false",
            "nil",
            "iota",
        ):
            return ("basic", kind)
        return None

    def _type_of_name(self, name: str) -> Type:
        local = self._local(name)
        if local is not False:
            return local
        imported = self.file.imports.get(name)
        if imported is not None:
            return imported
        for key in (self.file.key, *self.file.dots):
            found = self._package_member(key, name)
            if found is not False:
                return found
        if name in ("true", "false"):
            return ("basic", "bool")
        if name in _BUILTINS or name == "nil":
            return None
        t = self.index.package_type(self.file, name)
        return ("typename", t) if t is not None else None

    def _package_member(self, key: Any, name: str) -> Any:
        """The type of a package-level name of package ``key`` (False: none there)."""
        package = self.index.packages.get(key)
        if package is None:
            return False
        if name in package.types:
            return ("typename", ("named", key, name))
        if name in package.funcs:
            file, node = package.funcs[name]
            return ("func", self.index.results(node, file))
        if name in package.values:
            file, spec, position = package.values[name]
            type_node = spec.child_by_field_name("type")
            if type_node is not None:
                return self.index.resolve_type(type_node, file)
            value = spec.child_by_field_name("value")
            values = value.named_children if value is not None else []
            if len(values) > position and file is self.file:
                saved, self.scope = self.scope, None
                try:
                    return self.type_of(values[position])
                finally:
                    self.scope = saved
            if len(values) > position:
                other = FileWalker(self.index, file, self.name, lambda _n, _r: None)
                return other.type_of(values[position])
            return None
        return False

    def _type_of_selector(self, node: Any) -> Type:
        operand = node.child_by_field_name("operand")
        field = node.child_by_field_name("field")
        if field is None:
            return None
        name = node_text(field)
        t = self.type_of(operand)
        if t is None:
            return None
        if t == EXTERNAL:
            return EXTERNAL
        if t[0] == "pkg":
            found = self._package_member(t[1], name)
            return None if found is False else found
        if t[0] == "typename":  # a method expression
            member, _ = self.index.member(t[1], name)
            if (
                member is not None
                and member.kind == "method"
                and member.node is not None
                and member.file is not None
            ):
                return ("func", self.index.results(member.node, member.file))
            return None
        member, known = self.index.member(t, name)
        if member is None:
            return EXTERNAL if known and self._external_value(t) else None
        if member.file is None or member.node is None:
            return None
        if member.kind == "method":
            return ("func", self.index.results(member.node, member.file))
        return self.index.resolve_type(member.node, member.file)

    def _external_value(self, t: Type) -> bool:
        base = t[1] if t is not None and t[0] == "ptr" else t
        return base is not None and (base == EXTERNAL or base[0] == "iface")

    def _type_of_call(self, node: Any) -> Type:
        function = node.child_by_field_name("function")
        if function is None:
            return None
        if function.type == "identifier" and self._local(node_text(function)) is False:
            builtin = node_text(function)
            if builtin in _BUILTINS and not self._package_declares(builtin):
                arguments = node.child_by_field_name("arguments")
                first = (
                    arguments.named_children[0]
                    if arguments is not None and arguments.named_children
                    else None
                )
                if builtin == "new":
                    inner = self.resolve_type(first)
                    return ("ptr", inner) if inner is not None else None
                if builtin == "make":
                    return self.resolve_type(first)
                if builtin == "append":
                    return self.type_of(first)
                if builtin in ("len", "cap", "copy"):
                    return ("basic", "int")
                return None
        t = self.type_of(function)
        if t is None:
            return None
        if t == EXTERNAL:
            return EXTERNAL
        if t[0] == "typename":
            return t[1] if t[1] != _LOCAL_TYPE else None
        if t[0] == "named":  # a value of a function type
            t = self._underlying(t)
            if t is None or t == EXTERNAL:
                return t
        if t[0] == "func":
            results = t[1]
            if len(results) == 1:
                return results[0]
            return ("tuple", results) if results else None
        return None

    def _package_declares(self, name: str) -> bool:
        package = self.index.packages.get(self.file.key)
        return package is not None and name in package.declared


def _referent(index: GoIndex, member: Member) -> Referent:
    if member.kind == "embed":
        t = index.resolve_type(member.node, member.file) if member.file is not None else None
        if t is not None and t[0] == "ptr":
            t = t[1]
        if t is not None and t[0] == "named":
            return ("pkg", t[1], t[2])
        return None
    if member.owner is None:
        return None
    return ("member", member.owner, member.name)


_HANDLERS: dict[str, Callable[[FileWalker, Any], None]] = {
    "function_declaration": FileWalker._function,
    "method_declaration": FileWalker._function,
    "func_literal": FileWalker._function,
    "short_var_declaration": FileWalker._short_var,
    "var_spec": FileWalker._var_spec,
    "const_spec": FileWalker._var_spec,
    "type_spec": FileWalker._type_spec,
    "type_alias": FileWalker._type_spec,
    "field_declaration": FileWalker._field_declaration,
    "method_elem": FileWalker._method_elem,
    "for_statement": FileWalker._for,
    "type_switch_statement": FileWalker._type_switch,
    "receive_statement": FileWalker._receive,
    "labeled_statement": FileWalker._labeled,
    "selector_expression": FileWalker._selector,
    "qualified_type": FileWalker._qualified_type,
    "composite_literal": FileWalker._composite,
    "field_identifier": lambda walker, node: None,
    "package_identifier": lambda walker, node: None,
    "label_name": lambda walker, node: None,
}
