"""Results of ``prx index``."""

from __future__ import annotations

from prx.core.record import Shown, field, record

__all__ = ["IndexResult"]


@record
class IndexResult(Shown):
    """The answer of :func:`prx.index`."""

    #: The indexed root as given.
    path: str
    #: ``built`` (from scratch), ``updated`` (incremental), ``up_to_date``, ``missing``,
    #: ``present``/``corrupted`` (``--stats``), ``verified`` (``--verify``), or
    #: ``watch_stopped`` (the end of ``--watch``).
    status: str
    #: Files in the index.
    files_indexed: int = 0
    #: Chunks in the index.
    chunks: int = 0
    #: Files (re)processed by this run.
    files_changed: int = 0
    #: Files reused from the previous index.
    files_unchanged: int = 0
    #: Files gone since the previous index.
    files_removed: int = 0
    #: Indexed files per language.
    languages: dict[str, int] = field(default_factory=dict)
    #: Files passed over, by reason.
    skipped: dict[str, int] = field(default_factory=dict)
    #: Wall time of the run.
    duration_ms: int = 0
    #: Time per stage (walk, process, combine, bm25, embed, graph, write).
    stages_ms: dict[str, int] = field(default_factory=dict)
    #: Bytes the index takes on disk.
    size_bytes: int = 0
    #: The index directory.
    index_dir: str | None = None
    #: Embedding model id, or None without embeddings.
    model: str | None = None
    #: With ``--watch``: incremental updates run before the watch stopped.
    updates: int = 0
