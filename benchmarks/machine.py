"""The machine's state when a benchmark ran: load average and the speed of one core now.

On a shared virtual machine the same code runs up to 1.5 times slower from one minute to the
next. Printing a fixed pure-Python loop's time beside the figures says which state they were
taken in: on this project's 2-core machine the loop takes about 0.48 s in its fast state and
0.55-0.75 s (up to 1.1 s) in its slow one, switching every few seconds to minutes.
"""

from __future__ import annotations

import os
import time


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def core_speed() -> float:
    """Seconds for 10 million integer additions in a Python loop (best of three)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        total = 0
        for i in range(10_000_000):
            total += i
        best = min(best, time.perf_counter() - started)
    return best


def state() -> str:
    return f"load average {load()}; one core: 10M-add loop {core_speed():.2f} s (fast state ~0.5 s)"
