"""CommonJS modules passed on as one export of another (issue 28; graphlib's
``module.exports = {json: require('./lib/json'), alg: require('./lib/alg')}``), and
names taken through them (``var write = require('..').json.write``, ``require('../..')
.alg.prim``): ``impact --symbol`` and ``explain`` answered no user at all."""

from __future__ import annotations

import prx

FILES = {
    "index.js": (
        "module.exports = {\n  json: require('./lib/json'),\n  alg: require('./lib/alg'),\n};\n"
    ),
    "lib/json.js": (
        "function write(g) { return JSON.stringify(g); }\n"
        "function read(s) { return JSON.parse(s); }\n"
        "module.exports = { write: write, read: read };\n"
    ),
    "lib/alg/index.js": (
        "module.exports = {\n"
        "  prim: require('./prim'),\n"
        "  dfs: require('./dfs'),\n"
        "};\n"
        "exports.extra = require('./extra');\n"
    ),
    "lib/alg/prim.js": "module.exports = prim;\nfunction prim(g) { return g; }\n",
    "lib/alg/dfs.js": "module.exports = dfs;\nfunction dfs(g) { return [g]; }\n",
    "lib/alg/extra.js": "function walk(g) { return g; }\nexports.walk = walk;\n",
    "test/alg/extra.test.js": "var walk = require('../..').alg.extra.walk;\nwalk({});\n",
    "test/json.test.js": (
        "var write = require('..').json.write;\n"
        "var read = require('..').json.read;\n"
        "read(write({}));\n"
    ),
    "test/alg/prim.test.js": "var prim = require('../..').alg.prim;\nprim({});\n",
    "test/alg/dfs.test.js": "var dfs = require('../..').alg.dfs;\ndfs({});\n",
}


def test_a_name_taken_through_modules_passed_on_is_a_use(make_repo):
    root = make_repo(FILES)
    impact = prx.impact("lib/json.js", symbol="write", root=root)
    assert [t.file for t in impact.tests] == ["test/json.test.js"]
    explained = prx.explain("write", root=root)
    assert ("test/json.test.js", 3) in {(r.file, r.line) for r in explained.tests}


def test_each_module_of_an_exports_object_is_its_own_export(make_repo):
    """One ``module.exports = {..}`` spans several requires: each one's module is passed
    as its own key only (``prim``'s test is not ``dfs``'s)."""
    root = make_repo(FILES)
    prim = prx.impact("lib/alg/prim.js", symbol="prim", root=root)
    assert [t.file for t in prim.tests] == ["test/alg/prim.test.js"]
    dfs = prx.impact("lib/alg/dfs.js", symbol="dfs", root=root)
    assert [t.file for t in dfs.tests] == ["test/alg/dfs.test.js"]


def test_a_module_assigned_to_one_export_passes_its_names(make_repo):
    root = make_repo(FILES)
    walk = prx.impact("lib/alg/extra.js", symbol="walk", root=root)
    assert [t.file for t in walk.tests] == ["test/alg/extra.test.js"]


GRAPH = {
    "index.js": "module.exports = {\n  Graph: require('./lib/graph'),\n  json: require('./lib/json'),\n};\n",
    "lib/graph.js": (
        "function Graph() { this._label = null; }\n"
        "Graph.prototype.setGraph = function (label) { this._label = label; return this; };\n"
        "Graph.prototype.node = function (v) { return v; };\n"
        "module.exports = Graph;\n"
    ),
    "lib/other.js": (
        "function Other() {}\n"
        "Other.prototype.node = function (v) { return v; };\n"
        "module.exports = Other;\n"
    ),
    "lib/json.js": (
        "var Graph = require('./graph');\n"
        "var Other = require('./other');\n"
        "function read(json) {\n"
        "  var g = new Graph().setGraph(json.value);\n"
        "  return g;\n"
        "}\n"
        "function write(g) { return { value: new Other().node(g) }; }\n"
        "module.exports = { read: read, write: write };\n"
    ),
    "test/json.test.js": (
        "var Graph = require('..').Graph;\n"
        "var read = require('..').json.read;\n"
        "var write = require('..').json.write;\n"
        "function rw(g) { return read(write(g)); }\n"
        "rw(new Graph()).node('a'); // through the helper\n"
    ),
}


def test_a_function_taken_through_passed_modules_returns_its_type(make_repo):
    """graphlib's test helper ``rw(g)`` returns ``read(write(g))``, ``read`` taken as
    ``require('..').json.read`` and returning ``new Graph(..).setGraph(..)``: so
    ``rw(..).node('a')`` is ``Graph.node``'s, not ``Other.node``'s."""
    root = make_repo(GRAPH)
    graph = prx.explain("Graph.node", root=root)
    assert [(r.file, r.line, r.certainty) for r in graph.tests] == [
        ("test/json.test.js", 5, "by_type")
    ]
    other = prx.explain("Other.node", root=root)
    assert ("test/json.test.js", 5) not in {(r.file, r.line) for r in other.tests}
