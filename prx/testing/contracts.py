"""Contract tests a component must pass; subclass them in a test module.

One class per kind of component, each set up by class attributes::

    from prx.testing.contracts import RunnerParserContract

    class TestMyParser(RunnerParserContract):
        parser = MyParser
        argv = ("mytool", "check")

- :class:`RunnerParserContract` (``parser``, ``argv``): it matches the argv it is written
  for; it does not crash on empty or unrelated output; it leaves counts None when the tool
  did not state them; the report built from its answer never reads as a success when the
  exit code is not zero.
- :class:`RetrieverContract` (``retriever``): over a small sample corpus it returns at
  most ``k`` candidates, each one a chunk of the corpus, best first; empty queries and
  empty corpora give empty answers, not errors.
- :class:`RerankerContract` (``reranker``): it returns the same candidates it was given
  (none added, none dropped), best first, and leaves the given list alone.
- :class:`LanguageContract` (``language``, ``sample_file``, ``sample``, ``symbols``): the
  spec is well formed, a workspace with it registered recognises ``sample_file``, its
  queries compile, and the outline of ``sample`` names ``symbols``.
- :class:`OperationContract` (``operation``, ``arguments``, ``files``): a well-formed
  name and parameters, registered under its name, and one call with ``arguments`` answers
  an ``ok`` envelope whose data is JSON.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import pytest

from prx.engine.runner.model import CapturedRun
from prx.engine.runner.parse import parse_output
from prx.engine.runner.report import RunOutput, build_report
from prx.plugin.operation import Operation, ParamInfo
from prx.plugin.runner import Parsed, RunnerParser
from prx.plugin.search import Candidate, ComponentContext, Query, Reranker, Retriever

if TYPE_CHECKING:
    from prx.app.workspace import Workspace
    from prx.engine.corpus.corpus import Corpus
    from prx.plugin.language import LanguageSpec

__all__ = [
    "LanguageContract",
    "OperationContract",
    "RerankerContract",
    "RetrieverContract",
    "RunnerParserContract",
    "SAMPLE_FILES",
]

_COUNTS = ("passed", "failed", "skipped", "errors", "warnings", "xfailed", "xpassed")
#: Closing lines of tools that read as a pass; a non-zero exit must still win.
_GREEN_LOOKING = (
    "",
    "3 passed in 0.10s",
    "============================== 3 passed in 0.10s ===============================",
    "All checks passed!",
    "Success: no issues found in 1 source file",
    "Ran 3 tests in 0.001s\n\nOK",
    "# tests 3\n# pass 3\n# fail 0",
    "test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
    "nothing to commit, working tree clean",
)
_UNRELATED = "hello\nthis is not the output of any tool\n\x1b[31mcolour\x1b[0m\n"

#: The sample project the retriever and reranker contracts search.
SAMPLE_FILES: Mapping[str, str] = {
    "src/config.py": (
        "import os\n\n\n"
        "def load_config(path):\n"
        '    """Read the configuration file."""\n'
        "    with open(path) as fh:\n"
        "        return parse_config(fh.read())\n\n\n"
        "def parse_config(text):\n"
        '    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)\n'
    ),
    "src/server.py": (
        "from src.config import load_config\n\n\n"
        "class Server:\n"
        "    def __init__(self, path):\n"
        "        self.config = load_config(path)\n\n"
        "    def start(self):\n"
        '        return "listening on " + self.config.get("port", "8000")\n'
    ),
    "tests/test_config.py": (
        "from src.config import parse_config\n\n\n"
        "def test_parse_config():\n"
        '    assert parse_config("a=1") == {"a": "1"}\n'
    ),
    "README.md": "# Sample\n\nA server that reads its configuration file and starts.\n",
}


def _workspace(root: Path, home: Path, plugins: tuple[object, ...] = ()) -> Workspace:
    from prx.app.workspace import Workspace
    from prx.core.config import Config

    env = {"PRX_HOME": str(home), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return Workspace(root, config=Config.from_env(env), plugins=plugins)


def _write(root: Path, files: Mapping[str, str]) -> Path:
    for rel, text in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return root


def _plugin(hook: str, items: list[Any]) -> object:
    """A plugin object whose one registration hook returns ``items``."""
    from prx.plugin.markers import hookimpl

    def register() -> list[Any]:
        return list(items)

    return type("ContractPlugin", (), {hook: staticmethod(hookimpl(register))})


def _query(text: str) -> Query:
    """The query a search for ``text`` hands its retrievers (a symbol query for one name)."""
    from prx.engine.corpus.tokenize import tokenize
    from prx.engine.retrieval.query import expand_abbreviations, is_symbol_query, symbol_name

    symbol = is_symbol_query(text)
    return Query(
        text=text,
        mode="symbol" if symbol else "hybrid",
        tokens=tuple(tokenize(expand_abbreviations(text))),
        symbol=symbol_name(text) if symbol else None,
    )


def _chunk_of(corpus: Corpus, candidate: Candidate) -> bool:
    if not 0 <= candidate.chunk < len(corpus.chunks):
        return False
    chunk = corpus.chunks[candidate.chunk]
    return (chunk.file, chunk.start_line, chunk.end_line) == (
        candidate.file,
        candidate.start_line,
        candidate.end_line,
    )


def _best_first(candidates: list[Candidate]) -> bool:
    scores = [c.score for c in candidates]
    return scores == sorted(scores, reverse=True)


class _SampleCorpus:
    """A workspace and a corpus over :data:`SAMPLE_FILES` (or the class's ``files``)."""

    #: The files of the sample project (relative path -> text).
    files: ClassVar[Mapping[str, str]] = SAMPLE_FILES
    #: Queries the component is asked (each should find something in ``files``).
    queries: ClassVar[tuple[str, ...]] = ("parse config", "Server", "start listening")

    @pytest.fixture(scope="class")
    @classmethod
    def sample(cls, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Workspace, Corpus]]:
        from prx.engine.corpus.corpus import build_corpus

        root = _write(tmp_path_factory.mktemp("contract-repo"), cls.files)
        ws = _workspace(root, tmp_path_factory.mktemp("contract-home"))
        yield ws, build_corpus(ws, str(root), workers=1)


class RunnerParserContract:
    """Pytest test class checking a :class:`~prx.plugin.RunnerParser`."""

    #: The parser class under test.
    parser: ClassVar[type[RunnerParser]]
    #: A command line it is meant to read.
    argv: ClassVar[tuple[str, ...]]

    def _raw(self, stdout: str = "", stderr: str = "", exit_code: int = 0) -> CapturedRun:
        return CapturedRun(
            argv=self.argv,
            exit_code=exit_code,
            stdout=stdout,
            stderr=stderr,
            duration_ms=10,
        )

    def _parse(self, raw: CapturedRun) -> tuple[Parsed, str]:
        parsed, tool = parse_output(self.parser, raw)
        assert tool == self.parser.NAME, f"{self.parser.NAME} raised on {raw.stdout!r}"
        return parsed, tool

    def test_matches_its_command(self) -> None:
        assert self.parser.matches(self.argv)

    def test_has_a_name_and_a_priority(self) -> None:
        assert isinstance(self.parser.NAME, str) and self.parser.NAME
        assert isinstance(self.parser.PRIORITY, int)

    @pytest.mark.parametrize("exit_code", [0, 1, 2, -9])
    def test_empty_output_does_not_crash(self, exit_code: int) -> None:
        parsed, _ = self._parse(self._raw(exit_code=exit_code))
        assert isinstance(parsed, Parsed)

    @pytest.mark.parametrize("exit_code", [0, 1])
    def test_counts_are_none_when_the_tool_does_not_say(self, exit_code: int) -> None:
        # A build or lint tool that exits 0 having printed no diagnostic states that it found
        # no error and no warning (``COUNTS_DIAGNOSTICS``); nothing else is stated.
        stated = ("errors", "warnings") if exit_code == 0 and self._counts_diagnostics() else ()
        for raw in (self._raw(exit_code=exit_code), self._raw(_UNRELATED, _UNRELATED, exit_code)):
            parsed, _ = self._parse(raw)
            for key in _COUNTS:
                want = 0 if key in stated else None
                assert getattr(parsed, key) == want, (key, parsed)

    def _counts_diagnostics(self) -> bool:
        return bool(getattr(self.parser, "COUNTS_DIAGNOSTICS", False))

    @pytest.mark.parametrize("text", _GREEN_LOOKING)
    @pytest.mark.parametrize("exit_code", [1, 2, 101, -15])
    def test_never_claims_success_on_a_non_zero_exit(self, text: str, exit_code: int) -> None:
        raw = self._raw(text, "", exit_code)
        parsed, tool = self._parse(raw)
        output = RunOutput(
            argv=self.argv,
            exit_code=exit_code,
            duration_ms=10,
            merged=text,
            raw_bytes=text.encode(),
        )
        summary = build_report(output, parsed, tool=tool, home=None).summary
        assert f"exit {exit_code}" in summary, summary
        assert "no failures parsed" in summary or any(
            word in summary for word in ("failed", "error", "xpassed", "collection")
        ), summary


class RetrieverContract(_SampleCorpus):
    """Pytest test class checking a :class:`~prx.plugin.Retriever`."""

    #: The retriever class under test.
    retriever: ClassVar[type[Retriever]]
    #: Its settings (``ComponentContext.settings``).
    settings: ClassVar[Mapping[str, Any]] = {}

    def _built(self, ws: Workspace, corpus: Corpus) -> Retriever:
        instance = self.retriever(ComponentContext(workspace=ws, settings=dict(self.settings)))
        instance.build(corpus)
        return instance

    def test_has_a_name(self) -> None:
        assert isinstance(self.retriever.NAME, str) and self.retriever.NAME
        assert isinstance(self.retriever.SUMMARY, str)

    def test_candidates_are_chunks_of_the_corpus_best_first(
        self, sample: tuple[Workspace, Corpus]
    ) -> None:
        ws, corpus = sample
        instance = self._built(ws, corpus)
        found_any = False
        for text in self.queries:
            for k in (1, 3, 50):
                found = instance.search(_query(text), k)
                assert isinstance(found, list) and len(found) <= k, (text, k, found)
                assert all(isinstance(c, Candidate) for c in found), found
                assert all(_chunk_of(corpus, c) for c in found), found
                assert _best_first(found), found
                found_any = found_any or bool(found)
        assert found_any, f"{self.retriever.NAME} found nothing for {self.queries}"

    def test_no_candidates_for_k_zero(self, sample: tuple[Workspace, Corpus]) -> None:
        ws, corpus = sample
        assert self._built(ws, corpus).search(_query(self.queries[0]), 0) == []

    def test_an_empty_query_is_not_an_error(self, sample: tuple[Workspace, Corpus]) -> None:
        ws, corpus = sample
        found = self._built(ws, corpus).search(Query(text=""), 5)
        assert isinstance(found, list) and all(_chunk_of(corpus, c) for c in found)

    def test_an_empty_corpus_gives_nothing(self, sample: tuple[Workspace, Corpus]) -> None:
        from prx.engine.corpus.corpus import Corpus

        ws, _ = sample
        assert self._built(ws, Corpus(root=ws.root_dir)).search(_query("config"), 5) == []


class RerankerContract(_SampleCorpus):
    """Pytest test class checking a :class:`~prx.plugin.Reranker` (a rerank stage)."""

    #: The rerank stage class under test.
    reranker: ClassVar[type[Reranker]]

    def _candidates(self, ws: Workspace, corpus: Corpus, text: str) -> list[Candidate]:
        from prx.engine.retrieval.retrievers import BM25Retriever

        retriever = BM25Retriever(ComponentContext(workspace=ws))
        retriever.build(corpus)
        return retriever.search(_query(text), 20)

    def test_has_a_name(self) -> None:
        assert isinstance(self.reranker.NAME, str) and self.reranker.NAME

    def test_same_candidates_best_first(self, sample: tuple[Workspace, Corpus]) -> None:
        ws, corpus = sample
        stage = self.reranker(ComponentContext(workspace=ws))
        for text in self.queries:
            given = self._candidates(ws, corpus, text)
            before = list(given)
            out = stage.rerank(_query(text), given, corpus)
            assert given == before, "rerank changed the list it was given"
            key = lambda c: (c.file, c.start_line, c.end_line, c.chunk)  # noqa: E731
            assert sorted(map(key, out)) == sorted(map(key, given)), (given, out)
            assert _best_first(out), out

    def test_no_candidates_stay_none(self, sample: tuple[Workspace, Corpus]) -> None:
        ws, corpus = sample
        assert self.reranker(ComponentContext(workspace=ws)).rerank(_query("x"), [], corpus) == []


class LanguageContract:
    """Pytest test class checking a :class:`~prx.plugin.LanguageSpec`."""

    #: The spec under test.
    language: ClassVar[LanguageSpec]
    #: A file name of the language (``main.zeta``).
    sample_file: ClassVar[str]
    #: A small source file of the language.
    sample: ClassVar[str] = ""
    #: Names the outline of ``sample`` must list (for a language with a grammar).
    symbols: ClassVar[tuple[str, ...]] = ()
    #: Whether to register the spec (False for a spec prx or the test registers already).
    register: ClassVar[bool] = True

    @pytest.fixture
    def workspace(self, tmp_path: Path) -> Workspace:
        root = _write(tmp_path / "repo", {self.sample_file: self.sample})
        plugins = (_plugin("prx_register_languages", [self.language]),) if self.register else ()
        return _workspace(root, tmp_path / "home", plugins)

    def test_is_well_formed(self) -> None:
        spec = self.language
        assert isinstance(spec.name, str) and re.fullmatch(r"[a-z0-9][a-z0-9_+#.-]*", spec.name)
        assert spec.extensions or spec.filenames, "no extension and no file name"
        assert all(ext.startswith(".") and len(ext) > 1 for ext in spec.extensions)
        assert all("/" not in name for name in spec.filenames)
        assert spec.grammar is not None or not spec.queries, "queries need a grammar"

    def test_its_files_are_recognised(self, workspace: Workspace) -> None:
        found = workspace.language_for(self.sample_file)
        assert found is self.language, (
            f"{self.sample_file} is read as {found.name if found else None}: "
            "a built-in language may own the extension"
        )

    def test_its_queries_compile(self) -> None:
        if self.language.grammar is None:
            pytest.skip("no grammar")
        from prx.engine.lang.grammar import compiled_query

        for name in self.language.queries:
            assert compiled_query(self.language, name) is not None, name

    def test_outline_names_the_symbols(self, workspace: Workspace) -> None:
        result = workspace.outline(self.sample_file)
        assert result.language == self.language.name
        names = {symbol.name for symbol in result.symbols}
        assert set(self.symbols) <= names, (self.symbols, names)


class OperationContract:
    """Pytest test class checking an :class:`~prx.plugin.Operation`."""

    #: The operation under test.
    operation: ClassVar[Operation]
    #: The arguments of one call that must succeed.
    arguments: ClassVar[Mapping[str, Any]] = {}
    #: Files of the project the call runs in.
    files: ClassVar[Mapping[str, str]] = SAMPLE_FILES
    #: Whether to register the operation (False for one prx or the test registers already).
    register: ClassVar[bool] = True

    @pytest.fixture
    def workspace(self, tmp_path: Path) -> Workspace:
        root = _write(tmp_path / "repo", self.files)
        plugins = (_plugin("prx_register_operations", [self.operation]),) if self.register else ()
        return _workspace(root, tmp_path / "home", plugins)

    def test_is_well_formed(self) -> None:
        op = self.operation
        assert re.fullmatch(r"[a-z][a-z0-9-]*", op.name), op.name
        assert op.summary and "\n" not in op.summary
        assert dataclasses.is_dataclass(op.params), "params must be a dataclass"
        for f in dataclasses.fields(op.params):
            info = f.metadata.get("prx")
            if info is not None:
                assert isinstance(info, ParamInfo) and info.help, f.name

    def test_is_registered_under_its_name(self, workspace: Workspace) -> None:
        assert workspace.registry.operation(self.operation.name) is self.operation

    def test_answers_an_ok_envelope(self, workspace: Workspace) -> None:
        from prx.app.dispatch import invoke

        op = self.operation
        outcome = invoke(workspace, op, op.params(**self.arguments), record=False)
        envelope = outcome.envelope
        assert envelope["status"] == "ok", envelope
        assert outcome.exit_code == 0 or op.exit_status is not None
        json.dumps(envelope["data"])
