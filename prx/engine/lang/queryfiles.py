"""Built-in tree-sitter queries, shipped as ``prx/engine/lang/queries/<language>.<name>.scm``.

A :class:`QueryFiles` mapping reads a file only when its query is first used, so
recognising languages (on every ``find``) reads no query file.

Two directives, each a whole comment line, let a dialect reuse another language's file
instead of repeating it: ``; inherits: <language>`` puts that language's query of the
same name first, and ``; drop: <text>`` then deletes every occurrence of ``<text>`` from it
(a node alternative the dialect's grammar lacks, such as TSX's ``(type_assertion)``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

__all__ = ["QUERY_DIR", "QueryFiles", "read_query"]

#: Where the built-in query files live.
QUERY_DIR = os.path.join(os.path.dirname(__file__), "queries")
#: Query names a built-in language may have.
QUERY_NAMES = ("outline", "imports", "comments")


_INHERITS = "; inherits:"
_DROP = "; drop:"


def read_query(language: str, name: str, _seen: tuple[str, ...] = ()) -> str | None:
    """The text of a built-in query with its directives applied, or None when it has none."""
    path = os.path.join(QUERY_DIR, f"{language}.{name}.scm")
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        return None
    parents = [
        line[len(_INHERITS) :].strip() for line in text.splitlines() if line.startswith(_INHERITS)
    ]
    if not parents:
        return text
    if language in _seen:
        raise ValueError(f"query files inherit in a cycle: {' -> '.join((*_seen, language))}")
    inherited = ""
    for parent in parents:
        base = read_query(parent, name, (*_seen, language))
        if base is None:
            raise ValueError(f"{language}.{name}.scm inherits {parent}, which has no {name} query")
        inherited += base
    for line in text.splitlines():
        if line.startswith(_DROP):
            dropped = line[len(_DROP) :].strip()
            if dropped not in inherited:
                raise ValueError(f"{language}.{name}.scm drops {dropped!r}, which is not there")
            inherited = inherited.replace(" " + dropped, "").replace(dropped, "")
    own = [line for line in text.splitlines() if not line.startswith((_INHERITS, _DROP))]
    return inherited + "\n" + "\n".join(own) + "\n"


class QueryFiles(Mapping[str, str]):
    """The queries of one built-in language, read lazily from :data:`QUERY_DIR`."""

    __slots__ = ("_cache", "_language")

    def __init__(self, language: str) -> None:
        self._language = language
        self._cache: dict[str, str | None] = {}

    def _load(self, name: str) -> str | None:
        if name not in self._cache:
            self._cache[name] = read_query(self._language, name)
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
