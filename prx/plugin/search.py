"""Search components: retrievers and rerank stages."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from prx.core.record import field, record

if TYPE_CHECKING:
    # Annotations only: pathlib costs a search's start-up ~4 ms (it imports urllib.parse).
    from pathlib import Path

    from prx.plugin.context import Context
    from prx.plugin.corpus import CorpusView

__all__ = ["Candidate", "ComponentContext", "Query", "Reranker", "Retriever"]


@record
class ComponentContext:
    """What a component is built with: the workspace and its own settings."""

    #: The workspace the component serves.
    workspace: Context
    #: The component's settings, ``Config.settings[NAME]`` (empty for rerank stages).
    settings: Mapping[str, Any] = field(default_factory=dict)


@record
class Query:
    """A search query as retrievers see it.

    .. versionadded:: 0.1
    """

    #: The query text.
    text: str
    #: The detected or requested mode (``symbol``, ``hybrid``, ``literal``, ``regex`` ...).
    mode: str = "hybrid"
    #: BM25 tokens of the query (identifiers split, abbreviations expanded).
    tokens: tuple[str, ...] = ()
    #: The identifier looked up, for a symbol query (``meth`` for ``Cls.meth``).
    symbol: str | None = None


@record
class Candidate:
    """One retrieved place, before and during reranking.

    .. versionadded:: 0.1
    """

    #: Path relative to the search root.
    file: str
    #: First line of the candidate.
    start_line: int
    #: Last line of the candidate.
    end_line: int
    #: Current score; higher is better.
    score: float
    #: Which retriever produced it.
    source: str = ""
    #: Index of the chunk in the corpus, or -1 for candidates that are not chunks.
    chunk: int = -1


class Retriever(ABC):
    """Generates candidates for a query.

    .. versionadded:: 0.1
    """

    #: Registry name.
    NAME: ClassVar[str]
    #: One-line description.
    SUMMARY: ClassVar[str] = ""

    def __init__(self, ctx: ComponentContext) -> None:
        self.ctx = ctx

    def build(self, corpus: CorpusView) -> None:  # noqa: B027 - optional hook
        """Prepare for queries over ``corpus`` (default: nothing to prepare)."""

    @abstractmethod
    def search(self, query: Query, k: int) -> list[Candidate]:
        """Return up to ``k`` candidates (chunks of the corpus), best first."""

    def save(self, directory: Path) -> None:  # noqa: B027 - optional hook
        """Persist built state into an index directory (default: nothing)."""

    def load(self, directory: Path) -> None:  # noqa: B027 - optional hook
        """Load state saved by :meth:`save` (default: nothing)."""


class Reranker(ABC):
    """Rescores and reorders candidates; it must not invent new ones.

    .. versionadded:: 0.1
    """

    #: Registry name, used in the pipeline configuration.
    NAME: ClassVar[str]

    def __init__(self, ctx: ComponentContext) -> None:
        self.ctx = ctx

    @abstractmethod
    def rerank(
        self, query: Query, candidates: list[Candidate], corpus: CorpusView
    ) -> list[Candidate]:
        """Return the candidates rescored, best first (the same candidates, no new ones)."""
