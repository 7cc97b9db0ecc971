"""The import graph: resolution rules, the persisted artifact and its reader, incremental
reuse, and a graph built without an index."""

from __future__ import annotations

import json
import os

import pytest

import prx
from prx.core.errors import IndexCorruptedError
from prx.engine.graph.imports import ImportGraph
from prx.engine.graph.resolve import Resolver
from prx.engine.index.build import load_current
from prx.engine.index.store import current_dir

FILES = {
    # Python: absolute, relative, package __init__, standard library and a same-named
    # module inside a package (never the target of `import json`).
    "shop/__init__.py": "",
    "shop/models.py": "import json\nfrom shop.db import connect\n\nclass Order:\n    pass\n",
    "shop/db/__init__.py": "def connect():\n    return None\n",
    "shop/views.py": (
        "from . import models\nfrom .models import Order\nfrom ..outside import x\n"
        "import shop.db\n\ndef show():\n    return Order\n"
    ),
    "shop/serializers/__init__.py": "",
    "shop/serializers/json.py": "import os\n\ndef dump():\n    return os.sep\n",
    "tools/report.py": "from shop.views import show\nimport importlib\nimportlib.import_module('shop.models')\n",
    # `from pkg import name` reaches pkg/name.py when that is a module.
    "tools/cli.py": "from shop import (\n    models,\n    views as v,\n)\n",
    # TypeScript: relative with and without extensions, index files, an npm package,
    # and `./x.js` naming x.ts.
    "web/src/api/index.ts": "export const base = '/api';\n",
    "web/src/api/client.ts": "import { base } from './index';\nimport axios from 'axios';\nexport const c = base;\n",
    "web/src/app.tsx": (
        "import { c } from './api/client';\nimport * as api from './api';\n"
        "import { helper } from './util.js';\nexport const App = () => c;\n"
    ),
    "web/src/util.ts": "export function helper() { return 1; }\n",
    "web/src/lazy.ts": "export async function load() { return import('./util'); }\n",
}


@pytest.fixture
def shop(make_repo):
    return make_repo(FILES)


EXPECTED = {
    "shop/models.py": ("shop/db/__init__.py",),
    # `from . import models` inside shop/ does not run shop/__init__.py again; importing
    # shop.views from outside does (an implicit edge).
    "shop/views.py": ("shop/db/__init__.py", "shop/models.py"),
    "tools/report.py": ("shop/__init__.py", "shop/models.py", "shop/views.py"),
    "tools/cli.py": ("shop/__init__.py", "shop/models.py", "shop/views.py"),
    "web/src/api/client.ts": ("web/src/api/index.ts",),
    "web/src/app.tsx": ("web/src/api/client.ts", "web/src/api/index.ts", "web/src/util.ts"),
    "web/src/lazy.ts": ("web/src/util.ts",),
}


def _forward(graph):
    return {f: graph.imports_of(f) for f in graph.files if graph.imports_of(f)}


def test_the_index_stores_the_resolved_import_graph(shop):
    prx.Workspace(shop).index()
    graph = ImportGraph.load(str(shop))
    assert graph is not None
    assert _forward(graph) == EXPECTED
    assert graph.importers_of("shop/models.py") == (
        "shop/views.py",
        "tools/cli.py",
        "tools/report.py",
    )
    assert graph.importers_of("./web/src/util.ts") == ("web/src/app.tsx", "web/src/lazy.ts")
    assert graph.importers_of("shop/serializers/json.py") == ()  # `import json` is stdlib
    assert [r.module for r in graph.raw_imports("shop/models.py")] == ["json", "shop.db"]
    assert [(r.module, r.line) for r in graph.raw_imports("tools/cli.py")] == [("shop", 1)]
    assert "shop/__init__.py" in graph.files and graph.edge_count == 14


def test_a_graph_built_without_an_index_is_the_same(shop):
    built = ImportGraph.build(prx.Workspace(shop), str(shop))
    assert _forward(built) == EXPECTED
    assert ImportGraph.load(str(shop)) is None  # no index yet


def test_graph_is_updated_incrementally_and_raw_imports_are_reused(shop):
    ws = prx.Workspace(shop)
    ws.index()
    # A new module makes an old, unchanged import resolvable: edges are re-resolved
    # from the stored raw imports of unchanged files.
    (shop / "shop" / "db" / "__init__.py").unlink()
    (shop / "shop" / "db.py").write_text("def connect():\n    return 1\n")
    (shop / "web" / "src" / "lazy.ts").write_text("export const nothing = 0;\n")
    update = ws.index()
    assert update.status == "updated" and update.files_changed == 2
    graph = ImportGraph.load(str(shop))
    assert graph.imports_of("shop/models.py") == ("shop/db.py",)
    assert graph.imports_of("web/src/lazy.ts") == ()
    loaded, _ = load_current(ws, str(shop))
    assert loaded.imports["shop/views.py"][0] == (".", 1, "from . import models", ("models",))


def test_a_damaged_graph_artifact_is_refused(shop):
    prx.Workspace(shop).index()
    path = os.path.join(current_dir(str(shop)), "imports.json")
    content = json.load(open(path))
    content["edges"]["shop/models.py"] = ["tools/report.py"]
    json.dump(content, open(path, "w"))
    with pytest.raises(IndexCorruptedError):
        ImportGraph.load(str(shop))


@pytest.mark.parametrize(
    ("importer", "language", "module", "expected"),
    [
        ("src/main.c", "c", "util.h", ["src/util.h"]),
        ("src/main.c", "c", "stdio.h", []),
        ("src/lib.rs", "rust", "crate::net::http", ["src/net/http.rs"]),
        ("src/lib.rs", "rust", "net", ["src/net/mod.rs"]),
        ("app/Main.java", "java", "com.acme.Util", ["src/com/acme/Util.java"]),
        ("app/Main.java", "java", "com.acme.Util.helper", ["src/com/acme/Util.java"]),
        ("a/b.py", "python", "numpy", []),
        ("web/x.ts", "typescript", "react", []),
        ("web/x.ts", "typescript", "@angular/core", []),
    ],
)
def test_resolution_rules(importer, language, module, expected):
    files = {
        "src/main.c": "c",
        "src/util.h": "c",
        "src/util.c": "c",
        "src/lib.rs": "rust",
        "src/net/mod.rs": "rust",
        "src/net/http.rs": "rust",
        "src/com/acme/Util.java": "java",
        "app/Main.java": "java",
        "a/b.py": "python",
        "web/x.ts": "typescript",
        "web/react.ts": "typescript",
    }
    assert Resolver(files).resolve(importer, language, module) == expected


def test_an_ambiguous_module_is_the_nearest_with_candidates_and_less_confidence():
    files = {f"pkg{i}/util.py": "python" for i in range(8)}
    files.update({"pkg3/sub/main.py": "python", "pkg3/util.py": "python"})
    found = Resolver(files).resolve_import("pkg3/sub/main.py", "python", ("util", 1, "", ()))
    assert [r.target for r in found] == ["pkg3/util.py"]
    assert found[0].confidence < 1 and len(found[0].candidates) == 5
    assert "pkg3/util.py" not in found[0].candidates


def _raw(*modules):
    return tuple((m, n, f"import {m}", ()) for n, m in enumerate(modules, 1))


def test_edges_at_the_root_and_no_self_edges():
    resolver = Resolver({"a.py": "python", "b.py": "python"})
    edges = resolver.edges({"a.py": _raw("b"), "b.py": _raw("b", "a")})
    assert {k: [e[1] for e in v] for k, v in edges.items()} == {"a.py": ["b.py"], "b.py": ["a.py"]}
    assert edges["b.py"][0][0] == 1  # the second import of b.py
