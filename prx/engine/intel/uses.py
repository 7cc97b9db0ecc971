"""Who really uses a symbol: the files whose imports bind it (re-exports followed) and
whose code then references it.

Starting at the defining file, each importer of a file that provides the symbol is read:
its import statement at the edge's line says which local names are bound to the symbol
(``from m import X as Y`` binds ``Y``; ``import m`` makes ``m.X`` a use; ``from m import *``
binds ``X``; JS default, named and namespace imports alike), and its code says whether
they are used. A file that binds the symbol provides it in turn to its own importers
(Python: any module; JS/TS: only through ``export``), so re-export chains are followed.
"""

from __future__ import annotations

import posixpath
import re
from collections import deque
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel import prefilter
from prx.engine.intel.bindings import (
    BOUND_LANGUAGES,
    Binding,
    Occurrence,
    bindings,
    default_exported,
    exported_names,
    occurrences,
    statement_snippet_bindings,
)
from prx.engine.intel.prefilter import bare_uses, may_use_attribute
from prx.engine.intel.project import module_stem
from prx.engine.intel.pyaliases import alias_uses
from prx.engine.intel.pyimports import read_import
from prx.engine.intel.pyscopes import local_scopes

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = [
    "FileUse",
    "SymbolUsers",
    "all_bindings",
    "edge_bindings",
    "find_users",
    "names_used",
    "statement_bindings",
]


class FileUse(NamedTuple):
    """How one file uses the symbol."""

    file: str
    #: The import that binds it: the edge (line, text ...).
    edge: Any
    #: The file it was imported from when that is not the defining file (a re-export).
    via: str | None
    #: Local names bound to the symbol (bare uses), and module aliases (``m.X`` uses).
    names: tuple[str, ...]
    #: (occurrence, how): ``import``, ``module`` or ``name`` (a language read by name only).
    refs: tuple[tuple[Occurrence, str], ...]


class SymbolUsers(NamedTuple):
    """Everything :func:`find_users` found."""

    #: Files that bind and reference the symbol.
    users: dict[str, FileUse]
    #: Files that bind it but never reference it (imports left unused).
    unused: dict[str, FileUse]
    #: Files that pass it on (``__init__`` re-exports, ``export {X} from``) without using it.
    reexports: set[str]
    #: Files that provide the symbol, with the names it has there.
    providers: dict[str, set[str]]


def statement_bindings(parsed: ParsedFile, line: int) -> list[Binding]:
    """The bindings of the import statement at ``line`` of ``parsed`` (from the whole
    file's bindings when known, else from the statement's text when it is a plain Python
    import, else by parsing that statement alone)."""
    known: list[Binding] | None = parsed.memo.get("bindings")
    if known is not None:
        return [b for b in known if b.line <= line <= b.end_line]
    snippets: dict[int, list[Binding]] = parsed.memo.setdefault("snippets", {})
    found = snippets.get(line)
    if found is None and parsed.language == "python" and prefilter.ENABLED:
        found = read_import(parsed.lines, line)
    if found is None:
        found = statement_snippet_bindings(parsed, line)
        if not found:  # the line is inside a statement (``import a, \\`` ...): read it all
            found = [b for b in all_bindings(parsed) if b.line <= line <= b.end_line]
    snippets[line] = found
    return found


def edge_bindings(parsed: ParsedFile, edge: Any) -> list[Binding]:
    """The bindings of the import ``edge`` (an ``ImportEdge`` of ``parsed``): read from
    the edge itself for a plain one-line Python import (its names, else the module or
    submodule it names), else from the statement's syntax (aliases, several lines, JS)."""
    text = edge.text or ""
    plain = (
        parsed.language == "python"
        and text
        and " as " not in text
        and ";" not in text
        and not text.rstrip().endswith(("(", "\\", ","))
    )
    if not plain:
        return statement_bindings(parsed, edge.line)
    line = edge.line
    if text.startswith("import "):
        return [Binding(line, line, edge.module, "module", None, edge.module)]
    if not edge.names:  # ``from pkg import mod``: the edge reaches the submodule
        stem = module_stem(edge.target) if edge.target else ""
        return [Binding(line, line, edge.module, "name", stem, stem)] if stem else []
    return [
        Binding(line, line, edge.module, "star", None, None)
        if name == "*"
        else Binding(line, line, edge.module, "name", name, name)
        for name in edge.names
    ]


def all_bindings(parsed: ParsedFile) -> list[Binding]:
    found: list[Binding] | None = parsed.memo.get("bindings")
    if found is None:
        found = parsed.memo["bindings"] = bindings(parsed)
    return found


def _module_matches(binding: Binding, target: str) -> bool:
    """Whether a whole-module binding names ``target`` (``import a.b`` binds ``a/b.py``,
    not the ``a/__init__.py`` it also runs)."""
    if binding.kind == "require":
        return True  # one module per statement
    if binding.kind != "module":
        return False
    module = binding.module.lstrip(".")
    if not module or "/" in module or "'" in module:
        return True  # JS namespace import or require: one module per statement
    last = module.rsplit(".", 1)[-1]
    return module_stem(target) == last


def _uses_in(
    parsed: ParsedFile,
    names: set[str],
    aliases: set[str],
    attributes: set[str],
    statement: tuple[int, int],
    members: dict[str, set[str]] | None = None,
) -> list[tuple[Occurrence, str]]:
    """Bare uses of ``names`` and ``alias.attribute`` uses (the import statement at lines
    ``statement`` binds them), and ``receiver.attribute`` uses of ``members`` (attribute
    -> receivers: a JS namespace passed on by ``export * as ns``); a file whose text
    cannot hold one is not parsed."""
    refs: list[tuple[Occurrence, str]] = []
    for name in sorted(names):
        read = bare_uses(parsed, name, statement)
        if read is not None:
            refs.extend((occ, "import") for occ in read)
            continue
        shadowed = local_scopes(parsed, name) if parsed.language == "python" else []
        for occ in occurrences(parsed, name):
            if occ.receiver is None and not occ.in_import and not occ.defining:
                if not any(start <= occ.byte < end for start, end in shadowed):
                    refs.append((occ, "import"))
    if aliases:
        for attribute in sorted(attributes):
            if not may_use_attribute(parsed, attribute, aliases):
                continue
            for occ in occurrences(parsed, attribute):
                if occ.receiver in aliases and not occ.in_import:
                    refs.append((occ, "module"))
    for attribute, receivers in sorted((members or {}).items()):
        for occ in occurrences(parsed, attribute):
            if occ.receiver in receivers and not occ.in_import:
                refs.append((occ, "module"))
    if parsed.language == "python" and refs:
        seen = {occ.byte for occ, _ in refs}
        aliased = alias_uses(parsed, [occ for occ, _ in refs])
        refs += [(occ, "alias") for occ in aliased if occ.byte not in seen]
    refs.sort(key=lambda r: r[0].byte)
    return refs


def find_users(project: Project, target: str, name: str) -> SymbolUsers:
    """The users of ``name``, defined at the top level of project file ``target``."""
    graph = project.graph
    providers: dict[str, set[str]] = {target: {name}}
    defining = project.file(target)
    if defining is not None:
        # JS/TS: the names it is exported as (``default``, ``exports.x = name`` ...)
        exported = exported_names(defining, name)
        if defining.language in _SCRIPTS and not exported:
            return SymbolUsers({}, {}, set(), providers)  # no other module can name it
        providers[target] |= exported
        if default_exported(defining, name):
            providers[target].add("default")
    users: dict[str, FileUse] = {}
    bound: dict[str, FileUse] = {}
    served: set[str] = set()  # providers someone imported the symbol through
    queue: deque[tuple[str, frozenset[str]]] = deque([(target, frozenset(providers[target]))])
    while queue:
        provider, provided = queue.popleft()
        for edge in graph.edges_to(provider):
            source = edge.source
            if source == target:
                continue
            parsed = project.file(source)
            if parsed is None or (edge.implicit and parsed.language != "python"):
                continue  # Python's ``import a.b`` binds ``a``: the package's names too
            wanted = {n.split(".", 1)[0] for n in provided} | {module_stem(provider)}
            if (
                "default" not in provided
                and b"require" not in parsed.data
                and not any(n.encode() in parsed.data for n in wanted)
            ):
                continue
            via = provider if provider != target else None
            use, passes = _file_use(parsed, edge, provider, provided, via)
            if use is not None:
                served.add(provider)
                if use.refs:
                    previous = users.get(source)
                    users[source] = use if previous is None else _merged(previous, use)
                else:
                    bound.setdefault(source, use)
            if passes:
                known = providers.setdefault(source, set())
                new = passes - known
                if new:
                    known |= new
                    queue.append((source, frozenset(new)))
    explicit = {f for f in providers if f != target and _passes_on_purpose(project, f)}
    reexports = ((served | explicit) - {target}) - set(users)
    unused = {f: u for f, u in bound.items() if f not in users and f not in reexports}
    return SymbolUsers(users, unused, reexports, providers)


def _merged(previous: FileUse, use: FileUse) -> FileUse:
    refs = {(o.byte, how): (o, how) for o, how in previous.refs + use.refs}
    return previous._replace(
        refs=tuple(sorted(refs.values(), key=lambda r: r[0].byte)),
        names=tuple(sorted(set(previous.names) | set(use.names))),
    )


def _passes_on_purpose(project: Project, rel: str) -> bool:
    """A package's ``__init__.py`` or ``index`` file, or a JS/TS file (which passes a name
    on only through ``export``)."""
    stem = rel.rsplit("/", 1)[-1].split(".", 1)[0]
    if stem in ("__init__", "index"):
        return True
    parsed = project.file(rel)
    return parsed is not None and parsed.language in ("javascript", "typescript", "tsx")


def _package_prefix(dotted: str, provider: str) -> str | None:
    """The part of ``import a.b.c``'s dotted path that names the package ``provider``
    (``a/__init__.py`` -> ``a``; ``a/b/__init__.py`` -> ``a.b``), which the statement
    runs and through which the file may read the package's names; None when the path
    does not pass through it."""
    if not provider.endswith("/__init__.py"):
        return None
    parts = dotted.split(".")
    folders = provider.split("/")[:-1]
    for end in range(1, len(parts)):
        if folders[-end:] == parts[:end]:
            return ".".join(parts[:end])
    return None


def _imports_submodule(bindings: list[Binding], provider: str) -> bool:
    """Whether a Python ``from pkg import ...`` statement reaches ``provider`` as a
    submodule it names (``from semver import main, __main__``, ``from . import core``),
    rather than as the module it imports from."""
    stem = module_stem(provider)
    return any(
        b.kind == "name" and b.imported == stem and b.module.rsplit(".", 1)[-1] != stem
        for b in bindings
    )


def _file_use(
    parsed: ParsedFile, edge: Any, provider: str, provided: frozenset[str], via: str | None
) -> tuple[FileUse | None, set[str]]:
    """How ``parsed`` uses what ``provider`` provides under the names ``provided``, through
    the import at ``edge``; and the names under which it passes the symbol on.

    A provided name ``ns.X`` is ``X`` inside a namespace the provider exports as ``ns``
    (``export * as ns from``): its users write ``ns.X``."""
    if parsed.language not in BOUND_LANGUAGES:
        return _by_name(parsed, edge, provided, via), set()
    local: set[str] = set()
    starred: set[str] = set()  # names a star import binds: the file does not write them
    aliases: set[str] = set()
    passes: set[str] = set()
    members: dict[str, set[str]] = {}
    python = parsed.language == "python"
    nested = {n.split(".", 1)[0]: n.split(".", 1)[1] for n in provided if "." in n}
    statement = (edge.line, edge.line)
    bindings = edge_bindings(parsed, edge)
    submodule = python and _imports_submodule(bindings, provider)
    for binding in bindings:
        statement = (min(statement[0], binding.line), max(statement[1], binding.end_line))
        kind = binding.kind
        if submodule and kind == "name" and binding.imported != module_stem(provider):
            continue  # ``from pkg import main, sub``: ``main`` is the package's, not sub's
        if edge.implicit and kind != "module":
            continue  # ``from a.b import c`` runs ``a``, but takes ``c`` from ``a.b``
        if kind == "name" and binding.imported in provided and binding.local:
            local.add(binding.local)
            passes |= _passed_as(parsed, binding.local, python)
        elif kind == "name" and binding.imported in nested and binding.local:
            tail = nested[binding.imported]
            members.setdefault(tail, set()).add(binding.local)
            passes |= {f"{n}.{tail}" for n in _passed_as(parsed, binding.local, python)}
        elif kind == "name" and python and binding.imported == module_stem(provider):
            if binding.local:
                aliases.add(binding.local)  # from pkg import mod
        elif kind == "require" and binding.local:
            # CommonJS: the exports object, the symbol itself when it is the default
            aliases.add(binding.local)
            if "default" in provided:
                local.add(binding.local)
                passes |= _passed_as(parsed, binding.local, python)
            for head, tail in nested.items():
                members.setdefault(tail, set()).add(f"{binding.local}.{head}")
        elif kind == "module" and _module_matches(binding, provider) and binding.local:
            aliases.add(binding.local)
            for head, tail in nested.items():
                members.setdefault(tail, set()).add(f"{binding.local}.{head}")
            if not python:
                # `import * as Pattern from './patterns'; export { Pattern as P }`: the
                # namespace passed on, its users write `P.string`
                for exported in _passed_as(parsed, binding.local, python):
                    passes |= {f"{exported}.{n}" for n in provided if _plain(n)}
        elif python and kind == "module" and binding.local and edge.implicit:
            package = _package_prefix(binding.local, provider)
            if package is not None:
                aliases.add(package)  # ``import click.types``, then ``click.Command``
        elif kind == "star":
            public = {n for n in provided if n != "default" and not n.startswith("_")}
            starred |= {n for n in public if "." not in n}
            for head, tail in nested.items():
                members.setdefault(tail, set()).add(head)
            passes |= public
        elif kind == "reexport" and binding.imported in provided and binding.local:
            passes.add(binding.local)
        elif kind == "reexport" and binding.imported in nested and binding.local:
            passes.add(f"{binding.local}.{nested[binding.imported]}")
        elif kind == "namespace" and binding.local:
            passes |= {f"{binding.local}.{n}" for n in provided if _plain(n)}
        elif kind == "passes" and binding.local:
            # CommonJS ``module.exports = {json: require('./lib/json')}``: the module's
            # exports object, which is its default export where it assigns one (names
            # it passes on nested too, a few levels deep: ``alg.extra.walk``)
            passes |= {
                f"{binding.local}.{n}"
                for n in provided
                if n != "default" and n.count(".") < _DEEPEST_PASSED
            }
            if "default" in provided:
                passes.add(binding.local)
    if python and bindings and _own_submodule(parsed.rel, provider):
        # ``from ._definitions import CSS2`` in ``webcolors/__init__.py`` makes the
        # submodule an attribute of the package: ``import webcolors`` then
        # ``webcolors._definitions._HTML4_NAMES_TO_HEX`` reaches every name of it
        stem = module_stem(provider)
        passes |= {f"{stem}.{n}" for n in provided if _plain(n)}
    if not local and not starred and not aliases and not passes and not members:
        return None, set()
    attributes = {n for n in provided if _plain(n)}
    refs = _uses_in(parsed, local | starred, aliases, attributes, statement, members)
    if not refs and not local:
        # A module object whose other names it uses, or a star import that names nothing
        # of it: not a user nor an unused import of it (a star still passes it on).
        return None, passes
    local |= starred
    names = tuple(sorted(local | aliases | {r for rs in members.values() for r in rs}))
    return FileUse(parsed.rel, edge, via, names, tuple(refs)), passes


def _own_submodule(package: str, provider: str) -> bool:
    """Whether ``provider`` is a module directly inside the package whose
    ``__init__.py`` is ``package`` (importing it sets it as the package's attribute)."""
    if posixpath.basename(package) != "__init__.py" or provider == package:
        return False
    return posixpath.dirname(provider) == posixpath.dirname(package) or (
        posixpath.basename(provider) == "__init__.py"
        and posixpath.dirname(posixpath.dirname(provider)) == posixpath.dirname(package)
    )


#: The most modules a CommonJS name is passed on through (``a.b.c.name``).
_DEEPEST_PASSED = 4


def _plain(name: str) -> bool:
    """A provided name a namespace object holds as a member (not ``default``, not a
    member of a nested namespace)."""
    return name != "default" and "." not in name


def _passed_as(parsed: ParsedFile, local: str, python: bool) -> set[str]:
    """The names under which a file passes on what it imported as ``local``: any
    Python module passes its names on; a JS/TS file only those it exports."""
    if python:
        return {local}
    return set(exported_names(parsed, local))


def _by_name(
    parsed: ParsedFile, edge: Any, provided: frozenset[str], via: str | None
) -> FileUse | None:
    """A language whose bindings are not read: the edge's names, else the bare name."""
    names = set(edge.names)
    wanted = (names & set(provided)) if names and "*" not in names else set(provided)
    wanted.discard("default")
    if not wanted:
        return None
    refs: list[tuple[Occurrence, str]] = []
    for name in sorted(wanted):
        for occ in occurrences(parsed, name):
            if not occ.in_import and not occ.defining and occ.line != edge.line:
                refs.append((occ, "name"))
    return FileUse(parsed.rel, edge, via, tuple(sorted(wanted)), tuple(refs))


_SCRIPTS = frozenset({"javascript", "typescript", "tsx"})
_ATTRIBUTE = re.compile(
    r"(?<![\w$.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\.\s*([A-Za-z_$][\w$]*)"
)


def names_used(
    project: Project, source: str, target: str
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The names of ``target`` that ``source`` imports and references, with the lines of
    those references (at most 20)."""
    parsed = project.file(source)
    if parsed is None:
        return (), ()
    edges = [e for e in project.graph.edges_from(source) if e.target == target]
    if not edges:
        return (), ()
    if parsed.language not in BOUND_LANGUAGES:
        names = sorted({n for e in edges for n in (getattr(e, "names", ()) or ()) if n != "*"})
        lines: set[int] = set()
        kept = []
        import_lines = {e.line for e in edges}
        for name in names:
            hits = [
                o.line
                for o in occurrences(parsed, name)
                if not o.in_import and o.line not in import_lines
            ]
            if hits:
                kept.append(name)
                lines.update(hits)
        return tuple(kept), tuple(sorted(lines)[:20])
    local: dict[str, str] = {}
    aliases: set[str] = set()
    for edge in edges:
        for binding in edge_bindings(parsed, edge):
            if binding.kind == "name" and binding.imported and binding.local:
                if parsed.language == "python" and binding.imported == module_stem(target):
                    aliases.add(binding.local)
                else:
                    local[binding.local] = binding.imported
            elif binding.kind in ("module", "require") and binding.local:
                if _module_matches(binding, target):
                    aliases.add(binding.local)
                if binding.kind == "require":
                    local[binding.local] = "default"
    used: set[str] = set()
    lines = set()
    for name, imported in local.items():
        hits = [
            o.line
            for o in occurrences(parsed, name)
            if o.receiver is None and not o.in_import and not o.defining
        ]
        if hits:
            used.add(imported)
            lines.update(hits)
    if aliases:
        text = parsed.data.decode("utf-8", "replace")
        for match in _ATTRIBUTE.finditer(text):
            receiver = "".join(match.group(1).split())
            if receiver in aliases:
                line = text.count("\n", 0, match.start()) + 1
                if any(b.line <= line <= b.end_line for b in all_bindings(parsed)):
                    continue
                used.add(match.group(2))
                lines.add(line)
    if not used and module_stem(source) != source.rsplit("/", 1)[-1].split(".", 1)[0]:
        used = set(local.values())  # a package file that only re-exports what it imports
    return tuple(sorted(used)), tuple(sorted(lines)[:20])
