"""Where a name occurs in one file, read from its tree-sitter parse: as an identifier in
code, or as a word in a comment or a string.

An identifier is a named leaf whose type ends in ``identifier`` (``property_identifier``,
``type_identifier`` ...) or is ``name``/``constant`` (PHP, Ruby). Code inside a string
(an f-string's ``{x}``, a template's ``${x}``) is code. Each occurrence carries its scope
chain (the enclosing functions and classes), so that a clash of the new name with an
existing one can be told from two names in unrelated scopes.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from prx.core.record import record
from prx.engine.lang.grammar import parse

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.plugin.interfaces import LanguageSpec

__all__ = ["BOM", "FileScan", "Occurrence", "Scope", "count_errors", "line_starts", "scan"]

BOM = b"\xef\xbb\xbf"

# Node types that hold a name being looked up in an object rather than in a scope.
_MEMBER_TYPES = frozenset(
    {"property_identifier", "field_identifier", "private_property_identifier"}
)
_MEMBER_FIELDS = ("attribute", "property", "field")
# Scopes: functions and classes of the languages prx renames in. A class's names are
# its members, not visible to the code nested in it.
_CLASS_SCOPES = frozenset(
    {
        "abstract_class_declaration",
        "anonymous_class",
        "class",
        "class_declaration",
        "class_definition",
        "class_specifier",
        "impl_item",
        "interface_declaration",
        "object_declaration",
        "object_definition",
        "protocol_declaration",
        "record_declaration",
        "singleton_class",
        "struct_declaration",
        "trait_declaration",
        "trait_definition",
        "trait_item",
    }
)
_FUNCTION_SCOPES = frozenset(
    {
        "anonymous_function",
        "anonymous_method_expression",
        "arrow_function",
        "class_static_block",
        "closure_expression",
        "func_literal",
        "function_declaration",
        "function_definition",
        "function_expression",
        "function_item",
        "generator_function",
        "generator_function_declaration",
        "lambda",
        "lambda_expression",
        "lambda_literal",
        "local_function_statement",
        "method",
        "method_declaration",
        "method_definition",
        "singleton_method",
    }
)
_IMPORT_TYPES = frozenset({"use_declaration", "using_directive", "namespace_use_declaration"})
_CODE_IN_TEXT = ("interpolation", "substitution")


@record(kw_only=False)
class Scope:
    """A function, class or the module, as an occurrence's enclosing scope."""

    start: int
    end: int
    #: ``at module level``, ``in function f``, ``in class A`` ...
    label: str
    is_class: bool


@record(kw_only=False)
class Occurrence:
    """One place a name is written."""

    #: Byte offsets in the file (a BOM included).
    start: int
    end: int
    #: Line, 1-based.
    line: int
    #: ``code``, ``comment``, ``string`` or ``other`` (a whole word the parse has no
    #: identifier for: a macro body, a symbol).
    kind: str
    in_import: bool = False
    #: Looked up in an object (``obj.NAME``), not in a scope.
    member: bool = False
    #: Enclosing scopes, innermost first, the module last.
    scopes: tuple[Scope, ...] = ()


@record(kw_only=False)
class FileScan:
    """The occurrences of OLD and NEW in one file."""

    old: tuple[Occurrence, ...]
    new: tuple[Occurrence, ...]
    #: Error and missing nodes of the parse (a rename must not add any).
    errors: int


def line_starts(data: bytes) -> list[int]:
    """Byte offset of each line's start ("\\n" ends a line; a lone "\\r" does not)."""
    starts = [0]
    find = data.find
    at = find(b"\n")
    while at >= 0:
        starts.append(at + 1)
        at = find(b"\n", at + 1)
    return starts


def _is_identifier(node: Any) -> bool:
    kind: str = node.type
    return node.child_count == 0 and (
        kind.endswith("identifier")
        or kind in ("name", "constant", "shorthand_property_identifier_pattern")  # JS {x} = o
    )


def _text_kind(kind: str) -> str | None:
    if "comment" in kind:
        return "comment"
    if "string" in kind or "heredoc" in kind or kind.endswith("char_literal"):
        return "string"
    return None


def _name_node(node: Any) -> Any | None:
    """The identifier naming a function or class: its ``name``, or the innermost
    ``declarator`` (C and C++: ``int f(int x)`` names f inside a function declarator)."""
    name = node.child_by_field_name("name")
    if name is not None:
        return name
    current = node.child_by_field_name("declarator")
    while current is not None:
        inner = current.child_by_field_name("declarator")
        if inner is None:
            return current if current.child_count == 0 else None
        current = inner
    return None


def _scope_of(node: Any, shift: int) -> Scope:
    kind: str = node.type
    name_node = _name_node(node)
    name = bytes(name_node.text or b"").decode("utf-8", "replace") if name_node else ""
    is_class = kind in _CLASS_SCOPES
    what = "class" if is_class else "function"
    label = f"in {what} {name}" if name else f"in a {kind.replace('_', ' ')}"
    return Scope(node.start_byte + shift, node.end_byte + shift, label, is_class)


def _is_member(node: Any) -> bool:
    if node.type in _MEMBER_TYPES:
        return True
    parent = node.parent
    if parent is None:
        return False
    return any(parent.child_by_field_name(f) == node for f in _MEMBER_FIELDS)


def scan(spec: LanguageSpec, data: bytes, old: str, new: str) -> FileScan:
    """The occurrences of ``old`` (code, comments and strings) and ``new`` (code) in
    ``data``, a UTF-8 file of language ``spec``."""
    shift = len(BOM) if data.startswith(BOM) else 0
    tree = parse(spec, data[shift:])
    root = tree.root_node
    module = Scope(0, len(data), "at module level", False)
    starts = line_starts(data)
    wanted = {old.encode(), new.encode()}
    found_old: list[Occurrence] = []
    found_new: list[Occurrence] = []
    texts: list[tuple[int, int, str, bool]] = []  # outermost comment/string nodes
    outer: dict[int, tuple[Scope, ...]] = {}  # names of scopes -> the scopes around them
    # (node, text kind around it, in an import, enclosing scopes innermost first)
    stack: list[tuple[Any, str | None, bool, tuple[Scope, ...]]] = [(root, None, False, (module,))]
    while stack:
        node, text, in_import, scopes = stack.pop()
        kind: str = node.type
        if _is_identifier(node):
            raw = bytes(node.text or b"")
            scopes = outer.get(node.id, scopes)
            if raw in wanted:
                start = node.start_byte + shift
                occurrence = Occurrence(
                    start,
                    node.end_byte + shift,
                    bisect_right(starts, start),
                    text or "code",
                    in_import,
                    _is_member(node),
                    scopes,
                )
                (found_old if raw == old.encode() else found_new).append(occurrence)
            continue
        if any(w in kind for w in _CODE_IN_TEXT):
            text = None
        elif text is None and (own := _text_kind(kind)) is not None:
            text = own
            texts.append((node.start_byte + shift, node.end_byte + shift, own, in_import))
        in_import = in_import or "import" in kind or kind in _IMPORT_TYPES
        if node is not root and (kind in _FUNCTION_SCOPES or kind in _CLASS_SCOPES):
            name_node = _name_node(node)
            if name_node is not None:
                # A function's or class's own name belongs to the scope around it.
                outer[name_node.id] = scopes
            scopes = (_scope_of(node, shift), *scopes)
        for child in reversed(node.children):
            stack.append((child, text, in_import, scopes))
    code = {(o.start, o.end) for o in found_old}
    found_old += _words_in_texts(data, texts, old, starts, code, module)
    found_old += _words_elsewhere(data, old, starts, {o.start for o in found_old}, module)
    found_old.sort(key=lambda o: o.start)
    found_new.sort(key=lambda o: o.start)
    return FileScan(tuple(found_old), tuple(found_new), count_errors(root))


def _words_in_texts(
    data: bytes,
    texts: list[tuple[int, int, str, bool]],
    old: str,
    starts: list[int],
    code: set[tuple[int, int]],
    module: Scope,
) -> list[Occurrence]:
    """``old`` as a whole word inside comments and strings (code inside strings aside)."""
    word = re.compile(r"(?<![\w$])" + re.escape(old) + r"(?![\w$])")
    needle = old.encode()
    found: list[Occurrence] = []
    for start, end, kind, in_import in texts:
        chunk = data[start:end]
        if needle not in chunk:
            continue
        text = chunk.decode("utf-8", "replace")
        for match in word.finditer(text):
            at = start + len(text[: match.start()].encode())
            span = (at, at + len(needle))
            if span in code:
                continue
            line = bisect_right(starts, at)
            found.append(Occurrence(at, span[1], line, kind, in_import, False, (module,)))
    return found


def _words_elsewhere(
    data: bytes, old: str, starts: list[int], known: set[int], module: Scope
) -> list[Occurrence]:
    """``old`` as a whole word where the parse has no identifier, comment or string for it
    (a C macro's body, a Ruby symbol, an Elixir atom): never renamed, but reported."""
    word = re.compile(r"(?<![\w$])" + re.escape(old) + r"(?![\w$])")
    text = data.decode("utf-8", "replace")
    found: list[Occurrence] = []
    for match in word.finditer(text):
        at = len(text[: match.start()].encode())
        if at not in known:
            line = bisect_right(starts, at)
            found.append(
                Occurrence(at, at + len(old.encode()), line, "other", False, False, (module,))
            )
    return found


def count_errors(node: Any) -> int:
    """Error and missing nodes under ``node``."""
    if not node.has_error:
        return 0
    total = 0
    stack = [node]
    while stack:
        current = stack.pop()
        if current.is_error or current.is_missing:
            total += 1
        stack.extend(c for c in current.children if c.has_error or c.is_missing)
    return total
