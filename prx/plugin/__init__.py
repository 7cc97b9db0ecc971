"""The public plugin API of prx.

A plugin is a module (or class) with hook implementations, declared in its distribution's
``pyproject.toml`` under the ``prx`` entry-point group::

    [project.entry-points.prx]
    example = "prx_example.hooks"

and its ``hooks.py`` returns component classes, importing them inside the hook so that
nothing heavy loads until the component is used::

    from prx.plugin import hookimpl

    @hookimpl
    def prx_register_operations():
        from prx_example.ops import SHOUT
        return [SHOUT]

See ``docs/plugins/`` for every hook and interface.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from prx.plugin.interfaces import (
        Baseline,
        Candidate,
        ComponentContext,
        Frontend,
        LanguageSpec,
        Operation,
        ParamInfo,
        Query,
        RawRun,
        Renderer,
        Reranker,
        Retriever,
        RunnerParser,
        param,
    )

__all__ = [
    "Baseline",
    "Candidate",
    "ComponentContext",
    "Frontend",
    "LanguageSpec",
    "Operation",
    "ParamInfo",
    "Query",
    "RawRun",
    "Renderer",
    "Reranker",
    "Retriever",
    "RunnerParser",
    "hookimpl",
    "param",
]

#: Marks a function as a prx hook implementation.
hookimpl = pluggy.HookimplMarker("prx")


def __getattr__(name: str) -> Any:
    # Interfaces load on first access, so registering a plugin costs only pluggy.
    if name in __all__:
        from prx.plugin import interfaces

        return getattr(interfaces, name)
    raise AttributeError(f"module 'prx.plugin' has no attribute {name!r}")
