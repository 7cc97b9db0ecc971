"""Comment stripping (``read --mode aggressive``) and blank-line collapsing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.engine.lang.grammar import compiled_query, parse

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["collapse_blank_lines", "comment_ranges", "strip_comments"]


def collapse_blank_lines(text: str) -> str:
    """Blank runs become one empty line; no leading or trailing blank lines; one final newline."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.rstrip()
        if not line and (not out or not out[-1]):
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def comment_ranges(
    spec: LanguageSpec, source: bytes, tree: Any | None = None
) -> list[tuple[int, int]]:
    """Byte ranges of comments: the ``comments`` query's ``@comment``, or every node whose
    type contains ``comment``. Strings that look like comments are strings, so they stay."""
    root = (tree if tree is not None else parse(spec, source)).root_node
    query = compiled_query(spec, "comments")
    ranges: list[tuple[int, int]] = []
    if query is not None:
        from tree_sitter import QueryCursor

        for node in QueryCursor(query).captures(root).get("comment", []):
            ranges.append((int(node.start_byte), int(node.end_byte)))
    else:
        stack = [root]
        while stack:
            node = stack.pop()
            if "comment" in node.type:
                ranges.append((int(node.start_byte), int(node.end_byte)))
                continue
            stack.extend(node.children)
    return sorted(set(ranges))


def strip_comments(spec: LanguageSpec, source: bytes) -> str:
    """``source`` without comments, blank lines collapsed."""
    pieces: list[bytes] = []
    position = 0
    for start, end in comment_ranges(spec, source):
        if start < position:
            continue
        pieces.append(source[position:start])
        position = end
    pieces.append(source[position:])
    return collapse_blank_lines(b"".join(pieces).decode("utf-8", "replace"))
