"""Python names a program looks up at run time by a name it builds from a string, which no
rename can follow.

A dispatcher finds its handlers with ``getattr(self, '_token_led_%s' % kind)``, or in two
steps: ``func_name = '_process_{cls}'.format(cls=type(tlist).__name__)`` then
``getattr(self, func_name.lower(), ...)``. Renaming a handler (``_process_values``) makes
the lookup miss it; renaming a class whose name builds a handler's name
(``IdentifierList`` for ``_process_identifierlist``) does too. Both break the program
without an error until that code runs. So does a name given as a string
(``monkeypatch.setattr(tzinfo, 'DSTDIFF', x)``, ``getattr(obj, 'name')``).

A class that looks its own attributes up by a name it is given
(``object.__getattribute__(self, token['type'])``, ``getattr(self, name)``) reaches its
methods by names that data spells: renaming ``paragraph`` leaves the tokens' ``'paragraph'``
asking for a method no longer there. Such a rename is refused where a string spells the
method's name, or where the file reads classes' names and the method's may be one
(pyflakes' ``Checker.YIELD``, found by ``node_class.__name__.upper()``).

A string formatted with a namespace (``r"{OWS}".format(**globals())``, ``"%(x)s" %
vars(self)``, ``.format_map(locals())``) reads the names its fields spell: h11's
grammar is built so, and renaming ``OWS`` left ``{OWS}`` asking for a name no longer
there (``KeyError`` on import).

Code kept in a string and run (``exec(deprecated)``: astor defines its deprecated
aliases, ``parsefile = code_to_ast.parse_file``, so) uses the names it spells: a rename
leaves the string, which then fails when run.

Names collected by a prefix (``name.startswith('p_')``, ``f[:2] == 't_'``: ply's grammar
rules and tokens) drop out of what is collected when the new name loses the prefix.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

__all__ = [
    "OWN_NAME",
    "FileLookups",
    "built_elsewhere",
    "built_from_name",
    "built_prefix",
    "collected_by_prefix",
    "executed_string",
    "formatted_by_name",
    "looked_up_from_data",
    "looked_up_on_self",
    "name_readers",
    "named_in_a_string",
    "read_lookups",
    "spelled_and_computed",
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
    #: (class, line) of each lookup of a class's own attribute by a name given to it
    #: (``getattr(self, name)``), in the class's code.
    self_lookups: tuple[tuple[str, int], ...] = ()
    #: The line where a string is exactly the renamed name (``'paragraph'``), or None.
    spelled_at: int | None = None
    #: How the file spells the classes' names it reads (``__name__``), when it also looks
    #: a class's own attributes up by a name it is given: ``upper`` (pyflakes'
    #: ``node_class.__name__.upper()`` finds ``Checker.YIELD``), ``lower``, or ``as_is``.
    class_name_cases: frozenset[str] = frozenset()
    #: (prefix, line) of each prefix the file collects names by (``name.startswith('p_')``,
    #: ``f[:2] == 't_'``: ply's grammar rules and tokens), whatever follows it.
    collected: tuple[tuple[str, int], ...] = ()
    #: The line of its first ``getattr(obj, name)`` whose name is no string literal (a
    #: name read from somewhere: data, a parameter), or None.
    computed_at: int | None = None
    #: The classes whose code reads the name of the instance's class
    #: (``type(self).__name__``: a ``repr`` that prints it), each with the line.
    name_readers: tuple[tuple[str, int], ...] = ()
    #: (line, owner) of each ``mock.patch('pkg.mod.OWNER.NAME')`` of the renamed name:
    #: the owner is the module or class whose attribute it replaces.
    patched: tuple[tuple[int, str], ...] = ()
    #: The names of its ``def``s that end with the renamed name (``visit_rule_crossref``
    #: for ``rule_crossref``, ``_process_identifierlist`` for ``IdentifierList``): a
    #: handler another file may look up by a name it builds from the renamed one.
    named_after: frozenset[str] = frozenset()
    #: Every string it builds names from and looks them up with (``'visit_%s'``), whether
    #: or not it reads classes' names: a handler of another file may be found by it.
    builds: frozenset[str] = frozenset()
    #: The line of the first format field spelling the renamed name (``{OWS}``,
    #: ``%(OWS)s``) in a file that formats strings with a namespace of names
    #: (``**globals()``, ``% vars(self)``, ``format_map(locals())``), or None.
    formatted_at: int | None = None


#: Code that reads the name of its instance's class at run time (or the class's own, in
#: a classmethod): ``self.__class__.__name__``, ``type(self).__name__``,
#: ``cls.__qualname__``.
OWN_NAME = re.compile(
    rb"(?:__class__|type\([ \t]*self[ \t]*\)|\bcls)[ \t]*\.[ \t]*__(?:qual)?name__"
)


def name_readers(data: bytes) -> tuple[tuple[str, int], ...]:
    """The classes of a Python file whose code reads its instance's class name
    (``type(self).__name__``), each with the line of its first such read."""
    lines = [data.count(b"\n", 0, read.start()) + 1 for read in OWN_NAME.finditer(data)]
    if not lines:
        return ()
    owners = _enclosing_classes(data, lines[-1])
    found: dict[str, int] = {}
    for line in lines:
        owner = owners.get(line)
        if owner is not None:
            found.setdefault(owner, line)
    return tuple(sorted(found.items()))


#: The object ``getattr`` is given: anything but a comma, with one level of parentheses
#: (``getattr(Response(), name)``, ``getattr(sys.modules[__name__], name)``).
_OBJECT = rb"(?:[^,()]|\([^()]*\))+"
#: ``getattr(obj, '_token_led_%s' % kind)``, ``hasattr(self, 'visit_' + name)``,
#: ``getattr(self, f'on_{event}')``: the string's leading name part is group 2.
_DIRECT = re.compile(
    rb"\b(?:getattr|hasattr)[ \t]*\(" + _OBJECT + rb",[ \t]*[fFrRbBuU]{0,2}(['\"])([A-Za-z_]\w*)"
    rb"(?:%|\{|\1[ \t]*(?:\+|%|\.format))"
)
#: ``vars()["do_" + name]``, ``globals().get('cmd_%s' % x)``: a namespace's name built
#: from a string (group 2), looked up in the mapping of a module's or an object's names.
_NAMESPACE = re.compile(
    rb"\b(?:(?:vars|globals|locals)[ \t]*\([^()]*\)|\.__dict__)[ \t]*(?:\[|\.get[ \t]*\()"
    rb"[ \t]*[fFrRbBuU]{0,2}(['\"])([A-Za-z_]\w*)(?:%|\{|\1[ \t]*(?:\+|%|\.format))"
)
#: ``getattr(obj, NAME...`` whose name is no string literal: computed somewhere.
_COMPUTED = re.compile(
    rb"\b(?:getattr|hasattr)[ \t]*\(" + _OBJECT + rb",[ \t]*"
    rb"(?![fFrRbBuU]{0,2}['\"][^'\"\n]*['\"][ \t]*[,)])"
)
#: A string that builds a name: ``'_process_{cls}'``, ``'_token_%s'``, ``'visit_' +``,
#: ``'on_'.format``. Only a prefix ending in ``_`` counts (a handler's naming scheme, not
#: a message such as ``'Error %s'``).
_BUILT = re.compile(
    rb"(?<![\w'\"])[fFrRbBuU]{0,2}(['\"])([A-Za-z_]\w*_)(?:%|\{|\1[ \t]*(?:\+|%|\.format))"
)
_DEF = re.compile(rb"^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)", re.MULTILINE)
#: ``setattr(obj, 'NAME'``, ``getattr(obj, "NAME"``, ``monkeypatch.setattr(mod, 'NAME'``,
#: ``patch.object(Cls, 'NAME'`` (group 2), and ``patch('pkg.mod.NAME'`` (group 5, the
#: path before it ``path``).
_NAMED = re.compile(
    rb"\b(?:(?:get|set|has|del)attr|patch\.object)[ \t]*\([ \t\n]*"
    rb"(?:[^,()'\"]|\([^()]*\))+,[ \t\n]*"
    rb"(['\"])([A-Za-z_]\w*)\1"
    rb"|\bpatch(?:\.dict)?[ \t]*\([ \t\n]*(['\"])(?P<path>[\w.]+)\.([A-Za-z_]\w*)\3"
)


#: ``getattr(self, name)``, ``object.__getattribute__(self, name)``,
#: ``getattr(type(self), name)``, ``self.__getattribute__(name)``: a class's own attribute
#: by a name that is no string literal (a built one is a prefix's, above).
_SELF_LOOKUP = re.compile(
    rb"\b(?:getattr|hasattr|object\.__getattribute__)[ \t]*\(\s*"
    rb"(?:self|cls|type\(self\)|self\.__class__)\s*,(?!\s*[fFrRbBuU]{0,2}['\"])"
    rb"|\bself\.__getattribute__[ \t]*\((?!\s*[fFrRbBuU]{0,2}['\"])"
)
_CLASS = re.compile(rb"^([ \t]*)class[ \t]+([A-Za-z_]\w*)", re.MULTILINE)


def _self_lookups(data: bytes) -> tuple[tuple[str, int], ...]:
    """(class, line) of each computed lookup of a class's own attribute in ``data`` that
    a class's code makes."""
    lines: list[int] = []
    line, counted = 1, 0
    for lookup in _SELF_LOOKUP.finditer(data):
        line += data.count(b"\n", counted, lookup.start())
        counted = lookup.start()
        lines.append(line)
    if not lines:
        return ()
    owners = _enclosing_classes(data, lines[-1])
    return tuple((kind, n) for n in sorted(set(lines)) if (kind := owners.get(n)) is not None)


def _enclosing_classes(data: bytes, last: int) -> dict[int, str | None]:
    """The innermost class whose body holds each line up to ``last`` (None outside any
    class, or in a top-level function), from the lines' indentation: one pass over the
    file, whatever the number of lookups."""
    owners: dict[int, str | None] = {}
    stack: list[tuple[int, str | None]] = []  # (a header's indentation, its class or None)
    for number, text in enumerate(data.split(b"\n", last)[:last], start=1):
        code = text.lstrip()
        if not code or code.startswith(b"#"):
            continue
        indent = len(text) - len(code)
        while stack and stack[-1][0] >= indent:
            stack.pop()  # the blocks this line is not inside
        owners[number] = next((kind for _, kind in reversed(stack) if kind), None)
        header = _CLASS.match(text)
        if header is not None:
            stack.append((indent, header.group(2).decode("ascii", "replace")))
        elif _DEF.match(text):
            stack.append((indent, None))
    return owners


#: ``.startswith('p_')`` or ``[:2] == 't_'``: names collected by a prefix (group 2 or 4).
_COLLECTED = re.compile(
    rb"\.startswith\([ \t]*(['\"])([A-Za-z_]\w*_)\1[ \t]*\)"
    rb"|\[[ \t]*:[ \t]*\d+[ \t]*\][ \t]*==[ \t]*(['\"])([A-Za-z_]\w*_)\3"
)


def _collected(data: bytes) -> tuple[tuple[str, int], ...]:
    """(prefix, line) of each prefix ``data`` collects names by."""
    return tuple(
        (
            (found.group(2) or found.group(4)).decode("ascii", "replace"),
            data.count(b"\n", 0, found.start()) + 1,
        )
        for found in _COLLECTED.finditer(data)
    )


def _class_name_cases(data: bytes) -> frozenset[str]:
    """How ``data`` may turn the classes' names it reads into the names it looks up."""
    cases = {case for case in ("upper", "lower") if b".%s()" % case.encode() in data}
    return frozenset(cases or {"as_is"})


#: A namespace of names given to a format (``**globals()``, ``% vars(self)``,
#: ``format_map(locals())``, ``**self.__dict__``): its strings' fields are names read.
_NAMESPACE_FORMAT = re.compile(
    rb"(?:\*\*|%[ \t]*|format_map[ \t]*\([ \t]*)"
    rb"(?:(?:globals|locals|vars)[ \t]*\([^()]*\)|[\w.]+\.__dict__)"
)


def _formatted_at(data: bytes, name: str) -> int | None:
    """The line of the first format field of ``data`` that spells ``name`` (``{name}``,
    ``{name!r}``, ``{name:>4}``, ``{name.x}``, ``%(name)s``), when the file formats
    strings with a namespace of names; else None."""
    if b"{" + name.encode() not in data and b"%(" + name.encode() not in data:
        return None
    if not _NAMESPACE_FORMAT.search(data):
        return None
    word = re.escape(name.encode())
    field = re.search(rb"(?<!\{)\{" + word + rb"[}!:.\[]|%\(" + word + rb"\)", data)
    return None if field is None else data.count(b"\n", 0, field.start()) + 1


#: A call of the builtin ``exec`` or ``eval`` (not a method: ``df.eval``, ``ast.literal_eval``).
_EXECUTES = re.compile(rb"(?<![\w.])(?:exec|eval)[ \t]*\(")


def executed_string(files: Iterable[tuple[str, bytes, Sequence[int]]]) -> tuple[str, int] | None:
    """(file, line) of a string spelling the renamed name in a file that runs code with
    ``exec`` or ``eval``: the string may be that code. ``files``: each Python file's
    shown path, bytes and the lines of the strings that spell the name."""
    for shown, data, lines in files:
        if lines and _EXECUTES.search(data):
            return shown, min(lines)
    return None


def formatted_by_name(lookups: Mapping[str, FileLookups]) -> tuple[str, int] | None:
    """(file, line) of a format field that reads the renamed name from a namespace
    (``r"{OWS}".format(**globals())``): a rename leaves the field, which then asks
    for a name no longer there."""
    for shown, found in sorted(lookups.items()):
        if found.formatted_at is not None:
            return shown, found.formatted_at
    return None


def _spelled_at(data: bytes, name: str) -> int | None:
    """The line of the first string literal that is exactly ``name``, outside
    ``__all__`` (an export list names the module's attributes; a renamed function's
    entry is renamed with it)."""
    from prx.commands.rename.exports import export_spans

    spans = export_spans(data) if b"__all__" in data else []
    for spelled in re.finditer(rb"(['\"])" + re.escape(name.encode()) + rb"\1", data):
        if not any(start <= spelled.start() < end for start, end in spans):
            return data.count(b"\n", 0, spelled.start()) + 1
    return None


def _prefixes(data: bytes) -> set[str]:
    found = {m.group(2).decode("ascii", "replace") for m in _DIRECT.finditer(data)}
    found |= {m.group(2).decode("ascii", "replace") for m in _NAMESPACE.finditer(data)}
    if _COMPUTED.search(data):
        found |= {m.group(2).decode("ascii", "replace") for m in _BUILT.finditer(data)}
    return found


def read_lookups(shown: str, data: bytes, name: str, into: dict[str, FileLookups]) -> None:
    """Add what the Python file ``data`` looks up by built names (from classes' names),
    where it names ``name`` in a string, and the classes that look themselves up by a
    name they are given, to ``into``."""
    spelled_at = _spelled_at(data, name) if name.encode() in data else None
    collected = _collected(data) if b"_'" in data or b'_"' in data else ()
    readers = name_readers(data) if b"__name__" in data else ()
    named_after = _named_after(data, name)
    formatted_at = _formatted_at(data, name)
    if b"attr" not in data and b"patch" not in data and not _NAMESPACE.search(data):
        if spelled_at is not None or collected or readers or named_after or formatted_at:
            into[shown] = FileLookups(
                frozenset(),
                frozenset(),
                None,
                (),
                spelled_at,
                collected=collected,
                name_readers=readers,
                named_after=named_after,
                formatted_at=formatted_at,
            )
        return
    named_at = None
    patched: list[tuple[int, str]] = []
    if name.encode() in data:
        for found in _NAMED.finditer(data):
            if (found.group(2) or found.group(5)).decode("ascii", "replace") != name:
                continue
            line = data.count(b"\n", 0, found.start()) + 1
            if found.group(5) is not None:
                owner = found.group("path").decode("ascii", "replace").rsplit(".", 1)[-1]
                patched.append((line, owner))
            elif named_at is None:
                named_at = line
    builds = frozenset(_prefixes(data))
    prefixes = set(builds) if b"__name__" in data else set()
    on_self = _self_lookups(data)
    computed = _COMPUTED.search(data)
    computed_at = data.count(b"\n", 0, computed.start()) + 1 if computed is not None else None
    if (
        not (builds or on_self or collected or readers or patched or named_after)
        and named_at is None
        and spelled_at is None
        and computed_at is None
        and formatted_at is None
    ):
        return
    defs = {m.group(1).decode("ascii", "replace") for m in _DEF.finditer(data)}
    handlers = {d for d in defs if any(d.startswith(p) and d != p for p in prefixes)}
    into[shown] = FileLookups(
        frozenset(prefixes),
        frozenset(handlers),
        named_at,
        on_self,
        spelled_at,
        _class_name_cases(data) if on_self and b"__name__" in data else frozenset(),
        collected,
        computed_at,
        readers,
        tuple(patched),
        named_after,
        builds,
        formatted_at,
    )


def _named_after(data: bytes, name: str) -> frozenset[str]:
    """The ``def``s of ``data`` whose names end with ``name`` (or its lower case) and are
    longer."""
    endings = (name, name.lower())
    if not any(e.encode() in data for e in endings):
        return frozenset()
    found = set()
    for match in _DEF.finditer(data):
        defined = match.group(1).decode("ascii", "replace")
        if defined not in endings and defined.endswith(endings):
            found.add(defined)
    return frozenset(found)


def named_in_a_string(
    lookups: Mapping[str, FileLookups], owners: frozenset[str] | None = None
) -> tuple[str, int] | None:
    """(file, line) where a string gives the renamed name to ``setattr``, ``getattr`` ...
    or ``mock.patch``: a rename leaves that string, and the call then misses (or, for
    ``setattr``, makes a new attribute). ``owners``: the classes a renamed method's
    attribute belongs to (None: no method) — ``patch('pkg.mod.NAME')`` replaces a
    module's ``NAME``, no method's, and ``patch('pkg.mod.Other.NAME')`` another class's."""
    for shown, found in sorted(lookups.items()):
        if found.named_at is not None:
            return shown, found.named_at
        for line, owner in found.patched:
            if owners is None or owner in owners:
                return shown, line
    return None


def spelled_and_computed(lookups: Mapping[str, FileLookups]) -> tuple[str, int, int] | None:
    """(file, line of the string, line of the lookup) where a file spells the renamed
    name as a string of its own (``apis = 'add_header', 'set_header'``) and looks
    attributes up by a name it computes (``getattr(rs, api)``): the string may be what
    it looks up, and a rename leaves it."""
    for shown, found in sorted(lookups.items()):
        if found.spelled_at is not None and found.computed_at is not None:
            return shown, found.spelled_at, found.computed_at
    return None


def built_prefix(data: bytes, name: str) -> str | None:
    """The string the file ``data`` builds names from and looks them up with
    ``getattr``/``hasattr`` or in a namespace (``vars()["do_" + name]``), when the method
    or function ``name`` (defined there) starts with it."""
    for prefix in sorted(_prefixes(data), key=len, reverse=True):
        if name.startswith(prefix) and name != prefix:
            return prefix
    return None


def built_elsewhere(name: str, lookups: Mapping[str, FileLookups]) -> tuple[str, str] | None:
    """(file, prefix) of a file that looks names up by building them from a prefix
    ``name`` starts with (``hasattr(visitor, "visit_%s" % rule)``): a method of another
    file's class (arpeggio's ``PEGVisitor.visit_rule_crossref``) is found that way."""
    for shown, found in sorted(lookups.items()):
        for prefix in sorted(found.builds, key=len, reverse=True):
            if name.startswith(prefix) and name != prefix:
                return shown, prefix
    return None


def built_from_name(name: str, lookups: Mapping[str, FileLookups]) -> tuple[str, str] | None:
    """(file, handler) when a file that reads names (``__name__``) looks up handlers by
    names it builds from a prefix, and a ``def`` of the project is that prefix followed
    by the class or function ``name``: ``_process_identifierlist`` for the class
    ``IdentifierList``; arpeggio's ``visit_rule_crossref`` for the grammar rule
    ``rule_crossref``, a function whose name is the rule's. The handler may be in
    another file than the lookup (a visitor of the grammar's module)."""
    spelled = {name, name.lower()}
    prefixes = {p for found in lookups.values() for p in found.prefixes}
    for shown, found in sorted(lookups.items()):
        for handler in sorted(found.handlers | found.named_after):
            if any(handler == p + s for p in prefixes for s in spelled):
                return shown, handler
    return None


def looked_up_on_self(
    name: str, related: set[str], classes: Iterable[str], lookups: Mapping[str, FileLookups]
) -> tuple[str, int, str, str] | None:
    """(file, line, class, what names it) when a class of ``related`` (the renamed
    method's class, its bases and its subclasses) looks its own attributes up by a name it
    is given, and something gives it ``name``: a string that is exactly the name, or a
    class's name as that file spells the names it reads (``YIELD`` from ``ast.Yield``,
    in pyflakes; ``classes``: the project's classes)."""
    spelled = sorted((f, v.spelled_at) for f, v in lookups.items() if v.spelled_at is not None)
    for shown, found in sorted(lookups.items()):
        for owner, line in found.self_lookups:
            if owner not in related:
                continue
            if spelled:
                return (
                    shown,
                    line,
                    owner,
                    f"{spelled[0][0]}:{spelled[0][1]} spells {name} in a string",
                )
            if _class_named(name, found.class_name_cases, classes):
                return shown, line, owner, f"it reads classes' names (__name__): {name} may be one"
    return None


def _class_named(name: str, cases: frozenset[str], classes: Iterable[str]) -> bool:
    """Whether ``name`` may be a class's name as the cases turn it (``YIELD``: any
    class's, the standard library's too, upper-cased)."""
    if "upper" in cases and name.isupper():
        return True
    return any(name == kind or ("lower" in cases and name == kind.lower()) for kind in classes)


def collected_by_prefix(
    name: str, new: str, lookups: Mapping[str, FileLookups]
) -> tuple[str, int, str] | None:
    """(file, line, prefix) when a file collects the names that start with a prefix
    ``name`` has and ``new`` has not: renamed, the definition drops out of what that code
    collects (a grammar rule ply no longer sees)."""
    for shown, found in sorted(lookups.items()):
        for prefix, line in found.collected:
            if name.startswith(prefix) and name != prefix and not new.startswith(prefix):
                return shown, line, prefix
    return None


def looked_up_from_data(
    name: str, lookups: Mapping[str, FileLookups], data_files: Iterable[str]
) -> str | None:
    """Why a class's member ``name`` may be looked up by a name read from data: a data
    file the package ships spells it (``NEWLINE`` in parso's grammar files) and a file
    looks attributes up by a name that is no string literal (``getattr(token_namespace,
    label)``); None when either is missing."""
    shipped = sorted(data_files)
    computed = sorted((f, v.computed_at) for f, v in lookups.items() if v.computed_at is not None)
    if not shipped or not computed:
        return None
    return (
        f"{shipped[0]} (data the package ships) spells {name}, and {computed[0][0]}:"
        f"{computed[0][1]} looks attributes up by a name it reads (getattr(obj, name))"
    )
