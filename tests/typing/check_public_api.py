"""The public functions' types, checked by mypy (``files`` in pyproject's [tool.mypy]);
never run (nothing here is called). ``assert_type`` fails the type check when a public
function's declared result drifts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from typing_extensions import assert_type

import prx
from prx.core.config import Config
from prx.plugin import (
    Candidate,
    CorpusView,
    Embedder,
    LanguageSpec,
    Operation,
    Parsed,
    Query,
    RawRun,
    Reranker,
    Retriever,
    RunnerParser,
)
from prx.types import BenchResult, ConfigResult


def module_functions() -> None:
    assert_type(prx.read("a.py"), prx.ReadResult)
    assert_type(prx.find("."), prx.FindResult)
    assert_type(prx.exists("x"), prx.ExistsResult)
    assert_type(prx.search("query"), prx.SearchResult)
    assert_type(prx.search("query", exists=True), prx.SearchExistsResult)
    assert_type(prx.outline("a.py"), prx.OutlineResult)
    assert_type(prx.index("."), prx.IndexResult)
    assert_type(prx.run(["pytest"]), prx.RunReport)
    assert_type(prx.stats(), prx.StatsResult)
    assert_type(prx.init(), prx.InitResult)
    assert_type(prx.settings(), ConfigResult)
    assert_type(prx.bench("."), BenchResult)
    assert_type(prx.bench_ndcg("data.json"), dict[str, Any])
    assert_type(prx.workspace_for("."), prx.Workspace)


def workspace_methods(ws: prx.Workspace) -> None:
    assert_type(ws.read("a.py"), prx.ReadResult)
    assert_type(ws.find("."), prx.FindResult)
    assert_type(ws.exists("x"), prx.ExistsResult)
    assert_type(ws.search("query"), prx.SearchResult)
    assert_type(ws.search("query", exists=True), prx.SearchExistsResult)
    assert_type(ws.outline("a.py"), prx.OutlineResult)
    assert_type(ws.run(["pytest"]), prx.RunReport)
    assert_type(ws.stats(), prx.StatsResult)
    assert_type(ws.settings(), ConfigResult)
    assert_type(ws.config, Config)
    assert_type(ws.language_for("a.py"), LanguageSpec | None)
    assert_type(ws.registry.operation("read"), Operation)
    assert_type(ws.registry.retrievers(), list[type[Retriever]])
    assert_type(ws.registry.rerankers(), list[type[Reranker]])
    assert_type(ws.registry.runner_parsers(), list[type[RunnerParser]])
    assert_type(ws.registry.languages(), list[LanguageSpec])


def plugin_interfaces(
    parser: RunnerParser,
    raw: RawRun,
    retriever: Retriever,
    reranker: Reranker,
    corpus: CorpusView,
    query: Query,
    candidates: list[Candidate],
) -> None:
    assert_type(parser.parse(raw), Parsed)
    assert_type(retriever.search(query, 5), list[Candidate])
    assert_type(reranker.rerank(query, candidates, corpus), list[Candidate])
    assert_type(corpus.chunks[0].file, str)
    assert_type(corpus.definitions_in("a.py"), Sequence[prx.plugin.Definition])


def builtins_satisfy_the_protocols() -> None:
    from prx.engine.corpus.corpus import Corpus
    from prx.engine.corpus.embed import default_embedder

    view: CorpusView = Corpus(root="/")
    embedder: Embedder = default_embedder()
    assert_type(embedder.dim, int)
    del view
