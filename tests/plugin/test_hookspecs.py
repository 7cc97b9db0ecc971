"""Every hookspec is documented with its exact signature, tested, and works."""

from __future__ import annotations

import inspect
import os
import re
import sys

import locations
import pytest

from prx.app.builtins import BUILTINS
from prx.plugin import hookimpl, hookspecs
from prx.plugin.interfaces import (
    Candidate,
    Frontend,
    LanguageSpec,
    Renderer,
    Reranker,
    Retriever,
    RunnerParser,
)
from prx.plugin.registry import Registry

ROOT = locations.ROOT
HOOKS = sorted(name for name in dir(hookspecs) if name.startswith("prx_"))


def _signature(name: str) -> str:
    source = inspect.getsource(getattr(hookspecs, name))
    match = re.search(r"def (prx_\w+\(.*?\) -> [^:]+):", source, re.S)
    assert match, name
    return " ".join(match.group(1).split())


def test_hook_list_is_the_designed_one():
    assert HOOKS == [
        "prx_configure",
        "prx_register_frontends",
        "prx_register_languages",
        "prx_register_operations",
        "prx_register_renderers",
        "prx_register_rerankers",
        "prx_register_retrievers",
        "prx_register_runner_parsers",
    ]


@pytest.mark.parametrize("name", HOOKS)
def test_hook_is_documented_with_its_exact_signature(name):
    doc = (ROOT / "docs" / "plugins" / "hooks.md").read_text()
    assert f"## `{_signature(name)}`" in doc


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_a_test(name):
    tests = "".join(p.read_text() for p in locations.test_modules())
    assert f"def test_hook_{name}(" in tests


def test_builtin_plugins_pass_validation(register_plugin):
    registry = register_plugin().registry
    names = {p.name for p in registry.plugins()}
    assert {name for name, _ in BUILTINS.plugins} <= names


class _Plugin:
    """Hook implementations used by the tests below, one per hook."""

    configured: list[object] = []

    class EchoRetriever(Retriever):
        NAME = "echo"

        def search(self, query, k):
            return [Candidate(file="a.py", start_line=1, end_line=1, score=1.0)][:k]

    class FlipReranker(Reranker):
        NAME = "flip"

        def rerank(self, query, candidates, corpus):
            return list(reversed(candidates))

    class LowParser(RunnerParser):
        NAME = "low"
        PRIORITY = 1

        @classmethod
        def matches(cls, argv):
            return True

        def parse(self, raw):
            return raw.stdout

    class HighParser(LowParser):
        NAME = "high"
        PRIORITY = 50

    class NullFrontend(Frontend):
        NAME = "null"

        def main(self, argv):
            return 7

    class ReprRenderer(Renderer):
        NAME = "repr"

        def render(self, envelope):
            return repr(envelope)

    @staticmethod
    @hookimpl
    def prx_register_retrievers():
        return _Plugin.EchoRetriever

    @staticmethod
    @hookimpl
    def prx_register_rerankers():
        return [_Plugin.FlipReranker]

    @staticmethod
    @hookimpl
    def prx_register_runner_parsers():
        return [_Plugin.LowParser, _Plugin.HighParser]

    @staticmethod
    @hookimpl
    def prx_register_frontends():
        return [_Plugin.NullFrontend]

    @staticmethod
    @hookimpl
    def prx_register_renderers():
        return _Plugin.ReprRenderer

    @staticmethod
    @hookimpl
    def prx_register_languages():
        return LanguageSpec(name="mylang", extensions=(".MYL",), filenames=("Mybuild",))

    @staticmethod
    @hookimpl
    def prx_configure(config):
        _Plugin.configured.append(config)


@pytest.fixture
def ws(register_plugin):
    return register_plugin(_Plugin)


def test_hook_prx_register_retrievers(ws):
    (cls,) = [c for c in ws.registry.retrievers() if c.NAME == "echo"]
    from prx.plugin import ComponentContext, Query

    assert cls(ComponentContext(workspace=ws)).search(Query(text="x"), 5)[0].file == "a.py"


def test_hook_prx_register_rerankers(ws):
    names = [c.NAME for c in ws.registry.rerankers()]
    assert "flip" in names and "definition" in names and names == sorted(names)


def test_hook_prx_register_runner_parsers(ws):
    parsers = ws.registry.runner_parsers()
    names = [c.NAME for c in parsers]
    assert names.index("high") < names.index("low")
    assert [p.PRIORITY for p in parsers] == sorted((p.PRIORITY for p in parsers), reverse=True)


def test_hook_prx_register_frontends(ws):
    from prx.frontends.builtins import with_frontends

    assert ws.registry.frontend("null")(ws).main([]) == 7
    # The command line's registry has the built-in front-ends too.
    ws = with_frontends(ws)
    assert {c.NAME for c in ws.registry.frontends()} == {"cli", "mcp", "null"}


def test_hook_prx_register_renderers(ws):
    from prx.frontends.builtins import with_frontends

    ws = with_frontends(ws)
    assert ws.registry.renderer("repr")().render({"a": 1}) == "{'a': 1}"
    assert [c.NAME for c in ws.registry.renderers()] == ["json", "plain", "repr", "text"]


def test_hook_prx_register_languages(ws):
    assert ws.language_for("src/x.myl").name == "mylang"
    assert ws.language_for("deep/Mybuild").name == "mylang"
    assert ws.language_for("x.py").name == "python"
    assert ws.language_for("x.unknown") is None


def test_hook_prx_register_operations(register_plugin):
    sys.path.insert(0, str(locations.SAMPLES))
    try:
        import greet_plugin
    finally:
        sys.path.pop(0)
    ws = register_plugin(greet_plugin)
    from prx.app.dispatch import invoke

    op = ws.registry.operation("greet")
    params = op.params(name="ada")
    outcome = invoke(ws, op, params, record=False)
    assert outcome.envelope["data"] == {"text": "hello, ada"}
    assert "greet" in [o.name for o in ws.registry.operations()]


def test_hook_prx_configure(ws):
    _Plugin.configured.clear()
    assert ws.registry is not None
    assert _Plugin.configured == [ws.config]


def test_registry_without_builtins_is_empty():
    from prx.core.config import Config

    registry = Registry(
        Config.from_env({"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}),
        builtins=None,
    )
    assert registry.operations() == []
