"""fit_prefix: the largest prefix that fits, found with few and small evaluations."""

from __future__ import annotations

import random

import pytest

from prx.core.budget import fit_prefix


def brute(total, cost, limit):
    return max((k for k in range(total + 1) if cost(k) <= limit), default=0)


@pytest.mark.parametrize("gallop", [False, True])
def test_matches_a_linear_scan_on_random_monotone_costs(gallop):
    rng = random.Random(7)
    for _ in range(300):
        total = rng.randint(0, 70)
        steps = [rng.randint(0, 9) for _ in range(total + 1)]
        prefix = [sum(steps[: k + 1]) for k in range(total + 1)]
        limit = rng.randint(0, prefix[-1] + 5)
        assert fit_prefix(total, prefix.__getitem__, limit, gallop=gallop) == brute(
            total, prefix.__getitem__, limit
        )


def test_galloping_never_builds_an_answer_much_larger_than_the_result():
    asked: list[int] = []

    def cost(k: int) -> int:
        asked.append(k)
        return 10 * k

    assert fit_prefix(300_000, cost, 400, gallop=True) == 40
    # A plain bisection starts with all 300,000 items; galloping stays near the answer.
    assert max(asked) <= 2 * 40 and len(asked) <= 2 * 20
