"""``prx search``: one entry point for every mode, one answer shape."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.core import continuation
from prx.core.budget import (
    SEARCH_CEILING,
    Cap,
    cap_for,
    data_tokens,
    fit_prefix,
    limit_for,
    shortened_echo,
)
from prx.core.errors import BudgetExceededError, InvalidArgumentError, NotFoundError
from prx.core.record import replace
from prx.core.results.search import Match, Occurrence, SearchExistsResult, SearchResult
from prx.core.results.usage import UnixOutput
from prx.core.tokens import TokenCounter
from prx.engine.index.speculation import speculating
from prx.engine.retrieval.hits import SNIPPET_LINES
from prx.plugin.search import Query

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus
    from prx.engine.retrieval.hits import Hit
    from prx.engine.retrieval.literal import LiteralHit
    from prx.plugin.context import Context
    from prx.plugin.corpus import ChunkRecord, Definition

__all__ = [
    "LINES_PAGE",
    "OCCURRENCES_MAX",
    "RANKED_PAGE",
    "Page",
    "acceptor",
    "checked_arguments",
    "chunk_hit",
    "first_occurrences",
    "merged_page",
    "occurrence_hits",
    "pool_size",
    "ranked_grep",
    "rerank_pipeline",
    "run_search",
    "scoped",
    "search_root",
]

_PLACEHOLDER = 999_999
#: Ranked hits the first page of a request ranks at least; later pages rank the same
#: pool (its size rides in the continuation token), so ``total_matches`` holds across pages.
_POOL = 50
#: Characters of a signature a match shows when its snippet does not show the definition.
_SIGNATURE_CHARS = 100
#: Matches per page by default: ranked chunks, and exact (literal, regex, structural) lines.
RANKED_PAGE = 10
LINES_PAGE = 50
#: Lines holding a symbol search's identifier that its first page shows, at most; and
#: the characters of each line shown.
OCCURRENCES_MAX = 50
_OCCURRENCE_CHARS = 300


def acceptor(
    ws: Context, globs: Sequence[str], languages: Sequence[str]
) -> Callable[[str], bool] | None:
    if not globs and not languages:
        return None
    from prx.engine.files.patterns import GlobPattern

    patterns = [GlobPattern(g) for g in globs]
    wanted = {name.lower() for name in languages}

    def accept(rel: str) -> bool:
        if patterns and not any(p.match(rel) for p in patterns):
            return False
        if wanted:
            spec = ws.language_for(rel)
            return spec is not None and spec.name in wanted
        return True

    return accept


@speculating
def run_search(
    ws: Context,
    query: str,
    path: str = ".",
    *,
    mode: str | None = None,
    top_k: int | None = None,
    budget: int | None = None,
    context: int = 0,
    continue_token: str | None = None,
    globs: Sequence[str] = (),
    languages: Sequence[str] = (),
    exists: bool = False,
    ignore_case: bool = False,
    no_ignore: bool = False,
    rerank: str | Sequence[str] | None = None,
    snippet_lines: int = 3,
    full: bool = False,
    selector: str | None = None,
) -> SearchResult | SearchExistsResult:
    """Search for :meth:`Workspace.search`."""
    if mode is None:
        from prx.engine.retrieval.query import detect_mode

        mode, reason = detect_mode(query) if query.strip() else ("literal", "")
    else:
        reason = f"requested (--{mode})"
    ranked = mode not in ("literal", "regex", "structural")
    if no_ignore and mode not in ("literal", "regex"):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: only a literal or regex search reads every file "
            f"(this is a {mode} search)",
            param="no_ignore",
            suggestion="Add {param:literal} or {param:regex}.",
        )
    # A default page of a symbol search stops at the first hit without the identifier.
    focused = top_k is None and mode == "symbol"
    if top_k is None:
        # Exact matches are lines, each cheap: a page shows what grep would, up to a point.
        top_k = RANKED_PAGE if ranked else LINES_PAGE
    cap = checked_arguments(ws, query, mode, top_k, budget, context, snippet_lines, languages)
    root = search_root(ws, path)
    accept = acceptor(ws, globs, languages)
    searched = root  # what the answer's paths are under, and its requests' identity
    if mode != "structural" and not no_ignore:
        # A folder under an indexed root is answered from that index, kept to the folder.
        root, accept = scoped(ws, root, accept)
    stages, notes = rerank_pipeline(ws, ranked, rerank)
    # The rerank stages decide the order, so a page of one pipeline does not continue another.
    order = [list(stages)] if ranked and stages is not None else []
    # A selector changes what a structural search matches: its pages are another request's.
    chosen = [selector] if selector is not None else []
    every = ["no_ignore"] if no_ignore else []
    request = continuation.fingerprint(
        searched,
        query,
        mode,
        sorted(globs),
        sorted(languages),
        ignore_case,
        *order,
        *chosen,
        *every,
    )
    offset, pool = _resumed(continue_token, request, ranked, top_k)
    from prx.engine.files.display import walk_base
    from prx.engine.retrieval.hits import lines_cap

    page = Page(ws, query, mode, reason, top_k, cap, offset, request, context)
    page.pool, page.lines = pool, lines_cap(snippet_lines, full)
    page.base = walk_base(ws.root_dir, root, ws.label)
    page.focused = focused
    if mode in ("literal", "regex"):
        grep = _GrepCall(path, searched, globs, languages)
        return _literal(page, root, accept, exists, ignore_case, grep, every_file=no_ignore)
    if mode == "structural":
        return _structural(page, root, accept, exists, selector)
    return _ranked(page, root, accept, exists, stages or (), notes)


def merged_page(
    ws: Context,
    query: str,
    mode: str,
    reason: str,
    window: list[Hit],
    *,
    top_k: int,
    budget: int | None,
    offset: int,
    request: str,
    total: int,
    searched: int,
    skipped: dict[str, int],
    warning: str | None,
    suggestion: str | None,
    occurrences: Sequence[Occurrence],
    occurrences_total: int,
    extra: Mapping[str, Any],
) -> SearchResult:
    """The answer of hits found elsewhere (the page of a search over several roots,
    ``window`` starting at ``offset``): paged and fitted to ``budget`` as any search's,
    with ``extra`` fields counted in it."""
    page = Page(ws, query, mode, reason, top_k, cap_for(budget, SEARCH_CEILING), offset, request, 0)
    page.extra = dict(extra)
    result = page.finish(
        window,
        total,
        searched,
        skipped,
        warning,
        suggestion,
        occurrences=occurrences,
        occurrences_total=occurrences_total,
    )
    assert isinstance(result, SearchResult)  # noqa: S101  (exists=False: a page)
    return result


def scoped(
    ws: Context, root: str, accept: Callable[[str], bool] | None
) -> tuple[str, Callable[[str], bool] | None]:
    """Where a search of ``root`` looks, and what it keeps: a folder below the workspace's
    root, itself without an index, inside a directory that has one, is searched in that
    directory's index (its engine, its freshness check) keeping only the folder's files;
    any other ``root`` as it is."""
    from prx.engine.index.store import current_dir

    top = os.path.normpath(ws.root_dir)
    here = os.path.normpath(root)
    if not os.path.isdir(here) or here == top or current_dir(here) is not None:
        return root, accept
    if not here.startswith(top.rstrip(os.sep) + os.sep):
        return root, accept
    parent = os.path.dirname(here)
    while current_dir(parent) is None:
        if parent == top:
            return root, accept
        parent = os.path.dirname(parent)
    folder = os.path.relpath(here, parent).replace(os.sep, "/") + "/"

    def within(rel: str) -> bool:
        return rel.startswith(folder) and (accept is None or accept(rel))

    return parent, within


def rerank_pipeline(
    ws: Context, ranked: bool, rerank: str | Sequence[str] | None
) -> tuple[tuple[str, ...] | None, list[str]]:
    """A ranked search's rerank stages, and notes about the configured ones; a bad
    ``rerank`` is an error in every mode."""
    if not ranked and not rerank:
        return None, []
    from prx.engine.ranking.pipeline import resolve_pipeline

    return resolve_pipeline(ws, rerank)


def checked_arguments(
    ws: Context,
    query: str,
    mode: str | None,
    top_k: int,
    budget: int | None,
    context: int,
    snippet_lines: int,
    languages: Sequence[str],
) -> Cap:
    """The budget's cap, once every argument is known to be valid (else the error)."""
    from prx.engine.retrieval.query import MODES

    if not query.strip():
        raise InvalidArgumentError("invalid argument query: must not be empty", param="query")
    if top_k < 1:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: must be 1 or more, got {top_k}", param="top_k"
        )
    if not 0 <= context <= 50:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: must be 0 to 50, got {context}", param="context"
        )
    if not 0 <= snippet_lines <= 1000:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: must be 0 (locations only) to 1000, got {snippet_lines}",
            param="snippet_lines",
        )
    cap = cap_for(budget, SEARCH_CEILING)
    if mode is not None and mode not in MODES:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(MODES)}", param="mode"
        )
    # Only a filter needs the registry's languages (collecting them loads the plugins).
    known = {spec.name for spec in ws.registry.languages()} if languages else set()
    for language in languages:
        if language.lower() not in known:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: unknown language {language!r}",
                param="languages",
                suggestion=f"Known languages: {', '.join(sorted(known))}.",
            )
    return cap


def search_root(ws: Context, path: str) -> str:
    """The searched path, absolute, in one spelling per directory (``.``, ``src/..`` and
    the absolute path are the same root): engines and their freshness checks are keyed
    and compared by it."""
    root = ws.resolve(path)
    if not os.path.lexists(root):
        raise NotFoundError(f"path not found: {path}")
    return os.path.normpath(root)


def pool_size(top_k: int, offset: int) -> int:
    """The ranked pool of a page of ``top_k`` at ``offset`` that is not continued from a
    token: as deep as the first page's, and as the page."""
    return max(_POOL, 5 * top_k, offset + top_k)


def _resumed(continue_token: str | None, request: str, ranked: bool, top_k: int) -> tuple[int, int]:
    """Where the page starts, and the size of the ranked pool the pages share (0 when
    unranked): the continuation token's, else the first page's."""
    offset, pool = 0, pool_size(top_k, 0) if ranked else 0
    if continue_token is not None:
        values = continuation.decode(continue_token, "search", request, 2 if ranked else 1)
        offset = continuation.decode_int(values[0], "search")
        if ranked:
            pool = continuation.decode_int(values[1], "search")
    return offset, pool


def _structural(
    page: Page,
    root: str,
    accept: Callable[[str], bool] | None,
    exists: bool,
    selector: str | None = None,
) -> SearchResult | SearchExistsResult:
    from prx.engine.retrieval.structural import structural_search

    found, total, searched, skipped, warning, suggestion = structural_search(
        page.ws, page.query, root, accept, page.lines, selector
    )
    shown = found[page.offset : page.offset + page.top_k]
    window = [replace(h, file=page.shown(h.file)) for h in shown]
    return page.finish(window, total, searched, skipped, warning, suggestion, exists=exists)


class _GrepCall:
    """The ``grep -rn`` an agent would run instead of a search, for ``prx stats``: its argv
    and how far a count over prx's own walk can stand for its output."""

    def __init__(
        self, path: str, root: str, globs: Sequence[str], languages: Sequence[str]
    ) -> None:
        from prx.engine.usage.grep import grep_includes, grep_target, name_counter

        self.target = grep_target(path)
        includes = grep_includes(globs)
        #: grep applies the same file filter (else it searches every file and prints more).
        self.filtered = includes is not None and not languages
        self.includes = includes if self.filtered and includes else []
        is_dir = os.path.isdir(root)
        self.name = name_counter(self.target, is_dir)
        # prx never walks .git and the like; grep -r does, and may print more from them.
        self.vcs = is_dir and any(os.path.isdir(os.path.join(root, d)) for d in _VCS_DIRS)

    def argv(self, pattern: str, *, regex: bool = False, case: bool = False) -> tuple[str, ...]:
        flags = "-rn" + ("i" if case else "") + ("E" if regex else "F")
        return ("grep", flags, *self.includes, "--", pattern, self.target)

    def output(
        self, argv: tuple[str, ...], size: int, skipped: Mapping[str, int], *, exact: bool
    ) -> UnixOutput:
        """``exact``: ``size`` counts every line grep prints of the files prx searched."""
        # Symlinks are not followed by grep -r either; any other skip is a file grep reads.
        complete = exact and self.filtered and not self.vcs and set(skipped) <= {"symlink"}
        return UnixOutput(argv=argv, bytes=size, strategy="measured" if complete else "lower_bound")


_VCS_DIRS = (".git", ".hg", ".svn")


class Page:
    """What every mode shares: paging, budgets, the final result."""

    def __init__(
        self,
        ws: Context,
        query: str,
        mode: str,
        reason: str,
        top_k: int,
        cap: Cap,
        offset: int,
        request: str,
        context: int,
    ) -> None:
        self.ws, self.query, self.mode, self.reason = ws, query, mode, reason
        self.top_k, self.cap, self.offset, self.request = top_k, cap, offset, request
        self.context = context
        self.count: TokenCounter = cap.count
        #: How answers show the searched directory (matches' paths are relative to it).
        self.base = "."
        #: Size of the ranked pool (0 for unranked modes); the most lines a snippet shows
        #: (None: no cap; 0: locations only).
        self.pool: int = 0
        self.lines: int | None = SNIPPET_LINES
        #: A symbol search's default page: the leading hits holding the identifier (all
        #: of the page when none does); the others are the next page's.
        self.focused = False
        #: Further fields of the answer, counted in its budget (a multi-root search's
        #: ``roots``).
        self.extra: dict[str, Any] = {}

    def shown(self, rel: str) -> str:
        """A path relative to the searched directory, as the answer shows it."""
        from prx.engine.files.display import under

        return under(self.base, rel)

    def finish(
        self,
        hits: list[Hit],
        total: int,
        searched: int,
        skipped: dict[str, int],
        warning: str | None = None,
        suggestion: str | None = None,
        *,
        exists: bool = False,
        occurrences: Sequence[Occurrence] = (),
        occurrences_total: int = 0,
    ) -> SearchResult | SearchExistsResult:
        if exists:
            return SearchExistsResult(exists=total > 0, confidence="exact")
        from prx.engine.retrieval.hits import group_by_file

        window = hits[: self.top_k]  # already the page starting at the offset
        resume = (self.pool,) if self.pool else ()

        def build(keep: int, used: int) -> SearchResult:
            more = self.offset + keep < total
            cut = len(window) - keep
            return SearchResult(
                query=self.query,
                mode=self.mode,
                mode_reason=self.reason,
                root=self.ws.root_dir,
                files=group_by_file(window[:keep]),
                total_matches=total,
                returned=keep,
                budget_used=used,
                truncated=more,
                continuation_token=continuation.encode(
                    "search", self.request, self.offset + keep, *resume
                )
                if more
                else None,
                omitted=cut,
                files_searched=searched,
                skipped=skipped,
                warning=warning,
                suggestion=suggestion,
                occurrences=tuple(lines),
                occurrences_total=occurrences_total if lines else 0,
                **self.extra,
            )

        lines = list(occurrences)
        keep = len(window)
        budget = self.cap.tokens
        if budget is not None:
            limit = limit_for(budget)
            keep = fit_prefix(
                len(window), lambda k: data_tokens(build(k, _PLACEHOLDER), self.count), limit
            )
            if keep == 0 and window and lines:
                # The identifier's lines leave no room for a ranked hit: the hits come first.
                lines = []
                keep = fit_prefix(
                    len(window), lambda k: data_tokens(build(k, _PLACEHOLDER), self.count), limit
                )
            if keep == 0 and window and self.cap.reason == "ceiling":
                # One line longer than the default ceiling (a minified file): its place,
                # not its text, and the answer says how to read it.
                first = window[0]
                window[0] = replace(
                    first,
                    match=replace(
                        first.match, snippet=None, snippet_start=None, snippet_end=None, match=None
                    ),
                )
                warning = "; ".join(
                    filter(
                        None,
                        [
                            warning,
                            f"line {first.match.line} of {self.shown(first.file)} is longer "
                            f"than {self.cap.describe()}: shown as a place, without its text",
                        ],
                    )
                )
                keep = fit_prefix(
                    len(window), lambda k: data_tokens(build(k, _PLACEHOLDER), self.count), limit
                )
            if keep == 0 and window:
                raise BudgetExceededError(
                    f"{self.cap.describe()} cannot hold a single match",
                    suggestion=f"Use {{param:budget}} {budget * 2} or more (0: no limit), or "
                    "{param:snippet_lines} 0 for locations only.",
                )
        draft = build(keep, _PLACEHOLDER)
        return replace(draft, budget_used=data_tokens(draft, self.count))


# ----------------------------------------------------------------------------- literal


def _literal(
    page: Page,
    root: str,
    accept: Callable[[str], bool] | None,
    exists: bool,
    ignore_case: bool,
    grep: _GrepCall,
    *,
    every_file: bool = False,
) -> SearchResult | SearchExistsResult:
    from prx.engine.retrieval.literal import compile_pattern, plan_for, scan
    from prx.engine.retrieval.query import looks_like_regex
    from prx.engine.usage.grep import hit_bytes

    pattern = compile_pattern(page.query, regex=page.mode == "regex", ignore_case=ignore_case)
    filter_fn = (lambda rel, _language: accept(rel)) if accept else None
    # Every file means the walk: the index holds only the files the ignore rules keep.
    plan = None if every_file else plan_for(page.ws, root, pattern)
    hits, skipped, searched = scan(
        page.ws, root, pattern, accept=filter_fn, plan=plan, every_file=every_file
    )
    if exists:
        found = next(hits, None)
        return SearchExistsResult(exists=found is not None, confidence="exact")
    collected = list(hits)
    window = collected[page.offset : page.offset + page.top_k]
    matches = _literal_hits(page, root, window, plan.definitions if plan is not None else None)
    suggestion = None
    warning = None
    if not collected:
        if page.mode == "literal" and looks_like_regex(page.query):
            warning = "no match for the text as written, and it looks like a regular expression"
            suggestion = f"Try: prx search --regex {page.query!r}"
        elif page.mode == "regex":
            suggestion = "Try --literal to search the text as written, or -i to ignore case."
        else:
            suggestion = "Try -i to ignore case, or a word query for ranked results."
    skips = dict(sorted(skipped.items()))
    result = page.finish(matches, len(collected), searched[0], skips, warning, suggestion)
    # grep prints every matching line, NAME:LINE:TEXT, as the hits list them.
    size = sum(hit_bytes(grep.name(h.file), h.line, h.line_bytes) for h in collected)
    argv = grep.argv(page.query, regex=page.mode == "regex", case=ignore_case)
    unix = grep.output(argv, size, skips, exact=True)
    return replace(result, unix_output=unix) if isinstance(result, SearchResult) else result


_Span = tuple[int, int, str, str, str]  # first line, last line, kind, name, signature


def _file_context(
    ws: Context, path: str, rel: str, known: list[Definition] | None = None
) -> tuple[list[str], list[_Span]]:
    """A hit file's lines (a final newline does not start one more) and definition spans,
    from one read of the file (``known``: its definitions as an index holds them, when the
    file is unchanged since: no parse then)."""
    data = ws.confined.read_tree_file(path)  # beneath the root, whatever an index said
    spans: list[_Span] = []
    spec = ws.language_for(rel)
    if known is not None:
        spans = [(d.start_line, d.end_line, d.kind, d.name, d.signature) for d in known]
    elif spec is not None and spec.grammar is not None and "outline" in spec.queries:
        from prx.engine.lang.outline import flatten, outline

        try:
            spans = [
                (s.lines.start, s.lines.end, s.kind, s.name, s.signature)
                for s in flatten(outline(spec, data))
            ]
        except Exception:  # context is a nicety: a parse failure leaves it empty
            spans = []
    lines = data.decode("utf-8", "replace").split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines, spans


def _innermost(spans: Sequence[_Span], line: int, *, strict: bool = False) -> _Span | None:
    """The smallest definition around ``line``; with ``strict``, one that begins above it
    (a definition's own first line sits in its parent: the line names it already)."""
    around = [s for s in spans if (s[0] < line if strict else s[0] <= line) and line <= s[1]]
    return min(around, key=lambda s: s[1] - s[0]) if around else None


def _snipped(
    lines: Sequence[str], first: int, last: int, enclosing: _Span | None, origin: int = 1
) -> dict[str, Any]:
    """A match's snippet fields for the file's lines ``first..last`` (none when
    ``last < first``) out of ``lines`` (the file's lines from line ``origin`` on), and the
    enclosing symbol's kind, name and (when the snippet does not show its first line)
    signature."""
    shown = first <= last
    fields: dict[str, Any] = {}
    if shown:
        text = "\n".join(lines[first - origin : last - origin + 1])
        fields.update(snippet=text, snippet_start=first, snippet_end=last)
    if enclosing is not None:
        fields.update(context_type=enclosing[2], context_name=enclosing[3])
        # A snippet that shows the definition's first line shows its signature.
        if shown and not first <= enclosing[0] <= last:
            fields["context_signature"] = shortened_echo(enclosing[4], _SIGNATURE_CHARS)
    return fields


def _literal_hits(
    page: Page,
    root: str,
    found: Sequence[LiteralHit],
    definitions: Callable[[str], list[Definition] | None] | None = None,
) -> list[Hit]:
    from prx.engine.retrieval.hits import Hit, around

    files: dict[str, tuple[list[str], list[_Span]]] = {}
    out: list[Hit] = []
    for hit in found:
        rel: str = hit.file
        if rel not in files:
            full = os.path.join(root, rel) if os.path.isdir(root) else root
            known = definitions(rel) if definitions is not None else None
            files[rel] = _file_context(page.ws, full, rel, known)
        lines, spans = files[rel]
        line: int = hit.line
        first, last = max(1, line - page.context), min(len(lines), line + page.context)
        first, last = around(first, last, line, page.lines) if page.lines != 0 else (1, 0)
        spec = page.ws.language_for(rel)
        # The matched text, unless it only repeats the query (a literal search's hits).
        text: str = hit.match
        out.append(
            Hit(
                file=page.shown(rel),
                language=spec.name if spec else None,
                hash=hit.hash,
                match=Match(
                    line=line,
                    column=hit.column,
                    end_line=line,
                    match=None if text == page.query else text,
                    relevance=1.0,
                    **_snipped(lines, first, last, _innermost(spans, line)),
                ),
            )
        )
    return out


# ------------------------------------------------------------------------------ ranked


def _ranked(
    page: Page,
    root: str,
    accept: Callable[[str], bool] | None,
    exists: bool,
    stages: Sequence[str],
    config_notes: list[str],
) -> SearchResult | SearchExistsResult:
    from prx.core.errors import IndexCorruptedError

    try:
        return _ranked_once(page, root, accept, exists, stages, config_notes)
    except IndexCorruptedError as err:
        # A part of the index read for this query did not match its checksum: answer
        # without the index (never from a corrupt byte), and say so.
        from prx.engine.index.view import refuse_index

        refuse_index(page.ws, root, err)
        return _ranked_once(page, root, accept, exists, stages, config_notes)


def _ranked_once(
    page: Page,
    root: str,
    accept: Callable[[str], bool] | None,
    exists: bool,
    stages: Sequence[str],
    config_notes: list[str],
) -> SearchResult | SearchExistsResult:
    from prx.engine.corpus.tokenize import tokenize
    from prx.engine.retrieval.engine import engine_for
    from prx.engine.retrieval.query import expand_abbreviations, symbol_name, symbol_owner

    engine = engine_for(page.ws, root)
    query = Query(
        text=page.query,
        mode=page.mode,
        tokens=tuple(tokenize(expand_abbreviations(page.query))),
        symbol=symbol_name(page.query) if page.mode == "symbol" else None,
    )
    notes = list(engine.warnings)
    evidence: dict[str, dict[int, float]] = {}
    found = engine.ranked_pool(
        query, page.pool, accept, stages=engine.stages_for(stages, notes), tops=evidence
    )
    ranked = found.order or []  # positions in the pool, best first
    corpus = engine.corpus
    if exists:
        return _ranked_exists(engine.corpus, query, [found.chunks[i] for i in ranked])
    top = found.scores[ranked[0]] if ranked else 1.0
    window = ranked[page.offset : page.offset + page.top_k]
    lines: list[Occurrence] = []
    total_lines = 0
    if query.symbol and page.offset == 0:
        order = [page.shown(corpus.chunks[found.chunks[i]].file) for i in ranked]
        found_lines = occurrence_hits(page, root, accept, query.symbol)
        lines, total_lines = first_occurrences([found_lines], order)
    if page.focused and query.symbol and page.offset == 0:
        chunks = [found.chunks[i] for i in window]
        qualified = symbol_owner(query.text)
        names = [qualified[1], query.symbol] if qualified else [query.symbol]
        window = _focused(corpus, chunks, names, window, occurs=total_lines > 0)
    matches = [
        _with_evidence(
            chunk_hit(corpus, found.chunks[i], found.scores[i], query, top, page),
            {name: scores.get(found.chunks[i], 0.0) for name, scores in evidence.items()},
        )
        for i in window
    ]
    suggestion = None
    if not ranked:
        suggestion = "Nothing matched: try other words, or --literal for an exact text."
    skipped = dict(corpus.skipped)
    notes += config_notes
    index_note = page.ws.cache.get("index-warnings", {}).get(root)
    if index_note and corpus.origin == "built":
        notes.append(index_note)
    warning = "; ".join(notes) or None
    result = page.finish(
        matches,
        len(ranked),
        len(corpus.files),
        skipped,
        warning,
        suggestion,
        occurrences=lines,
        occurrences_total=total_lines,
    )
    if not isinstance(result, SearchResult):
        return result
    top_score = float(top) if ranked else 0.0
    best = {name: max(scores.values(), default=0.0) for name, scores in evidence.items()}
    return replace(result, index=corpus.origin, top_score=top_score, evidence=best)


def _with_evidence(hit: Hit, evidence: dict[str, float]) -> Hit:
    """``hit`` with its chunk's raw score from each retriever (for merging roots)."""
    return replace(hit, match=replace(hit.match, evidence=evidence))


def _focused(
    corpus: Corpus,
    chunks: Sequence[int],
    names: Sequence[str],
    window: list[int],
    *,
    occurs: bool,
) -> list[int]:
    """A symbol search's default page: the leading hits that define one of ``names`` (a
    qualified query's whole name, then its last part; uses are the answer's occurrence
    lines), else those holding the last part (none when the best hit does not: the
    occurrences say where it is); the whole page when it occurs nowhere as written (the
    ranked neighbours are all there is)."""
    from prx.engine.retrieval.symbols import symbol_index

    symbols = symbol_index(corpus)
    places: list[tuple[str, int, int]] = []
    for wanted in names:  # a qualified query's whole name (C++'s ``A::f``) and its last part
        definitions, how = symbols.lookup(wanted)
        if how == "exact":
            places += [(d.file, d.start_line, d.end_line) for d in definitions]

    def defines(chunk: ChunkRecord) -> bool:
        return any(
            f == chunk.file and s <= chunk.end_line and chunk.start_line <= e for f, s, e in places
        )

    name = names[-1]
    test = defines if places else (lambda chunk: name in chunk.text)
    leading = 0
    for index in chunks:
        if not test(corpus.chunks[index]):
            break
        leading += 1
    if leading or occurs:
        return window[:leading]
    return window


class OccurrenceHits(NamedTuple):
    """The lines holding a symbol's name in one root (``grep -n NAME``): each file
    holding it, in walk order, with its lines; and what describing them needs: the page
    that shows their paths, the root, and the definitions its index holds of each
    unchanged file (None: parse the file)."""

    page: Page
    root: str
    files: list[tuple[str, list[int]]]
    definitions: Callable[[str], list[Definition] | None] | None


def occurrence_hits(
    page: Page, root: str, accept: Callable[[str], bool] | None, name: str
) -> OccurrenceHits:
    """Every line of ``root`` holding ``name`` as written (files ``accept`` keeps)."""
    from prx.engine.retrieval.literal import compile_pattern, lines_holding, plan_for

    filter_fn = (lambda rel, _language: accept(rel)) if accept else None
    plan = plan_for(page.ws, root, compile_pattern(name, regex=False))
    files = list(lines_holding(page.ws, root, name, accept=filter_fn, plan=plan))
    return OccurrenceHits(page, root, files, plan.definitions if plan is not None else None)


def first_occurrences(
    found: Sequence[OccurrenceHits], ranked_files: Sequence[str]
) -> tuple[list[Occurrence], int]:
    """The first :data:`OCCURRENCES_MAX` lines of ``found`` (one entry per root), files
    in the order of the ranking (``ranked_files``, as shown; the others after, in walk
    order, root by root), each with its enclosing definition; and how many lines there
    are in all. Only the lines kept are described."""
    from prx.commands.search.text import PROSE

    rank = {file: position for position, file in enumerate(dict.fromkeys(ranked_files))}
    unranked = len(rank)
    keyed = [
        (rank.get(entry.page.shown(rel), unranked), part, position)
        for part, entry in enumerate(found)
        for position, (rel, _) in enumerate(entry.files)
    ]
    keyed.sort()
    kept: list[tuple[int, str, int]] = []
    for _, part, position in keyed:
        rel, numbers = found[part].files[position]
        kept += [(part, rel, number) for number in numbers[: OCCURRENCES_MAX - len(kept)]]
        if len(kept) == OCCURRENCES_MAX:
            break
    contexts: dict[tuple[int, str], tuple[list[str], list[_Span]]] = {}
    lines: list[Occurrence] = []
    for part, rel, number in kept:
        entry = found[part]
        if (part, rel) not in contexts:
            full = os.path.join(entry.root, rel) if os.path.isdir(entry.root) else entry.root
            known = entry.definitions(rel) if entry.definitions is not None else None
            contexts[part, rel] = _file_context(entry.page.ws, full, rel, known)
        text, spans = contexts[part, rel]
        line = text[number - 1].strip() if number <= len(text) else ""
        if len(line) > _OCCURRENCE_CHARS:
            line = line[: _OCCURRENCE_CHARS - 1] + "…"
        spec = entry.page.ws.language_for(rel)
        # A prose file's "symbols" are its headings: no help in telling uses apart.
        prose = spec is None or spec.name in PROSE
        enclosing = None if prose else _innermost(spans, number, strict=True)
        lines.append(
            Occurrence(
                file=entry.page.shown(rel),
                line=number,
                text=line,
                context_name=enclosing[3] if enclosing is not None else None,
            )
        )
    return lines, sum(len(numbers) for entry in found for _, numbers in entry.files)


def _postings(retriever: Any) -> Callable[[str], Sequence[int] | None] | None:
    """The chunks whose BM25 tokens include a word, from the BM25 retriever's postings."""
    index = getattr(retriever, "index", None)
    if index is None:
        return None

    def chunks_of(word: str) -> Sequence[int] | None:
        found = index.term_postings(word.lower())
        return None if found is None else found[0]

    return chunks_of


def ranked_grep(
    ws: Context,
    query: str,
    path: str = ".",
    *,
    globs: Sequence[str] = (),
    languages: Sequence[str] = (),
) -> UnixOutput | None:
    """The grep an agent would run instead of a ranked search, for ``prx stats``: one of
    the query's words, taken at the word whose grep prints least (among those found at
    all), counted over the corpus the search used; None when no word is worth a grep (or
    no search of ``path`` left its engine in the workspace's cache).

    Front-ends call it after a ranked search (the Python API does not pay for it)."""
    from prx.engine.usage.grep import query_words, word_grep

    words = query_words(query)
    searched = os.path.normpath(ws.resolve(path))  # as run_search keys its engine
    grep = _GrepCall(path, searched, globs, languages)
    root, accept = scoped(ws, searched, acceptor(ws, globs, languages) if grep.filtered else None)
    # The engine the search just used, as cached: never a freshness check or a rebuild
    # for the sake of a statistic.
    cached = ws.cache.get("engines", {}).get(os.path.normpath(root))
    if not words or cached is None:
        return None
    engine = cached[1]
    postings = _postings(engine.retrievers.get("bm25"))
    from prx.core.errors import IndexCorruptedError

    try:
        found = word_grep(engine.corpus.chunks, words, grep.name, accept, postings)
    except IndexCorruptedError as err:  # a statistic is not worth an error: none then
        from prx.engine.index.view import refuse_index

        refuse_index(ws, root, err)
        return None
    word, size = found if found is not None else (words[0], 0)  # no word occurs: grep is silent
    # Only the corpus's lines are seen, and the best word is assumed: a lower bound.
    return UnixOutput(argv=grep.argv(word), bytes=size, strategy="lower_bound")


def _ranked_exists(corpus: Corpus, query: Query, ranked: list[int]) -> SearchExistsResult:
    if query.symbol:
        from prx.engine.retrieval.symbols import symbol_index

        definitions, _ = symbol_index(corpus).lookup(query.symbol)
        if definitions:
            return SearchExistsResult(exists=True, confidence="exact")
    words = {t for t in query.tokens if len(t) > 2}
    for chunk in ranked[:20]:
        text = corpus.chunks[chunk].text.lower()
        if words and all(w in text for w in words):
            return SearchExistsResult(exists=True, confidence="probable")
    return SearchExistsResult(exists=False, confidence="probable")


def _line_scores(text: str, words: Sequence[str]) -> list[int]:
    """For each line of ``text``, how many of ``words`` it holds (each counted once per
    line, as often as it is listed)."""
    scores = []
    # Lower-casing never adds or removes a newline, so the lines stay aligned; plain loops
    # (no generator) because this runs over every line of every shown chunk.
    for row in text.lower().split("\n"):
        hits = 0
        for word in words:
            if word in row:
                hits += 1
        scores.append(hits)
    return scores


def _best_line(text: str, words: Sequence[str]) -> int:
    """The offset of the first line of ``text`` holding the most of ``words``, or -1 when
    no line holds one."""
    return _top(_line_scores(text, words))


def _top(scores: Sequence[int]) -> int:
    """The offset of the first highest positive score, or -1."""
    best, line = 0, -1
    for offset, hits in enumerate(scores):
        if hits > best:
            best, line = hits, offset
    return line


def _best_window(scores: Sequence[int], best: int, size: int, count: int) -> int:
    """The first offset of the ``size`` lines (of ``count``) that hold line ``best`` and
    the most of the words: a line of lead-in before ``best`` unless more lines below it
    score higher."""
    low, high = max(0, best - size + 1), min(best, max(0, count - size))
    preferred = [max(low, min(high, best - 1))]
    preferred += [s for s in range(high, low - 1, -1) if s != preferred[0]]
    return max(preferred, key=lambda s: sum(scores[s : s + size]))


def chunk_hit(
    corpus: Corpus, index: int, score: float, query: Query, top: float, page: Page
) -> Hit:
    from prx.engine.retrieval.hits import Hit

    chunk = corpus.chunks[index]
    lines = chunk.text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    spans = _chunk_spans(corpus, index, chunk)
    words = [t for t in query.tokens if len(t) > 2]
    scores = _line_scores(chunk.text, words) if words else [0] * len(lines)
    line = _pointed_line(chunk, lines, spans, scores, query.symbol)
    enclosing = _innermost(spans, line)
    at = chunk.start_line
    first, last = _snippet_window(lines, scores, line - at, enclosing, at, page.lines)
    fields = _snipped(lines, first + at, last + at, enclosing, origin=at)
    if enclosing is None and chunk.symbol:
        fields.update(context_type=chunk.symbol_kind, context_name=chunk.symbol)
    record = corpus.files.get(chunk.file)
    return Hit(
        file=page.shown(chunk.file),
        language=chunk.language,
        hash=record.hash if record else "",
        match=Match(
            line=line,
            end_line=chunk.end_line,
            relevance=round(score / top, 3) if top > 0 else 0.0,
            **fields,
        ),
    )


def _chunk_spans(corpus: Corpus, index: int, chunk: ChunkRecord) -> list[_Span]:
    """The definitions overlapping chunk ``index`` (``chunk``), found once per chunk."""
    known: dict[int, list[_Span]] = corpus.memo("chunk-spans", "", lambda _: {})
    spans = known.get(index)
    if spans is None:
        spans = known[index] = [
            (d.start_line, d.end_line, d.kind, d.name, d.signature)
            for d in corpus.definitions_in(chunk.file)
            if d.start_line <= chunk.end_line and d.end_line >= chunk.start_line
        ]
    return spans


def _pointed_line(
    chunk: ChunkRecord,
    lines: Sequence[str],
    spans: Sequence[_Span],
    scores: Sequence[int],
    symbol: str | None,
) -> int:
    """The line a ranked hit points at: the searched symbol's definition when the chunk
    holds it, else the first line holding the most query words, else the first line with
    text."""
    if symbol:
        named = [s for s in spans if s[3] == symbol or s[3].lower() == symbol.lower()]
        if named and chunk.start_line <= named[0][0] <= chunk.end_line:
            return named[0][0]
    if _top(scores) >= 0:
        return chunk.start_line + _top(scores)
    return chunk.start_line + _first_text(lines, 0)


def _snippet_window(
    lines: Sequence[str],
    scores: Sequence[int],
    best: int,
    enclosing: _Span | None,
    start_line: int,
    size: int | None,
) -> tuple[int, int]:
    """The offsets of the first and last chunk line a snippet shows (none when the last
    comes first): at most ``size`` lines (None: the whole chunk) holding line ``best``."""
    if size is None:  # the whole chunk
        first, last = _first_text(lines, 0), len(lines) - 1
    elif size == 0:  # locations only
        first, last = 0, -1
    else:
        # From the enclosing definition's first line when the window can hold it and the
        # best line, else the best-scoring lines around the best line.
        head = enclosing[0] - start_line if enclosing else -1
        if 0 <= head <= best < head + size:
            first = head
        else:
            first = _best_window(scores, best, size, len(lines))
        first = min(_first_text(lines, first), best)
        last = min(len(lines), first + size) - 1
    while last > first and not lines[last].strip():
        last -= 1
    return first, last


def _first_text(lines: Sequence[str], start: int) -> int:
    """The offset of the first line from ``start`` on that is not blank (the last line
    when all are)."""
    at = start
    while at < len(lines) - 1 and not lines[at].strip():
        at += 1
    return at
