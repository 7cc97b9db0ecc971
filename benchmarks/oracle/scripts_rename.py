"""What belongs to a TypeScript or JavaScript definition besides its name, changed with
it by the oracle (``after_rename``) so that tsc sees the uses:

- the other declarations of an overloaded function or method (its signatures, or its
  implementation): one binding, whose importers tsc checks only when every declaration
  has the new name (renaming one is an error at the others only);
- its declarations in the package's declaration file (``package.json`` ``types``:
  commander's ``typings/index.d.ts``), through which tsc types the package's users;
- the specifiers that re-export a top-level name (``export { x } from './m'``), as
  Python's ``__all__`` entries: else tsc reports the re-export alone (of a name its
  file declares twice, a type beside a value, they stay, for the other one's users:
  a use of each all the same);
- a JavaScript top-level name exported as a property of its own name (``module.exports
  = {f}``, ``{f: f}``, ``exports.f = f``): the property is renamed too, as Python's
  ``__all__`` entry is, else tsc types the export ``any`` and no importer's use is an
  error;
- a CommonJS barrel that passes such a name on (pako's ``index.js``: ``const { deflate }
  = require('./lib/deflate'); module.exports.deflate = deflate;``): its binding and its
  export, as the ES ``export { x } from`` specifiers above, else tsc reports the
  barrel's ``require`` alone and types every user of the package ``any``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle.common import Diag, Symbol, spelling


def _parsed(root: Path, rel: str) -> Any:
    import prx
    from prx.engine.intel.project import ParsedFile

    path = root / rel
    return ParsedFile(rel, prx.Workspace(root).language_for(str(path)), path.read_bytes())


def _replace(root: Path, rel: str, edits: list[tuple[int, int, str]]) -> None:
    path = root / rel
    data = path.read_bytes()
    for start, end, text in sorted(set(edits), reverse=True):
        data = data[:start] + text.encode() + data[end:]
    path.write_bytes(data)


def overload_spans(parsed: Any, symbol: Symbol) -> list[tuple[int, int]]:
    """The names of the other declarations of ``symbol``'s overload set (the file as the
    oracle left it: the measured declaration already renamed)."""
    from prx.engine.intel.models.generic import outline_targets

    if symbol.kind not in ("function", "method"):
        return []
    return [
        (t.start, t.end)
        for t in outline_targets(parsed)
        if t.qualified == symbol.qualified and t.kind == symbol.kind and t.end > t.start
    ]


def export_property_spans(parsed: Any, name: str) -> list[tuple[int, int]]:
    """The property names that export the top-level ``name`` under its own name:
    ``module.exports = {name}`` (the shorthand), ``{name: name}`` (the key),
    ``exports.name = name`` / ``module.exports.name = name`` (the property; not
    ``exports.name = function other() ..``, another value exported under that name)."""
    tree = parsed.tree
    if tree is None or parsed.language != "javascript":
        return []
    out = []
    for statement in tree.root_node.named_children:
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        expression = statement.named_children[0]
        chained: list[tuple[int, int]] = []  # ``exports.f = module.exports.f = f``
        while expression.type == "assignment_expression":
            left = expression.child_by_field_name("left")
            right = expression.child_by_field_name("right")
            if left is None or right is None:
                break
            where = _exports(left)
            if where is None:
                break
            if where and where[0] == name:
                chained.append(where[1])
            if where == () and right.type == "object":
                for part in right.named_children:
                    if part.type == "shorthand_property_identifier" and _text(part) == name:
                        out.append((int(part.start_byte), int(part.end_byte)))
                    elif part.type == "pair":
                        key = part.child_by_field_name("key")
                        value = part.child_by_field_name("value")
                        if key is not None and key.type == "property_identifier":
                            if _text(key) == name and value is not None and _text(value) == name:
                                out.append((int(key.start_byte), int(key.end_byte)))
            expression = right
        if expression.type == "identifier" and _text(expression) == name:
            out.extend(chained)
    return out


def _text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def _exports(node: Any) -> tuple[()] | tuple[str, tuple[int, int]] | None:
    """``module.exports`` / ``exports``: ``()``; ``exports.x``: ``(x, its span)``."""
    if node.type == "identifier":
        return () if _text(node) == "exports" else None
    if node.type != "member_expression":
        return None
    obj, prop = node.child_by_field_name("object"), node.child_by_field_name("property")
    if obj is None or prop is None:
        return None
    if obj.type == "identifier" and _text(obj) == "module" and _text(prop) == "exports":
        return ()
    if _exports(obj) == ():
        return _text(prop), (int(prop.start_byte), int(prop.end_byte))
    return None


#: The lines of the export properties ``after_rename`` renamed, by symbol: uses of the
#: local that the edit hides from tsc (see :func:`uses`).
_EXPORT_LINES: dict[tuple[str, str], list[int]] = {}


def declaration_twin(root: Path, rel: str) -> str | None:
    """The declaration file that types a JavaScript package's sources (its
    ``package.json`` ``types``/``typings``: commander's ``typings/index.d.ts``), for a
    JavaScript source of it; None for anything else."""
    import json

    if not rel.endswith((".js", ".cjs", ".mjs")):
        return None
    try:
        manifest = json.loads((root / "package.json").read_text())
    except (OSError, ValueError):
        return None
    declared = manifest.get("types") or manifest.get("typings")
    main = manifest.get("main") or "index.js"
    if not isinstance(declared, str) or not (root / declared).is_file():
        return None
    if not isinstance(main, str) or rel not in _package_files(root, main):
        return None  # an example's or a test's own names: not the package's
    return str(Path(declared).as_posix()).removeprefix("./")


def _package_files(root: Path, main: str) -> set[str]:
    """The files the package's main module loads, itself included (what its
    declaration file describes)."""
    import prx
    from prx.engine.intel.project import Project

    project = Project(prx.Workspace(root), str(root))
    start = str(Path(main).as_posix()).removeprefix("./")
    seen, stack = {start}, [start]
    while stack:
        for edge in project.graph.edges_from(stack.pop()):
            target = edge.target
            if target and target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


def twin_spans(root: Path, symbol: Symbol) -> tuple[str, list[tuple[int, int]]] | None:
    """The names of ``symbol``'s declarations in its package's declaration file (see
    :func:`declaration_twin`): the type checker reads the package through them, and
    the two declare one interface (like a Python module and its stub)."""
    from prx.engine.intel.models.generic import outline_targets

    twin = declaration_twin(root, symbol.file)
    if twin is None:
        return None
    spans = [
        (t.start, t.end)
        for t in outline_targets(_parsed(root, twin))
        if t.qualified == symbol.qualified and t.end > t.start
    ]
    return (twin, spans) if spans else None


#: Finds, in an importer (parsed, the lines of its imports of the provider, the name),
#: the spans that pass the name on, and whether the importer passes it on again under
#: that name (its own importers are searched then).
Finder = Callable[[Any, set[int], str], tuple[list[tuple[int, int]], bool]]


def _passed_on(root: Path, symbol: Symbol, find: Finder) -> dict[str, list[tuple[int, int]]]:
    """The spans ``find`` gives in each file that imports the top-level ``symbol`` from
    its file, or from a file that passes it on, however indirectly."""
    if "." in symbol.qualified:
        return {}
    import prx
    from prx.engine.intel.project import Project

    project = Project(prx.Workspace(root), str(root))
    out: dict[str, list[tuple[int, int]]] = {}
    wanted = [(symbol.file, symbol.name)]
    seen: set[tuple[str, str]] = set()
    while wanted:
        provider, name = wanted.pop()
        if (provider, name) in seen:
            continue
        seen.add((provider, name))
        for rel in project.graph.importers_of(provider):
            parsed = project.file(rel)
            if parsed is None or parsed.tree is None:
                continue
            lines = {e.line for e in project.graph.edges_from(rel) if e.target == provider}
            spans, again = find(parsed, lines, name)
            if spans:
                out.setdefault(rel, []).extend(spans)
            if again:
                wanted.append((rel, name))
    return out


def reexport_spans(root: Path, symbol: Symbol) -> dict[str, list[tuple[int, int]]]:
    """The names of the specifiers that pass the top-level ``symbol`` on (``export {
    fromPromise } from './result-async'``; through a barrel that passes it on again under
    its own name too). Renamed with it, as a Python module's ``__all__`` entry is: else
    tsc reports the re-export alone and types its importers' uses as the missing name's,
    naming none of them."""
    return _passed_on(root, symbol, _specifier_spans)


def _specifier_spans(parsed: Any, lines: set[int], name: str) -> tuple[list[tuple[int, int]], bool]:
    spans: list[tuple[int, int]] = []
    again = False
    for node in parsed.tree.root_node.named_children:
        if node.type != "export_statement" or node.child_by_field_name("source") is None:
            continue
        if int(node.start_point[0]) + 1 not in lines:
            continue
        for spec in _specifiers(node):
            spelled = spec.child_by_field_name("name")
            if spelled is None or _text(spelled) != name:
                continue
            spans.append((int(spelled.start_byte), int(spelled.end_byte)))
            again = again or spec.child_by_field_name("alias") is None
    return spans, again


def commonjs_reexport_spans(root: Path, symbol: Symbol) -> dict[str, list[tuple[int, int]]]:
    """The names in each CommonJS barrel that destructures the top-level ``symbol`` from
    its file's ``require`` and exports it under its own name (through barrels of
    barrels too): the destructured key, the export's property and every identifier of
    that name in the barrel (the binding is renamed as a whole)."""
    return _passed_on(root, symbol, _barrel_spans)


def _barrel_spans(parsed: Any, lines: set[int], name: str) -> tuple[list[tuple[int, int]], bool]:
    if parsed.language != "javascript" or not _destructures(parsed.tree.root_node, name, lines):
        return [], False
    exported = export_property_spans(parsed, name)
    if not exported:
        return [], False  # a user of the name, not a barrel: its uses are errors
    return sorted(set(exported) | set(_identifiers(parsed.tree.root_node, name))), True


def _destructures(program: Any, name: str, lines: set[int]) -> bool:
    """Whether a top-level ``const { name } = require(..)`` at one of ``lines`` binds
    ``name``."""
    for statement in program.named_children:
        if statement.type not in ("lexical_declaration", "variable_declaration"):
            continue
        if int(statement.start_point[0]) + 1 not in lines:
            continue
        for declarator in statement.named_children:
            pattern = declarator.child_by_field_name("name")
            if pattern is None or pattern.type != "object_pattern":
                continue
            if any(
                part.type == "shorthand_property_identifier_pattern" and _text(part) == name
                for part in pattern.named_children
            ):
                return True
    return False


def _identifiers(program: Any, name: str) -> list[tuple[int, int]]:
    """Every identifier (and destructuring shorthand) spelled ``name`` in a file."""
    out = []
    stack = [program]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_property_identifier_pattern"):
            if _text(node) == name:
                out.append((int(node.start_byte), int(node.end_byte)))
            continue
        stack.extend(node.named_children)
    return out


def _specifiers(statement: Any) -> list[Any]:
    return [
        spec
        for clause in statement.named_children
        if clause.type == "export_clause"
        for spec in clause.named_children
        if spec.type == "export_specifier"
    ]


def after_rename(root: Path, symbol: Symbol, new: str) -> list[Diag]:
    """Rename what must change with the definition for tsc to see its uses; the
    re-export statements renamed are returned, as uses (as Python's oracle returns the
    import statements it renames)."""
    twin = twin_spans(root, symbol)
    if twin is not None:
        _replace(root, twin[0], [(start, end, new) for start, end in twin[1]])
    passed: list[Diag] = []
    for rel, spans in reexport_spans(root, symbol).items():
        data = (root / rel).read_bytes()
        passed += [Diag(rel, data.count(b"\n", 0, start) + 1, "re-export") for start, _ in spans]
        # A name its file declares again (a type beside a value): the specifier passes
        # the other declaration on too, and renaming it would break that one's users;
        # it stays, and is a use of each declaration all the same.
        if symbol.in_file == 1:
            _replace(root, rel, [(start, end, new) for start, end in spans])
    for rel, spans in commonjs_reexport_spans(root, symbol).items():
        data = (root / rel).read_bytes()
        lines = sorted({data.count(b"\n", 0, start) + 1 for start, _ in spans})
        passed += [Diag(rel, line, "re-export") for line in lines]
        _replace(root, rel, [(start, end, new) for start, end in spans])
    parsed = _parsed(root, symbol.file)
    edits = [(start, end, new) for start, end in overload_spans(parsed, symbol)]
    lines = []
    if "." not in symbol.qualified:
        for start, end in export_property_spans(parsed, symbol.name):
            edits.append((start, end, new))
            if _shorthand(parsed, start):
                lines.append(parsed.data.count(b"\n", 0, start) + 1)
    _EXPORT_LINES[(symbol.file, symbol.qualified)] = lines
    if edits:
        _replace(root, symbol.file, edits)
    return passed


def _shorthand(parsed: Any, start: int) -> bool:
    node = parsed.tree.root_node.named_descendant_for_byte_range(start, start + 1)
    return node is not None and node.type == "shorthand_property_identifier"


def uses_at(root: Path, symbol: Symbol, errors: list[Diag]) -> list[Diag]:
    """The errors at lines that spell the name (old, or the oracle's new one), as the
    Java, Rust and C oracles keep: the others are consequences, not uses (with
    ``Nothing.unsafeCoerce`` renamed, every ``return Nothing`` typed ``Maybe<T>`` fails
    because the class no longer has the interface's member; the line never names it).
    And the shorthand export ``module.exports = {f}`` as a use of ``f``: renamed along
    (``{f_new}``, which keeps the exports object typed so that tsc reports its
    importers), it is no error, yet it uses the local as much as ``{f: f}`` does."""
    word = re.compile(r"(?<![\w$])" + re.escape(symbol.name) + r"(?:_prxoracle)?(?![\w$])")
    lines = _EXPORT_LINES.get((symbol.file, symbol.qualified), [])
    kept = spelling(root, errors, word)
    return [*kept, *(Diag(symbol.file, line, "export") for line in lines)]
