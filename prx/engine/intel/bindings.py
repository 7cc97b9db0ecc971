"""What a file's imports bind, and where it uses a name: the syntax behind "really
references".

A :class:`Binding` is one name an import statement makes available (Python
``from m import X as Y`` binds ``Y`` to ``X`` of ``m``; ``import a.b`` binds the module
``a.b``; JS ``import D, {A as B} from './m'`` binds ``D`` to the default export and ``B``
to ``A``; ``export {E} from './o'`` re-exports without binding). An :class:`Occurrence` is
an identifier in the code (not in a string or comment), bare (``X``) or an attribute
(``m.X``) with its receiver's text. Python, JavaScript and TypeScript are read this way;
other languages are answered by name only (the caller says so).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = [
    "BOUND_LANGUAGES",
    "Binding",
    "Occurrence",
    "bindings",
    "default_exported",
    "enclosing",
    "exported_names",
    "import_lines",
    "import_spans",
    "inside",
    "occurrences",
    "statement_snippet_bindings",
]

#: Languages whose import bindings are read from the syntax tree.
BOUND_LANGUAGES = frozenset({"python", "javascript", "typescript", "tsx"})
_JS = frozenset({"javascript", "typescript", "tsx"})


class Binding(NamedTuple):
    """One name an import statement binds or re-exports."""

    #: First and last line of the statement.
    line: int
    end_line: int
    #: The module as written (``.m``, ``a.b``, ``./m``).
    module: str
    #: ``name`` (a name of the module), ``module`` (the module itself), ``star``
    #: (``from m import *``, ``export * from``), ``reexport`` (``export {X} from``),
    #: ``require`` (JS ``const m = require('./m')``, TS ``import m = require('./m')``:
    #: the module's exports object, which is its default export when it assigns
    #: ``module.exports = X``), ``namespace`` (``export * as ns from``: the module passed
    #: on as the name ``ns``).
    kind: str
    #: The name taken from the module (``default`` for a JS default import); None for
    #: ``module`` and ``star``.
    imported: str | None
    #: The local name bound (for ``module``: the dotted path the code writes, ``a.b``);
    #: for ``reexport``, ``namespace`` and ``passes`` (CommonJS ``module.exports = {ns:
    #: require('./m')}``): the exported name; None for ``star``.
    local: str | None


class Occurrence(NamedTuple):
    """An identifier in code."""

    line: int
    byte: int
    #: The receiver's text for ``m.X`` (whitespace removed), else None.
    receiver: str | None
    #: Inside an import statement.
    in_import: bool
    #: The name being defined or bound here (a def, a parameter, an assignment target's
    #: name, a keyword argument's name), not used.
    defining: bool


def _text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def _line(node: Any) -> int:
    return int(node.start_point[0]) + 1


def _end_line(node: Any) -> int:
    return int(node.end_point[0]) + 1


_STATEMENTS = {
    "python": "(import_statement) @s (import_from_statement) @s",
    "js": "(import_statement) @s (export_statement source: (_)) @s "
    "(lexical_declaration (variable_declarator value: (call_expression))) @s "
    "(variable_declaration (variable_declarator value: (call_expression))) @s "
    # ``var f = require('./m').f``
    "(lexical_declaration (variable_declarator value: (member_expression "
    "object: (call_expression)))) @s "
    "(variable_declaration (variable_declarator value: (member_expression "
    "object: (call_expression)))) @s "
    # ``var write = require('..').json.write``
    "(lexical_declaration (variable_declarator value: (member_expression "
    "object: (member_expression)))) @s "
    "(variable_declaration (variable_declarator value: (member_expression "
    "object: (member_expression)))) @s "
    # ``module.exports = {json: require('./lib/json')}``, ``exports.json = require(..)``
    "(program (expression_statement (assignment_expression left: (member_expression) "
    "right: [(object) (call_expression)])) @s)",
}
_QUERIES: dict[str, Any] = {}


def _statements(spec: Any, language: str, root: Any) -> list[Any]:
    """The import statements below ``root`` (a query runs in C: no walk in Python)."""
    from tree_sitter import Query, QueryCursor

    from prx.engine.lang.grammar import language_object

    group = "python" if language == "python" else "js"
    query = _QUERIES.get(language)
    if query is None:
        query = _QUERIES[language] = Query(language_object(spec), _STATEMENTS[group])
    nodes = QueryCursor(query).captures(root).get("s", [])
    return sorted(nodes, key=lambda n: int(n.start_byte))


def bindings(parsed: ParsedFile) -> list[Binding]:
    """Every binding of the file's import statements (empty for other languages)."""
    tree = parsed.tree
    if tree is None or parsed.language not in BOUND_LANGUAGES:
        return []
    return _bindings_of(parsed, tree.root_node, 0)


def _bindings_of(parsed: ParsedFile, root: Any, line_offset: int) -> list[Binding]:
    out: list[Binding] = []
    language = parsed.language or ""
    for node in _statements(parsed.spec, language, root):
        if language == "python":
            if node.type == "import_statement":
                _python_import(node, out)
            else:
                _python_from(node, out)
        elif node.type == "import_statement":
            _js_import(node, out)
            _ts_import_require(node, out)
        elif node.type == "export_statement":
            _js_reexport(node, out)
        else:
            _js_require(node, out)
    if line_offset:
        out = [
            b._replace(line=b.line + line_offset, end_line=b.end_line + line_offset) for b in out
        ]
    return out


#: Lines of a statement read at most when only that statement is parsed.
_SNIPPET_LINES = 60


def statement_snippet_bindings(parsed: ParsedFile, line: int) -> list[Binding]:
    """The bindings of the import statement that starts at ``line``, read by parsing that
    statement alone (much cheaper than the whole file when only its imports matter)."""
    if parsed.language not in BOUND_LANGUAGES or parsed.spec is None:
        return []
    lines = parsed.lines[line - 1 : line - 1 + _SNIPPET_LINES]
    if not lines:
        return []
    indent = len(lines[0]) - len(lines[0].lstrip())
    if indent:  # an import inside a function: dedent so the snippet parses at top level
        lines = [text[indent:] if text[:indent].strip() == "" else text for text in lines]
    from prx.engine.lang.grammar import parse

    try:
        tree = parse(parsed.spec, "\n".join(lines).encode("utf-8", "surrogatepass"))
    except Exception:  # a snippet that does not parse binds nothing
        return []
    found = _bindings_of(parsed, tree.root_node, line - 1)
    return [b for b in found if b.line == line]


def _python_import(node: Any, out: list[Binding]) -> None:
    first, last = _line(node), _end_line(node)
    for name in node.children_by_field_name("name"):
        if name.type == "aliased_import":
            dotted = _text(name.child_by_field_name("name"))
            alias = _text(name.child_by_field_name("alias"))
            out.append(Binding(first, last, dotted, "module", None, alias))
        else:
            dotted = "".join(_text(name).split())
            out.append(Binding(first, last, dotted, "module", None, dotted))


def _python_from(node: Any, out: list[Binding]) -> None:
    first, last = _line(node), _end_line(node)
    module = "".join(_text(node.child_by_field_name("module_name")).split())
    names = node.children_by_field_name("name")
    if not names:
        if any(c.type == "wildcard_import" for c in node.named_children):
            out.append(Binding(first, last, module, "star", None, None))
        return
    for name in names:
        if name.type == "aliased_import":
            imported = _text(name.child_by_field_name("name"))
            local = _text(name.child_by_field_name("alias"))
        else:
            imported = local = _text(name)
        out.append(Binding(first, last, module, "name", imported, local))


# -- JavaScript / TypeScript ----------------------------------------------------------


def _string_value(node: Any | None) -> str | None:
    if node is None or node.type not in ("string", "template_string"):
        return None
    return _text(node).strip("'\"`")


def _js_import(node: Any, out: list[Binding]) -> None:
    module = _string_value(node.child_by_field_name("source"))
    if module is None:
        return
    first, last = _line(node), _end_line(node)
    for clause in node.named_children:
        if clause.type != "import_clause":
            continue
        for part in clause.named_children:
            if part.type == "identifier":
                out.append(Binding(first, last, module, "name", "default", _text(part)))
            elif part.type == "namespace_import":
                ids = [c for c in part.named_children if c.type == "identifier"]
                if ids:
                    out.append(Binding(first, last, module, "module", None, _text(ids[-1])))
            elif part.type == "named_imports":
                for spec in part.named_children:
                    if spec.type != "import_specifier":
                        continue
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias")
                    imported = _text(name).strip("'\"")
                    local = _text(alias) if alias is not None else imported
                    out.append(Binding(first, last, module, "name", imported, local))


def _js_reexport(node: Any, out: list[Binding]) -> None:
    module = _string_value(node.child_by_field_name("source"))
    if module is None:
        return
    first, last = _line(node), _end_line(node)
    clause = next((c for c in node.named_children if c.type == "export_clause"), None)
    if clause is None:
        named = next((c for c in node.named_children if c.type == "namespace_export"), None)
        if named is None:
            out.append(Binding(first, last, module, "star", None, None))
            return
        ids = [c for c in named.named_children if c.type in ("identifier", "string")]
        if ids:
            exported = _text(ids[-1]).strip("'\"")
            out.append(Binding(first, last, module, "namespace", None, exported))
        return
    for spec in clause.named_children:
        if spec.type != "export_specifier":
            continue
        name = spec.child_by_field_name("name")
        alias = spec.child_by_field_name("alias")
        imported = _text(name)
        out.append(
            Binding(
                first,
                last,
                module,
                "reexport",
                imported,
                _text(alias) if alias is not None else imported,
            )
        )


def _js_require(node: Any, out: list[Binding]) -> None:
    if node.type == "expression_statement":
        _js_passed_module(node, out)
        return
    for declarator in node.named_children:
        if declarator.type != "variable_declarator":
            continue
        value = declarator.child_by_field_name("value")
        taken: str | None = None
        path: list[str] = []
        while value is not None and value.type == "member_expression" and len(path) < 8:
            # ``var isSpace = require('./utils').isSpace``: the export of that name;
            # ``require('..').json.write``: ``write`` of the module exported as ``json``
            prop = value.child_by_field_name("property")
            path.insert(0, _text(prop) if prop is not None else "")
            value = value.child_by_field_name("object")
        if path:
            taken = ".".join(path) if all(p.isidentifier() for p in path) else None
            if taken is None:
                continue
        module = _required_module(value)
        name = declarator.child_by_field_name("name")
        if module is None or name is None:
            continue
        first, last = _line(node), _end_line(node)
        if taken is not None:
            if name.type == "identifier":
                out.append(Binding(first, last, module, "name", taken, _text(name)))
        elif name.type == "identifier":
            out.append(Binding(first, last, module, "require", None, _text(name)))
        elif name.type == "object_pattern":
            for part in name.named_children:
                if part.type == "shorthand_property_identifier_pattern":
                    out.append(Binding(first, last, module, "name", _text(part), _text(part)))
                elif part.type == "pair_pattern":
                    key, value_node = (
                        part.child_by_field_name("key"),
                        part.child_by_field_name("value"),
                    )
                    if key is not None and value_node is not None:
                        out.append(
                            Binding(first, last, module, "name", _text(key), _text(value_node))
                        )


def _js_passed_module(node: Any, out: list[Binding]) -> None:
    """CommonJS passing a module on as one export: ``module.exports = {json:
    require('./lib/json')}``, ``exports.json = require('./lib/json')`` (kind
    ``passes``: its names are ``json.write`` ...; a module whose default export is a
    function, ``json`` itself)."""
    assignment = node.named_children[0] if node.named_children else None
    if assignment is None or assignment.type != "assignment_expression":
        return
    left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
    if left is None or right is None:
        return
    target = _text(left).replace(" ", "")
    first, last = _line(node), _end_line(node)
    if target == "module.exports" and right.type == "object":
        for pair in right.named_children:
            key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
            module = _required_module(value)
            if pair.type == "pair" and key is not None and module is not None:
                # its own lines: each ``require`` of the object is one import edge
                out.append(
                    Binding(_line(pair), _end_line(pair), module, "passes", None, _text(key))
                )
        return
    head, _, export = target.rpartition(".")
    module = _required_module(right)
    if head in ("module.exports", "exports") and export.isidentifier() and module is not None:
        out.append(Binding(first, last, module, "passes", None, export))


def _required_module(value: Any) -> str | None:
    """The module of ``require('./m')``; None for anything else."""
    if value is None or value.type != "call_expression":
        return None
    function = value.child_by_field_name("function")
    arguments = value.child_by_field_name("arguments")
    if function is None or _text(function) != "require" or arguments is None:
        return None
    return _string_value(arguments.named_children[0] if arguments.named_children else None)


def _ts_import_require(node: Any, out: list[Binding]) -> None:
    """TypeScript's ``import m = require('./m')``: the module's exports object."""
    for clause in node.named_children:
        if clause.type != "import_require_clause":
            continue
        module = _string_value(clause.child_by_field_name("source"))
        name = next((c for c in clause.named_children if c.type == "identifier"), None)
        if module is not None and name is not None:
            out.append(Binding(_line(node), _end_line(node), module, "require", None, _text(name)))


def default_exported(parsed: ParsedFile, name: str) -> bool:
    """Whether a JS/TS file's default export is ``name`` (``export default name``,
    ``export default function name``, ``module.exports = name``, ``export = name``)."""
    return "default" in exported_names(parsed, name)


def exported_names(parsed: ParsedFile, local: str) -> frozenset[str]:
    """The names under which a JS/TS file exports its top-level ``local`` (``default``
    for a default export; CommonJS ``module.exports = {local}``, ``exports.x = local``
    too); empty for another language or a name it does not export."""
    if parsed.language not in _JS or local.encode() not in parsed.data:
        return frozenset()
    found: dict[str, frozenset[str]] | None = parsed.memo.get("exports")
    if found is None:
        found = parsed.memo["exports"] = _export_map(parsed)
    return found.get(local, frozenset())


def exports_name(parsed: ParsedFile, name: str) -> bool:
    """Whether a JS/TS file's exports object has a property ``name``: an ES export of
    that name, or CommonJS ``exports.name = ...`` / ``module.exports = {name}`` (whatever
    the value: ``exports.make = (n) => new T(n)``)."""
    if parsed.language not in _JS or name.encode() not in parsed.data:
        return False
    found: frozenset[str] | None = parsed.memo.get("export_properties")
    if found is None:
        found = parsed.memo["export_properties"] = _export_properties(parsed)
    return name in found


def _export_properties(parsed: ParsedFile) -> frozenset[str]:
    names = {n for names in _export_map(parsed).values() for n in names}
    tree = parsed.tree
    for node in tree.root_node.named_children if tree is not None else ():
        expression = node.named_children[0] if node.type == "expression_statement" else None
        while expression is not None and expression.type == "assignment_expression":
            left = expression.child_by_field_name("left")
            target = _exports_object(left) if left is not None else None
            if target is None:
                break
            if target:
                names.add(target)
            expression = expression.child_by_field_name("right")
    return frozenset(names)


def _export_map(parsed: ParsedFile) -> dict[str, frozenset[str]]:
    """Each exported top-level name of the file, with the names it is exported as."""
    tree = parsed.tree
    out: dict[str, set[str]] = {}
    if tree is None:
        return {}
    for node in tree.root_node.named_children:
        if node.type == "export_statement" and node.child_by_field_name("source") is None:
            _es_exports(node, out)
        elif node.type == "expression_statement" and node.named_children:
            _commonjs_exports(node.named_children[0], out)
    return {local: frozenset(names) for local, names in out.items()}


_DECLARED = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
        "abstract_class_declaration",
        "interface_declaration",
        "type_alias_declaration",
        "enum_declaration",
        "internal_module",
        "function_signature",
    }
)


def _es_exports(node: Any, out: dict[str, set[str]]) -> None:
    default = any(c.type == "default" for c in node.children)
    assigned = any(c.type == "=" for c in node.children)  # TS ``export = X``
    declaration = node.child_by_field_name("declaration")
    if declaration is not None:
        if declaration.type == "ambient_declaration" and declaration.named_children:
            declaration = declaration.named_children[0]
        for name in _declared_names(declaration):
            out.setdefault(name, set()).add("default" if default else name)
        return
    value = node.child_by_field_name("value")
    if value is None and assigned:
        value = next((c for c in node.named_children if c.type == "identifier"), None)
    if value is not None:
        if value.type == "identifier":
            out.setdefault(_text(value), set()).add("default")
        elif value.type in ("function_expression", "class") and default:
            name = value.child_by_field_name("name")
            if name is not None:
                out.setdefault(_text(name), set()).add("default")
        return
    for clause in node.named_children:
        if clause.type != "export_clause":
            continue
        for spec in clause.named_children:
            if spec.type != "export_specifier":
                continue
            name = spec.child_by_field_name("name")
            alias = spec.child_by_field_name("alias")
            if name is not None:
                exported = _text(alias if alias is not None else name).strip("'\"")
                out.setdefault(_text(name), set()).add(exported)


def _declared_names(declaration: Any) -> list[str]:
    if declaration.type in _DECLARED:
        name = declaration.child_by_field_name("name")
        return [_text(name)] if name is not None else []
    if declaration.type in ("lexical_declaration", "variable_declaration"):
        names = []
        for declarator in declaration.named_children:
            name = declarator.child_by_field_name("name")
            if declarator.type == "variable_declarator" and name is not None:
                if name.type == "identifier":
                    names.append(_text(name))
        return names
    return []


def _exports_object(node: Any) -> str | None:
    """For ``module.exports`` (or ``exports``): ``""``; for ``module.exports.x`` or
    ``exports.x``: ``"x"``; else None."""
    if node.type == "identifier":
        return "" if _text(node) == "exports" else None
    if node.type != "member_expression":
        return None
    obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
    if obj is None or prop is None:
        return None
    if obj.type == "identifier" and _text(obj) == "module" and _text(prop) == "exports":
        return ""
    if _exports_object(obj) == "":
        return _text(prop)
    return None


def _commonjs_exports(expression: Any, out: dict[str, set[str]]) -> None:
    """``module.exports = X``, ``module.exports = {a, b: c}``, ``exports.x = y`` (and
    ``exports = module.exports = X`` chains)."""
    while expression.type == "assignment_expression":
        left = expression.child_by_field_name("left")
        right = expression.child_by_field_name("right")
        if left is None or right is None:
            return
        target = _exports_object(left)
        if target is None:
            return
        if right.type == "assignment_expression":
            expression = right
            continue
        if right.type == "identifier":
            out.setdefault(_text(right), set()).add(target or "default")
        elif right.type == "object" and target == "":
            for part in right.named_children:
                if part.type == "shorthand_property_identifier":
                    out.setdefault(_text(part), set()).add(_text(part))
                elif part.type == "pair":
                    key, value = part.child_by_field_name("key"), part.child_by_field_name("value")
                    if key is not None and value is not None and value.type == "identifier":
                        out.setdefault(_text(value), set()).add(_text(key).strip("'\""))
        elif right.type in ("function_expression", "class") and target == "":
            name = right.child_by_field_name("name")
            if name is not None:
                out.setdefault(_text(name), set()).add("default")
        return


# -- identifiers ----------------------------------------------------------------------

_IDENTIFIERS = frozenset(
    {
        "identifier",
        "property_identifier",
        "type_identifier",
        "shorthand_property_identifier",
        "field_identifier",
        "constant",
    }
)
#: Languages whose intel reads identifiers by exactly the kinds above; every other
#: grammar names them its own way (Swift's ``simple_identifier``, PHP's
#: ``name``, C++'s ``namespace_identifier``, Bash's ``variable_name``).
_OWN_IDENTIFIERS = frozenset({"python", "javascript", "typescript", "tsx", "go", "rust", "java"})


def _identifier_leaf(node: Any) -> bool:
    """A leaf the grammar calls an identifier or a name, or the one word of a node it
    calls so (Bash's ``command_name``): a word of code (a string's or a comment's text
    is a leaf of another kind; code interpolated in a string is code)."""
    if node.named_child_count:
        return False
    if _names_identifier(node.type):
        return True
    parent = node.parent
    return (
        parent is not None
        and parent.named_child_count == 1
        and parent.start_byte == node.start_byte
        and parent.end_byte == node.end_byte
        and _names_identifier(parent.type)
    )


def _in_macro_body(node: Any, data: bytes, start: int) -> bool:
    """A word of a C-family macro's body, which the grammar keeps as text: code the
    preprocessor pastes where the macro is used (not inside a string there)."""
    if node.type != "preproc_arg":
        return False
    return data.count(b'"', int(node.start_byte), start) % 2 == 0


def _names_identifier(kind: str) -> bool:
    return kind.endswith(("identifier", "_name")) or kind in (
        "name",
        "constant",
        "variable",
        "alias",
    )


_IMPORTS = frozenset(
    {
        "import_statement",
        "import_from_statement",
        "future_import_statement",
        "import_declaration",
        "use_declaration",
    }
)
_DEFINERS = frozenset(
    {
        "function_definition",
        "class_definition",
        "function_declaration",
        "class_declaration",
        "method_definition",
        "generator_function_declaration",
        "interface_declaration",
        "type_alias_declaration",
    }
)
_PARAMETERS = frozenset(
    {
        "parameters",
        "formal_parameters",
        "lambda_parameters",
        "default_parameter",
        "typed_parameter",
        "typed_default_parameter",
        "required_parameter",
        "optional_parameter",
    }
)


def _word(name: str) -> re.Pattern[bytes]:
    return re.compile(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])")


def occurrences(parsed: ParsedFile, name: str) -> list[Occurrence]:
    """Every identifier ``name`` in the file's code, in order (strings and comments are
    not code). Without a syntax tree: every whole-word match, as bare uses. Read once
    per file and name (the same-named definitions of a file share the scan)."""
    key = f"occurrences:{name}"
    found = parsed.memo.get(key)
    if found is None:
        found = parsed.memo[key] = _occurrences(parsed, name)
    return list(found)


def _occurrences(parsed: ParsedFile, name: str) -> list[Occurrence]:
    pattern = _word(name)
    data = parsed.data
    if name.encode() not in data:
        return []
    tree = parsed.tree
    own_kinds = parsed.language in _OWN_IDENTIFIERS
    dotted = "." in name
    found: list[Occurrence] = []
    if tree is None:
        line_starts = _line_starts(data)
        for match in pattern.finditer(data):
            found.append(
                Occurrence(_line_of(line_starts, match.start()), match.start(), None, False, False)
            )
        return found
    root = tree.root_node
    starts: list[int] | None = None  # line starts, for words no node holds alone
    for match in pattern.finditer(data):
        start, end = match.start(), match.end()
        node = root.named_descendant_for_byte_range(start, end)
        if node is not None and not own_kinds and _in_macro_body(node, data, start):
            starts = starts if starts is not None else _line_starts(data)
            found.append(Occurrence(_line_of(starts, start), start, None, False, False))
            continue
        if node is None or node.start_byte != start:
            continue
        if not own_kinds and dotted and node.end_byte == end and _qualified(node):
            found.append(Occurrence(_line(node), start, None, False, False))
            continue
        if not (node.type in _IDENTIFIERS if own_kinds else _identifier_leaf(node)):
            continue
        if node.end_byte != end:
            continue
        found.append(_classify(node))
    return found


def _qualified(node: Any) -> bool:
    """An expression made of identifiers only (Lua's ``lume.clamp``, a dotted name): the
    use of a definition whose name is written with dots (not a string saying it)."""
    if node.named_child_count == 0:
        return False
    stack = list(node.named_children)
    while stack:
        child = stack.pop()
        if child.named_child_count:
            stack.extend(child.named_children)
        elif not _identifier_leaf(child):
            return False
    return True


def _parameter_name(parameter: Any, node: Any) -> bool:
    """Whether ``node``, a child of a parameter (list), is a parameter's name, not its
    default value (``def f(fmt=DEFAULT)`` uses ``DEFAULT``, of the enclosing scope)."""
    for field in ("name", "pattern"):
        named = parameter.child_by_field_name(field)
        if named is not None:
            return bool(named.id == node.id)
    value = parameter.child_by_field_name("value")
    return value is None or value.id != node.id


def _classify(node: Any) -> Occurrence:
    parent = node.parent
    receiver: str | None = None
    defining = False
    if parent is not None:
        ptype = parent.type
        if ptype in ("attribute", "member_expression", "selector_expression", "field_expression"):
            obj = parent.child_by_field_name("object") or parent.child_by_field_name("operand")
            if obj is not None and obj.id != node.id:
                receiver = "".join(_text(obj).split())
        elif ptype == "nested_type_identifier" and parent.child_by_field_name("name") == node:
            # TS ``ns.T`` in a type: ``T`` of the namespace ``ns``
            module = parent.child_by_field_name("module")
            if module is not None:
                receiver = "".join(_text(module).split())
        elif ptype in _DEFINERS and parent.child_by_field_name("name") == node:
            defining = True
        elif ptype == "keyword_argument" and parent.child_by_field_name("name") == node:
            defining = True
        elif ptype in _PARAMETERS:
            defining = _parameter_name(parent, node)
        elif ptype == "pair" and parent.child_by_field_name("key") == node:
            # an object literal's key names a property; a Python dict's key is a value
            # (``{CLIENT: IDLE}`` uses the class CLIENT)
            grand = parent.parent
            defining = grand is None or grand.type != "dictionary"
    in_import = False
    ancestor = parent
    for _ in range(6):
        if ancestor is None:
            break
        if ancestor.type in _IMPORTS or (
            ancestor.type == "export_statement" and ancestor.child_by_field_name("source")
        ):
            in_import = True
            break
        ancestor = ancestor.parent
    return Occurrence(_line(node), int(node.start_byte), receiver, in_import, defining)


def _line_starts(data: bytes) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer(rb"\n", data))
    return starts


def _line_of(starts: list[int], offset: int) -> int:
    from bisect import bisect_right

    return bisect_right(starts, offset)


def enclosing(parsed: ParsedFile, line: int) -> str | None:
    """The innermost function or method around ``line`` (``Class.method``), else the
    innermost class, else None."""
    defs = parsed.definitions()
    chain: list[str] = []
    function_depth = -1
    level = defs
    while True:
        inner = next(
            (
                d
                for d in level
                if _line(d.node) <= line <= _end_line(d.node)
                and d.kind in ("function", "method", "class", "struct", "trait", "enum")
            ),
            None,
        )
        if inner is None:
            break
        chain.append(inner.name)
        if inner.kind in ("function", "method"):
            function_depth = len(chain)
        level = inner.children
    if not chain:
        return None
    if function_depth > 0:
        return ".".join(chain[:function_depth])
    return ".".join(chain)


_IMPORT_LINE = re.compile(
    r"^[ \t]*(?:import[ \t{*]|from[ \t]+\S+[ \t]+import\b|export[^\n]*[ \t]from[ \t])[^\n]*",
    re.MULTILINE,
)


def import_spans(parsed: ParsedFile) -> list[tuple[int, int]]:
    """(start, end) character offsets of the file's import statements in its decoded
    text, found by their keywords (no parse), in order."""
    found: list[tuple[int, int]] | None = parsed.memo.get("import_spans")
    if found is None:
        found = []
        text = parsed.data.decode("utf-8", "replace")
        for match in _import_line_matches(text):
            end = match.end()
            tail = match.group().rstrip()
            if tail.endswith(("(", "{")):  # continued until the bracket closes
                close = text.find(")" if tail.endswith("(") else "}", end)
                end = close if close >= 0 else end
            found.append((match.start(), end))
        parsed.memo["import_spans"] = found
    return found


def _import_line_matches(text: str) -> list[re.Match[str]]:
    """What ``_IMPORT_LINE.finditer(text)`` finds, tried only at the lines that hold
    ``import`` or ``export`` (each form has one of them): ``str.find`` skips the rest."""
    starts: list[int] = []
    for keyword in ("import", "export"):
        at = text.find(keyword)
        while at >= 0:
            starts.append(text.rfind("\n", 0, at) + 1)
            at = text.find(keyword, at + len(keyword))
    found = []
    for start in sorted(set(starts)):
        match = _IMPORT_LINE.match(text, start)
        if match is not None:
            found.append(match)
    return found


def inside(spans: list[tuple[int, int]], offset: int) -> bool:
    """Whether ``offset`` falls in one of the sorted ``spans``."""
    from bisect import bisect_right

    index = bisect_right(spans, (offset, 1 << 62)) - 1
    return index >= 0 and spans[index][0] <= offset <= spans[index][1]


def import_lines(parsed: ParsedFile) -> set[int]:
    """Line numbers of the file's import statements (see :func:`import_spans`)."""
    text = parsed.data.decode("utf-8", "replace")
    lines: set[int] = set()
    first, counted = 1, 0
    for start, end in import_spans(parsed):
        first += text.count("\n", counted, start)
        counted = start
        lines.update(range(first, first + text.count("\n", start, end) + 1))
    return lines
