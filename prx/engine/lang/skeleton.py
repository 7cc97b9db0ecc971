"""Skeletons: a file with function bodies replaced by a placeholder.

Signatures, decorators, doc comments and docstrings stay; so do imports, constants and
class fields. Nested functions disappear with the body that holds them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.engine.lang.grammar import parse
from prx.engine.lang.outline import Definition, definitions
from prx.engine.lang.strip import collapse_blank_lines

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["skeleton"]

_FUNCTIONS = frozenset({"function", "method"})
_STRING_TYPES = frozenset({"string", "concatenated_string"})


def _docstring(body: Any) -> Any | None:
    # Python: a body whose first statement is a string literal keeps it.
    first = body.named_children[0] if body.named_child_count else None
    if first is None:
        return None
    if first.type in _STRING_TYPES:
        return first
    if first.type == "expression_statement" and first.named_child_count:
        if first.named_children[0].type in _STRING_TYPES:
            return first
    return None


def _bodies(defs: list[Definition]) -> list[Definition]:
    found: list[Definition] = []
    for defn in defs:
        if defn.kind in _FUNCTIONS and defn.body is not None:
            found.append(defn)  # its nested definitions go with its body
        else:
            found.extend(_bodies(defn.children))
    return found


def skeleton(spec: LanguageSpec, source: bytes) -> str:
    """``source`` with every function and method body replaced by ``spec.body_placeholder``."""
    tree = parse(spec, source)
    replacements: list[tuple[int, int, bytes]] = []
    placeholder = spec.body_placeholder.encode()
    for defn in _bodies(definitions(spec, source, tree)):
        body: Any = defn.body
        start, end = int(body.start_byte), int(body.end_byte)
        doc = _docstring(body) if placeholder == b"..." else None
        if doc is not None:
            line_start = source.rfind(b"\n", 0, start) + 1
            indent = source[line_start:start] if source[line_start:start].strip() == b"" else b""
            keep = source[int(doc.start_byte) : int(doc.end_byte)]
            replacements.append((start, end, keep + b"\n" + indent + placeholder))
        else:
            replacements.append((start, end, placeholder))
    out: list[bytes] = []
    position = 0
    for start, end, text in sorted(replacements):
        if start < position:
            continue
        out.append(source[position:start])
        out.append(text)
        position = end
    out.append(source[position:])
    return collapse_blank_lines(b"".join(out).decode("utf-8", "replace"))
