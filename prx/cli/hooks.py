"""Registers the CLI front-end and its renderers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import Frontend, Renderer


@hookimpl
def prx_register_frontends() -> list[type[Frontend]]:
    from prx.cli.frontend import CliFrontend

    return [CliFrontend]


@hookimpl
def prx_register_renderers() -> list[type[Renderer]]:
    from prx.cli.render import JsonRenderer, PlainRenderer

    return [JsonRenderer, PlainRenderer]
