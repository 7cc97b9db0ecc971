"""The JavaScript/TypeScript model (issue 28): definitions qualified by their class,
references tied by scope, imports (re-exports, ``export *``, ``export * as``, default
exports, path aliases, CommonJS) and receiver types, each with how sure it is."""

from __future__ import annotations

from pathlib import Path

import prx
from prx.engine.intel.models import BY_NAME, BY_TYPE, RESOLVED, model_for
from prx.engine.intel.project import Project

SHAPES = {
    "lib/shape.ts": (
        "export interface Shape { area(): number; }\n"
        "export class Square implements Shape {\n"
        "  constructor(private side: number) {}\n"
        "  area(): number { return this.side * this.side; }\n"
        "  twice(): number { return this.area() * 2; }\n"
        "}\n"
        "export class Circle {\n"
        "  area(): number { return 3; }\n"
        "}\n"
        "export function make(n: number): Square { return new Square(n); }\n"
        "export default function helper(): number { return 1; }\n"
    ),
    "lib/index.ts": "export * from './shape';\nexport { make as build } from './shape';\n",
    "lib/spaces.ts": "export * as shapes from './shape';\n",
    "app/main.ts": (
        "import { Square, make, Circle } from '../lib';\n"
        "import * as S from '../lib/shape';\n"
        "import helper from '../lib/shape';\n"
        "function total(s: Square, c: Circle, x: any): number {\n"
        "  const q = new Square(2);\n"
        "  return s.area() + c.area() + q.area() + x.area() + helper();\n"
        "}\n"
        "function shadow(make: number): number { return make + 1; }\n"
        "const table = { make };\n"
        "export { total, shadow, table };\n"
    ),
    "app/built.ts": "import { build } from '../lib';\nexport const b = build(1);\n",
    "app/spaced.ts": "import { shapes } from '../lib/spaces';\nexport const m = shapes.make(2);\n",
    "app/alias.ts": "import { make } from '@lib/shape';\nexport const a = make(3);\n",
    "tsconfig.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@lib/*": ["lib/*"]}}}\n',
}

COMMONJS = {
    "lib/version.js": (
        "class Version {\n"
        "  constructor(raw) { this.raw = raw; }\n"
        "  compare(other) { return this.compareMain(other); }\n"
        "  compareMain(other) { return 0; }\n"
        "}\n"
        "module.exports = Version;\n"
    ),
    "lib/parse.js": (
        "const Version = require('./version');\n"
        "const parse = (raw) => new Version(raw);\n"
        "module.exports = parse;\n"
    ),
    "lib/consts.js": (
        "const MAX = 256;\n"
        "function limit(n) { return Math.min(n, MAX); }\n"
        "exports.limit = limit;\n"
        "module.exports.MAX = MAX;\n"
    ),
    "index.js": (
        "const parse = require('./lib/parse');\n"
        "const Version = require('./lib/version');\n"
        "const { limit } = require('./lib/consts');\n"
        "module.exports = { parse, Version, limit };\n"
    ),
    "test/use.test.js": (
        "const semver = require('../index');\n"
        "const consts = require('../lib/consts');\n"
        "semver.parse('1');\n"
        "const v = new semver.Version('1');\n"
        "v.compare(v);\n"
        "consts.limit(consts.MAX);\n"
    ),
}


def _project(root: Path) -> Project:
    return Project(prx.Workspace(root), str(root))


def _sites(root: Path, file: str, qualified: str) -> list[tuple[str, str, str, str]]:
    """(file, the line's text, how, role) of each site of the definition ``qualified``."""
    project = _project(root)
    parsed = project.file(file)
    assert parsed is not None
    model = model_for(parsed.language)
    target = next(t for t in model.definitions(project, parsed) if t.qualified == qualified)
    out = []
    for site in model.references(project, target, model.candidate_files(project, target)):
        user = project.file(site.file)
        assert user is not None
        word = user.data[site.start : site.end].decode()
        assert word == target.name
        out.append((site.file, user.line_text(site.line), site.how, site.role))
    return out


def test_definitions_qualify_members_and_leave_out_unnamed_ones(make_repo):
    root = make_repo(SHAPES)
    project = _project(root)
    parsed = project.file("lib/shape.ts")
    assert parsed is not None
    names = [t.qualified for t in model_for("typescript").definitions(project, parsed)]
    assert "Square.area" in names and "Circle.area" in names and "Shape.area" in names
    assert "helper" in names
    assert not any(n.endswith("constructor") or n == "default" for n in names)


def test_a_function_is_found_through_export_star_aliases_and_namespaces(make_repo):
    root = make_repo(SHAPES)
    sites = _sites(root, "lib/shape.ts", "make")
    files = {f for f, _, _, _ in sites}
    # export * from (lib/index.ts), the path alias @lib/*, a namespace import (S.make),
    # export * as shapes (shapes.make), export {make as build} from (its `make`)
    assert {"app/main.ts", "app/alias.ts", "app/spaced.ts", "lib/index.ts"} <= files
    assert ("app/spaced.ts", "export const m = shapes.make(2);", RESOLVED, "reference") in sites
    assert ("app/alias.ts", "export const a = make(3);", RESOLVED, "reference") in sites
    # a parameter that shadows it is another binding; app/built.ts writes `build`
    assert not any("shadow" in text for _, text, _, _ in sites)
    assert "app/built.ts" not in files


def test_a_shorthand_property_is_a_candidate_not_a_sure_reference(make_repo):
    root = make_repo(SHAPES)
    sites = _sites(root, "lib/shape.ts", "make")
    assert ("app/main.ts", "const table = { make };", BY_NAME, "reference") in sites
    main = "import { Square, make, Circle } from '../lib';"
    assert ("app/main.ts", main, RESOLVED, "import") in sites


def test_a_default_export_is_renamed_in_its_own_file_only(make_repo):
    root = make_repo(SHAPES)
    sites = _sites(root, "lib/shape.ts", "helper")
    # app/main.ts names its default import `helper` too: its own name, not this one
    assert {f for f, _, _, _ in sites} == {"lib/shape.ts"}


def test_members_are_tied_by_receiver_type(make_repo):
    root = make_repo(SHAPES)
    circle = _sites(root, "lib/shape.ts", "Circle.area")
    texts = {(text, how) for _, text, how, role in circle if role == "reference"}
    line = "return s.area() + c.area() + q.area() + x.area() + helper();"
    # c: Circle (by type), x: any (a candidate); s: Square and q = new Square are not it
    assert sorted(h for t, h in texts if t == line) == [BY_NAME, BY_TYPE]
    assert [s for s in circle if s[0] == "lib/shape.ts" and s[3] == "definition"] == [
        ("lib/shape.ts", "area(): number { return 3; }", RESOLVED, "definition")
    ]


def test_an_interface_member_changes_with_its_implementations(make_repo):
    root = make_repo(SHAPES)
    square = _sites(root, "lib/shape.ts", "Square.area")
    definitions = {text for f, text, _, role in square if role == "definition"}
    assert definitions == {
        "export interface Shape { area(): number; }",
        "area(): number { return this.side * this.side; }",
    }
    assert (
        "lib/shape.ts",
        "twice(): number { return this.area() * 2; }",
        BY_TYPE,
        "reference",
    ) in square


def test_commonjs_requires_and_exports(make_repo):
    root = make_repo(COMMONJS)
    # module.exports = Version: importers name it themselves; `v = new semver.Version()`
    # is a Version: `v.compare` is tied by the receiver's type
    version = _sites(root, "lib/version.js", "Version")
    assert {f for f, _, _, _ in version} == {"lib/version.js"}
    main = _sites(root, "lib/version.js", "Version.compareMain")
    assert (
        "lib/version.js",
        "compare(other) { return this.compareMain(other); }",
        BY_TYPE,
        "reference",
    ) in main
    compare = _sites(root, "lib/version.js", "Version.compare")
    assert ("test/use.test.js", "v.compare(v);", BY_TYPE, "reference") in compare
    # exports.limit = limit: the property keeps its name, the local alone changes
    limit = _sites(root, "lib/consts.js", "limit")
    assert {f for f, _, _, _ in limit} == {"lib/consts.js"}


def test_impact_and_explain_follow_commonjs_exports(make_repo):
    root = make_repo(COMMONJS)
    ws = prx.Workspace(root)
    impact = ws.impact("lib/consts.js", symbol="limit")
    files = {d.file for d in [*impact.dependents, *impact.tests]}
    # `const {limit} = require()` + module.exports = {limit} in index.js, and
    # consts.limit(...) through a require alias in the test
    assert files == {"index.js", "test/use.test.js"}
    parse = ws.impact("lib/parse.js", symbol="parse")
    assert {d.file for d in parse.dependents} == {"index.js"}
    explain = ws.explain("Version.compareMain")
    assert [(r.file, r.certainty) for r in explain.references] == [("lib/version.js", BY_TYPE)]
