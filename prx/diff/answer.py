"""``prx diff``: the answer -- files, hunks with their definitions, notes, summary, budget.

Hunks are ranked by importance (those carrying a semantic note first, then changes inside
definitions of source files, new and deleted source files, other text, and lock files and
generated files last); a budget
keeps a prefix of that ranking, shown in file order, and the continuation token resumes
after it. The stats, notes and file list always describe the whole diff.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence

from prx import continuation
from prx._record import replace
from prx.budget import (
    DIFF_CEILING,
    ENVELOPE_RESERVE,
    Cap,
    cap_for,
    data_tokens,
    fit_prefix,
    limit_for,
)
from prx.diff.model import FilePatch, Hunk, split_large
from prx.diff.semantic import NOT_CODE, FileSemantics, Version, analyse, parse_version
from prx.envelope import dumps, to_jsonable
from prx.errors import BudgetExceededError, InvalidArgumentError, ParseError
from prx.types import (
    DiffChange,
    DiffFile,
    DiffHunk,
    DiffResult,
    DiffStats,
    LineRange,
    Omission,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec
    from prx.workspace import Workspace

__all__ = ["diff_changes"]

#: How many files, definitions and semantic notes a capped answer lists, at most (the
#: first level), and the shorter lists it falls back to when they would take more than
#: half the limit (the counts always cover all).
_LIST_LEVELS: tuple[tuple[int, int, int], ...] = (
    (100, 100, 60),
    (50, 50, 30),
    (20, 20, 15),
    (10, 10, 8),
    (5, 5, 5),
)
#: Files whose two versions are parsed for the notes (the first ones, in file order).
PARSED_FILES_MAX = 300
#: Bytes of blob content held at once for the parse trees.
BLOB_BYTES_MAX = 64 * 1024 * 1024
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
_PLACEHOLDER = 999_999_999


def diff_changes(
    ws: Workspace,
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
    if no_index:
        side = _no_index_side(ws, paths, revision, staged)
    else:
        side = _git_side(ws, tuple(paths), revision, staged)
    request = continuation.fingerprint(
        "diff", tuple(paths), revision, staged, no_index, stat_only, ws.root_dir
    )
    offset = 0
    if continue_token is not None:
        position, state = continuation.decode(continue_token, "diff", request, 2)
        offset = continuation.decode_int(position, "diff")
        if state != side.state:
            raise InvalidArgumentError(
                "invalid argument {param}: the changes are no longer those the token was "
                "issued for",
                param="continue_token",
                suggestion="Repeat the request without {param} to see the changes as they are.",
            )
    return _answer(ws, side, cap, request, offset, stat_only)


class _Side:
    """The patches of one request and how to read both versions of each file."""

    def __init__(
        self,
        *,
        patches: list[FilePatch],
        repository: str | None,
        base: str,
        target: str,
        show: Callable[[str], str],
        contents: Callable[[list[FilePatch]], dict[int, tuple[bytes | None, bytes | None]]],
        notes: list[str],
    ) -> None:
        self.patches = patches
        self.repository = repository
        self.base, self.target = base, target
        self.show = show
        self.contents = contents
        self.notes = notes
        self.state = _state(patches)


def _state(patches: list[FilePatch]) -> str:
    """A short hash of the changes (a continuation token is valid while it holds)."""
    from prx.hashing import content_hash

    parts: list[str] = []
    for p in patches:
        parts.append(f"{p.status}\0{p.old_path}\0{p.new_path}\0{p.old_sha}\0{p.new_sha}")
        parts.extend(
            f"{h.old_start},{h.old_count},{h.new_start},{h.new_count}\0"
            + "\n".join(h.removed + h.added)
            for h in p.hunks
        )
    return content_hash("\1".join(parts).encode("utf-8", "surrogateescape"))[:10]


# ------------------------------------------------------------------ the two sides


def _no_index_side(
    ws: Workspace, paths: Sequence[str], revision: str | None, staged: bool
) -> _Side:
    from prx.diff.noindex import compare_files
    from prx.files.display import shown_path

    if revision is not None or staged:
        raise InvalidArgumentError(
            "invalid argument {param}: two files compared without git have no revision or index",
            param="revision" if revision is not None else "staged",
            suggestion="Drop {param}, or drop {param:no_index} to compare versions in git.",
        )
    if len(paths) != 2:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: comparing without git takes two files, got {len(paths)}",
            param="paths",
            suggestion="Give the old file, then the new one.",
        )
    old, new = (ws.resolve(p) for p in paths)
    shown_old, shown_new = (shown_path(ws.root_dir, p) for p in (old, new))
    patch, before, after = compare_files(ws, old, new, shown_old, shown_new)
    split_large(patch)
    patches = [patch] if (patch.hunks or patch.binary or not patch.complete) else []
    if patches and patch.old_mode == patch.new_mode:
        patch.old_mode = patch.new_mode = ""
    elif patch.old_mode != patch.new_mode and not patches:
        patches = [patch]
    return _Side(
        patches=patches,
        repository=None,
        base=shown_old,
        target=shown_new,
        show=lambda path: path,
        contents=lambda wanted: {id(patch): (before, after)} if wanted else {},
        notes=[],
    )


def _git_side(ws: Workspace, paths: tuple[str, ...], revision: str | None, staged: bool) -> _Side:
    from prx.diff import git

    top = git.repository_top(ws.root_dir)
    root_real, top_real = os.path.realpath(ws.root_dir), os.path.realpath(top)
    if revision is None and paths and _looks_like_revision(ws, top, paths[0]):
        revision, paths = paths[0], paths[1:]
    notes: list[str] = []
    revisions: list[str]
    if revision is not None:
        revisions, base, target = _revisions(top, revision, staged)
    elif git.has_head(top):
        revisions, base = ["HEAD"], "HEAD"
        target = "index" if staged else "working tree"
    else:
        revisions, base = [git.empty_tree(top)], "an empty tree"
        target = "index" if staged else "working tree"
        notes.append("the repository has no commit yet: the changes are against an empty tree")
    specs = [_pathspec(ws, top_real, p) for p in paths]
    patches = git.diff_patches(top, revisions=revisions, staged=staged, paths=specs)
    for patch in patches:
        split_large(patch)
    if not patches:
        # Say why a filtered diff is empty when a path names nothing (a typo, most likely).
        notes += [
            f"{path} does not exist and no change lies under it"
            for path in paths
            if not os.path.lexists(ws.resolve(path))
        ]
    if any(not p.complete for p in patches):
        left = sum(1 for p in patches if not p.complete)
        notes.append(
            f"the diff output passed {git.PATCH_BYTES_MAX // (1024 * 1024)} MiB: the hunks of "
            f"{left} file(s) were not read; narrow the request to fewer paths to see them"
        )
    if target == "working tree":
        untracked = git.untracked_count(top, specs)
        if untracked:
            notes.append(
                f"{untracked} untracked file(s) not shown: git compares tracked files only "
                "(`git add -N PATH` makes a new file part of the diff)"
            )

    def show(path: str) -> str:
        # Relative to the Workspace root when inside it (from a subdirectory too), else absolute.
        shown = os.path.relpath(os.path.join(top_real, path), root_real)
        if shown == os.pardir or shown.startswith(os.pardir + os.sep):
            return os.path.normpath(os.path.join(top, path))
        return shown.replace(os.sep, "/") if os.sep != "/" else shown

    def contents(wanted: list[FilePatch]) -> dict[int, tuple[bytes | None, bytes | None]]:
        return _git_contents(ws, top, wanted, read_worktree=target == "working tree")

    return _Side(
        patches=patches,
        repository=show("."),
        base=base,
        target=target,
        show=show,
        contents=contents,
        notes=notes,
    )


def _looks_like_revision(ws: Workspace, top: str, word: str) -> bool:
    """Whether a first path is rather a revision (as git decides: not a file, a commit)."""
    from prx.diff import git

    if os.path.lexists(ws.resolve(word)) or word.startswith("-"):
        return False
    if ".." in word:
        return True
    try:
        git.verify_revision(top, word)
    except InvalidArgumentError:
        return False
    return True


def _revisions(top: str, revision: str, staged: bool) -> tuple[list[str], str, str]:
    """git's revision arguments for ``revision``, with the names of both sides."""
    from prx.diff import git

    for marker in ("...", ".."):
        if marker in revision:
            if staged:
                raise InvalidArgumentError(
                    f"invalid argument {{param}}: a range ({revision}) compares two commits, "
                    "not the index",
                    param="staged",
                    suggestion="Drop {param}, or give one revision to compare with the index.",
                )
            first, _, second = revision.partition(marker)
            first, second = first or "HEAD", second or "HEAD"
            git.verify_revision(top, first)
            git.verify_revision(top, second)
            if marker == "...":
                return [f"{first}...{second}"], f"the merge base of {first} and {second}", second
            return [first, second], first, second
    git.verify_revision(top, revision)
    return [revision], revision, "index" if staged else "working tree"


def _pathspec(ws: Workspace, top_real: str, path: str) -> str:
    """``path`` (relative to the Workspace root) relative to the repository's top."""
    resolved = ws.resolve(path)
    parent, name = os.path.split(os.path.normpath(resolved))
    real = os.path.join(os.path.realpath(parent), name) if name else os.path.realpath(parent)
    relative = os.path.relpath(real, top_real)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {path} is outside the repository at {top_real}",
            param="paths",
            suggestion="Give paths inside the repository, or compare two files with "
            "{param:no_index}.",
        )
    return relative.replace(os.sep, "/")


def _git_contents(
    ws: Workspace, top: str, wanted: list[FilePatch], *, read_worktree: bool
) -> dict[int, tuple[bytes | None, bytes | None]]:
    from prx.diff import git

    limit = ws.config.max_file_size
    shas = [p.old_sha for p in wanted if p.status != "added"]
    shas += [p.new_sha for p in wanted if p.status != "deleted" and p.new_sha]
    found = git.blobs(top, shas, limit, BLOB_BYTES_MAX)
    out: dict[int, tuple[bytes | None, bytes | None]] = {}
    for p in wanted:
        old = found.get(p.old_sha) if p.status != "added" else None
        new: bytes | None = None
        if p.status != "deleted":
            if p.new_sha:
                new = found.get(p.new_sha)
            elif read_worktree:
                new = _worktree_file(os.path.join(top, p.new_path), limit)
        out[id(p)] = (old, new)
    return out


def _worktree_file(path: str, limit: int) -> bytes | None:
    import stat

    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        with open(path, "rb") as fh:
            return fh.read(limit + 1)
    except OSError:
        return None


# ------------------------------------------------------------------ the answer


def _regular(mode: str) -> bool:
    return mode in ("100644", "100755", "000000", "")


def _semantics(
    ws: Workspace, side: _Side, notes: list[str]
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


def _outlined(ws: Workspace, path: str) -> LanguageSpec | None:
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
    ws: Workspace, side: _Side, cap: Cap, request: str, offset: int, stat_only: bool
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

    fixed = _fixed_part(whole, cap, share=1.0 if stat_only else 0.5)
    if stat_only:
        return fixed
    page = [(order, index, hunk) for _, order, index, hunk in ranked][offset:]
    return _fit(fixed, page, offset, cap, request, side.state)


def _fixed_part(
    whole: Callable[[tuple[int, int, int] | None], DiffResult], cap: Cap, share: float
) -> DiffResult:
    """The answer without hunks, its lists short enough to leave the hunks room: at most
    ``share`` of the limit (all of it with no limit)."""
    if cap.tokens is None:
        return whole(None)
    limit = limit_for(cap.tokens)
    answer = whole(_LIST_LEVELS[0])
    for level in _LIST_LEVELS[1:]:
        if data_tokens(answer, cap.count) <= limit * share:
            break
        answer = whole(level)
    if data_tokens(answer, cap.count) > limit:
        raise BudgetExceededError(
            f"{cap.describe()} cannot hold the summary, stats and notes of this diff "
            f"(about {data_tokens(answer, cap.count)} tokens)",
            suggestion="Use a larger {param:budget} (0: no limit), or give {param:paths} "
            "to narrow the diff.",
        )
    return answer


def _fit(
    whole: DiffResult,
    page: list[tuple[int, int, DiffHunk]],
    offset: int,
    cap: Cap,
    request: str,
    state: str,
) -> DiffResult:
    """The most important hunks from ``offset`` on that fit ``cap``, shown in file order."""
    count = cap.count

    def build(keep: int, rest_tokens: int, *, resumable: bool = True) -> DiffResult:
        kept = sorted(page[:keep], key=lambda item: item[:2])
        result = replace(whole, hunks=tuple(hunk for _, _, hunk in kept))
        left = [hunk for _, _, hunk in page[keep:]]
        if not left:
            return result
        note = _left_out(left, rest_tokens, cap, resumable)
        return replace(
            result,
            truncated=True,
            continuation_token=continuation.encode("diff", request, offset + keep, state)
            if resumable
            else None,
            omitted=Omission(count=len(left), tokens=rest_tokens, reason=cap.reason),
            notes=(*whole.notes, note),
        )

    keep = len(page)
    if cap.tokens is not None:
        limit = limit_for(cap.tokens)
        if data_tokens(build(keep, 0), count) > limit:
            keep = fit_prefix(
                len(page), lambda k: data_tokens(build(k, _PLACEHOLDER), count), limit
            )
        if keep == 0 and page:
            fixed = data_tokens(build(0, _PLACEHOLDER, resumable=False), count)
            first = page[0][2]
            if cap.reason == "budget" or fixed > limit:
                needed = data_tokens(build(1, _PLACEHOLDER), count) + ENVELOPE_RESERVE
                raise BudgetExceededError(
                    f"{cap.describe()} cannot hold the summary with the first hunk "
                    f"({first.file}, lines {first.new_range.start}-{first.new_range.end}, "
                    f"about {data_tokens(first, count)} tokens)",
                    suggestion=f"Use {{param:budget}} {needed} or more (0: no limit), give "
                    "{param:paths} to narrow the diff, or use {param:stat_only}.",
                )
            rest = page
            return build(0, count(dumps(to_jsonable([h for _, _, h in rest]))), resumable=False)
    rest_hunks = [hunk for _, _, hunk in page[keep:]]
    return build(keep, count(dumps(to_jsonable(rest_hunks))) if rest_hunks else 0)


def _left_out(left: list[DiffHunk], tokens: int, cap: Cap, resumable: bool) -> str:
    """What the cut left out, file by file, and how to get it."""
    per_file: dict[str, int] = {}
    for hunk in left:
        per_file[hunk.file] = per_file.get(hunk.file, 0) + 1
    listed = ", ".join(f"{path} ({n})" for path, n in list(per_file.items())[:10])
    more = len(per_file) - 10
    if more > 0:
        listed += f" and {more} more files"
    how = (
        "the continuation_token gives the next hunks; a diff of one of these paths gives "
        "its hunks alone"
        if resumable
        else "the next hunk alone is larger than the limit: ask for its path alone with a "
        "larger budget (0: no limit)"
    )
    return (
        f"{len(left)} hunk(s) (about {tokens} tokens) left out by {cap.describe()}: {listed}; {how}"
    )


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


def _summary(side: _Side, files: list[DiffFile], functions: int, kinds: Counter[str]) -> str:
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
