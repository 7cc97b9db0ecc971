"""One changed file and its hunks, before the answer is shaped (plain slotted classes)."""

from __future__ import annotations

__all__ = ["HUNK_LINES_MAX", "FilePatch", "Hunk", "SUBMODULE_MODE", "split_large"]

#: git's mode of a submodule entry (a "gitlink").
SUBMODULE_MODE = "160000"
#: A hunk with more removed or added lines is shown as pieces of this many, so that a
#: budget can page through a rewritten file instead of leaving it out whole.
HUNK_LINES_MAX = 100


class Hunk:
    """A run of changed lines: ``old_count`` lines from ``old_start`` replaced by
    ``new_count`` lines from ``new_start`` (a count of 0 means "after line start")."""

    __slots__ = ("new_count", "new_start", "old_count", "old_start", "removed", "added")

    def __init__(self, old_start: int, old_count: int, new_start: int, new_count: int) -> None:
        self.old_start, self.old_count = old_start, old_count
        self.new_start, self.new_count = new_start, new_count
        self.removed: list[str] = []
        self.added: list[str] = []

    @property
    def old_first(self) -> int:
        """First old line the hunk removes (for an insertion: the line after the point)."""
        return self.old_start if self.old_count else self.old_start + 1

    @property
    def new_first(self) -> int:
        """First new line the hunk adds (for a removal: the line after the point)."""
        return self.new_start if self.new_count else self.new_start + 1


class FilePatch:
    """What changed in one file: its status, paths, modes, and its hunks.

    Paths are relative to the repository's top (or as given, outside git), decoded with
    the file system's encoding so that names that are not UTF-8 survive.
    """

    __slots__ = (
        "added_lines",
        "binary",
        "complete",
        "hunks",
        "new_mode",
        "new_path",
        "new_sha",
        "old_mode",
        "old_path",
        "old_sha",
        "removed_lines",
        "similarity",
        "status",
        "submodule",
    )

    def __init__(
        self,
        *,
        status: str,
        old_path: str,
        new_path: str,
        old_mode: str = "000000",
        new_mode: str = "000000",
        old_sha: str = "",
        new_sha: str = "",
        similarity: int | None = None,
    ) -> None:
        #: ``added``, ``deleted``, ``modified``, ``renamed``, ``copied``, ``type_changed``,
        #: ``unmerged``.
        self.status = status
        self.old_path, self.new_path = old_path, new_path
        self.old_mode, self.new_mode = old_mode, new_mode
        self.old_sha, self.new_sha = old_sha, new_sha
        self.similarity = similarity
        self.binary = False
        self.submodule: tuple[str | None, str | None] | None = None
        self.hunks: list[Hunk] = []
        self.added_lines = 0
        self.removed_lines = 0
        #: False when the output limit stopped the reading before this file's hunks.
        self.complete = True

    @property
    def path(self) -> str:
        """The file as it is after the change (the old path for a deleted file)."""
        return self.old_path if self.status == "deleted" else self.new_path

    @property
    def is_submodule(self) -> bool:
        return SUBMODULE_MODE in (self.old_mode, self.new_mode)


def _piece(hunk: Hunk, first: int, last: int) -> Hunk:
    removed, added = hunk.removed[first:last], hunk.added[first:last]
    old_start = hunk.old_start + first if removed else hunk.old_start + min(first, hunk.old_count)
    new_start = hunk.new_start + first if added else hunk.new_start + min(first, hunk.new_count)
    # An empty side is an insertion point: "after line start - 1" is written as start - 1.
    piece = Hunk(
        old_start if removed else old_start - (1 if hunk.old_count else 0),
        len(removed),
        new_start if added else new_start - (1 if hunk.new_count else 0),
        len(added),
    )
    piece.removed, piece.added = removed, added
    return piece


def split_large(patch: FilePatch, size: int = HUNK_LINES_MAX) -> None:
    """Cut each hunk of more than ``size`` removed or added lines into pieces (the i-th
    removed line stays with the i-th added line, as they are paired)."""
    pieces: list[Hunk] = []
    for hunk in patch.hunks:
        longest = max(len(hunk.removed), len(hunk.added))
        if longest <= size:
            pieces.append(hunk)
            continue
        pieces.extend(_piece(hunk, at, at + size) for at in range(0, longest, size))
    patch.hunks = pieces
