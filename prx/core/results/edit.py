"""Results of ``prx edit``."""

from __future__ import annotations

from prx.core.record import OMIT_WHEN, Shown, field, record
from prx.core.results.check import ChangeCheck

__all__ = ["EditChange", "EditFile", "EditResult"]


@record
class EditChange:
    """One changed place of a file: the whole lines before and after."""

    #: The file, as given (relative to the workspace root, or absolute).
    file: str
    #: First line of the change in the file as it was before this change, 1-based.
    line: int
    #: The innermost function, method or class around that line, or None.
    function: str | None
    #: The lines the change replaces (empty for an insertion), without the last newline.
    before: str
    #: The lines that replace them (empty for a deletion), without the last newline.
    after: str
    #: How a find text matched: ``exact``, ``whitespace`` (indentation and spacing
    #: normalised, re-indented to the file's own) or ``unicode`` (typographic quotes,
    #: dashes and spaces normalised too); None for line, symbol and patch edits.
    match: str | None = field(default=None, metadata={OMIT_WHEN: None})


@record
class EditFile:
    """One file an edit changes."""

    #: The file, as given.
    file: str
    #: ``update``, ``create`` or ``delete``.
    action: str
    #: Content hash of the file before (None when it is created).
    hash_before: str | None
    #: Content hash of the file after (None when it is deleted): what a later
    #: ``expect_hash`` or ``read --if-changed`` compares with.
    hash_after: str | None
    #: Number of changes in this file.
    replacements: int
    #: Syntax error nodes of the file before and after (None: no grammar for it).
    syntax_errors_before: int | None = None
    syntax_errors_after: int | None = None
    #: The first new syntax error (``line 4, column 9: unexpected ')'``), when the change
    #: adds errors; None otherwise.
    syntax_error: str | None = None


@record
class EditResult(Shown):
    """The answer of :func:`prx.edit`."""

    #: The file edited, when there is exactly one; None for edits across several files.
    file: str | None
    #: True when nothing was written (the default; ``apply`` writes).
    dry_run: bool
    #: Every change, file by file, in order (the first 200; ``notes`` says when there
    #: are more).
    changes: tuple[EditChange, ...]
    #: Number of changes (all of them, listed or not).
    total_replacements: int
    #: False when the edit adds syntax errors to a file (then nothing was written, unless
    #: ``force``).
    syntax_valid: bool
    #: What is wrong when ``syntax_valid`` is false (the first new error), else None.
    syntax_error: str | None
    #: Content hashes of the single file before and after (None for several files).
    hash_before: str | None
    hash_after: str | None
    #: The loosest tolerance a find text needed (``exact``, ``whitespace``, ``unicode``);
    #: None when no edit was a find.
    match: str | None
    #: Every file changed, with its hashes and syntax error counts.
    files: tuple[EditFile, ...]
    #: True when the files were written (false again when the post-change check rolled
    #: the edit back: ``check.rolled_back``).
    applied: bool = False
    #: Remarks: a syntax check that could not run, a change forced through, ...; when the
    #: post-change check found new errors, the first note says so.
    notes: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: ()})
    #: What the language's own checker found (``check``: on ``apply`` by default, on a
    #: dry run with ``always``); None when it was not asked for.
    check: ChangeCheck | None = field(default=None, metadata={OMIT_WHEN: None})
