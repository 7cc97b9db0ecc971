"""Acceptance: a plugin written from the docs alone (tests/plugin_samples/docs_plugin.py,
importing only ``prx.plugin``) adds a retriever, a rerank stage, a runner parser and a
language, and passes the contract classes of ``prx.testing``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import locations

from prx.testing.contracts import (
    LanguageContract,
    RerankerContract,
    RetrieverContract,
    RunnerParserContract,
)

SAMPLES = locations.SAMPLES
sys.path.insert(0, str(SAMPLES))
try:
    import docs_plugin
finally:
    sys.path.remove(str(SAMPLES))


def _prx_imports(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return {m for m in modules if m == "prx" or m.startswith("prx.")}


def test_the_plugin_and_its_tests_import_only_the_public_plugin_surface():
    assert _prx_imports(SAMPLES / "docs_plugin.py") == {"prx.plugin"}
    assert _prx_imports(Path(__file__)) == {"prx.testing.contracts"}


class TestFileNameRetriever(RetrieverContract):
    retriever = docs_plugin.FileNameRetriever
    queries = ("config file", "server start")


class TestShortPathFirst(RerankerContract):
    reranker = docs_plugin.ShortPathFirst


class TestWcParser(RunnerParserContract):
    parser = docs_plugin.WcParser
    argv = ("wc", "-l", "README.md")


class TestZig(LanguageContract):
    language = docs_plugin.ZIG
    sample_file = "src/main.zig"
    sample = (
        'const std = @import("std");\n\n'
        "pub fn add(a: i32, b: i32) i32 {\n    return a + b;\n}\n\n"
        "fn main() void {\n    _ = add(1, 2);\n}\n"
    )
    symbols = ("add", "main")


def test_registered_together_and_configured_without_arguments(register_plugin, make_repo):
    docs_plugin.CONFIGURED.clear()
    ws = register_plugin(docs_plugin, root=make_repo({"src/main.zig": TestZig.sample}))
    registry = ws.registry
    assert docs_plugin.CONFIGURED == ["configured"]
    assert "filename" in [c.NAME for c in registry.retrievers()]
    assert "short-path-first" in [c.NAME for c in registry.rerankers()]
    assert "wc" in [c.NAME for c in registry.runner_parsers()]
    assert ws.language_for("src/main.zig") is docs_plugin.ZIG
    result = ws.search("add", rerank="+short-path-first")
    assert result.files, result
