"""Registers the built-in rerank stages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import Reranker


@hookimpl
def prx_register_rerankers() -> list[type[Reranker]]:
    from prx.ranking.stages import (
        CoherenceReranker,
        DefinitionReranker,
        PathReranker,
        PenaltyReranker,
        SaturationReranker,
    )

    return [
        CoherenceReranker,
        DefinitionReranker,
        PathReranker,
        PenaltyReranker,
        SaturationReranker,
    ]
