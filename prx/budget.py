"""Token budgets: the largest prefix of ranked items whose answer fits.

A budget bounds the whole response. The operation fits its ``data`` into the budget less
:data:`ENVELOPE_RESERVE`, the tokens the envelope's own fields take. Items are kept as a
prefix of the ranking (never "skip and take a later one"), so a continuation token that
says "start at item k" loses and repeats nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from prx.envelope import dumps, to_jsonable
from prx.errors import BudgetExceededError
from prx.tokens import TokenCounter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["ENVELOPE_RESERVE", "data_tokens", "fit_prefix", "limit_for"]

#: Tokens kept aside for ``version``, ``command``, ``status``, ``tokens`` and ``warnings``.
ENVELOPE_RESERVE = 32


def data_tokens(result: Any, count: TokenCounter) -> int:
    """Tokens of ``result`` as it appears in the envelope's ``data``."""
    return count(dumps(to_jsonable(result)))


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
