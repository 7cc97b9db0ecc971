"""Results of ``prx run``."""

from __future__ import annotations

from typing import Literal

from prx._record import OMIT_WHEN, Shown, field, record

__all__ = ["Diagnostic", "Failure", "RunReport", "Severity"]

#: How serious a diagnostic is.
Severity = Literal["error", "warning", "note"]


@record
class Failure:
    """One failed (or erroring) test, target or step, as the tool reported it."""

    #: The tool's own name for it (a pytest node id, ``suite > test`` for node ...).
    name: str
    #: Where it failed: relative to the working directory (``RunReport.root``) when it lies
    #: inside it, else as the tool printed it.
    file: str | None
    #: 1-based line of ``file``.
    line: int | None
    #: The first line of the error (``assert 2 == 3``, ``ValueError: bad``).
    message: str
    #: More of the tool's report (an assertion diff, a traceback tail), cut with a marker;
    #: left out of the JSON when None.
    excerpt: str | None = field(metadata={OMIT_WHEN: None})


@record
class Diagnostic:
    """One compiler, linter or type-checker message."""

    #: File as the tool printed it, relative to the working directory (``RunReport.root``)
    #: when inside it.
    file: str
    #: 1-based line, or None for a file-level message.
    line: int | None
    #: 1-based column, or None when the tool does not print one.
    column: int | None
    #: ``error``, ``warning`` or ``note``.
    severity: Severity
    #: The rule or error code (``F401``, ``arg-type``, ``-Wunused-variable``), or None.
    code: str | None
    #: The message text.
    message: str


@record
class RunReport(Shown):
    """The answer of ``prx run``: what a command did, summarised without lying.

    Counts are None when the tool does not state them; they are never guessed. ``summary``
    is one line that always names the real exit code. Whenever any of the output is not
    shown in this answer, the whole output is kept on disk at ``raw_path``. In the JSON,
    fields whose value says nothing (``xfailed``/``xpassed`` None, ``timed_out`` false,
    ``interrupted`` and ``tail`` None, ``*_omitted`` 0) are left out; the four main counts
    are always there.
    """

    #: The argv that ran (including a flag ``--auto-json`` added).
    command: tuple[str, ...]
    #: The directory it ran in (the Workspace root): the relative ``file`` paths of
    #: ``failures`` and ``diagnostics`` are relative to it. None, and left out of the JSON,
    #: when the report names no file.
    root: str | None = field(metadata={OMIT_WHEN: None})
    #: Which parser read the output (``pytest``, ``fallback``, ``raw``, ``passthrough``).
    tool: str
    #: The child's real exit code; negative ``-N`` when it was killed by signal N.
    exit_code: int
    #: Wall time of the child in milliseconds.
    duration_ms: int
    #: Tests that passed, as the tool counted them.
    passed: int | None
    #: Tests that failed.
    failed: int | None
    #: Tests skipped (node's todo tests included).
    skipped: int | None
    #: Errors: pytest errors (collection, fixtures), error diagnostics of a linter/compiler.
    errors: int | None
    #: Expected failures (pytest); left out of the JSON when None.
    xfailed: int | None = field(metadata={OMIT_WHEN: None})
    #: Unexpected passes (pytest); left out of the JSON when None.
    xpassed: int | None = field(metadata={OMIT_WHEN: None})
    #: Failed tests or targets, in the order the tool reported them.
    failures: tuple[Failure, ...]
    #: Compiler / linter / type-checker messages.
    diagnostics: tuple[Diagnostic, ...]
    #: One true line: counts, duration and the exit code.
    summary: str
    #: Whether ``--timeout`` expired and the process group was killed; in the JSON only when true.
    timed_out: bool = field(metadata={OMIT_WHEN: False})
    #: The signal (``SIGTERM``, ``SIGINT``, ``SIGHUP``) that stopped prx while the command
    #: ran, whose process group was then killed; in the JSON only when there was one.
    interrupted: str | None = field(default=None, metadata={OMIT_WHEN: None})
    #: Lines of output (stdout and stderr).
    output_lines: int
    #: Output lines not reproduced verbatim in this answer (all of them are in ``raw_path``).
    omitted_lines: int
    #: The saved raw output, written whenever anything was cut; None when nothing was.
    raw_path: str | None
    #: Size of the raw output in bytes.
    raw_bytes: int
    #: Tokens of the raw output.
    tokens_raw: int
    #: Tokens of this answer's data.
    tokens_out: int
    #: Verbatim output: the excerpt of an unknown tool, listings, or everything under --raw.
    tail: str | None = field(metadata={OMIT_WHEN: None})
    #: Failures left out of ``failures`` (by the budget or the default cap); in the JSON
    #: only when some were.
    failures_omitted: int = field(default=0, metadata={OMIT_WHEN: 0})
    #: Diagnostics left out of ``diagnostics``; in the JSON only when some were.
    diagnostics_omitted: int = field(default=0, metadata={OMIT_WHEN: 0})
    #: Characters left out of the lines shown in part (each ends, or starts, with a
    #: ``[prx: N characters omitted]`` marker; ``N bytes`` at the edge of an output too large
    #: to hold); in the JSON only when some were.
    omitted_chars: int = field(default=0, metadata={OMIT_WHEN: 0})
