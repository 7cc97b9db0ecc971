"""Registers the built-in parsers of ``prx run``."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import RunnerParser


#: Parsers of npm-installed tools and of pyright, registered after the built-in ones.
JS_PARSERS: tuple[str, ...] = (
    "prx.runner.parsers.jest:JestParser",
    "prx.runner.parsers.jest:VitestParser",
    "prx.runner.parsers.jest:MochaParser",
    "prx.runner.parsers.tsc:TscParser",
    "prx.runner.parsers.tsc:EslintParser",
    "prx.runner.parsers.tsc:PyrightParser",
)


@hookimpl
def prx_register_runner_parsers() -> list[type[RunnerParser]]:
    from prx.runner.parsers import BUILTIN_PARSERS

    parsers: list[type[RunnerParser]] = []
    for target in (*BUILTIN_PARSERS, *JS_PARSERS):
        module, _, attr = target.partition(":")
        parsers.append(getattr(importlib.import_module(module), attr))
    parsers.extend(importlib.import_module("prx.runner.parsers.golang").GO_PARSERS)
    return parsers
