"""Results of ``prx outline``."""

from __future__ import annotations

from prx.core.record import FALSY, OMIT_WHEN, Shown, field, record
from prx.core.results.read import Omission, Symbol

__all__ = ["FileOutline", "OutlineResult"]


@record
class FileOutline:
    """The symbols of one file."""

    #: The file: relative to the Workspace root (``OutlineResult.root``) when inside it,
    #: else absolute; pass it to ``read`` as it stands.
    file: str
    #: Language name, or None when unknown.
    language: str | None
    #: Nested symbols.
    symbols: tuple[Symbol, ...]


@record
class OutlineResult(Shown):
    """The answer of :func:`prx.outline`: one file, or every file of a directory."""

    #: The path as given.
    file: str
    #: The absolute Workspace root: ``file`` as given, and the relative paths of ``files``,
    #: are relative to it.
    root: str
    #: Language of the file; None for a directory or an unknown language.
    language: str | None
    #: Symbols of the file (empty for a directory).
    symbols: tuple[Symbol, ...] = ()
    #: Per-file outlines when the path is a directory, else None.
    files: tuple[FileOutline, ...] | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: Files the walker passed over or that could not be outlined, by reason.
    skipped: dict[str, int] = field(default_factory=dict, metadata={OMIT_WHEN: FALSY})
    #: Whether a budget (or the default ceiling) left symbols out.
    truncated: bool = field(default=False, metadata={OMIT_WHEN: FALSY})
    #: Token to pass as ``continue_token`` for the next page.
    continuation_token: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: When symbols were left out: how many top-level symbols (after this page), their
    #: tokens, their lines (for a file) and why (``budget`` or ``ceiling``); else None.
    omitted: Omission | None = field(default=None, metadata={OMIT_WHEN: FALSY})
