"""One task's row: both sides' figures, their fidelity, and why prx lost when it did."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from prx.commands.bench.covers import Need, share, text_has
from prx.commands.bench.explain import Described, Describer, Figures, explanation
from prx.commands.bench.sides import Output, PrxOutput, shell
from prx.core.results.bench import BenchTask

__all__ = ["measured", "skipped"]


def measured(
    task: str,
    question: str,
    prx_calls: Sequence[Sequence[str]],
    unix_calls: Sequence[Sequence[str]],
    prx: PrxOutput,
    unix: Output,
    needed: Sequence[Need],
    json_found: Callable[[Need], bool],
    unix_found: Callable[[Need], bool],
    describe: Describer,
    text_found: Callable[[str], Callable[[Need], bool]] = text_has,
) -> BenchTask:
    """The row of a task run both ways. prx's headline figures are its text form's; its
    fidelity there is read from the text (each needed line's text shown), and from the
    JSON form by parsing the answer (``text_found`` reads the text form: by default, each
    needed line's text shown)."""
    tokens = prx.text.tokens
    saved = round((unix.tokens - tokens) / unix.tokens * 100, 1) if unix.tokens else None
    fidelity = share(needed, text_found(prx.text.text))
    json_fidelity = share(needed, json_found)
    unix_fidelity = share(needed, unix_found)
    figures = Figures(
        prx_tokens=tokens,
        json_tokens=prx.json.tokens,
        unix_tokens=unix.tokens,
        unix_tool=unix_calls[0][0] if unix_calls and unix_calls[0] else "Unix",
        prx_text=prx.text.text,
        unix_text=unix.text,
        prx_fidelity=fidelity,
        json_fidelity=json_fidelity,
        unix_fidelity=unix_fidelity,
    )
    try:
        described = describe(prx.json.data, needed)
    except (KeyError, TypeError, AttributeError):  # an answer of another shape
        described = Described("answers")
    return BenchTask(
        task=task,
        question=question,
        prx_command=shell(*(["--text", *call] for call in prx_calls), prefix="prx "),
        unix_command=shell(*unix_calls),
        prx_tokens=tokens,
        prx_json_tokens=prx.json.tokens,
        unix_tokens=unix.tokens,
        saved_percent=saved,
        prx_ms=prx.text.ms,
        unix_ms=unix.ms,
        needed_lines=len(needed),
        prx_fidelity=fidelity,
        prx_json_fidelity=json_fidelity,
        unix_fidelity=unix_fidelity,
        explanation=explanation(figures, needed, described),
    )


def skipped(task: str, question: str, reason: str) -> BenchTask:
    """The row of a task not run, with the reason."""
    return BenchTask(task=task, question=question, prx_command="", unix_command="", skipped=reason)
