"""The mutation sites of a source tree, found with tree-sitter, and a seeded sample of
them spread over files and functions.

A site is one token inside a function's or method's body, or inside a module-level
constant, that one mutation operator rewrites:

- ``cmp``: ``<``↔``<=``, ``>``↔``>=``, ``==``↔``!=``, ``===``↔``!==`` (a comparison's
  operator only: never a generic's angle bracket);
- ``arith``: a binary ``+``↔``-``;
- ``bool``: ``True``↔``False`` / ``true``↔``false``;
- ``int``: a decimal or hexadecimal integer literal n → n+1 (a Rust suffix kept);
- ``return``: ``return X`` → ``return None`` / ``nil`` / ``null`` (Go: a single result;
  Rust: ``None``, kept only where it compiles);
- ``logic``: ``and``↔``or``, ``&&``↔``||``.

Rust's macro arguments (token trees, no syntax) and ``#[cfg(test)]`` modules are never
mutated.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CMP = {
    "<": "<=",
    "<=": "<",
    ">": ">=",
    ">=": ">",
    "==": "!=",
    "!=": "==",
    "===": "!==",
    "!==": "===",
}
ARITH = {"+": "-", "-": "+"}
LOGIC = {"and": "or", "or": "and", "&&": "||", "||": "&&"}
BOOL = {"True": "False", "False": "True", "true": "false", "false": "true"}
NULL = {"python": "None", "go": "nil", "rust": "None", "javascript": "null"}
#: Binary expression nodes, per language.
BINARY = {
    "python": ("comparison_operator", "binary_operator", "boolean_operator"),
    "go": ("binary_expression",),
    "rust": ("binary_expression",),
    "javascript": ("binary_expression",),
}
FUNCTIONS = {
    "python": ("function_definition",),
    "go": ("function_declaration", "method_declaration", "func_literal"),
    "rust": ("function_item", "closure_expression"),
    "javascript": (
        "function_declaration",
        "function_expression",
        "function",
        "arrow_function",
        "method_definition",
        "generator_function_declaration",
        "generator_function",
    ),
}
GRAMMAR = {"python": "python", "go": "go", "rust": "rust", "javascript": "javascript"}
_UPPER = re.compile(r"^[A-Z_][A-Z0-9_]*$")
_INT = re.compile(
    r"^(?P<digits>0[xX][0-9a-fA-F]+|[1-9][0-9]*|0)(?P<suffix>[iu](?:8|16|32|64|128|size))?$"
)


@dataclass(frozen=True)
class Site:
    """One mutation: replace ``file``'s bytes ``start:end`` (``before``) with ``after``."""

    file: str
    line: int
    start: int
    end: int
    kind: str
    before: str
    after: str
    #: The function (or constant) it is in: ``name@line``.
    scope: str


def _parser(language: str) -> Any:
    from tree_sitter import Parser

    from prx.engine.lang.grammar import pack_grammar

    return Parser(pack_grammar(GRAMMAR[language])())


def _name(node: Any) -> str:
    named = node.child_by_field_name("name")
    if named is not None:
        return str(named.text.decode("utf-8", "replace"))
    if node.parent is not None and node.parent.type in (
        "variable_declarator",
        "pair",
        "assignment",
    ):
        left = node.parent.child_by_field_name("name") or node.parent.child_by_field_name("left")
        if left is None:
            left = node.parent.child_by_field_name("key")
        if left is not None:
            return str(left.text.decode("utf-8", "replace"))
    return "<anonymous>"


def _in_test_module(node: Any) -> bool:
    """Rust: inside a ``#[cfg(test)]`` module or a ``#[test]`` function."""
    while node is not None:
        if node.type in ("mod_item", "function_item"):
            prev = node.prev_named_sibling
            while prev is not None and prev.type == "attribute_item":
                text = prev.text.decode("utf-8", "replace").replace(" ", "")
                if text in ("#[test]", "#[cfg(test)]") or "cfg(test" in text:
                    return True
                prev = prev.prev_named_sibling
        node = node.parent
    return False


def _scope(node: Any, language: str) -> str | None:
    """The innermost named function holding ``node`` (an anonymous one stands for the
    named function around it), else the module-level constant holding it, as
    ``name@line``; None when it is in neither."""
    functions = FUNCTIONS[language]
    found: Any = None
    cur = node.parent
    while cur is not None:
        if cur.type in functions:
            if found is None or _name(found) == "<anonymous>":
                found = cur
        parent = cur.parent
        if parent is not None and parent.parent is None and found is None:
            # ``cur`` is a top-level statement: is it a constant?
            if _constant(cur, language):
                return f"{_constant(cur, language)}@{cur.start_point[0] + 1}"
            return None
        cur = parent
    if found is None:
        return None
    return f"{_name(found)}@{found.start_point[0] + 1}"


def _constant(node: Any, language: str) -> str | None:
    """The name of a module-level constant definition, or None."""
    text = str(node.text.decode("utf-8", "replace"))
    if language == "python" and node.type == "expression_statement":
        target = text.split("=", 1)[0].strip()
        if "=" in text and _UPPER.match(target):
            return target
    if language == "go" and node.type in ("const_declaration", "var_declaration"):
        return text.split("=", 1)[0].split()[1] if "=" in text else "const"
    if language == "rust" and node.type in ("const_item", "static_item"):
        named = node.child_by_field_name("name")
        return str(named.text.decode()) if named is not None else "const"
    if language == "javascript" and node.type in ("lexical_declaration", "variable_declaration"):
        declarator = next((c for c in node.named_children if c.type == "variable_declarator"), None)
        named = declarator.child_by_field_name("name") if declarator is not None else None
        name = named.text.decode() if named is not None else ""
        if text.startswith("const") or _UPPER.match(name):
            return name or "const"
    return None


def _walk(node: Any) -> Iterator[Any]:
    stack = [node]
    while stack:
        cur = stack.pop()
        yield cur
        stack.extend(reversed(cur.children))


def _mutation(node: Any, language: str) -> tuple[str, str] | None:
    """(kind, replacement text) for a token node, or None."""
    text = node.text.decode("utf-8", "replace")
    parent = node.parent
    if parent is None:
        return None
    # An operator is an anonymous token between a binary expression's operands.
    operands = (parent.children[0], parent.children[-1])
    if parent.type in BINARY[language] and not node.is_named and node not in operands:
        if text in CMP:
            return "cmp", CMP[text]
        if text in ARITH:
            return "arith", ARITH[text]
        if text in LOGIC:
            return "logic", LOGIC[text]
    if node.type in ("true", "false") and text in BOOL:
        return "bool", BOOL[text]
    if node.type in ("integer", "int_literal", "integer_literal", "number"):
        found = _INT.match(text)
        if found is None:
            return None
        digits, suffix = found.group("digits"), found.group("suffix") or ""
        if digits.lower().startswith("0x"):
            value = (
                f"0x{int(digits, 16) + 1:X}"
                if digits[2:].isupper()
                else f"0x{int(digits, 16) + 1:x}"
            )
        else:
            value = str(int(digits) + 1)
        return "int", value + suffix
    return None


def _return(node: Any, language: str) -> tuple[Any, str] | None:
    """For a ``return X`` statement: (the X node, its null), when the mutation applies."""
    if node.type not in ("return_statement", "return_expression"):
        return None
    values = [c for c in node.named_children if c.type not in ("comment",)]
    if len(values) != 1:
        return None
    value = values[0]
    if language == "go":
        if value.type != "expression_list" or value.named_child_count != 1:
            return None
    null = NULL[language]
    if value.text.decode("utf-8", "replace").strip() == null:
        return None
    return value, null


def sites_of(path: Path, rel: str, language: str) -> list[Site]:
    """Every site of one source file."""
    source = path.read_bytes()
    tree = _parser(language).parse(source)
    found: list[Site] = []
    for node in _walk(tree.root_node):
        if language == "rust" and node.type == "token_tree":
            continue
        if language == "rust" and any(a.type == "token_tree" for a in _ancestors(node)):
            continue
        target: Any = None
        kind = after = ""
        returned = _return(node, language)
        if returned is not None:
            target, after = returned
            kind = "return"
        elif node.child_count == 0 or node.type in (
            "true",
            "false",
            "integer",
            "int_literal",
            "integer_literal",
            "number",
        ):
            got = _mutation(node, language)
            if got is None:
                continue
            kind, after = got
            target = node
        else:
            continue
        scope = _scope(target, language)
        if scope is None:
            continue
        if language == "rust" and _in_test_module(node):
            continue
        found.append(
            Site(
                rel,
                target.start_point[0] + 1,
                target.start_byte,
                target.end_byte,
                kind,
                target.text.decode("utf-8", "replace"),
                after,
                scope,
            )
        )
    return found


def _ancestors(node: Any) -> Iterator[Any]:
    cur = node.parent
    while cur is not None:
        yield cur
        cur = cur.parent


def all_sites(root: Path, files: list[str], language: str) -> list[Site]:
    """Every site of the given source files (relative to ``root``)."""
    out: list[Site] = []
    for rel in sorted(files):
        out.extend(sites_of(root / rel, rel, language))
    return out


def order(sites: list[Site], seed: int) -> list[Site]:
    """The order mutations are tried in: files in a seeded order taken in turns, within a
    file its functions in turns, within a function a seeded choice; the operators are
    taken in turns too (the n-th try prefers the n-th operator: the file's next
    function that has one), so the first N tries reach as many files, functions and operators as there are
    (``return`` sites, the most numerous, would otherwise be half of them)."""
    rng = random.Random(seed)
    by_file: dict[str, dict[str, list[Site]]] = defaultdict(lambda: defaultdict(list))
    for site in sites:
        by_file[site.file][site.scope].append(site)
    queues: list[list[list[Site]]] = []
    for file in sorted(by_file):
        scopes = [by_file[file][s] for s in sorted(by_file[file])]
        for group in scopes:
            rng.shuffle(group)
        rng.shuffle(scopes)
        queues.append(scopes)
    rng.shuffle(queues)
    kinds = sorted({site.kind for site in sites})
    rng.shuffle(kinds)
    out: list[Site] = []
    while any(queues):
        for scopes in queues:
            if not scopes:
                continue
            prefer = kinds[len(out) % len(kinds)]
            has = (i for i, g in enumerate(scopes) if any(s.kind == prefer for s in g))
            group = scopes.pop(next(has, 0))
            at = next((i for i, s in enumerate(group) if s.kind == prefer), 0)
            out.append(group.pop(at))
            if group:
                scopes.append(group)
    return out


def apply(source: bytes, site: Site) -> bytes:
    """``source`` with the site's mutation."""
    if source[site.start : site.end].decode("utf-8", "replace") != site.before:
        raise ValueError(f"{site.file}:{site.line}: the source differs from the site's")
    return source[: site.start] + site.after.encode("utf-8") + source[site.end :]


def line_of(source: bytes, line: int) -> str:
    """Line ``line`` (1-based) of ``source``, without its end."""
    return source.decode("utf-8", "replace").splitlines()[line - 1]
