"""The variables a Java scope declares: locals, parameters (of methods, lambdas,
records, catch clauses), ``for`` variables, resources and pattern variables, each with
its declared type (or its value, for ``var``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from prx.engine.intel.models.java_facts import JField, text

__all__ = ["Var", "declared_in"]


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
    #: A lambda's parameter without a type: the lambda, the parameter's position (its
    #: type is the lambda's target type's, :mod:`.java_lambdas`).
    lam: Any = None
    position: int = 0


def declared_in(scope: Any, child: Any, name: str, at: Any) -> Var | None:
    """The variable ``name`` that ``scope`` (a node holding ``child``, on the way up
    from ``at``) declares before ``at``: a local, a parameter, a resource, a pattern."""
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
        if var is not None and text(var) == name and child != scope.child_by_field_name("value"):
            type_node = scope.child_by_field_name("type")
            if type_node is not None and text(type_node) == "var":
                return Var(untyped=True)
            return Var(type_node=type_node)
        return None
    if kind == "catch_clause":
        param = next((c for c in scope.named_children if c.type == "catch_formal_parameter"), None)
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
            return Var(untyped=True, lam=scope) if text(params) == name else None
        for position, param in enumerate(params.named_children):
            if param.type == "identifier" and text(param) == name:
                return Var(untyped=True, lam=scope, position=position)
            found = _parameter(param, name)
            if found is not None:
                if found.type_node is not None and text(found.type_node) == "var":
                    return Var(untyped=True, lam=scope, position=position)
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
            return _pattern(body, name, at)
        return None
    if kind == "record_declaration":
        params = scope.child_by_field_name("parameters")
        for param in params.named_children if params is not None else ():
            found = _parameter(param, name)
            if found is not None and scope.child_by_field_name("body") != child:
                return found
    return None


def _pattern(body: Any, name: str, at: Any) -> Var | None:
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
