"""Every result type shows itself concisely in a REPL (``repr``), with rich and in a
notebook (``_repr_html_``): search hits as a ranked table with the query's words marked,
an outline as a tree, a run report failures first, anything else as its fields."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import prx
from prx.core.config import Config
from prx.core.record import Shown
from prx.types import Failure, RunReport

FILES = {
    "src/app.py": "import os\n\n\nclass App:\n    def run(self):\n        return os.getcwd()\n\n\n"
    "def main():\n    App().run()\n",
    "src/util.py": "def add(a, b):\n    return a + b\n",
    "README.md": "# Demo\n\nAn app that adds numbers.\n",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    root = tmp_path_factory.mktemp("repo")
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    home = tmp_path_factory.mktemp("home")
    env = {"PRX_HOME": str(home), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return prx.Workspace(root, config=Config.from_env(env))


def _rich_text(obj) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None, record=True)
    console.print(obj)
    return console.export_text()


def _results(ws):
    return {
        "read": ws.read("src/app.py"),
        "find": ws.find("."),
        "exists": ws.exists("getcwd"),
        "search": ws.search("add numbers"),
        "search-exists": ws.search("getcwd", exists=True),
        "outline": ws.outline("src/app.py"),
        "outline-dir": ws.outline("src"),
        "run": ws.run(["python", "-c", "print('hello')"]),
        "stats": ws.stats(),
        "init": ws.init(client=("cursor",)),
        "config": ws.settings(),
        "index": ws.index("."),
    }


def test_every_operation_result_type_is_shown(ws):
    for op in ws.registry.operations():
        if isinstance(op.result, type) and hasattr(op.result, "__record_fields__"):
            assert issubclass(op.result, Shown), op.name


def test_every_result_renders_three_ways(ws):
    for name, result in _results(ws).items():
        text = repr(result)
        assert text.startswith(type(result).__name__ + "(") and len(text) < 600, (name, text)
        assert "\n" not in text, name
        assert _rich_text(result).strip(), name
        page = result._repr_html_()
        assert page.startswith("<style>") and "prx-r" in page, name


def test_a_long_result_has_a_short_repr(ws):
    result = ws.read("src/app.py")
    assert len(repr(result)) < len(object.__repr__(result)) + 200
    assert "return os.getcwd()" not in repr(result)  # contents are counted, not printed
    assert "outline=<2 Symbol>" in repr(result)


def test_search_hits_are_a_ranked_table_with_the_words_marked(ws):
    result = ws.search("add numbers")
    page = result._repr_html_()
    assert "<table>" in page and "<th>score</th>" in page
    assert "<mark>add</mark>" in page
    first = result.files[0].file
    assert f"<td>1</td><td>{first}</td>" in page
    text = _rich_text(result)
    assert "search 'add numbers'" in text and first in text


def test_an_outline_is_a_tree(ws):
    result = ws.outline("src/app.py")
    page = result._repr_html_()
    assert "<ul><li>class App  [4-6]<ul><li>method run  [5-6]</li></ul></li>" in page
    text = _rich_text(result)
    assert "class App" in text and "└── method run" in text


def test_a_run_report_shows_failures_first():
    failure = Failure(name="test_add", file="t.py", line=3, message="assert 1 == 2", excerpt=None)
    report = RunReport(
        command=("pytest",), root=None, tool="pytest", exit_code=1, duration_ms=5,
        passed=1, failed=1, skipped=None, errors=None, warnings=None, xfailed=None, xpassed=None,
        failures=(failure,), diagnostics=(), summary="1 failed, 1 passed (exit 1)",
        output_lines=3, omitted_lines=0, raw_path=None, raw_bytes=10, tokens_raw=3,
        tokens_out=3, tail="last line of output", timed_out=False,
    )  # fmt: skip
    page = report._repr_html_()
    assert page.index("test_add") < page.index("last line of output")
    assert "1 failed, 1 passed" in page
    text = _rich_text(report)
    assert text.index("test_add") < text.index("last line of output")


def test_markup_in_results_is_escaped(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "page.html").write_text("<script>alert('add')</script>\n")
    ws = prx.Workspace(root, config=Config.from_env({"PRX_HOME": str(tmp_path / "home")}))
    page = ws.search("alert add", mode="literal")._repr_html_() + ws.read("page.html")._repr_html_()
    assert "<script>" not in page
