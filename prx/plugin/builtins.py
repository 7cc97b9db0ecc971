"""Where prx's own components live, readable without pluggy.

The built-in hook implementations return exactly these; the registry also answers a
lookup of a built-in name from here directly, so the CLI's fast paths (``read``,
``find`` ...) never import pluggy or build the plugin manager (~55 ms together).
Built-in names always win over plugins, so both routes give the same component.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["BUILTIN_FRONTENDS", "BUILTIN_OPERATIONS", "BUILTIN_RENDERERS", "load"]

#: Operation name -> "module:attribute" of its descriptor.
BUILTIN_OPERATIONS: dict[str, str] = {
    "bench": "prx.operations.bench:BENCH",
    "bench-ndcg": "prx.operations.bench_ndcg:BENCH_NDCG",
    "exists": "prx.operations.exists:EXISTS",
    "find": "prx.operations.find:FIND",
    "index": "prx.operations.index:INDEX",
    "init": "prx.operations.init:INIT",
    "outline": "prx.operations.outline:OUTLINE",
    "read": "prx.operations.read:READ",
    "rename": "prx.operations.rename:RENAME",
    "run": "prx.operations.run:RUN",
    "search": "prx.operations.search:SEARCH",
    "stats": "prx.operations.stats:STATS",
}
#: Front-end name -> class.
BUILTIN_FRONTENDS: dict[str, str] = {
    "cli": "prx.cli.frontend:CliFrontend",
    "mcp": "prx.cli.mcp:McpFrontend",
}
#: Renderer name -> class.
BUILTIN_RENDERERS: dict[str, str] = {
    "json": "prx.cli.render:JsonRenderer",
    "plain": "prx.cli.render:PlainRenderer",
}


def load(target: str) -> Any:
    """The object a ``module:attribute`` string names."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)
