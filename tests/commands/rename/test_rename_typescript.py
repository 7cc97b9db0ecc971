"""A TypeScript/JavaScript rename changes every site of the one binding named, and only
those (issue 28): imports and re-exports along, a same-named method of another class
left alone, a default export's importers left with their own names, and a shorthand
property (which a rename would turn into another property) left to the caller."""

from __future__ import annotations

from pathlib import Path

import pytest

import prx
from prx.core.errors import AmbiguousMatchError, InvalidArgumentError

SHAPES = {
    "lib/shape.ts": (
        "export class Square {\n"
        "  constructor(private side: number) {}\n"
        "  area(): number { return this.side * this.side; }\n"
        "}\n"
        "export class Circle {\n"
        "  area(): number { return 3; }\n"
        "}\n"
        "export function make(n: number): Square { return new Square(n); }\n"
        "export default function helper(): number { return 1; }\n"
    ),
    "lib/index.ts": "export * from './shape';\nexport { make } from './shape';\n",
    "app/main.ts": (
        "import { Square, Circle, make } from '../lib';\n"
        "import helper from '../lib/shape';\n"
        "export function total(s: Square, c: Circle): number {\n"
        "  const q = new Square(make(2).area());\n"
        "  return s.area() + c.area() + q.area() + helper();\n"
        "}\n"
        "export const shadow = (make: number) => make + 1;\n"
    ),
    "app/table.ts": "import { make } from '../lib/shape';\nexport const table = { make };\n",
}


def _texts(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*.ts"))}


def test_a_method_is_renamed_with_its_typed_calls_not_another_class_s(make_repo):
    root = make_repo(SHAPES)
    # make(2).area(): make (through lib/index.ts's export *) states it returns a Square
    result = prx.rename("Circle.area", "surface", apply=True, root=root)
    assert result.applied
    shape = (root / "lib/shape.ts").read_text()
    assert "  surface(): number { return 3; }\n" in shape
    assert "  area(): number { return this.side * this.side; }\n" in shape
    main = (root / "app/main.ts").read_text()
    assert "  const q = new Square(make(2).area());\n" in main
    assert "  return s.area() + c.surface() + q.area() + helper();\n" in main


def test_a_function_is_renamed_through_reexports_and_imports(make_repo):
    root = make_repo({k: v for k, v in SHAPES.items() if k != "app/table.ts"})
    result = prx.rename("make", "build", apply=True, root=root)
    assert result.applied
    texts = _texts(root)
    assert "export function build(n: number)" in texts["lib/shape.ts"]
    assert texts["lib/index.ts"] == "export * from './shape';\nexport { build } from './shape';\n"
    assert "import { Square, Circle, build } from '../lib';\n" in texts["app/main.ts"]
    assert "  const q = new Square(build(2).area());\n" in texts["app/main.ts"]
    # a parameter of the same name is another binding
    assert "export const shadow = (make: number) => make + 1;\n" in texts["app/main.ts"]


def test_a_default_export_keeps_its_importers_names(make_repo):
    root = make_repo(SHAPES)
    result = prx.rename("helper", "one", apply=True, root=root)
    assert result.applied
    assert "export default function one()" in (root / "lib/shape.ts").read_text()
    main = (root / "app/main.ts").read_text()
    assert "import helper from '../lib/shape';\n" in main and "helper();" in main


def test_a_shorthand_property_keeps_its_key_and_names_the_renamed_binding(make_repo):
    # ``{ make }``: renamed ``{ make: build }``, so ``table.make`` still names the key
    # (purify's ``return { decode, encode }`` of a renamed local ``encode``).
    root = make_repo(SHAPES)
    done = prx.rename("make", "build", apply=True, root=root, check="never")
    assert done.applied
    table = (root / "app/table.ts").read_text()
    assert table == "import { build } from '../lib/shape';\nexport const table = { make: build };\n"


def test_commonjs_destructured_require_is_renamed_with_its_export(make_repo):
    root = make_repo(
        {
            "lib/consts.js": "const MAX = 256;\nmodule.exports = { MAX };\n",
            "lib/use.js": "const { MAX } = require('./consts');\nmodule.exports.top = MAX + 1;\n",
        }
    )
    result = prx.rename("MAX", "LIMIT", apply=True, root=root)
    assert result.applied
    assert (
        root / "lib/consts.js"
    ).read_text() == "const LIMIT = 256;\nmodule.exports = { LIMIT };\n"
    assert (root / "lib/use.js").read_text() == (
        "const { LIMIT } = require('./consts');\nmodule.exports.top = LIMIT + 1;\n"
    )


OVERLOADS = {
    "lib/box.ts": (
        "export class Box {\n"
        "  get(a: string): string;\n"
        "  get(a: number): number;\n"
        "  get(a: any): any { return a; }\n"
        "}\n"
        "export function pick(s: string): string;\n"
        "export function pick(n: number): number;\n"
        "export function pick(x: any): any { return x; }\n"
    ),
    "app/use.ts": (
        "import { Box, pick } from '../lib/box';\nexport const v = new Box().get(1) + pick(2);\n"
    ),
}


def test_an_overloaded_method_is_renamed_with_every_signature(make_repo):
    root = make_repo(OVERLOADS)
    result = prx.rename("Box.get", "fetch", apply=True, root=root)
    assert result.applied
    box = (root / "lib/box.ts").read_text()
    assert "get(" not in box and box.count("fetch(a:") == 3
    assert "new Box().fetch(1)" in (root / "app/use.ts").read_text()


def test_a_receiver_of_unknown_type_makes_apply_refuse_until_its_site_is_named(make_repo):
    root = make_repo(
        {
            **SHAPES,
            "app/loose.ts": (
                "import { Circle } from '../lib';\n"
                "export const typed = (c: Circle) => c.area();\n"
                "export const loose = (x: any) => x.area();\n"
            ),
        }
    )
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("Circle.area", "surface", apply=True, root=root)
    assert "app/loose.ts:3" in info.value.message
    result = prx.rename("Circle.area", "surface", apply=True, sites=["app/loose.ts:3"], root=root)
    assert result.applied
    assert (
        (root / "app/loose.ts")
        .read_text()
        .endswith("(c: Circle) => c.surface();\nexport const loose = (x: any) => x.surface();\n")
    )


def test_a_receiver_whose_union_holds_another_type_makes_apply_refuse(make_repo):
    root = make_repo(
        {
            "lib/result.ts": (
                "export interface IResult {\n  tee(): IResult\n}\n"
                "export class Ok implements IResult {\n  tee(): IResult { return this; }\n}\n"
                "export class Lazy {\n  tee(): Lazy { return this; }\n}\n"
                "export type Result = Ok | Lazy\n"
            ),
            "app/use.ts": (
                "import { Ok, Result } from '../lib/result';\n"
                "export const some = (o: Ok | null) => o?.tee();\n"
                "export const either = (r: Result) => r.tee();\n"
            ),
        }
    )
    # renamed, r.tee() would fail on a Lazy, which keeps its own tee
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("IResult.tee", "pass_on", apply=True, root=root)
    assert "app/use.ts:3" in info.value.message and "app/use.ts:2" not in info.value.message
    assert "pass_on" not in (root / "app/use.ts").read_text()


@pytest.mark.parametrize(("line", "renamed"), [(2, "new Json().text(2)"), (5, "Json.text(1)")])
def test_a_static_and_an_instance_member_of_one_name_are_renamed_apart(make_repo, line, renamed):
    root = make_repo(
        {
            "lib/json.ts": (
                "export class Json {\n  stringify(x: unknown): string {\n    return ''\n  }\n"
                "  static stringify = (x: unknown) => new Json().stringify(x)\n}\n"
            ),
            "app/use.ts": (
                "import { Json } from '../lib/json'\n"
                "export const a = Json.stringify(1)\n"
                "export const b = new Json().stringify(2)\n"
            ),
        }
    )
    result = prx.rename(f"lib/json.ts:{line}", "text", apply=True, root=root)
    assert result.applied
    use = (root / "app/use.ts").read_text()
    assert renamed in use and use.count("stringify") == 1  # the other binding kept its name
    json_ts = (root / "lib/json.ts").read_text()
    assert json_ts.count("stringify") == (1 if line == 2 else 2) and "text" in json_ts


def test_a_namespace_member_is_renamed_where_the_namespace_names_it(make_repo):
    root = make_repo(
        {
            "lib/util.ts": (
                "export namespace util {\n"
                "  export const toEnum = (xs: string[]) => xs;\n"
                "  export type Keys = string;\n"
                "}\n"
                "export const kinds = util.toEnum(['a']);\n"
            ),
            "lib/use.ts": (
                "import { util } from './util';\n"
                "export const more: util.Keys[] = util.toEnum(['b']);\n"
            ),
        }
    )
    result = prx.rename("util.toEnum", "asEnum", apply=True, root=root)
    assert result.applied
    assert "util.asEnum(['a'])" in (root / "lib/util.ts").read_text()
    assert (root / "lib/use.ts").read_text().endswith("util.asEnum(['b']);\n")
    keys = prx.explain("util.Keys", root=root)
    assert [(r.file, r.line) for r in keys.references] == [("lib/use.ts", 2)]


def test_a_destructured_static_member_is_renamed_with_the_local_it_binds(make_repo):
    # semver's shape: `const { ANY } = Comparator` binds a local ANY used below; renaming
    # the static getter renames the key and that local's uses, never the key alone.
    root = make_repo(
        {
            "lib/comparator.js": (
                "const ANY = Symbol('any')\n"
                "class Comparator {\n"
                "  static get ANY () {\n"
                "    return ANY\n"
                "  }\n"
                "}\n"
                "module.exports = Comparator\n"
            ),
            "lib/outside.js": (
                "const Comparator = require('./comparator')\n"
                "const { ANY } = Comparator\n"
                "module.exports = (c) => c === ANY\n"
            ),
        }
    )
    result = prx.rename("Comparator.ANY", "WILDCARD", apply=True, root=root)
    assert result.applied
    assert (root / "lib/outside.js").read_text() == (
        "const Comparator = require('./comparator')\n"
        "const { WILDCARD } = Comparator\n"
        "module.exports = (c) => c === WILDCARD\n"
    )
    # The module's own `const ANY` is another binding: left as it is.
    assert "const ANY = Symbol('any')\n" in (root / "lib/comparator.js").read_text()
    assert "    return ANY\n" in (root / "lib/comparator.js").read_text()


def test_an_object_key_naming_an_export_of_a_module_held_whole_is_unsure(make_repo):
    # semver's test of its constants: `t.match(constants, { MAX: Number })` describes
    # the module's exports by key. Renaming MAX leaves that key unsure: --apply refuses.
    root = make_repo(
        {
            "lib/constants.js": "const MAX = 256\nmodule.exports = { MAX }\n",
            "test/constants.js": (
                "const constants = require('../lib/constants')\n"
                "expect(constants).toMatchObject({ MAX: 256 })\n"
            ),
        }
    )
    before = (root / "test/constants.js").read_text()
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("MAX", "LIMIT", apply=True, root=root)
    assert "test/constants.js:2" in info.value.message
    assert (root / "test/constants.js").read_text() == before
    taken = prx.rename("MAX", "LIMIT", apply=True, sites=["test/constants.js:2"], root=root)
    assert taken.applied
    assert (
        "expect(constants).toMatchObject({ LIMIT: 256 })\n"
        in (root / "test/constants.js").read_text()
    )


@pytest.mark.parametrize("old", ["err", "src/result.ts:7"])
def test_a_function_whose_parameter_has_its_name_is_renamed_not_the_parameter(make_repo, old):
    # neverthrow's `export function err<E>(err: E): Err<E>`: the function's name is bound
    # around it, the parameter inside; had been taken for one binding (the build broke)
    root = make_repo(
        {
            "src/result.ts": (
                "export class Err<E> {\n"
                "  constructor(readonly error: E) {}\n"
                "}\n"
                "\n"
                "export function err<E extends string = string>(err: E): Err<E>\n"
                "export function err<E = unknown>(err: E): Err<E>\n"
                "export function err<E = unknown>(err: E): Err<E> {\n"
                "  return new Err(err)\n"
                "}\n"
            ),
            "src/use.js": "const { err } = require('./result')\nfunction f(f) {\n  return f\n}\n"
            "module.exports = { failed: err('x'), f }\n",
        }
    )
    prx.rename(old, "failure", apply=True, check="never", root=root)
    result = (root / "src/result.ts").read_text()
    assert result.count("export function failure<") == 3
    assert "(err: E)" in result and "  return new Err(err)\n" in result
    assert "failed: failure('x')" in (root / "src/use.js").read_text()
    prx.rename("src/use.js:2", "g", apply=True, check="never", root=root)
    assert "function g(f) {\n  return f\n}\n" in (root / "src/use.js").read_text()
    # the export is renamed with it (its importers would be too)
    assert "module.exports = { failed: failure('x'), g }" in (root / "src/use.js").read_text()


def test_a_member_of_a_namespace_object_passed_on_under_another_name_is_renamed(make_repo):
    # ts-pattern: `import * as Pattern from './patterns'; export { Pattern as P }`, then
    # `P.string` in the tests (left as it was, the build broke with status ok)
    root = make_repo(
        {
            "src/symbols.ts": "export const matcher = Symbol('m')\n",
            "src/patterns.ts": (
                "import { matcher } from './symbols'\n"
                "export { matcher }\n"
                "export const string = 'string'\n"
            ),
            "src/index.ts": (
                "import * as Pattern from './patterns'\nexport { Pattern, Pattern as P }\n"
            ),
            "tests/p.test.ts": (
                "import { P, Pattern } from '../src'\n"
                "import * as direct from '../src/patterns'\n"
                "const string = 'local'\n"
                "export const all = [P.string, Pattern.string, direct.string, string, P.matcher]\n"
            ),
        }
    )
    prx.rename("src/patterns.ts:3", "text", apply=True, check="never", root=root)
    assert "export const text = 'string'" in (root / "src/patterns.ts").read_text()
    test = (root / "tests/p.test.ts").read_text()
    assert "[P.text, Pattern.text, direct.text, string, P.matcher]" in test
    assert "const string = 'local'" in test
    prx.rename("matcher", "protocol", apply=True, check="never", root=root)
    assert (
        "[P.text, Pattern.text, direct.text, string, P.protocol]"
        in (root / "tests/p.test.ts").read_text()
    )


def test_a_class_whose_name_is_read_at_run_time_and_spelled_in_a_string_is_refused(make_repo):
    # commander: `this.name = this.constructor.name`, and a test comparing it with
    # 'InvalidArgumentError' (renamed, the test failed with status ok)
    files = {
        "lib/error.js": (
            "class CommanderError extends Error {\n"
            "  constructor(message) {\n"
            "    super(message);\n"
            "    this.name = this.constructor.name;\n"
            "  }\n"
            "}\n"
            "class InvalidArgumentError extends CommanderError {}\n"
            "class Quiet {}\n"
            "exports.InvalidArgumentError = InvalidArgumentError;\n"
            "exports.Quiet = Quiet;\n"
        ),
        "tests/error.test.js": (
            "const { InvalidArgumentError } = require('../lib/error');\n"
            "test('name', () => {\n"
            "  expect(new InvalidArgumentError('x').name).toBe('InvalidArgumentError');\n"
            "});\n"
        ),
    }
    root = make_repo(files)
    with pytest.raises(InvalidArgumentError) as info:
        prx.rename("InvalidArgumentError", "BadArgument", apply=True, check="never", root=root)
    assert "lib/error.js:4" in info.value.message
    assert "tests/error.test.js:3" in info.value.message
    assert (root / "lib/error.js").read_text() == files["lib/error.js"]
    # a class no string spells is renamed
    prx.rename("Quiet", "Silent", apply=True, check="never", root=root)
    assert "class Silent {}" in (root / "lib/error.js").read_text()
