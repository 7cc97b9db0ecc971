"""Identifier-aware tokenisation for BM25 and query analysis.

An identifier yields itself lower-cased plus its camelCase / snake_case parts, so
``getHTTPResponse`` matches queries for ``gethttpresponse``, ``http`` and ``response``. No
stemming: ``HTTPResponse`` and ``HTTP`` stay different terms. Unlike the original, letters
outside ASCII count (``naïve_größe`` is an identifier, not a separator).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import chain

__all__ = ["split_identifier", "tokenize", "words"]

_IDENT = re.compile(r"[^\W\d]\w*")
#: The same on ASCII text, where the simpler classes match faster.
_ASCII_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


@lru_cache(maxsize=65536)
def split_identifier(token: str) -> tuple[str, ...]:
    """``token`` lower-cased, then its parts when it has more than one."""
    lower = token.lower()
    if "_" in token:
        parts = [p for p in lower.split("_") if p]
    else:
        parts = [p.lower() for p in _CAMEL.findall(token)] or [lower]
    if len(parts) >= 2:
        return (lower, *parts)
    return (lower,)


class _Expanded(dict[str, tuple[str, ...]]):
    """Word -> :func:`split_identifier` of it, filled on a miss (bounded)."""

    def __missing__(self, word: str) -> tuple[str, ...]:
        if len(self) > 200_000:  # bound the memory a huge vocabulary can take
            self.clear()
        parts = self[word] = split_identifier(word)
        return parts


_EXPANDED = _Expanded()


def tokenize(text: str) -> list[str]:
    """Every identifier of ``text``, expanded by :func:`split_identifier`."""
    # map() over the cache's __getitem__ keeps the loop in C: this runs over every chunk of
    # a corpus (about half a million words for 4 MB of code).
    found = (_ASCII_IDENT if text.isascii() else _IDENT).findall(text)
    return list(chain.from_iterable(map(_EXPANDED.__getitem__, found)))


def words(text: str) -> list[str]:
    """The identifiers of ``text`` as written (no splitting, no lower-casing)."""
    return (_ASCII_IDENT if text.isascii() else _IDENT).findall(text)
