"""How many files import each file of a corpus: the import graph a search ranks with.

Without an index the graph is resolved from the imports the corpus build extracted from
the trees it parsed anyway (``Corpus.imports``); with one, read from the index's stored
graph (files changed since keep their indexed imports: a ranking hint, not an answer).
Either way once per corpus, on the first search that asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.corpus.corpus import Corpus

__all__ = ["importer_counts"]


def importer_counts(corpus: Corpus) -> dict[str, int]:
    """File -> how many files import it (explicit imports only: the parent packages an
    import runs are left out); files no one imports are absent."""
    return corpus.memo("importer-counts", "", lambda _: _count(corpus))


def _count(corpus: Corpus) -> dict[str, int]:
    stored = corpus.prebuilt.get("import_edges")
    if stored is not None:
        edges = stored()
    else:
        from prx.graph.resolve import Resolver

        languages = {rel: record.language for rel, record in corpus.files.items()}
        edges = Resolver(languages, corpus.root).edges(corpus.imports)
    importers: dict[str, set[str]] = {}
    for source, found in edges.items():
        for edge in found:
            if not edge[5]:  # implicit: a parent package Python runs
                importers.setdefault(edge[1], set()).add(source)
    return {target: len(sources) for target, sources in importers.items()}
