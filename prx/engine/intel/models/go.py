"""The Go model: packages, receivers, embedded types and interfaces, as the compiler binds
names.

- Definitions (:mod:`~prx.engine.intel.models.go_defs`): package-level functions, types,
  constants and variables as ``pkg.Name``; methods as ``pkg.Type.Method``; interface
  methods; struct fields as ``pkg.Type.field``.
- References (:mod:`~prx.engine.intel.models.go_walk`): a package-level name is used by
  its bare name in the files of its package (unless a local declaration shadows it) and
  as ``alias.Name`` in the files importing the package (only exported names cross);
  a method or field through a value whose type the file states or implies, a composite
  literal's keys, a method expression ``T.M``, embedded types included. Those are
  :data:`~prx.engine.intel.models.base.RESOLVED` (package-level names) or
  :data:`~prx.engine.intel.models.base.BY_TYPE` (members); a member reached through a
  value of unknown type is a :data:`~prx.engine.intel.models.base.BY_NAME` candidate.
- What must change with a definition (role ``definition``): its namesakes of the same
  package in files of other build constraints, and for a method the other methods
  interfaces tie to it (:mod:`~prx.engine.intel.models.go_family`) with their uses, which
  are uses of those methods, not of this one (explain and impact leave them out).
- A method with the name and arity of a standard library interface's (``String()``,
  ``Error()`` ...) may be called through that interface where the project does not say
  so, and a name the program reads as text (:mod:`~prx.engine.intel.models.go_reflect`:
  a type or field printed in ``testdata`` golden files, a member looked up by name
  through reflection) changes what the program does: its own definition is then reported
  :data:`BY_NAME`, so a rename leaves it to the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import (
    BY_NAME,
    BY_TYPE,
    RESOLVED,
    LanguageModel,
    Site,
    Target,
    register,
    sorted_sites,
)

if TYPE_CHECKING:
    from prx.engine.intel.models.go_index import GoFile, GoIndex
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["GoModel"]


class GoModel(LanguageModel):
    """Definitions and references of Go (see the module)."""

    LANGUAGES = frozenset({"go"})
    RESOLVES = True
    SEPARATOR = "."

    def definitions(self, project: Project | None, parsed: ParsedFile) -> list[Target]:
        from prx.engine.intel.models.go_defs import go_targets

        return go_targets(parsed)

    def candidate_files(self, project: Project, target: Target) -> list[str]:
        """The target's package; for an exported package-level name, the files importing
        it; for a member or a type (an embedded type is a field: both are reached through
        values that cross packages), every Go file that holds the name."""
        from prx.engine.intel.models.go_index import go_index
        from prx.engine.intel.prefilter import word_offsets

        index = go_index(project)
        own = index.files.get(target.file)
        found = {target.file}
        if own is None:
            return sorted(found)
        symbol = _symbol(index, target)
        word = target.name.encode()
        for rel, file in index.files.items():
            data = file.parsed.data
            if word not in data or not word_offsets(data, target.name):
                continue
            if file.directory == own.directory:
                found.add(rel)
            elif target.name[:1].isupper() and (symbol[0] == "member" or target.kind in _TYPES):
                # a member, or a type embedded as a field, reached through values
                found.add(rel)
            elif target.name[:1].isupper() and (
                own.key in file.dots or ("pkg", own.key) in file.imports.values()
            ):
                found.add(rel)
        return sorted(found)

    def references(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        from prx.engine.intel.models.go_index import go_index
        from prx.engine.intel.models.go_reflect import read_as_text

        index = go_index(project)
        if target.file not in index.files:
            return super().references(project, target, files)
        symbol = _symbol(index, target)
        sites: list[Site] = []
        owners: set[Any] = set()
        unsure = False
        if symbol[0] == "member":
            owners, unsure = _owners(index, symbol, target)
        if read_as_text(project, index, target) is not None:
            unsure = True
        for declaring, node in _declarations(index, symbol, owners, target):
            how = BY_NAME if unsure else RESOLVED
            sites.append(_site(declaring, node, how, "definition"))
        wanted = set(files)
        for rel in sorted(wanted):
            file = index.files.get(rel)
            if file is None or target.name.encode() not in file.parsed.data:
                continue
            sites.extend(_uses(index, file, symbol, owners, target))
        own = (target.file, target.start)
        return [s for s in sorted_sites(sites) if s.file in wanted or (s.file, s.start) == own]

    def rename_problem(self, project: Project, target: Target) -> str | None:
        """A function the runtime calls by its name: ``init`` (renamed, it would no
        longer run), ``main`` of package ``main`` (the program would not link)."""
        from prx.engine.intel.models.go_index import go_index

        if target.name not in ("init", "main") or target.kind != "function":
            return None
        file = go_index(project).files.get(target.file)
        if file is None or target.qualified != f"{file.package}.{target.name}":
            return None  # a method, or a function of a package prx could not read
        if target.name == "init":
            return (
                f"func init of {target.file} is run by the Go runtime before main: "
                "renamed, it would no longer run"
            )
        if file.package == "main":
            return (
                f"func main of package main ({target.file}) is the program's entry point: "
                "the linker looks for it by that name"
            )
        return None

    def renames_by_name(self, target: Target) -> bool:
        """No: a Go identifier the model cannot tie is a field or method of a value of
        unknown type, or a method the standard library may call; the caller decides."""
        return False


#: The kinds of a type declaration (an embedded type names a field too).
_TYPES = frozenset({"struct", "type", "trait"})


def _symbol(index: GoIndex, target: Target) -> tuple[Any, ...]:
    """``("pkg", key, name)`` or ``("member", (key, type), name)`` for a target."""
    file = index.files[target.file]
    package = index.packages.get(file.key)
    if (
        target.kind in ("method", "field")
        and target.container is not None
        and package is not None
        and target.container in package.types
    ):
        return ("member", (file.key, target.container), target.name)
    return ("pkg", file.key, target.name)


def _owners(index: GoIndex, symbol: tuple[Any, ...], target: Target) -> tuple[set[Any], bool]:
    """The types whose member must be renamed with the target's, and whether the
    standard library may call one of them by name."""
    from prx.engine.intel.models.go_family import family, library_bound

    owner = symbol[1]
    if target.kind != "method":
        return {owner}, False
    owners = family(index, owner, target.name)
    return owners, library_bound(index, owners, target.name)


def _declarations(
    index: GoIndex, symbol: tuple[Any, ...], owners: set[Any], target: Target
) -> list[tuple[GoFile, Any]]:
    """The declarations that change with the target: its own, its namesakes of other
    build constraints, the family's methods."""
    out: list[tuple[GoFile, Any]] = []
    if symbol[0] == "pkg":
        package = index.packages.get(symbol[1])
        if package is not None:
            out.extend(package.declared.get(target.name, []))
        return out
    for key, type_name in owners:
        package = index.packages.get(key)
        info = package.types.get(type_name) if package is not None else None
        if info is None:
            continue
        name_node = info.methods.get(target.name)
        if name_node is None and target.name in info.fields:
            name_node = info.fields[target.name][0]
        if name_node is None:
            continue
        out.append((info.method_files.get(target.name, info.file), name_node))
    return out


def _uses(
    index: GoIndex, file: GoFile, symbol: tuple[Any, ...], owners: set[Any], target: Target
) -> list[Site]:
    from prx.engine.intel.models.go_walk import FileWalker

    out: list[Site] = []
    member = symbol[0] == "member"

    def found(node: Any, referent: Any) -> None:
        if referent is None:
            return
        if referent == symbol:
            out.append(_site(file, node, BY_TYPE if member else RESOLVED, "reference"))
        elif (
            member
            and referent[0] == "member"
            and referent[1] in owners
            and referent[2] == symbol[2]
        ):
            out.append(_site(file, node, BY_TYPE, "definition"))
        elif member and referent[0] == "?":
            out.append(_site(file, node, BY_NAME, "reference"))

    FileWalker(index, file, target.name, found).walk()
    return out


def _site(file: GoFile, node: Any, how: str, role: str) -> Site:
    return Site(
        file=file.rel,
        line=int(node.start_point[0]) + 1,
        start=int(node.start_byte),
        end=int(node.end_byte),
        how=how,
        role=role,
    )


register(GoModel())
