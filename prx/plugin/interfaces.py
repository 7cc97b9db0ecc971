"""The interfaces plugins implement.

Components that behave (retrievers, rerankers, runner parsers, front-ends, renderers) are
ABCs with default methods, so a method added later with a default never breaks a plugin.
Components that only describe (languages, operations) are frozen dataclasses. Every class
carries its registry name in ``NAME`` (or ``name`` for the dataclasses).

Each concept lives in its own private module, imported on first access.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.plugin.corpus import ChunkRecord, CorpusView, Definition, Embedder, FileRecord
    from prx.plugin.frontends import Frontend, Renderer
    from prx.plugin.language import LanguageSpec
    from prx.plugin.operation import Baseline, Operation, ParamInfo, param
    from prx.plugin.runner import Coverage, Parsed, RawRun, RunnerParser
    from prx.plugin.search import Candidate, ComponentContext, Query, Reranker, Retriever

__all__ = [
    "Baseline",
    "Candidate",
    "ChunkRecord",
    "ComponentContext",
    "CorpusView",
    "Coverage",
    "Definition",
    "Embedder",
    "FileRecord",
    "Frontend",
    "LanguageSpec",
    "Operation",
    "ParamInfo",
    "Parsed",
    "Query",
    "RawRun",
    "Renderer",
    "Reranker",
    "Retriever",
    "RunnerParser",
    "param",
]

_HOME = {
    "Baseline": "prx.plugin.operation",
    "Candidate": "prx.plugin.search",
    "ChunkRecord": "prx.plugin.corpus",
    "ComponentContext": "prx.plugin.search",
    "CorpusView": "prx.plugin.corpus",
    "Coverage": "prx.plugin.runner",
    "Definition": "prx.plugin.corpus",
    "Embedder": "prx.plugin.corpus",
    "FileRecord": "prx.plugin.corpus",
    "Frontend": "prx.plugin.frontends",
    "LanguageSpec": "prx.plugin.language",
    "Operation": "prx.plugin.operation",
    "ParamInfo": "prx.plugin.operation",
    "Parsed": "prx.plugin.runner",
    "Query": "prx.plugin.search",
    "RawRun": "prx.plugin.runner",
    "Renderer": "prx.plugin.frontends",
    "Reranker": "prx.plugin.search",
    "Retriever": "prx.plugin.search",
    "RunnerParser": "prx.plugin.runner",
    "param": "prx.plugin.operation",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx.plugin.interfaces' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
