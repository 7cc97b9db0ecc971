"""Calling an operation for a front-end: envelope, errors, fallback and usage records.

Every front-end (CLI, batch, MCP) goes through :func:`invoke`, so they answer the same
envelope for the same call.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from prx.core.budget import FALLBACK_CEILING
from prx.core.envelope import Envelope, dumps, error_envelope, fallback_envelope, ok_envelope
from prx.core.errors import LIBRARY, InternalError, PrxError, PrxIOError, Wording
from prx.core.record import field, record
from prx.core.tokens import count_fast, counter_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.plugin.context import Context
    from prx.plugin.interfaces import Operation

__all__ = ["Outcome", "invoke"]

_BUG_HINT = "This is a bug in prx or a plugin; the error log under PRX_HOME has the details."
_BUG_HINT_NO_FALLBACK = (
    "This is a bug in prx or a plugin; retry without {param:no_fallback} to get the Unix "
    "tool's answer."
)


@record(kw_only=False)
class Outcome:
    """An envelope and the exit code that goes with it."""

    envelope: Envelope
    exit_code: int
    #: The operation's result the envelope was built from (None for an error or a fallback).
    result: Any = field(default=None, compare=False)
    #: With ``invoke(..., defer_record=True)``: appends the usage record (its baseline may
    #: cost a grep); the front-end calls it once the answer is out. None: nothing to do.
    pending_record: Callable[[], None] | None = field(default=None, compare=False)

    def finish(self) -> None:
        """Do what :func:`invoke` left for after the answer (the usage record); once."""
        if self.pending_record is not None:
            self.pending_record()


def invoke(
    ws: Context,
    op: Operation,
    params: Any,
    *,
    allow_fallback: bool = True,
    args: Sequence[str] = (),
    extra: Mapping[str, Any] | None = None,
    record: bool = True,
    wording: Wording = LIBRARY,
    frontend: str = "library",
    raise_errors: bool = False,
    defer_record: bool = False,
) -> Outcome:
    """Run ``op`` with ``params`` and build its envelope.

    :param allow_fallback: let the Unix equivalent answer when the operation fails inside.
    :param args: the command line as given, for the error log.
    :param extra: fields to add to the envelope (``id`` in batch answers).
    :param record: append a usage record for ``prx stats`` on success.
    :param wording: how the front-end spells parameters and commands in error texts.
    :param frontend: the front-end calling (``cli``, ``batch``, ``mcp``), for the usage
        record.
    :param raise_errors: raise an error instead of answering it (the Python API).
    :param defer_record: leave the usage record (and the statistic it needs) to
        :meth:`Outcome.finish`, which the front-end calls once it has given the answer.
    """
    budget = getattr(params, op.budget_param, None) if op.budget_param else None
    # Only an explicit budget makes counts exact: a default ceiling (None) and "no limit"
    # (0) keep the fast estimate.
    count = counter_for(bool(budget))
    started = time.perf_counter()
    # Where a fallback answer is recorded: (front-end, start time), or None for no record.
    usage = (frontend, started) if record and op.record_usage else None
    try:
        result = op.func(ws, params)
    except Exception as exc:
        if raise_errors:
            raise
        if not isinstance(exc, PrxError):  # a bug: answer through the fallback rather than crash
            return _failed(ws, op, params, exc, allow_fallback, args, extra, budget, wording, usage)
        err = exc
        if err.falls_back:
            return _failed(ws, op, params, err, allow_fallback, args, extra, budget, wording, usage)
        return Outcome(_error(op.name, err, ws, extra, wording), err.exit_code)
    envelope = ok_envelope(op.name, result, warnings=ws.registry.warnings, count=count, extra=extra)
    if budget is None and op.budget_param and op.read_only:
        envelope = _refit_if_undercounted(ws, op, params, envelope, extra)
    exit_code = op.exit_status(params, result) if op.exit_status else 0
    if not (record and op.record_usage):
        return Outcome(envelope, exit_code, result)
    wall_ms = (time.perf_counter() - started) * 1000
    from prx.core.budget import current_measure

    shown_as = current_measure()  # the text form: the text is what the reader got

    def record_usage() -> None:
        from prx.engine.usage.records import append_record

        try:
            baseline = op.baseline(params, result) if op.baseline else None
        except Exception:  # noqa: BLE001  (a statistic never costs the answer)
            baseline = None
        # Records use the fast bytes/4 count: that is the envelope's own `tokens` unless a
        # budget made it exact, so serialise again only then.
        tokens = count_fast(dumps(envelope)) if budget else envelope["tokens"]
        if shown_as is not None:
            from prx.core.textform import render_text

            tokens = count_fast(render_text(envelope, lambda _: shown_as))
        append_record(ws.config, op.name, tokens, baseline, wall_ms, frontend=frontend)

    if defer_record:
        return Outcome(envelope, exit_code, result, pending_record=record_usage)
    record_usage()
    return Outcome(envelope, exit_code, result)


#: Tokens kept aside for the warning an exactly refitted answer carries.
_REFIT_NOTE_TOKENS = 64


def _refit_if_undercounted(
    ws: Context, op: Operation, params: Any, envelope: Envelope, extra: Mapping[str, Any] | None
) -> Envelope:
    """The answer again, fitted in exact tokens, when the estimate its default ceiling was
    counted with undercounts it by more than a tenth (dense numbers, minified data).

    Only an answer the estimate puts above half of :data:`ANSWER_MAX`, and whose text a
    cheap count of its pieces finds denser than the estimate assumes, is counted exactly:
    that costs tiktoken's start-up, which small answers and ordinary code never pay.
    """
    from prx.core.budget import answer_max

    estimate = envelope["tokens"]
    if estimate <= answer_max() // 2:
        return envelope
    from prx.core.tokens import count_dense, count_exact

    text = dumps(envelope)
    # Only text denser than bytes/4 assumes (numbers, CJK, minified data) is counted exactly.
    if count_dense(text) <= estimate * 1.1 or count_exact(text) <= estimate * 1.1:
        return envelope
    from prx.core.budget import exact_ceilings

    tokens = estimate - _REFIT_NOTE_TOKENS
    with exact_ceilings(tokens):
        result = op.func(ws, params)
    note = (
        f"the token estimate undercounted this answer: its default ceiling was applied in "
        f"exact tokens ({tokens})"
    )
    return ok_envelope(
        op.name,
        result,
        warnings=[*ws.registry.warnings, note],
        count=counter_for(True),
        extra=extra,
    )


def _error(
    command: str,
    err: PrxError,
    ws: Context,
    extra: Mapping[str, Any] | None,
    wording: Wording,
) -> Envelope:
    return error_envelope(command, err, warnings=ws.registry.warnings, extra=extra, wording=wording)


def _failed(
    ws: Context,
    op: Operation,
    params: Any,
    exc: BaseException,
    allow_fallback: bool,
    args: Sequence[str],
    extra: Mapping[str, Any] | None,
    budget: int | None,
    wording: Wording,
    usage: tuple[str, float] | None,
) -> Outcome:
    from prx.core.fallback import describe_failure, log_failure, run_fallback

    detail = describe_failure(exc)
    argv = op.fallback(params) if (op.fallback and op.read_only) else None
    if argv and not _stays_inside(ws, argv):
        argv = None  # the Unix tool would read outside the root: no fallback
    answer = None
    if allow_fallback and argv:
        # The Unix tool's output gets the fallback ceiling unless a budget was given.
        cap = FALLBACK_CEILING if budget is None else budget or None
        limit = "the default ceiling" if budget is None else "the budget"
        answer = run_fallback(
            argv, budget=cap, count=counter_for(bool(budget)), limit=limit, cwd=ws.root_dir
        )
    log_failure(ws.config, op.name, args, detail, answer)
    if answer is not None and not _tool_failed(argv or (), answer.exit_code):
        notes: dict[str, Any] = {"exit_code": answer.exit_code, "error": detail}
        if answer.truncated:
            notes.update(
                truncated=True, raw_bytes=answer.raw_bytes, omitted_lines=answer.omitted_lines
            )
        envelope = fallback_envelope(
            op.name,
            answer.raw,
            answer.source,
            notes=notes,
            warnings=ws.registry.warnings,
            count=counter_for(bool(budget)),
            extra=extra,
        )
        if usage is not None:
            _record_fallback(ws, op, envelope, answer.source, answer.raw_bytes, usage)
        return Outcome(envelope, 0)
    err = _as_prx_error(exc, detail, allow_fallback)
    if answer is not None:  # the Unix tool failed too: say so rather than answer "ok"
        err.message_template += (
            f" (the fallback `{answer.source}` failed too, exit {answer.exit_code})"
        )
    return Outcome(_error(op.name, err, ws, extra, wording), err.exit_code)


def _record_fallback(
    ws: Context,
    op: Operation,
    envelope: Envelope,
    source: str,
    raw_bytes: int,
    usage: tuple[str, float],
) -> None:
    """Record a fallback answer: its baseline is exactly what the Unix tool printed."""
    from prx.engine.usage.records import append_record
    from prx.plugin.interfaces import Baseline

    frontend, started = usage
    baseline = Baseline(tokens=raw_bytes // 4, strategy="measured", command=source)
    wall_ms = (time.perf_counter() - started) * 1000
    tokens = count_fast(dumps(envelope))
    append_record(ws.config, op.name, tokens, baseline, wall_ms, frontend=frontend, fallback=True)


def _stays_inside(ws: Context, argv: Sequence[str]) -> bool:
    """Whether every word of a fallback's command line that could be a path (not an
    option) names a place inside the root: the Unix tool runs in the root, and must not
    read what prx itself refuses to."""
    for word in argv[1:]:
        if word.startswith("-") or "\x00" in word:
            continue
        try:
            ws.resolve(word)
        except PrxError:
            return False
    return True


#: Exit codes from which each fallback tool reports a failure (grep exits 1 for "no match").
_FAILING_EXIT = {"grep": 2}


def _tool_failed(argv: Sequence[str], exit_code: int) -> bool:
    tool = argv[0].rpartition("/")[2] if argv else ""
    return exit_code >= _FAILING_EXIT.get(tool, 1) or exit_code < 0


def _as_prx_error(exc: BaseException, detail: str, allow_fallback: bool) -> PrxError:
    if isinstance(exc, PrxError):
        return exc
    if isinstance(exc, OSError):  # a full disk, a read-only directory: not a bug in prx
        return PrxIOError(
            f"{_io_action(exc)}: {exc.strerror or exc}",
            suggestion="Free space or fix the permissions of that path, then retry.",
        )
    return InternalError(
        f"internal error: {detail}",
        suggestion=_BUG_HINT if allow_fallback else _BUG_HINT_NO_FALLBACK,
    )


def _io_action(exc: OSError) -> str:
    where = exc.filename if exc.filename is not None else "a file"
    return f"cannot read or write {where}"
