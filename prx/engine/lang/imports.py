"""Import extraction: the raw module strings a file imports, with their lines.

A language's ``imports`` query captures ``@import`` on each imported module or path.
Quotes, angle brackets and surrounding whitespace are removed; resolution to files is
the import graph's job. :func:`import_statements` adds what the graph keeps of each:
the statement's line and text and the names it imports.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from prx.core.results.lang import ImportRef
from prx.engine.lang.grammar import compiled_query, parse
from prx.engine.lang.injection import CONTENT, embedded_trees

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["RawImport", "extract_imports", "import_statements"]

_STRIP = "\"'`<> \t\r\n;"

#: One import as written: (module, line of its statement, the statement's first line
#: stripped, the names it imports). Plain tuples: they cross processes and JSON.
RawImport = tuple[str, int, str, tuple[str, ...]]

#: Node types that are a whole import statement (the line and text an import reports).
_STATEMENTS = frozenset(
    {
        "import_statement",
        "import_from_statement",
        "export_statement",
        "use_declaration",
        "mod_item",
        "extern_crate_declaration",
        "import_spec",
        "import_declaration",
        "preproc_include",
        "import_header",
        "using_directive",
        "namespace_use_declaration",
        "call",
        "call_expression",
        "command",
    }
)


def _matches(
    spec: LanguageSpec, source: bytes, tree: Any | None, matches: list[Any] | None
) -> list[Any]:
    query = compiled_query(spec, "imports")
    if query is None:
        return []
    if matches is None:
        from tree_sitter import QueryCursor

        root = (tree if tree is not None else parse(spec, source)).root_node
        matches = list(QueryCursor(query).matches(root))
    if any(CONTENT in captures for _, captures in matches):
        # A component's imports are its scripts' (prx.engine.lang.injection).
        return [
            match
            for inner, inner_tree in embedded_trees(query, matches, source)
            for match in _matches(inner, source, inner_tree, None)
        ]
    return matches


def _captured(matches: list[Any]) -> list[Any]:
    """The ``@import`` nodes in source order, each once."""
    seen: set[tuple[int, int]] = set()
    nodes: list[Any] = []
    for _, captures in matches:
        for node in captures.get("import", ()):
            key = (int(node.start_byte), int(node.end_byte))
            if key not in seen:
                seen.add(key)
                nodes.append(node)
    return sorted(nodes, key=lambda node: int(node.start_byte))


def _text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def _module(node: Any) -> str:
    """The module an ``@import`` capture names, as written. A captured comment is an
    import written as a comment (GraphQL's ``#import "./fragment.graphql"``): its
    quoted string."""
    text = _text(node)
    if node.type != "comment":
        return text.strip(_STRIP)
    starts = [at for at in (text.find('"'), text.find("'")) if at >= 0]
    if not starts:
        return ""
    start = min(starts)
    end = text.find(text[start], start + 1)
    return text[start + 1 : end].strip() if end > start else ""


def extract_imports(
    spec: LanguageSpec,
    source: bytes,
    tree: Any | None = None,
    matches: list[tuple[int, dict[str, Any]]] | None = None,
) -> tuple[ImportRef, ...]:
    """Every import of ``source`` in source order (empty without an ``imports`` query).

    ``matches`` are the imports query's matches when the caller already ran it.
    """
    if compiled_query(spec, "imports") is None:
        return ()
    found: list[ImportRef] = []
    for node in _captured(_matches(spec, source, tree, matches)):
        if _is_jsdoc(node):
            found.extend(ImportRef(module=m, line=line) for m, line, _ in _jsdoc_imports(node))
            continue
        text = _module(node)
        if text:
            found.append(ImportRef(module=text, line=int(node.start_point[0]) + 1))
    return tuple(found)


def import_statements(
    spec: LanguageSpec,
    source: bytes,
    tree: Any | None = None,
    matches: list[tuple[int, dict[str, Any]]] | None = None,
) -> tuple[RawImport, ...]:
    """Every import of ``source`` in source order, with its statement and names."""
    if compiled_query(spec, "imports") is None:
        return ()
    lines = source.split(b"\n")
    found: list[RawImport] = []
    for node in _captured(_matches(spec, source, tree, matches)):
        if _is_jsdoc(node):
            for module, line, names in _jsdoc_imports(node):
                text = lines[line - 1].decode("utf-8", "replace").strip()
                found.append((module, line, text, names))
            continue
        module = _module(node)
        if not module:
            continue
        statement = _statement(node)
        if statement.type == "use_declaration":
            module = _rust_inline_path(statement, module)
            if not module:
                continue
        row = int(statement.start_point[0])
        text = lines[row].decode("utf-8", "replace").strip() if row < len(lines) else ""
        found.append((module, row + 1, text, _names(node, statement)))
    return tuple(found)


def _is_jsdoc(node: Any) -> bool:
    return node.type == "comment" and bytes(node.text or b"").startswith(b"/**")


#: ``import("./m")`` in a JSDoc type, and the name it takes (``import("./m").T``).
_TYPE_IMPORT = re.compile(
    r"""import\s*\(\s*(["'])([^"'\n]{1,512})\1\s*\)(?:\s*\.\s*([A-Za-z_$][\w$]*))?"""
)
#: The most type imports read from one comment (a hostile file's giant comment).
_MOST_TYPE_IMPORTS = 64


def _jsdoc_imports(comment: Any) -> list[tuple[str, int, tuple[str, ...]]]:
    """(module, line, names) of each ``import("..")`` in a JSDoc comment."""
    text = _text(comment)
    first = int(comment.start_point[0]) + 1
    out: list[tuple[str, int, tuple[str, ...]]] = []
    for match in _TYPE_IMPORT.finditer(text):
        line = first + text.count("\n", 0, match.start())
        names: tuple[str, ...] = (str(match.group(3)),) if match.group(3) else ()
        out.append((str(match.group(2)).strip(), line, names))
        if len(out) >= _MOST_TYPE_IMPORTS:
            break
    return out


def _statement(node: Any) -> Any:
    current = node
    for _ in range(6):
        if current.type in _STATEMENTS:
            return current
        if current.parent is None:
            break
        current = current.parent
    return node


def _rust_inline_path(statement: Any, module: str) -> str:
    """A Rust ``use`` path as its file sees it: inside an inline ``mod tests { }``,
    ``super`` is the file's own module, so ``use super::*`` in a file's tests imports
    the file itself, not its parent (``""``: no import of another file)."""
    depth = 0
    current = statement.parent
    while current is not None:
        if current.type == "mod_item":
            depth += 1
        current = current.parent
    if not depth:
        return module
    segments = module.split("::")
    if segments[0] == "self":
        return ""
    taken = 0
    while taken < depth and segments and segments[0] == "super":
        segments.pop(0)
        taken += 1
    if not taken:
        return module
    return "::".join(segments) if segments and segments[0] == "super" else ""


def _names(node: Any, statement: Any) -> tuple[str, ...]:
    """The names an import statement takes from its module (see ImportEdge.names)."""
    kind = statement.type
    if kind == "import_from_statement":
        return _python_names(statement)
    if kind == "import_statement" and statement.child_by_field_name("source") is not None:
        return _js_import_names(statement)
    if kind == "export_statement":
        return _js_export_names(statement)
    if kind == "use_declaration":
        return _rust_names(node)
    if kind in ("import_declaration", "import_header") and _text(statement).rstrip("; \n").endswith(
        "*"
    ):
        return ("*",)
    return ()


def _python_names(statement: Any) -> tuple[str, ...]:
    names: list[str] = []
    for child in statement.named_children:
        if child.type == "wildcard_import":
            names.append("*")
    for child in statement.children_by_field_name("name"):
        if child.type == "aliased_import":
            child = child.child_by_field_name("name") or child
        names.append(_text(child))
    return tuple(names)


def _js_import_names(statement: Any) -> tuple[str, ...]:
    names: list[str] = []
    for clause in statement.named_children:
        if clause.type != "import_clause":
            continue
        for part in clause.named_children:
            if part.type == "identifier":
                names.append("default")
            elif part.type == "named_imports":
                for specifier in part.named_children:
                    if specifier.type == "import_specifier":
                        name = specifier.child_by_field_name("name") or specifier
                        names.append(_text(name).strip("\"'"))
    return tuple(names)


def _js_export_names(statement: Any) -> tuple[str, ...]:
    names: list[str] = []
    for child in statement.children:
        if child.type in ("*", "namespace_export"):
            return ("*",)
        if child.type == "export_clause":
            for specifier in child.named_children:
                if specifier.type == "export_specifier":
                    name = specifier.child_by_field_name("name") or specifier
                    names.append(_text(name).strip("\"'"))
    return tuple(names)


def _rust_names(node: Any) -> tuple[str, ...]:
    parent = node.parent
    if parent is None:
        return ()
    if parent.type == "use_wildcard":
        return ("*",)
    if parent.type == "scoped_use_list":
        listing = parent.child_by_field_name("list")
        if listing is None:
            return ()
        names: list[str] = []
        for item in listing.named_children:
            if item.type == "use_as_clause":
                item = item.child_by_field_name("path") or item
            names.append("*" if item.type == "use_wildcard" else _text(item))
        return tuple(names)
    return ()
