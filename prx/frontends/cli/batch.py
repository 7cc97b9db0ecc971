"""``prx batch``: JSON Lines requests in, one envelope per line out, in input order.

Each request is ``{"cmd": "<command>", "id"?: any, ...parameters}``; parameters use the
operation's field names (or flag names and aliases: ``"hash": true``, ``"file": "a.py"``).
Every line is independent: a bad line answers an error envelope and the batch goes on, and
each command falls back on its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from prx.core.envelope import error_envelope
from prx.core.errors import InternalError, InvalidArgumentError, InvalidCommandError, PrxError
from prx.frontends.cli.wording import BatchWording

if TYPE_CHECKING:
    from prx.frontends.cli.frontend import CliOptions
    from prx.plugin.context import Context
    from prx.plugin.interfaces import Operation

__all__ = ["run_batch"]


def _operation(ws: Context, command: str) -> Operation:
    """The operation a batch line names; an unknown one answers with the closest name."""
    from prx.frontends.cli.frontend import unknown_command

    try:
        op = ws.registry.operation(command)
    except InvalidCommandError:
        known = [op.name for op in ws.registry.operations() if "batch" in op.frontends]
        raise unknown_command(command, known) from None
    if "batch" not in op.frontends:
        raise InvalidCommandError(f"invalid command: {command} is not available in batch")
    return op


def _answer_line(ws: Context, line: str, options: CliOptions) -> tuple[dict[str, Any], int]:
    from prx.app.dispatch import invoke
    from prx.frontends.cli.parser import params_from_mapping

    extra: dict[str, Any] = {}
    command = "batch"
    op: Operation | None = None
    try:
        request = _parse_request(line)
        if "id" in request:
            extra["id"] = request["id"]
        if "cmd" not in request:
            raise InvalidCommandError(
                'invalid command: missing "cmd" field',
                suggestion='Send {"cmd": "read", "path": "a.py"}.',
            )
        if not isinstance(request["cmd"], str):
            raise InvalidCommandError(
                f'invalid command: "cmd" must be a string naming a command, got '
                f"{json.dumps(request['cmd'])[:40]}",
                suggestion='Send {"cmd": "read", "path": "a.py"}.',
            )
        command = request["cmd"]
        if command == "batch":
            raise InvalidCommandError("invalid command: batch cannot nest")
        op = _operation(ws, command)
        params = params_from_mapping(op, request, ignore=("cmd", "id"))
        outcome = invoke(
            ws,
            op,
            params,
            allow_fallback=not options.no_fallback,
            args=["batch", line],
            extra=extra,
            wording=BatchWording(op),
            frontend="batch",
        )
        return outcome.envelope, outcome.exit_code
    except PrxError as err:
        return error_envelope(command, err, extra=extra, wording=BatchWording(op)), err.exit_code
    except Exception as exc:  # one line's bug must not end the batch
        internal = InternalError(
            f"internal error: {type(exc).__name__}: {exc}",
            suggestion="This is a bug in prx or a plugin; the other lines are answered.",
        )
        return error_envelope(command, internal, extra=extra), internal.exit_code


def _reject_constant(name: str) -> Any:
    # NaN and Infinity are not JSON: echoing them back would make the answer invalid JSON.
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is out of range for a number")
    return value


def _parse_request(line: str) -> dict[str, Any]:
    try:
        request = json.loads(line, parse_constant=_reject_constant, parse_float=_finite_float)
    except ValueError as exc:
        raise InvalidArgumentError(f"invalid argument: line is not JSON ({exc})") from None
    if not isinstance(request, dict):
        raise InvalidArgumentError("invalid argument: each line must be a JSON object")
    return request


def _request_lines(stdin: TextIO) -> Iterator[str | UnicodeDecodeError]:
    """Each line of stdin, or the decoding error of a line that is not UTF-8."""
    binary = getattr(stdin, "buffer", None)
    if binary is None:  # an in-memory text stream: already decoded
        yield from stdin
        return
    for raw in binary:
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield exc


def _undecodable(exc: UnicodeDecodeError) -> dict[str, Any]:
    err = InvalidArgumentError(
        f"invalid argument: line is not UTF-8 (byte 0x{exc.object[exc.start]:02x} at offset "
        f"{exc.start})",
        suggestion="Send JSON Lines encoded in UTF-8; write other bytes as \\u escapes.",
    )
    return error_envelope("batch", err)


def run_batch(
    ws: Context, args: list[str], stdin: TextIO, stdout: TextIO, options: CliOptions
) -> int:
    """Answer every request line of ``stdin``; exit 0 once all lines are answered."""
    if args and args[0] in ("-h", "--help"):
        stdout.write(__doc__.strip() + "\n" if __doc__ else "")
        return 0
    if args:
        raise InvalidArgumentError(
            f"invalid argument: batch takes no arguments, got {args[0]!r}",
            suggestion="Send requests as JSON Lines on stdin.",
        )
    from prx.frontends.builtins import with_frontends
    from prx.frontends.cli.render import renderer_for

    ws = with_frontends(ws)  # its renderers

    if options.text:
        raise InvalidArgumentError(
            "invalid argument: batch answers one JSON envelope per line, not the text form",
            suggestion="Leave out the text form; each line is an envelope.",
        )
    renderer = renderer_for(ws.registry, "plain" if options.plain else "json", stdout)
    for line in _request_lines(stdin):
        if isinstance(line, UnicodeDecodeError):
            stdout.write(renderer.render(_undecodable(line)) + "\n")
            stdout.flush()
            continue
        if not line.strip():
            continue
        envelope, _ = _answer_line(ws, line, options)
        stdout.write(renderer.render(envelope) + "\n")
        stdout.flush()
    return 0
