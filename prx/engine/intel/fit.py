"""Fitting an answer into its budget by cutting whole parts, least important first.

Each stage names a part of the answer and keeps a prefix of it; a stage cuts only as much
as the answer needs, and the next stage is reached only if cutting all of this part was
not enough. Every cut is recorded (:class:`~prx.types.Cut`) with the call that answers
that part in full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from prx.core.budget import Cap, fit_prefix, limit_for
from prx.core.envelope import dumps, to_jsonable
from prx.core.errors import BudgetExceededError
from prx.core.record import json_fields, replace
from prx.core.results.intel import Cut
from prx.core.tokens import TokenCounter

__all__ = ["Stage", "fit_stages"]

R = TypeVar("R")


class Stage(NamedTuple):
    """One part of an answer that may be cut."""

    #: The part's name, as :class:`Cut` reports it.
    part: str
    #: The call that answers it in full.
    retrieve: str
    #: How many items the part holds in ``result``.
    size: Callable[[Any], int]
    #: ``result`` with only the first ``k`` items of the part.
    keep: Callable[[Any, int], Any]


class _Tokens:
    """``data_tokens`` of the trial answers of one fit: they share their items (a stage
    keeps a prefix of a part), so each item is turned into JSON once, not once per trial
    (the same JSON, the same count)."""

    def __init__(self, count: TokenCounter) -> None:
        self._count = count
        #: id of an item -> (the item, kept alive so that its id stays its own; its JSON)
        self._items: dict[int, tuple[Any, Any]] = {}

    def _item(self, item: Any) -> Any:
        known = self._items.get(id(item))
        if known is None:
            known = self._items[id(item)] = (item, to_jsonable(item))
        return known[1]

    def __call__(self, result: Any) -> int:
        names = [f.name for f in json_fields(result)[0]]
        parts = {n: v for n in names if type(v := getattr(result, n)) is tuple and v}
        shell = to_jsonable(replace(result, **{n: () for n in parts}))
        data = {
            n: [self._item(item) for item in parts[n]] if n in parts else shell[n]
            for n in names
            if n in parts or n in shell
        }
        return self._count(dumps(data))


def _merged(cuts: list[Cut]) -> tuple[Cut, ...]:
    """One cut per part (a part cut before fitting and again while fitting adds up)."""
    by_part: dict[str, Cut] = {}
    for cut in cuts:
        known = by_part.get(cut.part)
        by_part[cut.part] = cut if known is None else replace(known, count=known.count + cut.count)
    return tuple(by_part.values())


def fit_stages(whole: R, stages: list[Stage], cap: Cap, precut: tuple[Cut, ...] = ()) -> R:
    """``whole`` cut stage by stage until it fits ``cap`` (with ``truncated`` and
    ``omitted`` set when anything was cut); raises :class:`BudgetExceededError` when even
    the answer without every part does not fit. ``precut``: what the caller already left
    out because it could not fit (reported with the rest)."""
    if cap.tokens is None:
        return whole
    limit = limit_for(cap.tokens)
    data_tokens = _Tokens(cap.count)
    reason = cap.reason
    cuts: list[Cut] = list(precut)

    def marked(result: Any, more: list[Cut]) -> Any:
        return replace(result, truncated=True, omitted=_merged(more)) if more else result

    if data_tokens(marked(whole, cuts)) <= limit:
        return marked(whole, cuts)  # type: ignore[no-any-return]
    current: Any = whole

    for stage in stages:
        total = stage.size(current)
        if total == 0:
            continue

        def cost(k: int, stage: Stage = stage, total: int = total, base: Any = current) -> int:
            extra = [Cut(part=stage.part, count=total - k, reason=reason, retrieve=stage.retrieve)]
            trial = marked(stage.keep(base, k), cuts + (extra if k < total else []))
            return data_tokens(trial)

        kept = fit_prefix(total, cost, limit, gallop=True)
        if kept < total:
            current = stage.keep(current, kept)
            cuts.append(
                Cut(part=stage.part, count=total - kept, reason=reason, retrieve=stage.retrieve)
            )
        if data_tokens(marked(current, cuts)) <= limit:
            return marked(current, cuts)  # type: ignore[no-any-return]
    final = marked(current, cuts)
    if data_tokens(final) <= limit:
        return final  # type: ignore[no-any-return]
    raise BudgetExceededError(
        f"budget {cap.tokens} is too small for this answer even with every optional part left out",
        param="budget",
        suggestion="Use a larger {param}.",
    )
