"""prx's own plugins: each registers one kind of built-in component through the same hooks
a third-party plugin implements (pluggy's ``hookimpl``), from the tables of
:mod:`prx.app.builtins`. The registry registers them first, under the names
:data:`prx.app.builtins.BUILTINS` gives them (``prx-operations``, ``prx-languages`` ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.app.builtins import (
    BUILTIN_LANGUAGES,
    BUILTIN_OPERATIONS,
    BUILTIN_RERANKERS,
    BUILTIN_RETRIEVERS,
    BUILTIN_RUNNER_PARSERS,
    load,
    load_all,
)
from prx.plugin.markers import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import (
        LanguageSpec,
        Operation,
        Reranker,
        Retriever,
        RunnerParser,
    )

__all__ = ["Languages", "Operations", "Rerankers", "Retrievers", "RunnerParsers"]


class Operations:
    """The built-in commands."""

    @staticmethod
    @hookimpl
    def prx_register_operations() -> list[Operation]:
        return [load(BUILTIN_OPERATIONS[name]) for name in sorted(BUILTIN_OPERATIONS)]


class Languages:
    """The built-in languages (the catalogue of :mod:`prx.engine.lang.catalog`)."""

    @staticmethod
    @hookimpl
    def prx_register_languages() -> list[LanguageSpec]:
        return list(load(BUILTIN_LANGUAGES))


class Retrievers:
    """The built-in retrievers of a ranked search."""

    @staticmethod
    @hookimpl
    def prx_register_retrievers() -> list[type[Retriever]]:
        return load_all(BUILTIN_RETRIEVERS.values())


class Rerankers:
    """The built-in rerank stages of a ranked search."""

    @staticmethod
    @hookimpl
    def prx_register_rerankers() -> list[type[Reranker]]:
        return load_all(BUILTIN_RERANKERS.values())


class RunnerParsers:
    """The built-in parsers of ``prx run``."""

    @staticmethod
    @hookimpl
    def prx_register_runner_parsers() -> list[type[RunnerParser]]:
        return load_all(BUILTIN_RUNNER_PARSERS)
