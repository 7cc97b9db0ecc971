"""``prx explain`` of a TypeScript class member (issue 28): its references are the
accesses whose receiver is of its class (``this``, a typed parameter, ``new``), each with
how sure it is, and a receiver of unknown type is a candidate, not "unrelated"; a
same-named method of another class is not listed."""

from __future__ import annotations

FILES = {
    "src/shape.ts": (
        "export class Square {\n"
        "  area(): number { return 4; }\n"
        "  twice(): number { return this.area() * 2; }\n"
        "}\n"
        "export class Circle {\n"
        "  area(): number { return 3; }\n"
        "}\n"
    ),
    "src/use.ts": (
        "import { Square, Circle } from './shape';\n"
        "export function sum(s: Square, c: Circle, x: any): number {\n"
        "  return s.area() + c.area() + x.area();\n"
        "}\n"
    ),
    "src/shape.test.ts": (
        "import { Square } from './shape';\n"
        "test('area', () => { expect(new Square().area()).toBe(4); });\n"
    ),
}


def test_explain_a_method_lists_its_typed_uses_with_their_certainty(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "Square.area", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert [(d["file"], d["line"]) for d in data["definitions"]] == [("src/shape.ts", 2)]
    references = {(r["file"], r["line"], r["certainty"]) for r in data["references"]}
    assert references == {
        ("src/shape.ts", 3, "by_type"),  # this.area()
        ("src/use.ts", 3, "by_type"),  # s: Square (c: Circle is another class's)
    }
    assert [(t["file"], t["certainty"]) for t in data["tests"]] == [
        ("src/shape.test.ts", "by_type")
    ]


def test_an_overloaded_function_is_one_definition_and_a_shadowing_parameter_not_a_use(
    make_repo, run_cli
):
    root = make_repo(
        {
            "src/pick.ts": (
                "export function pick(s: string): string;\n"
                "export function pick(n: number): number;\n"
                "export function pick(x: any): any { return x; }\n"
                "export function twice(pick: number): number { return pick * 2; }\n"
                "export const p = pick(1);\n"
            ),
            "src/use.ts": "import { pick } from './pick';\nexport const q = pick('a');\n",
        }
    )
    done = run_cli("explain", "pick", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    # the implementation stands for the overload set; its signatures are no uses, and
    # twice's parameter `pick` is another binding
    assert [(d["file"], d["line"]) for d in data["definitions"]] == [("src/pick.ts", 3)]
    assert sorted((r["file"], r["line"]) for r in data["references"]) == [
        ("src/pick.ts", 5),
        ("src/use.ts", 2),
    ]


IMPORTS = {
    "src/lib/shape.ts": (
        "export function make(n: number): number { return n; }\n"
        "export default function helper(): number { return 1; }\n"
    ),
    "src/index.ts": "export * from './lib/shape';\n",
    "app/star.ts": "import { make } from '../src';\nexport const a = make(1);\n",
    "app/alias.ts": "import { make as build } from '@lib/shape';\nexport const b = build(2);\n",
    "app/space.ts": "import * as ns from '../src/lib/shape';\nexport const c = ns.make(3);\n",
    "app/deflt.ts": "import help from '../src/lib/shape';\nexport const d = help();\n",
    "test/shape.test.ts": (
        "import { it, expect } from 'vitest';\nimport { make } from '../src';\n"
        "it('makes', () => expect(make(4)).toBe(4));\n"
    ),
    "tsconfig.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@lib/*": ["src/lib/*"]}}}\n',
}


def test_explain_and_impact_follow_export_star_aliases_namespaces_and_defaults(make_repo, run_cli):
    root = make_repo(IMPORTS)
    data = run_cli("explain", "make", "--budget", "0", cwd=root).envelope["data"]
    # through `export *` (src/index.ts), a path alias and `as`, a namespace import
    assert sorted((r["file"], r["line"]) for r in data["references"]) == [
        ("app/alias.ts", 2),
        ("app/space.ts", 2),
        ("app/star.ts", 2),
    ]
    assert [(t["file"], t["line"]) for t in data["tests"]] == [("test/shape.test.ts", 3)]
    impact = run_cli("impact", "src/lib/shape.ts", "--symbol", "make", cwd=root).envelope
    hops1 = {d["file"] for d in impact["data"]["dependents"] if d["hops"] == 1}
    assert hops1 == {"app/alias.ts", "app/space.ts", "app/star.ts"}
    assert impact["data"]["reexports"] == ["src/index.ts"]
    # a default export is used under the name each importer gives it
    helper = run_cli("impact", "src/lib/shape.ts", "--symbol", "helper", cwd=root).envelope
    assert [d["file"] for d in helper["data"]["dependents"]] == ["app/deflt.ts"]


def test_a_type_named_through_a_namespace_is_a_use_and_an_enum_member_is_not(make_repo, run_cli):
    root = make_repo(
        {
            "src/types.ts": (
                "export enum Kind { Shape = 'shape' }\n"
                "export interface Shape { kind: Kind.Shape }\n"
            ),
            "src/use.ts": (
                "import * as z from './types';\n"
                "export function f<T extends z.Shape>(t: T): T { return t; }\n"
            ),
        }
    )
    data = run_cli("explain", "Shape", "--budget", "0", cwd=root).envelope["data"]
    # z.Shape in a type is the interface; Kind.Shape is the enum's member, not a use
    assert [(r["file"], r["line"]) for r in data["references"]] == [("src/use.ts", 2)]
    impact = run_cli("impact", "src/types.ts", "--symbol", "Shape", cwd=root).envelope
    assert [d["file"] for d in impact["data"]["dependents"]] == ["src/use.ts"]


def test_an_interface_member_s_uses_are_not_the_calls_its_implementations_take(make_repo, run_cli):
    root = make_repo(
        {
            "src/result.ts": (
                "export interface IResult {\n  orTee(f: () => void): IResult\n}\n"
                "export class Ok implements IResult {\n"
                "  orTee(_f: () => void): IResult { return this; }\n}\n"
                "export class Lazy {\n  orTee(_f: () => void): Lazy { return this; }\n}\n"
                "export type Result = Ok | Lazy\n"
                "export function ok(): Ok { return new Ok(); }\n"
                "export function lazy(): Lazy { return new Lazy(); }\n"
            ),
            "src/use.ts": (
                "import { IResult, ok, lazy, Result } from './result';\n"
                "export function go(r: IResult, s: Result, x: any): void {\n"
                "  r.orTee(() => {});\n"
                "  ok().orTee(() => {});\n"
                "  lazy().orTee(() => {});\n"
                "  s.orTee(() => {});\n"
                "  x.orTee(() => {});\n"
                "}\n"
            ),
        }
    )
    data = run_cli("explain", "IResult.orTee", "--budget", "0", cwd=root).envelope["data"]
    # ok() is an Ok, whose own orTee the call takes; lazy() a Lazy, which only looks
    # like an IResult; s is one of the two: none of them is the interface's member
    assert sorted((r["line"], r["certainty"]) for r in data["references"]) == [
        (3, "by_type"),
        (7, "by_name"),
    ]
    impact = run_cli("impact", "src/result.ts", "--symbol", "IResult.orTee", cwd=root)
    assert [d["file"] for d in impact.envelope["data"]["dependents"]] == ["src/use.ts"]
    own = run_cli("explain", "Ok.orTee", "--budget", "0", cwd=root).envelope["data"]
    assert sorted((r["line"], r["certainty"]) for r in own["references"]) == [
        (4, "by_type"),
        (6, "by_type"),
    ]
    # a rename of the interface's member takes its implementation's calls; a Lazy's
    # (which only looks like an IResult) and x's are left to the caller
    dry = run_cli("rename", "IResult.orTee", "tee", ".", "--budget", "0", cwd=root).envelope
    changed = {(c["file"], line["line"]) for c in dry["data"]["changes"] for line in c["lines"]}
    assert changed == {
        ("src/result.ts", 2),
        ("src/result.ts", 5),
        ("src/use.ts", 3),
        ("src/use.ts", 4),
    }
    unsure = {(r["file"], r["line"]) for r in dry["data"]["left_alone"] if r["reason"] == "by_name"}
    assert unsure == {("src/use.ts", 5), ("src/use.ts", 6), ("src/use.ts", 7)}


def test_an_interface_no_value_is_typed_with_has_no_candidates(make_repo, run_cli):
    files = {
        "src/result.ts": (
            "interface IResult<T> {\n  isOk(): boolean\n}\n"
            "export class Ok<T> implements IResult<T> {\n  isOk(): boolean { return true; }\n}\n"
            "export class Err<T> implements IResult<T> {\n"
            "  isOk(): boolean { return false; }\n}\n"
        ),
        "src/use.ts": (
            "import { Ok } from './result';\n"
            "export function go(x): boolean {\n  return x.isOk() || Ok.name === '';\n}\n"
        ),
    }
    root = make_repo(files)
    # IResult is named only where declared and implemented: x, whatever it is, is
    # no IResult to the compiler, so x.isOk() is an Ok's or an Err's
    data = run_cli("explain", "IResult.isOk", "--budget", "0", cwd=root).envelope["data"]
    assert data["references"] == []
    # a rename still leaves it to the caller
    dry = run_cli("rename", "IResult.isOk", "ok", ".", "--budget", "0", cwd=root).envelope
    left = [(r["file"], r["line"], r["reason"]) for r in dry["data"]["left_alone"]]
    assert ("src/use.ts", 3, "by_name") in left
    typed = make_repo(
        {**files, "src/more.ts": "import { Ok } from './result';\nexport type R = Ok<number>;\n"}
    )
    again = run_cli("explain", "IResult.isOk", "--budget", "0", cwd=typed).envelope["data"]
    assert again["references"] == []  # naming a class that implements it is not naming it
    named = make_repo(
        {
            **files,
            "src/result.ts": files["src/result.ts"].replace("interface", "export interface"),
            "src/more.ts": "import type { IResult } from './result';\nexport type R = IResult<number>;\n",
        }
    )
    data = run_cli("explain", "IResult.isOk", "--budget", "0", cwd=named).envelope["data"]
    assert [(r["file"], r["line"], r["certainty"]) for r in data["references"]] == [
        ("src/use.ts", 3, "by_name")
    ]


def test_an_override_s_uses_are_the_calls_through_its_own_class(make_repo, run_cli):
    root = make_repo(
        {
            "src/base.ts": (
                "export class Base {\n  run(): number { return 0; }\n}\n"
                "export class Fast extends Base {\n  run(): number { return 1; }\n}\n"
            ),
            "src/use.ts": (
                "import { Base, Fast } from './base';\n"
                "export function go(b: Base, f: Fast, x: any): number {\n"
                "  return b.run() +\n    f.run() +\n    x.run();\n"
                "}\n"
            ),
        }
    )
    fast = run_cli("explain", "Fast.run", "--budget", "0", cwd=root).envelope["data"]
    # b.run() is Base's as the compiler reads it; x.run() too until shown otherwise
    assert [(r["file"], r["line"]) for r in fast["references"]] == [("src/use.ts", 4)]
    base = run_cli("explain", "Base.run", "--budget", "0", cwd=root).envelope["data"]
    # f.run() is Fast's own: Base.run renamed, it still compiles and runs Fast.run
    assert sorted((r["line"], r["certainty"]) for r in base["references"]) == [
        (3, "by_type"),
        (5, "by_name"),
    ]
    # a rename of the override takes its whole family (the base's declaration too)
    dry = run_cli("rename", "Fast.run", "go_fast", ".", "--budget", "0", cwd=root).envelope
    changed = {(c["file"], line["line"]) for c in dry["data"]["changes"] for line in c["lines"]}
    assert {("src/base.ts", 2), ("src/base.ts", 5), ("src/use.ts", 3), ("src/use.ts", 4)} <= changed
