"""Whether a Python project handles a module as a value: passes it to a function
(``shut(a)``), stores it (``x = a``, ``self.mod = a``) or imports it by a call
(``importlib.import_module``, ``__import__``, ``sys.modules``, except a test file's
``sys.modules[__name__]``, which is itself). Then any receiver may
hold that module, and ``handle.close()`` may be its function ``close``; otherwise a
module's function is reached as an attribute through the module's imported name only.

Read from every Python file under the renamed path that imports a module of that name: a
name spelled like the module other than as ``mod.attr`` counts (a local of that name makes
the answer "yes", which only keeps more sites unsure).
"""

from __future__ import annotations

import ast
import os
import re

from prx.engine.files.text import read_regular
from prx.engine.files.walk import walk

__all__ = ["module_as_value"]

_DYNAMIC = (b"import_module(", b"__import__(")
#: ``sys.modules[...]`` other than the module's own entry (``sys.modules[__name__]``, the
#: unittest idiom, is the file it is written in).
_ANY_MODULE = re.compile(rb"sys\.modules(?![ \t]*\[[ \t]*__name__[ \t]*\])")
_IMPORT_LINE = re.compile(rb"^[ \t]*(?:from|import)[ \t]", re.MULTILINE)
#: A file larger than this is not parsed (answered "may": the site stays unsure).
_LARGEST = 4 * 1024 * 1024


def module_as_value(target: str, stem: str, defining: str) -> bool:
    """Whether a Python file under ``target`` imports modules by a call, or imports the
    module ``stem`` (the file ``defining``) and uses it other than as ``stem.attr``."""
    word = stem.encode()
    spelled = re.compile(rb"(?<![\w])" + re.escape(word) + rb"(?![\w])")
    for item in walk(target).files:
        if not item.rel.endswith((".py", ".pyi")):
            continue
        try:
            data = read_regular(str(item.path))
        except OSError:
            return True  # unreadable: cannot say no
        if any(call in data for call in _DYNAMIC) or _ANY_MODULE.search(data):
            return True
        if b"sys.modules" in data and os.path.realpath(str(item.path)) == defining:
            return True  # its own entry
        if word not in data or not _imports(data, spelled):
            continue
        if _used_as_value(data, stem):
            return True
    return False


def _used_as_value(data: bytes, stem: str) -> bool:
    """Whether the code names ``stem`` other than as ``stem.attr`` (strings, comments and
    import statements aside); a file Python cannot parse may."""
    if len(data) > _LARGEST:
        return True
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # a hostile nesting depth included
    receivers = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
    }
    return any(
        isinstance(node, ast.Name) and node.id == stem and id(node) not in receivers
        for node in ast.walk(tree)
    )


def _imports(data: bytes, spelled: re.Pattern[bytes]) -> bool:
    for line in _IMPORT_LINE.finditer(data):
        end = data.find(b"\n", line.start())
        if spelled.search(data, line.start(), len(data) if end < 0 else end):
            return True
    return False
