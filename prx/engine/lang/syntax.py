"""Syntax validation: does a source parse, and where is the first error?

:func:`check_syntax` asks the language's tree-sitter grammar; :func:`python_syntax` asks
Python's own parser, which also refuses the indentation errors tree-sitter's Python grammar
recovers from without a trace.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.core.results.lang import SyntaxReport
from prx.engine.lang.grammar import parse

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["check_syntax", "first_error", "python_syntax"]


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


def python_syntax(source: bytes, name: str = "<edit>") -> SyntaxReport | None:
    """Check ``source`` (a Python file's bytes: its BOM or coding line is honoured) with
    the running Python's parser, without running or compiling it to code. The message
    names the error's class (``IndentationError: unexpected indent``). None when the
    parser cannot tell (a nesting deeper than it can follow).

    The running Python may be older than the file's: a caller compares with the file
    before a change rather than trusting one answer."""
    import ast
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning (an invalid escape ...) is no error
            compile(source, name, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as exc:
        return SyntaxReport(
            ok=False,
            line=exc.lineno or 1,
            column=exc.offset or 1,
            message=f"{type(exc).__name__}: {exc.msg}",
        )
    except ValueError as exc:  # a NUL byte, before Python 3.12
        return SyntaxReport(ok=False, line=1, column=1, message=f"SyntaxError: {exc}")
    except (RecursionError, MemoryError):
        return None
    return SyntaxReport(ok=True)
