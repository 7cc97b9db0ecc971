"""Calling an operation for a front-end: envelope, errors, fallback and usage records.

Every front-end (CLI, batch, MCP) goes through :func:`invoke`, so they answer the same
envelope for the same call.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from prx._record import record
from prx.envelope import Envelope, dumps, error_envelope, fallback_envelope, ok_envelope
from prx.errors import InternalError, PrxError
from prx.tokens import count_fast, counter_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.plugin.interfaces import Operation
    from prx.workspace import Workspace

__all__ = ["Outcome", "invoke"]

_BUG_HINT = "This is a bug in prx or a plugin; the error log under PRX_HOME has the details."
_BUG_HINT_NO_FALLBACK = (
    "This is a bug in prx or a plugin; retry without --no-fallback to get the Unix tool's answer."
)


@record(kw_only=False)
class Outcome:
    """An envelope and the exit code that goes with it."""

    envelope: Envelope
    exit_code: int


def invoke(
    ws: Workspace,
    op: Operation,
    params: Any,
    *,
    allow_fallback: bool = True,
    args: Sequence[str] = (),
    extra: Mapping[str, Any] | None = None,
    record: bool = True,
) -> Outcome:
    """Run ``op`` with ``params`` and build its envelope.

    :param allow_fallback: let the Unix equivalent answer when the operation fails inside.
    :param args: the command line as given, for the error log.
    :param extra: fields to add to the envelope (``id`` in batch answers).
    :param record: append a usage record for ``prx stats`` on success.
    """
    budget = getattr(params, op.budget_param, None) if op.budget_param else None
    count = counter_for(budget is not None)
    started = time.perf_counter()
    try:
        result = op.func(ws, params)
    except PrxError as err:
        if err.falls_back:
            return _failed(ws, op, params, err, allow_fallback, args, extra, budget)
        return Outcome(_error(op.name, err, ws, extra), err.exit_code)
    except Exception as exc:  # a bug: answer through the fallback rather than crash
        return _failed(ws, op, params, exc, allow_fallback, args, extra, budget)
    envelope = ok_envelope(op.name, result, warnings=ws.registry.warnings, count=count, extra=extra)
    if record and op.record_usage:
        from prx.usage.records import append_record

        baseline = op.baseline(params, result) if op.baseline else None
        wall_ms = (time.perf_counter() - started) * 1000
        # Records use the fast bytes/4 count: that is the envelope's own `tokens` unless a
        # budget made it exact, so serialise again only then.
        tokens = envelope["tokens"] if budget is None else count_fast(dumps(envelope))
        append_record(ws.config, op.name, tokens, baseline, wall_ms)
    return Outcome(envelope, op.exit_status(params, result) if op.exit_status else 0)


def _error(command: str, err: PrxError, ws: Workspace, extra: Mapping[str, Any] | None) -> Envelope:
    return error_envelope(command, err, warnings=ws.registry.warnings, extra=extra)


def _failed(
    ws: Workspace,
    op: Operation,
    params: Any,
    exc: BaseException,
    allow_fallback: bool,
    args: Sequence[str],
    extra: Mapping[str, Any] | None,
    budget: int | None,
) -> Outcome:
    from prx.fallback import describe_failure, log_failure, run_fallback

    detail = describe_failure(exc)
    argv = op.fallback(params) if (op.fallback and op.read_only) else None
    if allow_fallback and argv:
        answer = run_fallback(argv, budget=budget, count=counter_for(budget is not None))
        log_failure(ws.config, op.name, args, detail, answer)
        if answer is not None:
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
                count=counter_for(budget is not None),
                extra=extra,
            )
            return Outcome(envelope, 0)
    if isinstance(exc, PrxError):
        err: PrxError = exc
    else:
        err = InternalError(
            f"internal error: {detail}",
            suggestion=_BUG_HINT if allow_fallback else _BUG_HINT_NO_FALLBACK,
        )
    return Outcome(_error(op.name, err, ws, extra), err.exit_code)
