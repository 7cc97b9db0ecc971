"""``context``, ``impact`` and ``explain`` (issue #15) on small repositories built here:
Python with a ``src/`` layout, a re-export chain, ``import m; m.X``, a circular import,
an ambiguous name and an import left unused; TypeScript named, default, namespace and
re-exported imports; a Go module; a Rust ``mod`` tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import prx
from prx.core.errors import BudgetExceededError, InvalidArgumentError, NotFoundError

PYTHON = {
    "pyproject.toml": '[project]\nname = "shop"\n\n[project.scripts]\nshop = "shop.cli:main"\n',
    "src/shop/__init__.py": (
        '"""Shop: carts and prices."""\n\nfrom .pricing import price, Discount\n\n'
        '__all__ = ["price", "Discount"]\n'
    ),
    "src/shop/pricing.py": (
        '"""Prices."""\n\n\ndef price(amount):\n    """The price of an amount."""\n'
        "    return amount * 2\n\n\nclass Discount:\n    def apply(self, value):\n"
        "        return price(value) - 1\n"
    ),
    "src/shop/cart.py": (
        "from shop import price\n\n\ndef total(items):\n    return sum(price(i) for i in items)\n"
    ),
    "src/shop/cli.py": (
        "import shop.pricing\n\n\ndef main():\n    print(shop.pricing.price(1))\n"
        "    return shop.pricing.Discount()\n"
    ),
    "src/shop/report.py": (
        "from shop.pricing import price  # imported, never used\n\n\ndef report():\n"
        '    return "price"  # a string, not a reference\n'
    ),
    "src/shop/circ_a.py": "from shop import circ_b\n\n\ndef a():\n    return circ_b.b()\n",
    "src/shop/circ_b.py": "from shop import circ_a\n\n\ndef b():\n    return circ_a.a()\n",
    "src/shop/top.py": "from shop import circ_a\n\n\ndef top():\n    return circ_a.a()\n",
    "src/shop/other.py": 'def price():\n    return "another price"\n',
    "src/shop/uses_other.py": "from shop.other import price\n\nprice()\n",
    "tests/test_cart.py": (
        "from shop.cart import total\n\n\ndef test_total():\n    assert total([1]) == 2\n"
    ),
    "tests/test_pricing.py": (
        "from shop.pricing import price\n\n\ndef test_price():\n    assert price(2) == 4\n"
    ),
}

TYPESCRIPT = {
    "lib/math.ts": (
        "/** Small arithmetic. */\nexport function add(a: number, b: number): number {\n"
        "  return a + b;\n}\n\nexport default function mul(a: number, b: number): number {\n"
        "  return a * b;\n}\n"
    ),
    "lib/index.ts": "export { add } from './math';\n",
    "app/main.ts": "import { add } from '../lib';\n\nexport const three = add(1, 2);\n",
    "app/alias.ts": "import { add as plus } from '../lib/math';\n\nplus(1, 2);\n",
    "app/times.ts": "import times from '../lib/math';\n\ntimes(2, 3);\n",
    "app/ns.ts": "import * as m from '../lib/math';\n\nm.add(1, 2);\n",
    "app/unused.ts": "import { add } from '../lib/math';\n\nexport const x = 1;\n",
    "lib/math.test.ts": (
        "import { add } from './math';\n\ntest('adds', () => expect(add(1, 1)).toBe(2));\n"
    ),
}

GO = {
    "go.mod": "module example.com/demo\n\ngo 1.22\n",
    "util/util.go": (
        "// Package util holds helpers.\npackage util\n\n// Add adds.\n"
        "func Add(a, b int) int { return a + b }\n"
    ),
    "main.go": (
        'package main\n\nimport "example.com/demo/util"\n\nfunc main() {\n'
        "\tprintln(util.Add(1, 2))\n}\n"
    ),
}

RUST = {
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\n',
    "src/main.rs": "mod util;\n\nuse crate::util::helper;\n\nfn main() {\n    helper();\n}\n",
    "src/util.rs": "//! Utilities of the demo.\n\npub fn helper() {}\n",
}


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    return _write(tmp_path_factory.mktemp("shop"), PYTHON)


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    return _write(tmp_path_factory.mktemp("web"), TYPESCRIPT)


def _write(root, files):
    (root / ".git").mkdir()
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def _files(entries):
    return sorted(e.file for e in entries)


# -- impact ---------------------------------------------------------------------------


def test_impact_symbol_keeps_the_files_that_import_it_and_use_it(shop):
    res = prx.Workspace(shop).impact("src/shop/pricing.py", symbol="price")
    # cart.py imports it through the package's re-export, cli.py as shop.pricing.price.
    assert _files(res.dependents) == ["src/shop/cart.py", "src/shop/cli.py"]
    by_file = {d.file: d for d in res.dependents}
    assert by_file["src/shop/cart.py"].via == "src/shop/__init__.py"
    assert by_file["src/shop/cart.py"].lines == (5,)
    assert by_file["src/shop/cli.py"].lines == (5,)
    # Tests that use it, and (hops 2) tests of the files that use it.
    assert [(t.file, t.hops, t.via) for t in res.tests] == [
        ("tests/test_pricing.py", 1, None),
        ("tests/test_cart.py", 2, "src/shop/cart.py"),
    ]
    # Imported and never referenced: not a dependent, and said so.
    assert res.unused_imports == ("src/shop/report.py",)
    assert res.reexports == ("src/shop/__init__.py",)
    # The same name defined elsewhere is not this symbol.
    assert "src/shop/uses_other.py" not in _files(res.dependents)
    assert res.graph == "built" and "import graph was built" in res.notes[0]


def test_impact_of_a_file_lists_hops_and_the_names_each_dependent_uses(shop):
    res = prx.Workspace(shop).impact("src/shop/pricing.py", depth=2)
    hops = {d.file: d.hops for d in res.dependents + res.tests}
    assert hops["src/shop/cli.py"] == 1
    assert hops["src/shop/__init__.py"] == 1
    assert hops["src/shop/cart.py"] == 2
    assert "tests/test_cart.py" not in hops  # hops 3: beyond depth 2, and said so
    beyond = [n for n in res.notes if "--depth 3 lists them" in n]
    assert len(beyond) == 1 and "(1 of them tests) import the files at hops 2" in beyond[0]
    cli = next(d for d in res.dependents if d.file == "src/shop/cli.py")
    assert cli.names == ("Discount", "price") and cli.text == "import shop.pricing"
    init = next(d for d in res.dependents if d.file == "src/shop/__init__.py")
    assert init.names == ("Discount", "price")  # it only re-exports them
    report = next(d for d in res.dependents if d.file == "src/shop/report.py")
    assert report.names == ()  # imports price, never uses it
    assert res.stats.direct == 4 and res.stats.tests == len(res.tests)


def test_impact_depth_one_stops_at_direct_importers(shop):
    res = prx.Workspace(shop).impact("src/shop/pricing.py", depth=1)
    assert {d.hops for d in res.dependents + res.tests} == {1}
    assert res.stats.transitive == 0


def test_a_circular_import_ends_and_never_lists_the_target(shop):
    res = prx.Workspace(shop).impact("src/shop/circ_a.py", depth=5)
    assert not any("--depth" in n for n in res.notes)  # nothing deeper was left out
    files = {d.file: d for d in res.dependents}
    assert "src/shop/circ_a.py" not in files
    assert files["src/shop/circ_b.py"].hops == 1
    assert files["src/shop/top.py"].hops == 1
    assert res.stats.max_hops == 1  # circ_b's importer is circ_a itself


def test_impact_refuses_a_directory_and_an_unknown_symbol(shop):
    ws = prx.Workspace(shop)
    with pytest.raises(InvalidArgumentError, match="is a directory"):
        ws.impact("src/shop")
    with pytest.raises(InvalidArgumentError, match="'nope' is not defined") as err:
        ws.impact("src/shop/pricing.py", symbol="nope")
    assert "price" in (err.value.suggestion or "")
    with pytest.raises(InvalidArgumentError, match="depth"):
        ws.impact("src/shop/pricing.py", depth=0)
    with pytest.raises(NotFoundError):
        ws.impact("src/shop/missing.py")


def test_impact_symbol_follows_js_named_default_namespace_and_reexports(web):
    ws = prx.Workspace(web)
    add = ws.impact("lib/math.ts", symbol="add")
    assert _files(add.dependents) == ["app/alias.ts", "app/main.ts", "app/ns.ts"]
    assert next(d for d in add.dependents if d.file == "app/main.ts").via == "lib/index.ts"
    assert _files(add.tests) == ["lib/math.test.ts"]
    assert add.unused_imports == ("app/unused.ts",)
    mul = ws.impact("lib/math.ts", symbol="mul")
    assert _files(mul.dependents) == ["app/times.ts"]  # the default import, named times


def test_impact_reads_a_go_module_and_a_rust_mod_tree(make_repo):
    go = prx.Workspace(make_repo(GO, git=True)).impact("util/util.go")
    assert [d.file for d in go.dependents] == ["main.go"]
    rust = prx.Workspace(make_repo(RUST, git=True)).impact("src/util.rs", symbol="helper")
    assert [d.file for d in rust.dependents] == ["src/main.rs"]
    assert rust.dependents[0].lines == (6,)


# -- explain --------------------------------------------------------------------------


def test_explain_tells_same_named_symbols_apart(shop):
    res = prx.Workspace(shop).explain("price")
    assert res.ambiguous is True
    first, second = res.definitions
    assert (first.file, second.file) == ("src/shop/pricing.py", "src/shop/other.py")
    assert first.signature == "def price(amount)" and first.docstring == "The price of an amount."
    assert first.body.startswith("def price(amount):")
    uses = {(r.file, r.line): r for r in res.references}
    assert uses[("src/shop/cart.py", 5)].definition == "src/shop/pricing.py:4"
    assert uses[("src/shop/cart.py", 5)].function == "total"
    assert uses[("src/shop/cli.py", 5)].via == "module"
    assert uses[("src/shop/pricing.py", 11)].function == "Discount.apply"
    assert uses[("src/shop/uses_other.py", 3)].definition == "src/shop/other.py:1"
    assert [(t.file, t.function) for t in res.tests] == [("tests/test_pricing.py", "test_price")]
    # The string "price" in report.py is no reference, nor its unused import.
    assert "src/shop/report.py" not in {r.file for r in res.references}


def test_explain_with_a_path_narrows_and_counts_the_others_as_unrelated(shop):
    res = prx.Workspace(shop).explain("price", "src/shop/pricing.py")
    assert res.ambiguous is False and len(res.definitions) == 1
    assert "src/shop/uses_other.py" not in {r.file for r in res.references}
    assert res.unrelated["src/shop/uses_other.py"] == 2  # its import and its call
    assert res.unrelated["src/shop/other.py"] == 1


def test_explain_a_method_and_an_unknown_symbol(shop):
    ws = prx.Workspace(shop)
    res = ws.explain("Discount.apply")
    (defn,) = res.definitions
    assert defn.container == "Discount" and defn.kind == "method"
    with pytest.raises(InvalidArgumentError, match="no definition of 'nothing_like_it'"):
        ws.explain("nothing_like_it")


# -- context --------------------------------------------------------------------------


def test_context_of_a_package(shop):
    res = prx.Workspace(shop).context("src/shop")
    assert res.kind == "directory" and res.stats.languages == {"python": res.stats.files}
    assert [(d.kind, d.text) for d in res.docs] == [("docstring", "Shop: carts and prices.")]
    kinds = [(e.kind, e.name, e.file) for e in res.entrypoints]
    assert kinds[0] == ("console_script", "shop", "src/shop/cli.py")
    assert ("main", "main", "src/shop/cli.py") in kinds
    exports = [e for e in res.entrypoints if e.kind == "export"]
    # Only the tests reference the package from outside: price by one test, total by one.
    assert {e.name: e.references for e in exports if e.references} == {"price": 1, "total": 1}
    sources = {link.source for link in res.imports_in}
    assert sources == {"tests/test_cart.py", "tests/test_pricing.py"}
    link = next(link for link in res.imports_in if link.source == "tests/test_pricing.py")
    assert link.names == ("price",) and link.target == "src/shop/pricing.py"
    skeleton = next(f for f in res.files if f.path == "src/shop/pricing.py")
    assert [s.name for s in skeleton.symbols] == ["price", "Discount"]
    assert res.truncated is False and res.omitted == ()


def test_context_of_a_file_reads_docs_of_other_languages(make_repo, web):
    ts = prx.Workspace(web).context("lib/math.ts")
    assert [(d.kind, d.text) for d in ts.docs] == [("jsdoc", "Small arithmetic.")]
    assert {link.source for link in ts.imports_in} >= {"app/alias.ts", "lib/index.ts"}
    go = prx.Workspace(make_repo(GO, git=True)).context("util")
    assert go.docs[0].kind == "package_comment" and go.docs[0].text == "Package util holds helpers."
    rust_root = make_repo(RUST, git=True)
    rust = prx.Workspace(rust_root).context("src/util.rs")
    assert [(d.kind, d.text) for d in rust.docs] == [("crate_doc", "Utilities of the demo.")]
    main = prx.Workspace(rust_root).context("src")
    assert ("main", "main") in [(e.kind, e.name) for e in main.entrypoints]


# -- budgets --------------------------------------------------------------------------


def _tokens(result):
    from prx.core.budget import data_tokens
    from prx.core.tokens import counter_for

    return data_tokens(result, counter_for(True))


def test_budgets_cut_the_least_important_parts_and_say_how_to_get_them(shop):
    ws = prx.Workspace(shop)
    budget = 300
    answers = [
        ws.context("src/shop", budget=budget),
        ws.impact("src/shop/pricing.py", depth=3, budget=budget),
        ws.explain("price", budget=budget),
    ]
    for res in answers:
        assert _tokens(res) <= budget - 32
        assert res.truncated is True and res.omitted
        for cut in res.omitted:
            assert cut.count > 0 and cut.reason == "budget" and cut.retrieve.startswith("prx ")
    context, impact, explain = answers
    # Edges and outlines go before entrypoints and docs.
    parts = [c.part for c in context.omitted]
    assert parts[0] in ("imports_out", "external", "imports_in")
    assert "docs" not in parts or parts[-1] == "docs"
    assert context.docs  # the module's doc survives
    # Transitive dependents go first; explain keeps the first definition.
    assert (
        impact.omitted[0].part.startswith("dependents (transitive)") or not impact.stats.transitive
    )
    assert explain.definitions and explain.definitions[0].file == "src/shop/pricing.py"
    # A larger budget keeps more.
    larger = ws.context("src/shop", budget=600)
    assert len(larger.omitted) < len(context.omitted) or larger.files != context.files


def test_budget_zero_and_too_small_a_budget(shop):
    ws = prx.Workspace(shop)
    assert ws.context("src/shop", budget=0).truncated is False
    with pytest.raises(BudgetExceededError):
        ws.explain("price", budget=40)


# -- front-ends -----------------------------------------------------------------------


def test_the_cli_answers_each_command_in_one_envelope(run_cli, shop):
    env = run_cli("impact", "src/shop/pricing.py", "--symbol", "price", cwd=shop).envelope
    assert env["status"] == "ok" and env["command"] == "impact"
    assert {d["file"] for d in env["data"]["dependents"]} == {"src/shop/cart.py", "src/shop/cli.py"}
    env = run_cli("explain", "price", "src/shop/pricing.py", "--budget", "300", cwd=shop).envelope
    assert env["data"]["truncated"] is True and env["tokens"] <= 300
    env = run_cli("context", "src/shop", cwd=shop).envelope
    assert env["data"]["docs"][0]["text"] == "Shop: carts and prices."
    bad = run_cli("impact", "src/shop", cwd=shop)
    assert bad.exit_code != 0 and bad.envelope["error"]["code"] == "invalid_argument"
    assert "prx context" in bad.envelope["error"]["suggestion"]


def test_batch_answers_each_command(shop):
    lines = [
        {"cmd": "context", "path": "src/shop/cart.py", "id": 1},
        {"cmd": "impact", "file": "src/shop/pricing.py", "symbol": "price", "id": 2},
        {"cmd": "explain", "symbol": "total", "id": 3},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "prx", "batch"],
        input="\n".join(json.dumps(line) for line in lines) + "\n",
        cwd=shop,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"},
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["status"] for a in answers] == ["ok", "ok", "ok"]
    assert answers[0]["data"]["kind"] == "file"
    assert answers[2]["data"]["tests"][0]["file"] == "tests/test_cart.py"


def test_an_index_serves_the_graph_and_the_definitions(make_repo):
    root = make_repo(PYTHON, git=True)
    ws = prx.Workspace(root)
    ws.index(".")
    res = ws.explain("price", "src/shop/pricing.py")
    assert res.graph == "index" and not res.notes
    assert {r.file for r in res.references} >= {"src/shop/cart.py", "src/shop/cli.py"}
    assert ws.impact("src/shop/pricing.py", symbol="price").graph == "index"


def _answers(ws):
    impact = ws.impact("src/shop/pricing.py", symbol="price", depth=1)
    explain = ws.explain("price", "src/shop/pricing.py")
    return (
        sorted(d.file for d in impact.dependents + impact.tests),
        sorted({r.file for r in explain.references}),
    )


@pytest.mark.parametrize("kind", ["edit", "add"])
def test_an_index_older_than_the_files_answers_as_the_files_are_now(make_repo, kind):
    """A file edited (or added) after ``prx index`` to import and use ``price`` is a
    dependent at once, as it is without the index; the answer says it read it again."""
    root = make_repo(PYTHON, git=True)
    prx.Workspace(root).index(".")
    uses = "from shop.pricing import price\n\n\ndef stamp():\n    return price(3)\n"
    if kind == "edit":
        path = root / "src" / "shop" / "circ_b.py"
        path.write_text(uses + path.read_text())
        changed = "src/shop/circ_b.py"
    else:
        changed = "src/shop/stamp.py"
        (root / changed).write_text(uses)
    ws = prx.Workspace(root)
    now = _answers(ws)
    assert changed in now[0] and changed in now[1]
    res = ws.impact("src/shop/pricing.py", symbol="price")
    assert any("changed since the index" in n or "added, removed" in n for n in res.notes)
    assert now == _answers(_no_index(root))


def _no_index(root):
    import shutil

    shutil.rmtree(root / ".prx")
    return prx.Workspace(root)


def test_a_definition_added_after_the_index_is_explained(make_repo):
    root = make_repo(PYTHON, git=True)
    prx.Workspace(root).index(".")
    path = root / "src" / "shop" / "cart.py"
    path.write_text(path.read_text() + "\n\ndef refund(items):\n    return -total(items)\n")
    res = prx.Workspace(root).explain("refund")
    assert [d.file for d in res.definitions] == ["src/shop/cart.py"]


def test_a_name_imported_beside_a_submodule_is_the_package_s_not_the_submodule_s(make_repo):
    """``from pkg import main, __main__``: ``main`` is the package's (a name
    ``pkg._old`` assigns), ``__main__`` the submodule; only ``__main__.main()`` is the
    submodule's function."""
    root = make_repo(
        {
            "pkg/__init__.py": "from ._old import main\n",
            "pkg/_old.py": "from pkg import cli\n\nmain = staticmethod(cli.main)\n",
            "pkg/cli.py": "def main():\n    return 0\n",
            "pkg/__main__.py": "from pkg import cli\n\n\ndef main():\n    return cli.main()\n",
            "tests/test_cli.py": (
                "from pkg import (\n"
                "    main,\n"
                "    __main__,\n"
                ")\n"
                "\n"
                "\n"
                "def test_main():\n"
                "    assert main() == 0\n"
                "    assert __main__.main() == 0\n"
            ),
        }
    )
    result = prx.explain("main", root=root)
    by_definition = {(r.file, r.line): r.definition for r in (*result.references, *result.tests)}
    assert ("tests/test_cli.py", 8) not in by_definition
    assert by_definition[("tests/test_cli.py", 9)] == "pkg/__main__.py:4"


def test_import_of_a_submodule_binds_the_package_whose_names_the_file_reads(make_repo):
    """``import pkg.types`` binds ``pkg``: ``pkg.Command`` is the package's re-export of
    ``Command``, a reference (``explain``) and a dependent file (``impact``)."""
    root = make_repo(
        {
            "pkg/__init__.py": "from .core import Command as Command\n",
            "pkg/core.py": "class Command:\n    pass\n",
            "pkg/types.py": "NAME = 'types'\n",
            "tests/test_types.py": (
                "import pkg.types\n\n\ndef test_make():\n    assert pkg.Command()\n"
            ),
        }
    )
    result = prx.explain("Command", root=root)
    places = {(r.file, r.line) for r in (*result.references, *result.tests)}
    assert ("tests/test_types.py", 5) in places
    impact = prx.impact("pkg/core.py", symbol="Command", root=root)
    assert "tests/test_types.py" in {t.file for t in (*impact.dependents, *impact.tests)}


def test_a_name_taken_from_a_submodule_is_not_the_package_s_namesake(make_repo):
    """``from pkg.sub import (make,)`` runs ``pkg/__init__.py`` but takes ``make`` from
    ``pkg.sub``: a ``make`` the package defines itself is another function."""
    root = make_repo(
        {
            "pkg/__init__.py": "def make():\n    return 'package'\n",
            "pkg/sub.py": "def make():\n    return 'sub'\n",
            "use.py": "from pkg.sub import (\n    make,\n)\n\nmake()\n",
        }
    )
    result = prx.explain("make", "pkg/__init__.py", root=root)
    assert ("use.py", 5) not in {(r.file, r.line) for r in (*result.references, *result.tests)}
    impact = prx.impact("pkg/__init__.py", symbol="make", root=root)
    assert "use.py" not in {d.file for d in (*impact.dependents, *impact.tests)}
