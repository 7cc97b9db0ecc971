"""Python strings that are code, and change with the name.

- ``__all__``: ``from m import *`` takes the names ``m.__all__`` lists; a renamed function
  still listed under its old name breaks every star import of the module (an
  ``AttributeError`` when it is imported). A string is an export name when it is a whole
  string literal inside an assignment to ``__all__`` (``=``, ``+=``) or an
  ``__all__.append``/``extend`` call. A package that takes the definition by a star
  import (``from .core import *``) and lists it in its own ``__all__`` passes it on: its
  entry is renamed too (:func:`star_exporters`).
- Names typing builds from a string (``_V = TypeVar('_V')``: see
  :mod:`prx.engine.intel.pytyping`): the string is renamed with the assignment.
- Doctests: the ``>>>`` and ``...`` lines of a docstring run, with the module's globals,
  when the project tests its docstrings; a bare name there (not an attribute) is the
  module's binding, renamed with it.
- Annotations written as strings (``def __eq__(self, other: 'Pattern')``, ``-> 'Node'``,
  ``x: 'list[Item]'``, ``cast('Node', x)``): a forward reference, read by type checkers and
  ``typing.get_type_hints`` with the module's globals; a name there is the module's
  binding.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.commands.rename.occurrences import Occurrence
from prx.engine.intel.pytyping import in_annotation, typing_strings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = [
    "annotation_names",
    "doctest_names",
    "export_names",
    "export_spans",
    "star_exporters",
    "star_importers",
    "typing_names",
]

#: ``from .core import *``, ``from pkg.core import *``: the dots and the module.
_STAR = re.compile(rb"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\*", re.M)
#: How many star imports a definition is followed through (``a`` from ``b`` from ``c``).
_STAR_HOPS = 3


def star_exporters(files: Sequence[tuple[str, bytes]], defining: str, name: str) -> set[str]:
    """The Python files (as answers show them, with their bytes) that take the definition
    of ``name`` in the file ``defining`` by star imports, directly or through another
    such file, and list ``name`` in their ``__all__``."""
    quoted = (b"'" + name.encode() + b"'", b'"' + name.encode() + b'"')
    listing = [
        (rel, data)
        for rel, data in files
        if rel != defining and b"__all__" in data and any(q in data for q in quoted)
    ]
    reached = {defining}
    found: set[str] = set()
    for _ in range(_STAR_HOPS):
        more = {
            rel
            for rel, data in listing
            if rel not in found
            and any(_names(rel, m.group(1), m.group(2), reached) for m in _STAR.finditer(data))
        }
        if not more:
            break
        found |= more
        reached |= more
    return found


def star_importers(files: Sequence[tuple[str, bytes]], reached: set[str]) -> set[str]:
    """The Python files that take every public name of one of ``reached`` (the defining
    file and those passing the definition on) by a star import: their doctests name the
    definition bare (configobj's ``from configobj import *`` then ``>>>
    flatten_errors(cfg, res)``)."""
    return {
        rel
        for rel, data in files
        if rel not in reached
        and b"import" in data
        and any(_names(rel, m.group(1), m.group(2), reached) for m in _STAR.finditer(data))
    }


def _names(importer: str, dots: bytes, module: bytes, files: set[str]) -> bool:
    """Whether ``from <dots><module> import *`` in ``importer`` names one of ``files``."""
    parts = [p for p in module.decode("ascii", "replace").split(".") if p]
    if dots:
        base = importer.rsplit("/", 1)[0] if "/" in importer else ""
        for _ in range(len(dots) - 1):
            base = base.rsplit("/", 1)[0] if "/" in base else ""
        stem = "/".join([p for p in [base, *parts] if p])
        return any(f in (f"{stem}.py", f"{stem}/__init__.py") for f in files)
    tail = "/".join(parts)
    return bool(parts) and any(
        f == ending or f.endswith("/" + ending)
        for f in files
        for ending in (f"{tail}.py", f"{tail}/__init__.py")
    )


_ALL = re.compile(rb"__all__\s*(?:\+?=|\.extend\s*\(|\.append\s*\()\s*(?P<open>[\[(]?)")
_CLOSE = {b"[": b"]", b"(": b")", b"": b"\n"}


def export_spans(data: bytes) -> list[tuple[int, int]]:
    """The byte spans of the module's ``__all__`` lists (assigned, added, appended)."""
    spans = []
    for found in _ALL.finditer(data):
        opener = found.group("open")
        start = found.end()
        end = data.find(_CLOSE[opener], start)
        if opener == b"" and found.group(0).rstrip().endswith(b"("):
            end = data.find(b")", start)
        spans.append((start, len(data) if end < 0 else end))
    return spans


def export_names(data: bytes, strings: Sequence[Occurrence]) -> list[Occurrence]:
    """The occurrences of ``strings`` (found as words in strings) that are whole string
    literals naming an export in ``__all__``."""
    if b"__all__" not in data:
        return []
    spans = export_spans(data)
    out = []
    for occurrence in strings:
        if not any(start <= occurrence.start < end for start, end in spans):
            continue
        before = data[occurrence.start - 1 : occurrence.start]
        after = data[occurrence.end : occurrence.end + 1]
        if before in (b"'", b'"') and after == before:
            out.append(occurrence)
    return out


_PROMPT = re.compile(rb"[ \t]*(?:>>>|\.\.\.)[ \t]")


#: What precedes a module's name on a doctest line: ``>>> import parse``, ``>>> import
#: a, parse``, ``>>> from parse import x``, ``>>> from pkg.parse import x``.
_MODULE_POSITION = re.compile(
    rb"(?:>>>|\.\.\.)[ \t]+(?:import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*"
    rb"|from[ \t]+(?:\w+\.)*)$"
)


def doctest_names(data: bytes, strings: Sequence[Occurrence]) -> list[Occurrence]:
    """The occurrences of ``strings`` that are bare names on a doctest line (not a
    module's name: in an import statement's module position, or a receiver)."""
    out = []
    for occurrence in strings:
        start = data.rfind(b"\n", 0, occurrence.start) + 1
        if not _PROMPT.match(data, start):
            continue
        if data[occurrence.start - 1 : occurrence.start] == b".":
            continue  # an attribute: another object's member
        if data[occurrence.end : occurrence.end + 1] == b".":
            continue  # a receiver: ``parse.with_pattern``, the module's
        if _MODULE_POSITION.search(data, start, occurrence.start):
            continue  # ``>>> import parse``: the module, named like the definition
        out.append(occurrence)
    return out


def typing_names(
    data: bytes, strings: Sequence[Occurrence], renamed: Sequence[Occurrence]
) -> list[Occurrence]:
    """The occurrences of ``strings`` that are the string a ``TypeVar``, ``NewType``,
    ``NamedTuple`` ... call is given, on a line assigning it to the same name, where that
    name is among ``renamed``."""
    starts = {o.start for o in renamed}
    wanted = {o.start: o for o in strings}
    out = []
    for built in typing_strings(data):
        occurrence = wanted.get(built.string)
        if built.name in starts and occurrence is not None:
            out.append(occurrence)
    return out


def annotation_names(
    data: bytes, parsed: ParsedFile, strings: Sequence[Occurrence]
) -> list[Occurrence]:
    """The occurrences of ``strings`` (in ``data``, the file as read) that lie in an
    annotation (see :func:`~prx.engine.intel.pytyping.in_annotation`)."""
    tree = parsed.tree
    if tree is None:
        return []
    shift = len(data) - len(parsed.data)  # a BOM the parse does not hold
    out = []
    for occurrence in strings:
        node = tree.root_node.descendant_for_byte_range(
            occurrence.start - shift, occurrence.end - shift
        )
        if in_annotation(node):
            out.append(occurrence)
    return out
