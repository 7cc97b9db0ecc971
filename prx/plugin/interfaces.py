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
    from prx.plugin._corpus import ChunkRecord, CorpusView, Definition, Embedder, FileRecord
    from prx.plugin._frontends import Frontend, Renderer
    from prx.plugin._language import LanguageSpec
    from prx.plugin._operation import Baseline, Operation, ParamInfo, param
    from prx.plugin._runner import Coverage, Parsed, RawRun, RunnerParser
    from prx.plugin._search import Candidate, ComponentContext, Query, Reranker, Retriever

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
    "Baseline": "prx.plugin._operation",
    "Candidate": "prx.plugin._search",
    "ChunkRecord": "prx.plugin._corpus",
    "ComponentContext": "prx.plugin._search",
    "CorpusView": "prx.plugin._corpus",
    "Coverage": "prx.plugin._runner",
    "Definition": "prx.plugin._corpus",
    "Embedder": "prx.plugin._corpus",
    "FileRecord": "prx.plugin._corpus",
    "Frontend": "prx.plugin._frontends",
    "LanguageSpec": "prx.plugin._language",
    "Operation": "prx.plugin._operation",
    "ParamInfo": "prx.plugin._operation",
    "Parsed": "prx.plugin._runner",
    "Query": "prx.plugin._search",
    "RawRun": "prx.plugin._runner",
    "Renderer": "prx.plugin._frontends",
    "Reranker": "prx.plugin._search",
    "Retriever": "prx.plugin._search",
    "RunnerParser": "prx.plugin._runner",
    "param": "prx.plugin._operation",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'prx.plugin.interfaces' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
