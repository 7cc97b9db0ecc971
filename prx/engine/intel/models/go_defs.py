"""Go definitions as the language means them, from one file alone.

A Go file belongs to a package (its ``package`` clause; a directory holds one, and its
external tests ``<name>_test``). Its definitions are the package-level functions, types,
constants and variables, qualified by the package (``cmp.Equal``); the methods, qualified
by their receiver's type (``cmp.Options.String``: the outline lists them at the top level);
the methods of an interface; and the fields of a struct (``diff.EditScript.Dist``), which
the outline does not list. Whatever is declared inside a function body is local: not a
definition.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import Target

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = [
    "file_imports",
    "go_targets",
    "node_text",
    "package_name",
    "receiver_type",
    "unquote",
]


def node_text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def unquote(literal: str) -> str:
    return literal.strip().strip('"`')


def package_name(root: Any) -> str:
    """The name of the package clause of a file's tree (``""`` when it has none)."""
    for child in root.named_children:
        if child.type == "package_clause":
            for part in child.named_children:
                if part.type == "package_identifier":
                    return node_text(part)
    return ""


def file_imports(root: Any) -> list[tuple[str | None, str, Any]]:
    """Each import of a file: (its name: an alias, ``.``, ``_`` or None for the package's
    own name; the import path; the spec node)."""
    out: list[tuple[str | None, str, Any]] = []
    for child in root.named_children:
        if child.type != "import_declaration":
            continue
        for spec in _import_specs(child):
            path = spec.child_by_field_name("path")
            name = spec.child_by_field_name("name")
            if path is not None:
                out.append(
                    (node_text(name) if name is not None else None, unquote(node_text(path)), spec)
                )
    return out


def _import_specs(node: Any) -> Iterator[Any]:
    for child in node.named_children:
        if child.type == "import_spec":
            yield child
        elif child.type == "import_spec_list":
            yield from _import_specs(child)


def receiver_type(method: Any) -> str | None:
    """The name of a method declaration's receiver type (``*T``, ``T[K]`` -> ``T``)."""
    receiver = method.child_by_field_name("receiver")
    if receiver is None:
        return None
    for param in receiver.named_children:
        if param.type == "parameter_declaration":
            return base_type_name(param.child_by_field_name("type"))
    return None


def base_type_name(node: Any) -> str | None:
    """``T`` of ``T``, ``*T``, ``T[K]``, ``(*T)``, ``pkg.T`` (the last part)."""
    while node is not None:
        if node.type in ("type_identifier", "identifier"):
            return node_text(node)
        if node.type == "qualified_type":
            name = node.child_by_field_name("name")
            return node_text(name) if name is not None else None
        if node.type == "generic_type":
            node = node.child_by_field_name("type")
        elif node.type in ("pointer_type", "parenthesized_type"):
            node = node.named_children[-1] if node.named_children else None
        else:
            return None
    return None


def _line(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _field_definitions(struct_node: Any) -> list[tuple[Any, Any]]:
    """(definition node, name node) of each named field of a struct type node (embedded
    fields are named by their type: renaming the type renames them)."""
    from prx.engine.lang.outline import Definition

    out = []
    body = next((c for c in struct_node.named_children if c.type == "field_declaration_list"), None)
    for field in body.named_children if body is not None else ():
        if field.type != "field_declaration":
            continue
        for i in range(field.child_count):
            child = field.children[i]
            if field.field_name_for_child(i) == "name" and child.type == "field_identifier":
                defn = Definition(
                    node=field, kind="field", name=node_text(child), body=None, raw_kind="field"
                )
                out.append((defn, child))
    return out


def _spec_names(node: Any) -> list[Any]:
    """The name nodes of a const, var or type spec (several for ``var a, b int``)."""
    names = []
    for i in range(node.child_count):
        if node.field_name_for_child(i) == "name":
            names.append(node.children[i])
    return names


def _spec_node(defn: Any) -> Any:
    """The spec of an outline definition (single-spec declarations are reported from the
    keyword: ``type X struct``)."""
    node = defn.node
    if node.type in ("type_declaration", "const_declaration", "var_declaration"):
        for child in node.named_children:
            if child.type in ("type_spec", "type_alias", "const_spec", "var_spec"):
                return child
            if child.type == "var_spec_list":
                return child.named_children[0] if child.named_children else node
    return node


def go_targets(parsed: ParsedFile) -> list[Target]:
    """The definitions of a Go file (see the module), containers before their members."""
    tree = parsed.tree
    if tree is None:
        return []
    package = package_name(tree.root_node)
    data = parsed.data
    out: list[Target] = []

    def add(defn: Any, name_node: Any, qualified: str, container: str | None, kind: str) -> None:
        start = int(name_node.start_byte)
        out.append(
            Target(
                file=parsed.rel,
                name=node_text(name_node),
                qualified=qualified,
                kind=kind,
                line=_line(data, start),
                start=start,
                end=int(name_node.end_byte),
                container=container,
                defn=defn,
            )
        )

    prefix = f"{package}." if package else ""
    for defn in parsed.definitions():
        if defn.node.parent is None or defn.node.parent.type not in (
            "source_file",
            "type_declaration",
            "const_declaration",
            "var_declaration",
            "var_spec_list",
        ):
            continue  # a local declaration (inside a function body)
        node = defn.node
        if node.type == "method_declaration":
            owner = receiver_type(node) or "?"
            name_node = node.child_by_field_name("name")
            if name_node is not None:
                add(defn, name_node, f"{prefix}{owner}.{defn.name}", owner, "method")
            continue
        if node.type == "function_declaration":
            name_node = node.child_by_field_name("name")
            if name_node is not None:
                add(defn, name_node, f"{prefix}{defn.name}", package or None, "function")
            continue
        spec = _spec_node(defn)
        for name_node in _spec_names(spec):
            name = node_text(name_node)
            if name == "_":
                continue
            kind = "variable" if spec.type == "var_spec" else defn.kind
            add(defn, name_node, f"{prefix}{name}", package or None, kind)
        if spec.type != "type_spec":
            continue
        type_name = node_text(spec.child_by_field_name("name"))
        for child in defn.children:
            if child.kind == "method" and child.node.type == "method_elem":
                name_node = child.node.child_by_field_name("name")
                if name_node is not None:
                    add(child, name_node, f"{prefix}{type_name}.{child.name}", type_name, "method")
        body = spec.child_by_field_name("type")
        if body is not None and body.type == "struct_type":
            for field, name_node in _field_definitions(body):
                add(field, name_node, f"{prefix}{type_name}.{field.name}", type_name, "field")
    return out
