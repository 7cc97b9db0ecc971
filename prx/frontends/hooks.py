"""The built-in front-ends' plugin: it registers the command line, the MCP server and the
command line's renderers through the hooks every plugin implements."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.frontends.builtins import BUILTIN_FRONTENDS, BUILTIN_RENDERERS
from prx.plugin.markers import hookimpl
from prx.plugin.registry import load

if TYPE_CHECKING:
    from prx.plugin.interfaces import Frontend, Renderer

__all__ = ["Frontends"]


class Frontends:
    """The command line and the MCP server, and the command line's renderers."""

    @staticmethod
    @hookimpl
    def prx_register_frontends() -> list[type[Frontend]]:
        return [load(target) for target in BUILTIN_FRONTENDS.values()]

    @staticmethod
    @hookimpl
    def prx_register_renderers() -> list[type[Renderer]]:
        return [load(target) for target in BUILTIN_RENDERERS.values()]
