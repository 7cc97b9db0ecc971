"""A second oracle for Python: the lines that call a function while the project's own
tests run (the JavaScript one is oracle/scripts_trace.py, whose docstring says why).

pyright types an unannotated parameter as unknown, so a method called through one is no
error when the method is renamed. In a scratch copy, the sampled function's body starts
with one expression statement (after its docstring, creating no local) that appends its
caller's file and line to a trace file; the test suite runs; each traced line that names
the function is a use. Functions and methods only, whose body starts on a line of its
own.
"""

from __future__ import annotations

import ast
import json
import tempfile
from collections.abc import Callable
from pathlib import Path

from oracle.common import Symbol
from oracle.traced import naming, project_file

__all__ = ["traced_callers"]


def _insertion(text: str, symbol: Symbol) -> tuple[int, int] | None:
    """(0-based line, indentation) where the trace statement goes: before the function's
    first statement after its docstring."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if node.name != symbol.name or node.lineno != symbol.line:
            continue
        body = node.body
        first = body[0]
        documented = (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        )
        if first.lineno == node.lineno:
            return None  # def f(): return 1
        if documented:
            end = first.end_lineno or first.lineno
            return end, first.col_offset  # the line after the docstring
        return first.lineno - 1, first.col_offset
    return None


def _statement(trace: Path, indent: int) -> str:
    # A lambda's argument is read in the function's frame: _getframe(1) is its caller.
    return (
        " " * indent + f'(lambda f: open({json.dumps(str(trace))}, "a").write("%s:%d\\n" % '
        '(f.f_code.co_filename, f.f_lineno)))(__import__("sys")._getframe(1))\n'
    )


def traced_callers(
    root: Path, symbol: Symbol, run_tests: Callable[[Path], object]
) -> set[tuple[str, int]] | None:
    """The ``(file, line)`` places that called ``symbol`` while ``run_tests(root)`` ran
    and name it (None when it is no function whose body can be traced). Leaves the file
    changed: the caller resets the scratch copy."""
    path = root / symbol.file
    text = path.read_text()
    where = _insertion(text, symbol)
    if where is None:
        return None
    line, indent = where
    with tempfile.TemporaryDirectory() as scratch:
        trace = Path(scratch) / "callers.txt"
        trace.write_text("")
        lines = text.splitlines(keepends=True)
        lines.insert(line, _statement(trace, indent))
        path.write_text("".join(lines))
        run_tests(root)
        frames = trace.read_text(errors="replace").splitlines()
    places = []
    for frame in frames:
        file, _, number = frame.rpartition(":")
        rel = project_file(root, file)
        if rel is None or not number.isdigit():
            continue
        at = int(number)
        if rel == symbol.file:
            # The traced file holds one more line from the insertion on.
            if at == line + 1:
                continue
            at -= 1 if at > line + 1 else 0
        places.append((rel, at))
    return naming(root, places, symbol.name, sources={symbol.file: text.splitlines()})
