"""Continuation tokens: short handles to "the rest" of a capped answer.

A token is ``<op>~<request fingerprint>~<value>~...``: plain text on purpose, because a
base64 blob costs several times more tokens in an agent's context. The fingerprint of the
request makes a token used with a different request fail loudly instead of returning the
wrong page.
"""

from __future__ import annotations

import json

from prx.core.errors import InvalidArgumentError
from prx.core.hashing import content_hash

__all__ = ["decode", "decode_int", "encode", "fingerprint", "op_of", "request_of", "value_count"]

_SEP = "~"


def fingerprint(*parts: object) -> str:
    """A short hash of the request parameters that must stay the same across pages."""
    return content_hash(json.dumps(parts, default=str).encode())[:10]


def encode(op: str, request: str, *values: int | str) -> str:
    """A token for ``op`` on the request fingerprinted ``request``, resuming at ``values``."""
    return _SEP.join([op, request, *map(str, values)])


def op_of(token: str) -> str:
    """The operation a token was issued by (its first part)."""
    return token.strip().split(_SEP)[0]


def value_count(token: str) -> int:
    """How many values follow the operation and the request fingerprint."""
    return max(0, len(token.strip().split(_SEP)) - 2)


def request_of(token: str) -> str | None:
    """The request fingerprint a token was issued for, or None when it has none."""
    parts = token.strip().split(_SEP)
    return parts[1] if len(parts) > 1 else None


def decode(token: str, op: str, request: str, count: int) -> list[str]:
    """The ``count`` values stored in ``token``; raises when it belongs elsewhere."""
    parts = token.strip().split(_SEP)
    if len(parts) != count + 2 or parts[0] != op:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {token!r} is not a continuation token of {op}",
            param="continue_token",
            suggestion="Pass the continuation_token of the previous answer unchanged.",
        )
    if parts[1] != request:
        raise InvalidArgumentError(
            "invalid argument {param}: the token belongs to a different request",
            param="continue_token",
            suggestion="Repeat the original request's arguments with its continuation_token.",
        )
    return parts[2:]


def decode_int(value: str, op: str) -> int:
    """One numeric value of a decoded token."""
    if not value.isdigit():
        raise InvalidArgumentError(
            f"invalid argument {{param}}: damaged {op} continuation token", param="continue_token"
        )
    return int(value)
