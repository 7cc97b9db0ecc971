"""Fitting a diff into its cap: the lists shortened to leave the hunks room, then the
largest prefix of the ranked hunks, with what was left out and how to get it."""

from __future__ import annotations

from collections.abc import Callable

from prx.core import continuation
from prx.core.budget import ENVELOPE_RESERVE, Cap, data_tokens, fit_prefix, limit_for
from prx.core.envelope import dumps, to_jsonable
from prx.core.errors import BudgetExceededError
from prx.core.record import replace
from prx.core.results.diff import DiffHunk, DiffResult
from prx.core.results.read import Omission

__all__ = ["fit_hunks", "fixed_part"]

#: How many files, definitions and semantic notes a capped answer lists, at most (the
#: first level), and the shorter lists it falls back to when they would take more than
#: half the limit (the counts always cover all).
_LIST_LEVELS: tuple[tuple[int, int, int], ...] = (
    (100, 100, 60),
    (50, 50, 30),
    (20, 20, 15),
    (10, 10, 8),
    (5, 5, 5),
)
# Stands in for the omitted tokens while fitting, so the real figure never adds digits.
_PLACEHOLDER = 999_999_999


def fixed_part(
    whole: Callable[[tuple[int, int, int] | None], DiffResult], cap: Cap, share: float
) -> DiffResult:
    """The answer without hunks, its lists short enough to leave the hunks room: at most
    ``share`` of the limit (all of it with no limit)."""
    if cap.tokens is None:
        return whole(None)
    limit = limit_for(cap.tokens)
    answer = whole(_LIST_LEVELS[0])
    for level in _LIST_LEVELS[1:]:
        if data_tokens(answer, cap.count) <= limit * share:
            break
        answer = whole(level)
    if data_tokens(answer, cap.count) > limit:
        raise BudgetExceededError(
            f"{cap.describe()} cannot hold the summary, stats and notes of this diff "
            f"(about {data_tokens(answer, cap.count)} tokens)",
            suggestion="Use a larger {param:budget} (0: no limit), or give {param:paths} "
            "to narrow the diff.",
        )
    return answer


def fit_hunks(
    whole: DiffResult,
    page: list[tuple[int, int, DiffHunk]],
    offset: int,
    cap: Cap,
    request: str,
    state: str,
) -> DiffResult:
    """The most important hunks from ``offset`` on that fit ``cap``, shown in file order."""
    count = cap.count

    def build(keep: int, rest_tokens: int, *, resumable: bool = True) -> DiffResult:
        kept = sorted(page[:keep], key=lambda item: item[:2])
        result = replace(whole, hunks=tuple(hunk for _, _, hunk in kept))
        left = [hunk for _, _, hunk in page[keep:]]
        if not left:
            return result
        note = _left_out(left, rest_tokens, cap, resumable)
        return replace(
            result,
            truncated=True,
            continuation_token=continuation.encode("diff", request, offset + keep, state)
            if resumable
            else None,
            omitted=Omission(count=len(left), tokens=rest_tokens, reason=cap.reason),
            notes=(*whole.notes, note),
        )

    keep = len(page)
    if cap.tokens is not None:
        limit = limit_for(cap.tokens)
        if data_tokens(build(keep, 0), count) > limit:
            keep = fit_prefix(
                len(page), lambda k: data_tokens(build(k, _PLACEHOLDER), count), limit
            )
        if keep == 0 and page:
            fixed = data_tokens(build(0, _PLACEHOLDER, resumable=False), count)
            first = page[0][2]
            if cap.reason == "budget" or fixed > limit:
                needed = data_tokens(build(1, _PLACEHOLDER), count) + ENVELOPE_RESERVE
                raise BudgetExceededError(
                    f"{cap.describe()} cannot hold the summary with the first hunk "
                    f"({first.file}, lines {first.new_range.start}-{first.new_range.end}, "
                    f"about {data_tokens(first, count)} tokens)",
                    suggestion=f"Use {{param:budget}} {needed} or more (0: no limit), give "
                    "{param:paths} to narrow the diff, or use {param:stat_only}.",
                )
            rest = page
            return build(0, count(dumps(to_jsonable([h for _, _, h in rest]))), resumable=False)
    rest_hunks = [hunk for _, _, hunk in page[keep:]]
    return build(keep, count(dumps(to_jsonable(rest_hunks))) if rest_hunks else 0)


def _left_out(left: list[DiffHunk], tokens: int, cap: Cap, resumable: bool) -> str:
    """What the cut left out, file by file, and how to get it."""
    per_file: dict[str, int] = {}
    for hunk in left:
        per_file[hunk.file] = per_file.get(hunk.file, 0) + 1
    listed = ", ".join(f"{path} ({n})" for path, n in list(per_file.items())[:10])
    more = len(per_file) - 10
    if more > 0:
        listed += f" and {more} more files"
    how = (
        "the continuation_token gives the next hunks; a diff of one of these paths gives "
        "its hunks alone"
        if resumable
        else "the next hunk alone is larger than the limit: ask for its path alone with a "
        "larger budget (0: no limit)"
    )
    return (
        f"{len(left)} hunk(s) (about {tokens} tokens) left out by {cap.describe()}: {listed}; {how}"
    )
