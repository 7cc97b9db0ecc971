"""A Python import statement read from its text, as the syntax tree would read it.

``impact --symbol`` and ``context`` need the bindings of one import statement of each of
hundreds of importers (``from m import (a, b as c)`` over several lines); parsing that
statement costs more than reading it. Only the plain forms are read here (``import``
and ``from ... import`` with names, aliases, brackets, comments and backslashes); anything
else (``;``, a one-line ``if x: import y`` ...) is left to the parser (None).
"""

from __future__ import annotations

import re

from prx.engine.intel.bindings import Binding

__all__ = ["read_import"]

#: Lines of one statement read at most.
_MAX_LINES = 60
_NAME = r"[^\W\d]\w*"
_DOTTED = rf"{_NAME}(?:\s*\.\s*{_NAME})*"
_FROM = re.compile(rf"from\s+(\.+\s*(?:{_DOTTED})?|{_DOTTED})\s+import\s+(.*)", re.DOTALL)
_IMPORTED = re.compile(rf"({_NAME})(?:\s+as\s+({_NAME}))?")
_MODULE = re.compile(rf"({_DOTTED})(?:\s+as\s+({_NAME}))?")


def _code(text: str) -> str:
    """A line of an import statement without its comment (it holds no string)."""
    at = text.find("#")
    return text if at < 0 else text[:at]


def _statement(lines: list[str], line: int) -> tuple[str, int] | None:
    """The text of the statement starting at 1-based ``line``, comments and line breaks
    removed, and its last line."""
    text = _code(lines[line - 1])
    last = line
    while True:
        depth = text.count("(") - text.count(")")
        continued = text.rstrip().endswith("\\")
        if depth < 0 or depth > 1:
            return None
        if not depth and not continued:
            break
        if last >= len(lines) or last - line >= _MAX_LINES:
            return None
        following = _code(lines[last])
        last += 1
        if continued:
            text = text.rstrip()[:-1]
        text += " " + following
        if not following.strip() and not depth:
            return None
    if not _code(lines[last - 1]).strip():
        return None  # ends on a comment or a blank line: not as the tree would see it
    return text.strip(), last


def read_import(lines: list[str], line: int) -> list[Binding] | None:
    """The bindings of the Python import statement that starts at 1-based ``line`` of
    ``lines``; None when the text is not a plain import statement."""
    if not 0 < line <= len(lines):
        return None
    first = lines[line - 1].lstrip()
    if not first.startswith(("from ", "import ", "from\t", "import\t")):
        return None
    found = _statement(lines, line)
    if found is None or ";" in found[0]:
        return None
    text, last = found
    if text.startswith("import"):
        return _modules(text[len("import") :], line, last)
    match = _FROM.fullmatch(text)
    if match is None:
        return None
    module = "".join(match.group(1).split())
    if module == "__future__":
        return []  # a future statement binds nothing
    names = match.group(2).strip()
    if names == "*":
        return [Binding(line, last, module, "star", None, None)]
    if names.startswith("("):
        if not names.endswith(")"):
            return None
        names = names[1:-1]
    parts = [part.strip() for part in names.split(",")]
    if parts and not parts[-1] and len(parts) > 1:
        parts.pop()  # a trailing comma
    out: list[Binding] = []
    for part in parts:
        imported = _IMPORTED.fullmatch(part)
        if imported is None:
            return None
        name, alias = imported.group(1), imported.group(2)
        out.append(Binding(line, last, module, "name", name, alias or name))
    return out


def _modules(names: str, line: int, last: int) -> list[Binding] | None:
    out: list[Binding] = []
    for part in names.split(","):
        found = _MODULE.fullmatch(part.strip())
        if found is None:
            return None
        dotted, alias = found.group(1), found.group(2)
        if alias is not None:
            if dotted != "".join(dotted.split()):
                return None  # the tree keeps those spaces: let it answer
            out.append(Binding(line, last, dotted, "module", None, alias))
        else:
            dotted = "".join(dotted.split())
            out.append(Binding(line, last, dotted, "module", None, dotted))
    return out
