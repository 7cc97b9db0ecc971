"""Results of ``prx read`` (and the shared LineRange, Symbol, Omission)."""

from __future__ import annotations

from prx.core.record import FALSY, OMIT_WHEN, Shown, field, record

__all__ = [
    "ContentSlice",
    "FileMeta",
    "LedgerNote",
    "LineRange",
    "Omission",
    "ReadResult",
    "Symbol",
]


@record
class LineRange:
    """An inclusive, 1-based range of lines."""

    #: First line.
    start: int
    #: Last line (inclusive).
    end: int


@record
class Symbol:
    """One entry of a file's outline."""

    #: The symbol's name.
    name: str
    #: One of function, class, method, struct, enum, trait, type, const.
    kind: str
    #: Lines the symbol spans.
    lines: LineRange
    #: One-line signature as written in the source.
    signature: str
    #: Nested symbols (methods of a class, ...); always a tuple, possibly empty (then
    #: left out of the JSON).
    children: tuple[Symbol, ...] = field(default=(), metadata={OMIT_WHEN: FALSY})


@record
class FileMeta:
    """Metadata of a file as read."""

    #: Language name, or None when unknown.
    language: str | None
    #: Number of lines (a final newline does not start a new line).
    lines: int
    #: Size in bytes.
    bytes: int
    #: Modification time, whole seconds since the epoch, or None when unavailable.
    modified: int | None
    #: xxh3-128 of the raw bytes, 32 lowercase hex digits.
    hash: str
    #: Encoding the text was decoded with.
    encoding: str = "utf-8"
    #: Number of byte sequences that were not valid UTF-8 and were replaced by U+FFFD.
    decode_errors: int = field(default=0, metadata={OMIT_WHEN: FALSY})


@record
class Omission:
    """What a budget or cap left out, and how to get it."""

    #: Lines that were left out, when the cut is by lines.
    lines: LineRange | None = None
    #: How many items (lines, files, matches) were left out.
    count: int
    #: Estimated tokens of what was left out.
    tokens: int | None = None
    #: Why it was left out: ``budget`` (an explicit budget) or ``ceiling`` (the default
    #: ceiling of an answer given without one).
    reason: str
    #: Where a read's text was cut: ``symbol_boundary`` (right after a symbol's last line,
    #: blank lines aside), ``line`` (between two lines) or ``within_line`` (a line too long
    #: for the whole budget); None (left out of the JSON) elsewhere.
    boundary: str | None = field(default=None, metadata={OMIT_WHEN: None})


@record
class ContentSlice:
    """The text part of a read."""

    #: Lines of the file this text covers.
    range: LineRange
    #: The snap target when the range was widened to a syntactic unit, else None.
    snap: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: Why the range was widened, else None.
    snap_reason: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: The text itself.
    text: str
    #: Tokens of ``text`` (exact cl100k_base when a budget was given, else bytes/4).
    tokens: int
    #: Whether a budget cut the text.
    truncated: bool = field(default=False, metadata={OMIT_WHEN: FALSY})
    #: What was cut, when ``truncated``.
    omitted: Omission | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: The ``--lines`` value that reads the next part, when ``truncated``.
    next_lines: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: How the text was reduced: ``skeleton``, ``aggressive``, ``entropy``, ``diff`` or None;
    #: ``changes``: a unified diff from the text an earlier read of the session sent
    #: (see ``ReadResult.ledger``).
    mode: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})


@record
class LedgerNote:
    """What a session's read ledger left out of a read, or says about it (docs/ledger.md)."""

    #: ``unchanged``: no text, the lines were sent before and have not changed;
    #: ``partial``: only the lines not sent before, ``lines`` were and have not changed;
    #: ``changed``: the file changed since ``reads`` sent these lines: the content is a
    #: diff from that text (its ``mode`` is ``changes``) or the current text.
    status: str
    #: The lines (of the file as it is now) the note is about.
    lines: LineRange
    #: The reads of the session (1 is its first read) that sent them.
    reads: tuple[int, ...]
    #: The file's content hash at the last of those reads.
    hash: str
    #: Where those lines were at that read, when an edit above them has moved them.
    was: LineRange | None = field(default=None, metadata={OMIT_WHEN: None})


@record
class ReadResult(Shown):
    """The answer of :func:`prx.read`."""

    #: The path as given.
    file: str
    #: File metadata, including the content hash.
    meta: FileMeta
    #: The text, or None for ``hash_only`` / ``outline_only`` / an unchanged ``if_changed``
    #: / an unchanged re-read in a session (``ledger``).
    content: ContentSlice | None
    #: The file's symbols, or None when not requested or not available.
    outline: tuple[Symbol, ...] | None
    #: True when ``if_changed`` matched and the content was not sent again.
    cached: bool = field(default=False, metadata={OMIT_WHEN: FALSY})
    #: Token to pass as ``continue_token`` to read what the budget cut.
    continuation_token: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: Anything the reader should know (an outline left out, a skeleton unavailable ...).
    notes: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: FALSY})
    #: What the session's read ledger left out or says (None without a ledger, and when
    #: the text was sent in full as without one).
    ledger: LedgerNote | None = field(default=None, metadata={OMIT_WHEN: None})
