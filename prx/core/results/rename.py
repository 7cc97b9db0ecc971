"""Results of ``prx rename``."""

from __future__ import annotations

from prx.core.record import OMIT_WHEN, Shown, field, record
from prx.core.results.check import ChangeCheck
from prx.core.results.read import Omission

__all__ = ["RenameConflict", "RenameFile", "RenameLine", "RenameResult", "RenameSkip"]


@record
class RenameLine:
    """One line that the rename changes."""

    #: Line number, 1-based.
    line: int
    #: The line as it is (without its line ending).
    before: str
    #: The line after the rename.
    after: str
    #: True when the line is an import (``from a import OLD``, ``import {OLD} from``).
    in_import: bool = False


@record
class RenameFile:
    """The changes to one file."""

    #: The file: relative to the Workspace root (``RenameResult.root``) when inside it.
    file: str
    #: Language name.
    language: str
    #: Which engine found the occurrences: ``rope`` (Python, by binding), ``model`` (the
    #: language's own model of imports and references), ``syntactic`` (identifiers
    #: spelled OLD, by name) or ``import_path`` (a file that is not code where the
    #: definition's import path is written: ``pkg.mod:Name`` in an entry point).
    engine: str
    #: Occurrences renamed in this file.
    replacements: int
    #: The changed lines, in order (a budget may leave the last ones out).
    lines: tuple[RenameLine, ...] = ()


@record
class RenameConflict:
    """Why the rename would break or change the meaning of code: ``--apply`` refuses it."""

    #: The file where NEW clashes.
    file: str
    #: Line of the clashing name (or of the first syntax error the rename would add).
    line: int
    #: ``name_exists`` (NEW is already a name in the same scope), ``syntax`` (the
    #: renamed file would not parse) or ``overrides_library`` (a renamed Python method
    #: overrides a library's or a builtin's: renamed, it would no longer be called).
    kind: str
    #: What clashes, in words.
    message: str


@record
class RenameSkip:
    """An occurrence of OLD that the rename leaves alone, and why."""

    #: The file.
    file: str
    #: Line, 1-based.
    line: int
    #: The line as it is.
    text: str
    #: ``comment`` or ``string`` (renamed only with ``include_comments``), ``external``
    #: (rope binds it to a definition outside the renamed files: ``d.get`` on a dict, a
    #: library's name, a definition outside the path), ``other_binding`` (bound to another
    #: definition spelled the same), ``other_language`` (a file of another language than
    #: the definition's), ``other`` (a whole word the parse has no identifier for: a C
    #: macro's body, a Ruby symbol). Unsure, so an applied rename refuses while any is
    #: left (unless taken with ``sites`` or ``force``): ``unresolved`` (rope binds it to
    #: nothing: an attribute of an object of unknown type) and ``by_name`` (only its name
    #: ties it to the definition: a receiver of unknown type).
    reason: str


@record
class RenameResult(Shown):
    """The answer of :func:`prx.rename`."""

    #: The name renamed.
    old: str
    #: The new name.
    new: str
    #: The absolute Workspace root the relative paths are relative to.
    root: str
    #: True when the files were written; False for a dry run (nothing written), or when
    #: the post-change check rolled the rename back (``check.rolled_back``).
    applied: bool
    #: Files with at least one replacement.
    files_changed: int
    #: Replacements in all files.
    total_replacements: int
    #: Per file, in path order.
    changes: tuple[RenameFile, ...]
    #: Clashes of NEW with existing names or syntax; ``--apply`` refuses while any remain.
    conflicts: tuple[RenameConflict, ...] = ()
    #: Occurrences of OLD left alone, with the reason.
    left_alone: tuple[RenameSkip, ...] = ()
    #: Files the walk or the rename passed over, by reason (``not_utf8``, ``ignored`` ...).
    skipped: dict[str, int] = field(default_factory=dict)
    #: What the reader should know about how the answer was made (the engines used, files
    #: that mention OLD but were not renamed, what a ceiling left out).
    notes: tuple[str, ...] = ()
    #: Whether a budget (or the default ceiling) left lines out of the answer (never out
    #: of an applied rename: ``apply`` writes every change).
    truncated: bool = False
    #: When lines were left out: how many, their tokens and why; else None.
    omitted: Omission | None = None
    #: The definition renamed, qualified, with its place (``AppContext.pop
    #: (src/flask/ctx.py:453)``); None when the files define no OLD (a rename by name).
    target: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: What the language's own checker found (``check``: on ``apply`` by default, on a
    #: dry run with ``always``); None when it was not asked for. New errors also lead
    #: ``notes``.
    check: ChangeCheck | None = field(default=None, metadata={OMIT_WHEN: None})
