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


#: Two classes sharing a method name, used through variables of no stated type.
DUCKS = {
    "lib/range.js": (
        "class Range {\n  constructor (raw) { this.raw = raw; this.set = [] }\n"
        "  test (v) { return this.set.length > 0 }\n}\nmodule.exports = Range\n"
    ),
    "lib/comparator.js": (
        "class Comparator {\n  constructor (c) { this.operator = c; this.semver = c }\n"
        "  test (v) { return v === this.semver }\n}\nmodule.exports = Comparator\n"
    ),
    # Reads `operator`, which only Comparator has: not a Range.
    "lib/subset.js": (
        "const Range = require('./range')\nconst Comparator = require('./comparator')\n"
        "const simple = (dom, v) => {\n  for (const c of dom) {\n"
        "    if (c.operator === '>=' && !c.test(v)) return false\n  }\n  return true\n}\n"
        "module.exports = (a, v) => simple(new Range(a).set, v) && new Comparator(a)\n"
    ),
    # Asks what it holds: either may come.
    "lib/either.js": (
        "const Range = require('./range')\n"
        "module.exports = (x, v) => {\n  if (x instanceof Range) return x.test(v)\n"
        "  return x.operator && x.test(v)\n}\n"
    ),
    # Reads what only a Range has (`raw` and `test`): taken for one (a JavaScript
    # parameter of the one class with every member read).
    "lib/plain.js": ("require('./range')\nmodule.exports = (r, v) => r.raw && r.test(v)\n"),
    # Reads `test` alone: the member asked about is all that ties it.
    "lib/bare.js": ("require('./range')\nmodule.exports = (r, v) => r.test(v)\n"),
}


def test_a_variable_read_for_members_only_another_class_has_is_not_the_class(make_repo, run_cli):
    root = make_repo(DUCKS)
    done = run_cli("impact", "lib/range.js", "--symbol", "Range.test", cwd=root)
    direct = {d["file"]: d["certainty"] for d in done.envelope["data"]["dependents"]}
    assert "lib/subset.js" not in direct, direct
    assert direct.get("lib/either.js") == "by_name", direct
    assert direct.get("lib/plain.js") == "by_type", direct
    assert direct.get("lib/bare.js") == "by_name", direct
    # Seen from the other class, the same call is a candidate (by name: no type stated).
    done = run_cli("impact", "lib/comparator.js", "--symbol", "Comparator.test", cwd=root)
    direct = {d["file"]: d["certainty"] for d in done.envelope["data"]["dependents"]}
    assert "lib/subset.js" in direct, direct


def test_a_long_chain_of_classes_leaves_the_members_unknown_not_a_crash(make_repo, run_cli):
    chain = "".join(f"class C{i} extends C{i - 1} {{}}\n" for i in range(1, 3000))
    files = dict(DUCKS)
    files["lib/range.js"] = (
        "class C0 { test (v) { return v } }\n" + chain + "class Range extends C2999 {}\n"
        "module.exports = Range\n"
    )
    root = make_repo(files)
    done = run_cli("impact", "lib/range.js", "--symbol", "C0.test", cwd=root)
    assert done.envelope["status"] == "ok", done.envelope
    direct = {d["file"]: d["certainty"] for d in done.envelope["data"]["dependents"]}
    # Range's members are not followed 3,000 classes up: it may have `operator`.
    assert direct.get("lib/subset.js") == "by_name", direct


def test_a_variable_used_more_often_than_weighed_stays_a_candidate(make_repo, run_cli):
    files = dict(DUCKS)
    reads = "".join("    if (c.operator === '>') n++\n" for _ in range(300))
    files["lib/subset.js"] = (
        "require('./range')\nmodule.exports = (dom, v) => {\n  let n = 0\n"
        f"  for (const c of dom) {{\n{reads}    if (!c.test(v)) return n\n  }}\n}}\n"
    )
    root = make_repo(files)
    done = run_cli("impact", "lib/range.js", "--symbol", "Range.test", cwd=root)
    direct = {d["file"]: d["certainty"] for d in done.envelope["data"]["dependents"]}
    assert direct.get("lib/subset.js") == "by_name", direct
