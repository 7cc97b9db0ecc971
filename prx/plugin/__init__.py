"""The public plugin API of prx: everything a plugin needs, importable from here alone.

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

See ``docs/plugins/`` for every hook and interface. This module is a facade: the
interfaces come from :mod:`prx.plugin.interfaces` (the plugin-API layer, below every
feature), the helpers for runner parsers and languages from the features that own them;
everything loads on first access.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import pluggy

    #: Marks a function as a prx hook implementation (created on first access).
    hookimpl: pluggy.HookimplMarker

    from prx.app.dispatch import invoke
    from prx.core.config import Config
    from prx.core.envelope import Envelope
    from prx.core.errors import PluginError
    from prx.core.results.run import Diagnostic, Failure
    from prx.core.textform import generic_text, lazy_rendering
    from prx.engine.corpus.corpus import enrich
    from prx.engine.corpus.tokenize import tokenize
    from prx.engine.lang.grammar import pack_grammar
    from prx.engine.runner.detect import unwrap
    from prx.engine.runner.parsers._base import (
        ToolParser,
        first_word,
        json_array,
        output_lines,
        output_text,
        to_int,
    )
    from prx.plugin.context import Context
    from prx.plugin.interfaces import (
        Baseline,
        Candidate,
        ChunkRecord,
        ComponentContext,
        CorpusView,
        Coverage,
        Definition,
        Embedder,
        FileRecord,
        Frontend,
        LanguageSpec,
        Operation,
        ParamInfo,
        Parsed,
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
    "ChunkRecord",
    "ComponentContext",
    "Config",
    "CorpusView",
    "Coverage",
    "Definition",
    "Embedder",
    "Diagnostic",
    "Failure",
    "FileRecord",
    "Frontend",
    "LanguageSpec",
    "Operation",
    "ParamInfo",
    "Parsed",
    "PluginError",
    "Query",
    "RawRun",
    "Renderer",
    "Reranker",
    "Retriever",
    "RunnerParser",
    "ToolParser",
    "Context",
    "Envelope",
    "enrich",
    "first_word",
    "generic_text",
    "invoke",
    "hookimpl",
    "json_array",
    "lazy_rendering",
    "output_lines",
    "output_text",
    "pack_grammar",
    "param",
    "to_int",
    "tokenize",
    "unwrap",
]

#: Names that are not interfaces: where each one lives.
_HELPERS = {
    "Config": "prx.core.config",
    "Context": "prx.plugin.context",
    "Envelope": "prx.core.envelope",
    "invoke": "prx.app.dispatch",
    "Diagnostic": "prx.types",
    "Failure": "prx.types",
    "PluginError": "prx.core.errors",
    "ToolParser": "prx.engine.runner.parsers._base",
    "enrich": "prx.engine.corpus.corpus",
    "tokenize": "prx.engine.corpus.tokenize",
    "first_word": "prx.engine.runner.parsers._base",
    "generic_text": "prx.core.textform",
    "lazy_rendering": "prx.core.textform",
    "json_array": "prx.engine.runner.parsers._base",
    "output_lines": "prx.engine.runner.parsers._base",
    "output_text": "prx.engine.runner.parsers._base",
    "pack_grammar": "prx.engine.lang.grammar",
    "to_int": "prx.engine.runner.parsers._base",
    "unwrap": "prx.engine.runner.detect",
}


def __getattr__(name: str) -> Any:
    # Everything loads on first access: importing prx.plugin costs nothing, and pluggy is
    # imported only when a hook implementation is declared or plugins are collected.
    import importlib

    if name == "hookimpl":
        return importlib.import_module("prx.plugin.markers").hookimpl

    home = _HELPERS.get(name)
    if home is not None:
        return getattr(importlib.import_module(home), name)
    if name in __all__:
        from prx.plugin import interfaces

        return getattr(interfaces, name)
    raise AttributeError(f"module 'prx.plugin' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
