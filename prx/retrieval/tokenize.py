"""Identifier-aware tokenisation for BM25 and query analysis.

An identifier yields itself lower-cased plus its camelCase / snake_case parts, so
``getHTTPResponse`` matches queries for ``gethttpresponse``, ``http`` and ``response``. No
stemming: ``HTTPResponse`` and ``HTTP`` stay different terms. Unlike the original, letters
outside ASCII count (``naïve_größe`` is an identifier, not a separator).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["split_identifier", "tokenize", "words"]

_IDENT = re.compile(r"[^\W\d]\w*")
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


_EXPANDED: dict[str, tuple[str, ...]] = {}


def _expand(word: str) -> tuple[str, ...]:
    parts = _EXPANDED.get(word)
    if parts is None:
        if len(_EXPANDED) > 200_000:  # bound the memory a huge vocabulary can take
            _EXPANDED.clear()
        parts = _EXPANDED[word] = split_identifier(word)
    return parts


def tokenize(text: str) -> list[str]:
    """Every identifier of ``text``, expanded by :func:`split_identifier`."""
    # A comprehension over a plain dict cache: this runs over every chunk of a corpus.
    return [part for word in _IDENT.findall(text) for part in _expand(word)]


def words(text: str) -> list[str]:
    """The identifiers of ``text`` as written (no splitting, no lower-casing)."""
    return _IDENT.findall(text)
