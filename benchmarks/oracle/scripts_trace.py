"""A second oracle for JavaScript: the lines that call a function while the project's own
tests run.

tsc checking plain JavaScript types an untyped parameter ``any``, so a method called
through one (``function f(range) { range.test(v) }``) is no error when the method is
renamed: the compiler oracle cannot see that use. Running the code can. In a scratch
copy, the sampled function's body starts with one statement that appends its caller's
frame (the first frame of a project file below it on the stack) to a trace file; the
test suite runs; each traced frame whose line names the function is a line that calls
it (a call through a value of another name is no reference to the name). Functions only
(a class, a constant or a field has no body to trace) and block bodies only (``=> x``
has no statement to put first).

The truth is then the compiler's errors and the traced lines together: a use either
oracle sees is a use. ``intel_oracle.py`` reports the figures both ways.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from oracle.common import Symbol
from oracle.traced import naming, project_file

__all__ = ["traced_callers"]

#: A V8 stack frame's place: ``at f (/abs/file.js:12:5)`` or ``at /abs/file.js:12:5``.
_FRAME = re.compile(r"\(?((?:/|file://)[^()]*?):(\d+):\d+\)?\s*$")

#: Node kinds whose block body a trace statement can open.
_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
    }
)


def _body_start(source: bytes, symbol: Symbol) -> int | None:
    """The byte just after the ``{`` of the function the symbol's name defines."""
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES
    from prx.engine.lang.grammar import parse

    spec = next(s for s in BUILTIN_LANGUAGES if s.name == "javascript")
    node = parse(spec, source).root_node.descendant_for_byte_range(symbol.start, symbol.end)
    for _ in range(4):  # name -> declarator/definition/assignment -> value
        if node is None:
            return None
        if node.type in _FUNCTIONS:
            break
        # ``X.prototype.m = function ..``: the assignment's right side
        value = node.child_by_field_name("value") or node.child_by_field_name("right")
        if value is not None and value.type in _FUNCTIONS:
            node = value
            break
        node = node.parent
    if node is None or node.type not in _FUNCTIONS:
        return None
    body = node.child_by_field_name("body")
    if body is None or body.type != "statement_block":
        return None
    return int(body.start_byte) + 1


def _statement(trace: Path) -> str:
    # Frames: 0 "Error", 1 this function, 2 the traced one; the caller is the first
    # project frame after it (a callback's caller is Array.map, whose frame names no file).
    code = (
        "(function () { var s = (new Error().stack || '').split('\\n').slice(3);"
        " for (var i = 0; i < s.length; i++) {"
        " if (/node_modules/.test(s[i]) || !/[(]?(\\/|file:)/.test(s[i])) continue;"
        " require('fs').appendFileSync(TRACE, s[i] + '\\n'); return; } })();"
    )
    return ";" + code.replace("TRACE", json.dumps(str(trace)))


def traced_callers(
    root: Path, symbol: Symbol, run_tests: Callable[[Path], object]
) -> set[tuple[str, int]] | None:
    """The ``(file, line)`` places that called ``symbol`` while ``run_tests(root)`` ran
    (None when it is no function with a block body). Leaves the file changed: the caller
    resets the scratch copy."""
    path = root / symbol.file
    source = path.read_bytes()
    at = _body_start(source, symbol)
    if at is None:
        return None
    with tempfile.TemporaryDirectory() as scratch:
        trace = Path(scratch) / "callers.txt"
        trace.write_text("")
        path.write_bytes(source[:at] + _statement(trace).encode() + source[at:])
        run_tests(root)
        frames = trace.read_text(errors="replace").splitlines()
    places = []
    for frame in frames:
        match = _FRAME.search(frame)
        rel = None if match is None else project_file(root, match.group(1).removeprefix("file://"))
        if match is not None and rel is not None:
            places.append((rel, int(match.group(2))))
    return naming(root, places, symbol.name, word=r"\w$")
