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
from prx.core.budget import RENAME_CEILING, cap_for
from prx.core.errors import ConflictError, InvalidArgumentError, NotFoundError, ParseError
from prx.core.results.rename import RenameConflict, RenameResult, RenameSkip
from prx.engine.files.display import shown_path

TYPE_CHECKING = False
if TYPE_CHECKING:
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
) -> RenameResult:
    """Rename for :meth:`Workspace.rename`."""
    if engine not in ENGINES:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(ENGINES)}, got {engine!r}",
            param="engine",
        )
    _check_names(old, new)
    cap = cap_for(budget, RENAME_CEILING)
    target = ws.resolve(path)
    if not os.path.exists(target):
        raise NotFoundError(f"file not found: {path}", param="path")
    notes: list[str] = []
    candidates, mentions, named_like, skipped, foreign = _collect(ws, target, old, new)
    if foreign.roots:
        notes.append(_foreign_note(ws, target, skipped, foreign))
    if not any(c.scan.old for c in candidates):
        raise _nothing_to_rename(old, path, mentions)
    _choose_engines(ws, target, candidates, old, engine, apply, notes)
    left_alone: list[RenameSkip] = []
    for candidate in candidates:
        _plan(candidate, old, new, include_comments, left_alone)
    changed = [c for c in candidates if c.renamed]
    if not changed:
        raise _nothing_to_rename(old, path, mentions, left_alone=left_alone)
    conflicts = find_conflicts(changed, old, new)
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
    if apply:
        notes.extend(_apply(ws, changed, conflicts, old, new))
    files = [file_answer(c) for c in changed]
    return fitted(
        cap,
        old=old,
        new=new,
        root=ws.root_dir,
        applied=apply,
        files=files,
        conflicts=conflicts,
        left_alone=left_alone,
        skipped=skipped,
        notes=notes,
    )


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


def _collect(
    ws: Context, target: str, old: str, new: str
) -> tuple[list[Candidate], list[str], list[str], dict[str, int], _Foreign]:
    """Code files containing OLD (scanned), the other files mentioning it as a word, the
    files named like OLD (a module ``OLD.py``, a package ``OLD/``), what was passed over,
    and the other people's code left out."""
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
            problem = identifier_problem(new, spec.name)
            if problem is not None and any(o.kind == "code" for o in found.old):
                raise InvalidArgumentError(
                    f"invalid argument {{param}}: {new!r} cannot replace {old!r} in "
                    f"{shown}: {problem}",
                    param="new",
                    suggestion="Choose another name.",
                )
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
) -> None:
    """rope for the Python files when it is installed (and can read them all), unless the
    syntactic engine was asked for."""
    python = [c for c in candidates if c.spec.name == "python"]
    if not python or engine == "syntactic":
        return
    from prx.commands.rename.rope_engine import (
        BOUND,
        EXTERNAL,
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
        return
    inside = os.path.commonpath([ws.root_dir, target]) == ws.root_dir
    project = (
        ws.root_dir if inside else (target if os.path.isdir(target) else os.path.dirname(target))
    )
    files = {c.path: (c.data, [o.start for o in c.scan.old if o.kind == "code"]) for c in python}
    try:
        bindings = rope_bindings(project, files)
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
        return
    counts = {EXTERNAL: 0, UNRESOLVED: 0}
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
            "listed in left_alone as unresolved; engine=syntactic renames every one by name"
        )


def _plan(
    candidate: Candidate,
    old: str,
    new: str,
    include_comments: bool,
    left_alone: list[RenameSkip],
) -> None:
    """Which occurrences the file's engine renames, and its new bytes."""
    texts = [o for o in candidate.scan.old if o.kind in ("comment", "string")]
    others = [o for o in candidate.scan.old if o.kind == "other"]
    if candidate.engine == "rope":
        unbound = [
            (o, candidate.unbound[o.start])
            for o in candidate.scan.old
            if o.start in candidate.unbound
        ]
        renamed = list(candidate.renamed)
    else:
        unbound = []
        renamed = [o for o in candidate.scan.old if o.kind == "code"]
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
