"""Results of ``prx run``."""

from __future__ import annotations

from typing import Literal

from prx.core.record import ALWAYS, FALSY, OMIT_WHEN, Shown, field, record
from prx.core.results.affected import AffectedRun

__all__ = ["Detected", "Diagnostic", "Failure", "RunReport", "Section", "Severity"]

#: How ``prx run`` recognised a tool (see :class:`Detected`).
DetectedBy = Literal["argv", "wrapper", "content", "fallback", "verbatim"]
#: How serious a diagnostic is.
Severity = Literal["error", "warning", "note"]


@record
class Failure:
    """One failed (or erroring) test, target or step, as the tool reported it."""

    #: The tool's own name for it (a pytest node id, ``suite > test`` for node ...).
    name: str
    #: Where it failed: relative to the working directory (``RunReport.root``) when it lies
    #: inside it, else as the tool printed it; None (and left out of the JSON) when unknown.
    file: str | None = field(metadata={OMIT_WHEN: None})
    #: 1-based line of ``file``; None (and left out of the JSON) when unknown.
    line: int | None = field(metadata={OMIT_WHEN: None})
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
    #: 1-based line, or None for a file-level message (left out of the JSON when None, as
    #: are ``column`` and ``code``).
    line: int | None = field(metadata={OMIT_WHEN: None})
    #: 1-based column, or None when the tool does not print one.
    column: int | None = field(metadata={OMIT_WHEN: None})
    #: ``error``, ``warning`` or ``note``.
    severity: Severity
    #: The rule or error code (``F401``, ``arg-type``, ``-Wunused-variable``), or None.
    code: str | None = field(metadata={OMIT_WHEN: None})
    #: The message text.
    message: str


@record
class Section:
    """A stretch of one output read by one parser (``make`` running gcc, then pytest)."""

    #: The parser that read it.
    tool: str
    #: 1-based first and last output line it covers (``"1-12"``).
    lines: str


@record
class Detected:
    """How ``prx run`` recognised the tool whose output it read."""

    #: ``argv``: the command names the tool; ``wrapper``: through wrappers or a script
    #: (``npm test`` -> jest, ``timeout 60 cargo test``, ``make test`` -> its recipe);
    #: ``content``: by signature lines of the output; ``fallback``: nothing recognised
    #: (the generic excerpt); ``verbatim``: not parsed (``--raw``, ``--help``).
    by: DetectedBy
    #: The wrappers and scripts looked through, outermost first (``["npm test", "jest"]``);
    #: left out of the JSON when none.
    via: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: ()})
    #: How sure the content detection is (0-1); left out unless ``by`` is ``content``.
    confidence: float | None = field(default=None, metadata={OMIT_WHEN: None})
    #: The parts of a mixed output and who read each; left out for a single tool.
    sections: tuple[Section, ...] = field(default=(), metadata={OMIT_WHEN: ()})


#: The detection of a command that names its tool: left out of the answer.
BY_ARGV = Detected(by="argv")


@record
class RunReport(Shown):
    """The answer of ``prx run``: what a command did, summarised without lying.

    Counts are None when the tool does not state them; they are never guessed. ``summary``
    is one line that always names the real exit code. Whenever any of the output is not
    shown in this answer, the whole output is kept on disk at ``raw_path``. In the JSON,
    fields whose value says nothing (``xfailed``/``xpassed`` None, ``timed_out`` false,
    ``interrupted``, ``tail`` and ``raw_path`` None, ``failures`` and ``diagnostics``
    empty, ``*_omitted`` 0, ``passed``, ``skipped`` and ``errors`` None: the tool stated no
    such count) are left out, and so are the figures another key gives (``duration_ms``:
    the summary's time; ``raw_bytes``: ``tokens_raw``; ``tokens_out``: the envelope's
    ``tokens``); ``failed`` and ``exit_code`` are always there. The JSON is the
    structured form: the tool, the counts, every failure and diagnostic with its file and
    line (within the budget or the ceiling, each cut counted); the ``run`` operation's
    text rendering says the same facts in fewer tokens."""

    #: The argv that ran (including a flag ``--auto-json`` added).
    command: tuple[str, ...]
    #: The directory it ran in (the Workspace root): the relative ``file`` paths of
    #: ``failures`` and ``diagnostics`` are relative to it. None, and left out of the JSON,
    #: when the report names no file.
    root: str | None = field(metadata={OMIT_WHEN: None})
    #: Which parser read the output (``pytest``, ``fallback``, ``raw``, ``passthrough``;
    #: ``make+pytest`` for a mixed output).
    tool: str
    #: How the tool was recognised (see :class:`Detected`); left out of the JSON when the
    #: command line named it directly (``by: argv``, nothing looked through), the common case.
    detected: Detected = field(default=BY_ARGV, metadata={OMIT_WHEN: BY_ARGV})
    #: The child's real exit code; negative ``-N`` when it was killed by signal N.
    exit_code: int
    #: Wall time of the child in milliseconds; not in the JSON (the summary gives the time).
    duration_ms: int = field(metadata={OMIT_WHEN: ALWAYS})
    #: Tests that passed, as the tool counted them; left out of the JSON when the tool
    #: stated no such count (None), as are ``skipped`` and ``errors``.
    passed: int | None = field(metadata={OMIT_WHEN: None})
    #: Tests that failed; always in the JSON (null: the tool stated no count).
    failed: int | None
    #: Tests skipped (node's todo tests, cargo's ignored tests included).
    skipped: int | None = field(metadata={OMIT_WHEN: None})
    #: Errors: pytest errors (collection, fixtures), error diagnostics of a linter/compiler.
    errors: int | None = field(metadata={OMIT_WHEN: None})
    #: Warnings of a build or lint tool, as it reports them; left out of the JSON when None
    #: or 0 (as are ``xfailed`` and ``xpassed``: the main counts say whether it passed).
    warnings: int | None = field(metadata={OMIT_WHEN: FALSY})
    #: Expected failures (pytest, unittest).
    xfailed: int | None = field(metadata={OMIT_WHEN: FALSY})
    #: Unexpected passes (pytest, unittest).
    xpassed: int | None = field(metadata={OMIT_WHEN: FALSY})
    #: Tests the run's selection left out (cargo's ``filtered out``, pytest's
    #: ``deselected``); left out of the JSON when None or 0.
    filtered: int | None = field(default=None, metadata={OMIT_WHEN: FALSY})
    #: Failed tests or targets, in the order the tool reported them; left out of the JSON
    #: when there are none.
    failures: tuple[Failure, ...] = field(metadata={OMIT_WHEN: ()})
    #: Compiler / linter / type-checker messages; left out of the JSON when there are none.
    diagnostics: tuple[Diagnostic, ...] = field(metadata={OMIT_WHEN: ()})
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
    #: The saved raw output, written whenever anything was cut; None (and left out of the
    #: JSON) when nothing was.
    raw_path: str | None = field(metadata={OMIT_WHEN: None})
    #: Size of the raw output in bytes; not in the JSON (``tokens_raw`` gives its size).
    raw_bytes: int = field(metadata={OMIT_WHEN: ALWAYS})
    #: Tokens of the raw output.
    tokens_raw: int
    #: Tokens of this answer's data; not in the JSON (the envelope's ``tokens`` counts the
    #: whole answer).
    tokens_out: int = field(metadata={OMIT_WHEN: ALWAYS})
    #: Verbatim output: the excerpt of an unknown tool, listings, everything under --raw.
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
    #: With ``affected``: what the change selected and what was left out.
    affected: AffectedRun | None = field(default=None, metadata={OMIT_WHEN: None})
