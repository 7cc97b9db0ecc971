"""The ``search`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx.core.budget import ECHO_CHARS, SEARCH_CEILING, shortened_echo
from prx.core.record import record
from prx.core.results.search import Match, SearchExistsResult, SearchResult
from prx.core.results.usage import UnixOutput
from prx.core.textform import lazy_rendering
from prx.engine.retrieval.hits import SNIPPET_LINES
from prx.plugin.context import Context
from prx.plugin.operation import Baseline, Operation, param

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["SEARCH", "SearchParams", "echo_shortened", "roots_identity"]

#: How a ranked search over several roots merges them (``fusion``).
FUSIONS = ("joint", "evidence")

#: The values of ``mode``; ``--literal`` ... are shorthands for them.
MODES = ("symbol", "hybrid", "literal", "regex", "structural")


@record
class SearchParams:
    """Parameters of ``prx search``."""

    query: str = param(help="words, identifier, text, regex or ast-grep pattern", positional=True)
    path: str = param(".", help="directory or file to search (default: .)", positional=True)
    roots: tuple[str, ...] = param(
        (),
        help="more roots: PATH and each searched with its own index, merged",
        positional=True,
        rest=False,
        metavar="ROOT",
        beyond_root=True,
    )
    roots_file: str | None = param(
        None,
        help="a file listing roots, one per line",
        flag="--roots",
        metavar="FILE",
        beyond_root=True,
    )
    mode: str | None = param(
        None,
        help="symbol, hybrid, literal, regex or structural (default: chosen from the query)",
        choices=MODES,
        metavar="MODE",
    )
    literal: bool = param(False, help="search the query as a fixed string", shorthand=True)
    regex: bool = param(False, help="search the query as a regular expression", shorthand=True)
    semantic: bool = param(
        False, help="ranked search by meaning (BM25 + embeddings)", shorthand=True
    )
    symbol: bool = param(
        False, help="ranked search for an identifier's definition first", shorthand=True
    )
    structural: bool = param(False, help="ast-grep pattern ($NAME, $$$ARGS)", shorthand=True)
    selector: str | None = param(
        None,
        help="structural: the node kind to match",
        metavar="KIND",
    )
    top_k: int | None = param(None, help="per page (10; lines: 50)", short="-k", metavar="N")
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{SEARCH_CEILING} (estimated); 0: no limit",
        metavar="N",
    )
    context: int = param(0, help="lines around an exact match (default 0)", short="-C", metavar="N")
    snippet_lines: int = param(
        SNIPPET_LINES,
        help=f"lines per match (default {SNIPPET_LINES}; 0: locations)",
        metavar="N",
    )
    full: bool = param(False, help="whole chunks and contexts")
    # The aliases are the Python API's names (``prx.search(globs=...)``).
    include: tuple[str, ...] = param(
        (), help="only files matching this glob; repeatable", metavar="GLOB", aliases=("globs",)
    )
    language: tuple[str, ...] = param(
        (), help="only files of this language; repeatable", metavar="LANG", aliases=("languages",)
    )
    ignore_case: bool = param(False, help="literal and regex: ignore case", short="-i")
    no_ignore: bool = param(False, help="every file, as grep -r")
    exists: bool = param(
        False, help="answer only whether anything matches", selects="SearchExistsResult"
    )
    rerank: str | None = param(
        None,
        help="stages on (+NAME) or off (-NAME)",
        metavar="+NAME,-NAME",
    )
    continue_token: str | None = param(
        None, help="token of the previous page", flag="--continue", metavar="TOKEN"
    )
    fusion: str = param(
        "joint",
        help="several roots, ranked: joint (one ranking over every root's index) or "
        "evidence (each root ranked alone, merged by its evidence)",
        choices=FUSIONS,
        metavar="HOW",
        listed=False,
    )


def _mode(p: SearchParams) -> str | None:
    for flag, mode in (
        (p.literal, "literal"),
        (p.regex, "regex"),
        (p.symbol, "symbol"),
        (p.structural, "structural"),
        (p.semantic, "hybrid"),
    ):
        if flag:
            return mode
    if p.mode is None and p.selector is not None:
        return "structural"  # a selector is a structural search's
    return p.mode


def _run(ws: Context, p: SearchParams) -> SearchResult | SearchExistsResult:
    if p.fusion not in FUSIONS:
        from prx.core.errors import InvalidArgumentError, did_you_mean

        known = ", ".join(FUSIONS)
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {known}, got {p.fusion!r}",
            param="fusion",
            suggestion=did_you_mean(p.fusion, FUSIONS) or "joint ranks every root as one.",
        )
    flagged = {
        mode
        for flag, mode in (
            (p.literal, "literal"),
            (p.regex, "regex"),
            (p.semantic, "hybrid"),
            (p.symbol, "symbol"),
            (p.structural, "structural"),
        )
        if flag
    }
    if len(flagged | ({p.mode} if p.mode else set())) > 1:
        from prx.core.errors import InvalidArgumentError

        raise InvalidArgumentError(
            "invalid argument: choose one of {param:mode}, {param:literal}, {param:regex}, "
            "{param:semantic}, {param:symbol}, {param:structural}"
        )
    if p.selector is not None and _mode(p) != "structural":
        from prx.core.errors import InvalidArgumentError

        raise InvalidArgumentError(
            "invalid argument {param}: a selector applies to a structural search",
            param="selector",
            suggestion="Add {param:structural}, or leave out {param:selector}.",
        )
    if _mode(p) in (None, "literal") and p.query.strip() and not p.query.strip("./"):
        from prx.core.errors import InvalidArgumentError

        # `prx search '--include=*.txt' .` takes the flag as a flag and '.' as the query.
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {p.query!r} is a path, not a text to search for",
            param="query",
            suggestion="Give the text to search for first, then the path.",
        )
    from prx.commands.search.engine import run_search

    if p.roots or p.roots_file:
        result = _over_roots(ws, p)
    else:
        result = run_search(
            ws,
            p.query,
            p.path,
            top_k=p.top_k,
            budget=p.budget,
            continue_token=p.continue_token,
            **_options(p),
        )
    if (
        isinstance(result, SearchResult)
        and result.mode not in ("literal", "regex", "structural")
        and p.continue_token is None  # a later page: the first one counted the whole grep
    ):
        # The grep a ranked search stands in for, for prx stats (the search knows the
        # rest): counted when usage is recorded, after the answer is out.
        from prx.commands.search.engine import ranked_grep
        from prx.core.record import replace

        def later() -> UnixOutput | None:
            return ranked_grep(ws, p.query, p.path, globs=p.include, languages=p.language)

        result = replace(result, unix_output_later=later)
    return echo_shortened(result)


def echo_shortened(
    result: SearchResult | SearchExistsResult,
) -> SearchResult | SearchExistsResult:
    """``result`` with a long query (and the matched texts that repeat it) cut as every
    answer echoes it."""
    if not isinstance(result, SearchResult) or len(result.query) <= ECHO_CHARS:
        return result
    from prx.core.record import replace

    def shortened(match: Match) -> Match:
        text = match.match
        return match if text is None else replace(match, match=shortened_echo(text))

    return replace(
        result,
        query=shortened_echo(result.query),
        files=tuple(
            replace(f, matches=tuple(shortened(m) for m in f.matches)) for f in result.files
        ),
    )


def roots_identity(p: SearchParams) -> list[object]:
    """What, beside the roots and the query, makes two searches over several roots the
    same request (their continuation tokens are checked against it)."""
    return [
        _mode(p),
        sorted(p.include),
        sorted(p.language),
        p.ignore_case,
        p.no_ignore,
        p.rerank,
        p.selector,
        p.snippet_lines,
        p.full,
        p.fusion,
    ]


def _options(p: SearchParams) -> dict[str, Any]:
    """What every root's search takes from the call as it is (pages and budgets apart)."""
    return {
        "mode": _mode(p),
        "context": p.context,
        "globs": p.include,
        "languages": p.language,
        "exists": p.exists,
        "ignore_case": p.ignore_case,
        "no_ignore": p.no_ignore,
        "rerank": p.rerank,
        "snippet_lines": p.snippet_lines,
        "full": p.full,
        "selector": p.selector,
    }


def _over_roots(ws: Context, p: SearchParams) -> SearchResult | SearchExistsResult:
    """``path`` and ``roots`` (and the ``--roots`` file's) searched as one."""
    from prx.commands.search.engine import RANKED_PAGE, run_search
    from prx.commands.search.roots import read_roots_file, search_roots

    roots = [p.path, *p.roots]
    if p.roots_file:
        roots += read_roots_file(ws, p.roots_file)
    options = _options(p)

    def search_one(here: Context, inside: str, depth: int) -> SearchResult | SearchExistsResult:
        return run_search(here, p.query, inside, top_k=depth, budget=0, **options)

    return search_roots(
        ws,
        p.query,
        roots,
        search_one,
        top_k=p.top_k or RANKED_PAGE,
        budget=p.budget,
        continue_token=p.continue_token,
        exists=p.exists,
        identity=roots_identity(p),
        fusion=p.fusion,
        options=options,
    )


def _fallback(p: SearchParams) -> Sequence[str]:
    from prx.engine.usage.grep import grep_target

    flags = "-rn" + ("i" if p.ignore_case else "") + ("E" if p.regex else "F")
    return ["grep", flags, "--", p.query, grep_target(p.path)]


def _baseline(p: SearchParams, r: SearchResult | SearchExistsResult) -> Baseline | None:
    # What grep prints, counted by the search itself (docs/stats.md): never whole files.
    from prx.engine.usage.baseline import command_line

    if isinstance(r, SearchExistsResult):
        # The same question to grep: -q prints nothing, the exit status answers.
        grep, flags, *rest = _fallback(p)
        argv = [grep, flags.replace("-rn", "-rq"), *rest]
        return Baseline(tokens=0, strategy="measured", command=command_line(argv))
    if r.mode == "structural":
        return None  # grep cannot match syntax, and ast-grep is no plain Unix tool: no claim
    if p.continue_token is not None:
        from prx.engine.usage.grep import query_words

        if r.mode not in ("literal", "regex") and not query_words(p.query):
            return None  # as the first page: no word to grep, no claim
        # A later page: the first one counted everything grep prints.
        return Baseline(tokens=0, strategy="continuation", command=command_line(_fallback(p)))
    unix = r.unix_output
    if unix is None and r.unix_output_later is not None:
        unix = r.unix_output_later()
    if unix is None:
        return None  # a query without a word worth a grep: no claim
    return Baseline(tokens=unix.bytes // 4, strategy=unix.strategy, command=command_line(unix.argv))


SEARCH = Operation(
    name="search",
    summary="Search code: ranked by meaning or identifier, or literal, regex, structural.",
    func=_run,
    params=SearchParams,
    result=SearchResult | SearchExistsResult,
    fallback=_fallback,
    baseline=_baseline,
    toolset="search",
    text=lazy_rendering("prx.commands.search.text:render"),
)
