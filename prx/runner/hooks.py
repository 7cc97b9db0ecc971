"""Registers the built-in parsers of ``prx run``."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import RunnerParser


@hookimpl
def prx_register_runner_parsers() -> list[type[RunnerParser]]:
    from prx.runner.parsers import BUILTIN_PARSERS

    parsers: list[type[RunnerParser]] = []
    for target in BUILTIN_PARSERS:
        module, _, attr = target.partition(":")
        parsers.append(getattr(importlib.import_module(module), attr))
    return parsers
