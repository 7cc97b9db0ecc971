"""``prx rename OLD NEW [PATH]``: rename an identifier across the files and languages of
a tree, as a dry run or atomically across all files.

Each file containing OLD is parsed; its identifiers spelled OLD are the occurrences
(comments and strings only with ``include_comments``). For Python, rope (when installed)
keeps only those bound to a definition in the files being renamed; everywhere else the
syntactic engine renames every identifier spelled OLD, and says so. prx replaces the bytes itself:
everything but the renamed identifiers stays byte for byte (line endings, BOM, final
newline). A clash of NEW with an existing name in the same scope, or a rename that would
break a file's syntax, is a conflict: shown by a dry run, refused by ``apply``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from prx.commands.rename.answer import file_answer, fitted, line_text
from prx.commands.rename.candidate import Candidate
from prx.commands.rename.conflicts import find_conflicts
from prx.commands.rename.names import identifier_problem
from prx.commands.rename.occurrences import Occurrence, scan
from prx.commands.rename.pyfamily import (
    ClassMap,
    aliases,
    called_by_name,
    class_headers,
    family,
    mirrored,
)
from prx.core.budget import RENAME_CEILING, cap_for
from prx.core.errors import (
    AmbiguousMatchError,
    ConflictError,
    InvalidArgumentError,
    NoMatchError,
    NotFoundError,
    ParseError,
)
from prx.core.results.rename import RenameConflict, RenameResult, RenameSkip
from prx.engine.files.display import shown_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.commands.rename.target import TargetSpec
    from prx.engine.intel.models import Target
    from prx.plugin.context import Context

__all__ = ["rename"]

#: Languages of data, markup and build files: no program identifiers to rename there.
NOT_CODE = frozenset(
    {"bash", "css", "dockerfile", "html", "json", "makefile", "markdown", "sql", "toml", "yaml"}
)
#: ``auto``: rope for Python when installed; ``rope``: required for Python;
#: ``syntactic``: every file by name.
ENGINES = ("auto", "rope", "syntactic")
_MENTIONS_NAMED = 5
#: Directories of other people's code, and the entries that make a directory a repository
#: of its own: a rename of the tree around them leaves them alone (their files are counted
#: in ``skipped``); a path inside one renames there.
VENDORED = frozenset({"vendor", "third_party", "third-party", "node_modules"})
_REPOSITORY_MARKS = (".git", ".hg")


def rename(
    ws: Context,
    old: str,
    new: str,
    path: str,
    *,
    include_comments: bool = False,
    apply: bool = False,
    engine: str = "auto",
    budget: int | None = None,
    sites: Sequence[str] = (),
    force: bool = False,
    check: str = "auto",
    rollback: bool = False,
) -> RenameResult:
    """Rename for :meth:`Workspace.rename`."""
    from prx.commands.rename.target import check_spec, parse_target

    if engine not in ENGINES:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(ENGINES)}, got {engine!r}",
            param="engine",
        )
    spec = parse_target(old)
    check_spec(spec)
    cap = cap_for(budget, RENAME_CEILING)
    target = ws.resolve(path)
    if not os.path.exists(target):
        raise NotFoundError(f"file not found: {path}", param="path")
    if spec.name is None:
        spec = _named_by_place(ws, spec)
    name = spec.name or old
    _check_names(name, new)
    notes: list[str] = []
    classes: ClassMap = {}
    candidates, mentions, named_like, skipped, foreign = _collect(ws, target, name, new, classes)
    if foreign.roots:
        notes.append(_foreign_note(ws, target, skipped, foreign))
    if not any(c.scan.old for c in candidates):
        raise _nothing_to_rename(name, path, mentions)
    chosen, others = _target(ws, spec, candidates)
    for candidate in candidates:
        candidate.defines = chosen is not None and candidate.shown == chosen.file
    overrides = _choose_engines(
        ws, target, candidates, name, engine, apply, notes, chosen, others, classes
    )
    if chosen is not None and others == 0:
        notes.append(f"renames {chosen.qualified}: the only definition of {name!r} here")
    left_alone: list[RenameSkip] = []
    taken = _taken_sites(ws, sites)
    for candidate in candidates:
        _plan(candidate, new, include_comments, left_alone, taken, force)
    changed = [c for c in candidates if c.renamed]
    unresolved = [s for s in left_alone if s.reason in _UNSURE]
    if not changed and unresolved:  # the definition itself is unsure: say so, not "no identifier"
        raise _unsure_sites(name, unresolved)
    if not changed:
        raise _nothing_to_rename(name, path, mentions, left_alone=left_alone)
    _check_new_in(changed, name, new)
    conflicts = overrides + find_conflicts(changed, name, new)
    if apply and unresolved and not force and not sites:
        raise _unsure_sites(name, unresolved)
    called = None if chosen is None else called_by_name(chosen, _bytes_of(candidates, chosen))
    if called is not None:
        if apply and not force:
            raise ConflictError(
                f"conflict: {chosen.qualified if chosen else name} is called by its name: "
                f"{called}; renamed, it would no longer be found; nothing was written",
                suggestion="Rename what calls it too, by hand; {param:force} renames it anyway.",
            )
        notes.append(f"{called}: --apply refuses unless --force")
    elif chosen is not None and _never_called(candidates, changed, chosen, name):
        notes.append(
            f"nothing in the project calls {chosen.qualified}: if something outside it "
            "calls it by name (a framework, a protocol), it will no longer find it"
        )
    old = name
    if mentions:
        notes.append(
            f"{old!r} also appears as a word in {len(mentions)} file(s) that are not code "
            f"(docs, data, configuration), left as they are: {_listed(mentions)}"
        )
    if named_like:
        notes.append(
            f"{_listed(named_like)} named like {old!r}: prx renames identifiers, not files "
            "or directories; move them too, or imports of them will break"
        )
    from prx.engine.check.write import checked_write
    from prx.engine.files.atomic import FileChange

    def write() -> tuple[str, ...]:
        return _apply(ws, changed, conflicts, old, new)

    written, checked = checked_write(
        ws,
        [FileChange(path=c.path, old=c.data, new=c.new_data) for c in changed],
        write,
        apply=apply,
        check=check,
        rollback=rollback,
        renamed=(old, new),
    )
    # What the check found leads the notes (its first note, when it found new errors).
    notes[:0] = written
    files = [file_answer(c) for c in changed]
    return fitted(
        cap,
        old=old,
        new=new,
        root=ws.root_dir,
        applied=apply and not (checked is not None and checked.rolled_back),
        files=files,
        conflicts=conflicts,
        left_alone=left_alone,
        skipped=skipped,
        notes=notes,
        target=None if chosen is None else f"{chosen.qualified} ({chosen.file}:{chosen.line})",
        check=checked,
    )


#: Reasons a site is left alone that a rename may have got wrong: --apply refuses them.
_UNSURE = frozenset({"unresolved", "by_name"})


def _taken_sites(ws: Context, sites: Sequence[str]) -> set[tuple[str, int]]:
    """The unresolved sites the caller takes (``FILE:LINE``), as (absolute path, line)."""
    taken = set()
    for site in sites:
        file, _, line = site.rpartition(":")
        if not file or not line.isdigit():
            raise InvalidArgumentError(
                f"invalid argument {{param}}: {site!r} is not FILE:LINE",
                param="sites",
                suggestion="Give the places a dry run lists in left_alone, as FILE:LINE.",
            )
        taken.add((os.path.realpath(ws.resolve(file)), int(line)))
    return taken


def _unsure_sites(name: str, unsure: Sequence[RenameSkip]) -> AmbiguousMatchError:
    listed = ", ".join(f"{s.file}:{s.line}" for s in unsure[:10])
    more = f" and {len(unsure) - 10} more" if len(unsure) > 10 else ""
    return AmbiguousMatchError(
        f"{len(unsure)} place(s) spelled {name!r} could not be tied to the definition "
        f"renamed ({listed}{more}); nothing was written",
        param="sites",
        suggestion="A dry run lists them in left_alone: take the ones to rename with "
        "{param} FILE:LINE, or all of them with {param:force} (unsafe: they may be "
        "something else).",
    )


def _named_by_place(ws: Context, spec: TargetSpec) -> TargetSpec:
    """A place's identifier: the name of the definition at that line (and column)."""
    from prx.commands.rename.target import choose_target
    from prx.engine.files.text import load_text
    from prx.engine.intel.models import model_for
    from prx.engine.intel.project import ParsedFile

    assert spec.file is not None
    full = ws.resolve(spec.file, param="old")
    loaded = load_text(full, spec.file, ws.confined)
    parsed = ParsedFile(spec.file, ws.language_for(full), loaded.data)
    definitions = model_for(parsed.language).definitions(None, parsed)
    found = choose_target(spec, [(parsed, definitions)], {})
    if found is None:  # pragma: no cover - choose_target raises for a place
        raise NoMatchError(f"no definition at {spec.text}", param="old")
    return spec._replace(name=found.name)


def _target(
    ws: Context, spec: TargetSpec, candidates: Sequence[Candidate]
) -> tuple[Target | None, int]:
    """The definition renamed (None when none is in the files: the rename goes by name),
    and how many other definitions of the name the files hold."""
    from prx.commands.rename.target import choose_target
    from prx.engine.intel.models import model_for
    from prx.engine.intel.project import ParsedFile

    definitions = []
    shown: dict[str, str] = {}
    for candidate in candidates:
        if not any(o.kind == "code" for o in candidate.scan.old):
            continue
        parsed = ParsedFile(candidate.shown, candidate.spec, candidate.data)
        shown[candidate.shown] = candidate.shown
        targets = [
            t for t in model_for(parsed.language).definitions(None, parsed) if t.name == spec.name
        ]
        definitions.append((parsed, targets))
    chosen = choose_target(spec, definitions, shown)
    every = {(t.file, t.start) for _, targets in definitions for t in targets}
    return chosen, max(0, len(every) - 1)


def _listed(paths: Sequence[str]) -> str:
    """The first few of ``paths``, and how many more."""
    named = ", ".join(paths[:_MENTIONS_NAMED])
    more = len(paths) - _MENTIONS_NAMED
    return f"{named} and {more} more" if more > 0 else named


def _check_names(old: str, new: str) -> None:
    for name, value in (("old", old), ("new", new)):
        problem = identifier_problem(value)
        if problem is not None:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: {value!r} cannot be renamed: {problem}"
                if name == "old"
                else f"invalid argument {{param}}: {value!r} cannot be a name: {problem}",
                param=name,
                suggestion="Give an identifier (for an attribute a.b, its last part b).",
            )
    if old == new:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: the new name is the old one ({new!r})",
            param="new",
        )


def _check_new_in(changed: Sequence[Candidate], old: str, new: str) -> None:
    """Refuse NEW where it is not a name of a renamed file's language (a keyword ...)."""
    for candidate in changed:
        problem = identifier_problem(new, candidate.spec.name)
        if problem is not None and any(o.kind == "code" for o in candidate.renamed):
            raise InvalidArgumentError(
                f"invalid argument {{param}}: {new!r} cannot replace {old!r} in "
                f"{candidate.shown}: {problem}",
                param="new",
                suggestion="Choose another name.",
            )


def _collect(
    ws: Context, target: str, old: str, new: str, classes: ClassMap
) -> tuple[list[Candidate], list[str], list[str], dict[str, int], _Foreign]:
    """Code files containing OLD (scanned), the other files mentioning it as a word, the
    files named like OLD (a module ``OLD.py``, a package ``OLD/``), what was passed over,
    and the other people's code left out; the Python classes of every file walked go
    into ``classes``."""
    from prx.engine.files.walk import walk

    needle = old.encode()
    word = re.compile(r"(?<![\w$])" + re.escape(old) + r"(?![\w$])")
    walked = walk(target)
    skipped = dict(walked.skipped)
    candidates: list[Candidate] = []
    mentions: list[str] = []
    named_like: list[str] = []
    foreign = _Foreign(target)
    for item in walked.files:
        full = str(item.path)
        reason = foreign.reason(item.rel)
        if reason is not None:
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        parts = item.rel.split("/")
        if parts[-1].split(".", 1)[0] == old or old in parts[:-1]:
            named_like.append(shown_path(ws.root_dir, full))
        try:
            with open(full, "rb") as fh:
                data = fh.read()
        except OSError:
            skipped["unreadable"] = skipped.get("unreadable", 0) + 1
            continue
        if item.rel.endswith((".py", ".pyi")):
            class_headers(data, classes)
        if needle not in data:
            continue
        shown = shown_path(ws.root_dir, full)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            skipped["not_utf8"] = skipped.get("not_utf8", 0) + 1
            continue
        spec = ws.language_for(full)
        if spec is None or spec.grammar is None or spec.name in NOT_CODE:
            if word.search(text):
                mentions.append(shown)
            continue
        found = scan(spec, data, old, new)
        if found.old:
            candidates.append(Candidate(full, shown, spec, data, found))
    return candidates, mentions, named_like, dict(sorted(skipped.items())), foreign


def _foreign_note(ws: Context, target: str, skipped: dict[str, int], foreign: _Foreign) -> str:
    roots = [shown_path(ws.root_dir, os.path.join(target, root)) + "/" for root in foreign.roots]
    return (
        f"other people's code left alone: {skipped.get('vendored', 0)} file(s) in vendored "
        f"directories ({', '.join(sorted(VENDORED))}) and "
        f"{skipped.get('nested_repository', 0)} in nested repositories, under "
        f"{_listed(roots)}; give such a directory as the path to rename in it"
    )


class _Foreign:
    """Which files below a rename's path are someone else's code: in a directory of
    :data:`VENDORED` or in a nested repository (a directory with its own ``.git``), below
    the path (the path itself may be one: then it was named on purpose)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.repositories: dict[str, bool] = {}
        #: The directories left out (relative to the path), in the order met.
        self.roots: dict[str, str] = {}

    def reason(self, rel: str) -> str | None:
        """``vendored``, ``nested_repository`` or None (ours) for the file ``rel``."""
        parts = rel.split("/")[:-1]
        at = self.target
        for depth, part in enumerate(parts, start=1):
            if part in VENDORED:
                return self._left_out(parts[:depth], "vendored")
            at = os.path.join(at, part)
            known = self.repositories.get(at)
            if known is None:
                known = any(os.path.lexists(os.path.join(at, m)) for m in _REPOSITORY_MARKS)
                self.repositories[at] = known
            if known:
                return self._left_out(parts[:depth], "nested_repository")
        return None

    def _left_out(self, parts: list[str], reason: str) -> str:
        self.roots.setdefault("/".join(parts), reason)
        return reason


#: Why an occurrence is left alone, in a suggestion.
_LEFT_ALONE_WORDS = {
    "comment": "in comments",
    "string": "in strings",
    "other": "not an identifier in the parse (a macro body, a symbol)",
    "external": "bound by rope to a definition outside the path (a wider path renames them)",
    "unresolved": "bound by rope to nothing ({param:engine} syntactic renames them by name)",
    "by_name": "tied to the definition by name only (take them with {param:sites})",
    "other_binding": "other definitions of the same name",
    "other_language": "in files of another language",
}


def _nothing_to_rename(
    old: str, path: str, mentions: Sequence[str], *, left_alone: Sequence[RenameSkip] = ()
) -> InvalidArgumentError:
    if left_alone:
        reasons: dict[str, int] = {}
        for skip in left_alone:
            reasons[skip.reason] = reasons.get(skip.reason, 0) + 1
        where = "; ".join(f"{n} {_LEFT_ALONE_WORDS[r]}" for r, n in sorted(reasons.items()))
        hint = (
            f"{old!r} appears only where a rename leaves it: {where}. "
            "{param:include_comments} renames it in comments and strings."
        )
        message = f"no identifier {old!r} to rename under {path}"
    elif mentions:
        hint = f"{old!r} appears only in files that are not code: {', '.join(mentions[:5])}."
        message = f"no identifier {old!r} under {path}"
    else:
        hint = "Check the spelling and the path; {cmd:search} finds where a name is used."
        message = f"no identifier {old!r} under {path}"
    return InvalidArgumentError(
        f"invalid argument {{param}}: {message}", param="old", suggestion=hint
    )


def _choose_engines(
    ws: Context,
    target: str,
    candidates: list[Candidate],
    old: str,
    engine: str,
    apply: bool,
    notes: list[str],
    chosen: Target | None,
    others: int,
    classes: ClassMap,
) -> list[RenameConflict]:
    """rope for the Python files when it is installed (and can read them all), unless the
    syntactic engine was asked for; each other language's model for its files. Returns
    the conflicts of a Python method that overrides a library's."""
    if engine != "syntactic":
        _model_sites(ws, candidates, chosen, others)
    python = [c for c in candidates if c.spec.name == "python"]
    if not python or engine == "syntactic":
        return []
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
        place = None if chosen is None else (_path_of(candidates, chosen), chosen.line)
        targets = None if place is None else {place}
        related: list[tuple[str, Target]] = []
        if (
            chosen is not None
            and targets is not None
            and _language_of(candidates, chosen) == "python"
        ):
            related = family(chosen, _python_definitions(python, old), classes)
            targets |= {(path, t.line) for path, t in related}
        origins: dict[tuple[str, int], tuple[str, int]] = {}
        bindings = rope_bindings(project, files, targets, origins)
        mirrors: set[tuple[str, int]] = set()
        if targets is not None and chosen is not None and not chosen.container:
            # A mirror itself asked for: what it mirrors goes with it.
            mirrors |= mirrored(_path_of(candidates, chosen), chosen, python, origins)
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
    own = {path for path, _ in mirrors} | {path for path, _ in related}
    for candidate in python:
        candidate.defines = candidate.defines or candidate.path in own
    if related:
        listed = ", ".join(f"{t.qualified} ({t.file}:{t.line})" for _, t in related)
        notes.append(
            "renames the same method in its class hierarchy too (an override renamed alone "
            f"stops overriding): {listed}"
        )
    if mirrors:
        notes.append(
            "renames the same-named module-level mirror(s) of it too (an alias, a wrapper): "
            f"{', '.join(f'{shown_path(ws.root_dir, p)}:{n}' for p, n in sorted(mirrors))}"
        )
    if chosen is not None and chosen.container:
        _weigh_members(python, bindings, chosen, related, classes, old)
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
    if counts[OTHER]:
        notes.append(
            f"rope bound {counts[OTHER]} Python identifier(s) spelled {old!r} to other "
            "definitions than the one renamed: left alone, listed as other_binding"
        )
    if place is None or chosen is None:
        return []
    return _library_overrides(project, [(place[0], chosen), *related], old)


def _weigh_members(
    python: Sequence[Candidate],
    bindings: dict[str, dict[int, str]],
    chosen: Target,
    related: Sequence[tuple[str, Target]],
    classes: ClassMap,
    name: str,
) -> None:
    """Settle the ``obj.NAME`` rope left unresolved where the code says more: the
    receiver's type is the method's class or a subclass (renamed), another type, or a
    call whose arguments the method cannot take (left alone); the rest stay unsure."""
    from prx.commands.rename.rope_engine import BOUND, OTHER, UNRESOLVED
    from prx.engine.intel.bindings import occurrences
    from prx.engine.intel.models import BY_TYPE
    from prx.engine.intel.project import ParsedFile
    from prx.engine.intel.pymembers import arity_of, member_uses

    parsed = {c.shown: ParsedFile(c.shown, c.spec, c.data) for c in python}

    class _Files:
        def file(self, rel: str) -> ParsedFile | None:
            return parsed.get(rel)

    def owner(target: Target) -> str:
        return (target.container or "").rsplit(".", 1)[-1]

    owners = {owner(chosen), *(owner(t) for _, t in related)}
    others = (
        frozenset(owner(t) for _, t in _python_definitions(python, name) if t.container) - owners
    )
    node = chosen.defn.node if chosen.defn is not None else None
    arity = (
        arity_of(node, method=True)
        if node is not None and node.type == "function_definition"
        else None
    )
    sure: set[tuple[str, int]] = set()
    maybe: set[tuple[str, int]] = set()
    for kind in sorted(owners):
        for use in member_uses(_Files(), sorted(parsed), kind, name, arity, others, classes):
            (sure if use.certainty == BY_TYPE else maybe).add((use.file, use.occurrence.byte))
    for candidate in python:
        bound = bindings.get(candidate.path)
        if not bound or UNRESOLVED not in bound.values():
            continue
        here = parsed[candidate.shown]
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


def _bytes_of(candidates: Sequence[Candidate], target: Target) -> bytes:
    return next((c.data for c in candidates if c.shown == target.file), b"")


def _never_called(
    candidates: Sequence[Candidate], changed: Sequence[Candidate], chosen: Target, name: str
) -> bool:
    """A Python method whose every renamed occurrence is a definition (of it or of its
    family): no code of the project calls it."""
    if chosen.kind != "method" or not chosen.container or name.startswith("__"):
        return False
    python = [c for c in candidates if c.spec.name == "python"]
    if not any(c.shown == chosen.file for c in python):
        return False
    defined = {(path, t.start) for path, t in _python_definitions(python, name)}
    return not any(
        o.kind == "code" and (c.path, o.start) not in defined for c in changed for o in c.renamed
    )


def _python_definitions(python: Sequence[Candidate], name: str) -> list[tuple[str, Target]]:
    """Every definition of ``name`` in the Python files, with its file's absolute path."""
    from prx.engine.intel.models import model_for
    from prx.engine.intel.project import ParsedFile

    model = model_for("python")
    out = []
    for candidate in python:
        parsed = ParsedFile(candidate.shown, candidate.spec, candidate.data)
        out += [(candidate.path, t) for t in model.definitions(None, parsed) if t.name == name]
    return out


def _library_overrides(
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
                RenameConflict(
                    file=target.file,
                    line=target.line,
                    kind="overrides_library",
                    message=f"{target.qualified} overrides {base}, which prx does not rename: "
                    "renamed, it would no longer be called in its place",
                )
            )
    return out


def _model_sites(
    ws: Context, candidates: list[Candidate], chosen: Target | None, others: int
) -> None:
    """What the chosen definition's language model says of each file of its languages:
    the sites it ties to the definition (renamed), those it can tie only by name (unsure)
    and the identifiers that are something else (left alone). Python is left to rope
    when rope reads it (:func:`_choose_engines` runs after and takes those files over)."""
    if chosen is None:
        return
    from prx.engine.intel.models import BY_NAME, model_for
    from prx.engine.intel.project import Project

    model = model_for(_language_of(candidates, chosen))
    project = Project(ws, ws.root_dir)
    by_rel = {project.rel(c.path): c for c in candidates}
    target = chosen._replace(file=project.rel(_path_of(candidates, chosen)))
    files = [
        rel for rel, c in by_rel.items() if c.spec.name in model.LANGUAGES or rel == target.file
    ]
    problem = model.rename_problem(project, target)
    if problem is not None:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {chosen.qualified} cannot be renamed safely: "
            f"{problem}; nothing was renamed",
            param="old",
            suggestion="Rename it by hand with what the reason names, or leave it.",
        )
    sites = {(s.file, s.start): s for s in model.references(project, target, files)}
    alone = others == 0 and model.renames_by_name(target)
    engine = "model" if model.RESOLVES else "syntactic"
    for rel, candidate in by_rel.items():
        if candidate.spec.name not in model.LANGUAGES and rel != target.file:
            candidate.engine = engine
            candidate.unbound = {
                o.start: OTHER_LANGUAGE for o in candidate.scan.old if o.kind == "code"
            }
            continue
        candidate.engine = engine
        renamed = []
        unbound: dict[int, str] = {}
        for occurrence in candidate.scan.old:
            site = sites.get((rel, occurrence.start))
            # A word the parse shows as no identifier (a keyword token inside a macro's
            # tokens, Rust's `union`) that the model ties to the definition is a site.
            if occurrence.kind != "code" and (occurrence.kind != "other" or site is None):
                continue
            if site is None:
                unbound[occurrence.start] = OTHER_BINDING
            elif site.how != BY_NAME or alone:
                renamed.append(occurrence)
            else:
                unbound[occurrence.start] = UNSURE_BY_NAME
        candidate.renamed = tuple(renamed)
        candidate.unbound = unbound


#: Why a model leaves an identifier alone.
OTHER_BINDING = "other_binding"
OTHER_LANGUAGE = "other_language"
UNSURE_BY_NAME = "by_name"


def _path_of(candidates: Sequence[Candidate], target: Target) -> str:
    return next(c.path for c in candidates if c.shown == target.file)


def _language_of(candidates: Sequence[Candidate], target: Target) -> str:
    return next(c.spec.name for c in candidates if c.shown == target.file)


def _plan(
    candidate: Candidate,
    new: str,
    include_comments: bool,
    left_alone: list[RenameSkip],
    taken: set[tuple[str, int]],
    force: bool,
) -> None:
    """Which occurrences the file's engine renames (with the unsure sites the caller
    takes, or all of them when forced), and its new bytes."""
    texts = [o for o in candidate.scan.old if o.kind in ("comment", "string")]
    others = [o for o in candidate.scan.old if o.kind == "other" and o not in candidate.renamed]
    if candidate.engine in ("rope", "model") or candidate.unbound:
        renamed = list(candidate.renamed)
        unbound = []
        here = os.path.realpath(candidate.path)
        for o in candidate.scan.old:
            how = candidate.unbound.get(o.start)
            if how is None:
                continue
            if how in _UNSURE and (force or (here, o.line) in taken):
                renamed.append(o)
            else:
                unbound.append((o, how))
    else:
        unbound = []
        renamed = [o for o in candidate.scan.old if o.kind == "code"]
    # The module's own name is renamed when it defines the target or imports it by name;
    # its doctests name the module's binding of it.
    if candidate.spec.name == "python" and (candidate.defines or any(o.in_import for o in renamed)):
        from prx.commands.rename.exports import doctest_names, export_names

        strings = [o for o in texts if o.kind == "string"]
        exported = export_names(candidate.data, strings)
        if candidate.engine == "rope" and renamed:
            exported += doctest_names(candidate.data, [o for o in strings if o not in exported])
        renamed += exported
        texts = [o for o in texts if o not in exported]
    if include_comments:
        renamed += texts
        texts = []
    renamed.sort(key=lambda o: o.start)
    candidate.renamed = tuple(renamed)
    lines = candidate.data.split(b"\n")
    skips = [*((o, o.kind) for o in [*texts, *others]), *unbound]
    for occurrence, reason in sorted(skips, key=lambda item: item[0].start):
        left_alone.append(
            RenameSkip(
                file=candidate.shown,
                line=occurrence.line,
                text=line_text(lines[occurrence.line - 1]),
                reason=reason,
            )
        )
    candidate.new_data = _replaced(candidate.data, renamed, new.encode())


def _replaced(data: bytes, occurrences: Sequence[Occurrence], new: bytes) -> bytes:
    parts: list[bytes] = []
    at = 0
    for occurrence in occurrences:
        parts += [data[at : occurrence.start], new]
        at = occurrence.end
    parts.append(data[at:])
    return b"".join(parts)


def _apply(
    ws: Context,
    changed: Sequence[Candidate],
    conflicts: Sequence[RenameConflict],
    old: str,
    new: str,
) -> tuple[str, ...]:
    if conflicts:
        first = conflicts[0]
        more = f" (and {len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
        raise ConflictError(
            f"renaming {old!r} to {new!r} conflicts in {first.file} line {first.line}: "
            f"{first.message}{more}; nothing was written",
            param="new",
            suggestion="Choose another name, or rename the existing one first; a dry run "
            "lists every conflict.",
        )
    from prx.engine.files.atomic import FileChange, apply_changes

    return apply_changes(
        [FileChange(path=c.path, old=c.data, new=c.new_data) for c in changed], root=ws.confined
    )
