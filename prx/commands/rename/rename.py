"""``prx rename OLD NEW [PATH]``: rename one definition and its uses across the files and
languages of a tree, as a dry run or atomically across all files.

OLD names the definition (:mod:`~prx.commands.rename.target`). Each file containing the
name is parsed; its identifiers spelled so are the occurrences (comments and strings
only with ``include_comments``). Python is bound by rope
(:mod:`~prx.commands.rename.python_engine`), Rust, Go, Java and TypeScript/JavaScript by
their language models; other languages go by name, and say so. An occurrence tied to the
definition only by name is unsure: ``apply`` refuses until it is taken (``sites``) or
forced. prx replaces the bytes itself: everything but the renamed identifiers stays byte
for byte (line endings, BOM, final newline). A clash of NEW with an existing name in the
same scope, or a rename that would break a file's syntax, is a conflict: shown by a dry
run, refused by ``apply``. After ``apply`` the language's checker runs before and after.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from prx.commands.rename.answer import file_answer, fitted, line_text
from prx.commands.rename.candidate import Candidate, language_of, path_of
from prx.commands.rename.conflicts import find_conflicts
from prx.commands.rename.import_paths import (
    ImportPaths,
    edits_in,
    import_paths,
    still_mentioning,
)
from prx.commands.rename.names import identifier_problem
from prx.commands.rename.occurrences import Occurrence, scan
from prx.commands.rename.pyfamily import (
    ClassMap,
    called_by_name,
    class_headers,
    formatted_reason,
)
from prx.commands.rename.pylookups import (
    FileLookups,
    executed_string,
    looked_up_from_data,
    read_lookups,
)
from prx.commands.rename.python_engine import bind_python, bytes_of, never_called
from prx.core.budget import RENAME_CEILING, cap_for
from prx.core.errors import (
    AmbiguousMatchError,
    ConflictError,
    InvalidArgumentError,
    NotFoundError,
)
from prx.core.results.rename import RenameConflict, RenameResult, RenameSkip
from prx.engine.files.display import shown_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.files.atomic import FileChange
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
    from prx.commands.rename.target import check_spec, named_by_place, parse_target, target_in

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
        spec = named_by_place(ws, spec)
    name = spec.name or old
    _check_names(name, new)
    notes: list[str] = []
    classes: ClassMap = {}
    lookups: dict[str, FileLookups] = {}
    candidates, mention_files, named_like, skipped, foreign = _collect(
        ws, target, name, new, classes, lookups
    )
    mentions = [shown for _, shown, _ in mention_files]
    if foreign.roots:
        notes.append(_foreign_note(ws, target, skipped, foreign))
    if not any(c.scan.old for c in candidates):
        raise _nothing_to_rename(name, path, mentions)
    chosen, others = target_in(ws, spec, candidates)
    for candidate in candidates:
        candidate.defines = chosen is not None and candidate.shown == chosen.file
    overrides = _choose_engines(
        ws, target, candidates, name, engine, apply, notes, chosen, others, classes
    )
    if chosen is not None and others == 0:
        notes.append(f"renames {chosen.qualified}: the only definition of {name!r} here")
    left_alone: list[RenameSkip] = []
    taken = _taken_sites(ws, sites)
    if chosen is not None and others == 0 and not force:
        taken |= _only_declaration_sites(ws, candidates, name, notes)
    paths = _import_paths(ws, candidates, chosen, name)
    if chosen is not None and chosen.file.endswith((".py", ".pyi")) and not chosen.container:
        from prx.commands.rename.exports import star_exporters, star_importers

        python = [c for c in candidates if c.spec.name == "python"]
        sources = [(c.shown, c.data) for c in python]
        passing = star_exporters(sources, chosen.file, name)
        taking = star_importers(sources, passing | {chosen.file})
        for candidate in python:
            candidate.star_exports = candidate.shown in passing
            candidate.star_imports = candidate.shown in taking
    for candidate in candidates:
        _plan(candidate, new, include_comments, left_alone, taken, force, paths)
    changed = [c for c in candidates if c.renamed]
    by_name = sorted(
        {
            c.spec.name
            for c in changed
            if c.engine == "syntactic" and any(o.kind == "code" for o in c.renamed)
        }
        - {"python"}
    )
    unsure_uses = sum(s.reason == UNSURE_BY_NAME for s in left_alone)
    if by_name and chosen is not None and chosen.container and unsure_uses:
        notes.append(
            f"{', '.join(by_name)}: prx has no reference model for it; {chosen.qualified} is "
            f"a member, reached through receivers of any type (a library's {name!r} too): "
            f"its {unsure_uses} use(s) by name are listed in left_alone, to take with "
            "--sites or --force"
        )
    elif by_name:
        notes.append(
            f"{', '.join(by_name)}: renamed by name (every identifier spelled {name!r}), "
            "prx has no reference model for it"
        )
    path_edits = edits_in(mention_files, paths, new) if paths is not None and changed else []
    if path_edits and paths is not None:
        notes.append(
            f"renamed where its import path names it ({paths.example}) in "
            f"{len(path_edits)} file(s) that are not code: {_listed([e.shown for e in path_edits])}"
        )
        mentions = still_mentioning(mention_files, path_edits, name)
    unresolved = [s for s in left_alone if s.reason in _UNSURE]
    if unresolved and (apply or not changed):
        # Unsure sites in files that changed while they were read (another agent's rename
        # halfway through the set) are a conflict to retry, not a reason to give up.
        _refuse_if_changed(ws, candidates)
    if not changed and unresolved:  # the definition itself is unsure: say so, not "no identifier"
        raise _unsure_sites(name, unresolved)
    if not changed:
        raise _nothing_to_rename(name, path, mentions, left_alone=left_alone)
    _check_new_in(changed, name, new)
    conflicts = overrides + find_conflicts(changed, name, new)
    if apply and unresolved and not force and not sites:
        raise _unsure_sites(name, unresolved)
    called = (
        None
        if chosen is None
        else called_by_name(
            chosen,
            bytes_of(candidates, chosen),
            classes,
            lookups,
            _test_strings(candidates),
            new,
        )
    )
    if called is None and chosen is not None and chosen.container and chosen.file.endswith(".py"):
        called = looked_up_from_data(name, lookups, _package_data(mention_files))
    if called is None and chosen is None:  # a name no definition was chosen for
        called = formatted_reason(name, lookups)
    if called is None:
        called = _run_as_code(candidates, name)
    if called is not None:
        if apply and not force:
            raise ConflictError(
                f"conflict: {chosen.qualified if chosen else name} is looked up by its name: "
                f"{called}; renamed, what reads that name would miss it; nothing was written",
                suggestion="Rename what calls it too, by hand; {param:force} renames it anyway.",
            )
        notes.append(f"{called}: --apply refuses unless --force")
    elif chosen is not None and never_called(candidates, changed, chosen, name):
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

    edits = [
        *(FileChange(path=c.path, old=c.data, new=c.new_data) for c in changed),
        *(FileChange(path=e.path, old=e.data, new=e.new_data) for e in path_edits),
    ]

    def write() -> tuple[str, ...]:
        return _apply(ws, edits, conflicts, old, new)

    written, checked = checked_write(
        ws,
        edits,
        write,
        apply=apply,
        check=check,
        rollback=rollback,
        renamed=(old, new),
    )
    # What the check found leads the notes (its first note, when it found new errors).
    notes[:0] = written
    files = [*(file_answer(c) for c in changed), *(e.answer() for e in path_edits)]
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


def _import_paths(
    ws: Context, candidates: Sequence[Candidate], chosen: Target | None, name: str
) -> ImportPaths | None:
    """The import paths of the Python definition renamed (None: no one definition, or
    not Python)."""
    if chosen is None or language_of(candidates, chosen) != "python":
        return None
    return import_paths(ws.root_dir, path_of(candidates, chosen), chosen.qualified, name)


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


#: Languages whose member accesses a unique name ties to the project's declaration.
_SCRIPTS = frozenset({"javascript", "typescript", "tsx", "svelte", "vue"})


def _only_declaration_sites(
    ws: Context, candidates: Sequence[Candidate], name: str, notes: list[str]
) -> set[tuple[str, int]]:
    """The ``by_name`` member accesses of a JavaScript or TypeScript name the project
    declares once and nothing outside it declares (its standard libraries, its installed
    dependencies): they can only reach that declaration, so the rename takes them. Empty
    (and a note saying why) when something outside may be meant."""
    unsure = [
        (candidate, occurrence)
        for candidate in candidates
        for occurrence in candidate.scan.old
        if candidate.unbound.get(occurrence.start) == "by_name"
    ]
    # Only `x.name`: a shorthand property `{ name }` renamed would change the object's key.
    found = [(c, o) for c, o in unsure if _after_dot(c.data, o.start)]
    if not found or len(found) < len(unsure) or any(c.spec.name not in _SCRIPTS for c, _ in found):
        return set()
    from prx.engine.intel.models.script_library import declared_outside

    users = sorted({c.shown for c, _ in found})
    outside = declared_outside(ws, name, users)
    if outside is not None:
        notes.append(
            f"{len(found)} place(s) reach {name!r} by name only, and {outside}: left to you"
        )
        return set()
    notes.append(
        f"{len(found)} place(s) in {_listed(users)} reach {name!r} through a value whose type "
        "prx cannot tell; the project declares it once and neither the standard library nor "
        "the installed dependencies do, so they are renamed (an object built at run time "
        "with that key would be the exception)"
    )
    return {(os.path.realpath(c.path), o.line) for c, o in found}


def _after_dot(data: bytes, start: int) -> bool:
    """Whether the identifier at ``start`` is a member access's property (``x.name``,
    ``x?.name``, the dot on the line before)."""
    at = start - 1
    while at >= 0 and data[at] in b" \t\r\n":
        at -= 1
    return at >= 0 and data[at] == ord(".")


def _refuse_if_changed(ws: Context, candidates: Sequence[Candidate]) -> None:
    """``conflict`` when a file read for the rename no longer holds the bytes it was read
    with: the files seen were not one state of the project."""
    moved = []
    for candidate in candidates:
        try:
            now = ws.confined.read_tree_file(candidate.path)
        except OSError:
            now = None
        if now != candidate.data:
            moved.append(candidate.shown)
    if moved:
        raise ConflictError(
            f"conflict: {', '.join(moved[:5])} changed while the rename read the files; "
            "nothing was written",
            suggestion="Run the rename again.",
        )


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


def _package_data(mention_files: Sequence[tuple[str, str, bytes]]) -> list[str]:
    """The files of ``mention_files`` (absolute path, shown path, bytes) that a Python
    package ships beside its modules: a folder with an ``__init__.py`` holds them (docs
    and configuration do not sit in one)."""
    out = []
    for full, shown, _ in mention_files:
        init = os.path.join(os.path.dirname(full), "__init__.py")
        # lstat only: a link named __init__.py is no package's, and is not followed out.
        if os.path.lexists(init) and not os.path.islink(init):
            out.append(shown)
    return out


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


def _test_strings(candidates: Sequence[Candidate]) -> list[tuple[str, int]]:
    """Where a Python test file spells the name in a string (an expected ``repr``)."""
    from prx.engine.intel.project import is_test_file

    return [
        (c.shown, o.line)
        for c in candidates
        if c.spec.name == "python" and is_test_file(c.shown)
        for o in c.scan.old
        if o.kind == "string"
    ]


def _collect(
    ws: Context,
    target: str,
    old: str,
    new: str,
    classes: ClassMap,
    lookups: dict[str, FileLookups],
) -> tuple[list[Candidate], list[tuple[str, str, bytes]], list[str], dict[str, int], _Foreign]:
    """Code files containing OLD (scanned), the other files mentioning it as a word
    (absolute path, shown path, bytes), the
    files named like OLD (a module ``OLD.py``, a package ``OLD/``), what was passed over,
    and the other people's code left out; the Python classes of every file walked go
    into ``classes``, what each looks up by a built name or names OLD in a string into
    ``lookups``."""
    from prx.engine.files.text import read_regular
    from prx.engine.files.walk import walk

    needle = old.encode()
    word = re.compile(r"(?<![\w$])" + re.escape(old) + r"(?![\w$])")
    walked = walk(target)
    skipped = dict(walked.skipped)
    candidates: list[Candidate] = []
    mentions: list[tuple[str, str, bytes]] = []
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
            data = read_regular(full)  # not through a link swapped in since the walk
        except OSError:
            skipped["unreadable"] = skipped.get("unreadable", 0) + 1
            continue
        if item.rel.endswith((".py", ".pyi")):
            class_headers(data, classes)
            read_lookups(shown_path(ws.root_dir, full), data, old, lookups)
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
                mentions.append((full, shown, data))
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
        _model_sites(ws, candidates, chosen, others, notes)
    python = [c for c in candidates if c.spec.name == "python"]
    if not python or engine == "syntactic":
        return []
    return bind_python(ws, target, candidates, old, engine, apply, notes, chosen, classes)


def _model_sites(
    ws: Context, candidates: list[Candidate], chosen: Target | None, others: int, notes: list[str]
) -> None:
    """What the chosen definition's language model says of each file of its languages:
    the sites it ties to the definition (renamed), those it can tie only by name (unsure)
    and the identifiers that are something else (left alone). Python is left to rope
    when rope reads it (:func:`_choose_engines` runs after and takes those files over)."""
    if chosen is None:
        return
    from prx.engine.intel.models import BY_NAME, model_for
    from prx.engine.intel.project import Project

    model = model_for(language_of(candidates, chosen))
    project = Project(ws, ws.root_dir)
    by_rel = {project.rel(c.path): c for c in candidates}
    target = chosen._replace(file=project.rel(path_of(candidates, chosen)))
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
    notes.extend(model.rename_notes(project, target))
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
        shorthand: set[int] = set()
        keeps_key: set[int] = set()
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
                if site.shorthand:
                    shorthand.add(occurrence.start)
                if site.keeps_key:
                    keeps_key.add(occurrence.start)
            else:
                unbound[occurrence.start] = UNSURE_BY_NAME
        candidate.renamed = tuple(renamed)
        candidate.shorthand = frozenset(shorthand)
        candidate.keeps_key = frozenset(keeps_key)
        candidate.unbound = unbound


#: Why a model leaves an identifier alone.
OTHER_BINDING = "other_binding"
OTHER_LANGUAGE = "other_language"
UNSURE_BY_NAME = "by_name"


def _run_as_code(candidates: Sequence[Candidate], name: str) -> str | None:
    """Why a string the project runs as code (``exec(source)``) holds a use of ``name``
    that the rename would leave, or None."""
    found = executed_string(
        (c.shown, c.data, [o.line for o in c.scan.old if o.kind == "string"])
        for c in candidates
        if c.spec.name == "python"
    )
    if found is None:
        return None
    return (
        f"{found[0]}:{found[1]} spells {name} in a string, and the file runs strings as "
        "code (exec/eval): renamed, that code would still say the old name"
    )


def _plan(
    candidate: Candidate,
    new: str,
    include_comments: bool,
    left_alone: list[RenameSkip],
    taken: set[tuple[str, int]],
    force: bool,
    paths: ImportPaths | None = None,
) -> None:
    """Which occurrences the file's engine renames (with the unsure sites the caller
    takes, or all of them when forced; where a string or a value writes the import path of
    the definition), and its new bytes."""
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
        # the identifiers, and the words the model ties where the parse has none (a C
        # macro's body: the preprocessor pastes it where the macro is used)
        tied = set(candidate.renamed)
        renamed = [o for o in candidate.scan.old if o.kind == "code" or o in tied]
    if candidate.spec.name == "python" and renamed:
        from prx.commands.rename.exports import typing_names

        # ``T = TypeVar('T')``, ``X = type('X', ..)``: the string goes with the name
        built = typing_names(candidate.data, [o for o in texts if o.kind == "string"], renamed)
        renamed += built
        texts = [o for o in texts if o not in built]
    # The module's own name is renamed when it defines the target, imports it by name or
    # passes it on by a star import; its doctests name the module's binding of it.
    if candidate.spec.name == "python" and (
        candidate.defines
        or candidate.star_exports
        or candidate.star_imports
        or any(o.in_import for o in renamed)
    ):
        from prx.commands.rename.exports import (
            annotation_names,
            doctest_names,
            export_names,
        )

        strings = [o for o in texts if o.kind == "string"]
        exported = export_names(candidate.data, strings)
        exported += annotation_names(
            candidate.data, candidate.parsed(), [o for o in strings if o not in exported]
        )
        if (candidate.engine == "rope" and renamed) or candidate.star_imports:
            exported += doctest_names(candidate.data, [o for o in strings if o not in exported])
        renamed += exported
        texts = [o for o in texts if o not in exported]
    if paths is not None:  # a string's or a configuration value's path of the definition
        starts = set(paths.name_starts(candidate.data))
        named = [o for o in [*texts, *others] if o.kind != "comment" and o.start in starts]
        renamed += named
        texts = [o for o in texts if o not in named]
        others = [o for o in others if o not in named]
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
    candidate.new_data = _replaced(
        candidate.data, renamed, new.encode(), candidate.shorthand, candidate.keeps_key
    )


def _replaced(
    data: bytes,
    occurrences: Sequence[Occurrence],
    new: bytes,
    shorthand: frozenset[int] = frozenset(),
    keeps_key: frozenset[int] = frozenset(),
) -> bytes:
    parts: list[bytes] = []
    at = 0
    for occurrence in occurrences:
        written = new
        if occurrence.start in shorthand:  # `S { x }` -> `S { new: x }`
            written = new + b": " + data[occurrence.start : occurrence.end]
        elif occurrence.start in keeps_key:  # `{ x }` -> `{ x: new }`
            written = data[occurrence.start : occurrence.end] + b": " + new
        parts += [data[at : occurrence.start], written]
        at = occurrence.end
    parts.append(data[at:])
    return b"".join(parts)


def _apply(
    ws: Context,
    changes: Sequence[FileChange],
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
    from prx.engine.files.atomic import apply_changes

    return apply_changes(list(changes), root=ws.confined)
