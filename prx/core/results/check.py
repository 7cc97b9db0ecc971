"""What the post-change check found: the language's own checker run before and after a
write (``rename --apply``, ``edit --apply``), or on a scratch copy for a dry run."""

from __future__ import annotations

from prx.core.record import OMIT_WHEN, field, record
from prx.core.results.run import Diagnostic

__all__ = ["ChangeCheck"]


@record
class ChangeCheck:
    """The language's own fast checker, run on the project before and after a change."""

    #: The commands run, ``; `` between them (``cargo check --offline ...``), or None when
    #: none ran.
    command: str | None
    #: True when a checker ran before and after the change.
    ran: bool
    #: Why no checker ran (none installed, it would run the project's own code, it timed
    #: out ...).
    why_not: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: When some checker ran: the others that did not, and why (``pyright is not
    #: installed``).
    skipped: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: ()})
    #: Errors the checkers that ran reported before and after the change.
    errors_before: int = 0
    errors_after: int = 0
    #: The errors the change added (the first 20; ``new_error_count`` counts them all):
    #: those after that the errors before do not account for, compared by file, code and
    #: message (not by line: an error the change only moved is not new).
    new_errors: tuple[Diagnostic, ...] = field(default=(), metadata={OMIT_WHEN: ()})
    new_error_count: int = 0
    #: True when the change was undone because it added errors (``rollback``): nothing
    #: of it remains written, and the answer's ``applied`` is false.
    rolled_back: bool = False
    #: Why the rollback asked for was refused (a file changed again since the write, by
    #: someone else): the change stays written.
    rollback_refused: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: True when the change was checked on a scratch copy of the project (a dry run).
    scratch: bool = field(default=False, metadata={OMIT_WHEN: False})
