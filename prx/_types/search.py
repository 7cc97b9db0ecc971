"""Results of ``prx search``."""

from __future__ import annotations

from prx._record import INTERNAL, Shown, field, record
from prx._types.usage import UnixOutput

__all__ = ["Match", "SearchExistsResult", "SearchResult"]


@record
class Match:
    """One place that answers a search."""

    #: The file: relative to the Workspace root (``SearchResult.root``) when inside it,
    #: else absolute; pass it to ``read`` as it stands.
    file: str
    #: The line that matched best (1-based).
    line: int
    #: Column of the match on that line (1-based; 1 for ranked chunk results).
    column: int
    #: Last line of the matched region.
    end_line: int
    #: The matched text (the query for ranked results).
    match: str
    #: Kind of the enclosing symbol (function, class, method ...), or None at top level.
    context_type: str | None
    #: Name of the enclosing symbol.
    context_name: str | None
    #: One-line signature of the enclosing symbol.
    context_signature: str | None
    #: The file's lines ``snippet_start`` to ``snippet_end``, exactly (joined by ``\n``).
    snippet: str
    #: First line of ``snippet`` (1-based).
    snippet_start: int
    #: Last line of ``snippet`` (1-based, inclusive). A ranked match's snippet shows at most
    #: 40 lines of its chunk, which runs on to ``end_line``.
    snippet_end: int
    #: Relevance in [0, 1]: 1.0 for the best ranked result and for exact matches.
    relevance: float
    #: Language of the file, or None.
    language: str | None
    #: xxh3-128 of the file's content when it was searched.
    hash: str


@record
class SearchResult(Shown):
    """The answer of :func:`prx.search`."""

    #: The query as given.
    query: str
    #: The mode that ran: symbol, hybrid, literal, regex or structural.
    mode: str
    #: Why that mode (detected or requested).
    mode_reason: str
    #: The absolute Workspace root the matches' relative ``file`` paths are relative to.
    root: str
    #: The matches of this page, best first.
    matches: tuple[Match, ...]
    #: All matches the mode found (the ranked pool for symbol and hybrid searches).
    total_matches: int
    #: Matches in this page.
    returned: int
    #: Tokens this answer's data took.
    budget_used: int
    #: Whether more matches exist beyond this page.
    truncated: bool = False
    #: Token for ``--continue`` to get the next page.
    continuation_token: str | None = None
    #: Files searched.
    files_searched: int = 0
    #: Files passed over, by reason.
    skipped: dict[str, int] = field(default_factory=dict)
    #: A warning about the query (e.g. it looks like another mode's syntax).
    warning: str | None = None
    #: What to try instead, when the answer is empty or doubtful.
    suggestion: str | None = None
    #: Where the ranked corpus came from: ``built`` now, ``index``, or a stale index topped
    #: up with the files that changed; None for literal, regex and structural searches.
    index: str | None = None
    #: What the grep equivalent prints (for ``prx stats``; not part of the JSON answer).
    unix_output: UnixOutput | None = field(default=None, metadata={INTERNAL: True}, compare=False)


@record
class SearchExistsResult(Shown):
    """The answer of ``prx search --exists``."""

    #: Whether anything matched.
    exists: bool
    #: ``exact`` for a confirmed match or a complete search.
    confidence: str
