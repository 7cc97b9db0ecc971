"""The hook implementation prx calls; the retriever (and model2vec) load only when used."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin import Retriever


@hookimpl
def prx_register_retrievers() -> list[type[Retriever]]:
    from prx_model.retriever import ModelRetriever

    return [ModelRetriever]
