"""A second oracle for Python: the lines that call a function while the project's own
tests run (the JavaScript one is oracle/scripts_trace.py, whose docstring says why): the
project's line that led to the call (a function passed to the standard library, which
calls it, is called from the line that passed it).

pyright types an unannotated parameter as unknown, so a method called through one is no
error when the method is renamed. In a scratch copy, the sampled function's body starts
with one expression statement (after its docstring, creating no local) that appends that
line (file and number) to a trace file; the test suite runs; each traced line that names
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


#: Run by the statement inserted in the function (with ``caller``: its caller's frame,
#: ``BASE``, ``TRACE``): records the caller, or the project's frame that passed the
#: function to a test harness or an executor that called it (``self.assertRaises(E, f,
#: x)``, ``pytest.raises``, ``pool.submit(f)``), with the lines of the call it is at (a
#: call over several lines; a context manager entered: the lines of its call, not the
#: ``with`` block's). A function another library calls back (a codec registered with
#: ``codecs``) is no use of the line that called that library: nothing is recorded.
_RECORD = """
import dis, re, traceback
for frame, number in traceback.walk_stack(caller):
    if not frame.f_code.co_filename.startswith(BASE):
        if re.search(HARNESS, frame.f_code.co_filename):
            continue
        break
    else:
        start = end = number
        code = frame.f_code.co_code
        if 0 <= frame.f_lasti < len(code):
            positions = list(frame.f_code.co_positions())
            unit = frame.f_lasti // 2
            if dis.opname[code[frame.f_lasti]] in ("BEFORE_WITH", "BEFORE_ASYNC_WITH"):
                # Entering a context manager: its call was made just before, and the
                # with statement's own lines run to the end of its block.
                unit -= 1
                while unit > 0 and not dis.opname[code[2 * unit]].startswith("CALL"):
                    unit -= 1
            position = positions[unit] if unit < len(positions) else None
            if position and position[0] and position[1]:
                start, end = position[0], position[1]
        with open(TRACE, "a") as out:
            out.write("%s:%d:%d\\n" % (frame.f_code.co_filename, start, end))
        break
"""


#: The modules that call a function on behalf of the line that passed it.
_HARNESS = r"/(unittest|_pytest|concurrent)/|/(threading|contextlib|functools)\.py$"


def _statement(trace: Path, indent: int, root: Path) -> str:
    """The statement that records the caller: the innermost frame of the project's code
    from the function's caller out (``self.assertRaises(E, idna.encode, x)`` calls it
    from unittest, on behalf of the test's line). ``exec`` with its own globals binds no
    local of the function; its code is compiled once per test run."""
    code = (
        _RECORD.replace("BASE", json.dumps(str(root.resolve()) + "/"))
        .replace("TRACE", json.dumps(str(trace)))
        .replace("HARNESS", json.dumps(_HARNESS))
    )
    return (
        " "
        * indent
        + f'exec(__import__("sys").__dict__.setdefault("_prx_trace", compile({code!r}, '
        '"<trace>", "exec")), {"caller": __import__("sys")._getframe(1)})\n'
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
        lines.insert(line, _statement(trace, indent, root))
        path.write_text("".join(lines))
        run_tests(root)
        frames = trace.read_text(errors="replace").splitlines()
    places = []
    for frame in frames:
        file, start, end = (frame.rsplit(":", 2) + ["", ""])[:3]
        rel = project_file(root, file)
        if rel is None or not start.isdigit() or not end.isdigit():
            continue
        for at in range(int(start), int(end) + 1):  # each line of the call
            if rel == symbol.file:
                # The traced file holds one more line from the insertion on.
                if at == line + 1:
                    continue
                at -= 1 if at > line + 1 else 0
            places.append((rel, at))
    return naming(root, places, symbol.name, sources={symbol.file: text.splitlines()})
