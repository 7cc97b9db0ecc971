"""What a JavaScript or TypeScript function returns, and what a module provides under a
name, as far as the text says it (for :mod:`~prx.engine.intel.models.script_receivers`):

- a function's stated return type (``(): T``), else, for one that states none, what
  every ``return`` gives when each is ``new T(...)``, ``null``/``undefined`` or a name
  checked ``instanceof T`` around it (node-semver's ``parse``: ``if (v instanceof SemVer)
  return v; return new SemVer(v)``);
- the declaration a project file provides as ``name`` (``default``: its default export,
  ``module.exports = X`` too), its re-exports followed (``export * from``, ``export {f
  as name} from``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.script_jsdoc import returns_type
from prx.engine.intel.models.script_scope import FUNCTIONS, text

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["constructed", "function_returns", "provided"]

_DECLARATIONS = frozenset(
    {
        "function_declaration",
        "function_signature",
        "generator_function_declaration",
        "class_declaration",
        "abstract_class_declaration",
    }
)


def constructed(value: Any) -> str | None:
    """``new T(...)`` -> ``T`` (the last part of ``ns.T``)."""
    if value is None or value.type != "new_expression":
        return None
    constructor = value.child_by_field_name("constructor")
    return text(constructor).rsplit(".", 1)[-1] if constructor is not None else None


def function_returns(function: Any, stated: Any, called: Any = None) -> list[str] | None:
    """The type names ``function`` returns: its stated return type (read by ``stated``,
    a ``type_names``), else what its ``return`` statements construct (``this`` for a
    method returning ``this``; a call's type read by ``called`` when given); None when
    one returns something else."""
    if function is None or function.type not in FUNCTIONS:
        return None
    annotation = function.child_by_field_name("return_type") or returns_type(function)
    if annotation is not None:
        found: list[str] | None = stated(annotation)
        return found
    body = function.child_by_field_name("body")
    if body is None:
        return None
    if body.type != "statement_block":
        return _returned(body, called)
    out: list[str] = []
    stack = list(body.named_children)
    while stack:
        node = stack.pop()
        if node.type in FUNCTIONS or node.type in ("class", "class_declaration"):
            continue  # another function's returns
        if node.type == "return_statement":
            value = node.named_children[0] if node.named_children else None
            types = _returned(value, called) if value is not None else []
            if types is None:
                return None
            out.extend(types)
            continue
        stack.extend(node.named_children)
    return out or None


def _returned(value: Any, called: Any = None) -> list[str] | None:
    """What a returned expression is: ``[T]`` for ``new T()``, ``[]`` for nothing."""
    if value.type in ("null", "undefined"):
        return []
    if value.type == "this":
        return ["this"]
    if value.type == "parenthesized_expression" and value.named_children:
        return _returned(value.named_children[0], called)
    if value.type == "call_expression" and called is not None:
        found: list[str] | None = called(value)
        return found
    if value.type == "new_expression":
        constructor = value.child_by_field_name("constructor")
        if constructor is not None and text(constructor).replace(" ", "") == "this.constructor":
            return ["this"]  # ``new this.constructor(..)``: the receiver's own class
    name = constructed(value)
    if name is not None:
        return [name]
    if value.type == "identifier":
        checked = _instance_check(value)
        if checked is not None:
            return [checked]
        held = _only_value(value)
        return _returned(held, called) if held is not None else None
    return None


def _only_value(identifier: Any) -> Any | None:
    """The one value a local variable returned is given (``var copy = new
    this.constructor(..); ..; return copy``): its declaration's, when the function never
    assigns it again; None otherwise (or when that value is another name)."""
    from prx.engine.intel.models.script_scope import declaration_of, declaring_scope

    name = text(identifier)
    scope = declaring_scope(identifier, name)
    if scope is None or scope.type == "program":
        return None
    declaration = declaration_of(scope, name)
    if declaration is None or declaration.type != "variable_declarator":
        return None
    value = declaration.child_by_field_name("value")
    if value is None or value.type == "identifier":
        return None
    stack = [scope]
    while stack:
        node = stack.pop()
        if node.type in ("assignment_expression", "augmented_assignment_expression"):
            left = node.child_by_field_name("left")
            if left is not None and left.type == "identifier" and text(left) == name:
                return None
        elif node.type == "update_expression" and text(node).strip("+-") == name:
            return None
        stack.extend(node.named_children)
    return value


def _instance_check(identifier: Any) -> str | None:
    """``T`` when ``identifier`` is returned inside ``if (identifier instanceof T)``."""
    name = text(identifier)
    current = identifier.parent
    while current is not None and current.type not in FUNCTIONS:
        if current.type == "if_statement":
            condition = current.child_by_field_name("condition")
            inner = condition.named_children[0] if condition is not None else None
            if inner is not None and inner.type == "binary_expression":
                left = inner.child_by_field_name("left")
                right = inner.child_by_field_name("right")
                operator = inner.child_by_field_name("operator")
                if (
                    operator is not None
                    and operator.type == "instanceof"
                    and left is not None
                    and text(left) == name
                    and right is not None
                ):
                    return text(right).rsplit(".", 1)[-1]
        current = current.parent
    return None


def provides_namespace(
    project: Project, rel: str, name: str, seen: set[tuple[str, str]] | None = None
) -> bool:
    """Whether project file ``rel`` provides ``name`` as a module's namespace object
    (``export * as name from``, ``import * as ns; export { ns as name }``, passed on by
    re-exports): a module, never an instance of a class."""
    from prx.engine.intel.bindings import exported_names
    from prx.engine.intel.uses import all_bindings

    seen = set() if seen is None else seen
    parsed = project.file(rel)
    if parsed is None or (rel, name) in seen or len(seen) > 20:
        return False
    seen.add((rel, name))
    for binding in all_bindings(parsed):
        local, kind = binding.local, binding.kind
        if not local:
            continue
        if kind == "namespace" and local == name:
            return True
        if kind == "module" and (local == name or name in exported_names(parsed, local)):
            return True
        if (
            kind in ("reexport", "name")
            and binding.imported
            and (local == name or (kind == "name" and name in exported_names(parsed, local)))
        ):
            for edge in project.graph.edges_from(rel):
                if edge.line == binding.line and edge.target:
                    if provides_namespace(project, edge.target, binding.imported, seen):
                        return True
    return False


def provided(
    project: Project, rel: str, name: str, seen: set[tuple[str, str]] | None = None
) -> tuple[ParsedFile, Any] | None:
    """(file, declaration node) of what project file ``rel`` provides as ``name``
    (``default``: its default export): a function, class or ``const`` declarator."""
    from prx.engine.intel.bindings import exported_names
    from prx.engine.intel.uses import all_bindings

    seen = set() if seen is None else seen
    parsed = project.file(rel)
    if parsed is None or parsed.tree is None or (rel, name) in seen or len(seen) > 20:
        return None
    seen.add((rel, name))
    declarations = _top_declarations(parsed)
    # what the file exports as ``name`` first: ``export { just as Just }`` beside a
    # private ``class Just`` (purify's) provides ``just``
    for node, declared in declarations:
        if name in exported_names(parsed, declared):
            return parsed, node
    for node, declared in declarations:
        if declared == name or (name == "default" and _exports_itself(node)):
            return parsed, node
    for binding in all_bindings(parsed):
        if binding.kind == "star" and name != "default":
            wanted = name
        elif binding.kind == "reexport" and binding.local == name and binding.imported:
            wanted = binding.imported
        else:
            continue
        for edge in project.graph.edges_from(rel):
            if edge.line == binding.line and edge.target:
                found = provided(project, edge.target, wanted, seen)
                if found is not None:
                    return found
    head, _, tail = name.partition(".")
    for binding in all_bindings(parsed):
        # ``module.exports = {json: require('./lib/json')}``: ``json.read`` is that
        # module's ``read``, ``json`` its default export
        if binding.kind == "passes" and binding.local == head:
            for edge in project.graph.edges_from(rel):
                if edge.line == binding.line and edge.target:
                    return provided(project, edge.target, tail or "default", seen)
    line = _passed_on_line(parsed)
    if line is not None:  # ``module.exports = require('./lib/')``: that module's
        for edge in project.graph.edges_from(rel):
            if edge.line == line and edge.target:
                return provided(project, edge.target, name, seen)
    return None


def _exports_itself(declaration: Any) -> bool:
    """``var X = module.exports = ..``: the variable is the module's default export."""
    if declaration.type != "variable_declarator":
        return False
    value = declaration.child_by_field_name("value")
    depth = 0
    while value is not None and value.type == "assignment_expression" and depth < 4:
        left = value.child_by_field_name("left")
        if left is not None and text(left).replace(" ", "") == "module.exports":
            return True
        value, depth = value.child_by_field_name("right"), depth + 1
    return False


def _passed_on_line(parsed: ParsedFile) -> int | None:
    """The line of a top-level ``module.exports = require('..')``: a CommonJS module
    that is another module (markdown-it's ``index.js``); None otherwise."""
    for node in parsed.tree.root_node.named_children:
        expression = node.named_children[0] if node.type == "expression_statement" else None
        if expression is None or expression.type != "assignment_expression":
            continue
        left, right = (
            expression.child_by_field_name("left"),
            expression.child_by_field_name("right"),
        )
        if left is None or right is None or text(left).replace(" ", "") != "module.exports":
            continue
        callee = right.child_by_field_name("function") if right.type == "call_expression" else None
        if callee is not None and text(callee) == "require":
            return int(node.start_point[0]) + 1
    return None


def _top_declarations(parsed: ParsedFile) -> list[tuple[Any, str]]:
    """(declaration node, name) of each top-level function, class and variable."""
    out = []
    for node in parsed.tree.root_node.named_children:
        inner = node.child_by_field_name("declaration") if node.type == "export_statement" else node
        if inner is None:
            continue
        if inner.type in _DECLARATIONS:
            own = inner.child_by_field_name("name")
            if own is not None:
                out.append((inner, text(own)))
        elif inner.type in ("lexical_declaration", "variable_declaration"):
            for declarator in inner.named_children:
                own = declarator.child_by_field_name("name")
                if own is not None and own.type == "identifier":
                    out.append((declarator, text(own)))
    return out
