"""``prx context``: what a module is, in one budgeted answer.

Stats, the module's own documentation, its entrypoints (scripts, ``main``s, then the
exported API ranked by how often the rest of the repository references it through its
imports), each file's outline, and the import edges that cross the module's boundary.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from prx.core.budget import CONTEXT_CEILING, Cap, cap_for
from prx.core.envelope import dumps, to_jsonable
from prx.core.record import replace
from prx.core.results.intel import (
    ContextResult,
    ContextStats,
    Cut,
    DocBlock,
    Entrypoint,
    FileSkeleton,
    ImportLink,
)
from prx.engine.intel.bindings import BOUND_LANGUAGES, import_spans, inside
from prx.engine.intel.docs import directory_docs, file_doc
from prx.engine.intel.entrypoints import main_entrypoints, script_entrypoints
from prx.engine.intel.fit import Stage, fit_stages
from prx.engine.intel.project import Project, is_test_file, module_stem, require_path, signature_of
from prx.engine.intel.uses import edge_bindings
from prx.engine.lang.outline import flatten, symbols_of

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile
    from prx.plugin.context import Context

__all__ = ["module_context"]

#: Files outlined at most (a directory as large as a whole repository is summarised).
MAX_OUTLINED = 400
#: Exported symbols listed at most (before the budget).
MAX_EXPORTS = 30
_PUBLIC_KINDS = frozenset({"function", "class", "struct", "enum", "trait", "type", "const"})
#: Languages of data and documents: their outlines (tables, headings) are no API.
_DATA = frozenset({"json", "markdown", "toml", "yaml", "xml", "csv", "ini"})


def module_context(
    ws: Context, path: str, *, include_tests: bool = False, budget: int | None = None
) -> ContextResult:
    """``prx context PATH`` (see :func:`prx.context`)."""
    cap = cap_for(budget, CONTEXT_CEILING)
    resolved = require_path(ws, path)
    project = Project(ws, resolved)
    base = project.rel(resolved)
    is_dir = os.path.isdir(resolved)
    files = _module_files(project, resolved, base, is_dir, include_tests)
    members = set(files)

    lines_total = 0
    languages: Counter[str] = Counter()
    skeletons: list[FileSkeleton] = []
    symbol_count = 0
    for rel in files:
        parsed = project.file(rel)
        if parsed is None:
            continue
        lines_total += len(parsed.lines) - (1 if parsed.data.endswith(b"\n") else 0)
        if parsed.language:
            languages[parsed.language] += 1
        symbols = symbols_of(_outline(parsed), parsed.data) if len(skeletons) < MAX_OUTLINED else ()
        symbol_count += len(flatten(symbols))
        skeletons.append(
            FileSkeleton(
                path=project.shown(rel),
                lines=len(parsed.lines),
                language=parsed.language,
                symbols=symbols,
            )
        )

    docs: list[DocBlock] = []
    if is_dir:
        docs = directory_docs(project, base)
    else:
        parsed = project.file(base)
        doc = file_doc(parsed, project.shown(base)) if parsed is not None else None
        if doc is not None:
            docs.append(doc)

    graph = project.graph
    imports_in: list[ImportLink] = []
    imports_out: list[ImportLink] = []
    external: set[str] = set()
    for rel in files:
        for edge in graph.edges_to(rel):
            if edge.source not in members and not edge.implicit:
                imports_in.append(_link(project, edge))
        for edge in graph.edges_from(rel):
            if edge.target is None:
                external.add(edge.module)
            elif edge.target not in members:
                imports_out.append(_link(project, edge))
    imports_in.sort(key=lambda link: (link.source, link.line, link.target or ""))
    imports_out.sort(key=lambda link: (link.target or "", link.source, link.line))

    importers = Counter(link.target for link in imports_in)
    order = sorted(
        range(len(skeletons)),
        key=lambda i: (
            -importers[skeletons[i].path],
            skeletons[i].path.count("/"),
            skeletons[i].path,
        ),
    )
    skeletons = [skeletons[i] for i in order]

    entrypoints = script_entrypoints(
        project, base if is_dir else os.path.dirname(base), members, is_dir
    )
    entrypoints += main_entrypoints(project, files)
    listed = {(e.file, e.line) for e in entrypoints}
    entrypoints += [e for e in _exports(project, files, members) if (e.file, e.line) not in listed]

    whole = ContextResult(
        target=path,
        kind="directory" if is_dir else "file",
        root=ws.root_dir,
        stats=ContextStats(
            files=len(files),
            lines=lines_total,
            symbols=symbol_count,
            languages=dict(sorted(languages.items())),
        ),
        docs=tuple(docs),
        entrypoints=tuple(entrypoints),
        files=tuple(skeletons),
        imports_in=tuple(imports_in),
        imports_out=tuple(imports_out),
        external=tuple(sorted(external)),
        graph=project.graph_origin,
        notes=tuple(project.notes + _notes(len(files)) + _by_name_note(languages)),
    )
    whole, precut = _precut_symbols(whole, cap)
    return fit_stages(whole, _stages(path, whole), cap, precut)


def _precut_symbols(result: ContextResult, cap: Cap) -> tuple[ContextResult, tuple[Cut, ...]]:
    """Outlines that cannot fit whatever else is cut, left out before fitting (fitting
    serialises the answer several times: a large package's outlines would dominate)."""
    if cap.tokens is None:
        return result, ()
    room = cap.tokens * 4 * 2  # characters, with a margin over the estimate
    used = 0
    kept: list[FileSkeleton] = []
    cut = 0
    for skeleton in result.files:
        if skeleton.symbols and used > room:
            skeleton = replace(skeleton, symbols=(), symbols_cut=True)
            cut += 1
        used += len(dumps(to_jsonable(skeleton)))
        kept.append(skeleton)
    if not cut:
        return result, ()
    retrieve = f"prx outline {result.target}"
    return replace(result, files=tuple(kept)), (
        Cut(part="symbols", count=cut, reason=cap.reason, retrieve=retrieve),
    )


def _by_name_note(languages: Counter[str]) -> list[str]:
    """Where the files' languages link files by no import (a Swift module, C sources
    through headers, a C# namespace), ``imports_in`` cannot say who uses them."""
    from prx.engine.intel.models.generic import reads_by_name

    read_by_name = sorted(name for name in languages if reads_by_name(name))
    if not read_by_name:
        return []
    return [
        f"{', '.join(read_by_name)}: files use one another's definitions without an import "
        f"prx resolves, so imports_in/imports_out miss them; `prx impact FILE` lists the "
        f"files that name a file's definitions (by name)"
    ]


def _notes(files: int) -> list[str]:
    if files > MAX_OUTLINED:
        return [
            f"{files} files: only the first {MAX_OUTLINED} were outlined; "
            "ask for the context of a subdirectory for the rest"
        ]
    return []


def _module_files(
    project: Project, resolved: str, base: str, is_dir: bool, include_tests: bool
) -> list[str]:
    if not is_dir:
        return [base]
    from prx.engine.files.walk import walk

    walked = walk(resolved, max_file_size=project.ws.config.max_file_size)
    prefix = f"{base}/" if base else ""
    files = [prefix + found.rel for found in walked.files]
    if not include_tests and not is_test_file(f"{base}/x"):  # a test directory keeps its tests
        files = [f for f in files if not is_test_file(f)]
    return files


def _link(project: Project, edge: Any) -> ImportLink:
    target = edge.target
    return ImportLink(
        source=project.shown(edge.source),
        target=project.shown(target) if target else None,
        line=int(edge.line),
        module=str(edge.module),
        names=edge.names,
        confidence=edge.confidence,
    )


def _exports(project: Project, files: list[str], members: set[str]) -> list[Entrypoint]:
    """Public top-level symbols of ``files``, ranked by their references from outside."""
    defined: dict[str, list[tuple[str, Any]]] = {}
    for rel in files:
        parsed = project.file(rel)
        if parsed is None or parsed.language in _DATA:
            continue
        for defn in _public(parsed):
            defined.setdefault(defn.name, []).append((rel, defn))
    counts: Counter[tuple[str, str]] = Counter()
    users: dict[tuple[str, str], set[str]] = {}
    graph = project.graph
    incoming: dict[str, list[tuple[Any, str]]] = {}
    for rel in files:
        for edge in graph.edges_to(rel):
            if edge.source not in members and not edge.implicit:
                incoming.setdefault(edge.source, []).append((edge, rel))
    for source, edges in sorted(incoming.items()):
        found = _references_through(project, source, edges, defined)
        for (target, name), refs in found.items():
            key = (_owner(project, target, defined[name]), name)
            counts[key] += refs
            users.setdefault(key, set()).add(source)
    # once per file and name: a Swift type and its extensions, overloads, are one export
    every = list(
        dict.fromkeys((rel, name) for name, places in defined.items() for rel, _ in places)
    )
    ranked = sorted(every, key=lambda k: (-counts[k], -len(users.get(k, ())), k[0], k[1]))
    out: list[Entrypoint] = []
    for rel, name in ranked[:MAX_EXPORTS]:
        defn = next(d for r, d in defined[name] if r == rel)
        parsed = project.file(rel)
        out.append(
            Entrypoint(
                name=name,
                kind="export",
                file=project.shown(rel),
                line=int(defn.node.start_point[0]) + 1,
                signature=signature_of(parsed, defn) if parsed else "",
                references=counts[(rel, name)],
                files=len(users.get((rel, name), ())),
            )
        )
    return out


def _outline(parsed: ParsedFile) -> list[Any]:
    """The definitions a file's skeleton shows (a Rust type once, its impls under it)."""
    if parsed.language == "rust":
        from prx.engine.intel.models.rust_outline import folded

        return folded(parsed)
    return parsed.definitions()


def _public(parsed: ParsedFile) -> list[Any]:
    """A code file's public top-level definitions (Rust: its ``pub`` items)."""
    if parsed.language == "rust":
        from prx.engine.intel.models.rust_outline import public_items

        return public_items(parsed)
    return [
        d
        for d in parsed.definitions()
        if d.kind in _PUBLIC_KINDS and not d.name.startswith("_") and not _extension(d)
    ]


def _extension(defn: Any) -> bool:
    """A Swift ``extension T { ... }``: members added to a type defined elsewhere (or
    another module's, ``extension Error``), not a definition of its own."""
    children = defn.node.children
    return bool(children) and children[0].type == "extension"


def _owner(project: Project, target: str, places: list[tuple[str, Any]]) -> str:
    """Which definition of a name an import of ``target`` reaches: the one in ``target``
    itself, else one that ``target`` imports (a package re-exporting it), else the first."""
    files = [rel for rel, _ in places]
    if target in files or len(files) == 1:
        return target if target in files else files[0]
    reached = {edge.target for edge in project.graph.edges_from(target)}
    return next((rel for rel in files if rel in reached), files[0])


def _references_through(
    project: Project,
    source: str,
    edges: list[tuple[Any, str]],
    defined: dict[str, list[tuple[str, Any]]],
) -> dict[tuple[str, str], int]:
    """References in ``source`` to the module's names its imports (``edges``, each with
    the module file it reaches) bind, by (that file, name): the bound local names, or
    ``alias.name`` for a module import, in its code outside import statements. Uses are
    counted on the text, in one pass (a ranking does not need the full parse
    ``impact --symbol`` makes)."""
    parsed = project.file(source)
    if parsed is None:
        return {}
    local: dict[str, tuple[str, str]] = {}
    aliases: dict[str, str] = {}
    for edge, target in edges:
        if parsed.language not in BOUND_LANGUAGES:
            local.update({n: (target, n) for n in edge.names if n in defined})
            continue
        for binding in edge_bindings(parsed, edge):
            if binding.kind == "name" and binding.local and binding.imported in defined:
                local[binding.local] = (target, binding.imported)
            elif binding.local and (
                binding.kind in ("module", "require")
                or (parsed.language == "python" and binding.imported == module_stem(target))
            ):
                aliases[binding.local] = target
    if not local and not aliases:
        return {}
    text = parsed.data.decode("utf-8", "replace")
    spans = import_spans(parsed)
    found: dict[tuple[str, str], int] = {}
    for name, key in local.items():
        hits = sum(1 for at in _words(text, name) if not inside(spans, at))
        if hits:
            found[key] = found.get(key, 0) + hits
    for alias, target in aliases.items():
        for at, attribute in _attribute_uses(text, alias):
            if attribute in defined and not inside(spans, at):
                key = (target, attribute)
                found[key] = found.get(key, 0) + 1
    return found


def _attribute_uses(text: str, alias: str) -> list[tuple[int, str]]:
    """(offset, name) of each ``alias.name`` where ``alias`` is a whole identifier, not an
    attribute of something else (the regular expression finds ``alias.`` in C; only those
    reach Python)."""
    pattern = re.compile(re.escape(alias) + r"(?![\w$])(?=\s*\.\s*([A-Za-z_$][\w$]*))")
    found: list[tuple[int, str]] = []
    for match in pattern.finditer(text):
        at = match.start()
        before = text[at - 1] if at else " "
        if not _is_word_char(before) and before != ".":
            found.append((at, match.group(1)))
    return found


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char in "_$"


def _words(text: str, word: str) -> list[int]:
    """Offsets of ``word`` as a whole identifier, not an attribute of something else
    (the regular expression scans in C; only the ends of words reach Python)."""
    found: list[int] = []
    for match in re.finditer(re.escape(word) + r"(?![\w$])", text):
        at = match.start()
        before = text[at - 1] if at else " "
        if not _is_word_char(before) and before != ".":
            found.append(at)
    return found


def _stages(path: str, whole: ContextResult) -> list[Stage]:
    doc_sources = " and ".join(f"prx read {d.source}" for d in whole.docs) or "prx read README"
    return [
        Stage(
            "imports_out",
            f"prx context {path} --budget 0",
            lambda r: len(r.imports_out),
            lambda r, k: replace(r, imports_out=r.imports_out[:k]),
        ),
        Stage(
            "external",
            f"prx context {path} --budget 0",
            lambda r: len(r.external),
            lambda r, k: replace(r, external=r.external[:k]),
        ),
        Stage(
            "imports_in",
            f"prx context {path} --budget 0",
            lambda r: len(r.imports_in),
            lambda r, k: replace(r, imports_in=r.imports_in[:k]),
        ),
        Stage(
            "symbols",
            f"prx outline {path}",
            lambda r: sum(1 for f in r.files if f.symbols),
            _keep_symbols,
        ),
        Stage(
            "files",
            f"prx find {path}",
            lambda r: len(r.files),
            lambda r, k: replace(r, files=r.files[:k]),
        ),
        Stage(
            "entrypoints",
            f"prx context {path} --budget 0",
            lambda r: len(r.entrypoints),
            lambda r, k: replace(r, entrypoints=r.entrypoints[:k]),
        ),
        Stage(
            "docs",
            doc_sources,
            lambda r: sum(len(d.text) for d in r.docs),
            _keep_doc_chars,
        ),
    ]


def _keep_symbols(result: ContextResult, k: int) -> ContextResult:
    kept: list[FileSkeleton] = []
    seen = 0
    for skeleton in result.files:
        if skeleton.symbols:
            seen += 1
            if seen > k:
                skeleton = replace(skeleton, symbols=(), symbols_cut=True)
        kept.append(skeleton)
    return replace(result, files=tuple(kept))


def _keep_doc_chars(result: ContextResult, k: int) -> ContextResult:
    docs: list[DocBlock] = []
    left = k
    for doc in result.docs:
        if left <= 0:
            break
        if len(doc.text) <= left:
            docs.append(doc)
            left -= len(doc.text)
        else:
            docs.append(replace(doc, text=doc.text[:left].rstrip() + " …", truncated=True))
            left = 0
    return replace(result, docs=tuple(docs))
