"""The hook implementations prx calls; each imports its component when called."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin import LanguageSpec, Reranker, RunnerParser


@hookimpl
def prx_register_runner_parsers() -> list[type[RunnerParser]]:
    from prx_example.wc import WcParser

    return [WcParser]


@hookimpl
def prx_register_languages() -> list[LanguageSpec]:
    from prx_example.zig import ZIG

    return [ZIG]


@hookimpl
def prx_register_rerankers() -> list[type[Reranker]]:
    from prx_example.rerank import ShortPathFirst

    return [ShortPathFirst]
