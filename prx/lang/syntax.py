"""Syntax validation: does a source parse, and where is the first error?"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.lang.grammar import parse
from prx.types import SyntaxReport

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["check_syntax", "first_error"]


def first_error(node: Any) -> Any | None:
    """The first ERROR or MISSING node in source order, or None."""
    if not node.has_error:
        return None
    for child in node.children:
        found = first_error(child)
        if found is not None:
            return found
    if node.is_error or node.is_missing:
        return node
    return node if node.type == "ERROR" else None


def check_syntax(spec: LanguageSpec, source: bytes) -> SyntaxReport:
    """Check ``source``; the report gives the first error's line and column (1-based)."""
    root = parse(spec, source).root_node
    bad = first_error(root)
    if bad is None:
        if root.has_error:  # an error flag without a locatable node: report the root
            return SyntaxReport(ok=False, line=1, column=1, message="syntax error")
        return SyntaxReport(ok=True)
    row, column = bad.start_point
    if bad.is_missing:
        message = f"missing {bad.type!r}"
    else:
        snippet = bytes(bad.text).decode("utf-8", "replace").strip().split("\n", 1)[0][:40]
        message = f"unexpected {snippet!r}" if snippet else "syntax error"
    return SyntaxReport(ok=False, line=int(row) + 1, column=int(column) + 1, message=message)
