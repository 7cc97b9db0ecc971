"""The import graph on small repositories of each ecosystem: every edge with its line,
text and names; each language's own resolution rules; ambiguity said, never guessed
silently; the same graph built on the fly and read back from the index."""

from __future__ import annotations

import pytest

import prx
from prx.engine.graph.imports import ImportGraph

PYTHON = {
    # A cycle, a re-export through __init__, `import m; m.X`, a submodule named in a
    # from-import, dotted `import a.b.c`, and the standard library.
    "shop/__init__.py": "from .core import Cart\n",
    "shop/core.py": "import shop.orders\n\nclass Cart:\n    pass\n",
    "shop/orders.py": "from shop.core import Cart\nimport json\n",
    "shop/util/__init__.py": "",
    "shop/util/money.py": "RATE = 1\n",
    "app.py": (
        "from shop import Cart\nimport shop.util.money\nfrom shop.util import money as m, nothing\n"
        "import tools\n\nprint(tools.X, shop.util.money.RATE, m.RATE)\n"
    ),
    "tools.py": "X = 1\n",
    "report.py": "import shop.util.money\n",
}


def _edges(graph, path):
    return [(e.line, e.target, e.names, e.implicit) for e in graph.edges_from(path)]


@pytest.fixture
def python_graph(make_repo):
    root = make_repo(PYTHON)
    return ImportGraph.build(prx.Workspace(root), str(root))


def test_a_circular_import_is_two_edges(python_graph):
    assert python_graph.imports_of("shop/core.py") == ("shop/orders.py",)
    assert python_graph.imports_of("shop/orders.py") == ("shop/core.py",)
    (edge,) = python_graph.edges_to("shop/core.py")[-1:]
    assert (edge.source, edge.line, edge.text, edge.names) == (
        "shop/orders.py",
        1,
        "from shop.core import Cart",
        ("Cart",),
    )


def test_a_re_export_through_init_is_a_chain_with_names(python_graph):
    assert _edges(python_graph, "app.py")[0] == (1, "shop/__init__.py", ("Cart",), False)
    assert _edges(python_graph, "shop/__init__.py") == [(1, "shop/core.py", ("Cart",), False)]


def test_import_a_b_c_reaches_the_module_and_runs_its_parent_packages(python_graph):
    # Python runs shop/__init__.py then shop/util/__init__.py: implicit edges, in that order.
    assert _edges(python_graph, "report.py") == [
        (1, "shop/util/money.py", (), False),
        (1, "shop/__init__.py", (), True),
        (1, "shop/util/__init__.py", (), True),
    ]
    # In app.py both packages are explicit targets of other lines: no implicit copies.
    assert [e.implicit for e in python_graph.edges_from("app.py")] == [False] * 5


def test_from_pkg_import_a_submodule_reaches_the_submodule(python_graph):
    found = [
        (e.target, e.names, e.implicit) for e in python_graph.edges_from("app.py") if e.line == 3
    ]
    # `money` is a module: its own edge; `nothing` is a name of the package.
    assert found == [
        ("shop/util/__init__.py", ("nothing",), False),
        ("shop/util/money.py", (), False),
    ]


def test_import_m_then_m_x_is_an_edge_without_names(python_graph):
    (edge,) = [e for e in python_graph.edges_from("app.py") if e.module == "tools"]
    assert (edge.target, edge.names, edge.text, edge.confidence) == (
        "tools.py",
        (),
        "import tools",
        1.0,
    )


def test_external_imports_are_edges_without_a_target(python_graph):
    (edge,) = [e for e in python_graph.edges_from("shop/orders.py") if e.module == "json"]
    assert edge.target is None and edge.line == 2
    assert python_graph.importers_of("shop/orders.py") == ("shop/core.py",)


def test_an_src_layout_resolves_from_tests_and_scripts(make_repo):
    root = make_repo(
        {
            "src/mypkg/__init__.py": "",
            "src/mypkg/core.py": "def run():\n    return 1\n",
            "src/mypkg/cli.py": "from mypkg.core import run\nfrom . import core\n",
            "tests/test_core.py": "from mypkg.core import run\n",
            # A local module that shadows the standard library only in its own directory.
            "scripts/json.py": "X = 1\n",
            "scripts/go.py": "import json\n",
            "tests/test_json.py": "import json\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert _edges(graph, "tests/test_core.py") == [
        (1, "src/mypkg/core.py", ("run",), False),
        (1, "src/mypkg/__init__.py", (), True),
    ]
    # Inside the package its own __init__ is not an implicit edge.
    assert graph.imports_of("src/mypkg/cli.py") == ("src/mypkg/core.py",)
    assert graph.imports_of("scripts/go.py") == ("scripts/json.py",)
    assert graph.imports_of("tests/test_json.py") == ()


def test_an_ambiguous_module_lists_its_candidates_with_less_confidence(make_repo):
    root = make_repo(
        {
            "jobs/helpers.py": "",
            "tasks/helpers.py": "",
            "bin/run.py": "import helpers\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    (edge,) = graph.edges_from("bin/run.py")
    assert edge.target in ("jobs/helpers.py", "tasks/helpers.py")
    assert edge.confidence < 1
    assert edge.candidates == tuple({"jobs/helpers.py", "tasks/helpers.py"} - {edge.target})


TYPESCRIPT = {
    "web/tsconfig.json": (
        "{\n  // comments and trailing commas, as tsc allows\n"
        '  "extends": "./tsconfig.base.json",\n'
        '  "compilerOptions": {"paths": {"@app/*": ["src/app/*"], "@lib": ["src/lib/index.ts"],},},\n}\n'
    ),
    "web/tsconfig.base.json": '{"compilerOptions": {"baseUrl": "."}}',
    "web/src/lib/index.ts": "export * from './format';\nexport { parse as read } from './parse';\n",
    "web/src/lib/format.ts": "export function format() { return ''; }\n",
    "web/src/lib/parse.ts": "export function parse() { return 1; }\n",
    "web/src/app/main.tsx": (
        "import Page, { format } from '@lib';\nimport { read } from '../lib';\n"
        "import { util } from '@app/util';\nimport cfg from 'src/config.json';\n"
        "import React from 'react';\n"
    ),
    "web/src/app/util.ts": "export const util = 1;\n",
    "web/src/config.json": "{}\n",
}


def test_typescript_paths_base_url_and_export_star_chains(make_repo):
    root = make_repo(TYPESCRIPT)
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert _edges(graph, "web/src/app/main.tsx") == [
        (1, "web/src/lib/index.ts", ("default", "format"), False),
        (2, "web/src/lib/index.ts", ("read",), False),
        (3, "web/src/app/util.ts", ("util",), False),
        (4, "web/src/config.json", ("default",), False),
        (5, None, ("default",), False),
    ]
    assert _edges(graph, "web/src/lib/index.ts") == [
        (1, "web/src/lib/format.ts", ("*",), False),
        (2, "web/src/lib/parse.ts", ("parse",), False),
    ]


def test_a_solution_style_tsconfig_reads_the_configs_it_references(make_repo):
    root = make_repo(
        {
            "tsconfig.json": '{"files": [], "references": [{"path": "./tsconfig.node.json"},'
            ' {"path": "./tsconfig.app.json"}]}',
            "tsconfig.node.json": '{"include": ["vite.config.ts"]}',
            "tsconfig.app.json": '{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}',
            "src/lib/cx.ts": "export const cx = 1;\n",
            "src/main.tsx": "import { cx } from '@/lib/cx';\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert graph.imports_of("src/main.tsx") == ("src/lib/cx.ts",)


def test_broken_configuration_files_leave_their_rules_out(make_repo):
    root = make_repo(
        {
            "tsconfig.json": "{ not json",
            "package.json": "[" * 100_000,
            "go.mod": "",
            "Cargo.toml": "[package\nname = ",
            "src/a.ts": "import { b } from './b';\nimport x from 'x';\n",
            "src/b.ts": "export const b = 1;\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert [e.target for e in graph.edges_from("src/a.ts")] == ["src/b.ts", None]


def test_workspace_packages_resolve_through_their_exports(make_repo):
    root = make_repo(
        {
            "packages/core/package.json": (
                '{"name": "@acme/core", "exports": {".": {"types": "./src/index.ts",'
                ' "default": "./dist/index.js"}, "./utils/*": "./src/utils/*.ts"}}'
            ),
            "packages/core/src/index.ts": "export const core = 1;\n",
            "packages/core/src/utils/strings.ts": "export const s = 1;\n",
            "packages/ui/package.json": '{"name": "ui", "main": "dist/index.js"}',
            "packages/ui/src/index.ts": "export const ui = 1;\n",
            "apps/web/main.ts": (
                "import { core } from '@acme/core';\nimport { s } from '@acme/core/utils/strings';\n"
                "import { ui } from 'ui';\n"
            ),
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    edges = graph.edges_from("apps/web/main.ts")
    assert [(e.target, e.confidence) for e in edges] == [
        ("packages/core/src/index.ts", 1.0),
        ("packages/core/src/utils/strings.ts", 1.0),
        # dist/ is not in the repository: its source, by the usual layout, less sure.
        ("packages/ui/src/index.ts", 0.8),
    ]


def test_a_package_s_own_name_reaches_what_node_loads_from_javascript(make_repo):
    """Inside commander, ``require('commander')`` is its own ``index.js`` (the
    ``require`` condition, as Node runs it) and an ``.mjs`` import its ``esm.mjs``;
    a TypeScript file still reads the declarations first."""
    root = make_repo(
        {
            "package.json": (
                '{"name": "commander", "main": "./index.js", "types": "typings/index.d.ts",'
                ' "exports": {".": {"require": {"types": "./typings/index.d.ts",'
                ' "default": "./index.js"}, "import": {"types": "./typings/esm.d.mts",'
                ' "default": "./esm.mjs"}, "default": "./index.js"}}}'
            ),
            "index.js": "exports.x = 1;\n",
            "esm.mjs": "export const x = 1;\n",
            "typings/index.d.ts": "export const x: number;\n",
            "typings/esm.d.mts": "export const x: number;\n",
            "examples/a.js": "const commander = require('commander');\n",
            "examples/b.mjs": "import { x } from 'commander';\n",
            "typings/t.test-d.ts": "import * as commander from 'commander';\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert [e.target for e in graph.edges_from("examples/a.js")] == ["index.js"]
    assert [e.target for e in graph.edges_from("examples/b.mjs")] == ["esm.mjs"]
    assert [e.target for e in graph.edges_from("typings/t.test-d.ts")] == ["typings/esm.d.mts"]


def test_jsdoc_type_imports_are_edges_as_checkjs_reads_them(make_repo):
    """commander's ``lib/help.js`` types its parameters with ``@typedef {
    import("./command.js").Command } Command``: a type import, as tsc reads it, so the
    file depends on ``command.js``; a plain comment naming ``import()`` is no import."""
    root = make_repo(
        {
            "lib/command.js": "class Command {}\nmodule.exports = { Command };\n",
            "lib/option.js": "class Option {}\nmodule.exports = { Option };\n",
            "lib/help.js": (
                "/**\n"
                ' * @typedef { import("./command.js").Command } Command\n'
                " * @typedef {import('./option.js').Option} Option\n"
                " */\n"
                "// see import('./option.js') for options\n"
                "/* import('./command.js') */\n"
                "class Help {}\n"
            ),
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    edges = [(e.line, e.target, e.names) for e in graph.edges_from("lib/help.js")]
    assert edges == [(2, "lib/command.js", ("Command",)), (3, "lib/option.js", ("Option",))]


def test_a_go_module_resolves_by_its_module_path(make_repo):
    root = make_repo(
        {
            "go.mod": "module example.com/shop\n\ngo 1.22\n",
            "store/store.go": "package store\n",
            "store/cache.go": "package store\n",
            "store/store_test.go": "package store\n",
            "other/store/x.go": "package store\n",
            "cmd/main.go": ('package main\n\nimport (\n\t"fmt"\n\ts "example.com/shop/store"\n)\n'),
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert _edges(graph, "cmd/main.go") == [
        (4, None, (), False),
        (5, "store/cache.go", (), False),
        (5, "store/store.go", (), False),
    ]
    assert graph.edges_from("cmd/main.go")[1].text == 's "example.com/shop/store"'


def test_a_rust_mod_tree_with_crate_super_and_self_paths(make_repo):
    root = make_repo(
        {
            "Cargo.toml": '[package]\nname = "shop-core"\nversion = "0.1.0"\n',
            "src/lib.rs": "mod net;\npub mod util;\n",
            "src/util.rs": "pub fn helper() {}\n",
            "src/net/mod.rs": "mod http;\nmod tcp;\npub use self::http::Client;\n",
            "src/net/tcp.rs": "pub struct Conn;\n",
            "src/net/http.rs": (
                "use crate::util::helper;\nuse super::{tcp::Conn, tcp};\nuse std::io;\n"
                "pub struct Client;\n"
            ),
            "tools/Cargo.toml": '[package]\nname = "tools"\n',
            "tools/src/main.rs": "use shop_core::util;\nfn main() {}\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert graph.imports_of("src/lib.rs") == ("src/net/mod.rs", "src/util.rs")
    assert _edges(graph, "src/net/mod.rs") == [
        (1, "src/net/http.rs", (), False),
        (2, "src/net/tcp.rs", (), False),
        (3, "src/net/http.rs", ("Client",), False),
    ]
    assert _edges(graph, "src/net/http.rs") == [
        (1, "src/util.rs", ("helper",), False),
        (2, "src/net/tcp.rs", ("Conn",), False),
        (3, None, (), False),
    ]
    assert graph.imports_of("tools/src/main.rs") == ("src/util.rs",)


def test_c_includes_next_to_the_file_then_include_directories(make_repo):
    root = make_repo(
        {
            "src/main.c": '#include "util.h"\n#include <proj/api.h>\n#include <stdio.h>\n',
            "src/util.h": "int util(void);\n",
            "include/proj/api.h": "int api(void);\n",
            "a/common.h": "",
            "b/common.h": "",
            "src/other.c": '#include "common.h"\n',
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert [e.target for e in graph.edges_from("src/main.c")] == [
        "src/util.h",
        "include/proj/api.h",
        None,
    ]
    (edge,) = graph.edges_from("src/other.c")
    assert edge.confidence < 1 and len(edge.candidates) == 1


def test_java_imports_by_package(make_repo):
    root = make_repo(
        {
            "src/main/java/com/acme/Util.java": "package com.acme;\npublic class Util {}\n",
            "src/main/java/com/acme/model/A.java": "package com.acme.model;\nclass A {}\n",
            "src/main/java/com/acme/model/B.java": "package com.acme.model;\nclass B {}\n",
            "src/main/java/com/acme/App.java": (
                "package com.acme;\nimport com.acme.Util;\nimport static com.acme.Util.helper;\n"
                "import com.acme.model.*;\nimport java.util.List;\nclass App {}\n"
            ),
            # Kotlin: a top-level function of a file named after nothing it declares.
            "src/main/kotlin/com/acme/text/main.kt": "package com.acme.text\nfun slug() = 1\n",
            "src/main/kotlin/com/acme/App.kt": "package com.acme\nimport com.acme.text.slug\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    base = "src/main/java/com/acme/"
    assert [(e.target, e.names) for e in graph.edges_from(base + "App.java")] == [
        (base + "Util.java", ("Util",)),
        (base + "Util.java", ("helper",)),
        (base + "model/A.java", ("*",)),
        (base + "model/B.java", ("*",)),
        (None, ()),
    ]
    (edge,) = graph.edges_from("src/main/kotlin/com/acme/App.kt")
    assert (edge.target, edge.names, edge.confidence) == (
        "src/main/kotlin/com/acme/text/main.kt",
        ("slug",),
        0.5,
    )


def test_the_graph_from_the_index_is_the_graph_built_on_the_fly(make_repo):
    files = {**PYTHON, **TYPESCRIPT, "go.mod": "module m\n", "x/y.go": "package x\n"}
    files["main.go"] = 'package main\nimport "m/x"\n'
    root = make_repo(files)
    ws = prx.Workspace(root)
    built = ImportGraph.build(ws, str(root))
    ws.index()
    loaded = ImportGraph.load(str(root))
    assert loaded is not None
    assert loaded.files == built.files
    for path in built.files:
        assert loaded.edges_from(path) == built.edges_from(path), path
        assert loaded.edges_to(path) == built.edges_to(path), path
    assert list(loaded.edges()) == list(built.edges()) and loaded.edge_count > 10


def test_changing_a_tsconfig_resolves_unchanged_files_again(make_repo):
    root = make_repo({**TYPESCRIPT, "web/src/lib/util.ts": "export const util = 2;\n"})
    ws = prx.Workspace(root)
    ws.index()
    main = "web/src/app/main.tsx"
    assert ImportGraph.load(str(root)).edges_from(main)[2].target == "web/src/app/util.ts"
    (root / "web/tsconfig.json").write_text(
        '{"extends": "./tsconfig.base.json", "compilerOptions": {"paths": {"@app/*": ["src/lib/*"]}}}'
    )
    ws.index()
    assert ImportGraph.load(str(root)).edges_from(main)[2].target == "web/src/lib/util.ts"


# Resolution rules checked with imports_of (which the original path-suffix scheme had, so
# these run against it too): it missed tsconfig aliases and baseUrl, Go module paths, other
# crates of a workspace, workspace npm packages, and sent `import json` to any json.py of
# a scripts directory; it did find `super::` and include directories by suffix.
MIXED = {
    **TYPESCRIPT,
    "go.mod": "module example.com/shop\n",
    "store/store.go": "package store\n",
    "cmd/main.go": 'package main\nimport "example.com/shop/store"\n',
    "Cargo.toml": '[package]\nname = "core"\n',
    "src/lib.rs": "mod net;\n",
    "src/net/mod.rs": "mod http;\nmod tcp;\n",
    "src/net/tcp.rs": "",
    "src/net/http.rs": "use super::tcp;\n",
    "cli/Cargo.toml": '[package]\nname = "cli"\n',
    "cli/src/main.rs": "use core::net;\n",
    "c/src/main.c": "#include <proj/api.h>\n",
    "c/include/proj/api.h": "",
    "packages/ui/package.json": '{"name": "@acme/ui", "types": "src/index.ts"}',
    "packages/ui/src/index.ts": "",
    "apps/site/main.ts": "import { x } from '@acme/ui';\n",
    "scripts/json.py": "",
    "tests/test_json.py": "import json\n",
}


@pytest.mark.parametrize(
    ("importer", "expected"),
    [
        (
            "web/src/app/main.tsx",
            ("web/src/app/util.ts", "web/src/config.json", "web/src/lib/index.ts"),
        ),
        ("cmd/main.go", ("store/store.go",)),
        ("src/net/http.rs", ("src/net/tcp.rs",)),
        ("cli/src/main.rs", ("src/net/mod.rs",)),
        ("c/src/main.c", ("c/include/proj/api.h",)),
        ("apps/site/main.ts", ("packages/ui/src/index.ts",)),
        ("tests/test_json.py", ()),
    ],
)
def test_ecosystem_rules_the_suffix_scheme_missed(make_repo, importer, expected):
    root = make_repo(MIXED)
    assert ImportGraph.build(prx.Workspace(root), str(root)).imports_of(importer) == expected


def test_a_directory_import_reaches_its_index_file(make_repo):
    root = make_repo(
        {
            "src.ts": "export const wrong = 1;\n",
            "src/index.ts": "export const right = 1;\n",
            "src/feature/index.ts": "export const f = 1;\n",
            "src/a.ts": "import { right } from '.';\nimport { f } from './feature/';\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert [e.target for e in graph.edges_from("src/a.ts")] == [
        "src/index.ts",
        "src/feature/index.ts",
    ]


def test_a_directory_import_of_the_root_reaches_the_root_index(make_repo):
    # `require('../')` from test/ names the package itself (js-yaml's tests do this).
    root = make_repo(
        {
            "index.js": "module.exports = {};\n",
            "test/a.js": "const lib = require('../');\n",
            "test/deep/b.js": "const lib = require('../..');\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert [e.target for e in graph.edges_from("test/a.js")] == ["index.js"]
    assert [e.target for e in graph.edges_from("test/deep/b.js")] == ["index.js"]
