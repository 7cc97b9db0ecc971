"""Import extraction: the raw module strings a file imports, with their lines.

A language's ``imports`` query captures ``@import`` on each imported module or path.
Quotes, angle brackets and surrounding whitespace are removed; resolution to files is
the import graph's job.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.lang.grammar import compiled_query, parse
from prx.types import ImportRef

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["extract_imports"]

_STRIP = "\"'`<> \t\r\n;"


def extract_imports(
    spec: LanguageSpec,
    source: bytes,
    tree: Any | None = None,
    matches: list[tuple[int, dict[str, Any]]] | None = None,
) -> tuple[ImportRef, ...]:
    """Every import of ``source`` in source order (empty without an ``imports`` query).

    ``matches`` are the imports query's matches when the caller already ran it.
    """
    query = compiled_query(spec, "imports")
    if query is None:
        return ()
    if matches is None:
        from tree_sitter import QueryCursor

        root = (tree if tree is not None else parse(spec, source)).root_node
        matches = QueryCursor(query).matches(root)
    seen: set[tuple[int, int]] = set()
    found: list[tuple[int, ImportRef]] = []
    for _, captures in matches:
        for node in captures.get("import", ()):
            key = (int(node.start_byte), int(node.end_byte))
            if key in seen:
                continue
            seen.add(key)
            text = bytes(node.text or b"").decode("utf-8", "replace").strip(_STRIP)
            if text:
                found.append((key[0], ImportRef(module=text, line=int(node.start_point[0]) + 1)))
    return tuple(ref for _, ref in sorted(found, key=lambda item: item[0]))
