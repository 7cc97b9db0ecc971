"""The JavaScript/TypeScript model (issue 28): definitions qualified by their class,
references tied by scope, imports (re-exports, ``export *``, ``export * as``, default
exports, path aliases, CommonJS) and receiver types, each with how sure it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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


def _sites(
    root: Path, file: str, qualified: str, own: bool = False
) -> list[tuple[str, str, str, str]]:
    """(file, the line's text, how, role) of each site of the definition ``qualified``
    (``own``: its uses, as explain and impact read them; else what a rename takes)."""
    project = _project(root)
    parsed = project.file(file)
    assert parsed is not None
    model = model_for(parsed.language)
    target = next(t for t in model.definitions(project, parsed) if t.qualified == qualified)
    out = []
    read = model.uses if own else model.references
    for site in read(project, target, model.candidate_files(project, target)):
        user = project.file(site.file)
        assert user is not None
        word = user.data[site.start : site.end].decode()
        assert word == target.name
        out.append((site.file, user.line_text(site.line), site.how, site.role))
    return out


def _labelled(root: Path, file: str, qualified: str, under: str = "") -> set[tuple[str, str]]:
    """(the ``// label`` ending the line, how) of each reference to ``qualified`` (in
    the files under ``under`` when given)."""
    return {
        (text.split("// ")[-1], how)
        for f, text, how, role in _sites(root, file, qualified)
        if role == "reference" and f.startswith(under)
    }


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


def test_a_shorthand_property_is_a_sure_reference_that_keeps_its_key(make_repo):
    """``{ make }`` uses the binding ``make`` and names the key ``make``: a rename writes
    ``{ make: build }`` there (the key stays, as TypeScript's own rename does)."""
    root = make_repo(SHAPES)
    sites = _sites(root, "lib/shape.ts", "make")
    assert ("app/main.ts", "const table = { make };", RESOLVED, "reference") in sites
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


def test_overload_signatures_are_declarations_of_their_function(make_repo):
    root = make_repo(
        {
            "lib/pick.ts": (
                "export function pick(s: string): string;\n"
                "export function pick(n: number): number;\n"
                "export function pick(x: any): any { return x; }\n"
                "export const p = pick(1);\n"
            ),
        }
    )
    sites = _sites(root, "lib/pick.ts", "pick")
    assert [(text.split("(")[0], role) for _, text, _, role in sites] == [
        ("export function pick", "definition"),
        ("export function pick", "definition"),
        ("export function pick", "definition"),
        ("export const p = pick", "reference"),
    ]


def test_a_receiver_typed_by_a_function_imported_through_a_reexport(make_repo):
    root = make_repo(
        {**SHAPES, "app/chain.ts": "import { make } from '../lib';\nmake(1).area();\n"}
    )
    # make comes through lib/index.ts's `export * from './shape'`; it returns a Square
    square = _sites(root, "lib/shape.ts", "Square.area")
    assert ("app/chain.ts", "make(1).area();", BY_TYPE, "reference") in square
    circle = _sites(root, "lib/shape.ts", "Circle.area")
    assert not any(f == "app/chain.ts" for f, _, _, _ in circle)


RANGES = {
    "lib/range.js": ("class Range {\n  test(v) { return true; }\n}\nmodule.exports = Range;\n"),
    "lib/satisfies.js": (
        "const Range = require('./range');\n"
        "const satisfies = (version, range) => {\n"
        "  try {\n    range = new Range(range);\n  } catch (er) {\n    return false;\n  }\n"
        "  return range.test(version);\n"
        "};\n"
        "const max = (versions, range) => {\n"
        "  let r = null;\n  r = new Range(range);\n"
        "  return versions.filter((v) => r.test(v));\n"
        "};\n"
        "const unknown = (thing) => thing.test(1);\n"
        "module.exports = { satisfies, max, unknown };\n"
    ),
    "test/range.js": (
        "const { test } = require('tap');\n"
        "const Range = require('../lib/range');\n"
        "test('range', (t) => {\n  t.test('inner', (t2) => t2.end());\n"
        "  t.ok(new Range().test('1'));\n});\n"
    ),
}


def test_javascript_receivers_typed_by_what_the_code_assigns_and_packages_left_out(make_repo):
    root = make_repo(RANGES)
    sites = _sites(root, "lib/range.js", "Range.test")
    refs = {(f, text.strip(), how) for f, text, how, role in sites if role == "reference"}
    # a parameter or `let r = null` that the code assigns `new Range()` is a Range
    assert ("lib/satisfies.js", "return range.test(version);", BY_TYPE) in refs
    assert ("lib/satisfies.js", "return versions.filter((v) => r.test(v));", BY_TYPE) in refs
    # an untyped parameter stays a candidate
    assert ("lib/satisfies.js", "const unknown = (thing) => thing.test(1);", BY_NAME) in refs
    # tap's `test` (destructured from the package) and its callback's `t` are tap's
    assert ("test/range.js", "t.ok(new Range().test('1'));", BY_TYPE) in refs
    assert not any(f == "test/range.js" and how == BY_NAME for f, _, how in refs)


def test_an_access_shaped_like_another_type_s_member_is_not_a_candidate(make_repo):
    root = make_repo(
        {
            "lib/effects.ts": (
                "export interface EffectsDef { innerType: number }\n"
                "export class Effects {\n"
                "  innerType(): number { return 1; }\n"
                "  get size(): number { return 2; }\n"
                "}\n"
                "export const f = (x: any, d: any) =>\n"
                "  x.innerType() + d.innerType + x.size;\n"
            ),
        }
    )
    line = "x.innerType() + d.innerType + x.size;"
    method = _sites(root, "lib/effects.ts", "Effects.innerType")
    # a call is the method's candidate; a plain read is the interface's field
    assert [(t, how) for _, t, how, role in method if role == "reference"] == [(line, BY_NAME)]
    starts = {
        s.start
        for s in model_for("typescript").references(
            _project(root), *_target_and_files(root, "lib/effects.ts", "Effects.innerType")
        )
        if s.role == "reference"
    }
    text = (root / "lib/effects.ts").read_bytes()
    assert [text[s : s + 12] for s in starts] == [b"innerType() "]
    # a getter is read like a field: x.size is its candidate
    size = _sites(root, "lib/effects.ts", "Effects.size")
    assert [(t, how) for _, t, how, role in size if role == "reference"] == [(line, BY_NAME)]


def _target_and_files(root: Path, file: str, qualified: str) -> tuple[Any, list[str]]:
    project = _project(root)
    parsed = project.file(file)
    assert parsed is not None
    model = model_for(parsed.language)
    target = next(t for t in model.definitions(project, parsed) if t.qualified == qualified)
    return target, model.candidate_files(project, target)


def test_a_receiver_of_a_literal_object_type_is_not_a_class_instance(make_repo):
    loose = (
        "import { Square } from '../lib';\n"
        "export function f(opts: { area?: number }, { area = 0 }: { area?: number }) {\n"
        "  return opts.area;\n"
        "}\n"
    )
    root = make_repo({**SHAPES, "app/opts.ts": loose})
    square = _sites(root, "lib/shape.ts", "Square.area")
    assert not any(f == "app/opts.ts" for f, _, _, _ in square)


CACHE = {
    "lib/lrucache.js": (
        "class LRUCache {\n"
        "  constructor () {\n    this.map = new Map();\n  }\n"
        "  set (k, v) { this.map.set(k, v); return this; }\n"
        "}\n"
        "module.exports = LRUCache;\n"
    ),
    "lib/version.js": ("class Version {\n  bump () { return 1; }\n}\nmodule.exports = Version;\n"),
    "lib/parse.js": (
        "const Version = require('./version');\n"
        "const parse = (v) => {\n"
        "  if (v instanceof Version) {\n    return v;\n  }\n"
        "  try {\n    return new Version(v);\n  } catch (er) {\n    return null;\n  }\n"
        "};\n"
        "module.exports = parse;\n"
    ),
    "lib/range.js": (
        "const LRU = require('./lrucache');\n"
        "const parse = require('./parse');\n"
        "const cache = new LRU();\n"
        "class Range {\n"
        "  constructor (raw) {\n    this.set = [raw];\n  }\n"
        "  add (other) { cache.set(1, 2); return other.set.length + parse('1').bump(); }\n"
        "}\n"
        "module.exports = Range;\n"
    ),
}


def test_javascript_instances_through_require_aliases_returns_and_constructor_fields(make_repo):
    root = make_repo(CACHE)
    cache_set = _sites(root, "lib/lrucache.js", "LRUCache.set")
    refs = {(f, text, how) for f, text, how, role in cache_set if role == "reference"}
    # `new LRU()` is an LRUCache (the class lib/lrucache.js exports); this.map is a Map;
    # `other.set.length` reads a field (Range's this.set), not the method
    line = "add (other) { cache.set(1, 2); return other.set.length + parse('1').bump(); }"
    assert refs == {("lib/range.js", line, BY_TYPE)}
    # parse returns a Version (`return new Version(v)`, or v checked instanceof Version)
    bump = _sites(root, "lib/version.js", "Version.bump")
    assert ("lib/range.js", line, BY_TYPE) in {(f, t, h) for f, t, h, _ in bump}


FLUENT = {
    "lib/types.ts": (
        "export class Str {\n"
        "  static create = (): Str => new Str();\n"
        "  min(n: number): this { return this; }\n"
        "  max(n: number) { return this._add(n); }\n"
        "  _add(n: number) { return new Str(); }\n"
        "  most = this.max;\n"
        "  static make(): Str;\n"
        "  static make(n?: number): Str { return new Str(); }\n"
        "}\n"
        "export class Num {\n"
        "  max(n: number): Num { return this; }\n"
        "}\n"
        "const stringType = Str.create;\n"
        "export { stringType as string };\n"
    ),
    "lib/index.ts": "export * from './types';\n",
    "test/str.test.ts": (
        "import * as z from '../lib';\nconst s = z.string().min(1);\ns.max(2).max(3);\n"
        "z.Str.make().max(4);\n"
        "z.string().most(5).max(6);\n"
    ),
}


def test_a_fluent_chain_is_typed_by_what_each_call_returns(make_repo):
    root = make_repo(FLUENT)
    # z.string() is Str.create (through `export *` and `as string`); min returns this;
    # max returns what _add returns: a Str; Num.max is never reached
    sites = _sites(root, "lib/types.ts", "Str.max")
    # an overloaded static method's signature states its return type; a field that
    # names a method (most = this.max) returns what that method returns
    assert [(f, how) for f, _, how, role in sites if role == "reference"] == [
        ("lib/types.ts", BY_TYPE),  # most = this.max
        ("test/str.test.ts", BY_TYPE),
        ("test/str.test.ts", BY_TYPE),
        ("test/str.test.ts", BY_TYPE),
        ("test/str.test.ts", BY_TYPE),
    ]
    assert not any(role == "reference" for *_, role in _sites(root, "lib/types.ts", "Num.max"))


def test_a_module_namespace_s_member_is_no_method_of_a_class(make_repo):
    """``P.when(..)``, where ``P`` is a module's namespace (imported as ``* as P``, or
    passed on as ``export { Pattern as P }``), calls the module's function: not a
    candidate for a class's method ``when`` (ts-pattern's ``MatchExpression.when``)."""
    root = make_repo(
        {
            "src/patterns.ts": "export function when(x: number): number {\n  return x\n}\n",
            "src/match.ts": (
                "export class Matcher {\n  when(x: number): number {\n    return x\n  }\n}\n"
            ),
            "src/index.ts": (
                "import * as Pattern from './patterns'\nexport { Pattern, Pattern as P }\n"
            ),
            "tests/a.test.ts": (
                "import { P } from '../src/index'\nimport * as Q from '../src/patterns'\n"
                "import { Matcher } from '../src/match'\n"
                "export const a = P.when(1)\nexport const b = Q.when(2)\n"
                "export function c(m: any) {\n  return m.when(3)\n}\n"
            ),
        }
    )
    sites = _sites(root, "src/match.ts", "Matcher.when")
    in_test = [(s[1], s[2]) for s in sites if s[0] == "tests/a.test.ts"]
    assert in_test == [("return m.when(3)", BY_NAME)]  # not P.when, Q.when


def test_a_receiver_typed_by_a_union_alias_is_an_instance_of_its_members(make_repo):
    """``type Result<T, E> = Ok<T, E> | Err<T, E>`` (neverthrow's): a value declared
    ``Result`` is an ``Ok`` or an ``Err``, so ``good().mapErr(..)`` reaches both
    ``mapErr`` methods by type; it had been taken for another type's instance, and
    listed nowhere."""
    root = make_repo(
        {
            "src/result.ts": (
                "export class Ok<T, E> {\n  mapErr(f: (e: E) => E): Result<T, E> {\n"
                "    return this\n  }\n}\n"
                "export class Err<T, E> {\n  mapErr(f: (e: E) => E): Result<T, E> {\n"
                "    return this\n  }\n}\n"
                "export type Result<T, E> = Ok<T, E> | Err<T, E>\n"
            ),
            "src/use.ts": (
                "import { Result, Ok } from './result'\n"
                "function good(): Result<number, string> {\n  return new Ok()\n}\n"
                "export const a = good().mapErr((e) => e)\n"
            ),
        }
    )
    sites = _sites(root, "src/result.ts", "Err.mapErr", own=True)
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("export const a = good().mapErr((e) => e)", BY_TYPE)
    ]
    # a rename of Err.mapErr alone would leave the call failing on an Ok: unsure
    sites = _sites(root, "src/result.ts", "Err.mapErr")
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("export const a = good().mapErr((e) => e)", BY_NAME)
    ]


def test_an_awaited_thenable_is_what_it_resolves_to(make_repo):
    """``class ResultAsync implements PromiseLike<Result>``: ``const r = await thrued``
    with ``thrued`` a ``ResultAsync`` is a ``Result`` (an ``Ok`` or an ``Err``)."""
    root = make_repo(
        {
            "src/result.ts": (
                "export class Ok<T> {\n  unwrap(): T {\n    return undefined as any\n  }\n}\n"
                "export class Err<T> {\n  unwrap(): T {\n    return undefined as any\n  }\n}\n"
                "export type Result<T> = Ok<T> | Err<T>\n"
                "export class ResultAsync<T> implements PromiseLike<Result<T>> {\n"
                "  then(f: any): any {\n    return f\n  }\n"
                "  map(): ResultAsync<T> {\n    return this\n  }\n}\n"
            ),
            "src/use.ts": (
                "import { ResultAsync } from './result'\n"
                "export async function f(a: ResultAsync<number>) {\n"
                "  const thrued = a.map()\n"
                "  const result = await thrued\n"
                "  return result.unwrap()\n"
                "}\n"
            ),
        }
    )
    sites = _sites(root, "src/result.ts", "Err.unwrap", own=True)
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("return result.unwrap()", BY_TYPE)
    ]


def test_an_awaited_call_of_a_promise_returning_method_is_the_promised_type(make_repo):
    """purify's ``const maybe = await this.run()`` of a ``run(): Promise<Maybe<T>>``, in
    an arrow function of a method: a ``Maybe`` (it had been the ``Promise``, so the
    member's use was "unrelated" and a rename left it)."""
    root = make_repo(
        {
            "src/box.ts": (
                "export interface Box<T> {\n  toList(): T[]\n}\n"
                "function wrap<T>(f: () => Promise<T>): Promise<T> {\n  return f()\n}\n"
                "export class Lazy<T> {\n"
                "  constructor(private f: () => Box<T>) {}\n"
                "  async run(): Promise<Box<T>> {\n    return this.f()\n  }\n"
                "  async awaited(): Promise<T[]> {\n"
                "    const b = await this.run()\n    return b.toList()\n  }\n"
                "  nested(): Promise<T[]> {\n"
                "    return wrap(async () => {\n"
                "      const inner = await this.run()\n      return inner.toList()\n    })\n  }\n"
                "  then_(): Promise<T[]> {\n"
                "    return this.run().then((c) => c.toList())\n  }\n"
                "  own(): T[] {\n"
                "    return new Chain().then((d) => d.toList())\n  }\n"
                "}\n"
                "class Chain {\n"
                "  then(f: (x: any) => any): any {\n    return f([])\n  }\n}\n"
            ),
        }
    )
    sites = _sites(root, "src/box.ts", "Box.toList", own=True)
    assert [(s[1], s[2]) for s in sites if "return" in s[1]] == [
        ("return b.toList()", BY_TYPE),
        ("return inner.toList()", BY_TYPE),
        # ``.then``'s callback takes what the promise resolves to
        ("return this.run().then((c) => c.toList())", BY_TYPE),
        # a class's own ``then`` passes what it likes: a candidate by name only
        ("return new Chain().then((d) => d.toList())", BY_NAME),
    ]


def test_an_imported_value_of_a_stated_type_has_that_type_s_members(make_repo):
    """purify's ``export const NonEmptyList: NonEmptyListTypeRef = ...`` beside the
    interface ``NonEmptyList``: an importer's ``NonEmptyList.fromArray(x)`` returns what
    ``NonEmptyListTypeRef.fromArray`` states (a ``Box``), as with a declared variable."""
    root = make_repo(
        {
            "src/box.ts": "export interface Box<T> {\n  toList(): T[]\n}\n",
            "src/list.ts": (
                "import { Box } from './box'\n"
                "export interface List<T> {\n  first(): T\n}\n"
                "export interface ListTypeRef {\n"
                "  fromArray<T>(source: readonly T[]): Box<List<T>>\n}\n"
                "export const List: ListTypeRef = {\n"
                "  fromArray: (source: any): any => source,\n}\n"
            ),
            "src/use.ts": "import { List } from './list'\nexport const a = List.fromArray([1]).toList()\n",
        }
    )
    sites = _sites(root, "src/box.ts", "Box.toList", own=True)
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("export const a = List.fromArray([1]).toList()", BY_TYPE)
    ]


EITHER = {
    "src/either.ts": (
        "export interface Either<L, R> {\n"
        "  isLeft(): boolean\n"
        "  mapLeft<L2>(f: (l: L) => L2): Either<L2, R>\n}\n"
        "export interface EitherAsync<L, R> extends PromiseLike<Either<L, R>> {\n"
        "  mapLeft<L2>(f: (l: L) => L2): EitherAsync<L2, R>\n}\n"
        "export interface EitherAsyncTypeRef {\n"
        "  <L, R>(run: () => PromiseLike<R>): EitherAsync<L, R>\n}\n"
        "export const EitherAsync: EitherAsyncTypeRef = Object.assign(\n"
        "  (run: any): any => run,\n  {}\n)\n"
    ),
    "src/codec.ts": (
        "import { Either } from './either'\n"
        "export interface Codec<T> {\n"
        "  decode: (input: unknown) => Either<string, T>\n}\n"
        "export const Codec = {\n"
        "  custom<T>(decode: (input: unknown) => Either<string, T>): Codec<T> {\n"
        "    return { decode }\n  },\n}\n"
        "export const text = Codec.custom<string>((x: unknown) => x as any)\n"
    ),
    "src/use.ts": (
        "import { text } from './codec'\n"
        "import { EitherAsync } from './either'\n"
        "export const a = text.decode(1).mapLeft(String)\n"
        "export const b = EitherAsync(() => Promise.resolve(1)).mapLeft(String)\n"
    ),
}


def test_members_of_function_type_object_literals_and_call_signatures_are_typed(make_repo):
    """purify's ``Codec``: ``decode: (input: unknown) => Either<..>`` is a property of a
    function type; ``Codec.custom<T>(..)`` a method of the object literal ``const Codec =
    {..}``; ``EitherAsync(..)`` a call of a value whose stated type has a call signature.
    ``EitherAsync`` lacks ``Either``'s ``isLeft``: no value of it is an ``Either``, so its
    own ``mapLeft`` is another binding, in a rename too (it had been a candidate)."""
    root = make_repo(EITHER)
    sites = _sites(root, "src/either.ts", "Either.mapLeft", own=True)
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("export const a = text.decode(1).mapLeft(String)", BY_TYPE)
    ]
    renamed = _sites(root, "src/either.ts", "Either.mapLeft")
    assert [(s[1], s[2]) for s in renamed if s[0] == "src/use.ts"] == [
        ("export const a = text.decode(1).mapLeft(String)", BY_TYPE)
    ]


def test_a_call_of_a_value_a_function_type_states_is_typed(make_repo):
    """purify's ``Codec.custom({decode}: {decode: (v: unknown) => Either<..>})`` and
    ``const decode: Codec<any>['decode'] = ..``: ``decode(x)`` returns what the stated
    function type says, so its ``.mapLeft`` is ``Either``'s (it had been a candidate of
    every ``mapLeft``, ``EitherAsync``'s too)."""
    files = {
        **EITHER,
        "src/make.ts": (
            "import { Either } from './either'\n"
            "import { Codec } from './codec'\n"
            "export function custom<T>({ decode }: { decode: (v: unknown) => Either<string, T> }) {\n"
            "  return decode(1).mapLeft(String)\n}\n"
            "export function typed() {\n"
            "  const decode: Codec<any>['decode'] = (input: unknown) => input as any\n"
            "  return decode(2).mapLeft(String)\n}\n"
            "export function arrow() {\n"
            "  const decode: (input: unknown) => Either<string, number> = (i) => i as any\n"
            "  return decode(3).mapLeft(String)\n}\n"
        ),
    }
    root = make_repo(files)
    for qualified, certainty in (("Either.mapLeft", BY_TYPE), ("EitherAsync.mapLeft", None)):
        sites = _sites(root, "src/either.ts", qualified, own=True)
        made = [(s[1].strip(), s[2]) for s in sites if s[0] == "src/make.ts"]
        if certainty is None:
            assert made == []
        else:
            assert made == [
                ("return decode(1).mapLeft(String)", BY_TYPE),
                ("return decode(2).mapLeft(String)", BY_TYPE),
                ("return decode(3).mapLeft(String)", BY_TYPE),
            ]


def test_a_type_that_has_every_member_of_an_interface_stays_a_candidate(make_repo):
    """A type that has all of ``Either``'s members may be given where an ``Either`` is
    expected (structural typing): its member stays a candidate for a rename."""
    files = {
        **EITHER,
        "src/either.ts": EITHER["src/either.ts"].replace(
            "  mapLeft<L2>(f: (l: L) => L2): EitherAsync<L2, R>\n",
            "  isLeft(): boolean\n  mapLeft<L2>(f: (l: L) => L2): EitherAsync<L2, R>\n",
        ),
    }
    root = make_repo(files)
    renamed = _sites(root, "src/either.ts", "Either.mapLeft")
    assert [(s[1], s[2]) for s in renamed if s[0] == "src/use.ts"] == [
        ("export const a = text.decode(1).mapLeft(String)", BY_TYPE),
        ("export const b = EitherAsync(() => Promise.resolve(1)).mapLeft(String)", BY_NAME),
    ]


def test_an_object_literal_of_a_stated_type_implements_its_members(make_repo):
    """purify's ``export const Maybe: MaybeTypeRef = { fromNullable(..) {..} }`` and a
    literal returned from a function stated to return the type: their keys are the
    interface's members (renamed with it); a literal of no stated type stays a
    candidate."""
    root = make_repo(
        {
            "src/ref.ts": (
                "export interface Ref {\n  fromNullable(x: unknown): unknown\n}\n"
                "export const Maybe: Ref = {\n  fromNullable(x: unknown) {\n    return x\n  },\n}\n"
                "export function make(): Ref {\n"
                "  const fromNullable = (x: unknown) => x\n  return { fromNullable }\n}\n"
                "export const loose = { fromNullable: (x: unknown) => x }\n"
            ),
        }
    )
    sites = _sites(root, "src/ref.ts", "Ref.fromNullable")
    assert [(s[1].strip(), s[2]) for s in sites if s[3] != "definition"] == [
        ("fromNullable(x: unknown) {", BY_TYPE),
        ("return { fromNullable }", BY_TYPE),
        ("export const loose = { fromNullable: (x: unknown) => x }", BY_NAME),
    ]


def test_a_static_field_of_a_class_has_its_stated_type(make_repo):
    """superjson's ``SuperJSON.defaultInstance.registerCustom``: the static field holds
    a ``SuperJSON``, whose instance method it is (not the static field of that name)."""
    root = make_repo(
        {
            "src/index.ts": (
                "export class SuperJSON {\n"
                "  registerCustom(name: string): void {}\n"
                "  static defaultInstance = new SuperJSON()\n"
                "  static registerCustom = SuperJSON.defaultInstance.registerCustom.bind(\n"
                "    SuperJSON.defaultInstance\n  )\n}\n"
            ),
        }
    )
    sites = _sites(root, "src/index.ts", "SuperJSON.registerCustom", own=True)
    assert [(s[1].strip(), s[2]) for s in sites if s[3] != "definition"] == [
        ("static registerCustom = SuperJSON.defaultInstance.registerCustom.bind(", BY_TYPE)
    ]


def test_a_prototype_s_member_and_a_thenable_interface_s_own_are_told_apart(make_repo):
    """purify: ``Right.prototype.alt`` is the class's instance member; an
    ``EitherAsync`` (``extends PromiseLike<Either>``) has ``then``, which no ``Either``
    has, so ``x.caseOf(..)`` on an ``Either`` is no candidate for ``EitherAsync.caseOf``
    in a rename (it had stopped the rename as a site prx could not tie)."""
    root = make_repo(
        {
            "src/either.ts": (
                "export interface Either<L, R> {\n"
                "  caseOf(p: unknown): unknown\n  alt(o: Either<L, R>): Either<L, R>\n}\n"
                "export class Right<L, R> implements Either<L, R> {\n"
                "  caseOf(p: unknown): unknown {\n    return p\n  }\n"
                "  alt(o: Either<L, R>): Either<L, R> {\n    return this\n  }\n}\n"
                "(Right.prototype as any)['fantasy-land/alt'] = Right.prototype.alt\n"
                "export interface EitherAsync<L, R> extends PromiseLike<Either<L, R>> {\n"
                "  caseOf(p: unknown): Promise<unknown>\n}\n"
                "export class EitherAsyncImpl<L, R> implements EitherAsync<L, R> {\n"
                "  constructor(private e: Either<L, R>) {}\n"
                "  async run(): Promise<Either<L, R>> {\n    return this.e\n  }\n"
                "  then(f: any): any {\n    return this.run().then(f)\n  }\n"
                "  caseOf(p: unknown): Promise<unknown> {\n"
                "    return this.run().then((x) => x.caseOf(p))\n  }\n}\n"
            ),
        }
    )
    alt = _sites(root, "src/either.ts", "Right.alt", own=True)
    assert [(s[1], s[2]) for s in alt if s[3] != "definition"] == [
        ("(Right.prototype as any)['fantasy-land/alt'] = Right.prototype.alt", BY_TYPE)
    ]
    renamed = _sites(root, "src/either.ts", "EitherAsync.caseOf")
    assert [s[1].strip() for s in renamed] == [
        "caseOf(p: unknown): Promise<unknown>",
        "caseOf(p: unknown): Promise<unknown> {",
    ]


def test_a_promise_a_field_states_and_an_awaited_call_in_parentheses_are_resolved(make_repo):
    """neverthrow's ``this._promise.then((res) => res.match(..))`` with ``private
    _promise: Promise<Result<T, E>>``, and ``(await promiseBad()).mapErr(..)``."""
    root = make_repo(
        {
            "src/box.ts": (
                "export interface Box<T> {\n  toList(): T[]\n}\n"
                "export class Later<T> {\n"
                "  constructor(private _promise: Promise<Box<T>>) {}\n"
                "  list(): Promise<T[]> {\n"
                "    return this._promise.then((res) => res.toList())\n  }\n}\n"
                "async function boxed(): Promise<Box<number>> {\n  return undefined as any\n}\n"
                "export async function use(): Promise<number[]> {\n"
                "  return (await boxed()).toList()\n}\n"
            ),
        }
    )
    sites = _sites(root, "src/box.ts", "Box.toList", own=True)
    assert [(s[1].strip(), s[2]) for s in sites if s[3] != "definition"] == [
        ("return this._promise.then((res) => res.toList())", BY_TYPE),
        ("return (await boxed()).toList()", BY_TYPE),
    ]


def test_a_callback_s_parameter_has_the_type_the_callee_states(make_repo):
    """superjson's ``compositeTransformation(.., (v, a, superJson) => superJson
    .classRegistry.getValue(a))``: the callee states ``untransform: (v: O, a: A,
    superJson: SuperJSON) => I``, so ``superJson`` is a ``SuperJSON`` and its field
    ``classRegistry`` (``= new Registry()``) a ``Registry``."""
    root = make_repo(
        {
            "src/registry.ts": (
                "export class Registry {\n  getValue(key: string): unknown {\n"
                "    return key\n  }\n}\n"
                "export class Cache {\n  getValue(key: string): unknown {\n"
                "    return key\n  }\n}\n"
            ),
            "src/index.ts": (
                "import { Registry } from './registry'\n"
                "export class SuperJSON {\n  readonly classRegistry = new Registry()\n}\n"
            ),
            "src/transformer.ts": (
                "import { SuperJSON } from './index'\n"
                "function composite(untransform: (v: unknown, superJson: SuperJSON) => unknown) {\n"
                "  return untransform\n}\n"
                "export const rule = composite((v, superJson) => superJson.classRegistry.getValue('x'))\n"
                "export const loose = [1].map((v: any) => v.getValue('y'))\n"
            ),
        }
    )
    sites = _sites(root, "src/registry.ts", "Registry.getValue", own=True)
    assert [(s[1], s[2]) for s in sites if s[0] == "src/transformer.ts"] == [
        (
            "export const rule = composite((v, superJson) => superJson.classRegistry.getValue('x'))",
            BY_TYPE,
        ),
        ("export const loose = [1].map((v: any) => v.getValue('y'))", BY_NAME),
    ]


def test_a_name_exported_under_another_s_name_is_what_the_export_gives(make_repo):
    """purify's ``export { just as Just }`` beside a private ``class Just``: an importer's
    ``Just(5)`` calls the function ``just``, whose stated type is the interface."""
    root = make_repo(
        {
            "src/maybe.ts": (
                "export interface Maybe<T> {\n  ifJust(f: () => void): this\n}\n"
                "class Just<T> implements Maybe<T> {\n"
                "  constructor(private value: T) {}\n"
                "  ifJust(f: () => void): this {\n    return this\n  }\n}\n"
                "const just = <T>(value: T): Maybe<T> => new Just(value)\n"
                "export { just as Just }\n"
            ),
            "src/use.ts": "import { Just } from './maybe'\nexport const a = Just(5).ifJust(() => {})\n",
        }
    )
    sites = _sites(root, "src/maybe.ts", "Maybe.ifJust", own=True)
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("export const a = Just(5).ifJust(() => {})", BY_TYPE)
    ]


def test_the_class_s_name_reaches_its_static_member_and_super_its_parent_s(make_repo):
    """superjson's ``SuperJSON.stringify(x)`` is the static field that binds the
    default instance's method, not the instance method ``stringify``; a
    ``super.register(..)`` in a subclass's override calls the parent's ``register``."""
    root = make_repo(
        {
            "src/json.ts": (
                "export class Json {\n  stringify(x: unknown): string {\n    return ''\n  }\n"
                "  static stringify = (x: unknown) => new Json().stringify(x)\n}\n"
            ),
            "src/registry.ts": (
                "export class Registry {\n  register(v: string): void {}\n}\n"
                "export class Classes extends Registry {\n"
                "  register(v: string): void {\n    super.register(v)\n  }\n}\n"
            ),
            "src/use.ts": (
                "import { Json } from './json'\n"
                "export const a = Json.stringify(1)\n"
                "export const b = new Json().stringify(2)\n"
            ),
        }
    )
    sites = _sites(root, "src/json.ts", "Json.stringify", own=True)
    assert [(s[0], s[1].strip(), s[2]) for s in sites if s[3] != "definition"] == [
        ("src/json.ts", "static stringify = (x: unknown) => new Json().stringify(x)", BY_TYPE),
        ("src/use.ts", "export const b = new Json().stringify(2)", BY_TYPE),
    ]
    sites = _sites(root, "src/registry.ts", "Registry.register", own=True)
    assert [(s[1].strip(), s[2]) for s in sites if s[3] != "definition"] == [
        ("super.register(v)", BY_TYPE)
    ]
    sites = _sites(root, "src/registry.ts", "Classes.register", own=True)
    assert [s[1].strip() for s in sites if s[3] != "definition"] == []


def test_an_imported_instance_spelled_like_its_class_is_the_instance(make_repo):
    """purify exports ``const nothing = new Nothing()`` as ``Nothing``: an importer's
    ``Nothing.unwrap()`` is the instance method's use, not a static access."""
    root = make_repo(
        {
            "src/maybe.ts": (
                "class Nothing {\n  unwrap(): never {\n    throw new Error()\n  }\n}\n"
                "const nothing = new Nothing()\nexport { nothing as Nothing }\n"
            ),
            "src/use.ts": "import { Nothing } from './maybe'\nexport const a = () => Nothing.unwrap()\n",
        }
    )
    sites = _sites(root, "src/maybe.ts", "Nothing.unwrap", own=True)
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("export const a = () => Nothing.unwrap()", BY_TYPE)
    ]


def test_a_non_null_or_parenthesized_receiver_is_what_it_wraps(make_repo):
    """``o!.tee()`` with ``o: Ok | null`` is an ``Ok``'s call; ``(l).tee()`` with ``l:
    Lazy`` is a ``Lazy``'s, not a candidate."""
    root = make_repo(
        {
            "src/r.ts": (
                "export class Ok {\n  tee(): Ok {\n    return this\n  }\n}\n"
                "export class Lazy {\n  tee(): Lazy {\n    return this\n  }\n}\n"
            ),
            "src/use.ts": (
                "import { Ok, Lazy } from './r'\n"
                "export const a = (o: Ok | null) => o!.tee()\n"
                "export const b = (l: Lazy) => (l).tee()\n"
            ),
        }
    )
    sites = _sites(root, "src/r.ts", "Ok.tee")
    assert [(s[1], s[2]) for s in sites if s[0] == "src/use.ts"] == [
        ("export const a = (o: Ok | null) => o!.tee()", BY_TYPE)
    ]


@pytest.mark.parametrize(
    "receiver",
    [
        "a" + ".b" * 3000,  # fields
        "a" + ".m()" * 3000,  # a fluent chain of calls
        "(" * 3000 + "a" + ")" * 3000,  # parentheses
    ],
)
def test_a_hostile_chain_is_left_to_the_name(make_repo, receiver):
    """A receiver written thousands deep (``a.b.b..``, ``a.m().m()..``, ``((a))``) is
    not typed by reading each step in turn (that recursion would exhaust the stack and
    answer an internal error): it is a candidate."""
    root = make_repo(
        {
            "src/x.ts": (
                "export class Box {\n  toList(): number[] {\n    return []\n  }\n}\n"
                f"export function f(a: Outside) {{\n  return {receiver}.toList()\n}}\n"
            )
        }
    )
    sites = _sites(root, "src/x.ts", "Box.toList", own=True)
    assert [(s[2], s[3]) for s in sites if s[3] != "definition"] == [(BY_NAME, "reference")]


JSDOC = {
    "lib/command.js": (
        "class Option {\n"
        "  name() { return 'o'; }\n"
        "}\n"
        "class Command {\n"
        "  constructor() {\n"
        "    /** @type {Option[]} */\n"
        "    this.options = [];\n"
        "    /** @type {Array<Command>} */\n"
        "    this.commands = [];\n"
        "  }\n"
        "  name() { return 'c'; }\n"
        "  /**\n"
        "   * Lazy made.\n"
        "   * @return {(Command|null)}\n"
        "   */\n"
        "  _helpCommand() { return this._made; }\n"
        "  /**\n"
        "   * @param {Command} cmd - the subcommand\n"
        "   * @param {?Option} [opt]\n"
        "   * @param {Object} loose\n"
        "   */\n"
        "  add(cmd, opt, loose) {\n"
        "    cmd.name(); // add cmd\n"
        "    opt.name(); // add opt\n"
        "    loose.name(); // add loose\n"
        "    this._helpCommand().name(); // help\n"
        "  }\n"
        "  /** @return {Option} */\n"
        "  _findOption(arg) { return this.options.find((o) => o.is(arg)); }\n"
        "  parse(args) {\n"
        "    let active = null;\n"
        "    let loop = null;\n"
        "    let other = null;\n"
        "    for (const arg of args) {\n"
        "      const option = this._findOption(arg);\n"
        "      active = option.variadic ? option : null;\n"
        "      loop = other;\n"
        "      other = loop;\n"
        "      active.name(); // active\n"
        "      loop.name(); // loop\n"
        "    }\n"
        "  }\n"
        "  /** @returns {Command} the new command */\n"
        "  command(spec) { const cmd = this.make(spec); return cmd; }\n"
        "  walk() {\n"
        "    this.options.forEach((o) => o.name()); // each option\n"
        "    this.commands.map((c, i) => c.name()); // each command\n"
        "    for (const c of this.commands) c.name(); // of commands\n"
        "    for (const o of this.options) { o.name(); } // of options\n"
        "    const previous = this.options.slice(-1)[0];\n"
        "    previous.name(); // last option\n"
        "    this.commands[0].name(); // first command\n"
        "    this.options.filter((o) => o.x).forEach((o) => o.name()); // filtered\n"
        "    this.commands['k'].name(); // keyed\n"
        "  }\n"
        "}\n"
        "function pick(x) {\n"
        "  /** @type {Option} */\n"
        "  let found = null;\n"
        "  found = x.pick();\n"
        "  found.name(); // found\n"
        "  x.name(); // untyped\n"
        "}\n"
        "class Help {\n"
        "  /**\n"
        "   * @param {Command} cmd\n"
        "   * @returns {Command[]}\n"
        "   */\n"
        "  visibleCommands(cmd) { return cmd.commands.slice(); }\n"
        "  /** @returns {Option[]} */\n"
        "  visibleOptions() { return []; }\n"
        "  /** @returns {Help} */\n"
        "  self() { return this; }\n"
        "  show(cmd) {\n"
        "    this.visibleCommands(cmd).map((c) => c.name()); // visible commands\n"
        "    this.visibleOptions().forEach((o) => o.name()); // visible options\n"
        "    for (const o of this.visibleOptions()) o.name(); // of visible options\n"
        "    this.self().forEach((o) => o.name()); // not an array\n"
        "  }\n"
        "  /** @param {Command} cmd */\n"
        "  sorted(cmd) {\n"
        "    const visible = cmd.commands.filter((c) => c);\n"
        "    visible.sort((a, b) => a.name()); // sorted commands\n"
        "    const opts = cmd.options.slice();\n"
        "    opts.sort((a, b) => a.name()); // sorted options\n"
        "  }\n"
        "}\n"
        "module.exports = { Option, Command, Help, pick };\n"
    ),
    "test/command.test.js": (
        "const { Command } = require('../lib/command');\n"
        "const sub = new Command().command('x');\n"
        "sub.name(); // sub\n"
        "function checkClass(obj) { return obj.constructor.name; } // constructor\n"
    ),
}


def test_jsdoc_states_the_types_of_parameters_returns_fields_and_variables(make_repo):
    root = make_repo(JSDOC)
    found = _labelled(root, "lib/command.js", "Option.name")
    # @param, @type on a variable or a constructor's field and an array's element
    # (forEach's callback, for-of, `xs.slice(-1)[0]`, `xs.filter(..)`'s; of a field or
    # of what a method states it returns) are Options (not one read by a string key); a Command from @param or @return (a union with null, a method whose
    # code returns an untyped variable) is not; a loose `{Object}`, an untyped
    # parameter and a callback of what is no array stay candidates by name; a variable
    # assigned only `option` (an Option) or null is an Option, two variables assigned
    # each other are unknown; the elements of a stated field of a typed parameter
    # (`cmd.commands`, through `filter`/`slice` and a variable) are typed; and
    # `obj.constructor.name` is a class's, no instance's
    assert found == {
        ("sorted options", BY_TYPE),
        ("active", BY_TYPE),
        ("loop", BY_NAME),
        ("last option", BY_TYPE),
        ("filtered", BY_TYPE),
        ("keyed", BY_NAME),
        ("visible options", BY_TYPE),
        ("of visible options", BY_TYPE),
        ("not an array", BY_NAME),
        ("add opt", BY_TYPE),
        ("add loose", BY_NAME),
        ("each option", BY_TYPE),
        ("of options", BY_TYPE),
        ("found", BY_TYPE),
        ("untyped", BY_NAME),
    }


def test_a_jsdoc_type_that_is_no_type_or_too_long_states_nothing(make_repo):
    huge = "Option|" * 5000
    root = make_repo(
        {
            "lib/o.js": (
                "class Option { name() { return 'o'; } }\n"
                "/** @param {Array<<<} a */\n"
                "function f(a) { a.name(); }\n"
                f"/** @param {{{huge}Option}} b */\n"
                "function g(b) { b.name(); }\n"
                "/** @param {Option b */\n"
                "function h(c) { c.name(); }\n"
                "module.exports = { Option, f, g, h };\n"
            )
        }
    )
    sites = _sites(root, "lib/o.js", "Option.name")
    # each stays a candidate by name, as an untyped parameter is
    assert [how for _, _, how, role in sites if role == "reference"] == [BY_NAME] * 3


def test_a_method_s_callback_parameter_has_the_type_its_declaration_file_states(make_repo):
    root = make_repo(
        {
            "lib/command.js": (
                "class Option { name() { return 'o'; } }\n"
                "class Command {\n"
                "  name() { return 'c'; }\n"
                "  /** @param {string} event\n   * @param {Function} listener */\n"
                "  hook(event, listener) { return this; }\n"
                "  each(fn) { return this; }\n"
                "}\n"
                "module.exports = { Option, Command };\n"
            ),
            "typings/index.d.ts": (
                "export class Option { name(): string; }\n"
                "export class Command {\n"
                "  name(): string;\n"
                "  hook(event: string, listener: (self: Command, action: Command) => void): this;\n"
                "  each(fn: (option: Option) => void): this;\n"
                "  configureHelp(configuration: HelpConfiguration): this;\n"
                "}\n"
                "export type HelpConfiguration = Partial<Help>;\n"
                "export class Help {\n"
                "  subcommandTerm(cmd: Command): string;\n"
                "  optionTerm: (option: Option) => string;\n"
                "}\n"
            ),
            "test/hook.test.js": (
                "const { Command } = require('../lib/command');\n"
                "const program = new Command();\n"
                "program.hook('preAction', (self, action) => action.name()); // action\n"
                "program.each((option) => option.name()); // option\n"
                "other.hook('x', (self, action) => action.name()); // unknown receiver\n"
                "program.configureHelp({\n"
                "  subcommandTerm: (cmd) => cmd.name(), // help's command\n"
                "  optionTerm(option) { return option.name(); }, // help's option\n"
                "  unknownTerm: (x) => x.name(), // no such member\n"
                "});\n"
            ),
        }
    )
    found = _labelled(root, "lib/command.js", "Option.name", "test/")
    # the .d.ts beside the JavaScript states hook's listener's parameters Commands and
    # each's an Option; an object given for a Partial<Help> takes Help's members'
    # parameter types; a receiver of unknown type leaves its callback's unknown too
    assert found == {
        ("option", BY_TYPE),
        ("help's option", BY_TYPE),
        ("no such member", BY_NAME),
        ("unknown receiver", BY_NAME),
    }


def test_a_variable_is_told_apart_by_what_a_class_extending_a_package_s_surely_has(make_repo):
    root = make_repo(
        {
            "lib/option.js": (
                "class Option { name() { return 'o'; } flags() { return ''; } }\n"
                "module.exports = { Option };\n"
            ),
            "lib/command.js": (
                "const { EventEmitter } = require('events');\n"
                "class Command extends EventEmitter {\n"
                "  constructor() { super(); this.args = []; }\n"
                "  name() { return 'c'; }\n"
                "  opts() { return {}; }\n"
                "}\n"
                "module.exports = { Command };\n"
            ),
            "test/my.test.js": (
                "const commander = require('../lib/option');\n"
                "class MyOption extends commander.Option { extra() { return 1; } }\n"
                "function inspect(command) { command.name(); command.opts(); } // inspect\n"
                "function look(thing) { thing.name(); } // look\n"
                "module.exports = { MyOption, inspect, look };\n"
            ),
        }
    )
    found = _labelled(root, "lib/option.js", "Option.name", "test/")
    # `command` reads `opts`, which no Option has and Command surely has (its own,
    # whatever EventEmitter adds); MyOption extends `commander.Option`, an Option, whose
    # members are known: only `thing` stays a candidate
    assert found == {("look", BY_NAME)}


def test_a_module_s_own_export_destructured_is_no_class_member(make_repo):
    root = make_repo(
        {
            "lib/command.js": (
                "class Command { createCommand(n) { return new Command(); } }\n"
                "module.exports = { Command };\n"
            ),
            "index.js": (
                "const { Command } = require('./lib/command');\n"
                "exports.Command = Command;\n"
                "exports.createCommand = (n) => new Command(n);\n"
            ),
            "esm.mjs": (
                "import commander from './index.js';\n"
                "export const { createCommand } = commander; // esm\n"
            ),
            "test/t.test.js": (
                "const { createCommand, Command } = require('../index'); // require\n"
                "const { createCommand: made } = new Command(); // instance\n"
            ),
        }
    )
    sites = _sites(root, "lib/command.js", "Command.createCommand")
    found = {(f, text.split("// ")[-1], how) for f, text, how, role in sites if role == "reference"}
    # index.js exports its own `createCommand`: destructured from the module (required
    # or imported), it is that export; from an instance, the method
    assert found == {("test/t.test.js", "instance", BY_TYPE)}


def test_values_defined_by_each_other_are_read_once_and_left_unknown(make_repo):
    """A hostile file's cycles (two constants each the other's ``filter``, two variables
    assigned each other, a chain of arrays) end: the receivers stay candidates by name
    instead of recursing without end."""
    root = make_repo(
        {
            "lib/o.js": (
                "class Option { name() { return 'o'; } }\n"
                "function f() {\n"
                "  const a = b.filter((x) => x);\n"
                "  const b = a.filter((x) => x);\n"
                "  a.forEach((o) => o.name()); // elements\n"
                "  const c = d.pick();\n"
                "  const d = c.pick();\n"
                "  c.name(); // calls\n"
                "  let e = null; let g = null;\n"
                "  e = g; g = e;\n"
                "  e.name(); // assigned\n"
                "}\n"
                "module.exports = { Option, f };\n"
            )
        }
    )
    found = _labelled(root, "lib/o.js", "Option.name")
    assert found == {("elements", BY_NAME), ("calls", BY_NAME), ("assigned", BY_NAME)}


def test_a_local_helper_s_parameter_has_the_type_every_call_passes(make_repo):
    root = make_repo(
        {
            "lib/o.js": (
                "class Option { name() { return 'o'; } }\n"
                "class Argument { name() { return 'a'; } }\n"
                "function run(args) {\n"
                "  const parse = (argument, value) => argument.name(); // helper\n"
                "  const twice = (thing) => thing.name(); // passed on\n"
                "  const mixed = (either) => either.name(); // mixed\n"
                "  const a = new Argument();\n"
                "  parse(a, 1);\n"
                "  parse(new Argument(), 2);\n"
                "  args.map(twice);\n"
                "  mixed(a);\n"
                "  mixed(new Option());\n"
                "}\n"
                "function top(argument) { return argument.name(); } // module function\n"
                "top(new Argument());\n"
                "module.exports = { Option, Argument, run, top };\n"
            )
        }
    )
    found = _labelled(root, "lib/o.js", "Option.name")
    # `parse` is only called, each time with an Argument: not an Option's; `twice` is
    # passed on (its callers unknown), `mixed` takes an Option too, and a module's own
    # function may be called from elsewhere: candidates
    assert found == {
        ("passed on", BY_NAME),
        ("mixed", BY_NAME),
        ("module function", BY_NAME),
    }


def test_a_declaration_file_s_class_method_is_an_instance_member(make_repo):
    root = make_repo(
        {
            "lib/option.js": (
                "class Option { name() { return 'o'; } }\nmodule.exports = { Option };\n"
            ),
            "typings/index.d.ts": (
                "export class Option { name(): string; static make(): Option; }\n"
                "export interface Named { name(): string; }\n"
            ),
            "test/option.test.js": (
                "const { Option } = require('../lib/option');\n"
                "function check(obj) { return obj.constructor.name; } // constructor\n"
                "function label(x) { return x.name(); } // unknown receiver\n"
                "new Option().name(); // instance\n"
            ),
        }
    )
    # a method a .d.ts class declares without a body is its instances' (no static
    # one), so `obj.constructor.name` (the class's own name) is none of its uses
    uses = {
        (text.split("// ")[-1], how)
        for f, text, how, role in _sites(root, "typings/index.d.ts", "Option.name", own=True)
        if f.startswith("test/")
    }
    assert uses == {("unknown receiver", BY_NAME), ("instance", BY_TYPE)}


def test_a_variable_given_a_field_has_the_field_s_stated_type(make_repo):
    root = make_repo(
        {
            "lib/command.ts": (
                "export class Option { name(): string { return 'o'; } }\n"
                "export class Command {\n"
                "  parent: Command | null = null;\n"
                "  name(): string { return 'c'; }\n"
                "}\n"
            ),
            "lib/help.ts": (
                "import { Command } from './command';\n"
                "export function path(cmd: Command, x: any): string {\n"
                "  let out = '';\n"
                "  for (let up = cmd.parent; up; up = up.parent) out += up.name(); // loop\n"
                "  const other = x.parent;\n"
                "  return out + other.name(); // unknown\n"
                "}\n"
            ),
        }
    )
    # `let up = cmd.parent` is a Command, as the field states: its `name` is Command's
    assert _labelled(root, "lib/command.ts", "Option.name", "lib/help") == {("unknown", BY_NAME)}
    assert _labelled(root, "lib/command.ts", "Command.name", "lib/help") == {
        ("loop", BY_TYPE),
        ("unknown", BY_NAME),
    }


def test_a_field_read_through_the_one_class_the_members_read_show(make_repo):
    root = make_repo(
        {
            "lib/command.js": (
                "class Argument { name() { return 'a'; } }\n"
                "class Option { name() { return 'o'; } }\n"
                "class Command {\n"
                "  constructor() {\n"
                "    /** @type {Argument[]} */\n"
                "    this.registeredArguments = [];\n"
                "    /** @type {Option[]} */\n"
                "    this.options = [];\n"
                "  }\n"
                "}\n"
                "class Sub extends Command {}\n"
                "class Other { constructor() { this.options = []; } }\n"
                "module.exports = { Argument, Option, Command, Sub, Other };\n"
            ),
            "test/args.test.js": (
                "const { Command } = require('../lib/command');\n"
                "test.each(cases)('%s', (method, cmd) => {\n"
                "  cmd.registeredArguments[0].name(); // duck\n"
                "});\n"
                "test.each(cases)('%s', (method, cmd) => {\n"
                "  cmd.options[0].name(); // two classes have options\n"
                "});\n"
            ),
        }
    )
    # only Command (and Sub, below it) has `registeredArguments`: the element is an
    # Argument; `options` is also Other's, so that receiver stays unknown
    assert _labelled(root, "lib/command.js", "Argument.name", "test/") == {
        ("duck", BY_TYPE),
        ("two classes have options", BY_NAME),
    }
    assert _labelled(root, "lib/command.js", "Option.name", "test/") == {
        ("two classes have options", BY_NAME),
    }


def test_a_variable_given_one_export_of_a_require_is_an_import_of_it(make_repo):
    root = make_repo(
        {
            "lib/utils.js": (
                "function isSpace(code) { return code === 32; }\n"
                "function other() {}\n"
                "exports.isSpace = isSpace;\n"
                "exports.other = other;\n"
            ),
            "lib/state.js": (
                "'use strict';\n"
                "var isSpace = require('./utils').isSpace;\n"
                "var blank = require('./utils').other;\n"
                "module.exports = function (c) { return isSpace(c) && blank(); };\n"
            ),
        }
    )
    # `var isSpace = require('./utils').isSpace` binds the export as an import would
    impact = prx.impact("lib/utils.js", symbol="isSpace", root=root)
    assert [(d.file, d.lines) for d in impact.dependents] == [("lib/state.js", (2, 4))]
    explained = prx.explain("isSpace", root=root)
    assert {(r.file, r.line) for r in explained.references} >= {
        ("lib/state.js", 2),
        ("lib/state.js", 4),
    }
    other = prx.impact("lib/utils.js", symbol="other", root=root)
    assert [(d.file, d.names) for d in other.dependents] == [("lib/state.js", ("blank",))]
