"""Registers the built-in parsers of ``prx run``
(the table: :data:`prx.plugin.builtins.BUILTIN_RUNNER_PARSERS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin._markers import hookimpl
from prx.plugin.builtins import BUILTIN_RUNNER_PARSERS, load_all

if TYPE_CHECKING:
    from prx.plugin.interfaces import RunnerParser


@hookimpl
def prx_register_runner_parsers() -> list[type[RunnerParser]]:
    return load_all(BUILTIN_RUNNER_PARSERS)
