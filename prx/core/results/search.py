"""Results of ``prx search``."""

from __future__ import annotations

from collections.abc import Callable

from prx.core.record import FALSY, INTERNAL, OMIT_WHEN, Shown, field, record
from prx.core.results.usage import UnixOutput

__all__ = [
    "FileMatches",
    "Match",
    "Occurrence",
    "RootSearched",
    "SearchExistsResult",
    "SearchResult",
]


@record
class Match:
    """One place in a file that answers a search (the file is its :class:`FileMatches`)."""

    #: The line that matched best (1-based).
    line: int
    #: Last line of the matched region (a ranked match's chunk runs on to it).
    end_line: int
    #: Column of the match on ``line`` (1-based); None (left out of the JSON) for ranked
    #: results, which match a chunk rather than a place on a line.
    column: int | None = field(default=None, metadata={OMIT_WHEN: None})
    #: Context the match gives beyond the snippet, each left out of the JSON when None:
    #: the matched text when it differs from the query (a regex's match, another case
    #: under ``ignore_case``, a structural node's first line; never for ranked results),
    #: the kind (function, class, method ...) and name of the enclosing symbol, and its
    #: one-line signature (cut to 100 characters) when the snippet does not show the
    #: symbol's first line.
    match: str | None = field(default=None, metadata={OMIT_WHEN: None})
    context_type: str | None = field(default=None, metadata={OMIT_WHEN: None})
    context_name: str | None = field(default=None, metadata={OMIT_WHEN: None})
    context_signature: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: The file's lines ``snippet_start`` to ``snippet_end``, exactly (joined by ``\n``):
    #: at most ``snippet_lines`` of them (the best-scoring lines of a ranked match's chunk,
    #: from its definition's first line when that fits); None, like the two line numbers,
    #: for locations only (``snippet_lines`` 0).
    snippet: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: First line of ``snippet`` (1-based).
    snippet_start: int | None = field(default=None, metadata={OMIT_WHEN: None})
    #: Last line of ``snippet`` (1-based, inclusive).
    snippet_end: int | None = field(default=None, metadata={OMIT_WHEN: None})
    #: Relevance in [0, 1]: 1.0 for the best ranked result and for exact matches.
    relevance: float = 1.0
    #: A ranked match's raw score from each retriever (not part of the JSON answer): a
    #: cosine similarity is on one scale in every root.
    evidence: dict[str, float] = field(
        default_factory=dict, metadata={INTERNAL: True}, compare=False
    )


@record
class FileMatches:
    """A file's matches in one page of a search, with the file's header once."""

    #: The file: relative to the Workspace root (``SearchResult.root``) when inside it,
    #: else absolute; pass it to ``read`` as it stands.
    file: str
    #: Language of the file, or None.
    language: str | None
    #: xxh3-128 of the file's content when it was searched.
    hash: str
    #: The file's matches in this page, in the order of the search (best first).
    matches: tuple[Match, ...]


@record
class Occurrence:
    """A line holding a symbol search's identifier as written: what ``grep -n NAME``
    prints of it, with the symbol the line sits in.

    .. versionadded:: 0.2
    """

    #: The file, as :attr:`FileMatches.file` says it.
    file: str
    #: The line (1-based).
    line: int
    #: The line without its indentation (a very long line is cut, ending in ``…``).
    text: str
    #: The innermost symbol the line sits in; None (left out of the JSON) at top level.
    context_name: str | None = field(default=None, metadata={OMIT_WHEN: None})


@record
class RootSearched:
    """One root of a search over several roots, and how its search went.

    .. versionadded:: 0.2
    """

    #: The root as answers name it: ``.`` for the working root (or the folder of it given),
    #: else the ``ROOT`` of its files' ``ROOT//PATH``.
    root: str
    #: The root's absolute directory.
    path: str
    #: ``ok``, or ``error`` when this root could not be searched (the others still were).
    status: str = "ok"
    #: Files searched in this root.
    files_searched: int = field(default=0, metadata={OMIT_WHEN: 0})
    #: Matches this root found (its ranked pool for symbol and hybrid searches).
    total_matches: int = field(default=0, metadata={OMIT_WHEN: 0})
    #: Where its ranked corpus came from (``index``, ``built`` ...), as
    #: :attr:`SearchResult.index` says for one root.
    index: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: What this root's search warned about (a damaged index rebuilt in memory ...).
    warning: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: For an ``error``: the error's code and message.
    error: str | None = field(default=None, metadata={OMIT_WHEN: None})
    message: str | None = field(default=None, metadata={OMIT_WHEN: None})


@record
class SearchResult(Shown):
    """The answer of :func:`prx.search`."""

    #: The query as given.
    query: str
    #: The mode that ran: symbol, hybrid, literal, regex or structural.
    mode: str
    #: Why that mode (detected or requested).
    mode_reason: str
    #: The absolute Workspace root the files' relative paths are relative to.
    root: str
    #: The matches of this page grouped by file: files in the order of their best match,
    #: each file once.
    files: tuple[FileMatches, ...]
    #: All matches the mode found (for symbol and hybrid searches, the ranked pool chosen
    #: by the first page): the same on every page of a request.
    total_matches: int
    #: Matches in this page (over all its files).
    returned: int
    #: Tokens this answer's data took.
    budget_used: int
    #: Whether more matches exist beyond this page.
    truncated: bool = field(default=False, metadata={OMIT_WHEN: FALSY})
    #: Token for ``--continue`` to get the next page.
    continuation_token: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: Matches of this page that the budget (or, without one, the default ceiling) left
    #: out: ``continuation_token`` resumes at the first of them; 0 (left out of the JSON)
    #: when nothing was cut.
    omitted: int = field(default=0, metadata={OMIT_WHEN: 0})
    #: Files searched.
    files_searched: int = 0
    #: Files passed over, by reason.
    skipped: dict[str, int] = field(default_factory=dict, metadata={OMIT_WHEN: FALSY})
    #: A warning about the query (e.g. it looks like another mode's syntax); left out of
    #: the JSON when None, like ``suggestion``.
    warning: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: What to try instead, when the answer is empty or doubtful.
    suggestion: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: A symbol search's first page: every line holding the identifier as written (at most
    #: a few dozen, file by file in the order of the ranking); empty (left out of the
    #: JSON) in other modes. ``occurrences_total`` counts them all.
    occurrences: tuple[Occurrence, ...] = field(default=(), metadata={OMIT_WHEN: ()})
    #: How many lines hold the identifier (more than ``occurrences`` shows when cut: the
    #: rest are a literal search away); 0 (left out of the JSON) in other modes.
    occurrences_total: int = field(default=0, metadata={OMIT_WHEN: 0})
    #: Where the ranked corpus came from: ``built`` now, ``index``, or a stale index topped
    #: up with the files that changed; None for literal, regex and structural searches.
    index: str | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: A search over several roots: each root and how its search went (empty, left out
    #: of the JSON, for one root). Files of a root other than the working one are named
    #: ``ROOT//PATH``.
    roots: tuple[RootSearched, ...] = field(default=(), metadata={OMIT_WHEN: ()})
    #: The raw score of a ranked search's best hit, that ``relevance`` is relative to
    #: (not part of the JSON answer): what makes the rankings of several roots comparable.
    top_score: float = field(default=0.0, metadata={INTERNAL: True}, compare=False)
    #: Each retriever's best raw score in a ranked search (not part of the JSON answer):
    #: ``dense`` is a cosine similarity, the same scale in every root.
    evidence: dict[str, float] = field(
        default_factory=dict, metadata={INTERNAL: True}, compare=False
    )
    #: What the grep equivalent prints (for ``prx stats``; not part of the JSON answer).
    unix_output: UnixOutput | None = field(default=None, metadata={INTERNAL: True}, compare=False)
    #: How to learn :attr:`unix_output` later: the statistic is computed once the answer
    #: is out (a front-end records usage after it printed it), never before.
    unix_output_later: Callable[[], UnixOutput | None] | None = field(
        default=None, metadata={INTERNAL: True}, compare=False
    )


@record
class SearchExistsResult(Shown):
    """The answer of ``prx search --exists``."""

    #: Whether anything matched.
    exists: bool
    #: ``exact`` for a confirmed match or a complete search.
    confidence: str
