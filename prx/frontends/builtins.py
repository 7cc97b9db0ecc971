"""The built-in front-ends (the command line, the MCP server) and the command line's
renderers, registered like any plugin's (:class:`prx.frontends.hooks.Frontends`), added to
the application's built-ins by the front-ends that need them (:func:`frontend_workspace`)."""

from __future__ import annotations

import functools
import os

from prx.app.builtins import BUILTINS
from prx.plugin.registry import Builtins

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.app.workspace import Workspace
    from prx.plugin.context import Context

__all__ = [
    "BUILTIN_FRONTENDS",
    "BUILTIN_RENDERERS",
    "frontend_builtins",
    "frontend_workspace",
    "with_frontends",
]

#: Front-end name -> class.
BUILTIN_FRONTENDS: dict[str, str] = {
    "cli": "prx.frontends.cli.frontend:CliFrontend",
    "mcp": "prx.frontends.cli.mcp:McpFrontend",
}
#: Renderer name -> class.
BUILTIN_RENDERERS: dict[str, str] = {
    "json": "prx.frontends.cli.render:JsonRenderer",
    "plain": "prx.frontends.cli.render:PlainRenderer",
    "text": "prx.frontends.cli.render:TextRenderer",
}


@functools.lru_cache(maxsize=1)
def frontend_builtins() -> Builtins:
    """The application's built-ins and the front-ends'."""
    return Builtins(
        plugins=(*BUILTINS.plugins, ("prx-frontends", "prx.frontends.hooks:Frontends")),
        tables={
            **BUILTINS.tables,
            "frontend": BUILTIN_FRONTENDS,
            "renderer": BUILTIN_RENDERERS,
        },
        languages=BUILTINS.languages,
    )


def with_frontends(ctx: Context) -> Context:
    """``ctx`` when its registry has the front-ends, else a context of the same root,
    settings and plugins whose registry has them (a Workspace made for Python, handed to
    the command line)."""
    builtins = ctx.builtins
    if builtins is not None and "frontend" in builtins.tables:
        return ctx
    return ctx.at(ctx.root_dir, builtins=frontend_builtins())


def frontend_workspace(root: str | os.PathLike[str] = ".", **options: Any) -> Workspace:
    """A Workspace whose registry has the front-ends too (the command line's, the warm
    server's)."""
    from prx.app.workspace import Workspace

    return Workspace(root, builtins=frontend_builtins(), **options)
