"""What one Java file declares, read from its syntax tree: its package, its imports and
its types (top-level, nested, local and anonymous), each with its members.

These are the facts the Java model resolves names against (:mod:`.java_index`); they are
read once per file and kept in the file's ``memo``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = [
    "TYPE_DECLS",
    "FileFacts",
    "Import",
    "JField",
    "JMethod",
    "JType",
    "facts_of",
    "modifiers_of",
    "text",
    "type_segments",
]

#: Node types that declare a named type, and the kind each is.
TYPE_DECLS = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "annotation_type_declaration": "annotation",
}
#: The bodies that hold a type's members.
BODIES = frozenset(
    {"class_body", "interface_body", "enum_body", "annotation_type_body", "enum_body_declarations"}
)
#: Nodes whose code runs inside a method (a type declared there is local).
CODE = frozenset(
    {
        "block",
        "constructor_body",
        "lambda_expression",
        "static_initializer",
        "variable_declarator",
        "switch_block",
    }
)


def text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def modifiers_of(node: Any) -> tuple[set[str], set[str]]:
    """A declaration's modifier keywords and the simple names of its annotations."""
    words: set[str] = set()
    annotations: set[str] = set()
    for child in node.named_children:
        if child.type != "modifiers":
            continue
        for mod in child.children:
            if mod.type in ("marker_annotation", "annotation"):
                name = mod.child_by_field_name("name")
                if name is not None:
                    annotations.add(text(name).rsplit(".", 1)[-1])
            else:
                words.add(text(mod))
    return words, annotations


def type_segments(node: Any) -> tuple[list[str], int, list[Any]]:
    """A type node's name as segments (``Map.Entry`` -> ``[Map, Entry]``), its array
    dimensions and its type arguments' nodes; ``[]`` for a primitive or ``var``-less
    type that names nothing."""
    dims = 0
    args: list[Any] = []
    while node is not None and node.type == "array_type":
        dims += text(node.child_by_field_name("dimensions") or node).count("[")
        node = node.child_by_field_name("element")
    if node is None:
        return [], dims, args
    if node.type == "generic_type":
        for child in node.named_children:
            if child.type == "type_arguments":
                # A wildcard keeps its place: ``? extends T``/``? super T`` stands for
                # T (what a lambda's parameter or a read element is), ``?`` for nothing.
                args = [_wildcard_bound(c) for c in child.named_children]
        node = node.named_children[0] if node.named_children else None
        if node is None:
            return [], dims, args
    if node.type == "type_identifier":
        return [text(node)], dims, args
    if node.type == "scoped_type_identifier":
        parts: list[str] = []
        for child in node.named_children:
            if child.type in ("type_identifier", "scoped_type_identifier", "generic_type"):
                sub, _, sub_args = type_segments(child)
                parts += sub
                args = sub_args or args
        return parts, dims, args
    return [], dims, args


def _wildcard_bound(node: Any) -> Any:
    if node.type != "wildcard":
        return node
    return next((c for c in node.named_children if c.type not in ("extends", "super")), node)


class JField:
    """A field, an enum constant, an interface constant or a record component."""

    __slots__ = ("decl", "end", "kind", "name", "owner", "start", "static", "type_node")

    def __init__(
        self, owner: JType, name_node: Any, decl: Any, type_node: Any, kind: str, static: bool
    ) -> None:
        self.owner = owner
        self.name = text(name_node)
        self.start, self.end = int(name_node.start_byte), int(name_node.end_byte)
        self.decl = decl
        self.type_node = type_node
        #: ``field``, ``constant``, ``enum_constant`` or ``component``.
        self.kind = kind
        self.static = static


class JMethod:
    """A method (or an annotation type's element)."""

    __slots__ = (
        "annotations",
        "arity",
        "end",
        "name",
        "node",
        "owner",
        "params",
        "private",
        "start",
        "static",
        "varargs",
    )

    def __init__(self, owner: JType, node: Any) -> None:
        self.owner = owner
        self.node = node
        name = node.child_by_field_name("name")
        self.name = text(name)
        self.start, self.end = int(name.start_byte), int(name.end_byte)
        words, self.annotations = modifiers_of(node)
        self.static = "static" in words
        self.private = "private" in words
        #: (name, type node) of each parameter.
        self.params: list[tuple[str, Any]] = []
        self.varargs = False
        params = node.child_by_field_name("parameters")
        for param in params.named_children if params is not None else ():
            if param.type == "formal_parameter":
                pname = param.child_by_field_name("name")
                self.params.append((text(pname) if pname else "", param))
            elif param.type == "spread_parameter":
                self.varargs = True
                declarator = next(
                    (c for c in param.named_children if c.type == "variable_declarator"), None
                )
                pname = declarator.child_by_field_name("name") if declarator else None
                self.params.append((text(pname) if pname else "", param))
        self.arity = len(self.params)

    @property
    def return_node(self) -> Any:
        return self.node.child_by_field_name("type")

    def accepts(self, count: int) -> bool:
        """Whether a call with ``count`` arguments may bind to it."""
        if self.varargs:
            return count >= self.arity - 1
        return count == self.arity

    def __repr__(self) -> str:
        return f"<{self.owner.qualified}.{self.name}/{self.arity}>"


class JType:
    """A class, interface, enum, record, annotation type, or an anonymous class body."""

    __slots__ = (
        "body",
        "facts",
        "fields",
        "implied_super",
        "kind",
        "local",
        "methods",
        "name",
        "name_end",
        "name_start",
        "nested",
        "node",
        "outer",
        "public",
        "qualified",
        "super_nodes",
        "type_params",
    )

    def __init__(
        self, facts: FileFacts, node: Any, kind: str, outer: JType | None, local: bool
    ) -> None:
        self.facts = facts
        self.node = node
        self.kind = kind
        self.outer = outer
        self.local = local
        name = node.child_by_field_name("name") if kind != "anonymous" else None
        self.name = text(name) if name is not None else ""
        self.name_start = int(name.start_byte) if name is not None else -1
        self.name_end = int(name.end_byte) if name is not None else -1
        self.qualified: str = (
            f"{outer.qualified}.{self.name}" if outer is not None and outer.name else self.name
        )
        words, _ = modifiers_of(node)
        self.public = "public" in words
        self.body = (
            node.child_by_field_name("body")
            if kind != "anonymous"
            else next((c for c in node.named_children if c.type in BODIES), None)
        )
        #: The type nodes of ``extends``/``implements`` (an anonymous class: its
        #: instantiated type; an enum constant's body: the enum, given by the caller).
        self.super_nodes: list[Any] = []
        self.type_params: set[str] = set()
        #: An enum constant's body: the enum it extends (no type node names it).
        self.implied_super: JType | None = None
        self.methods: dict[str, list[JMethod]] = {}
        self.fields: dict[str, JField] = {}
        self.nested: dict[str, JType] = {}

    @property
    def fqn(self) -> str:
        package = self.facts.package
        return f"{package}.{self.qualified}" if package else self.qualified

    def __repr__(self) -> str:
        return f"<{self.kind} {self.qualified or '(anonymous)'} in {self.facts.rel}>"


class Import:
    """One import declaration."""

    __slots__ = ("node", "segments", "star", "static")

    def __init__(self, node: Any) -> None:
        self.node = node
        self.static = any(c.type == "static" for c in node.children)
        self.star = any(c.type == "asterisk" for c in node.children)
        path = next((c for c in node.named_children if c.type != "asterisk"), None)
        self.segments = text(path).replace(" ", "").split(".") if path is not None else []


class FileFacts:
    """The package, imports and types of one Java file."""

    def __init__(self, parsed: ParsedFile) -> None:
        self.rel = parsed.rel
        self.parsed = parsed
        self.package = ""
        self.imports: list[Import] = []
        #: Every type of the file, outer before inner.
        self.types: list[JType] = []
        self.top: dict[str, JType] = {}
        #: Type by its body's (start, end): how code finds the types enclosing it.
        self.by_body: dict[tuple[int, int], JType] = {}
        tree = parsed.tree
        if tree is None:
            return
        root = tree.root_node
        for child in root.named_children:
            if child.type == "package_declaration":
                name = next((c for c in child.named_children if "identifier" in c.type), None)
                self.package = text(name).replace(" ", "") if name is not None else ""
            elif child.type == "import_declaration":
                self.imports.append(Import(child))
        self._collect(root, None, False)

    def enclosing(self, node: Any) -> list[JType]:
        """The types whose bodies hold ``node``, innermost first."""
        out: list[JType] = []
        here = node.parent
        while here is not None:
            if here.type in BODIES:
                body = here.parent if here.type == "enum_body_declarations" else here
                found = self.by_body.get((int(body.start_byte), int(body.end_byte)))
                if found is not None and (not out or out[-1] is not found):
                    out.append(found)
            here = here.parent
        return out

    # -- reading the tree ---------------------------------------------------------------

    def _collect(self, node: Any, outer: JType | None, local: bool) -> None:
        for child in node.named_children:
            kind = TYPE_DECLS.get(child.type)
            if kind is not None and child.child_by_field_name("name") is not None:
                self._type(child, kind, outer, local, None)
            elif child.type == "object_creation_expression" and any(
                c.type == "class_body" for c in child.named_children
            ):
                self._collect(child.child_by_field_name("arguments") or child, outer, True)
                self._type(child, "anonymous", outer, True, child.child_by_field_name("type"))
            else:
                self._collect(child, outer, local or child.type in CODE)

    def _type(self, node: Any, kind: str, outer: JType | None, local: bool, sup: Any) -> JType:
        jtype = JType(self, node, kind, outer, local)
        self.types.append(jtype)
        if outer is None and not local:
            self.top[jtype.name] = jtype
        elif outer is not None and not local and jtype.name:
            outer.nested[jtype.name] = jtype
        if sup is not None:
            jtype.super_nodes.append(sup)
        for field in ("superclass", "interfaces"):
            clause = node.child_by_field_name(field)
            if clause is not None:
                jtype.super_nodes += list(_type_nodes(clause))
        for child in node.named_children:
            if child.type == "extends_interfaces":
                jtype.super_nodes += list(_type_nodes(child))
            elif child.type == "type_parameters":
                for param in child.named_children:
                    first = param.named_children[0] if param.named_children else None
                    if first is not None:
                        jtype.type_params.add(text(first))
        if kind == "record":
            params = node.child_by_field_name("parameters")
            for param in params.named_children if params is not None else ():
                name = param.child_by_field_name("name")
                if name is not None:
                    jtype.fields[text(name)] = JField(
                        jtype, name, param, param.child_by_field_name("type"), "component", False
                    )
        body = jtype.body
        if body is None:
            return jtype
        self.by_body[(int(body.start_byte), int(body.end_byte))] = jtype
        self._members(jtype, body)
        return jtype

    def _members(self, jtype: JType, body: Any) -> None:
        interface = jtype.kind in ("interface", "annotation")
        for member in body.named_children:
            kind = TYPE_DECLS.get(member.type)
            if kind is not None and member.child_by_field_name("name") is not None:
                self._type(member, kind, jtype, jtype.local, None)
            elif member.type in ("method_declaration", "annotation_type_element_declaration"):
                method = JMethod(jtype, member)
                jtype.methods.setdefault(method.name, []).append(method)
                self._collect(member, jtype, True)
            elif member.type in ("field_declaration", "constant_declaration"):
                words, _ = modifiers_of(member)
                static = interface or "static" in words
                const = static and (interface or "final" in words)
                for declarator in member.children_by_field_name("declarator"):
                    name = declarator.child_by_field_name("name")
                    if name is not None:
                        jtype.fields[text(name)] = JField(
                            jtype,
                            name,
                            member,
                            member.child_by_field_name("type"),
                            "constant" if const else "field",
                            static,
                        )
                self._collect(member, jtype, True)
            elif member.type == "enum_constant":
                name = member.child_by_field_name("name")
                if name is not None:
                    jtype.fields[text(name)] = JField(
                        jtype, name, member, None, "enum_constant", True
                    )
                self._collect_constant(member, jtype)
            elif member.type == "enum_body_declarations":
                self._members(jtype, member)
            else:
                self._collect(member, jtype, True)

    def _collect_constant(self, member: Any, enum: JType) -> None:
        """An enum constant's arguments, and its body as an anonymous subclass."""
        for child in member.named_children:
            if child.type == "class_body":
                body_type = JType(self, member, "anonymous", enum, True)
                body_type.body = child
                body_type.super_nodes = []
                self.types.append(body_type)
                self.by_body[(int(child.start_byte), int(child.end_byte))] = body_type
                body_type.implied_super = enum
                self._members(body_type, child)
            elif child.type != "identifier":
                self._collect(child, enum, True)


def _type_nodes(clause: Any) -> Iterator[Any]:
    for child in clause.named_children:
        if child.type == "type_list":
            yield from child.named_children
        elif child.type in ("type_identifier", "scoped_type_identifier", "generic_type"):
            yield child


def facts_of(parsed: ParsedFile) -> FileFacts:
    """The file's facts, read once."""
    found = parsed.memo.get("java_facts")
    if not isinstance(found, FileFacts):
        found = parsed.memo["java_facts"] = FileFacts(parsed)
    return found
