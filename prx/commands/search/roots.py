"""One search over several roots, each with its own index.

A root is a directory given by the caller: the working root or a folder of it (searched
as today, its paths shown bare), or another project (a directory holding ``.git`` or
``.prx``; its files shown ``ROOT//PATH``, see :mod:`prx.core.roots`). A ranked search
ranks every root's chunks as one (:mod:`.joint`, the ``joint`` fusion). Otherwise each
root answers one unbudgeted page deep enough for the merged page, and the pages are
fused (:mod:`prx.engine.ranking.across_roots`). Either way the result is paged and
fitted to the budget as one answer, and a root that cannot be searched is reported in
``roots`` while the others answer.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from prx.commands.search.engine import OCCURRENCES_MAX
from prx.core import continuation
from prx.core.errors import (
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    PrxError,
)
from prx.core.results.search import (
    Occurrence,
    RootSearched,
    SearchExistsResult,
    SearchResult,
)
from prx.engine.retrieval.hits import Hit
from prx.plugin.context import Context

__all__ = [
    "JOINT",
    "ROOTS_MAX",
    "failed_root",
    "merge_answers",
    "offset_of",
    "open_roots",
    "read_roots_file",
    "request_of",
    "search_roots",
]

#: The most roots one call searches (a longer list is refused, not cut).
ROOTS_MAX = 64

#: The fusion that ranks a search's roots as one (:mod:`.joint`); the others merge each
#: root's own ranking (:mod:`prx.engine.ranking.across_roots`).
JOINT = "joint"


def read_roots_file(ws: Context, path: str) -> list[str]:
    """The roots a ``--roots`` file lists, one per line (blank lines and ``#`` comments
    skipped), each relative to the working root unless absolute. The file itself must be
    inside the working root."""
    from prx.engine.files.text import load_text

    full = ws.resolve(path, param="roots_file")
    text = load_text(full, path, ws.confined).text
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def open_roots(ws: Context, roots: Sequence[str]) -> list[tuple[str, Context | PrxError, str]]:
    """Each root as ``(label, context or the error opening it, path inside it)``.

    Contexts of other projects are kept in ``ws.cache`` so that a long-lived Workspace
    (the MCP server, a notebook) keeps their loaded indexes between calls.
    """
    if len(roots) > ROOTS_MAX:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {len(roots)} roots, at most {ROOTS_MAX} in one call",
            param="roots",
        )
    opened: dict[str, Context] = ws.cache.setdefault("search.roots", {})
    answer: list[tuple[str, Context | PrxError, str]] = []
    seen: set[tuple[str, str]] = set()
    for given in roots:
        label = given.rstrip("/") or "/"
        try:
            here, inside = ws.for_path(label + "//")
            if here is ws:
                inside = label
                _check_folder(ws, label)
                label = "."
            else:
                here = opened.setdefault(here.root_dir, here)
                here.label = label
        except PrxError as err:
            answer.append((label, err, "."))
            continue
        key = (here.root_dir, os.path.normpath(os.path.join(here.root_dir, inside)))
        if key in seen:
            continue  # the same root twice: searched once
        seen.add(key)
        answer.append((label, here, inside))
    return answer


def _check_folder(ws: Context, given: str) -> None:
    """A root that is no other project must be a folder of the working root."""
    full = os.path.normpath(os.path.join(ws.root_dir, given))
    if ws.confined.contains(full):
        ws.resolve(given, param="roots")  # a link out of the root is still refused
        if not os.path.isdir(full):
            raise NotFoundError(f"root not found: {given}")
        return
    if not os.path.isdir(full):
        raise NotFoundError(f"root not found: {given}")
    raise PermissionDeniedError(
        f"permission denied: {given!r} is outside the root and is not a project "
        "(a directory holding .git or .prx)",
        suggestion="Name a project's directory, or run {cmd:index} there first.",
    )


def _root_hits(result: SearchResult) -> list[tuple[float, Hit]]:
    """A root's page as ranked hits: the answer groups them by file, and their
    relevance (stable for ties) gives back the ranking."""
    hits = [
        (match.relevance, Hit(file=f.file, language=f.language, hash=f.hash, match=match))
        for f in result.files
        for match in f.matches
    ]
    if result.mode in ("literal", "regex", "structural"):
        return hits  # lines in the order grep gives them, each relevance 1.0
    return sorted(hits, key=lambda pair: -pair[0])


def search_roots(
    ws: Context,
    query: str,
    roots: Sequence[str],
    search_one: Callable[[Context, str, int], SearchResult | SearchExistsResult],
    *,
    top_k: int,
    budget: int | None,
    continue_token: str | None,
    exists: bool,
    identity: Sequence[object],
    fusion: str = "joint",
    options: Mapping[str, Any] | None = None,
) -> SearchResult | SearchExistsResult:
    """Search every root of ``roots`` and merge the answers: a ranked search as one
    ranking over every root's index (``fusion="joint"``, :mod:`.joint`, with the search's
    ``options``); else each root with ``search_one(context, path, depth)`` (depth: how
    many ranked hits the root must give), the rankings merged by ``fusion``.

    :param identity: what else makes two requests the same (mode, filters ...), for the
        continuation token.
    """
    opened = open_roots(ws, roots)
    request = request_of(opened, query, identity)
    offset = offset_of(continue_token, request)
    if fusion == JOINT and options is not None and not exists:
        from prx.commands.search.joint import joint_search
        from prx.engine.index.speculation import one_check_per_call

        # Each root's index is checked against its tree once for the ranking and the
        # lines holding a symbol's name alike.
        with one_check_per_call():
            joint = joint_search(
                ws, query, opened, options, top_k=top_k, budget=budget, offset=offset,
                request=request,
            )  # fmt: skip
        if joint is not None:
            return joint
    depth = offset + top_k

    def answer(entry: tuple[str, Context | PrxError, str]) -> RootAnswer:
        label, here, inside = entry
        if isinstance(here, PrxError):
            return label, os.path.abspath(os.path.join(ws.root_dir, label)), here
        try:
            return label, here.root_dir, search_one(here, inside, depth)
        except PrxError as err:
            return label, here.root_dir, err

    answers = _each(opened, answer)
    for _, _, found in answers:
        if exists and isinstance(found, SearchExistsResult) and found.exists:
            return found  # one root that matches answers the question
    return merge_answers(
        ws,
        query,
        answers,
        top_k=top_k,
        budget=budget,
        offset=offset,
        request=request,
        fusion=None if fusion == JOINT else fusion,
    )


#: One root's outcome: its label, its directory, and its answer or error.
RootAnswer = tuple[str, str, "SearchResult | SearchExistsResult | PrxError"]

#: Search the roots in threads (numpy and file reads release the GIL); roots that share
#: a context (folders of the working root) stay in one thread, as a context's caches are
#: not shared between threads.
PARALLEL = True


def _each(
    opened: Sequence[tuple[str, Context | PrxError, str]],
    answer: Callable[[tuple[str, Context | PrxError, str]], RootAnswer],
) -> list[RootAnswer]:
    """``answer`` of every opened root, in the roots' order."""
    groups: dict[int, list[int]] = {}
    for index, (_, here, _) in enumerate(opened):
        groups.setdefault(id(here), []).append(index)
    if not PARALLEL or len(groups) < 2:
        return [answer(entry) for entry in opened]
    from concurrent.futures import ThreadPoolExecutor

    results: dict[int, RootAnswer] = {}

    def run(indices: list[int]) -> None:
        for index in indices:
            results[index] = answer(opened[index])

    with ThreadPoolExecutor(max_workers=min(len(groups), os.cpu_count() or 2)) as pool:
        for done in [pool.submit(run, indices) for indices in groups.values()]:
            done.result()
    return [results[index] for index in range(len(opened))]


def request_of(
    opened: Sequence[tuple[str, object, str]], query: str, identity: Sequence[object]
) -> str:
    """The fingerprint the pages of one multi-root request share."""
    return continuation.fingerprint(
        "roots", [(label, inside) for label, _, inside in opened], query, *identity
    )


def offset_of(continue_token: str | None, request: str) -> int:
    """Where the merged page starts: 0, or the continuation token's offset."""
    if continue_token is None:
        return 0
    (value,) = continuation.decode(continue_token, "search", request, 1)
    return continuation.decode_int(value, "search")


def merge_answers(
    ws: Context,
    query: str,
    answers: Sequence[RootAnswer],
    *,
    top_k: int,
    budget: int | None,
    offset: int,
    request: str,
    fusion: str | None = None,
) -> SearchResult | SearchExistsResult:
    """One answer from each root's ``(label, directory, answer or error)``: the rankings
    fused, paged at ``offset``, fitted to ``budget``; each root's outcome in ``roots``.

    Wherever the roots' answers were computed (here, another process, a cluster's
    workers), the same answers give the same merged answer.
    """
    from prx.engine.ranking.across_roots import DEFAULT_FUSION, fuse, root_strength

    found: list[SearchResult] = []
    statuses: list[RootSearched] = []
    first_error: PrxError | None = None
    exists_asked = False
    for label, directory, answer in answers:
        if isinstance(answer, PrxError):
            first_error = first_error or answer
            statuses.append(failed_root(label, directory, answer))
        elif isinstance(answer, SearchExistsResult):
            exists_asked = True
            if answer.exists:
                return answer
        else:
            found.append(answer)
            statuses.append(
                RootSearched(
                    root=label,
                    path=directory,
                    files_searched=answer.files_searched,
                    total_matches=answer.total_matches,
                    index=answer.index,
                    warning=answer.warning,
                )
            )
    if exists_asked:
        return SearchExistsResult(exists=False, confidence="exact")
    if not found and first_error is not None:
        raise first_error
    from prx.commands.search.engine import merged_page

    rankings = [_root_hits(answer) for answer in found]
    fused = [
        hit
        for _, hit in fuse(
            rankings,
            fusion or DEFAULT_FUSION,
            strengths=[root_strength(a.evidence, a.top_score) for a in found],
            tops=[a.top_score or 1.0 for a in found],
        )
    ]
    window = fused[offset : offset + top_k]
    skipped: dict[str, int] = {}
    for answer in found:
        for reason, count in answer.skipped.items():
            skipped[reason] = skipped.get(reason, 0) + count
    lead = found[0] if found else None
    return merged_page(
        ws,
        query,
        lead.mode if lead else "literal",
        lead.mode_reason if lead else "",
        window,
        top_k=top_k,
        budget=budget,
        offset=offset,
        request=request,
        total=sum(a.total_matches for a in found),
        searched=sum(a.files_searched for a in found),
        skipped=skipped,
        warning="; ".join(f"{r.root}: {r.warning}" for r in statuses if r.warning) or None,
        suggestion=lead.suggestion if lead and not window else None,
        occurrences=_ordered_occurrences(
            [line for answer in found for line in answer.occurrences], [hit.file for hit in fused]
        )
        if offset == 0
        else [],
        occurrences_total=sum(a.occurrences_total for a in found),
        extra={"roots": tuple(statuses)},
    )


def _ordered_occurrences(lines: Sequence[Occurrence], order: Sequence[str]) -> list[Occurrence]:
    """A symbol search's identifier lines from every root, files in the merged order
    (``order``: the ranked files, as shown), the first :data:`OCCURRENCES_MAX`."""
    # Each file at its first place among the distinct files: the files no chunk ranked
    # come after every ranked one.
    rank = {file: index for index, file in enumerate(dict.fromkeys(order))}
    return sorted(lines, key=lambda line: rank.get(line.file, len(rank)))[:OCCURRENCES_MAX]


def failed_root(label: str, directory: str, err: PrxError) -> RootSearched:
    """The ``roots`` entry of a root that could not be searched."""
    return RootSearched(
        root=label, path=directory, status="error", error=err.code, message=str(err)
    )
