"""Which accesses ``receiver.member`` reach a member's family (see
:mod:`~prx.engine.intel.models.script_members`), by the receiver's type where the file
states it: ``this`` in a family class, a parameter or variable declared ``x: T``,
``const x = new T()``, ``const x = f()`` for a function ``f`` of the file or imported by
name whose return type is stated, a field ``f: T`` or ``f = new T()`` reached as
``this.f``, the class itself (a static member). A receiver of another stated type (a
class of the project outside the family, ``string``, a known global such as ``JSON``, a
module imported from a package) is something else; any other is a candidate by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import BY_NAME, BY_TYPE, RESOLVED
from prx.engine.intel.models.script_members import Family, declared_member
from prx.engine.intel.models.script_scope import (
    class_name,
    declaring_scope,
    import_binds,
    is_class,
    text,
    this_class,
)

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["GLOBALS", "Receivers", "type_names"]

#: Objects every script can name whose members are never a project's.
GLOBALS = frozenset(
    {
        "Array",
        "ArrayBuffer",
        "Atomics",
        "BigInt",
        "Boolean",
        "Buffer",
        "DataView",
        "Date",
        "Error",
        "Function",
        "Intl",
        "JSON",
        "Map",
        "Math",
        "Number",
        "Object",
        "Promise",
        "Proxy",
        "Reflect",
        "RegExp",
        "Set",
        "String",
        "Symbol",
        "TypeError",
        "URL",
        "WeakMap",
        "WeakSet",
        "console",
        "document",
        "globalThis",
        "module",
        "navigator",
        "process",
        "require",
        "window",
        "exports",
    }
)
#: Type names that are never a project's class.
_BUILTIN_TYPES = frozenset(
    {
        "string",
        "number",
        "boolean",
        "bigint",
        "symbol",
        "void",
        "undefined",
        "null",
        "never",
        "object",
        "String",
        "Number",
        "Boolean",
        "RegExp",
        "Date",
        "Map",
        "Set",
        "Array",
        "ReadonlyArray",
        "Promise",
        "Function",
        "Error",
        "Record",
        "Uint8Array",
        "Buffer",
        "URL",
        "WeakMap",
        "WeakSet",
    }
)


def type_names(annotation: Any) -> list[str] | None:
    """The type names a type annotation states (``T``, ``T<U>``, ``A | B``, ``ns.T``);
    None when it states something else (an object type, a function type ...)."""
    node = annotation
    if node.type == "type_annotation" and node.named_children:
        node = node.named_children[0]
    kind = node.type
    if kind in ("type_identifier", "predefined_type", "identifier"):
        return [text(node)]
    if kind == "generic_type":
        inner = node.child_by_field_name("name") or (
            node.named_children[0] if node.named_children else None
        )
        return type_names(inner) if inner is not None else None
    if kind == "nested_type_identifier":
        return [text(node).rsplit(".", 1)[-1]]
    if kind in ("union_type", "parenthesized_type", "readonly_type"):
        names: list[str] = []
        for child in node.named_children:
            if child.type in ("literal_type",) or text(child) in ("null", "undefined"):
                continue
            found = type_names(child)
            if found is None:
                return None
            names.extend(found)
        return names
    if kind in ("array_type", "tuple_type"):
        return ["Array"]
    if kind == "literal_type":
        return ["string"]
    return None


def _constructed(value: Any) -> list[str] | None:
    """``new T(...)`` -> ``[T]``; an ``as T`` cast -> its type; else None."""
    if value is None:
        return None
    if value.type in ("parenthesized_expression", "non_null_expression", "await_expression"):
        return _constructed(value.named_children[0]) if value.named_children else None
    if value.type == "new_expression":
        constructor = value.child_by_field_name("constructor")
        if constructor is None:
            return None
        return [text(constructor).rsplit(".", 1)[-1]]
    if value.type in ("as_expression", "satisfies_expression") and len(value.named_children) > 1:
        return type_names(value.named_children[1])
    if value.type in ("string", "template_string"):
        return ["string"]
    if value.type in ("array",):
        return ["Array"]
    if value.type in ("number",):
        return ["number"]
    if value.type == "regex":
        return ["RegExp"]
    return None


def _declared_type(
    declarator: Any, name: str, receivers: Receivers | None = None
) -> list[str] | None:
    """What the declaration of ``name`` at ``declarator`` says its type is (with
    ``receivers``: a call's declared return type too)."""
    kind = declarator.type
    if kind == "variable_declarator":
        target = declarator.child_by_field_name("name")
        if target is None or target.type != "identifier":
            return None
        annotation = declarator.child_by_field_name("type")
        if annotation is not None:
            return type_names(annotation)
        value = declarator.child_by_field_name("value")
        if value is not None and value.type == "await_expression" and value.named_children:
            value = value.named_children[0]
        if receivers is not None and value is not None and value.type == "call_expression":
            return _call_type(value, receivers)
        return _constructed(value)
    if kind in ("required_parameter", "optional_parameter", "public_field_definition"):
        annotation = declarator.child_by_field_name("type")
        if annotation is not None:
            return type_names(annotation)
        return _constructed(declarator.child_by_field_name("value"))
    if kind == "field_definition":
        return _constructed(declarator.child_by_field_name("value"))
    return None


def _declaration_of(scope: Any, name: str) -> Any | None:
    """The declarator or parameter of ``name`` in ``scope`` (its type is read there)."""
    stack = list(scope.named_children)
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "variable_declarator":
            target = node.child_by_field_name("name")
            if target is not None and target.type == "identifier" and text(target) == name:
                return node
            continue
        if kind in ("required_parameter", "optional_parameter"):
            pattern = node.child_by_field_name("pattern")
            if pattern is not None and pattern.type == "identifier" and text(pattern) == name:
                return node
            continue
        if kind in (
            "class_declaration",
            "abstract_class_declaration",
            "class",
            "function_declaration",
            "import_statement",
        ):
            own = node.child_by_field_name("name")
            if own is not None and text(own) == name:
                return node
            if kind == "import_statement" and import_binds(node, name):
                return node
            continue
        if kind in (
            "statement_block",
            "class_body",
            "arrow_function",
            "function_expression",
            "function_declaration",
            "method_definition",
        ):
            continue  # an inner scope's declarations are not this scope's
        stack.extend(node.named_children)
    return None


def _field_type(klass: Any, field: str) -> list[str] | None:
    """The stated type of field ``field`` of the class node ``klass``."""
    member = declared_member(klass, field)
    if member is None:
        return None
    holder = member.parent
    return _declared_type(holder, field) if holder is not None else None


class Receivers:
    """How sure an access ``receiver.member`` in one file is to reach the family."""

    def __init__(self, project: Project, parsed: ParsedFile, family: Family) -> None:
        self.project = project
        self.parsed = parsed
        self.family = family
        self.external = _package_imports(project, parsed)

    def of(self, receiver: Any) -> str | None:
        """RESOLVED, BY_TYPE, BY_NAME, or None (something else)."""
        return self._classify(_types_of(receiver, self))

    def of_types(self, names: list[str] | None) -> str | None:
        return self._classify(names)

    def _classify(self, names: list[str] | None | str) -> str | None:
        if isinstance(names, str):
            return names if names != "other" else None
        if names is None:
            return BY_NAME
        if any(n in self.family.types for n in names):
            return BY_TYPE
        if all(n in _BUILTIN_TYPES or self._other_class(n) for n in names):
            return None
        return BY_NAME

    def _other_class(self, name: str) -> bool:
        """A class of the project outside the family (an interface may be satisfied by
        a family class without naming it: not counted as other)."""
        return (
            name in self.family.known
            and name not in self.family.types
            and not (self.family.structural)
        )


def _types_of(receiver: Any, receivers: Receivers) -> list[str] | None | str:
    """The receiver's stated type names; ``"other"`` for a receiver that is none of the
    project's instances; RESOLVED for the family class itself; None: unknown."""
    kind = receiver.type
    if kind in ("this", "super"):
        klass = this_class(receiver)
        if klass is None:
            return None
        name = class_name(klass)
        if name in receivers.family.types:
            return BY_TYPE
        return "other" if is_class(klass) and name is not None else None
    if kind in (
        "parenthesized_expression",
        "non_null_expression",
        "as_expression",
        "new_expression",
        "satisfies_expression",
        "string",
        "template_string",
        "array",
        "number",
        "regex",
    ):
        return _constructed(receiver)
    if kind == "call_expression":
        return _call_type(receiver, receivers)
    if kind == "member_expression":
        obj = receiver.child_by_field_name("object")
        prop = receiver.child_by_field_name("property")
        if obj is not None and prop is not None and obj.type == "this":
            klass = this_class(obj)
            if klass is not None:
                return _field_type(klass, text(prop))
        return None
    if kind != "identifier":
        return None
    name = text(receiver)
    if name in receivers.family.types:
        return RESOLVED
    if name in receivers.external:
        return "other"
    scope = declaring_scope(receiver, name)
    if scope is None:
        return "other" if name in GLOBALS else None
    declaration = _declaration_of(scope, name)
    if declaration is None:
        return None
    if declaration.type in ("class_declaration", "abstract_class_declaration", "class"):
        return "other"  # a static member of another class
    if declaration.type in ("function_declaration", "import_statement"):
        return None
    return _declared_type(declaration, name, receivers)


def _call_type(call: Any, receivers: Receivers) -> list[str] | None:
    """The declared return type of ``f(...)``, for a function ``f`` of the file or one
    it imports by name from a file of the project; None when unknown."""
    callee = call.child_by_field_name("function")
    if callee is None or callee.type != "identifier":
        return None
    name = text(callee)
    scope = declaring_scope(callee, name)
    if scope is None:
        return None
    declaration = _declaration_of(scope, name)
    if declaration is None:
        return None
    if declaration.type == "import_statement":
        return _imported_return_type(receivers, declaration, name)
    return _return_type(declaration)


def _return_type(declaration: Any) -> list[str] | None:
    """A function declaration's (or ``const f = (): T => ...``'s) stated return type."""
    function = declaration
    if declaration.type == "variable_declarator":
        function = declaration.child_by_field_name("value")
    if function is None:
        return None
    annotation = function.child_by_field_name("return_type")
    return type_names(annotation) if annotation is not None else None


def _imported_return_type(receivers: Receivers, statement: Any, local: str) -> list[str] | None:
    from prx.engine.intel.uses import all_bindings

    parsed, project = receivers.parsed, receivers.project
    line = int(statement.start_point[0]) + 1
    binding = next((b for b in all_bindings(parsed) if b.line == line and b.local == local), None)
    if binding is None or binding.kind != "name" or not binding.imported:
        return None
    for edge in project.graph.edges_from(parsed.rel):
        if edge.line != line or not edge.target:
            continue
        provider = project.file(edge.target)
        if provider is None or provider.tree is None:
            continue
        for node in provider.tree.root_node.named_children:
            inner = (
                node.child_by_field_name("declaration") if node.type == "export_statement" else node
            )
            if inner is None:
                continue
            if inner.type in ("function_declaration", "function_signature"):
                own = inner.child_by_field_name("name")
                if own is not None and text(own) == binding.imported:
                    return _return_type(inner)
            if inner.type == "lexical_declaration":
                for declarator in inner.named_children:
                    own = declarator.child_by_field_name("name")
                    if own is not None and text(own) == binding.imported:
                        return _return_type(declarator)
    return None


def _package_imports(project: Project, parsed: ParsedFile) -> frozenset[str]:
    """Local names the file binds to modules of packages (not files of the project)."""
    from prx.engine.intel.uses import all_bindings

    out = set()
    for binding in all_bindings(parsed):
        module = binding.module
        if not module or module.startswith((".", "/", "#", "~", "@/")) or not binding.local:
            continue
        if binding.kind in ("module", "require", "name") and not _resolved(
            project, parsed, binding
        ):
            out.add(binding.local)
    return frozenset(out)


def _resolved(project: Project, parsed: ParsedFile, binding: Any) -> bool:
    """Whether the import at the binding's line leads into the project."""
    for edge in project.graph.edges_from(parsed.rel):
        if edge.line == binding.line and edge.target:
            return True
    return False
