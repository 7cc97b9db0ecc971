"""Registers the built-in rerank stages
(the table: :data:`prx.plugin.builtins.BUILTIN_RERANKERS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin._markers import hookimpl
from prx.plugin.builtins import BUILTIN_RERANKERS, load_all

if TYPE_CHECKING:
    from prx.plugin.interfaces import Reranker


@hookimpl
def prx_register_rerankers() -> list[type[Reranker]]:
    return load_all(BUILTIN_RERANKERS.values())
