"""The built-in components pass the contract classes of prx.testing (one per kind)."""

from __future__ import annotations

import pytest

from prx.app.builtins import (
    BUILTIN_RERANKERS,
    BUILTIN_RETRIEVERS,
    BUILTIN_RUNNER_PARSERS,
    load,
    load_all,
)
from prx.app.workspace import Workspace
from prx.commands.find.operation import FIND
from prx.commands.read.operation import READ
from prx.core.config import Config
from prx.engine.corpus.corpus import build_corpus
from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.plugin import Candidate, Reranker, Retriever
from prx.testing.contracts import (
    SAMPLE_FILES,
    LanguageContract,
    OperationContract,
    RerankerContract,
    RetrieverContract,
)

_PYTHON = next(spec for spec in BUILTIN_LANGUAGES if spec.name == "python")


class TestBM25(RetrieverContract):
    retriever = load(BUILTIN_RETRIEVERS["bm25"])


class TestSymbols(RetrieverContract):
    retriever = load(BUILTIN_RETRIEVERS["symbols"])
    queries = ("parse_config", "Server", "Server.start")


class TestDense(RetrieverContract):
    retriever = load(BUILTIN_RETRIEVERS["dense"])


class TestDefinitionStage(RerankerContract):
    reranker = load(BUILTIN_RERANKERS["definition"])


class TestPathStage(RerankerContract):
    reranker = load(BUILTIN_RERANKERS["path"])


class TestCoherenceStage(RerankerContract):
    reranker = load(BUILTIN_RERANKERS["coherence"])


class TestPenaltyStage(RerankerContract):
    reranker = load(BUILTIN_RERANKERS["penalties"])


class TestSaturationStage(RerankerContract):
    reranker = load(BUILTIN_RERANKERS["saturation"])


class TestPython(LanguageContract):
    language = _PYTHON
    register = False
    sample_file = "app.py"
    sample = "class App:\n    def run(self):\n        pass\n\n\ndef main():\n    App().run()\n"
    symbols = ("App", "main")


class TestRead(OperationContract):
    operation = READ
    register = False
    arguments = {"path": "src/config.py"}


class TestFind(OperationContract):
    operation = FIND
    register = False
    arguments = {"pattern": "*.py"}


@pytest.mark.parametrize(
    ("hook", "table"),
    [
        ("prx_register_retrievers", list(BUILTIN_RETRIEVERS.values())),
        ("prx_register_rerankers", list(BUILTIN_RERANKERS.values())),
        ("prx_register_runner_parsers", list(BUILTIN_RUNNER_PARSERS)),
    ],
)
def test_builtin_hooks_register_exactly_their_table(register_plugin, hook, table):
    # One table per kind: the hook and the pluggy-free fast path read the same list.
    impls = [
        impl
        for impl in getattr(register_plugin().registry.hook, hook).get_hookimpls()
        if impl.plugin_name.startswith("prx-")
    ]
    assert len(impls) == 1
    assert impls[0].function() == load_all(table)


def test_every_runner_parser_is_in_the_one_table(register_plugin):
    names = {parser.NAME for parser in register_plugin().registry.runner_parsers()}
    assert names == {parser.NAME for parser in load_all(BUILTIN_RUNNER_PARSERS)}
    assert {"go-test", "go-build", "jest", "tsc", "pyright", "fallback"} <= names


class _Inventor(Reranker):
    NAME = "inventor"

    def rerank(self, query, candidates, corpus):
        return [*candidates, Candidate(file="made-up.py", start_line=1, end_line=1, score=0.0)]


class _Elsewhere(Retriever):
    NAME = "elsewhere"

    def search(self, query, k):
        return [Candidate(file="nowhere.py", start_line=1, end_line=2, score=1.0, chunk=0)][:k]


@pytest.fixture
def sample(tmp_path):
    root = tmp_path / "repo"
    for rel, text in SAMPLE_FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    config = Config.from_env(
        {"PRX_HOME": str(tmp_path / "home"), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
    )
    ws = Workspace(root, config=config)
    return ws, build_corpus(ws, str(root), workers=1)


def test_the_contracts_catch_a_reranker_that_adds_candidates(sample):
    class Check(RerankerContract):
        reranker = _Inventor

    with pytest.raises(AssertionError):
        Check().test_same_candidates_best_first(sample)


def test_the_contracts_catch_a_retriever_whose_candidates_are_not_chunks(sample):
    class Check(RetrieverContract):
        retriever = _Elsewhere

    with pytest.raises(AssertionError):
        Check().test_candidates_are_chunks_of_the_corpus_best_first(sample)
