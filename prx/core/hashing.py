"""Content hashes: xxh3-128 as 32 lowercase hex digits, the same as the Rust original."""

from __future__ import annotations

import xxhash

__all__ = ["content_hash", "is_hash"]

_HEX = frozenset("0123456789abcdef")


def content_hash(data: bytes) -> str:
    """Return the xxh3-128 hash of ``data`` as 32 lowercase hex digits."""
    return xxhash.xxh3_128_hexdigest(data)


def is_hash(text: str) -> bool:
    """Whether ``text`` (any case) has the shape of a :func:`content_hash`."""
    return len(text) == 32 and set(text.lower()) <= _HEX
