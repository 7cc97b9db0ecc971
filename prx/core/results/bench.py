"""Results of ``prx bench``: prx against the plain Unix tools on agent tasks."""

from __future__ import annotations

from prx.core.record import Shown, record

__all__ = ["BenchResult", "BenchTask"]


@record
class BenchTask:
    """One task done both ways: prx's commands and the Unix commands an agent would run."""

    #: ``definition``, ``definition-grep``, ``module-cat``, ``module-grep``, ``files``,
    #: ``function``, ``diff`` or ``impact``.
    task: str
    #: The question, with the name or path the bench picked (``where is QuerySet defined?``).
    question: str
    #: prx's commands, as typed on the command line (``;`` between several): the
    #: model-facing text form, ``prx --text ...``.
    prx_command: str
    #: The Unix commands.
    unix_command: str
    #: Why the task was not run (no git repository, nothing changed ...); None when run.
    skipped: str | None = None
    #: Exact cl100k_base tokens of prx's answers (all of its commands) in the text form
    #: (``prx --text``): the headline figure.
    prx_tokens: int = 0
    #: The same answers' JSON envelopes (``prx`` without ``--text``), in tokens.
    prx_json_tokens: int = 0
    #: Exact cl100k_base tokens of what the Unix commands print on stdout.
    unix_tokens: int = 0
    #: ``(unix_tokens - prx_tokens) / unix_tokens`` (the text form) in percent, one decimal
    #: (negative when prx returned more); None when the Unix commands printed nothing.
    saved_percent: float | None = None
    #: Wall time of prx's commands (the text form), each a fresh ``prx`` process, in
    #: milliseconds.
    prx_ms: float = 0.0
    #: Wall time of the Unix commands, in milliseconds.
    unix_ms: float = 0.0
    #: Lines the task needs (the definition line, a function's lines ...).
    needed_lines: int = 0
    #: Share of the needed lines whose text prx's text form shows (0 to 1).
    prx_fidelity: float | None = None
    #: Share of the needed lines prx's JSON answers hold, read from their structure (0 to 1).
    prx_json_fidelity: float | None = None
    #: Share of the needed lines found in the Unix output (0 to 1).
    unix_fidelity: float | None = None
    #: Why prx lost the task, computed from both outputs (what each printed, what the
    #: needed lines alone cost, where missing lines went); None when prx printed no more
    #: tokens than the Unix commands and showed every needed line.
    explanation: str | None = None


@record
class BenchResult(Shown):
    """The answer of :func:`prx.bench`."""

    #: The repository benchmarked, as given.
    root: str
    #: Every task, run or skipped.
    tasks: tuple[BenchTask, ...]
    #: Sum of ``prx_tokens`` (the text form) over the tasks run.
    prx_tokens: int = 0
    #: Sum of ``prx_json_tokens`` over the tasks run.
    prx_json_tokens: int = 0
    #: Sum of ``unix_tokens`` over the tasks run.
    unix_tokens: int = 0
    #: Source files the tasks were picked from (the repository's largest, with symbols).
    picked_from: tuple[str, ...] = ()
