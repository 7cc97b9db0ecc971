"""A ranked search over several roots as one ranking (the ``joint`` fusion).

Each root keeps its own index; its engine (loaded, kept fresh, as for a search of that root
alone) is one part of a union corpus (:mod:`prx.engine.retrieval.union`), and the
retrievers and rerank stages run once over all of it. One pool, one rerank: the search
costs about one search over the roots' chunks together, not one search per root, and a
hit's relevance is against the best hit of every root. Exact modes (literal, regex,
structural) and ``exists`` questions are answered root by root (:mod:`.roots`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from prx.commands.search.engine import (
    Page,
    acceptor,
    checked_arguments,
    chunk_hit,
    first_occurrences,
    merged_page,
    occurrence_hits,
    pool_size,
    rerank_pipeline,
    scoped,
    search_root,
)
from prx.commands.search.roots import failed_root
from prx.core.errors import IndexCorruptedError, PrxError
from prx.core.results.search import Occurrence, RootSearched, SearchResult
from prx.engine.retrieval.union import part_of

if TYPE_CHECKING:
    from prx.engine.retrieval.engine import Engine
    from prx.plugin.context import Context

__all__ = ["joint_search"]

#: Union engines a workspace keeps (the last sets of roots searched together).
_KEPT = 8


class _Part:
    """One root's engine in the union, how its paths are shown, and what it keeps."""

    def __init__(self, engine: Engine, page: Page, root: str) -> None:
        self.engine, self.page, self.root = engine, page, root
        #: Each entry's label, by the entry's position.
        self.labels: dict[int, str] = {}
        #: Each entry's acceptor (None: every file), by the entry's position.
        self.accepts: dict[int, Callable[[str], bool] | None] = {}

    def accepts_file(self, rel: str) -> bool:
        return any(accept is None or accept(rel) for accept in self.accepts.values())

    @property
    def accept(self) -> Callable[[str], bool] | None:
        """What the part keeps of its files (None: every file)."""
        return None if any(a is None for a in self.accepts.values()) else self.accepts_file


class _UnionPage(Page):
    """A page whose paths are union keys, each shown as its root shows it."""

    def __init__(self, parts: Sequence[_Part], *args: Any) -> None:
        super().__init__(*args)
        self.parts = parts

    def shown(self, rel: str) -> str:
        part, path = part_of(rel)
        return self.parts[part].page.shown(path)


def joint_search(
    ws: Context,
    query: str,
    opened: Sequence[tuple[str, Context | PrxError, str]],
    options: Mapping[str, Any],
    *,
    top_k: int,
    budget: int | None,
    offset: int,
    request: str,
) -> SearchResult | None:
    """The ranked search of ``query`` over the ``opened`` roots (``open_roots``) as one
    ranking; None when the search is not a ranked one (the caller merges root by root)."""
    from prx.engine.retrieval.query import detect_mode

    mode = options.get("mode")
    reason = f"requested (--{mode})" if mode else ""
    if mode is None:
        mode, reason = detect_mode(query) if query.strip() else ("literal", "")
    if mode in ("literal", "regex", "structural") or options.get("exists"):
        return None
    snippet_lines = int(options.get("snippet_lines", 3))
    languages = tuple(options.get("languages", ()))
    cap = checked_arguments(
        ws, query, mode, top_k, budget, int(options.get("context", 0)), snippet_lines, languages
    )
    if options.get("no_ignore"):
        return None  # refused root by root, as a search of one root refuses it
    stages, config_notes = rerank_pipeline(ws, True, options.get("rerank"))
    parts, owner, statuses = _parts(ws, opened, options, (query, mode, reason, top_k, cap))
    if not parts:
        return None  # every root failed: the first failure is the answer, as root by root
    try:
        return _ranked(
            ws, query, mode, reason, parts, owner, statuses, stages or (), config_notes,
            top_k=top_k, budget=budget, offset=offset, request=request, cap=cap,
            full=bool(options.get("full")), snippet_lines=snippet_lines,
        )  # fmt: skip
    except IndexCorruptedError:
        return None  # the roots searched one by one refuse the corrupted index and say so


def _parts(
    ws: Context,
    opened: Sequence[tuple[str, Context | PrxError, str]],
    options: Mapping[str, Any],
    page_args: tuple[Any, ...],
) -> tuple[list[_Part], list[int], list[RootSearched | None]]:
    """The union's parts (one per engine: two folders of one indexed root share it), the
    part of each opened entry (-1: failed), and the failed entries' outcomes."""
    from prx.engine.files.display import walk_base
    from prx.engine.retrieval.engine import engine_for

    query, mode, reason, top_k, cap = page_args
    parts: list[_Part] = []
    by_engine: dict[int, int] = {}
    owner: list[int] = []
    statuses: list[RootSearched | None] = []
    for position, (label, here, inside) in enumerate(opened):
        try:
            if isinstance(here, PrxError):
                raise here
            root = search_root(here, inside)
            accept = acceptor(here, options.get("globs", ()), options.get("languages", ()))
            root, accept = scoped(here, root, accept)
            engine = engine_for(here, root)
        except PrxError as err:
            directory = here.root_dir if not isinstance(here, PrxError) else label
            statuses.append(failed_root(label, directory, err))
            owner.append(-1)
            continue
        index = by_engine.get(id(engine))
        if index is None:
            page = Page(here, query, mode, reason, top_k, cap, 0, "", 0)
            page.base = walk_base(here.root_dir, root, here.label)
            index = by_engine[id(engine)] = len(parts)
            parts.append(_Part(engine, page, root))
        parts[index].accepts[position] = accept
        parts[index].labels[position] = label
        owner.append(index)
        statuses.append(None)
    # One union per set of roots, whatever order they were named in (the same roots
    # rank the same, and share their union's caches).
    order = sorted(range(len(parts)), key=lambda index: parts[index].root)
    renumbered = {old: new for new, old in enumerate(order)}
    owner = [renumbered[index] if index >= 0 else -1 for index in owner]
    return [parts[index] for index in order], owner, statuses


def _union_engine(ws: Context, parts: Sequence[_Part]) -> Engine:
    """The workspace's union engine over the parts' engines, rebuilt when one of them
    was (a root's files changed)."""
    from prx.engine.retrieval.engine import Engine
    from prx.engine.retrieval.union import union_corpus

    kept: dict[tuple[str, ...], tuple[tuple[Engine, ...], Engine]]
    kept = ws.cache.setdefault("search.joint", {})
    key = tuple(part.root for part in parts)
    engines = tuple(part.engine for part in parts)
    found = kept.pop(key, None)
    if found is None or any(a is not b for a, b in zip(found[0], engines, strict=True)):
        found = (engines, Engine(ws, "", union_corpus(engines)))
    kept[key] = found  # the most recent last
    while len(kept) > _KEPT:
        kept.pop(next(iter(kept)))
    return found[1]


def _ranked(
    ws: Context,
    text: str,
    mode: str,
    reason: str,
    parts: Sequence[_Part],
    owner: Sequence[int],
    statuses: list[RootSearched | None],
    stages: Sequence[str],
    config_notes: list[str],
    *,
    top_k: int,
    budget: int | None,
    offset: int,
    request: str,
    cap: Any,
    full: bool,
    snippet_lines: int,
) -> SearchResult:
    from prx.engine.corpus.tokenize import tokenize
    from prx.engine.retrieval.hits import lines_cap
    from prx.engine.retrieval.query import expand_abbreviations, symbol_name
    from prx.plugin.search import Query

    union = _union_engine(ws, parts)
    corpus = union.corpus
    query = Query(
        text=text,
        mode=mode,
        tokens=tuple(tokenize(expand_abbreviations(text))),
        symbol=symbol_name(text) if mode == "symbol" else None,
    )
    page = _UnionPage(parts, ws, text, mode, reason, top_k, cap, offset, request, 0)
    page.lines = lines_cap(snippet_lines, full)
    notes = list(union.warnings)
    owners = corpus.parts  # type: ignore[attr-defined]

    def accept(key: str) -> bool:
        owner = owners.owner(key)
        return owner is not None and parts[owner[0]].accepts_file(owner[1])

    found = union.ranked_pool(
        query,
        pool_size(top_k, offset),
        accept if any(part.accept is not None for part in parts) else None,
        stages=union.stages_for(stages, notes),
    )
    ranked, chunks, scores = found.order or [], found.chunks, found.scores
    top = scores[ranked[0]] if ranked else 1.0
    hits = [
        chunk_hit(corpus, chunks[i], scores[i], query, top, page)
        for i in ranked[offset : offset + top_k]
    ]
    keys = [corpus.chunks[chunks[i]].file for i in ranked]
    occurrences: list[Occurrence] = []
    occurrences_total = 0
    if query.symbol and offset == 0:
        order = [page.shown(key) for key in keys]
        occurrences, occurrences_total = _occurrences(parts, query.symbol, order)
    counts = [0] * len(parts)
    for key in keys:
        counts[part_of(key)[0]] += 1
    rows = _statuses(parts, owner, statuses, counts)
    warnings = [f"{r.root}: {r.warning}" for r in rows if r.warning]
    return merged_page(
        ws,
        text,
        mode,
        reason,
        hits,
        top_k=top_k,
        budget=budget,
        offset=offset,
        request=request,
        total=len(ranked),
        searched=sum(len(part.engine.corpus.files) for part in parts),
        skipped=dict(corpus.skipped),
        warning="; ".join([*notes, *config_notes, *warnings]) or None,
        suggestion="Nothing matched: try other words, or --literal for an exact text."
        if not ranked
        else None,
        occurrences=occurrences,
        occurrences_total=occurrences_total,
        extra={"roots": tuple(rows)},
    )


def _statuses(
    parts: Sequence[_Part],
    owner: Sequence[int],
    statuses: Sequence[RootSearched | None],
    counts: Sequence[int],
) -> list[RootSearched]:
    """Each opened root's outcome, in the roots' order (a part's hits counted once, for
    its first root)."""
    rows: list[RootSearched] = []
    counted: set[int] = set()
    for position, status in enumerate(statuses):
        if status is not None:
            rows.append(status)
            continue
        index = owner[position]
        part = parts[index]
        corpus = part.engine.corpus
        here = part.page.ws
        note = here.cache.get("index-warnings", {}).get(part.root)
        rows.append(
            RootSearched(
                root=part.labels[position],
                path=here.root_dir,
                files_searched=len(corpus.files),
                total_matches=counts[index] if index not in counted else 0,
                index=corpus.origin,
                warning=note if note and corpus.origin == "built" else None,
            )
        )
        counted.add(index)
    return rows


def _occurrences(
    parts: Sequence[_Part], symbol: str, order: Sequence[str]
) -> tuple[list[Occurrence], int]:
    """A symbol search's identifier lines in every root, files in the ranking's order."""
    found = [occurrence_hits(part.page, part.root, part.accept, symbol) for part in parts]
    return first_occurrences(found, order)
