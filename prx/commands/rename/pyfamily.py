"""The Python definitions a rename must change together with the one asked for.

- **The method's family**: the same method in the classes above and below it, and in the
  other bases of a class that derives from one of them (a mixin's method overrides the
  other base's in the class combining them). An override renamed alone silently stops
  overriding (the base's version runs instead), and a base method renamed alone leaves
  its overrides overriding nothing; so the whole family is renamed, as an IDE's "rename
  in hierarchy" does.
- **Same-named mirrors**: a module-level ``NAME = ...`` built from the renamed definition
  (``topk = toolz.curry(toolz.topk)``, ``Alias = Target``), or a module-level
  ``def NAME(...)`` that delegates to it: the mirror a package keeps of its names (a
  curried namespace, a compatibility module). Renaming the definition and not its mirror
  breaks every check that the two namespaces agree; the mirror and its uses are renamed
  with it, and a note names each.

Classes are matched by name across the files walked (``class Sub(pkg.Base)`` is a
subclass of every ``Base``); rope then keeps only the identifiers bound to the family's
definitions, so a namesake class adds no occurrence of its own unless rope binds one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from prx.commands.rename.candidate import Candidate
from prx.commands.rename.pylookups import (
    OWN_NAME,
    FileLookups,
    built_elsewhere,
    built_from_name,
    built_prefix,
    collected_by_prefix,
    formatted_by_name,
    looked_up_on_self,
    named_in_a_string,
    spelled_and_computed,
)
from prx.engine.intel.project import is_test_file
from prx.engine.intel.pymembers import aliased_class, ancestors, classes_of, on_self

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.intel.models import Target

__all__ = [
    "ClassMap",
    "aliases",
    "called_by_name",
    "class_headers",
    "dispatching_classes",
    "family",
    "mirrored",
    "stub_twins",
]

#: Class name -> the names of its bases (the last part of a dotted base).
ClassMap = dict[str, set[str]]

_CLASS = re.compile(rb"^[ \t]*class[ \t]+(\w+)[ \t]*([(:])", re.MULTILINE)
_BASE = re.compile(r"^[\w.]+$")
_SUBSCRIPT = re.compile(r"\s*\[.*\]\s*$", re.DOTALL)
#: The longest base list read (a hostile file's unclosed parenthesis ends there).
_LONGEST_BASES = 4096


def class_headers(data: bytes, into: ClassMap) -> None:
    """Add the classes ``data`` (a Python file) defines, with their bases, to ``into``."""
    for match in _CLASS.finditer(data):
        name = match.group(1).decode("ascii", "replace")
        bases = into.setdefault(name, set())
        listed = _base_list(data, match.end()) if match.group(2) == b"(" else []
        for part in listed:
            # ``t.MutableSet[str]``, ``Generic[T]``: the class is what is subscripted
            base = _SUBSCRIPT.sub("", part.strip())
            if base and "=" not in base and _BASE.match(base) and not on_self(base):
                bases.add(base.rsplit(".", 1)[-1])
                if base.isidentifier():  # ``TableBase: Type[Table] = ...``: a Table
                    bases |= aliased_class(data, base)


def _base_list(data: bytes, start: int) -> list[str]:
    """The parts of a class's base list from just after its ``(``, split at its own
    commas: rfc3986's ``class IRIReference(namedtuple("IRIReference", ..),
    uri.URIMixin)`` holds a call whose parentheses end no list."""
    depth, parts, here = 0, [], start
    for at in range(start, min(len(data), start + _LONGEST_BASES)):
        char = data[at : at + 1]
        if char in b"([{":
            depth += 1
        elif char in b")]}":
            if depth == 0:
                parts.append(data[here:at])
                return [p.decode("utf-8", "replace") for p in parts]
            depth -= 1
        elif char == b"," and depth == 0:
            parts.append(data[here:at])
            here = at + 1
    return []


def family(
    chosen: Target,
    definitions: Iterable[tuple[str, Target]],
    classes: Mapping[str, set[str]],
    dispatching: frozenset[str] = frozenset(),
) -> list[tuple[str, Target]]:
    """The other definitions of ``chosen``'s method in its class hierarchy, each with its
    file (absolute path), among ``definitions`` (every definition of the name).

    :param dispatching: classes whose code calls ``self.NAME(...)`` without defining it
        (an abstract step: ``InputType.get_entry_seq`` calls ``self.get_entry``): the
        definitions below such a class are one family, as the call reaches each of them.
    """
    container = (chosen.container or "").rsplit(".", 1)[-1]
    if chosen.kind not in ("method", "function") or not container:
        return []
    defining: dict[str, list[tuple[str, Target]]] = {}
    for path, target in definitions:
        owner = (target.container or "").rsplit(".", 1)[-1]
        if owner and target.name == chosen.name:
            defining.setdefault(owner, []).append((path, target))
    above = ancestors(container, classes)
    # A class named as its base, which it imports under another name (``from .peg
    # import ParserPEG as ParserPEGOrig``; ``class ParserPEG(ParserPEGOrig)``): the
    # namesake's definitions are the override's family.
    namesakes = (
        [
            (path, t)
            for path, t in defining.get(container, [])
            if (t.file, t.line) != (chosen.file, chosen.line)
        ]
        if container in above
        else []
    )
    if len(defining) < 2:
        return namesakes
    roots = {c for c in above if c in defining or c in dispatching} or {container}
    # The topmost definers: a root below another root is not one.
    roots = {r for r in roots if not (ancestors(r, classes) & roots)}
    members = {owner for owner in defining if owner in roots or ancestors(owner, classes) & roots}
    members = _joined_by_subclasses(members | {container}, defining, classes)
    members.discard(container)
    return namesakes + [item for owner in sorted(members) for item in defining[owner]]


def _joined_by_subclasses(
    members: set[str], defining: Mapping[str, object], classes: Mapping[str, set[str]]
) -> set[str]:
    """``members`` and every definer a class combines with one of them (``class
    GeneralizedTime(TimeMixIn, OctetStringEncoder)``: the mixin's method overrides the
    other base's there, so renaming one alone changes what that class runs), with the
    definers below each, until nothing joins."""
    lineages = [ancestors(name, classes) | {name} for name in classes]
    group = set(members)
    while True:
        grown = set(group)
        for lineage in lineages:
            if lineage & group:
                grown |= {c for c in lineage if c in defining}
        grown |= {o for o in defining if ancestors(o, classes) & grown}
        if grown == group:
            return group
        group = grown


def stub_twins(
    definitions: Sequence[tuple[str, Target]], chosen: Sequence[tuple[str, Target]]
) -> list[tuple[str, Target]]:
    """The declarations of ``chosen`` (definitions with their file) in their module's
    stub (``recipes.pyi`` beside ``recipes.py``), or their definitions in the module of
    a stub: one interface, written twice. Renamed alone, the stub declares a name the
    module lacks and hides the new one from every type checker."""
    wanted: set[tuple[str, str]] = set()
    for path, target in chosen:
        stem, dot, suffix = path.rpartition(".")
        if dot and suffix in ("py", "pyi"):
            wanted.add((stem + (".pyi" if suffix == "py" else ".py"), target.qualified))
    asked = {(path, target.line) for path, target in chosen}
    return [
        (path, target)
        for path, target in definitions
        if (path, target.qualified) in wanted and (path, target.line) not in asked
    ]


def dispatching_classes(
    python: Sequence[Candidate], name: str, classes: Mapping[str, set[str]]
) -> frozenset[str]:
    """The project's classes whose body calls ``self.NAME(...)``: in one that does not
    define ``NAME``, the call reaches its subclasses' definitions. None when any file
    assigns ``self.NAME = ...`` (an attribute, not a method a subclass gives)."""
    call = re.compile(rb"\bself\." + re.escape(name).encode() + rb"[ \t]*\(")
    assigned = re.compile(rb"\bself\." + re.escape(name).encode() + rb"[ \t]*=(?!=)")
    found: set[str] = set()
    for candidate in python:
        if name.encode() not in candidate.data:
            continue
        if assigned.search(candidate.data):
            return frozenset()
        for owner, node in classes_of(candidate.parsed()):
            body = node.child_by_field_name("body")
            if body is not None and call.search(bytes(body.text or b"")):
                found.add(owner)
    return frozenset(c for c in found if c in classes)


_ASSIGNED = re.compile(rb"^([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)", re.MULTILINE)
_DEFINED = re.compile(rb"^(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(", re.MULTILINE)
_TOP_LEVEL = re.compile(rb"\n(?=[^\s#@)\]}])")


def aliases(
    candidates: Sequence[Candidate], bound: Mapping[str, Mapping[int, str]], name: str, yes: str
) -> list[tuple[str, int]]:
    """Module-level ``name = ...`` statements whose right side, and module-level
    functions ``def name(...)`` whose body, hold an identifier rope bound to the renamed
    definitions (``yes``): (absolute path, line) of each. A same-named wrapper that
    delegates to the definition (``def merge(*a): return toolz.merge(*a)``) mirrors it
    as an alias does."""
    out = []
    for candidate in candidates:
        starts = {s for s, how in bound.get(candidate.path, {}).items() if how == yes}
        if not starts:
            continue
        data = candidate.data
        for pattern in (_ASSIGNED, _DEFINED):
            for match in pattern.finditer(data):
                if match.group(1).decode("ascii", "replace") != name:
                    continue
                following = _TOP_LEVEL.search(data, match.end())
                end = len(data) if following is None else following.start()
                if any(match.end() <= s < end for s in starts):
                    out.append((candidate.path, data.count(b"\n", 0, match.start()) + 1))
    return out


def mirrored(
    path: str,
    chosen: Target,
    candidates: Sequence[Candidate],
    origins: Mapping[tuple[str, int], tuple[str, int]],
) -> set[tuple[str, int]]:
    """When ``chosen`` (at ``path``) is a module-level mirror, the same-named definitions
    its value or body names (rope's ``origins`` of the identifiers there)."""
    data = next((c.data for c in candidates if c.path == path), None)
    if data is None:
        return set()
    line_start = data.rfind(b"\n", 0, chosen.start) + 1
    if line_start != chosen.start and not re.match(
        rb"(?:async[ \t]+)?def[ \t]", data[line_start : chosen.start]
    ):
        return set()  # not at module level
    following = _TOP_LEVEL.search(data, chosen.end)
    end = len(data) if following is None else following.start()
    texts = {c.path: c.data for c in candidates}
    return {
        where
        for (file, start), where in origins.items()
        if file == path and chosen.end <= start < end and _mirrorable(texts, where)
    }


def _mirrorable(texts: Mapping[str, bytes], where: tuple[str, int]) -> bool:
    """Whether the definition at ``where`` (a path, a line) goes with a mirror of it: a
    module's own name, or a method a same-named function delegates to; not a class's
    attribute: ``NEWLINE = PythonTokenTypes.NEWLINE`` keeps a module-level copy of an
    enum's member, and renaming the copy must not rename the member (looked up by name
    elsewhere)."""
    data = texts.get(where[0])
    lines = data.split(b"\n") if data is not None else []
    if not 0 < where[1] <= len(lines):
        return False
    line = lines[where[1] - 1]
    return not line[:1].isspace() or re.match(rb"[ \t]+(?:async[ \t]+)?def[ \t]", line) is not None


def _prints_its_name(
    chosen: Target, classes: Mapping[str, set[str]], lookups: Mapping[str, FileLookups]
) -> str | None:
    """What in the class ``chosen``, or in a base it inherits the code from, reads its
    own name (its ``repr`` spells it: sqlparse's ``TokenList._get_repr_name`` returns
    ``type(self).__name__`` for every group class below it), or None."""
    node = getattr(chosen.defn, "node", None) if chosen.kind == "class" else None
    if node is None:
        return None
    found = OWN_NAME.search(bytes(node.text or b""))
    if found is not None:
        return found.group(0).decode("utf-8", "replace")
    bases = ancestors(chosen.name, classes)
    for file, lookup in sorted(lookups.items()):
        for owner, line in lookup.name_readers:
            if owner in bases:
                return f"{owner}'s code at {file}:{line} reads type(self).__name__"
    return None


#: Methods Python's import system calls by name on finders and loaders of any class.
IMPORT_PROTOCOL = frozenset(
    {
        "find_spec",
        "find_module",
        "find_distributions",
        "create_module",
        "exec_module",
        "load_module",
        "module_repr",
        "invalidate_caches",
        "get_code",
        "get_source",
        "get_data",
        "get_filename",
        "get_resource_reader",
        "is_package",
    }
)
#: Prefixes of the methods a standard-library dispatcher looks up by name
#: (``ast.NodeVisitor`` ``visit_Name``, ``cmd.Cmd`` ``do_quit``, ``BaseHTTPRequestHandler``
#: ``do_GET``).
DISPATCH_PREFIXES = ("visit_", "depart_", "do_", "help_", "complete_")
#: A ``@pytest.fixture`` (or ``@fixture``) decorator, other decorators, then the ``def``.
_FIXTURE = re.compile(
    rb"@(?:pytest\.)?fixture\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+$"
)


def formatted_reason(name: str, lookups: Mapping[str, FileLookups]) -> str | None:
    """Why a rename of ``name`` would leave a format field that reads it by name
    (``r"{OWS}".format(**globals())``), or None."""
    formatted = formatted_by_name(lookups)
    if formatted is None:
        return None
    return (
        f"{formatted[0]}:{formatted[1]} reads {name} by name in a string it formats with a "
        "namespace (format(**globals()), % vars(self)): renamed, the field would ask for a "
        "name no longer there"
    )


def called_by_name(
    chosen: Target,
    data: bytes,
    classes: Mapping[str, set[str]],
    lookups: Mapping[str, FileLookups] | None = None,
    test_strings: Sequence[tuple[str, int]] = (),
    new: str | None = None,
) -> str | None:
    """Why ``chosen`` (a Python definition in ``data``) is looked up by its name by
    something a rename cannot change, or None. ``classes``: the project's classes and
    their bases (a prefix dispatcher is a library's class the method's class derives
    from); ``lookups``: what the project's files look up by names they build or spell
    in a string, for this name (see :mod:`prx.commands.rename.pylookups`); ``new``: the
    name it would get (a prefix collected by a test runner or the project is kept or
    lost by it)."""
    name = chosen.name
    method = chosen.kind == "method" or bool(chosen.container)
    if method and name in IMPORT_PROTOCOL:
        return f"Python's import system calls a finder's or loader's {name}() by name"
    owner = (chosen.container or "").rsplit(".", 1)[-1]
    outside = {b for b in ancestors(owner, classes) if b not in classes} - {"object"}
    if method and name.startswith(DISPATCH_PREFIXES) and outside:
        return (
            f"a dispatcher of a library class it derives from ({', '.join(sorted(outside))}: "
            f"ast.NodeVisitor, cmd.Cmd, http.server ...) may look up {name} by its name"
        )
    line_start = data.rfind(b"\n", 0, chosen.start) + 1
    head = data[max(0, line_start - 400) : chosen.start]
    if _FIXTURE.search(head):
        return f"pytest passes the fixture {name} to the tests whose parameters name it"
    if not method and name.startswith("pytest_"):
        return f"pytest calls its hook {name} by name"
    if (
        new is not None
        and name.startswith("test")
        and not new.startswith("test")
        and is_test_file(chosen.file)
    ):
        return (
            f"test runners collect tests by the prefix 'test': renamed {new}, {name} would no "
            "longer run"
        )
    collected = collected_by_prefix(name, new, lookups or {}) if new is not None else None
    if collected is not None:
        file, line, start = collected
        return (
            f"{file}:{line} collects the names that start with {start!r}: renamed {new}, "
            f"{name} would drop out"
        )
    prefix = built_prefix(data, name) if method or chosen.kind == "function" else None
    if prefix is not None:
        return (
            f"the file looks {name} up by a name it builds from the string {prefix!r} "
            "(getattr/hasattr, vars()/globals())"
        )
    elsewhere = built_elsewhere(name, lookups or {}) if method else None
    if elsewhere is not None:
        return (
            f"{elsewhere[0]} looks methods up by a name it builds from the string "
            f"{elsewhere[1]!r} (getattr/hasattr): renamed, {name} would no longer be found"
        )
    handler = built_from_name(name, lookups or {}) if chosen.kind in ("class", "function") else None
    if handler is not None:
        return (
            f"{handler[0]} defines {handler[1]}, found by a name built from a prefix and "
            f"a {chosen.kind}'s name (__name__): renamed, {name} would no longer lead to it"
        )
    printed = _prints_its_name(chosen, classes, lookups or {}) if test_strings else None
    if printed is not None:
        file, line = test_strings[0]
        return (
            f"its name is part of what it prints ({printed}), and {file}:{line} spells it "
            "in a string"
        )
    below = (
        {c for c, above in classes.items() if owner in ancestors(c, classes)} if owner else set()
    )
    dispatched = (
        looked_up_on_self(name, {owner} | ancestors(owner, classes) | below, classes, lookups or {})
        if method and owner
        else None
    )
    if dispatched is not None:
        file, line, kind, why = dispatched
        return (
            f"{file}:{line} looks {kind}'s methods up by a name it is given (getattr(self, "
            f"name)), and {why}"
        )
    string = named_in_a_string(
        lookups or {},
        frozenset({owner} | ancestors(owner, classes) | below) if method and owner else None,
    )
    if string is not None:
        return (
            f"{string[0]}:{string[1]} names it in a string given to setattr/getattr or mock.patch"
        )
    formatted = formatted_reason(name, lookups or {})
    if formatted is not None:
        return formatted
    # A method may be looked up on any object; a function on its module, in its file.
    searched = {
        f: v
        for f, v in (lookups or {}).items()
        if method or (chosen.kind == "function" and f == chosen.file)
    }
    computed = spelled_and_computed(searched)
    if computed is not None:
        file, spelled, looked_up = computed
        return (
            f"{file}:{spelled} spells {name} in a string and {file}:{looked_up} looks "
            "attributes up by a name it computes (getattr(obj, name))"
        )
    return None
