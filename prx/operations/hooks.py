"""Registers the built-in operations."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import Operation

#: Where each built-in operation's descriptor lives. The registry looks a built-in name up
#: here first, so a command imports only its own module (each costs several ms).
BUILTIN_OPERATIONS: dict[str, str] = {
    "bench-ndcg": "prx.operations.bench_ndcg:BENCH_NDCG",
    "exists": "prx.operations.exists:EXISTS",
    "find": "prx.operations.find:FIND",
    "index": "prx.operations.index:INDEX",
    "outline": "prx.operations.outline:OUTLINE",
    "read": "prx.operations.read:READ",
    "run": "prx.operations.run:RUN",
    "search": "prx.operations.search:SEARCH",
    "stats": "prx.operations.stats:STATS",
}


def builtin_operation(name: str) -> Operation | None:
    """The built-in operation called ``name``, importing only its module."""
    target = BUILTIN_OPERATIONS.get(name)
    if target is None:
        return None
    module, _, attr = target.partition(":")
    operation: Operation = getattr(importlib.import_module(module), attr)
    return operation


@hookimpl
def prx_register_operations() -> list[Operation]:
    return [op for op in map(builtin_operation, sorted(BUILTIN_OPERATIONS)) if op is not None]
