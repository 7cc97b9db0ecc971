"""``prx explain``: a symbol's definitions, its references and the tests that use it.

Definitions come from the index's symbol table (else from the files that contain the
name). References are found through the import graph (:mod:`prx.engine.intel.uses`): a
same-named identifier in a file whose imports do not bind this definition is something
else, counted in ``unrelated`` instead of listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.core.budget import EXPLAIN_CEILING, cap_for
from prx.core.errors import InvalidArgumentError
from prx.core.record import replace
from prx.core.results.intel import ExplainedDefinition, ExplainResult, Reference
from prx.engine.intel.bindings import Occurrence, enclosing, import_lines, occurrences
from prx.engine.intel.fit import Stage, fit_stages
from prx.engine.intel.models.base import BY_NAME, CONFIDENCES, RESOLVED, Target, model_for
from prx.engine.intel.models.sites import (
    by_model,
    certainty_of_via,
    held_references,
    model_references,
    named_targets,
)
from prx.engine.intel.prefilter import word_offsets
from prx.engine.intel.project import Project, is_test_file, require_path, signature_of
from prx.engine.intel.pyscopes import header_function, local_scopes
from prx.engine.intel.pysource import code_word_offsets
from prx.engine.intel.pytyping import annotation_uses, typing_strings
from prx.engine.intel.uses import find_users
from prx.engine.lang.outline import symbol_lines

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile
    from prx.plugin.context import Context

__all__ = ["explain_symbol"]

#: Files scanned for same-named unrelated identifiers, at most.
MAX_UNRELATED_FILES = 300
_COMMENT = re.compile(r"^\s*(?:///?|#|\*|/\*\*?|--)\s?")


class _Found(NamedTuple):
    """A definition found in a parsed file."""

    file: str
    defn: Any
    #: The top-level definition that holds it (itself at the top level).
    top: Any
    container: str | None
    #: The language model's definition, for a language read by its model.
    target: Target | None = None


def _found(project: Project, scope: str | None, name: str, qualifier: str | None) -> list[_Found]:
    """The definitions of ``name`` under ``scope``, in ``qualifier`` when given (its
    last part for the import machinery's languages, as written for the models')."""
    files, _ = _candidate_files(project, name, scope)
    container = qualifier.rsplit(".", 1)[-1] if qualifier is not None else None
    found = [f for rel in files for f in _definitions_in(project, rel, name, container)]
    found += [
        _Found(t.file, t.defn, t.defn, t.container, t)
        for t in named_targets(project, files, name, qualifier)
        if t.defn is not None
    ]
    return found


def _walk_defs(defs: list[Any], top: Any | None, container: str | None) -> Any:
    for defn in defs:
        yield defn, top or defn, container
        yield from _walk_defs(defn.children, top or defn, defn.name)


def _definitions_in(project: Project, rel: str, name: str, container: str | None) -> list[_Found]:
    parsed = project.file(rel)
    if parsed is None or by_model(parsed.language):
        return []  # read by its language model (see named_targets)
    model = model_for(parsed.language)
    if model.RESOLVES:
        # JS/TS: an overloaded function is one definition (its signatures are not
        # others), and a method assigned to a prototype is its constructor's, as the
        # model reads them.
        tops = {id(d): top for d, top, _ in _walk_defs(parsed.definitions(), None, None)}
        out = []
        for t in model.definitions(project, parsed):
            if t.name != name or (container is not None and t.container != container):
                continue
            top = tops.get(id(t.defn), t.defn)
            # a member outside its container's node (a prototype's) is the model's
            member = t.container is not None and top is t.defn
            out.append(_Found(rel, t.defn, top, t.container, t if member else None))
        return out
    return [
        _Found(rel, defn, top, owner)
        for defn, top, owner in _walk_defs(parsed.definitions(), None, None)
        if defn.name == name and (container is None or owner == container)
    ]


def _candidate_files(project: Project, name: str, scope: str | None) -> tuple[list[str], bool]:
    """Files that may define ``name`` (from the index's symbol table, else every file
    whose text holds it), and whether the index answered."""
    indexed = project.definition_files(name)
    if indexed is not None:
        return [f for f in indexed if _in_scope(f, scope)], True
    found = [rel for rel in _all_files(project, scope) if _contains(project, rel, name)]
    return found, False


def _in_scope(rel: str, scope: str | None) -> bool:
    return not scope or rel == scope or rel.startswith(scope + "/")


def _all_files(project: Project, scope: str | None) -> list[str]:
    graph_files = project.graph.files
    return [f for f in graph_files if _in_scope(f, scope)]


def _contains(project: Project, rel: str, name: str) -> bool:
    parsed = project.file(rel)
    return parsed is not None and name.encode() in parsed.data


def explain_symbol(
    ws: Context, symbol: str, path: str | None = None, *, budget: int | None = None
) -> ExplainResult:
    """``prx explain SYMBOL [PATH]`` (see :func:`prx.explain`)."""
    cap = cap_for(budget, EXPLAIN_CEILING)
    name = symbol.strip().replace("::", ".")  # C++, Rust, Ruby write `::`
    qualifier: str | None = None
    if "." in name.strip("."):
        qualifier, _, name = name.rpartition(".")
    if not name.isidentifier() and not re.fullmatch(r"[\w$]+", name):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected an identifier, got {symbol!r}",
            param="symbol",
        )
    resolved = require_path(ws, path) if path else ws.root_dir
    project = Project(ws, resolved)
    scope = project.rel(resolved) if path else None
    found = _found(project, scope, name, qualifier)
    if not found and qualifier is not None:
        # a name written with dots (Elixir's `defmodule Plug.Conn.Query`)
        name = symbol.strip()
        found = _found(project, scope, name, None)
    if not found:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: no definition of {symbol!r}"
            + (f" in {path}" if path else ""),
            param="symbol",
            suggestion="Check the spelling, or search for it with {cmd:search}.",
        )
    bound: set[str] = set()
    each = [(item, _references(project, item, name, bound)) for item in found]
    # The most referenced definition first: the likeliest meaning of an ambiguous name.
    each.sort(key=lambda pair: (-len(pair[1]), pair[0].file, _line(pair[0].defn)))
    definitions: list[ExplainedDefinition] = []
    references: list[Reference] = []
    attributed: dict[str, set[int]] = {}
    # A place two definitions claim is listed once, under the one it is surest of.
    surest: dict[tuple[str, int], int] = {}
    testing: set[tuple[str, int]] = set()
    places: list[tuple[str, int]] = []
    lines_listed: set[tuple[str, int, str]] = set()
    line_surest: dict[tuple[str, int, int], int] = {}  # a line's uses: listed once, surest
    for _item, refs in each:
        for file, occ, _via, certainty in refs:
            rank = CONFIDENCES.index(certainty)
            surest[(file, occ.byte)] = min(rank, surest.get((file, occ.byte), rank))
    for item, refs in each:
        for file, occ, _via, certainty in refs:
            rank = CONFIDENCES.index(certainty)
            if rank > surest[(file, occ.byte)]:
                continue  # listed under another definition
            key = (file, occ.line, id(item))
            line_surest[key] = min(rank, line_surest.get(key, rank))
    for item, refs in each:
        label = f"{project.shown(item.file)}:{_line(item.defn)}"
        listed = 0
        for file, occ, via, certainty in refs:
            if file in attributed and occ.byte in attributed[file]:
                continue
            if CONFIDENCES.index(certainty) > surest[(file, occ.byte)]:
                continue
            attributed.setdefault(file, set()).add(occ.byte)
            if (file, occ.line, label) in lines_listed or (
                CONFIDENCES.index(certainty) > line_surest[(file, occ.line, id(item))]
            ):
                continue  # another use on the same line: one reference says both
            lines_listed.add((file, occ.line, label))
            listed += 1
            parsed = project.file(file)
            if _in_test(project, parsed, file, occ.byte):
                testing.add((file, occ.byte))
            references.append(
                Reference(
                    file=project.shown(file),
                    line=occ.line,
                    function=enclosing(parsed, occ.line) if parsed else None,
                    text=parsed.line_text(occ.line) if parsed else "",
                    definition=label,
                    via=via,
                    certainty=certainty,
                )
            )
            places.append((file, occ.byte))
        definitions.append(_described(project, item, listed))
    defining = {f.file for f in found}
    imported_by = tuple(
        project.shown(f) for f in sorted(bound) if f not in attributed and f not in defining
    )
    unrelated, scanned_all = _unrelated(
        project, name, attributed, {f.file: f for f in found}, bound
    )
    tests = tuple(r for r, place in zip(references, places, strict=True) if place in testing)
    plain = tuple(r for r, place in zip(references, places, strict=True) if place not in testing)
    notes = list(project.notes)
    stubs = _stub_twins(found)
    if stubs:
        stub_files = ", ".join(sorted({project.shown(f.file) for f in stubs}))
        notes.append(f"{stub_files} declares it too (the module's stub): change both together")
    variants = _binding_variants(project, found)
    if variants:
        where = ", ".join(f"{project.shown(f.file)}:{_line(f.defn)}" for f in variants)
        notes.append(
            f"{where}: the same item under another #[cfg] (one is compiled): "
            "renamed and referenced together"
        )
    if len(found) - len(stubs) - len(variants) > 1:
        notes.append(
            f"{len(found)} definitions of {symbol}: each reference names the one it uses; "
            "pass a PATH to narrow"
        )
    if not scanned_all:
        notes.append(
            f"same-named identifiers were counted in the first {MAX_UNRELATED_FILES} files only"
        )
    whole = ExplainResult(
        symbol=symbol,
        root=ws.root_dir,
        ambiguous=len(found) - len(stubs) - len(variants) > 1,
        definitions=tuple(definitions),
        references=plain,
        tests=tests,
        imported_by=imported_by,
        unrelated=unrelated,
        graph=project.graph_origin,
        notes=tuple(notes),
    )
    again = f"prx explain {symbol}" + (f" {path}" if path else "") + " --budget 0"
    return fit_stages(whole, _stages(again, whole), cap)


def _binding_variants(project: Project, found: list[_Found]) -> list[_Found]:
    """The definitions that are another variant of one found before them (a Rust item
    under another ``#[cfg]``): one binding, as the language model says."""
    by_file: dict[str, list[Target]] = {}
    for item in found:
        if item.target is not None:
            by_file.setdefault(item.file, []).append(item.target)
    kept: set[tuple[str, int]] = set()
    for rel, targets in by_file.items():
        parsed = project.file(rel)
        model = model_for(parsed.language if parsed is not None else None)
        kept |= {(t.file, t.start) for t in model.one_per_binding(targets)}
    return [
        f for f in found if f.target is not None and (f.target.file, f.target.start) not in kept
    ]


def _stub_twins(found: list[_Found]) -> list[_Found]:
    """The definitions in a Python stub (``more.pyi``) whose module (``more.py``) defines
    the same name in the same class: one interface, written twice, not two meanings."""
    defined = {(f.file, f.container, f.defn.name) for f in found}
    return [
        f
        for f in found
        if f.file.endswith(".pyi") and (f.file[:-1], f.container, f.defn.name) in defined
    ]


def _in_test(project: Project, parsed: ParsedFile | None, rel: str, offset: int) -> bool:
    """A test file, or test code in another (a Rust ``mod tests``), as its model says."""
    if is_test_file(rel):
        return True
    return parsed is not None and model_for(parsed.language).in_test(project, rel, offset)


def _line(defn: Any) -> int:
    return int(defn.node.start_point[0]) + 1


def _references(
    project: Project, item: _Found, name: str, bound: set[str]
) -> list[tuple[str, Any, str, str]]:
    """(file, occurrence, how, certainty) of every reference to the definition ``item``;
    the files whose imports bind it are added to ``bound``."""
    target = item.target or _member_target(project, item)
    if target is not None:
        uses, importing = model_references(project, target)
        bound.update(importing)
        return [(u.file, u.occurrence, u.via, u.certainty) for u in uses]
    found = [
        (file, occ, how, certainty_of_via(how, occ.receiver))
        for file, occ, how in _import_references(project, item, name, bound)
    ]
    keeps = _meaning_filter(project, item)
    if keeps is not None:
        found = [f for f in found if keeps(f[0], f[1].byte)]
    if item.top is item.defn:  # kept in a class's field: called through it
        found += [
            (r.file, r.occurrence, r.via, r.certainty)
            for r in held_references(project, item.file, item.defn)
        ]
    parsed = project.file(item.file)
    if parsed is not None and parsed.language == "python":
        if item.top is not item.defn:
            found += _instance_references(project, item, name, bound)
        else:  # ``to_source = staticmethod(astor.to_source)``, then ``self.to_source()``
            found += _held_in_classes(project, found)
        found += _typing_string(parsed, item, name)
        found += _annotation_strings(project, item, name, bound)
    return found


def _held_in_classes(
    project: Project, found: list[tuple[str, Any, str, str]]
) -> list[tuple[str, Any, str, str]]:
    """The calls through the class attributes that hold a Python function: each file's
    references to it that are a class-body assignment's value (see
    :mod:`prx.engine.intel.pyheld`)."""
    from prx.engine.intel.pyheld import held_uses

    by_file: dict[str, list[Any]] = {}
    for file, occ, _how, _certainty in found:
        by_file.setdefault(file, []).append(occ)
    out = []
    for file, refs in sorted(by_file.items()):
        user = project.file(file)
        if user is None or user.language != "python":
            continue
        for occ in held_uses(user, refs):
            out.append((file, occ, "held", certainty_of_via("attribute", occ.receiver)))
    return out


def _meaning_filter(project: Project, item: _Found) -> Callable[[str, int], bool] | None:
    """A TypeScript name declared as a type and as a value in one scope: the test that
    keeps the references of ``item``'s meaning (see :mod:`script_meanings`)."""
    parsed = project.file(item.file)
    if parsed is None or parsed.language not in ("typescript", "tsx"):
        return None
    from prx.engine.intel.models.script_meanings import declaration_filter

    return declaration_filter(project, item.defn.node)


def _annotation_strings(
    project: Project, item: _Found, name: str, bound: set[str]
) -> list[tuple[str, Any, str, str]]:
    """A module-level definition named in an annotation string (``other: 'Pattern'``)
    of its own file or of a file whose imports bind it: a forward reference."""
    if item.top is not item.defn:
        return []
    found = []
    for rel in sorted({item.file, *bound}):
        parsed = project.file(rel)
        if parsed is None or parsed.language != "python":
            continue
        for byte in annotation_uses(parsed, name):
            line = parsed.data.count(b"\n", 0, byte) + 1
            found.append((rel, Occurrence(line, byte, None, False, False), "string", RESOLVED))
    return found


def _typing_string(parsed: ParsedFile, item: _Found, name: str) -> list[tuple[str, Any, str, str]]:
    """The string a ``typing`` builder is given on the definition's line (``_V =
    TypeVar('_V')``): a type checker requires it to be the name."""
    line = _line(item.defn)
    return [
        (item.file, Occurrence(line, built.string, None, False, False), "string", RESOLVED)
        for built in typing_strings(parsed.data, name)
        if parsed.data.count(b"\n", 0, built.name) + 1 == line
    ]


def _instance_references(
    project: Project, item: _Found, name: str, bound: set[str]
) -> list[tuple[str, Any, str, str]]:
    """A Python method's uses through instances, in every file that reaches its module."""
    from prx.engine.intel.pymembers import (
        arity_of,
        classes_defining,
        in_local_class,
        member_files,
        member_uses,
    )

    files = sorted({item.file, *bound, *member_files(project, item.file, name)})
    if in_local_class(item.defn.node):
        files = [item.file]
    method = item.defn.node.type == "function_definition"
    arity = arity_of(item.defn.node, method=True) if method else None
    container = item.container or item.top.name
    # A class body's ``pop = _fail`` defines the name too (no outline entry says so).
    others = frozenset(
        f.container
        for f in _all_definitions(project, files, name)
        if f.container is not None and f.container != item.container
    ) | (classes_defining(project, files, name) - {container})
    return [
        (use.file, use.occurrence, "attribute", use.certainty)
        for use in member_uses(project, files, container, name, arity, others, home=item.file)
    ]


def _all_definitions(project: Project, files: list[str], name: str) -> list[_Found]:
    """The definitions of ``name`` nested in a class, in ``files`` that hold the name."""
    out = []
    for rel in files:
        parsed = project.file(rel)
        if parsed is not None and name.encode() in parsed.data:
            out += [f for f in _definitions_in(project, rel, name, None) if f.container]
    return out


def _member_target(project: Project, item: _Found) -> Target | None:
    """A nested definition (a class member ...) of a language whose model ties members
    to their receivers (JavaScript, TypeScript), as that model reads it."""
    parsed = project.file(item.file)
    if item.top is item.defn or parsed is None or not model_for(parsed.language).RESOLVES:
        return None
    targets = model_for(parsed.language).definitions(project, parsed)
    return next((t for t in targets if t.defn is item.defn), None)


def _import_references(
    project: Project, item: _Found, name: str, bound: set[str]
) -> list[tuple[str, Any, str]]:
    """(file, occurrence, how) of every reference to ``item`` found through the imports
    that bind it (Python, JavaScript, TypeScript)."""
    out: list[tuple[str, Any, str]] = []
    parsed = project.file(item.file)
    if parsed is None:
        return out
    nested = item.top is not item.defn
    start, end = int(item.defn.node.start_byte), int(item.defn.node.end_byte)
    scoped = None if nested else _scoped_local_references(project, item, parsed)
    if scoped is not None:
        out.extend(scoped)
    own = occurrences(parsed, name) if scoped is None else []
    # A Python function that binds the name (a parameter, an assignment) reads its own.
    shadowed = local_scopes(parsed, name) if own and parsed.language == "python" else []
    for occ in own:
        if any(a <= occ.byte < b for a, b in shadowed):
            continue
        if (
            occ.defining
            or occ.in_import
            or start <= occ.byte < end
            and occ.line == _line(item.defn)
        ):
            continue
        if nested and occ.receiver is None and not _inside(item.top, occ.byte):
            continue
        if not nested and occ.receiver is not None:
            continue
        if (
            nested
            and parsed.language == "python"
            and (occ.receiver is not None or _in_function_of(item.top, occ.byte, parsed))
        ):
            # An instance's use is weighed by _instance_references; a bare name in a
            # method is a local or a global there, never the class's member.
            continue
        out.append((item.file, occ, "local"))
    users = find_users(project, item.file, item.top.name)
    bound.update(users.users, users.unused, users.reexports)
    for file, use in sorted(users.users.items()):
        if not nested:
            out.extend((file, occ, how) for occ, how in use.refs)
            continue
        user = project.file(file)
        if user is None or user.language == "python":
            continue  # Python: see _instance_references
        out.extend(
            (file, occ, "attribute")
            for occ in occurrences(user, name)
            if occ.receiver is not None and not occ.in_import
        )
    return out


def _scoped_local_references(
    project: Project, item: _Found, parsed: ParsedFile
) -> list[tuple[str, Any, str]] | None:
    """A JS/TS top-level definition's uses in its own file, as its model ties them by
    scope (a parameter or local that shadows the name is another binding; an overload
    signature declares it, it does not use it); None for another language."""
    model = model_for(parsed.language)
    if not model.RESOLVES:
        return None
    target = next((t for t in model.definitions(project, parsed) if t.defn is item.defn), None)
    if target is None:
        return None
    out = []
    for site in model.references(project, target, [item.file]):
        if site.file == item.file and site.role == "reference":
            occurrence = Occurrence(site.line, site.start, None, False, False)
            out.append((item.file, occurrence, "name" if site.how == BY_NAME else "local"))
    return out


def _in_function_of(top: Any, byte: int, parsed: ParsedFile) -> bool:
    """Whether ``byte`` lies in a function nested in the class ``top``."""
    tree = parsed.tree
    if tree is None:
        return False
    node = tree.root_node.named_descendant_for_byte_range(byte, byte + 1)
    # ``def visit(self, abort=abort_visit)``: a header's value is read in the class body
    header = header_function(node) if node is not None else None
    node = header.parent if header is not None else node
    while node is not None and node.id != top.node.id:
        if node.type in ("function_definition", "lambda"):
            return True
        node = node.parent
    return False


def _inside(defn: Any, byte: int) -> bool:
    return int(defn.node.start_byte) <= byte < int(defn.node.end_byte)


def _described(project: Project, item: _Found, count: int) -> ExplainedDefinition:
    parsed = project.file(item.file)
    assert parsed is not None
    defn = item.defn
    lines = symbol_lines(defn.node, parsed.data)
    signature = signature_of(parsed, defn)
    body = "\n".join(parsed.lines[lines.start - 1 : lines.end])
    return ExplainedDefinition(
        file=project.shown(item.file),
        line=lines.start,
        end_line=lines.end,
        kind=defn.kind,
        container=item.container,
        signature=signature,
        docstring=_docstring(parsed, defn, lines.start),
        body=body,
        references=count,
    )


def _docstring(parsed: ParsedFile, defn: Any, line: int) -> str | None:
    if parsed.language == "python" and defn.body is not None:
        body = defn.body
        first = body.named_children[0] if body.named_child_count else None
        if first is not None and first.type == "expression_statement" and first.named_child_count:
            first = first.named_children[0]
        if first is not None and first.type == "string":
            import ast

            try:
                value = ast.literal_eval(bytes(first.text or b"").decode("utf-8", "replace"))
            except (ValueError, SyntaxError):
                return None
            return value.strip() if isinstance(value, str) else None
        return None
    above: list[str] = []
    index = line - 2
    while index >= 0:
        text = parsed.lines[index].strip()
        if text.startswith(("@", "#[")):
            index -= 1
            continue
        if not text or not _COMMENT.match(text) or text.startswith("#!"):
            break
        above.append(_COMMENT.sub("", text).rstrip("*/ ").strip())
        index -= 1
    doc = "\n".join(reversed(above)).strip()
    return doc or None


def _unrelated(
    project: Project,
    name: str,
    attributed: dict[str, set[int]],
    defining: dict[str, _Found],
    bound: set[str],
) -> tuple[dict[str, int], bool]:
    """Same-named identifiers that are none of the references found, by file (the import
    statements of ``bound`` files, which bind the symbol, are not counted)."""
    candidates = project.files_with(name)
    scanned_all = len(candidates) <= MAX_UNRELATED_FILES
    out: dict[str, int] = {}
    for rel in candidates[:MAX_UNRELATED_FILES]:
        parsed = project.file(rel)
        if parsed is None:
            continue
        known = attributed.get(rel, set())
        found = defining.get(rel)
        imports = import_lines(parsed) if rel in bound else set()
        count = 0
        for line, byte in _identifier_hits(parsed, name):
            if byte in known or line in imports:
                continue
            if found is not None and byte == _name_byte(found.defn, name):
                continue
            count += 1
        if count:
            out[project.shown(rel)] = count
    ranked = dict(sorted(out.items(), key=lambda item: (-item[1], item[0])))
    return ranked, scanned_all


_QUOTES = re.compile(rb"\"[^\"\n]*\"|'[^'\n]*'")


def _identifier_hits(parsed: ParsedFile, name: str) -> list[tuple[int, int]]:
    """(line, byte) of ``name`` as an identifier: from the syntax tree when the file is
    parsed already, else from its text: counting same-named things needs no parse of
    every file. Python's strings and comments are found by :mod:`prx.engine.intel.pysource`;
    in another language a word is skipped after a comment marker or between quotes on
    its line."""
    if parsed.memo.get("parsed") and parsed.tree is not None:
        return [(o.line, o.byte) for o in occurrences(parsed, name)]
    data = parsed.data
    offsets = word_offsets(data, name)
    if parsed.language == "python":
        offsets = code_word_offsets(data, offsets, name)
    else:
        offsets = [at for at in offsets if not _commented_or_quoted(data, at)]
    hits: list[tuple[int, int]] = []
    line, counted = 1, 0
    for offset in offsets:
        line += data.count(b"\n", counted, offset)
        counted = offset
        hits.append((line, offset))
    return hits


def _commented_or_quoted(data: bytes, offset: int) -> bool:
    start = data.rfind(b"\n", 0, offset) + 1
    before = data[start:offset]
    if b"#" in before or b"//" in before or before.lstrip().startswith((b"*", b"/*")):
        return True
    end = data.find(b"\n", offset)
    line_bytes = data[start : end if end >= 0 else len(data)]
    at = offset - start
    return any(q.start() < at < q.end() for q in _QUOTES.finditer(line_bytes))


def _name_byte(defn: Any, name: str) -> int:
    text = bytes(defn.node.text or b"")
    at = re.search(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])", text)
    return int(defn.node.start_byte) + at.start() if at else -1


def _stages(again: str, whole: ExplainResult) -> list[Stage]:
    first_body = len((whole.definitions[0].body or "").split("\n")) if whole.definitions else 0
    return [
        Stage(
            "unrelated",
            again,
            lambda r: len(r.unrelated),
            lambda r, k: replace(r, unrelated=dict(list(r.unrelated.items())[:k])),
        ),
        Stage(
            "bodies",
            again,
            lambda r: sum(1 for d in r.definitions[1:] if d.body is not None),
            _keep_bodies,
        ),
        Stage(
            "references",
            again,
            lambda r: len(r.references) + len(r.imported_by),
            lambda r, k: replace(
                r,
                references=r.references[:k],
                imported_by=r.imported_by[: max(0, k - len(r.references))],
            ),
        ),
        Stage(
            "tests",
            again,
            lambda r: len(r.tests),
            lambda r, k: replace(r, tests=r.tests[:k]),
        ),
        Stage(
            "body lines",
            again,
            lambda r: first_body if r.definitions and r.definitions[0].body is not None else 0,
            _keep_first_body_lines,
        ),
        Stage(
            "definitions",
            again,
            lambda r: max(0, len(r.definitions) - 1),
            lambda r, k: replace(r, definitions=r.definitions[: 1 + k]),
        ),
    ]


def _keep_bodies(result: ExplainResult, k: int) -> ExplainResult:
    kept = [result.definitions[0]] if result.definitions else []
    seen = 0
    for defn in result.definitions[1:]:
        if defn.body is not None:
            seen += 1
            if seen > k:
                defn = replace(defn, body=None)
        kept.append(defn)
    return replace(result, definitions=tuple(kept))


def _keep_first_body_lines(result: ExplainResult, k: int) -> ExplainResult:
    first = result.definitions[0]
    lines = (first.body or "").split("\n")
    if k >= len(lines):
        return result
    cut = replace(first, body="\n".join(lines[:k]) if k else None, body_truncated=True)
    return replace(result, definitions=(cut, *result.definitions[1:]))
