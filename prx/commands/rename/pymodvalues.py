"""Whether a Python project handles a module as a value: passes it to a function
(``shut(a)``), stores it (``x = a``, ``self.mod = a``) or imports it by a call
(``importlib.import_module``, ``__import__``, ``sys.modules``). Then any receiver may
hold that module, and ``handle.close()`` may be its function ``close``; otherwise a
module's function is reached as an attribute through the module's imported name only.

Read from the text of every Python file under the renamed path: a name spelled like the
module in a value position counts (a local of that name makes the answer "yes", which
only keeps more sites unsure).
"""

from __future__ import annotations

import re

from prx.engine.files.text import read_regular
from prx.engine.files.walk import walk

__all__ = ["module_as_value"]

_DYNAMIC = (b"import_module(", b"__import__(", b"sys.modules")
_IMPORT_LINE = re.compile(rb"^[ \t]*(?:from|import)[ \t]", re.MULTILINE)


def module_as_value(target: str, stem: str) -> bool:
    """Whether a Python file under ``target`` imports modules by a call, or imports the
    module ``stem`` and uses it other than as ``stem.attr``."""
    word = stem.encode()
    spelled = re.compile(rb"(?<![\w])" + re.escape(word) + rb"(?![\w])")
    for item in walk(target).files:
        if not item.rel.endswith((".py", ".pyi")):
            continue
        try:
            data = read_regular(str(item.path))
        except OSError:
            return True  # unreadable: cannot say no
        if any(call in data for call in _DYNAMIC):
            return True
        if word not in data or not _imports(data, spelled):
            continue
        for found in spelled.finditer(data):
            line_start = data.rfind(b"\n", 0, found.start()) + 1
            if _IMPORT_LINE.match(data, line_start):
                continue
            if data[found.end() : found.end() + 1] == b".":
                continue  # ``a.close``: its attribute
            return True
    return False


def _imports(data: bytes, spelled: re.Pattern[bytes]) -> bool:
    for line in _IMPORT_LINE.finditer(data):
        end = data.find(b"\n", line.start())
        if spelled.search(data, line.start(), len(data) if end < 0 else end):
            return True
    return False
