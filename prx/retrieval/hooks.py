"""Registers the built-in retrievers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import Retriever


@hookimpl
def prx_register_retrievers() -> list[type[Retriever]]:
    from prx.retrieval.retrievers import BM25Retriever, DenseRetriever, SymbolRetriever

    return [BM25Retriever, DenseRetriever, SymbolRetriever]
