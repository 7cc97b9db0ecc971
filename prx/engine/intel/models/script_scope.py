"""Scopes of JavaScript and TypeScript, read from the syntax tree: which declaration an
identifier names (a parameter or a local that shadows a top-level name is another
binding), the declarator or parameter that declares a name in a scope, and which class
``this`` is in.

Only what a rename needs: block and function scopes with their declarations
(``const``/``let``/``var``, functions, classes, parameters, ``catch`` and ``for``
bindings, imports at the top level). ``var`` inside a nested block is taken as declared
in that block (hoisting aside: a shadowing ``var`` is rarer than a shadowing ``const``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = [
    "FUNCTIONS",
    "declaration_of",
    "requires_module",
    "declaring_scope",
    "identifier_nodes",
    "import_binds",
    "pattern_binds",
    "text",
    "this_class",
]

#: Identifier nodes a name can be spelled as.
_IDENTIFIERS = frozenset(
    {
        "identifier",
        "property_identifier",
        "type_identifier",
        "shorthand_property_identifier",
        "shorthand_property_identifier_pattern",
        "private_property_identifier",
    }
)
#: Function-like nodes: their parameters (and a function expression's own name) are
#: their scope's.
FUNCTIONS = frozenset(
    {
        "function_declaration",
        "function_expression",
        "function",
        "generator_function_declaration",
        "generator_function",
        "arrow_function",
        "method_definition",
    }
)
_BLOCKS = frozenset({"program", "statement_block", "class_static_block", "switch_body"})
_NAMED = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
        "abstract_class_declaration",
        "enum_declaration",
        "interface_declaration",
        "type_alias_declaration",
        "internal_module",
        "function_signature",
    }
)
_CLASSES = frozenset({"class_declaration", "abstract_class_declaration", "class"})


def text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def identifier_nodes(parsed: ParsedFile, name: str) -> list[Any]:
    """Every identifier node spelled ``name`` in the file's code, in order."""
    data = parsed.data
    tree = parsed.tree
    if tree is None or name.encode() not in data:
        return []
    root = tree.root_node
    found = []
    pattern = re.compile(rb"(?<![\w$#])" + re.escape(name.encode()) + rb"(?![\w$])")
    for match in pattern.finditer(data):
        node = root.named_descendant_for_byte_range(match.start(), match.end())
        if (
            node is not None
            and node.type in _IDENTIFIERS
            and node.start_byte == match.start()
            and node.end_byte == match.end()
        ):
            found.append(node)
    return found


def pattern_binds(node: Any, name: str) -> bool:
    """Whether the binding pattern ``node`` (an identifier, ``{a, b: c}``, ``[a, ...b]``,
    a parameter) declares ``name`` (type annotations, default values and the keys of
    ``{key: local}`` are not bindings)."""
    kind = node.type
    if kind in ("identifier", "shorthand_property_identifier_pattern"):
        return text(node) == name
    if kind in ("type_annotation", "type_parameters", "accessibility_modifier"):
        return False
    if kind == "pair_pattern":
        value = node.child_by_field_name("value")
        return value is not None and pattern_binds(value, name)
    if kind in ("assignment_pattern", "object_assignment_pattern"):
        left = node.child_by_field_name("left")
        return left is not None and pattern_binds(left, name)
    if kind in ("required_parameter", "optional_parameter"):
        inner = node.child_by_field_name("pattern")
        return inner is not None and pattern_binds(inner, name)
    return any(pattern_binds(child, name) for child in node.named_children)


def _declares_in_block(block: Any, name: str) -> bool:
    for child in block.named_children:
        if _statement_declares(child, name):
            return True
    return False


def _statement_declares(node: Any, name: str) -> bool:
    kind = node.type
    if kind == "export_statement":
        inner = node.child_by_field_name("declaration")
        return inner is not None and _statement_declares(inner, name)
    if kind == "ambient_declaration":
        return any(_statement_declares(c, name) for c in node.named_children)
    if kind in ("lexical_declaration", "variable_declaration"):
        for declarator in node.named_children:
            target = declarator.child_by_field_name("name")
            if target is not None and pattern_binds(target, name):
                return True
        return False
    if kind in _NAMED:
        own = node.child_by_field_name("name")
        return own is not None and text(own) == name
    if kind == "import_statement":
        return any(
            c.type
            in (
                "identifier",
                "import_specifier",
                "namespace_import",
                "import_clause",
                "named_imports",
                "import_require_clause",
            )
            and import_binds(c, name)
            for c in node.named_children
        )
    return False


def import_binds(node: Any, name: str) -> bool:
    kind = node.type
    if kind == "identifier":
        return text(node) == name
    if kind == "import_specifier":
        alias = node.child_by_field_name("alias") or node.child_by_field_name("name")
        return alias is not None and text(alias) == name
    if kind == "import_require_clause":
        first = node.named_children[0] if node.named_children else None
        return first is not None and first.type == "identifier" and text(first) == name
    return any(import_binds(c, name) for c in node.named_children if c.type != "string")


def _declares(scope: Any, name: str) -> bool:
    kind = scope.type
    if kind in _BLOCKS:
        if kind == "switch_body":
            return any(_declares_in_block(case, name) for case in scope.named_children)
        return _declares_in_block(scope, name)
    if kind in FUNCTIONS:
        parameters = scope.child_by_field_name("parameters")
        if parameters is not None and pattern_binds(parameters, name):
            return True
        single = scope.child_by_field_name("parameter")
        if single is not None and pattern_binds(single, name):
            return True
        own = scope.child_by_field_name("name")
        return kind in ("function_expression", "function", "generator_function") and (
            own is not None and text(own) == name
        )
    if kind == "catch_clause":
        parameter = scope.child_by_field_name("parameter")
        return parameter is not None and pattern_binds(parameter, name)
    if kind == "for_in_statement":
        left = scope.child_by_field_name("left")
        declared = scope.child_by_field_name("kind") is not None
        return declared and left is not None and pattern_binds(left, name)
    if kind == "for_statement":
        initializer = scope.child_by_field_name("initializer")
        return initializer is not None and _statement_declares(initializer, name)
    if kind == "class":
        own = scope.child_by_field_name("name")
        return own is not None and text(own) == name
    return False


def _scopes(node: Any) -> Iterator[Any]:
    current = node.parent
    while current is not None:
        yield current
        current = current.parent


def declaring_scope(node: Any, name: str) -> Any | None:
    """The scope node (``program``, a block, a function) whose declaration of ``name``
    the identifier ``node`` names; None when no scope of the file declares it (a
    global)."""
    scopes = _scopes(node)
    parent = node.parent
    if (
        parent is not None
        and parent.type in _DECLARED_AROUND
        and parent.child_by_field_name("name") == node
    ):
        # `function err(err) {}`: the function's own name is bound around it, its
        # parameter of the same name inside it
        next(scopes)
    for scope in scopes:
        if _declares(scope, name):
            return scope
    return None


#: Function declarations whose name the enclosing scope binds (a function expression's
#: own name is its own scope's).
_DECLARED_AROUND = frozenset({"function_declaration", "generator_function_declaration"})


def this_class(node: Any) -> Any | None:
    """The class whose instance ``this`` (or ``super``) at ``node`` is: the class around
    the nearest method, field or constructor; None inside a plain function or at the
    top level."""
    for scope in _scopes(node):
        kind = scope.type
        if kind == "arrow_function":
            continue  # arrows keep the ``this`` around them
        if kind == "class_body":
            return scope.parent
        if kind == "method_definition":
            owner = scope.parent
            return owner.parent if owner is not None and owner.type == "class_body" else None
        if kind in FUNCTIONS:
            return _constructor_around(scope)
    return None


def _constructor_around(function: Any) -> Any | None:
    """The constructor function whose instance ``this`` is in ``function``: itself
    (``function Ruler() { this.x = .. }``) or the one whose prototype it is assigned to
    (``Ruler.prototype.push = function () { this.x }``); None for another function."""
    from prx.engine.intel.models.script_prototypes import constructor_of_member, is_constructor

    if is_constructor(function):
        return function
    if function.type not in ("function_expression", "function"):
        return None
    holder = function.parent
    name_node = None
    if holder is not None and holder.type == "assignment_expression":
        left = holder.child_by_field_name("left")
        if left is not None and holder.child_by_field_name("right") == function:
            name_node = left.child_by_field_name("property")
    elif holder is not None and holder.type == "pair":
        if holder.child_by_field_name("value") == function:
            name_node = holder.child_by_field_name("key")
    found = constructor_of_member(name_node) if name_node is not None else None
    return found[1] if found is not None else None


def class_name(node: Any) -> str | None:
    """A class node's name (a class expression assigned to a variable: the variable; a
    constructor function given to one: the variable, ``var Action = module.exports =
    function Action(..)``)."""
    if node is None:
        return None
    if node.type in ("function_expression", "function"):
        from prx.engine.intel.models.script_prototypes import constructor_name

        named = constructor_name(node)
        if named is not None:
            return named
    own = node.child_by_field_name("name")
    if own is not None:
        return text(own)
    parent = node.parent
    if parent is not None and parent.type == "variable_declarator":
        target = parent.child_by_field_name("name")
        return text(target) if target is not None else None
    return None


def is_class(node: Any) -> bool:
    return node is not None and node.type in _CLASSES


def declaration_of(scope: Any, name: str) -> Any | None:
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


def requires_module(declaration: Any) -> bool:
    """``const x = require('./m')``, or a member of it (``require('./m').x``,
    ``require('..').json.read``: what the import bindings take from it)."""
    if declaration.type != "variable_declarator":
        return False
    value = declaration.child_by_field_name("value")
    depth = 0
    while value is not None and value.type == "member_expression" and depth < 8:
        value, depth = value.child_by_field_name("object"), depth + 1
    callee = value.child_by_field_name("function") if value is not None else None
    return (
        value is not None
        and value.type == "call_expression"
        and callee is not None
        and text(callee) == "require"
    )
