"""The search corpus as components see it: its records and a read-only view.

The records live here, below both the index (which stores them) and retrieval (which
builds and searches them), so neither has to import the other for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

__all__ = ["ChunkRecord", "CorpusView", "Definition", "Embedder", "FileRecord"]


class ChunkRecord(NamedTuple):
    """One chunk of the corpus.

    .. versionadded:: 0.1
    """

    #: Path relative to the search root.
    file: str
    #: Language name, or None for plain text.
    language: str | None
    #: First line (1-based).
    start_line: int
    #: Last line (inclusive).
    end_line: int
    #: The chunk's text.
    text: str
    #: The symbol the chunk holds, when it is one definition.
    symbol: str | None
    #: That symbol's kind (``function``, ``class`` ...).
    symbol_kind: str | None


class Definition(NamedTuple):
    """One symbol definition (any nesting level), for the symbol index.

    .. versionadded:: 0.1
    """

    name: str
    kind: str
    file: str
    start_line: int
    end_line: int
    signature: str


class FileRecord(NamedTuple):
    """A file of the corpus.

    .. versionadded:: 0.1
    """

    path: str
    language: str | None
    hash: str
    size: int


class CorpusView(Protocol):
    """What retrievers and rerank stages may read of the corpus (never write).

    .. versionadded:: 0.1
    """

    @property
    def root(self) -> str:
        """The search root (absolute)."""
        ...

    @property
    def chunks(self) -> Sequence[ChunkRecord]:
        """Syntax-aware chunks; a :class:`~prx.plugin.Candidate`'s ``chunk`` indexes it."""
        ...

    @property
    def files(self) -> Mapping[str, FileRecord]:
        """The files by relative path."""
        ...

    @property
    def definitions(self) -> Sequence[Definition]:
        """Every symbol definition."""
        ...

    @property
    def skipped(self) -> Mapping[str, int]:
        """Files passed over, by reason."""
        ...

    def definitions_in(self, file: str) -> Sequence[Definition]:
        """The definitions of one file."""
        ...


class Embedder(Protocol):
    """Turns texts into vectors: what the index stores and the ``dense`` retriever compares
    (prx's own is a static Model2Vec embedder, ``prx.engine.corpus.embed.StaticEmbedder``).

    .. versionadded:: 0.1
    """

    @property
    def dim(self) -> int:
        """Length of each vector."""
        ...

    def encode(self, texts: Sequence[str]) -> Any:
        """One row per text: a ``(len(texts), dim)`` float32 numpy array, rows L2-normalised."""
        ...
