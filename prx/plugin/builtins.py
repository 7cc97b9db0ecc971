"""Where prx's own components live, readable without pluggy: one table per kind.

The built-in hook implementations return exactly these (and nothing else); the registry
also answers a lookup of a built-in name from here directly, so the CLI's fast paths (``read``,
``find`` ...) never import pluggy or build the plugin manager (~55 ms together).
Built-in names always win over plugins, so both routes give the same component.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "BUILTIN_FRONTENDS",
    "BUILTIN_LANGUAGES",
    "BUILTIN_OPERATIONS",
    "BUILTIN_RENDERERS",
    "BUILTIN_RERANKERS",
    "BUILTIN_RETRIEVERS",
    "BUILTIN_RUNNER_PARSERS",
    "load",
    "load_all",
]

#: Operation name -> "module:attribute" of its descriptor.
BUILTIN_OPERATIONS: dict[str, str] = {
    "bench": "prx.operations.bench:BENCH",
    "bench-ndcg": "prx.operations.bench_ndcg:BENCH_NDCG",
    "diff": "prx.operations.diff:DIFF",
    "edit": "prx.operations.edit:EDIT",
    "config": "prx.operations.config:CONFIG",
    "context": "prx.operations.context:CONTEXT",
    "exists": "prx.operations.exists:EXISTS",
    "explain": "prx.operations.explain:EXPLAIN",
    "find": "prx.operations.find:FIND",
    "impact": "prx.operations.impact:IMPACT",
    "index": "prx.operations.index:INDEX",
    "init": "prx.operations.init:INIT",
    "outline": "prx.operations.outline:OUTLINE",
    "plugins": "prx.operations.plugins:PLUGINS",
    "read": "prx.operations.read:READ",
    "rename": "prx.operations.rename:RENAME",
    "run": "prx.operations.run:RUN",
    "search": "prx.operations.search:SEARCH",
    "stats": "prx.operations.stats:STATS",
}
#: Front-end name -> class.
BUILTIN_FRONTENDS: dict[str, str] = {
    "cli": "prx.cli.frontend:CliFrontend",
    "mcp": "prx.cli.mcp:McpFrontend",
}
#: Renderer name -> class.
BUILTIN_RENDERERS: dict[str, str] = {
    "json": "prx.cli.render:JsonRenderer",
    "plain": "prx.cli.render:PlainRenderer",
}

#: Retriever name -> class.
BUILTIN_RETRIEVERS: dict[str, str] = {
    "bm25": "prx.retrieval.retrievers:BM25Retriever",
    "dense": "prx.retrieval.retrievers:DenseRetriever",
    "symbols": "prx.retrieval.retrievers:SymbolRetriever",
}
#: Rerank stage name -> class.
BUILTIN_RERANKERS: dict[str, str] = {
    "coherence": "prx.ranking.stages:CoherenceReranker",
    "definition": "prx.ranking.stages:DefinitionReranker",
    "path": "prx.ranking.stages:PathReranker",
    "penalties": "prx.ranking.stages:PenaltyReranker",
    "saturation": "prx.ranking.stages:SaturationReranker",
    "centrality": "prx.ranking.stages:CentralityReranker",
    "coverage": "prx.ranking.stages:CoverageReranker",
    "siblings": "prx.ranking.stages:SiblingsReranker",
}
#: Runner parser classes (their order does not matter: the registry sorts by priority).
BUILTIN_RUNNER_PARSERS: tuple[str, ...] = (
    "prx.runner.parsers.pytest:PytestParser",
    "prx.runner.parsers.unittest:UnittestParser",
    "prx.runner.parsers.ruff:RuffParser",
    "prx.runner.parsers.mypy:MypyParser",
    "prx.runner.parsers.git:GitStatusParser",
    "prx.runner.parsers.git:GitLogParser",
    "prx.runner.parsers.git:GitDiffParser",
    "prx.runner.parsers.gcc:MakeParser",
    "prx.runner.parsers.gcc:CompilerParser",
    "prx.runner.parsers.node:NodeTestParser",
    "prx.runner.parsers.cargo:CargoTestParser",
    "prx.runner.parsers.cargo_build:CargoBuildParser",
    "prx.runner.parsers.cargo_build:CargoClippyParser",
    "prx.runner.parsers.coverage:PytestCovParser",
    "prx.runner.parsers.coverage:CoverageReportParser",
    "prx.runner.parsers.coverage:JestCovParser",
    "prx.runner.parsers.coverage:IstanbulParser",
    "prx.runner.parsers.coverage:CargoLlvmCovParser",
    "prx.runner.parsers.coverage:GoCoverParser",
    "prx.runner.parsers.npm:NpmLsParser",
    "prx.runner.parsers.terraform:TerraformParser",
    "prx.runner.parsers.kubectl:KubectlParser",
    "prx.runner.parsers.docker:DockerBuildParser",
    "prx.runner.parsers.docker:LogsParser",
    "prx.runner.parsers.jvm:MavenParser",
    "prx.runner.parsers.jvm:GradleParser",
    "prx.runner.parsers.dotnet:DotnetParser",
    "prx.runner.parsers.jest:JestParser",
    "prx.runner.parsers.jest:VitestParser",
    "prx.runner.parsers.jest:MochaParser",
    "prx.runner.parsers.tsc:TscParser",
    "prx.runner.parsers.tsc:EslintParser",
    "prx.runner.parsers.tsc:PyrightParser",
    "prx.runner.parsers.golang:GoTestParser",
    "prx.runner.parsers.golang:GoBuildParser",
    "prx.runner.parsers.fallback:FallbackParser",
)
#: The language specs (one tuple, :data:`prx.lang.catalog.BUILTIN_LANGUAGES`).
BUILTIN_LANGUAGES = "prx.lang.catalog:BUILTIN_LANGUAGES"


def load_all(targets: Iterable[str]) -> list[Any]:
    """The objects ``module:attribute`` strings name, in order."""
    return [load(target) for target in targets]


def load(target: str) -> Any:
    """The object a ``module:attribute`` string names."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)
