"""The two sides of a diff: git's changed files (or two files), their paths as answers
show them, and how to read both versions of each file."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from prx.commands.diff.model import FilePatch, split_large
from prx.core.errors import InvalidArgumentError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.context import Context

__all__ = ["BLOB_BYTES_MAX", "Side", "git_side", "no_index_side"]

#: Bytes of blob content held at once for the parse trees.
BLOB_BYTES_MAX = 64 * 1024 * 1024


class Side:
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
    from prx.core.hashing import content_hash

    parts: list[str] = []
    for p in patches:
        parts.append(f"{p.status}\0{p.old_path}\0{p.new_path}\0{p.old_sha}\0{p.new_sha}")
        parts.extend(
            f"{h.old_start},{h.old_count},{h.new_start},{h.new_count}\0"
            + "\n".join(h.removed + h.added)
            for h in p.hunks
        )
    return content_hash("\1".join(parts).encode("utf-8", "surrogateescape"))[:10]


def no_index_side(ws: Context, paths: Sequence[str], revision: str | None, staged: bool) -> Side:
    from prx.commands.diff.noindex import compare_files
    from prx.engine.files.display import shown_path

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
    return Side(
        patches=patches,
        repository=None,
        base=shown_old,
        target=shown_new,
        show=lambda path: path,
        contents=lambda wanted: {id(patch): (before, after)} if wanted else {},
        notes=[],
    )


def git_side(ws: Context, paths: tuple[str, ...], revision: str | None, staged: bool) -> Side:
    from prx.commands.diff import git

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
    if not specs and root_real != top_real:
        # The root is a folder of a larger repository: its diff stays inside the root.
        specs = [_pathspec(ws, top_real, ".")]
    patches = git.diff_patches(
        top, revisions=revisions, staged=staged, paths=specs, limit=git.PATCH_BYTES_MAX
    )
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
            f"the diff output passed {_size(git.PATCH_BYTES_MAX)}: the hunks of "
            f"{left} file(s) were not read (nor their lines counted); narrow the request to "
            "fewer paths to see them"
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

    return Side(
        patches=patches,
        repository=show("."),
        base=base,
        target=target,
        show=show,
        contents=contents,
        notes=notes,
    )


def _size(count: int) -> str:
    return f"{count // (1 << 20)} MiB" if count >= 1 << 20 else f"{count} bytes"


def _looks_like_revision(ws: Context, top: str, word: str) -> bool:
    """Whether a first path is rather a revision (as git decides: not a file, a commit)."""
    from prx.commands.diff import git

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
    from prx.commands.diff import git

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


def _pathspec(ws: Context, top_real: str, path: str) -> str:
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
    ws: Context, top: str, wanted: list[FilePatch], *, read_worktree: bool
) -> dict[int, tuple[bytes | None, bytes | None]]:
    from prx.commands.diff import git

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

    from prx.engine.files.text import read_regular

    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        return read_regular(path, limit + 1)
    except OSError:
        return None
