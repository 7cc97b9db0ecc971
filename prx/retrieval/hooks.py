"""Registers the built-in retrievers (the table: :data:`prx.plugin.builtins.BUILTIN_RETRIEVERS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin._markers import hookimpl
from prx.plugin.builtins import BUILTIN_RETRIEVERS, load_all

if TYPE_CHECKING:
    from prx.plugin.interfaces import Retriever


@hookimpl
def prx_register_retrievers() -> list[type[Retriever]]:
    return load_all(BUILTIN_RETRIEVERS.values())
