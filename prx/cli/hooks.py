"""Registers the CLI front-end and its renderers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin._markers import hookimpl
from prx.plugin.builtins import BUILTIN_FRONTENDS, BUILTIN_RENDERERS, load

if TYPE_CHECKING:
    from prx.plugin.interfaces import Frontend, Renderer


@hookimpl
def prx_register_frontends() -> list[type[Frontend]]:
    return [load(target) for target in BUILTIN_FRONTENDS.values()]


@hookimpl
def prx_register_renderers() -> list[type[Renderer]]:
    return [load(target) for target in BUILTIN_RENDERERS.values()]
