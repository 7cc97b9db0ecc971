"""Edits stay bounded on large inputs (issue 26, class 6): the near-miss suggestion of an
absent find text and the hunk locator of a patch answer within a hang guard on a 1 MB file,
and both stop when the caller cancels."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

import prx
from prx.commands.edit.matching import near_miss
from prx.core.errors import CancelledError, NoMatchError
from prx.core.progress import reporting
from prx.testing import CliRun

Run = Callable[..., CliRun]
T = TypeVar("T")

#: The hang guard: generous (the old code took minutes), not a timing assertion.
GUARD = 60

_WORDS = (
    "self value result items count index data total name node parent child left right "
    "return if for in not and or None True False len range append update"
).split()


def _code(size: int, seed: int = 1) -> str:
    """About ``size`` characters of Python-looking lines from a small vocabulary: every
    window looks alike to a character-level similarity, the old near-miss's worst case."""
    rng = random.Random(seed)
    lines: list[str] = []
    total = 0
    while total < size:
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(2, 7)))
        line = "    " * rng.randint(0, 3) + f"{words} = {len(lines)}"
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines) + "\n"


def _absent(lines: int, seed: int = 2) -> str:
    """A find text of ``lines`` lines, from the same vocabulary, that is not in the file."""
    rng = random.Random(seed)
    return "\n".join(
        "    " * rng.randint(0, 2) + " ".join(rng.choice(_WORDS) for _ in range(5)) + f" = q{n}"
        for n in range(lines)
    )


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("big")
    (root / "big.py").write_text(_code(1_000_000))
    (root / "find.txt").write_text(_absent(200))
    return root


def test_absent_200_line_find_in_a_1mb_file_answers_no_match(big: Path, run_cli: Run) -> None:
    find = (big / "find.txt").read_text()
    done = run_cli("edit", "big.py", "--find", find, "--replace", "x", cwd=big, timeout=GUARD)
    envelope = done.envelope
    assert envelope["status"] == "error", envelope
    assert envelope["error"]["code"] == "no_match"
    assert done.exit_code == 1


def test_absent_200_line_hunk_in_a_1mb_file_answers_no_match(big: Path, run_cli: Run) -> None:
    find = (big / "find.txt").read_text().split("\n")
    patch = "\n".join(
        ["*** Begin Patch", "*** Update File: big.py", *(f" {line}" for line in find[:-1])]
        + [f"-{find[-1]}", "+changed = 1", "*** End Patch", ""]
    )
    done = run_cli("edit", "--patch", "-", cwd=big, input=patch, timeout=GUARD)
    envelope = done.envelope
    assert envelope["status"] == "error", envelope
    assert envelope["error"]["code"] == "no_match"


def _guarded(call: Callable[[], T]) -> T:
    """``call()`` in a thread, failing (not hanging) when it runs past the guard."""
    done: list[T] = []
    raised: list[BaseException] = []

    def work() -> None:
        try:
            done.append(call())
        except BaseException as exc:  # noqa: BLE001 - raised again in the test thread
            raised.append(exc)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(GUARD)
    assert not worker.is_alive(), "the call did not finish within the hang guard"
    if raised:
        raise raised[0]
    return done[0]


def test_a_near_miss_in_a_large_file_is_still_found(big: Path) -> None:
    # A block from the middle of the file with one line changed: the suggestion names it.
    text = (big / "big.py").read_text()
    lines = text.split("\n")
    middle = len(lines) // 2
    block = lines[middle : middle + 30]
    block[12] = block[12] + " + 1"
    found = _guarded(lambda: near_miss(text, "\n".join(block), 0, len(text)))
    assert found is not None
    line, ratio, diff = found
    assert line == middle + 1
    assert ratio > 0.9
    assert "+ 1" in diff


def test_near_miss_keeps_its_answer_on_a_small_file() -> None:
    text = "def f():\n    total = compute(a, b)\n    return total\n"
    found = near_miss(text, "total = compute(a, c)", 0, len(text))
    assert found is not None and found[0] == 2


class _Gate(threading.Event):
    """A cancel event whose first check waits until another thread sets it: the call is
    cancelled while it runs, whatever the machine's speed."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = threading.Event()
        self.checks = 0

    def is_set(self) -> bool:
        self.checks += 1
        self.asked.set()
        self.wait(GUARD)
        return super().is_set()


def _cancelled(call: Callable[[], object]) -> tuple[_Gate, list[BaseException]]:
    gate = _Gate()
    raised: list[BaseException] = []

    def work() -> None:
        with reporting(None, cancel=gate):
            try:
                call()
            except BaseException as exc:  # noqa: BLE001 - handed to the test thread
                raised.append(exc)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    assert gate.asked.wait(GUARD), "the call never checked for cancellation"
    gate.set()  # from this thread, while the call waits at its check
    worker.join(GUARD)
    assert not worker.is_alive(), "the call did not stop when cancelled"
    return gate, raised


def test_near_miss_stops_when_cancelled() -> None:
    text = _code(60_000, seed=3)
    find = _absent(40, seed=4)
    _, raised = _cancelled(lambda: near_miss(text, find, 0, len(text)))
    assert len(raised) == 1 and isinstance(raised[0], CancelledError), raised


def test_near_miss_checks_for_cancellation_inside_its_loops(big: Path) -> None:
    text = (big / "big.py").read_text()
    find = (big / "find.txt").read_text()

    class Counting(threading.Event):
        checks = 0

        def is_set(self) -> bool:
            Counting.checks += 1
            return False

    def call() -> None:
        with reporting(None, cancel=Counting()):
            near_miss(text, find, 0, len(text))

    _guarded(call)
    assert Counting.checks >= 10


def test_patch_locator_stops_when_cancelled(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(_code(60_000, seed=5))
    find = _absent(40, seed=6).split("\n")
    patch = "\n".join(
        ["*** Begin Patch", "*** Update File: m.py", *(f" {line}" for line in find)]
        + ["+changed = 1", "*** End Patch", ""]
    )
    _, raised = _cancelled(lambda: prx.edit(patch=patch, root=tmp_path))
    assert len(raised) == 1 and isinstance(raised[0], CancelledError), raised


def test_patch_hunk_at_the_end_of_a_large_file_is_located(tmp_path: Path) -> None:
    text = _code(300_000, seed=7)
    (tmp_path / "m.py").write_text(text)
    last = text.rstrip("\n").split("\n")[-3:]
    patch = "\n".join(
        ["*** Begin Patch", "*** Update File: m.py", f" {last[0]}", f" {last[1]}"]
        + [f"-{last[2]}", "+changed = 1", "*** End Patch", ""]
    )
    _guarded(lambda: prx.edit(patch=patch, apply=True, root=tmp_path))
    assert (tmp_path / "m.py").read_text().endswith(f"{last[1]}\nchanged = 1\n")
    with pytest.raises(NoMatchError):
        _guarded(lambda: prx.edit(patch=patch, root=tmp_path))
