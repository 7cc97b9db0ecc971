"""A test plugin with a rerank stage that no search runs until it is enabled."""

from __future__ import annotations

from prx.plugin import Reranker, hookimpl


class DeepestFirst(Reranker):
    """The candidates of the most deeply nested files first (a visible, unnatural order)."""

    NAME = "deepest-first"

    def rerank(self, query, candidates, corpus):
        return sorted(candidates, key=lambda c: (-c.file.count("/"), c.file, c.start_line))


@hookimpl
def prx_register_rerankers():
    return [DeepestFirst]
