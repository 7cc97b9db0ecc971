"""Registers the built-in operations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin._markers import hookimpl
from prx.plugin.builtins import BUILTIN_OPERATIONS, load

if TYPE_CHECKING:
    from prx.plugin.interfaces import Operation


@hookimpl
def prx_register_operations() -> list[Operation]:
    return [load(BUILTIN_OPERATIONS[name]) for name in sorted(BUILTIN_OPERATIONS)]
