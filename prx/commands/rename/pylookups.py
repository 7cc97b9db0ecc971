"""Python names a program looks up at run time by a name it builds from a string, which no
rename can follow.

A dispatcher finds its handlers with ``getattr(self, '_token_led_%s' % kind)``, or in two
steps: ``func_name = '_process_{cls}'.format(cls=type(tlist).__name__)`` then
``getattr(self, func_name.lower(), ...)``. Renaming a handler (``_process_values``) makes
the lookup miss it; renaming a class whose name builds a handler's name
(``IdentifierList`` for ``_process_identifierlist``) does too. Both break the program
without an error until that code runs. So does a name given as a string
(``monkeypatch.setattr(tzinfo, 'DSTDIFF', x)``, ``getattr(obj, 'name')``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

__all__ = [
    "FileLookups",
    "built_from_class",
    "built_prefix",
    "named_in_a_string",
    "read_lookups",
]


class FileLookups(NamedTuple):
    """What one file looks up by names it builds or spells in a string."""

    #: The strings it builds names from (``_process_``), when it also reads a class's
    #: name (``__name__``): the names it builds may be classes' (empty otherwise).
    prefixes: frozenset[str]
    #: The names of its ``def``s that start with one of the prefixes.
    handlers: frozenset[str]
    #: The line where it first gives the renamed name as a string to ``getattr``,
    #: ``setattr``, ``hasattr``, ``delattr``, ``monkeypatch.setattr`` or ``mock.patch``
    #: (``setattr(tzinfo, 'DSTDIFF', x)``), or None.
    named_at: int | None


#: ``getattr(obj, '_token_led_%s' % kind)``, ``hasattr(self, 'visit_' + name)``,
#: ``getattr(self, f'on_{event}')``: the string's leading name part is group 2.
_DIRECT = re.compile(
    rb"\b(?:getattr|hasattr)[ \t]*\([^,()]+,[ \t]*[fFrRbBuU]{0,2}(['\"])([A-Za-z_]\w*)"
    rb"(?:%|\{|\1[ \t]*(?:\+|%|\.format))"
)
#: ``getattr(obj, NAME...`` whose name is no string literal: computed somewhere.
_COMPUTED = re.compile(
    rb"\b(?:getattr|hasattr)[ \t]*\([^,()]+,[ \t]*(?![fFrRbBuU]{0,2}['\"][^'\"\n]*['\"][ \t]*[,)])"
)
#: A string that builds a name: ``'_process_{cls}'``, ``'_token_%s'``, ``'visit_' +``,
#: ``'on_'.format``. Only a prefix ending in ``_`` counts (a handler's naming scheme, not
#: a message such as ``'Error %s'``).
_BUILT = re.compile(
    rb"(?<![\w'\"])[fFrRbBuU]{0,2}(['\"])([A-Za-z_]\w*_)(?:%|\{|\1[ \t]*(?:\+|%|\.format))"
)
_DEF = re.compile(rb"^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)", re.MULTILINE)
#: ``setattr(obj, 'NAME'``, ``getattr(obj, "NAME"``, ``monkeypatch.setattr(mod, 'NAME'``,
#: ``patch.object(Cls, 'NAME'`` (group 2), and ``patch('pkg.mod.NAME'`` (group 4).
_NAMED = re.compile(
    rb"\b(?:(?:get|set|has|del)attr|patch\.object)[ \t]*\([ \t\n]*[^,()'\"]+,[ \t\n]*"
    rb"(['\"])([A-Za-z_]\w*)\1"
    rb"|\bpatch(?:\.dict)?[ \t]*\([ \t\n]*(['\"])[\w.]+\.([A-Za-z_]\w*)\3"
)


def _prefixes(data: bytes) -> set[str]:
    found = {m.group(2).decode("ascii", "replace") for m in _DIRECT.finditer(data)}
    if _COMPUTED.search(data):
        found |= {m.group(2).decode("ascii", "replace") for m in _BUILT.finditer(data)}
    return found


def read_lookups(shown: str, data: bytes, name: str, into: dict[str, FileLookups]) -> None:
    """Add what the Python file ``data`` looks up by built names (from classes' names),
    and where it names ``name`` in a string, to ``into``."""
    if b"attr" not in data and b"patch" not in data:
        return
    named_at = None
    if name.encode() in data:
        for found in _NAMED.finditer(data):
            if (found.group(2) or found.group(4)).decode("ascii", "replace") == name:
                named_at = data.count(b"\n", 0, found.start()) + 1
                break
    prefixes = _prefixes(data) if b"__name__" in data else set()
    if not prefixes and named_at is None:
        return
    defs = {m.group(1).decode("ascii", "replace") for m in _DEF.finditer(data)}
    handlers = {d for d in defs if any(d.startswith(p) and d != p for p in prefixes)}
    into[shown] = FileLookups(frozenset(prefixes), frozenset(handlers), named_at)


def named_in_a_string(lookups: Mapping[str, FileLookups]) -> tuple[str, int] | None:
    """(file, line) where a string gives the renamed name to ``setattr``, ``getattr`` ...
    or ``mock.patch``: a rename leaves that string, and the call then misses (or, for
    ``setattr``, makes a new attribute)."""
    for shown, found in sorted(lookups.items()):
        if found.named_at is not None:
            return shown, found.named_at
    return None


def built_prefix(data: bytes, name: str) -> str | None:
    """The string the file ``data`` builds names from and looks them up with
    ``getattr``/``hasattr``, when the method ``name`` (defined there) starts with it."""
    for prefix in sorted(_prefixes(data), key=len, reverse=True):
        if name.startswith(prefix) and name != prefix:
            return prefix
    return None


def built_from_class(name: str, lookups: Mapping[str, FileLookups]) -> tuple[str, str] | None:
    """(file, handler) when a file that reads classes' names looks up a handler named
    after the class ``name`` (``_process_identifierlist`` for ``IdentifierList``)."""
    spelled = {name, name.lower()}
    for shown, found in sorted(lookups.items()):
        for handler in sorted(found.handlers):
            if any(handler == p + s for p in found.prefixes for s in spelled):
                return shown, handler
    return None
