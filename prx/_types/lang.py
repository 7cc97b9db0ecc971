"""Results of the language layer: imports, syntax checks, chunks."""

from __future__ import annotations

from prx._record import record

__all__ = ["Chunk", "ImportRef", "SyntaxReport"]


@record
class ImportRef:
    """One imported module or path, as written (not resolved to a file)."""

    #: The module, package or path as written, without quotes (``os.path``, ``./util``).
    module: str
    #: Line of the import, 1-based.
    line: int


@record
class SyntaxReport:
    """Whether a source parses cleanly, and where the first error is."""

    #: True when the parse tree has no error or missing node.
    ok: bool
    #: Line of the first error, 1-based (None when ok).
    line: int | None = None
    #: Column of the first error, 1-based (None when ok).
    column: int | None = None
    #: What the parser found there.
    message: str | None = None


@record
class Chunk:
    """A syntax-aware piece of a file, the unit of search."""

    #: First line, 1-based.
    start_line: int
    #: Last line, inclusive.
    end_line: int
    #: The text of those lines.
    text: str
    #: The innermost symbol around the chunk, else the one with the most lines in it.
    symbol: str | None = None
    #: That symbol's kind.
    symbol_kind: str | None = None
