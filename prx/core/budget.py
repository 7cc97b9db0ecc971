"""Token budgets and default ceilings: the largest prefix of ranked items whose answer fits.

Every command that can answer at length has a default ceiling (the ``*_CEILING`` constants
below, all in this one place): without ``--budget`` its answer is cut there, counted with
the fast bytes/4 estimate that the envelope's own ``tokens`` uses. ``--budget N`` replaces the
ceiling with ``N`` exact cl100k_base tokens, larger or smaller; ``--budget 0`` lifts every
limit. A budget or a ceiling bounds the whole response: the operation fits its ``data``
into it less :data:`ENVELOPE_RESERVE`, the tokens the envelope's own fields take. Items
are kept as a prefix of the ranking (never "skip and take a later one"), so a continuation
token that says "start at item k" loses and repeats nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from prx.core.envelope import dumps, to_jsonable
from prx.core.errors import BudgetExceededError, InvalidArgumentError
from prx.core.record import record
from prx.core.tokens import TokenCounter, counter_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "ANSWER_MAX",
    "measured_as",
    "DIFF_CEILING",
    "CONTEXT_CEILING",
    "ECHO_CHARS",
    "ENVELOPE_RESERVE",
    "EXPLAIN_CEILING",
    "FALLBACK_CEILING",
    "FIND_CEILING",
    "IMPACT_CEILING",
    "NO_LIMIT",
    "OUTLINE_CEILING",
    "READ_CEILING",
    "RENAME_CEILING",
    "RUN_CEILING",
    "SEARCH_CEILING",
    "Cap",
    "answer_max",
    "ceilings_at_most",
    "cap_for",
    "current_measure",
    "data_tokens",
    "exact_ceilings",
    "fit_prefix",
    "limit_for",
    "shortened_echo",
]

#: Tokens kept aside for ``version``, ``command``, ``status``, ``tokens`` and ``warnings``.
ENVELOPE_RESERVE = 32

# Default ceilings: the most tokens an answer takes when no --budget is given.
#: ``read``: about 800 lines of code.
READ_CEILING = 10_000
#: ``find``: one view (the tree), about 250 files.
FIND_CEILING = 5_000
#: ``outline`` of a directory (or of a very large file).
OUTLINE_CEILING = 8_000
#: ``search``: a page of matches with their snippets.
SEARCH_CEILING = 8_000
#: ``rename``: the changed lines (before and after) of a dry run or an applied rename.
RENAME_CEILING = 8_000
#: ``run``: the summary, failures, diagnostics and output excerpt of one command.
RUN_CEILING = 8_000
#: ``diff``: the summary, notes, file list and the most important hunks.
DIFF_CEILING = 8_000
#: ``context``: a module's stats, docs, entrypoints, outlines and import edges.
CONTEXT_CEILING = 4_000
#: ``impact``: the dependents of a file or symbol.
IMPACT_CEILING = 4_000
#: ``explain``: a symbol's definitions, references and tests.
EXPLAIN_CEILING = 6_000
#: The Unix tool's output when a command falls back to it.
FALLBACK_CEILING = 10_000
#: No answer given without ``--budget`` exceeds this many tokens (the ceilings stay below).
ANSWER_MAX = 12_000
#: ``--budget 0``: no limit at all (the whole answer, however large).
NO_LIMIT = 0


@record
class Cap:
    """The limit one answer is fitted into: an explicit budget, a default ceiling, or none."""

    #: Tokens the whole response may take; None for no limit (``--budget 0``).
    tokens: int | None
    #: True for an explicit ``--budget`` (exact cl100k_base counts); False for a default
    #: ceiling or no limit (the fast estimate).
    exact: bool
    #: A default ceiling counted in exact tokens (see :func:`exact_ceilings`).
    exact_ceiling: bool = False

    @property
    def count(self) -> TokenCounter:
        """The counter the answer is measured with."""
        return counter_for(self.exact)

    @property
    def reason(self) -> str:
        """What cut an answer: ``budget`` (a ``--budget``) or ``ceiling`` (the default)."""
        return "budget" if self.exact and not self.exact_ceiling else "ceiling"

    def describe(self) -> str:
        """The limit in words, for notes; a default ceiling says how to lift it."""
        if self.exact and not self.exact_ceiling:
            return "the budget"
        return (
            f"the default ceiling ({self.tokens} tokens; --budget N raises it, --budget 0 lifts it)"
        )


def cap_for(budget: int | None, ceiling: int) -> Cap:
    """The cap of an answer given ``budget`` (None: the default ``ceiling``; 0: no limit)."""
    if budget is None:
        ceiling = min(ceiling, _CEILING_AT_MOST.get() or ceiling)
        forced = _FORCED_EXACT_LIMIT.get()
        if forced is not None:
            return Cap(tokens=min(ceiling, forced), exact=True, exact_ceiling=True)
        return Cap(tokens=ceiling, exact=False)
    if budget < 0:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: must be 0 (no limit) or positive, got {budget}",
            param="budget",
        )
    if budget == NO_LIMIT:
        return Cap(tokens=None, exact=False)
    return Cap(tokens=budget, exact=True)


_FORCED_EXACT_LIMIT: ContextVar[int | None] = ContextVar("prx_exact_ceiling", default=None)


@contextmanager
def exact_ceilings(tokens: int) -> Iterator[None]:
    """Within the block, default ceilings are counted in exact tokens and held to at most
    ``tokens`` (for an answer whose estimate undercounted it)."""
    reset = _FORCED_EXACT_LIMIT.set(tokens)
    try:
        yield
    finally:
        _FORCED_EXACT_LIMIT.reset(reset)


_CEILING_AT_MOST: ContextVar[int | None] = ContextVar("prx_ceiling_at_most", default=None)


@contextmanager
def ceilings_at_most(tokens: int) -> Iterator[None]:
    """Within the block, every default ceiling is at most ``tokens`` (a front-end with a
    smaller default answer size, such as the MCP server), still counted with the estimate."""
    reset = _CEILING_AT_MOST.set(tokens)
    try:
        yield
    finally:
        _CEILING_AT_MOST.reset(reset)


def answer_max() -> int:
    """The most tokens a default answer may take here: :data:`ANSWER_MAX`, or less within
    :func:`ceilings_at_most`."""
    return min(ANSWER_MAX, _CEILING_AT_MOST.get() or ANSWER_MAX)


#: Characters of a query or pattern an answer echoes back; the rest is only counted.
ECHO_CHARS = 200


def shortened_echo(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` as an answer (or a record) echoes it: a long query or pattern (a 2 MB one
    is possible) keeps its first ``limit`` characters and says how many more there were."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{len(text) - limit} more characters]"


#: How the answer being fitted will be read: None, as the envelope's JSON ``data``; else
#: the rendering the reader gets instead (the model-facing text).
_MEASURE: ContextVar[Callable[[Any], str] | None] = ContextVar("prx_measure", default=None)


@contextmanager
def measured_as(render: Callable[[Any], str] | None) -> Iterator[None]:
    """Within the block, answers are fitted to their budget as ``render`` shows their
    ``data`` (a front-end that shows the model-facing text, not the JSON); None: as JSON."""
    reset = _MEASURE.set(render)
    try:
        yield
    finally:
        _MEASURE.reset(reset)


def current_measure() -> Callable[[Any], str] | None:
    """The rendering answers are fitted as here (:func:`measured_as`), or None: JSON."""
    return _MEASURE.get()


def data_tokens(result: Any, count: TokenCounter) -> int:
    """Tokens of ``result`` as the reader gets it: the envelope's ``data`` as JSON, or
    its rendering within :func:`measured_as`."""
    data = to_jsonable(result)
    render = _MEASURE.get()
    if render is not None and isinstance(data, dict):
        try:
            return count(render(data))
        except Exception:  # noqa: BLE001  (a rendering that cannot show a draft: count JSON)
            pass
    return count(dumps(data))


def limit_for(budget: int) -> int:
    """Tokens ``data`` may take under ``budget``."""
    if budget <= ENVELOPE_RESERVE:
        raise BudgetExceededError(
            f"budget {budget} is too small: the envelope alone takes about "
            f"{ENVELOPE_RESERVE} tokens",
            param="budget",
            suggestion=f"Use {{param}} {ENVELOPE_RESERVE * 4} or more.",
        )
    return budget - ENVELOPE_RESERVE


def fit_prefix(total: int, cost: Callable[[int], int], limit: int, *, gallop: bool = False) -> int:
    """The largest ``k`` in ``0..total`` with ``cost(k) <= limit``.

    ``cost(k)`` is the token count of the answer holding the first ``k`` items; it must not
    decrease as ``k`` grows. Returns 0 when not even one item fits.

    With ``gallop`` the search starts at the front (1, 2, 4 ... items) instead of trying all
    ``total`` first: for a long sequence of which little fits (a large file under a small
    budget) every answer it builds stays about as small as the one it returns.
    """
    low, high = 0, total  # cost(low) fits or low == 0; cost(high) does not fit
    if gallop:
        step = 1
        while step < total and cost(step) <= limit:
            low, step = step, step * 2
        high = min(step, total)
        if high == total and low < total and cost(total) <= limit:
            return total
    elif cost(total) <= limit:
        return total
    while high - low > 1:
        mid = (low + high) // 2
        if cost(mid) <= limit:
            low = mid
        else:
            high = mid
    return low
