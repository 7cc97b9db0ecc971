"""Built-in tree-sitter queries, shipped as ``prx/lang/queries/<language>.<name>.scm``.

A :class:`QueryFiles` mapping reads a file only when its query is first used, so
recognising languages (on every ``find``) reads no query file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

__all__ = ["QUERY_DIR", "QueryFiles"]

#: Where the built-in query files live.
QUERY_DIR = os.path.join(os.path.dirname(__file__), "queries")
#: Query names a built-in language may have.
QUERY_NAMES = ("outline", "imports", "comments")


class QueryFiles(Mapping[str, str]):
    """The queries of one built-in language, read lazily from :data:`QUERY_DIR`."""

    __slots__ = ("_cache", "_language")

    def __init__(self, language: str) -> None:
        self._language = language
        self._cache: dict[str, str | None] = {}

    def _load(self, name: str) -> str | None:
        if name not in self._cache:
            path = os.path.join(QUERY_DIR, f"{self._language}.{name}.scm")
            try:
                with open(path, encoding="utf-8") as fh:
                    self._cache[name] = fh.read()
            except FileNotFoundError:
                self._cache[name] = None
        return self._cache[name]

    def __getitem__(self, name: str) -> str:
        text = self._load(name)
        if text is None:
            raise KeyError(name)
        return text

    def __iter__(self) -> Iterator[str]:
        return (name for name in QUERY_NAMES if self._load(name) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"QueryFiles({self._language!r})"
