"""How many files import each file of a corpus: the import graph a search ranks with.

Without an index the graph is resolved from the imports the corpus build extracted from
the trees it parsed anyway (``Corpus.imports``); with one, read from the index's stored
graph (files changed since keep their indexed imports: a ranking hint, not an answer).
Either way once per corpus, on the first search that asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus

__all__ = ["importer_counts"]


def importer_counts(corpus: Corpus) -> dict[str, int]:
    """File -> how many files import it (explicit imports only: the parent packages an
    import runs are left out); files no one imports are absent."""
    return corpus.memo("importer-counts", "", lambda _: _count(corpus))


def _count(corpus: Corpus) -> dict[str, int]:
    from prx.engine.index.reader import importer_counts as count_importers

    stored = corpus.prebuilt.get("importer_counts")
    if stored is not None:
        return stored()  # type: ignore[no-any-return]
    from prx.engine.graph.resolve import Resolver

    languages = {rel: record.language for rel, record in corpus.files.items()}
    return count_importers(Resolver(languages, corpus.root).edges(corpus.imports))
