"""Never larger than the output: the compact forms of a run's answer.

The whole printed answer (the envelope) may cost at most the raw output's tokens +
:data:`RAW_SLACK`, so that ``prx run`` never costs the agent more than running the command
itself. When the full answer would cost more, the first of these forms that keeps to it
answers (the :class:`~prx.types.RunReport` keeps every field; only its JSON is smaller):

1. **verbatim**: the whole output in ``tail``, with ``exit_code``, the counts the tool
   stated and the flags (``timed_out``, ``interrupted``); then the summary, the tool and the
   command, in this order, as many as keep to the rule. Nothing is cut, so there is no raw
   log.
2. **parsed**: the full answer without what the agent already has or what only sizes the
   output (the command, ``detected``, ``output_lines``, ``tokens_raw``) and without the
   counts the tool did not state.
3. **parsed and cut**: the parsed form cut to the rule like a budget cuts (excerpts, tail
   lines, diagnostics, failures), each cut counted and the whole output in the raw log.
   Not for an output asked for verbatim (``--raw``, ``--help``): that is never cut to keep
   to the rule, it is answered in the verbatim form.

In both compact forms a count is kept when the tool stated it, except that a zero
``warnings``, ``xfailed`` or ``xpassed`` says nothing and stays out (the four main counts
keep their zeros: they are the pass/fail truth), and that a verbatim answer that would
still be over the rule leaves its zero counts out, then every count (the exit code and
the output, which shows the counts as the tool printed them, are the truth then: the
envelope, ``exit_code`` and an empty ``tail`` cost 31 cl100k tokens, so this always keeps
to the rule). When no form keeps to the rule, the smaller of the first two answers, uncut.
"""

from __future__ import annotations

from collections.abc import Callable

from prx.engine.runner.answer import Answer, TailLine
from prx.engine.runner.fit import Fitter

__all__ = ["RAW_SLACK", "keep_to_output"]

#: Tokens the whole answer may cost beyond the raw output.
RAW_SLACK = 40

_MAIN_COUNTS = ("passed", "failed", "skipped", "errors")
_OTHER_COUNTS = ("warnings", "xfailed", "xpassed")
_FLAGS = ("timed_out", "interrupted")
#: Added to the verbatim form in this order, each while the answer keeps to the rule.
_VERBATIM_EXTRAS = ("summary", "tool", "command")
#: The full answer's keys kept in the parsed form (with the counts the tool stated).
_PARSED_KEYS = (
    "root",
    "tool",
    "exit_code",
    "failures",
    "diagnostics",
    "summary",
    *_FLAGS,
    "omitted_lines",
    "raw_path",
    "tail",
    "failures_omitted",
    "diagnostics_omitted",
    "omitted_chars",
)


def _stated_counts(answer: Answer) -> tuple[str, ...]:
    parsed = answer.parsed
    main = tuple(k for k in _MAIN_COUNTS if getattr(parsed, k) is not None)
    return (*main, *(k for k in _OTHER_COUNTS if getattr(parsed, k)))


def keep_to_output(
    answer: Answer,
    whole_output: Callable[[], tuple[list[TailLine], int] | None],
    *,
    limit: int,
    keep_tail: str,
    keep_raw: Callable[[], str | None],
    discard: Callable[[str], None],
    cut: bool = True,
) -> None:
    """Put ``answer`` in the first compact form whose whole envelope costs at most the raw
    output + :data:`RAW_SLACK` tokens, when the full answer costs more.

    :param whole_output: the whole output as tail lines (without colour codes, as every
        line prx shows), and its line count; None when some of it cannot be shown (a
        progress redraw hides what it overwrote).
    :param limit: the tokens its ``data`` may take (the budget or the ceiling).
    :param keep_tail: which end of the tail a cut keeps (see :class:`Fitter`).
    :param keep_raw: writes the raw log for this answer; its path (None when it cannot).
    :param discard: removes a raw log this answer wrote and no longer needs.
    :param cut: whether the parsed form may be cut to keep to the rule (not for an output
        asked for verbatim).
    """
    ceiling = answer.tokens_raw + RAW_SLACK
    if answer.envelope_tokens() <= ceiling:
        return
    stated = _stated_counts(answer)
    full = answer.snapshot()
    written = answer.raw_path  # the raw log written for the full answer, if any

    def settle(need_log: bool) -> None:
        """Keep the raw log only when the chosen form names it."""
        if written is not None and not need_log:
            discard(written)

    # 1. verbatim
    verbatim: tuple[dict[str, object], int] | None = None
    whole = whole_output()
    if whole is not None:
        answer.tail, answer.shown, answer.counted = whole[0], whole[1], whole[1]
        answer.whole, answer.raw_path = True, None
        answer.compact = ("exit_code", *stated, *_FLAGS, "tail")
    if whole is not None and answer.verbatim_whole() and answer.tokens() <= limit:
        for extra in _VERBATIM_EXTRAS:
            shorter = answer.compact
            answer.compact = (*shorter, extra)
            if answer.envelope_tokens() > ceiling or answer.tokens() > limit:
                answer.compact = shorter
                break  # the next ones say less: one is never there without the one before
        size = answer.envelope_tokens()
        if size <= ceiling:
            settle(need_log=False)
            return
        # 1b. verbatim without the counts that are zero: the exit code and the output it
        # shows say the rest (no failure is hidden: a non-zero count stays).
        # 1c. then without any count: the output shows them as the tool printed them.
        nonzero = tuple(k for k in stated if getattr(answer.parsed, k))
        for counts in dict.fromkeys((nonzero, ())):
            if counts == stated:
                continue
            answer.compact = ("exit_code", *counts, *_FLAGS, "tail")
            if answer.envelope_tokens() <= ceiling:
                settle(need_log=False)
                return
        answer.compact = ("exit_code", *stated, *_FLAGS, "tail")
        verbatim = (answer.snapshot(), size)
    if verbatim is not None and not cut:
        settle(need_log=False)
        return  # asked for verbatim: the smallest verbatim answer, uncut
    # 2. parsed
    answer.restore(full)
    answer.compact = (*_PARSED_KEYS, *stated)
    parsed = answer.snapshot()
    size = answer.envelope_tokens()
    if size <= ceiling:
        return
    # 3. parsed and cut
    if cut and _cut_to(answer, ceiling, limit=limit, keep_tail=keep_tail, keep_raw=keep_raw):
        return
    if answer.raw_path is not None and answer.raw_path != written:
        discard(answer.raw_path)  # written for the cut, which is not answered
    if verbatim is not None and verbatim[1] < size:
        answer.restore(verbatim[0])
        settle(need_log=False)
    else:
        answer.restore(parsed)


def _cut_to(
    answer: Answer,
    ceiling: int,
    *,
    limit: int,
    keep_tail: str,
    keep_raw: Callable[[], str | None],
) -> bool:
    """Cut the parsed form until its envelope costs at most ``ceiling`` tokens, the whole
    output in the raw log; whether it does (else the answer is left cut as far as it goes)."""
    if answer.raw_path is None:
        answer.raw_path = keep_raw()
        if answer.raw_path is None:
            return False  # a cut with nowhere to find what it left out: not made
    for _ in range(3):
        room = min(limit, ceiling - (answer.envelope_tokens() - answer.tokens()))
        if room <= 0:
            return False
        Fitter(answer, room, keep_tail=keep_tail).fit()
        if answer.envelope_tokens() <= ceiling:
            return True
    return False
