"""Cut a run's answer until it fits a token limit: a budget, or the default ceiling.

The order: excerpts after the first three failures, ``tail`` lines (the last one kept may
be cut part-way), diagnostics, every excerpt, failures, and as a last resort the command's
own long arguments (after the wrappers the detection names). The summary and the counts
are never cut; every cut is counted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from prx.core.results.run import Diagnostic, Failure
from prx.engine.runner.answer import Answer, TailLine, cut_marked, cut_text, gap, is_marker
from prx.engine.runner.excerpt import marker

__all__ = ["Fitter", "largest"]

#: Characters of one argument of the command kept when even the bare answer is too large.
MIN_ARG_CHARS = 16


def largest(n: int, ok: Callable[[int], bool]) -> int:
    """The largest k in 0..n with ok(k) (ok is monotone); 0 when none."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


class Fitter:
    """Cuts an :class:`Answer` until its data fits ``limit`` tokens, counting every cut.

    :param keep_tail: ``head`` keeps the first lines of the tail (verbatim output, listings),
        ``tail`` the last ones.
    """

    def __init__(self, answer: Answer, limit: int, *, keep_tail: str) -> None:
        self.answer, self.limit, self.keep_tail = answer, limit, keep_tail

    def fits(self) -> bool:
        return self.answer.tokens() <= self.limit

    def fit(self) -> bool:
        """Cut in order until it fits; whether it does."""
        steps: tuple[Callable[[], None], ...] = (
            lambda: self._drop_excerpts(keep=3),
            self._shrink_tail,
            lambda: self._shrink_list("diagnostics"),
            lambda: self._drop_excerpts(keep=0),
            lambda: self._shrink_list("failures"),
            self._drop_via,
            self._shrink_argv,
        )
        for step in steps:
            if self.fits():
                return True
            step()
        return self.fits()

    def _drop_excerpts(self, *, keep: int) -> None:
        self.answer.failures = [
            f if i < keep else dataclasses.replace(f, excerpt=None)
            for i, f in enumerate(self.answer.failures)
        ]

    def _shrink_list(self, field: str) -> None:
        answer = self.answer
        items: list[Failure] | list[Diagnostic] = getattr(answer, field)
        omitted_name = f"{field}_omitted"
        base: int = getattr(answer, omitted_name)

        def make(k: int) -> bool:
            """Keep the first ``k``; whether the answer fits then."""
            setattr(answer, field, items[:k])
            setattr(answer, omitted_name, base + len(items) - k)
            return self.fits()

        make(largest(len(items), make))

    def _shrink_tail(self) -> None:
        answer = self.answer
        if answer.tail is None:
            return
        lines = answer.tail
        head = self.keep_tail == "head"

        def make(k: int, part: int = 0) -> list[TailLine]:
            """The first (or last) ``k`` lines, and the next one cut to ``part`` characters."""
            if k >= len(lines):
                return list(lines)
            kept = lines[:k] if head else lines[len(lines) - k :]
            dropped = lines[k:] if head else lines[: len(lines) - k]
            extra: list[TailLine] = []
            if part:
                line = dropped[0] if head else dropped[-1]
                shown, hidden = cut_text(line.text, part)
                extra = [TailLine(shown, line.hidden + hidden, line.counted, line.edge_hidden)]
                dropped = dropped[1:] if head else dropped[:-1]
            if not dropped:
                return [*kept, *extra] if head else [*extra, *kept]
            marked = gap(dropped, "more lines" if head else "earlier lines")
            return [*kept, *extra, marked] if head else [marked, *extra, *kept]

        def fits(candidate: list[TailLine]) -> bool:
            answer.tail = candidate
            return self.fits()

        k = largest(len(lines), lambda n: fits(make(n)))
        best = make(k)
        if k < len(lines):
            line = lines[k] if head else lines[len(lines) - k - 1]
            if not is_marker(line.text):
                part = largest(len(line.text), lambda c: c == 0 or fits(make(k, c)))
                if part:
                    best = make(k, part)
        answer.tail = best

    def _drop_via(self) -> None:
        """The wrappers a detection looked through: the command line shows them too."""
        detected = self.answer.detected
        if detected is not None and detected.via:
            self.answer.detected = dataclasses.replace(detected, via=())

    def _shrink_argv(self) -> None:
        """Last resort: cut long arguments of the command, then drop trailing ones."""
        answer = self.answer
        original = list(answer.output.argv)
        longest = max((len(a) for a in original), default=0)

        def shorter(arg: str, limit: int) -> str:
            """``arg`` cut to ``limit`` characters and marked, unless the marker costs more."""
            cut = cut_marked(arg, limit)[0]
            return cut if len(cut) < len(arg) else arg

        def cut_to(limit: int) -> bool:
            answer.argv = [shorter(a, limit) for a in original]
            return self.fits()

        if longest > MIN_ARG_CHARS:
            extra = largest(longest - MIN_ARG_CHARS, lambda m: cut_to(MIN_ARG_CHARS + m))
            cut_to(MIN_ARG_CHARS + extra)
        if self.fits() or len(original) < 2:
            return
        short = list(answer.argv)

        def first(k: int) -> bool:
            answer.argv = [*short[:k], marker(len(short) - k, "arguments")]
            return self.fits()

        first(max(1, largest(len(short) - 1, first)))
