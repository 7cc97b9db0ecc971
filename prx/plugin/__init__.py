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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import pluggy

    #: Marks a function as a prx hook implementation (created on first access).
    hookimpl: pluggy.HookimplMarker

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

_HOOKIMPL: pluggy.HookimplMarker | None = None


def __getattr__(name: str) -> Any:
    # Everything loads on first access: importing prx.plugin costs nothing, and pluggy is
    # imported only when a hook implementation is declared or plugins are collected.
    global _HOOKIMPL
    if name == "hookimpl":
        if _HOOKIMPL is None:
            import pluggy

            #: Marks a function as a prx hook implementation.
            _HOOKIMPL = pluggy.HookimplMarker("prx")
        return _HOOKIMPL
    if name in __all__:
        from prx.plugin import interfaces

        return getattr(interfaces, name)
    raise AttributeError(f"module 'prx.plugin' has no attribute {name!r}")
