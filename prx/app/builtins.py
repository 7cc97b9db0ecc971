"""Where prx's own components live, readable without pluggy: one table per kind.

The built-in hook implementations return exactly these (and nothing else); the registry
also answers a lookup of a built-in name from here directly, so the CLI's fast paths (``read``,
``find`` ...) never import pluggy or build the plugin manager (~55 ms together).
Built-in names always win over plugins, so both routes give the same component.
"""

from __future__ import annotations

from collections.abc import Iterable

from prx.plugin.registry import Builtins, load

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "BUILTIN_LANGUAGES",
    "BUILTIN_OPERATIONS",
    "BUILTIN_RERANKERS",
    "BUILTIN_RETRIEVERS",
    "BUILTIN_RUNNER_PARSERS",
    "BUILTINS",
    "load",
    "load_all",
]

#: Operation name -> "module:attribute" of its descriptor.
BUILTIN_OPERATIONS: dict[str, str] = {
    "bench": "prx.commands.bench.operation:BENCH",
    "bench-ndcg": "prx.commands.bench_ndcg.operation:BENCH_NDCG",
    "diff": "prx.commands.diff.operation:DIFF",
    "edit": "prx.commands.edit.operation:EDIT",
    "config": "prx.commands.config.operation:CONFIG",
    "context": "prx.commands.context.operation:CONTEXT",
    "exists": "prx.commands.exists.operation:EXISTS",
    "explain": "prx.commands.explain.operation:EXPLAIN",
    "find": "prx.commands.find.operation:FIND",
    "impact": "prx.commands.impact.operation:IMPACT",
    "index": "prx.commands.index.operation:INDEX",
    "init": "prx.commands.init.operation:INIT",
    "outline": "prx.commands.outline.operation:OUTLINE",
    "plugins": "prx.commands.plugins.operation:PLUGINS",
    "read": "prx.commands.read.operation:READ",
    "rename": "prx.commands.rename.operation:RENAME",
    "run": "prx.commands.run.operation:RUN",
    "search": "prx.commands.search.operation:SEARCH",
    "stats": "prx.commands.stats.operation:STATS",
}
#: Retriever name -> class.
BUILTIN_RETRIEVERS: dict[str, str] = {
    "bm25": "prx.engine.retrieval.retrievers:BM25Retriever",
    "dense": "prx.engine.retrieval.retrievers:DenseRetriever",
    "symbols": "prx.engine.retrieval.retrievers:SymbolRetriever",
}
#: Rerank stage name -> class.
BUILTIN_RERANKERS: dict[str, str] = {
    "coherence": "prx.engine.ranking.stages:CoherenceReranker",
    "definition": "prx.engine.ranking.stages:DefinitionReranker",
    "implementation": "prx.engine.ranking.implementation:ImplementationReranker",
    "path": "prx.engine.ranking.stages:PathReranker",
    "penalties": "prx.engine.ranking.stages:PenaltyReranker",
    "saturation": "prx.engine.ranking.stages:SaturationReranker",
    "centrality": "prx.engine.ranking.stages:CentralityReranker",
    "coverage": "prx.engine.ranking.stages:CoverageReranker",
    "siblings": "prx.engine.ranking.stages:SiblingsReranker",
}
#: Runner parser classes (their order does not matter: the registry sorts by priority).
BUILTIN_RUNNER_PARSERS: tuple[str, ...] = (
    "prx.engine.runner.parsers.pytest:PytestParser",
    "prx.engine.runner.parsers.unittest:UnittestParser",
    "prx.engine.runner.parsers.ruff:RuffParser",
    "prx.engine.runner.parsers.mypy:MypyParser",
    "prx.engine.runner.parsers.git:GitStatusParser",
    "prx.engine.runner.parsers.git:GitLogParser",
    "prx.engine.runner.parsers.git:GitDiffParser",
    "prx.engine.runner.parsers.gcc:MakeParser",
    "prx.engine.runner.parsers.gcc:CompilerParser",
    "prx.engine.runner.parsers.node:NodeTestParser",
    "prx.engine.runner.parsers.cargo:CargoTestParser",
    "prx.engine.runner.parsers.cargo_build:CargoBuildParser",
    "prx.engine.runner.parsers.cargo_build:CargoClippyParser",
    "prx.engine.runner.parsers.coverage:PytestCovParser",
    "prx.engine.runner.parsers.coverage:CoverageReportParser",
    "prx.engine.runner.parsers.coverage:JestCovParser",
    "prx.engine.runner.parsers.coverage:IstanbulParser",
    "prx.engine.runner.parsers.coverage:CargoLlvmCovParser",
    "prx.engine.runner.parsers.coverage:GoCoverParser",
    "prx.engine.runner.parsers.npm:NpmLsParser",
    "prx.engine.runner.parsers.terraform:TerraformParser",
    "prx.engine.runner.parsers.kubectl:KubectlParser",
    "prx.engine.runner.parsers.docker:DockerBuildParser",
    "prx.engine.runner.parsers.docker:LogsParser",
    "prx.engine.runner.parsers.jvm:MavenParser",
    "prx.engine.runner.parsers.jvm:GradleParser",
    "prx.engine.runner.parsers.dotnet:DotnetParser",
    "prx.engine.runner.parsers.jest:JestParser",
    "prx.engine.runner.parsers.jest:VitestParser",
    "prx.engine.runner.parsers.jest:MochaParser",
    "prx.engine.runner.parsers.tsc:TscParser",
    "prx.engine.runner.parsers.tsc:EslintParser",
    "prx.engine.runner.parsers.tsc:PyrightParser",
    "prx.engine.runner.parsers.golang:GoTestParser",
    "prx.engine.runner.parsers.golang:GoBuildParser",
    "prx.engine.runner.parsers.fallback:FallbackParser",
)
#: The language specs (one tuple, :data:`prx.engine.lang.catalog.BUILTIN_LANGUAGES`).
BUILTIN_LANGUAGES = "prx.engine.lang.catalog:BUILTIN_LANGUAGES"


def load_all(targets: Iterable[str]) -> list[Any]:
    """The objects ``module:attribute`` strings name, in order."""
    return [load(target) for target in targets]


#: prx's own components as the registry receives them: the plugins of
#: :mod:`prx.app.hooks` (registered through the hooks every plugin uses) and the tables of
#: what they register (a built-in name is looked up there without pluggy).
BUILTINS = Builtins(
    plugins=(
        ("prx-operations", "prx.app.hooks:Operations"),
        ("prx-languages", "prx.app.hooks:Languages"),
        ("prx-retrievers", "prx.app.hooks:Retrievers"),
        ("prx-rerankers", "prx.app.hooks:Rerankers"),
        ("prx-runner-parsers", "prx.app.hooks:RunnerParsers"),
    ),
    tables={
        "operation": BUILTIN_OPERATIONS,
        "retriever": BUILTIN_RETRIEVERS,
        "reranker": BUILTIN_RERANKERS,
    },
    languages=BUILTIN_LANGUAGES,
)
