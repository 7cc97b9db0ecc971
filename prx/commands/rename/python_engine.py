"""Python files renamed by binding: rope binds each identifier spelled OLD, and the
definitions that must change together with the one asked for (its class hierarchy, its
same-named mirrors) are renamed with it; what rope leaves unresolved is weighed by the
receiver's type; what would break silently is refused (a method overriding a library's).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from prx.commands.rename.candidate import Candidate, language_of, path_of
from prx.commands.rename.pyfamily import (
    ClassMap,
    aliases,
    dispatching_classes,
    family,
    mirrored,
    stub_twins,
)
from prx.core.errors import InvalidArgumentError, ParseError
from prx.core.results.rename import RenameConflict
from prx.engine.files.display import shown_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.intel.models import Target
    from prx.engine.intel.project import ParsedFile
    from prx.plugin.context import Context

__all__ = ["bind_python", "bytes_of", "never_called", "python_definitions"]

#: The largest Python file read for a rename's questions (a larger one is listed, unread).
_LARGEST = 4 * 1024 * 1024


def bind_python(
    ws: Context,
    target: str,
    candidates: list[Candidate],
    old: str,
    engine: str,
    apply: bool,
    notes: list[str],
    chosen: Target | None,
    classes: ClassMap,
) -> list[RenameConflict]:
    """Bind each Python identifier spelled ``old`` with rope (when installed and able to
    read every file): the chosen definition, its class hierarchy and its mirrors renamed
    together; the rest left alone with the reason. Returns the conflicts of a method
    that overrides a library's."""
    python = [c for c in candidates if c.spec.name == "python"]
    from prx.commands.rename.rope_engine import (
        BOUND,
        EXTERNAL,
        OTHER,
        UNRESOLVED,
        RopeFailure,
        rope_available,
        rope_bindings,
    )

    if not rope_available():
        if engine == "rope":
            raise InvalidArgumentError(
                "invalid argument {param}: rope is not installed",
                param="engine",
                suggestion="Install the extra prx[rename] (pip install 'prx[rename]'), or "
                "leave {param} at auto for the syntactic engine.",
            )
        notes.append(
            "rope is not installed: Python files were renamed by the syntactic engine "
            "(every identifier spelled the same, whatever it refers to); install the "
            "extra prx[rename] for a rename by binding"
        )
        return []
    inside = os.path.commonpath([ws.root_dir, target]) == ws.root_dir
    project = (
        ws.root_dir if inside else (target if os.path.isdir(target) else os.path.dirname(target))
    )
    files = {c.path: (c.data, [o.start for o in c.scan.old if o.kind == "code"]) for c in python}
    try:
        place = None if chosen is None else (path_of(candidates, chosen), chosen.line)
        targets = None if place is None else {place}
        related: list[tuple[str, Target]] = []
        twins: list[tuple[str, Target]] = []
        if (
            chosen is not None
            and targets is not None
            and language_of(candidates, chosen) == "python"
        ):
            definitions = python_definitions(python, old)
            dispatching = dispatching_classes(python, old, classes)
            defining = {(t.container or "").rsplit(".", 1)[-1] for _, t in definitions}
            related = family(chosen, definitions, classes, dispatching - defining)
            asked = (path_of(candidates, chosen), chosen)
            twins = stub_twins(definitions, [asked, *related])
            targets |= {(path, t.line) for path, t in [*related, *twins]}
        origins: dict[tuple[str, int], tuple[str, int]] = {}
        bindings = rope_bindings(project, files, targets, origins)
        mirrors: set[tuple[str, int]] = set()
        if targets is not None and chosen is not None and not chosen.container:
            # A mirror itself asked for: what it mirrors goes with it.
            mirrors |= mirrored(path_of(candidates, chosen), chosen, python, origins)
            if mirrors:
                bindings = rope_bindings(project, files, targets | mirrors)
        for _ in range(3):  # an alias of an alias
            known = (targets or set()) | mirrors
            more = set(aliases(python, bindings, old, BOUND)) - known
            if not more or targets is None:
                break
            mirrors |= more
            bindings = rope_bindings(project, files, targets | mirrors)
    except RopeFailure as failure:
        shown = shown_path(ws.root_dir, failure.path)
        if apply:
            raise ParseError(
                f"parse error: rope cannot analyse {shown} ({failure.reason}); nothing was written",
                suggestion="Fix that file, or give a path that leaves it out; a dry run "
                "shows the syntactic engine's rename.",
            ) from None
        notes.append(
            f"rope cannot analyse {shown} ({failure.reason}): Python files were renamed by "
            "the syntactic engine; an applied rename refuses until rope can read them"
        )
        return []
    if place is not None and chosen is not None:
        # The definitions renamed are known from the outline, whatever rope makes of
        # their own names (its tree patcher fails on some valid files: an empty tuple
        # holding a comment leaves every name of the module unresolved).
        for path, defined in [(place[0], chosen), *related, *twins]:
            bound = bindings.get(path)
            if bound is not None and bound.get(defined.start) == UNRESOLVED:
                bound[defined.start] = BOUND
    own = {path for path, _ in mirrors} | {path for path, _ in [*related, *twins]}
    for candidate in python:
        candidate.defines = candidate.defines or candidate.path in own
    if related:
        listed = ", ".join(f"{t.qualified} ({t.file}:{t.line})" for _, t in related)
        notes.append(
            "renames the same method in its class hierarchy too (an override renamed alone "
            f"stops overriding): {listed}"
        )
    if twins:
        listed = ", ".join(f"{t.file}:{t.line}" for _, t in twins)
        notes.append(
            "renames its twin in the module or its stub too (a .py and its .pyi declare "
            f"one interface): {listed}"
        )
    if mirrors:
        notes.append(
            "renames the same-named module-level mirror(s) of it too (an alias, a wrapper): "
            f"{', '.join(f'{shown_path(ws.root_dir, p)}:{n}' for p, n in sorted(mirrors))}"
        )
    if chosen is not None and chosen.container:
        weigh_members(python, bindings, chosen, related, classes, old, (ws, target))
    settled = 0
    if chosen is not None:
        from prx.commands.rename.pydefaults import bind_header_values

        # ``def f(x, helper=helper)``: the default is the enclosing scope's ``helper``
        bind_header_values(python, bindings, old)
    if chosen is not None:
        from prx.commands.rename.pychains import ModuleChains
        from prx.commands.rename.pymodvalues import module_as_value
        from prx.commands.rename.pysyntax import settle_by_syntax
        from prx.engine.intel.project import module_stem

        # Only module-level definitions renamed (no method, no mirror of one): an
        # attribute of what holds no module is none of them.
        module_level = not chosen.container and not related and not mirrors
        stem = module_stem(chosen.file)
        module_file = os.path.realpath(path_of(candidates, chosen))
        project_files = _PythonFiles({c.shown: c.parsed() for c in python}, (ws, target))
        settled = settle_by_syntax(
            python,
            bindings,
            chosen,
            old,
            module_level,
            lambda: module_as_value(target, stem, module_file),
            ModuleChains(project_files.every_file, project_files.source),
        )
    if chosen is not None and chosen.container and not mirrors:
        from prx.commands.rename.pyunique import only_family_sites

        renamed = {(t.file, t.line) for t in [chosen, *(t for _, t in [*related, *twins])]}
        only_family_sites(ws, python, bindings, renamed, old, notes)
    counts = {EXTERNAL: 0, UNRESOLVED: 0, OTHER: 0}
    for candidate in python:
        bound = bindings.get(candidate.path, {})
        candidate.engine = "rope"
        candidate.renamed = tuple(
            o for o in candidate.scan.old if o.kind == "code" and bound.get(o.start) == BOUND
        )
        candidate.unbound = {start: how for start, how in bound.items() if how != BOUND}
        for how in candidate.unbound.values():
            counts[how] += 1
    if counts[EXTERNAL]:
        notes.append(
            f"rope bound {counts[EXTERNAL]} Python identifier(s) spelled {old!r} to "
            "definitions outside the renamed files (a builtin, a library, a file outside "
            "the path): left alone, listed in left_alone as external"
        )
    if counts[UNRESOLVED]:
        notes.append(
            f"rope could bind {counts[UNRESOLVED]} Python identifier(s) spelled {old!r} to "
            "no definition (an attribute of an object of unknown type ...): left alone, "
            "listed in left_alone as unresolved; an applied rename refuses until they are "
            "taken (sites) or forced"
        )
    if counts[OTHER] - settled:
        notes.append(
            f"rope bound {counts[OTHER] - settled} Python identifier(s) spelled {old!r} to "
            "other definitions than the one renamed: left alone, listed as other_binding"
        )
    if settled:
        notes.append(
            f"{settled} Python identifier(s) spelled {old!r} that rope could not bind are "
            "apart from the definition by the syntax (a keyword argument's name, a name "
            "inside a function, a member of __dict__): left alone, listed as other_binding"
        )
    if place is None or chosen is None:
        return []
    found = library_overrides(project, [(place[0], chosen), *related], old)
    return found or abstract_overrides([chosen, *(t for _, t in related)], classes, old)


def weigh_members(
    python: Sequence[Candidate],
    bindings: dict[str, dict[int, str]],
    chosen: Target,
    related: Sequence[tuple[str, Target]],
    classes: ClassMap,
    name: str,
    walk_in: tuple[Context, str] | None = None,
) -> None:
    """Settle the ``obj.NAME`` rope left unresolved where the code says more: the
    receiver's type is the method's class or a subclass (renamed), another type, or a
    call whose arguments the method cannot take (left alone); the rest stay unsure.

    :param walk_in: the workspace and the renamed path, whose Python files are read when
        a receiver is made by a class attribute (``self.Cache(..)``): what each class
        assigns to it (else the files renamed only).
    """
    from prx.commands.rename.rope_engine import BOUND, OTHER, UNRESOLVED
    from prx.engine.intel.bindings import occurrences
    from prx.engine.intel.models import BY_TYPE
    from prx.engine.intel.pyclassattrs import ClassAttributes
    from prx.engine.intel.pymembers import arity_of, member_uses, widest

    files = _PythonFiles({c.shown: c.parsed() for c in python}, walk_in)

    def owner(target: Target) -> str:
        return (target.container or "").rsplit(".", 1)[-1]

    owners = {owner(chosen), *(owner(t) for _, t in related)}
    others = (
        frozenset(owner(t) for _, t in python_definitions(python, name) if t.container) - owners
    )
    # A call is the family's when one of the methods renamed can take its arguments
    # (``x.simplify(sort=False)`` fits an override's ``sort``, not the base's).
    nodes = [
        t.defn.node if t.defn is not None else None for t in (chosen, *(t for _, t in related))
    ]
    arity = widest(
        [
            arity_of(node, method=True)
            if node is not None and node.type == "function_definition"
            else None
            for node in nodes
        ]
    )
    sure: set[tuple[str, int]] = set()
    maybe: set[tuple[str, int]] = set()
    family = frozenset(owners)
    uses = member_uses(
        files,
        sorted(c.shown for c in python),
        owner(chosen),
        name,
        arity,
        others,
        classes,
        family,
        unrelated_is_candidate=True,
        attributes=ClassAttributes(files, files.every_file, classes),
        home=chosen.file,
        every_file=files.every_file,
    )
    for use in uses:
        (sure if use.certainty == BY_TYPE else maybe).add((use.file, use.occurrence.byte))
    for candidate in python:
        bound = bindings.get(candidate.path)
        if not bound or UNRESOLVED not in bound.values():
            continue
        here = candidate.parsed()
        members = {
            o.byte
            for o in occurrences(here, name)
            if o.receiver is not None and not o.in_import and not o.defining
        }
        for start, how in list(bound.items()):
            if how != UNRESOLVED or start not in members:
                continue
            if (candidate.shown, start) in sure:
                bound[start] = BOUND
            elif (candidate.shown, start) not in maybe:
                bound[start] = OTHER


class _PythonFiles:
    """The renamed Python files, parsed, and (walked on first use) every Python file of
    the renamed path, parsed when first read."""

    def __init__(self, parsed: dict[str, ParsedFile], walk_in: tuple[Context, str] | None) -> None:
        self._parsed: dict[str, ParsedFile | None] = dict(parsed)
        self._walk_in = walk_in
        self._paths: dict[str, str] | None = None

    def every_file(self) -> list[str]:
        if self._paths is None:
            self._paths = {}
            if self._walk_in is not None:
                from prx.engine.files.walk import walk

                ws, target = self._walk_in
                walked = walk(target, max_file_size=_LARGEST, directories=True)
                # A Python file too large to read is still a module: listed, unread.
                for rel in walked.large:
                    if rel.endswith((".py", ".pyi")):
                        shown = shown_path(ws.root_dir, os.path.join(target, rel))
                        self._paths[shown] = os.path.join(target, rel)
                        self._parsed.setdefault(shown, None)
                for item in walked.files:
                    if item.rel.endswith((".py", ".pyi")):
                        self._paths[shown_path(ws.root_dir, str(item.path))] = str(item.path)
        return sorted({*self._parsed, *self._paths})

    def file(self, rel: str) -> ParsedFile | None:
        """The Python file ``rel`` parsed (None: not one of the path's, unreadable, or
        too large to read)."""
        if rel not in self._parsed:
            self.every_file()  # a file no candidate holds: a test's conftest.py
            if self._paths and rel in self._paths:
                self._parsed[rel] = self._read(self._paths[rel], rel)
        return self._parsed.get(rel)

    def source(self, rel: str) -> bytes | None:
        """The bytes of the Python file ``rel`` (None: not one of the path's, unreadable)."""
        parsed = self.file(rel)
        return parsed.data if parsed is not None else None

    def _read(self, path: str, shown: str) -> ParsedFile | None:
        from prx.engine.files.text import read_regular
        from prx.engine.intel.project import ParsedFile

        spec = self._walk_in[0].language_for(path) if self._walk_in is not None else None
        try:
            data = read_regular(path)  # not through a link swapped in since the walk
        except OSError:
            return None
        return ParsedFile(shown, spec, data) if spec is not None else None


def python_definitions(python: Sequence[Candidate], name: str) -> list[tuple[str, Target]]:
    """Every definition of ``name`` in the Python files, with its file's absolute path."""
    from prx.engine.intel.models import model_for

    model = model_for("python")
    out = []
    for candidate in python:
        found = model.definitions(None, candidate.parsed())
        out += [(candidate.path, t) for t in found if t.name == name]
    return out


def library_overrides(
    project: str, definitions: Sequence[tuple[str, Target]], name: str
) -> list[RenameConflict]:
    """A conflict for each renamed method that overrides a method of a class outside the
    project (``JSONEncoder.default``, ``dict.get``): renamed, it would no longer be called
    in its place."""
    from prx.commands.rename.rope_engine import library_definers

    out = []
    for path, target in definitions:
        if target.kind not in ("method", "function") or not target.container:
            continue
        for base in library_definers(project, path, target.line, name):
            out.append(
                _overriding(
                    target,
                    f"{target.qualified} overrides {base}, which prx does not rename: "
                    "renamed, it would no longer be called in its place",
                )
            )
    return out


def _overriding(target: Target, message: str) -> RenameConflict:
    return RenameConflict(
        file=target.file, line=target.line, kind="overrides_library", message=message
    )


def abstract_overrides(
    definitions: Sequence[Target], classes: ClassMap, name: str
) -> list[RenameConflict]:
    """A conflict for each renamed method whose class derives from a standard
    collection's abstract class that has the method (uritemplate's ``class
    OrderedSet(t.MutableSet[str])`` defines ``add`` and ``discard``, which
    ``MutableSet`` requires): rope cannot follow a subscripted ``typing`` base, and
    renamed, the class would be abstract (``Cannot instantiate abstract class``). The
    base is read by name, as one no project class is; only ``collections.abc`` is
    looked at (the standard library, nothing of the project's is run)."""
    import collections.abc

    from prx.engine.intel.pymembers import ancestors

    out = []
    for target in definitions:
        owner = (target.container or "").rsplit(".", 1)[-1]
        if target.kind not in ("method", "function") or not owner:
            continue
        for base in sorted(ancestors(owner, classes)):
            abstract = getattr(collections.abc, base, None) if base not in classes else None
            if isinstance(abstract, type) and hasattr(abstract, name):
                out.append(
                    _overriding(
                        target,
                        f"{target.qualified} implements {base}.{name} (collections.abc), "
                        "which prx does not rename: renamed, the class would lack it",
                    )
                )
                break
    return out


def never_called(
    candidates: Sequence[Candidate], changed: Sequence[Candidate], chosen: Target, name: str
) -> bool:
    """A Python method whose every renamed occurrence is a definition (of it or of its
    family): no code of the project calls it."""
    if chosen.kind != "method" or not chosen.container or name.startswith("__"):
        return False
    python = [c for c in candidates if c.spec.name == "python"]
    if not any(c.shown == chosen.file for c in python):
        return False
    defined = {(path, t.start) for path, t in python_definitions(python, name)}
    return not any(
        o.kind == "code" and (c.path, o.start) not in defined for c in changed for o in c.renamed
    )


def bytes_of(candidates: Sequence[Candidate], target: Target) -> bytes:
    return next((c.data for c in candidates if c.shown == target.file), b"")
