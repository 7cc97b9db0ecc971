"""The types a JavaScript file states in JSDoc: ``@param {T} name`` on a function,
``@returns {T}`` (or ``@return``) on a function, ``@type {T}`` on a variable or a
``this.field = ...`` assignment. tsc's ``checkJs`` reads them as TypeScript types, so
they are read here the same way: the text between the braces parsed with the
TypeScript grammar as ``let _: T;``, its type node handed to the same readers as a
TypeScript annotation (``T``, ``A | B``, ``T[]``, ``import('./m').T``).

JSDoc's own shorthands become TypeScript (``?T`` and ``T=`` are ``T``); a loose type
(``*``, ``any``, ``object``, ``Object``, ``Function``, ``function(..)``) states nothing,
so a receiver of such a type stays a candidate by name rather than being ruled out.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from prx.engine.intel.models.script_scope import FUNCTIONS, text

__all__ = ["param_type", "returns_type", "variable_type"]

#: Types that say nothing about which class a value is.
_LOOSE = frozenset({"*", "?", "any", "unknown", "object", "Object", "Function", "function"})
#: Statements a doc comment stands before, climbed to from a function or declarator.
_HOLDERS = frozenset(
    {
        "variable_declarator",
        "lexical_declaration",
        "variable_declaration",
        "export_statement",
        "assignment_expression",
        "expression_statement",
        "pair",
        "field_definition",
        "public_field_definition",
        "parenthesized_expression",
    }
)
#: The longest doc comment read (a hostile file's megabyte comment is not scanned).
_LONGEST = 20_000
#: The longest type text parsed.
_LONGEST_TYPE = 400


def _doc_comment(node: Any) -> str | None:
    """The ``/** ... */`` comment right before ``node`` or the statement it belongs to
    (a function's ``const f = ..``, ``X.prototype.f = ..``, an object's ``f: ..``)."""
    current = node
    for _ in range(6):
        before = current.prev_sibling
        if before is not None and before.type == "comment":
            found = text(before)
            return found if found.startswith("/**") and len(found) <= _LONGEST else None
        parent = current.parent
        if parent is None or parent.type not in _HOLDERS:
            return None
        current = parent
    return None


def _braced(doc: str, start: int) -> tuple[str, int] | None:
    """The text inside the braces opening at ``doc[start]`` and the index after them."""
    depth = 0
    for index in range(start, min(len(doc), start + _LONGEST_TYPE)):
        char = doc[index]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return doc[start + 1 : index], index + 1
    return None


@functools.lru_cache(maxsize=256)
def _tags(doc: str, names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(type text, the words after it) of every ``@name {type} ...`` tag in ``doc``
    (cached: a function's comment is read again for each of its parameters)."""
    out: list[tuple[str, str]] = []
    for match in re.finditer(r"@(\w+)\s*(?=\{)", doc):
        if match.group(1) not in names:
            continue
        found = _braced(doc, match.end())
        if found is None:
            continue
        stated, after = found
        rest = doc[after : after + 200].lstrip(" \t")
        out.append((stated, rest))
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _parsed(stated: str) -> Any | None:
    """The TypeScript tree of ``let _: <stated>;`` (kept alive by the cache), or None
    when the text is no TypeScript type."""
    from prx.engine.lang.catalog import HAND_TUNED_LANGUAGES
    from prx.engine.lang.grammar import parse

    spec = next((s for s in HAND_TUNED_LANGUAGES if s.name == "typescript"), None)
    if spec is None:
        return None
    tree = parse(spec, f"let _: {stated};".encode())
    return None if tree.root_node.has_error else tree


def _type_node(stated: str) -> Any | None:
    """The type annotation node ``stated`` (a JSDoc type's text) parses to; None for a
    loose or unreadable one."""
    cleaned = stated.strip().removeprefix("?").removeprefix("!").removesuffix("=").strip()
    if cleaned.startswith("(") and cleaned.endswith(")"):
        cleaned = cleaned[1:-1].strip()
    if not cleaned or "\n" in cleaned:
        return None
    parts = [p.strip().removeprefix("?") for p in cleaned.split("|")]
    if any(p in _LOOSE or p.startswith("function(") for p in parts):
        return None
    tree = _parsed(cleaned)
    if tree is None:
        return None
    statement = tree.root_node.named_children[0] if tree.root_node.named_children else None
    declarator = statement.named_children[0] if statement and statement.named_children else None
    return declarator.child_by_field_name("type") if declarator is not None else None


def param_type(function: Any, name: str) -> Any | None:
    """The type node of ``@param {T} name`` (``[name]``, ``[name=x]`` too) in the doc
    comment of ``function``, or None."""
    if function is None or function.type not in FUNCTIONS:
        return None
    doc = _doc_comment(function)
    if doc is None:
        return None
    for stated, rest in _tags(doc, ("param", "arg", "argument")):
        word = re.match(r"\[?\s*([\w$]+)", rest)
        if word is not None and word.group(1) == name:
            return _type_node(stated)
    return None


def returns_type(function: Any) -> Any | None:
    """The type node of ``@returns {T}`` (``@return``) in ``function``'s doc comment."""
    if function is None or function.type not in FUNCTIONS:
        return None
    doc = _doc_comment(function)
    if doc is None:
        return None
    found = _tags(doc, ("returns", "return"))
    return _type_node(found[0][0]) if len(found) == 1 else None


def variable_type(node: Any) -> Any | None:
    """The type node of ``@type {T}`` before a declarator or assignment ``node``."""
    doc = _doc_comment(node)
    if doc is None:
        return None
    found = _tags(doc, ("type",))
    return _type_node(found[0][0]) if len(found) == 1 else None
