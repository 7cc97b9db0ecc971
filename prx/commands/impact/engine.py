"""``prx impact``: the files that depend on a file, or on one symbol of it.

Without a symbol, the importers of the file (hops 1), of those (hops 2) ... up to
``depth``, each with the import that links it and, at hops 1, the names of the file it
references. With a symbol, hops 1 are the files whose imports bind that symbol (re-exports
followed) and whose code references it; deeper hops are their importers. Tests are listed
apart: they are what to run after the change.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.commands.impact.meanings import meaning_at, of_meaning
from prx.core.budget import IMPACT_CEILING, cap_for
from prx.core.envelope import dumps, to_jsonable
from prx.core.errors import InvalidArgumentError
from prx.core.record import replace
from prx.core.results.intel import Dependent, ImpactResult, ImpactStats
from prx.engine.intel.bindings import Occurrence, occurrences
from prx.engine.intel.fit import Stage, fit_stages
from prx.engine.intel.models import CONFIDENCES, RESOLVED, model_for
from prx.engine.intel.models.sites import (
    by_model,
    certainty_of_via,
    held_references,
    in_container,
)
from prx.engine.intel.project import Project, is_test_file, require_path
from prx.engine.intel.uses import FileUse, SymbolUsers, find_users, names_used

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile
    from prx.plugin.context import Context

__all__ = ["MAX_DEPTH", "file_impact"]

#: The deepest ``depth`` accepted.
MAX_DEPTH = 10


def _edge_text(project: Project, edge: Any) -> str:
    text = str(getattr(edge, "text", "") or "")
    if text:
        return text
    parsed = project.file(edge.source)
    return parsed.line_text(edge.line) if parsed else ""


def file_impact(
    ws: Context,
    path: str,
    *,
    symbol: str | None = None,
    depth: int = 2,
    budget: int | None = None,
) -> ImpactResult:
    """``prx impact FILE`` (see :func:`prx.impact`)."""
    cap = cap_for(budget, IMPACT_CEILING)
    if not 1 <= depth <= MAX_DEPTH:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: must be 1 to {MAX_DEPTH}, got {depth}", param="depth"
        )
    resolved = require_path(ws, path)
    if os.path.isdir(resolved):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {path} is a directory; impact takes a file",
            param="path",
            suggestion="Use {cmd:context} for a directory.",
        )
    project = Project(ws, resolved)
    target = project.rel(resolved)
    notes: list[str] = []
    module = _module_of_stub(project, target, symbol)
    if module is not None:
        # Code imports the module, never its stub: the stub's dependents are the module's.
        notes.append(f"{path} is the stub of {project.shown(module)}: its dependents are shown")
        target = module
    # hops 1: (file, hops, edge, use or None)
    first: list[tuple[str, Any, FileUse | None]] = []
    reexports: tuple[str, ...] = ()
    unused: tuple[str, ...] = ()
    if symbol is not None:
        users = _symbol_users(project, target, symbol, path, notes)
        twin = _stub_using(project, target, symbol) if module is None else None
        if twin is not None:
            users = users._replace(users={**users.users, twin.file: twin})
        first = [(f, use.edge, use) for f, use in sorted(users.users.items())]
        reexports = tuple(project.shown(f) for f in sorted(users.reexports))
        unused = tuple(project.shown(f) for f in sorted(users.unused))
    else:
        seen_first: set[str] = set()
        for edge in sorted(project.graph.edges_to(target), key=lambda e: (e.source, e.line)):
            if edge.source != target and edge.source not in seen_first:
                seen_first.add(edge.source)
                first.append((edge.source, edge, None))
        by_name = _named_users(project, target, path, notes)
        first += [(f, use.edge, use) for f, use in sorted(by_name.items()) if f not in seen_first]
        first.sort(key=lambda item: item[0])

    levels: list[list[tuple[str, Any, str | None]]] = [[(f, e, None) for f, e, _ in first]]
    reached = {target} | {f for f, _, _ in first}
    for _ in range(depth - 1):
        following: list[tuple[str, Any, str | None]] = []
        for file, _edge, _via in levels[-1]:
            for edge in sorted(project.graph.edges_to(file), key=lambda e: (e.source, e.line)):
                # A parent package that an import only runs (``import a.b`` runs a/__init__)
                # links its own importers to everything it imports: not followed further.
                if edge.implicit:
                    continue
                if edge.source not in reached:
                    reached.add(edge.source)
                    following.append((edge.source, edge, file))
        if not following:
            break
        levels.append(sorted(following, key=lambda item: item[0]))
    if len(levels) == depth and levels[0]:
        beyond = _beyond(project, levels[-1], reached)
        if beyond:
            tests = sum(is_test_file(f) for f in beyond)
            notes.append(
                f"{len(beyond)} more file(s) ({tests} of them tests) import the files at "
                f"hops {depth}: --depth {depth + 1} lists them"
            )

    uses = {f: use for f, _, use in first}
    limit_chars = None if cap.tokens is None else cap.tokens * 4 * 2
    direct: list[Dependent] = []
    direct_tests: list[Dependent] = []
    spent = {False: 0, True: 0}
    for file, edge, _ in levels[0]:
        use = uses.get(file)
        is_test = is_test_file(file) or _only_tests(project, file, use)
        named = limit_chars is None or spent[is_test] <= limit_chars
        entry = _direct(project, file, edge, target, use, named)
        spent[is_test] += len(dumps(to_jsonable(entry)))
        (direct_tests if is_test else direct).append(entry)
    deeper: list[Dependent] = []
    deeper_tests: list[Dependent] = []
    for hops, level in enumerate(levels[1:], start=2):
        for file, edge, via in level:
            entry = Dependent(
                file=project.shown(file),
                hops=hops,
                line=edge.line,
                text=_edge_text(project, edge),
                via=project.shown(via) if via else None,
                confidence=edge.confidence,
            )
            (deeper_tests if is_test_file(file) else deeper).append(entry)
    tests_all = direct_tests + deeper_tests
    dependents_all = direct + deeper
    stats = ImpactStats(
        direct=len(direct) + len(direct_tests),
        transitive=len(deeper) + len(deeper_tests),
        tests=len(tests_all),
        total=len(dependents_all) + len(tests_all),
        max_hops=len(levels) if levels[0] else 0,
    )
    whole = ImpactResult(
        target=path,
        root=ws.root_dir,
        symbol=symbol,
        depth=depth,
        dependents=tuple(dependents_all),
        tests=tuple(tests_all),
        reexports=reexports,
        unused_imports=unused,
        stats=stats,
        graph=project.graph_origin,
        notes=tuple(project.notes + notes),
    )
    again = (
        f"prx impact {path}"
        + (f" --symbol {symbol}" if symbol else "")
        + f" --depth {depth} --budget 0"
    )
    return fit_stages(whole, _stages(again, len(direct), len(direct_tests)), cap)


def _beyond(
    project: Project, level: list[tuple[str, Any, str | None]], reached: set[str]
) -> set[str]:
    """The files that import a file of the deepest level listed and were not reached:
    what a larger ``--depth`` would add next (an answer says it left them out)."""
    found: set[str] = set()
    for file, _edge, _via in level:
        for edge in project.graph.edges_to(file):
            if not edge.implicit and edge.source not in reached:
                found.add(edge.source)
    return found


def _direct(
    project: Project, file: str, edge: Any, target: str, use: FileUse | None, named: bool
) -> Dependent:
    names: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()
    via = None
    certainty = CONFIDENCES[0]
    if use is not None:
        names = use.names
        lines = tuple(sorted({occ.line for occ, _ in use.refs}))[:20]
        via = project.shown(use.via) if use.via else None
        certainty = min(
            (_certainty(how, occ) for occ, how in use.refs),
            key=CONFIDENCES.index,
            default=certainty,
        )
    elif named:
        names, lines = names_used(project, file, target)
    return Dependent(
        file=project.shown(file),
        hops=1,
        line=edge.line,
        text=_edge_text(project, edge),
        names=names,
        lines=lines,
        via=via,
        confidence=edge.confidence,
        certainty=certainty,
    )


def _only_tests(project: Project, file: str, use: FileUse | None) -> bool:
    """Every reference of ``use`` is test code its language's model knows (a Rust
    ``mod tests`` in a source file)."""
    parsed = project.file(file)
    if use is None or not use.refs or parsed is None:
        return False
    model = model_for(parsed.language)
    return all(model.in_test(project, file, occ.byte) for occ, _ in use.refs)


def _certainty(how: str, occ: Any) -> str:
    """A reference's certainty: a model's own, or from how the imports found it."""
    return how if how in CONFIDENCES else certainty_of_via(how, occ.receiver)


def _spans(target: Any, line: int) -> bool:
    """Whether ``line`` falls inside ``target``'s definition (its annotations, modifiers
    and body: the line an outline gives)."""
    node = getattr(target.defn, "node", None)
    if node is None:
        return False
    return int(node.start_point[0]) + 1 <= line <= int(node.end_point[0]) + 1


def _at_line(symbol: str) -> tuple[str, int | None]:
    """``NAME:LINE`` as the name and the line of the one definition meant; a bare name
    with no line."""
    name, separator, line = symbol.rpartition(":")
    if separator and name and line.isdigit():
        return name, int(line)
    return symbol, None


def _module_of_stub(project: Project, target: str, symbol: str | None) -> str | None:
    """The module a Python stub (``more.pyi``) declares, when it is in the project and
    defines ``symbol`` too (a name only the stub has, a ``TypeVar``, stays the stub's)."""
    if not target.endswith(".pyi"):
        return None
    parsed = project.file(target[:-1])
    if parsed is None:
        return None
    if symbol is not None:
        name = _at_line(symbol)[0].rsplit(".", 1)[-1]
        stack = list(parsed.definitions())
        while stack and stack[-1].name != name:
            stack.extend(stack.pop().children)
        if not stack and not _assigned_at_top(parsed, name):
            return None  # the module does not bind it (a TypeVar of the stub's)
    return target[:-1]


def _stub_using(project: Project, target: str, symbol: str) -> FileUse | None:
    """The stub of a Python module (``more.pyi`` beside ``more.py``) when it uses the
    top-level ``symbol`` besides declaring it (in other declarations' types): changed
    with the module, those uses change too."""
    if not target.endswith(".py") or "." in _at_line(symbol)[0]:
        return None
    stub = project.file(target + "i")
    if stub is None:
        return None
    uses = [o for o in occurrences(stub, _at_line(symbol)[0]) if not o.defining]
    if not uses:
        return None
    edge = _Edge(uses[0].line, stub.line_text(uses[0].line))
    return FileUse(stub.rel, edge, None, (symbol,), tuple((o, RESOLVED) for o in uses))


def _assigned_at_top(parsed: ParsedFile, name: str) -> bool:
    """Whether a Python module binds ``name`` by a top-level assignment (``padnone =
    pad_none``: an alias the outline does not list, imported like a function)."""
    if parsed.language != "python":
        return False
    pattern = rb"(?m)^" + re.escape(name).encode() + rb"[ \t]*(?::[^=\n]*)?=(?!=)"
    return re.search(pattern, parsed.data) is not None


def _prototype_member(project: Project, parsed: ParsedFile, asked: str) -> bool:
    """Whether ``asked`` (``name``, ``Owner.name``, either with ``:LINE``) names a
    method a JavaScript file assigns to a constructor function's prototype: a member its
    model reads, though the outline lists it at the top level."""
    model = model_for(parsed.language)
    if not model.RESOLVES:
        return False
    owner, _, name = _at_line(asked)[0].rpartition(".")
    tops = {id(d) for d in parsed.definitions()}
    return any(
        t.name == name
        and t.container is not None
        and (not owner or t.container == owner)
        and id(t.defn) in tops
        for t in model.definitions(project, parsed)
    )


def _with_held(
    project: Project, parsed: ParsedFile | None, name: str, found: SymbolUsers
) -> SymbolUsers:
    """``found`` with the files that call the top-level function ``name`` through a field
    its module keeps it in (``this.validateLink = validateLink``: ``state.md.validateLink
    (url)``)."""
    defn = next((d for d in parsed.definitions() if d.name == name), None) if parsed else None
    held = held_references(project, parsed.rel, defn) if parsed and defn is not None else []
    if not held:
        return found
    users = dict(found.users)
    for file in sorted({r.file for r in held}):
        refs = tuple((r.occurrence, r.certainty) for r in held if r.file == file)
        known = users.get(file) or found.unused.get(file)
        if known is not None:
            users[file] = known._replace(refs=(*known.refs, *refs))
            continue
        user = project.file(file)
        first = refs[0][0].line
        edge = _Edge(first, user.line_text(first) if user is not None else "")
        users[file] = FileUse(file, edge, None, (name,), refs)
    unused = {f: u for f, u in found.unused.items() if f not in users}
    return found._replace(users=users, unused=unused)


def _symbol_users(project: Project, target: str, symbol: str, path: str, notes: list[str]) -> Any:
    parsed = project.file(target)
    if parsed is not None and (
        by_model(parsed.language) or _prototype_member(project, parsed, symbol)
    ):
        return _model_users(project, parsed, symbol, path)
    symbol, line = _at_line(symbol)
    defs = parsed.definitions() if parsed is not None else []
    owner, _, symbol = symbol.rpartition(".")
    if not owner and (
        any(d.name == symbol for d in defs)
        or (parsed is not None and _assigned_at_top(parsed, symbol))
    ):
        keeps = meaning_at(project, parsed, symbol, line, path, notes)
        found = _with_held(project, parsed, symbol, find_users(project, target, symbol))
        return found if keeps is None else of_meaning(found, keeps)
    container = next(
        (d for d in defs if _defines(d, symbol) and (not owner or d.name == owner.split(".")[-1])),
        None,
    )
    if container is None or parsed is None:
        names = sorted({d.name for d in defs})
        listed = ", ".join(names[:12]) + (" ..." if len(names) > 12 else "")
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {symbol!r} is not defined in {path}",
            param="symbol",
            suggestion=f"Defined there: {listed}." if names else "That file defines no symbols.",
        )
    if parsed.language == "python":
        return _python_member_users(project, parsed, container, symbol)
    if model_for(parsed.language).RESOLVES:  # JS/TS: members tied by receiver type
        asked = (f"{owner}.{symbol}" if owner else symbol) + (f":{line}" if line else "")
        return _model_users(project, parsed, asked, path)
    if line is not None:
        notes.append(
            f"line {line} is not used for {parsed.language}: every definition of the name "
            "is followed"
        )
    notes.append(
        f"{symbol} is defined inside {container.name}: dependents are the files that use "
        f"{container.name} and access .{symbol} (the receiver's type is not checked)"
    )
    found = find_users(project, target, container.name)
    kept: dict[str, FileUse] = {}
    for file, use in found.users.items():
        user = project.file(file)
        refs = _attribute_refs(user, symbol) if user is not None else ()
        if refs:
            kept[file] = use._replace(names=(symbol,), refs=refs)
    return found._replace(users=kept)


def _python_member_users(
    project: Project, parsed: ParsedFile, container: Any, name: str
) -> SymbolUsers:
    """The files that use the member ``container.name`` through an instance (see
    :mod:`prx.engine.intel.pymembers`): each with its uses and how sure they are."""
    from prx.engine.intel.pymembers import (
        arity_of,
        classes_defining,
        in_local_class,
        member_files,
        member_uses,
    )

    member = next((c for c in container.children if c.name == name), None)
    method = member is not None and member.node.type == "function_definition"
    arity = arity_of(member.node, method=True) if member is not None and method else None
    files = [parsed.rel, *member_files(project, parsed.rel, name)]
    if member is not None and in_local_class(member.node):
        files = [parsed.rel]
    others = classes_defining(project, files, name) - {container.name}
    uses = member_uses(project, files, container.name, name, arity, others, home=parsed.rel)
    by_file: dict[str, list[Any]] = {}
    for use in uses:
        if use.file != parsed.rel:
            by_file.setdefault(use.file, []).append(use)
    users = {}
    for file, found in sorted(by_file.items()):
        user = project.file(file)
        first = found[0].occurrence
        text = user.line_text(first.line) if user is not None else ""
        refs = tuple((u.occurrence, u.certainty) for u in found)
        users[file] = FileUse(file, _Edge(first.line, text), None, (name,), refs)
    return SymbolUsers(users=users, unused={}, reexports=set(), providers={})


def _named_users(project: Project, target: str, path: str, notes: list[str]) -> dict[str, FileUse]:
    """For a language read by name (Swift's files see their module's definitions, a C
    function is called through a header, C# shares a namespace: no import names the
    file), the files that name one of its top-level definitions, each use ``by_name``."""
    from prx.engine.intel.models.generic import reads_by_name

    parsed = project.file(target)
    if parsed is None or not reads_by_name(parsed.language):
        return {}  # a language's own model: its imports are in the graph
    names = sorted({d.name for d in _shared_definitions(parsed, parsed.definitions())})
    found: dict[str, FileUse] = {}
    for name in names:
        for file, use in _model_users(project, parsed, name, path).users.items():
            known = found.get(file)
            if known is None:
                found[file] = use
            else:
                found[file] = known._replace(
                    names=(*known.names, *use.names), refs=(*known.refs, *use.refs)
                )
    if names:
        notes.append(
            f"{parsed.language} is read by name: dependents are the files that name one of "
            f"{path}'s top-level definitions ({_listed(names)}), besides its importers; "
            "check each (by_name)"
        )
    return found


#: Node kinds that hold a file's definitions without being one that others use by its
#: name: many files declare the same C# or C++ ``namespace``, reopen a Ruby ``module``.
_HOLDERS = re.compile(r"namespace|^module$|^package")
#: C-family sources whose macros and ``static`` functions no other file sees.
_C_FAMILY = frozenset({"c", "cpp", "objc", "cuda", "arduino"})
_HEADERS = (".h", ".hh", ".hpp", ".hxx", ".inc", ".inl", ".cuh")


def _shared_definitions(parsed: ParsedFile, defs: list[Any], held: bool = False) -> list[Any]:
    """The definitions of a file that other files can name: its top-level ones (those
    inside a namespace too, but not a module's methods: ``Sinatra.new`` is no ``new``
    elsewhere), not a C source's macros and ``static`` functions."""
    out = []
    for defn in defs:
        if _HOLDERS.search(defn.node.type):
            out.extend(_shared_definitions(parsed, defn.children, held=True))
        elif not _file_local(parsed, defn) and not (held and defn.kind == "method"):
            out.append(defn)
    return out


def _file_local(parsed: ParsedFile, defn: Any) -> bool:
    if parsed.language not in _C_FAMILY or parsed.rel.lower().endswith(_HEADERS):
        return False
    if defn.node.type.startswith("preproc_"):
        return True  # a macro of a source file
    return any(
        child.type == "storage_class_specifier" and child.text == b"static"
        for child in defn.node.children
    )


def _listed(names: list[str]) -> str:
    return ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")


class _Edge(NamedTuple):
    """Where a file that has no import edge to the target first names the symbol."""

    line: int
    text: str
    confidence: float = 1.0


def _model_users(project: Project, parsed: ParsedFile, symbol: str, path: str) -> SymbolUsers:
    """The users of ``symbol`` (``name`` or ``Container.name``) defined in ``parsed``, as
    the language's model finds them: a file with a reference uses it; a file whose only
    sites are imports naming it leaves that import unused."""
    symbol, line = _at_line(symbol)
    container, _, name = symbol.replace("::", ".").rpartition(".")
    model = model_for(parsed.language)
    defined = model.definitions(project, parsed)
    targets = [t for t in defined if t.name == name and in_container(t, container)]
    if not targets and container:
        # a name written with dots (Elixir's `defmodule Plug.Conn.Query`)
        name, container = symbol, ""
        targets = [t for t in defined if t.name == name]
    if line is not None and targets:
        # NAME:LINE: the one definition on that line (an overload, a field beside a
        # method of its name), not every definition the name has.
        lines = sorted({t.line for t in targets})
        targets = [t for t in targets if t.line == line] or [t for t in targets if _spans(t, line)]
        if not targets:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: no definition of {symbol!r} on line {line} of {path}",
                param="symbol",
                suggestion=f"Its definitions are on lines {', '.join(map(str, lines))}.",
            )
    if not targets:
        names = sorted({t.qualified for t in model.definitions(project, parsed)})
        listed = ", ".join(names[:12]) + (" ..." if len(names) > 12 else "")
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {symbol!r} is not defined in {path}",
            param="symbol",
            suggestion=f"Defined there: {listed}." if names else "That file defines no symbols.",
        )
    by_file: dict[str, list[Any]] = {}
    for target in targets:
        for site in model.uses(project, target, model.candidate_files(project, target)):
            if site.file != parsed.rel and site.role != "definition":
                by_file.setdefault(site.file, []).append(site)
    users: dict[str, FileUse] = {}
    unused: dict[str, FileUse] = {}
    for file, sites in sorted(by_file.items()):
        user = project.file(file)
        first = min(sites, key=lambda s: s.start)
        text = user.line_text(first.line) if user is not None else ""
        refs = tuple(
            (
                Occurrence(
                    line=s.line, byte=s.start, receiver=None, in_import=False, defining=False
                ),
                s.how,
            )
            for s in sorted(sites, key=lambda s: s.start)
            if s.role == "reference"
        )
        use = FileUse(file, _Edge(first.line, text), None, (name,), refs)
        (users if refs else unused)[file] = use
    return SymbolUsers(users=users, unused=unused, reexports=set(), providers={})


def _defines(defn: Any, name: str) -> bool:
    return any(c.name == name or _defines(c, name) for c in defn.children)


def _attribute_refs(parsed: ParsedFile, name: str) -> tuple[Any, ...]:
    from prx.engine.intel.bindings import occurrences

    return tuple(
        (occ, "attribute")
        for occ in occurrences(parsed, name)
        if occ.receiver is not None and not occ.in_import
    )


def _stages(again: str, direct: int, direct_tests: int) -> list[Stage]:
    def hops_kept(r: ImpactResult, attribute: str, first: int, k: int) -> ImpactResult:
        items = getattr(r, attribute)
        return replace(r, **{attribute: items[: first + k]})

    return [
        Stage(
            "dependents (transitive)",
            again,
            lambda r: max(0, len(r.dependents) - direct),
            lambda r, k: hops_kept(r, "dependents", direct, k),
        ),
        Stage(
            "tests (transitive)",
            again,
            lambda r: max(0, len(r.tests) - direct_tests),
            lambda r, k: hops_kept(r, "tests", direct_tests, k),
        ),
        Stage(
            "unused_imports",
            again,
            lambda r: len(r.unused_imports),
            lambda r, k: replace(r, unused_imports=r.unused_imports[:k]),
        ),
        Stage(
            "reexports",
            again,
            lambda r: len(r.reexports),
            lambda r, k: replace(r, reexports=r.reexports[:k]),
        ),
        Stage(
            "dependents",
            again,
            lambda r: len(r.dependents),
            lambda r, k: replace(r, dependents=r.dependents[:k]),
        ),
        Stage(
            "tests",
            again,
            lambda r: len(r.tests),
            lambda r, k: replace(r, tests=r.tests[:k]),
        ),
    ]
