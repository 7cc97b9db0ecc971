"""``prx impact FILE --symbol`` of JavaScript and TypeScript definitions (issue 28): a
member (``Class.method``) is followed to the files that reach it through a receiver of
its class; a CommonJS default export to the files that ``require`` it."""

from __future__ import annotations

FILES = {
    "src/shape.ts": (
        "export class Square {\n"
        "  area(): number { return 4; }\n"
        "}\n"
        "export class Circle {\n"
        "  area(): number { return 3; }\n"
        "}\n"
    ),
    "src/square.ts": (
        "import { Square } from './shape';\nexport const s = (q: Square) => q.area();\n"
    ),
    "src/circle.ts": (
        "import { Circle } from './shape';\nexport const c = (q: Circle) => q.area();\n"
    ),
    "lib/parse.js": "const parse = (raw) => raw.trim();\nmodule.exports = parse;\n",
    "lib/index.js": "const parse = require('./parse');\nmodule.exports = { run: (x) => parse(x) };\n",
}


def test_impact_of_a_method_reaches_the_files_that_call_it_on_its_class(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("impact", "src/shape.ts", "--symbol", "Circle.area", cwd=root)
    data = done.envelope["data"]
    assert [d["file"] for d in data["dependents"]] == ["src/circle.ts"]
    assert data["dependents"][0]["certainty"] == "by_type"


def test_impact_of_a_commonjs_default_export_reaches_its_requirers(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("impact", "lib/parse.js", "--symbol", "parse", cwd=root)
    data = done.envelope["data"]
    assert [d["file"] for d in data["dependents"]] == ["lib/index.js"]
