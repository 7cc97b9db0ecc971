"""Results of the language layer: imports, syntax checks, chunks."""

from __future__ import annotations

from prx.core.record import record

__all__ = ["Chunk", "ImportEdge", "ImportRef", "SyntaxReport"]


@record
class ImportRef:
    """One imported module or path, as written (not resolved to a file)."""

    #: The module, package or path as written, without quotes (``os.path``, ``./util``).
    module: str
    #: Line of the import, 1-based.
    line: int


@record
class ImportEdge:
    """One import of a file and the repository file it resolves to (see
    :class:`prx.engine.graph.imports.ImportGraph`)."""

    #: The importing file, relative to the root, ``/``-separated.
    source: str
    #: The repository file the import resolves to (None: external or unresolved).
    target: str | None
    #: Line of the import statement, 1-based.
    line: int
    #: The import statement's text (its first line, stripped).
    text: str
    #: The module, package or path as written (``os.path``, ``./util``, ``.models``).
    module: str
    #: The names it imports from ``target``: ``from m import a, b`` -> ``("a", "b")``,
    #: ``import m`` -> ``()``, JS ``import X, {a} from``  -> ``("default", "a")``,
    #: ``*`` for a star import or re-export.
    names: tuple[str, ...] = ()
    #: Below 1 when resolution was ambiguous (``target`` is the likeliest of several).
    confidence: float = 1.0
    #: The other possible targets when ambiguous, likeliest first.
    candidates: tuple[str, ...] = ()
    #: True when the statement does not name ``target`` but runs it: the ``__init__.py``
    #: of a parent package for Python's ``import a.b.c`` / ``from a.b import c``.
    implicit: bool = False


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
