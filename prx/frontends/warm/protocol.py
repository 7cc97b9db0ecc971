"""The warm path's wire format: one request per connection, all of it framed bytes.

Client to server: ``PRXW1 <n>\\n`` then ``n`` bytes of JSON (the request, see
:mod:`prx.frontends.warm.client`). Server to client: ``A\\n`` as soon as the request is read (the
server is alive and working on it), then either ``R <exit code> <n> <m>\\n`` followed by
``n`` bytes of stdout and ``m`` bytes of stderr (UTF-8), or ``C\\n``: answer it yourself.
A connection that ends before a whole answer means the same as ``C``.

The client side (:func:`encode_request`) needs no ``json`` import: the CLI's start-up
does not pay for it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "ACCEPTED",
    "COLD",
    "MAGIC",
    "MAX_REQUEST_BYTES",
    "ProtocolError",
    "answer_header",
    "decode_request",
    "encode_request",
    "parse_answer_header",
    "request_length",
]

MAGIC = b"PRXW1"
#: The server's "working on it".
ACCEPTED = b"A\n"
#: The server's "answer it yourself".
COLD = b"C\n"
#: A request larger than this is refused (command lines are at most a few MB).
MAX_REQUEST_BYTES = 16 * 1024 * 1024


class ProtocolError(ValueError):
    """Bytes that are not a request or an answer of this protocol."""


def _json(value: Any) -> str:
    """JSON for strings, numbers, booleans, lists and dicts of them: ``json.dumps``'s
    output for those, without importing ``json`` (lone surrogates, as non-UTF-8 names
    decode to, are escaped and come back unchanged)."""
    try:
        from _json import encode_basestring_ascii as quote
    except ImportError:  # pragma: no cover  (an interpreter without the C accelerator)
        from json.encoder import py_encode_basestring_ascii as quote
    if isinstance(value, str):
        return str(quote(value))
    if value is True or value is False or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_json(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{_json(str(k))}:{_json(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot encode {type(value).__name__}")


def encode_request(request: dict[str, Any]) -> bytes:
    """The framed bytes of ``request``."""
    body = _json(request).encode("ascii")
    return MAGIC + b" %d\n" % len(body) + body


def decode_request(header: bytes, body: bytes) -> dict[str, Any]:
    """The request a header line and its body carry (the server side)."""
    import json

    if len(body) != request_length(header):
        raise ProtocolError("the request is shorter than its header says")
    try:
        request = json.loads(body.decode("ascii"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ProtocolError(f"the request is not JSON: {exc}") from None
    if not isinstance(request, dict):
        raise ProtocolError("the request is not a JSON object")
    return request


def request_length(header: bytes) -> int:
    """The body length a request's header line announces."""
    magic, _, size = header.rstrip(b"\n").partition(b" ")
    if magic != MAGIC or not size.isdigit():
        raise ProtocolError("not a warm request")
    length = int(size)
    if length > MAX_REQUEST_BYTES:
        raise ProtocolError(f"the request has {length} bytes, over {MAX_REQUEST_BYTES}")
    return length


def answer_header(exit_code: int, stdout: bytes, stderr: bytes) -> bytes:
    """The line before an answer's bytes."""
    return b"R %d %d %d\n" % (exit_code, len(stdout), len(stderr))


def parse_answer_header(line: bytes) -> tuple[int, int, int] | None:
    """(exit code, stdout bytes, stderr bytes) of an answer line; None for ``C`` (or
    anything that is not an answer)."""
    parts = line.split()
    if len(parts) != 4 or parts[0] != b"R":
        return None
    try:
        code, out, err = int(parts[1]), int(parts[2]), int(parts[3])
    except ValueError:
        return None
    return (code, out, err) if out >= 0 and err >= 0 else None
