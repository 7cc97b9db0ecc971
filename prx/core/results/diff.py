"""Results of ``prx diff``."""

from __future__ import annotations

from prx.core.record import FALSY, OMIT_WHEN, Shown, field, record
from prx.core.results.read import LineRange, Omission

__all__ = ["DiffChange", "DiffFile", "DiffHunk", "DiffResult", "DiffStats"]


@record
class DiffChange:
    """One changed line, or a removed line paired with the line that replaced it."""

    #: ``addition``, ``deletion`` or ``modification`` (a removed line and its replacement).
    type: str
    #: The line before the change (without its newline), or None for an addition.
    old: str | None
    #: The line after the change (without its newline), or None for a deletion.
    new: str | None


@record
class DiffHunk:
    """One run of changed lines of a file."""

    #: The file as it is after the change (relative to ``DiffResult.root`` when inside it).
    file: str
    #: The innermost definition enclosing the change after it (``Class.method``), or None.
    function: str | None
    #: The innermost definition that enclosed the change before it, or None.
    old_function: str | None
    #: Lines of the old version the hunk replaces; ``end`` is ``start - 1`` for an insertion
    #: (after line ``end``).
    old_range: LineRange
    #: Lines of the new version the hunk brings; ``end`` is ``start - 1`` for a removal.
    new_range: LineRange
    #: The changed lines, removed lines paired with the lines that replaced them.
    changes: tuple[DiffChange, ...]


@record
class DiffFile:
    """One changed file: what happened to it, whatever its content."""

    #: The file after the change (relative to ``DiffResult.root`` when inside it); for a
    #: deleted file, the path it had.
    path: str
    #: ``added``, ``deleted``, ``modified``, ``renamed``, ``copied``, ``type_changed``
    #: (a file became a symbolic link or the reverse) or ``unmerged``.
    status: str
    #: The path before a rename or copy, else None (left out of the JSON).
    old_path: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: Similarity of a renamed or copied file to its origin, in percent.
    similarity: int | None = field(default=None, metadata={OMIT_WHEN: None})
    #: The file mode before and after (``100644`` ...), when the mode changed.
    old_mode: str | None = field(default=None, metadata={OMIT_WHEN: None})
    new_mode: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: True for a binary file: its content is not shown, only that it changed.
    binary: bool = field(default=False, metadata={OMIT_WHEN: False})
    #: For a submodule: the commits before and after (None for an added or removed side).
    submodule: tuple[str | None, str | None] | None = field(
        default=None, metadata={OMIT_WHEN: None}
    )
    #: Language of the file, when prx knows it.
    language: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: Lines added and removed.
    additions: int = 0
    deletions: int = 0


@record
class DiffStats:
    """Counts over the whole diff (not only the hunks shown)."""

    #: Lines added.
    additions: int
    #: Lines removed.
    deletions: int
    #: Files changed (renamed, binary and mode-only changes included).
    files_changed: int
    #: ``path:Qualified.name`` of each innermost definition a changed non-blank line falls
    #: in, old and new side (under a budget or ceiling, the first 100 or fewer).
    functions_changed: tuple[str, ...]


@record
class DiffResult(Shown):
    """The answer of :func:`prx.diff`."""

    #: The absolute Workspace root: every path of the answer is relative to it when inside.
    root: str
    #: The git repository's top directory as shown (relative to ``root``, ``.`` when it is
    #: the root, or absolute); None when comparing two files outside git.
    repository: str | None
    #: What the old side is: a revision (``HEAD``, ``v1.0``), ``index`` or a file.
    base: str
    #: What the new side is: ``working tree``, ``index``, a revision or a file.
    target: str
    #: One deterministic sentence: files, lines, definitions and the notable changes.
    summary: str
    #: Counts over the whole diff.
    stats: DiffStats
    #: Signature changes, definitions added, removed or renamed, imports added or removed,
    #: found by comparing the parse trees of both versions (under a budget or ceiling, the
    #: first 60 or fewer).
    semantic_notes: tuple[str, ...]
    #: Every changed file (under a budget or ceiling, the first 100 or fewer; ``notes``
    #: says how many more).
    files: tuple[DiffFile, ...]
    #: The hunks shown, in file order; None with ``stat_only``.
    hunks: tuple[DiffHunk, ...] | None
    #: Whether a budget (or the default ceiling) left hunks out.
    truncated: bool = field(default=False, metadata={OMIT_WHEN: FALSY})
    #: Token to pass as ``continue_token`` for the hunks left out.
    continuation_token: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: What was left out: how many hunks, their tokens and why.
    omitted: Omission | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: What the reader should know: hunks left out (and where), untracked files, limits.
    notes: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: FALSY})
