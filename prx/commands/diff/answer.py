"""``prx diff``: the answer -- files, hunks with their definitions, notes, summary, budget.

Hunks are ranked by importance (those carrying a semantic note first, then changes inside
definitions of source files, new and deleted source files, other text, and lock files and
generated files last); a budget keeps a prefix of that ranking (:mod:`prx.commands.diff.fit`), shown
in file order, and the continuation token resumes after it. The stats, notes and file list
always describe the whole diff.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from prx.commands.diff.fit import fit_hunks, fixed_part
from prx.commands.diff.model import FilePatch, Hunk
from prx.commands.diff.semantic import NOT_CODE, FileSemantics, Version, analyse, parse_version
from prx.commands.diff.sides import Side, git_side, no_index_side
from prx.core import continuation
from prx.core.budget import DIFF_CEILING, Cap, cap_for
from prx.core.errors import InvalidArgumentError, ParseError
from prx.core.results.diff import DiffChange, DiffFile, DiffHunk, DiffResult, DiffStats
from prx.core.results.read import LineRange

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.context import Context
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["diff_changes"]

#: Files whose two versions are parsed for the notes (the first ones, in file order).
PARSED_FILES_MAX = 300
# Files whose changes matter least: lock files and generated output.
_LOW_NAMES = frozenset(
    {
        "package-lock.json",
        "yarn.lock",
        "pnpm-lock.yaml",
        "poetry.lock",
        "uv.lock",
        "Cargo.lock",
        "Gemfile.lock",
        "composer.lock",
        "go.sum",
        "Pipfile.lock",
    }
)
_LOW_SUFFIXES = (".lock", ".min.js", ".min.css", ".map", ".snap", ".svg")


def diff_changes(
    ws: Context,
    paths: Sequence[str],
    *,
    revision: str | None,
    staged: bool,
    no_index: bool,
    stat_only: bool,
    budget: int | None,
    continue_token: str | None,
) -> DiffResult:
    """The diff for :meth:`Workspace.diff`."""
    cap = cap_for(budget, DIFF_CEILING)
    request = continuation.fingerprint(
        "diff", tuple(paths), revision, staged, no_index, stat_only, ws.root_dir
    )
    offset, state = 0, None
    if continue_token is not None:  # a token of another request fails before git runs
        position, state = continuation.decode(continue_token, "diff", request, 2)
        offset = continuation.decode_int(position, "diff")
    if no_index:
        side = no_index_side(ws, paths, revision, staged)
    else:
        side = git_side(ws, tuple(paths), revision, staged)
    if state is not None and state != side.state:
        raise InvalidArgumentError(
            "invalid argument {param}: the changes are no longer those the token was issued for",
            param="continue_token",
            suggestion="Repeat the request without {param} to see the changes as they are.",
        )
    return _answer(ws, side, cap, request, offset, stat_only)


def _regular(mode: str) -> bool:
    return mode in ("100644", "100755", "000000", "")


def _semantics(
    ws: Context, side: Side, notes: list[str]
) -> dict[int, tuple[FileSemantics, str | None]]:
    """Each parsed file's semantics and language name, keyed by ``id(patch)``."""
    chosen: list[FilePatch] = []
    languages: dict[int, str | None] = {}
    specs: dict[int, tuple[LanguageSpec | None, LanguageSpec | None]] = {}
    for p in side.patches:
        # Each side by its own name: a renamed a.py -> a.ts is parsed as two languages.
        old_spec = _outlined(ws, p.old_path) if p.status != "added" else None
        new_spec = _outlined(ws, p.new_path) if p.status != "deleted" else None
        spec = ws.language_for(p.path)
        languages[id(p)] = spec.name if spec is not None else None
        specs[id(p)] = (old_spec, new_spec)
        if (
            (old_spec is not None or new_spec is not None)
            and not p.binary
            and not p.is_submodule
            and p.complete
            and _regular(p.old_mode)
            and _regular(p.new_mode)
        ):
            chosen.append(p)
    if len(chosen) > PARSED_FILES_MAX:
        notes.append(
            f"only the first {PARSED_FILES_MAX} of {len(chosen)} source files were parsed "
            "for definitions and notes; narrow the request to fewer paths for the others"
        )
        chosen = chosen[:PARSED_FILES_MAX]
    contents = side.contents(chosen)
    out: dict[int, tuple[FileSemantics, str | None]] = {}
    for p in side.patches:
        if id(p) not in contents:
            out[id(p)] = (analyse(p, None, None), languages[id(p)])
            continue
        old_spec, new_spec = specs[id(p)]
        before, after = contents[id(p)]
        old = _parsed(old_spec, before)
        new = _parsed(new_spec, after)
        if p.status not in ("added", "deleted") and (old is None) != (new is None):
            old = new = None  # one side too large, unreadable or unknown: no half comparison
        same = old_spec is not None and new_spec is not None and old_spec.name == new_spec.name
        code = languages[id(p)] not in NOT_CODE
        out[id(p)] = (analyse(p, old, new, comparable=same, code=code), languages[id(p)])
    return out


def _outlined(ws: Context, path: str) -> LanguageSpec | None:
    """The language of ``path`` when prx can outline it."""
    spec = ws.language_for(path)
    return spec if spec is not None and "outline" in spec.queries else None


def _parsed(spec: LanguageSpec | None, data: bytes | None) -> Version | None:
    if spec is None or data is None:
        return None
    try:
        return parse_version(spec, data)
    except ParseError:
        return None


def _changes(hunk: Hunk) -> tuple[DiffChange, ...]:
    paired = min(len(hunk.removed), len(hunk.added))
    out = [
        DiffChange(type="modification", old=hunk.removed[i], new=hunk.added[i])
        for i in range(paired)
    ]
    out += [DiffChange(type="deletion", old=line, new=None) for line in hunk.removed[paired:]]
    out += [DiffChange(type="addition", old=None, new=line) for line in hunk.added[paired:]]
    return tuple(out)


def _tier(path: str, language: str | None, status: str, notable: bool, inside: bool) -> int:
    """How important a hunk is (0 first): a semantic note in a changed file, a change inside
    a definition of source, a new or deleted source file, other text, lock files and
    generated files."""
    name = path.rsplit("/", 1)[-1]
    if name in _LOW_NAMES or name.endswith(_LOW_SUFFIXES):
        return 4
    code = language is not None and language not in NOT_CODE
    if status in ("added", "deleted"):
        return 2 if code else 3
    if notable:
        return 0
    return 1 if code and inside else 3


def _answer(
    ws: Context, side: Side, cap: Cap, request: str, offset: int, stat_only: bool
) -> DiffResult:
    notes = list(side.notes)
    semantics = _semantics(ws, side, notes)
    files: list[DiffFile] = []
    semantic_notes: list[str] = []
    functions: list[str] = []
    ranked: list[tuple[int, int, int, DiffHunk]] = []
    kinds: Counter[str] = Counter()
    for order, p in enumerate(side.patches):
        sem, language = semantics[id(p)]
        shown = side.show(p.path)
        mode_changed = p.old_mode != p.new_mode and "000000" not in (p.old_mode, p.new_mode)
        files.append(
            DiffFile(
                path=shown,
                status=p.status,
                old_path=side.show(p.old_path) if p.status in ("renamed", "copied") else None,
                similarity=p.similarity,
                old_mode=p.old_mode if mode_changed else None,
                new_mode=p.new_mode if mode_changed else None,
                binary=p.binary,
                submodule=p.submodule if p.is_submodule else None,
                language=language,
                additions=p.added_lines if not p.is_submodule else 0,
                deletions=p.removed_lines if not p.is_submodule else 0,
            )
        )
        semantic_notes += [f"{shown}: {note}" for note in sem.notes]
        kinds.update(sem.kinds)
        functions += [f"{shown}:{name}" for name in sem.changed]
        if p.is_submodule:
            continue
        for index, hunk in enumerate(p.hunks):
            after, before = sem.enclosing[index]
            shown_hunk = DiffHunk(
                file=shown,
                function=after,
                old_function=before,
                old_range=LineRange(start=hunk.old_first, end=hunk.old_first + hunk.old_count - 1),
                new_range=LineRange(start=hunk.new_first, end=hunk.new_first + hunk.new_count - 1),
                changes=_changes(hunk),
            )
            inside = (after or before) is not None
            tier = _tier(shown, language, p.status, sem.notable[index], inside)
            ranked.append((tier, order, index, shown_hunk))
    ranked.sort(key=lambda item: item[:3])
    counted = [p for p in side.patches if not p.is_submodule]
    summary = _summary(side, files, len(functions), kinds)

    def whole(shown: tuple[int, int, int] | None) -> DiffResult:
        """The answer without hunks, its lists cut to ``shown`` (files, definitions,
        notes; None: whole), with a note for each list cut."""
        n_files, n_functions, n_notes = shown or (len(files), len(functions), len(semantic_notes))
        said = list(notes)
        if len(files) > n_files:
            said.append(f"the file list shows {n_files} of {len(files)} files")
        if len(functions) > n_functions:
            said.append(
                f"stats.functions_changed lists {n_functions} of {len(functions)} definitions"
            )
        if len(semantic_notes) > n_notes:
            said.append(f"semantic_notes shows {n_notes} of {len(semantic_notes)} notes")
        return DiffResult(
            root=ws.root_dir,
            repository=side.repository,
            base=side.base,
            target=side.target,
            summary=summary,
            stats=DiffStats(
                additions=sum(p.added_lines for p in counted),
                deletions=sum(p.removed_lines for p in counted),
                files_changed=len(side.patches),
                functions_changed=tuple(functions[:n_functions]),
            ),
            semantic_notes=tuple(semantic_notes[:n_notes]),
            files=tuple(files[:n_files]),
            hunks=None,
            notes=tuple(said),
        )

    fixed = fixed_part(whole, cap, share=1.0 if stat_only else 0.5)
    if stat_only:
        return fixed
    page = [(order, index, hunk) for _, order, index, hunk in ranked][offset:]
    return fit_hunks(fixed, page, offset, cap, request, side.state)


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 's')}"


_FACTS = (
    ("signature", "signature change", "signature changes"),
    ("added", "definition added", "definitions added"),
    ("removed", "definition removed", "definitions removed"),
    ("renamed", "definition renamed", "definitions renamed"),
    ("import_added", "import added", "imports added"),
    ("import_removed", "import removed", "imports removed"),
)


def _summary(side: Side, files: list[DiffFile], functions: int, kinds: Counter[str]) -> str:
    """One sentence, the same for the same changes."""
    if not files:
        target = f"the {side.target}" if side.target in ("working tree", "index") else side.target
        return f"No changes between {side.base} and {target}."
    additions = sum(f.additions for f in files)
    deletions = sum(f.deletions for f in files)
    text = f"{_plural(len(files), 'file')} changed (+{additions} -{deletions})"
    if functions:
        text += f" in {_plural(functions, 'definition')}"
    facts = [
        f"{kinds[key]} {one if kinds[key] == 1 else many}"
        for key, one, many in _FACTS
        if kinds[key]
    ]
    for status in ("added", "deleted", "renamed"):
        n = sum(1 for f in files if f.status == status)
        if n:
            facts.append(f"{_plural(n, 'file')} {status}")
    binary = sum(1 for f in files if f.binary)
    if binary:
        facts.append(f"{binary} binary")
    modes = sum(1 for f in files if f.new_mode is not None)
    if modes:
        facts.append(_plural(modes, "mode change"))
    submodules = sum(1 for f in files if f.submodule is not None)
    if submodules:
        facts.append(_plural(submodules, "submodule"))
    if facts:
        text += ": " + ", ".join(facts)
    return text + "."
