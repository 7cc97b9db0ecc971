"""A TypeScript name declared as a type and as a value in one scope (neverthrow's
``type Result`` beside ``namespace Result``) is explained per meaning, as the compiler
reads it (issue 28): its uses in types are the type's, its uses in expressions the
namespace's; an import names both."""

from __future__ import annotations

import prx

FILES = {
    "src/result.ts": (
        "export namespace Result {\n"
        "  export function combine(xs: Result<number, string>[]): number {\n"
        "    return xs.length\n"
        "  }\n"
        "}\n"
        "export type Result<T, E> = { ok: T } | { err: E }\n"
    ),
    "src/use.ts": (
        "import { Result } from './result'\n"
        "export const one: Result<number, string> = { ok: 1 }\n"
        "export const count = Result.combine([one])\n"
    ),
}


def _places(answer: prx.ExplainResult, definition: str) -> set[tuple[str, int]]:
    return {
        (r.file, r.line) for r in (*answer.references, *answer.tests) if r.definition == definition
    }


def test_each_meaning_has_its_own_uses(make_repo):
    root = make_repo(FILES)
    answer = prx.explain("Result", root=root, budget=0)
    assert _places(answer, "src/result.ts:6") == {("src/result.ts", 2), ("src/use.ts", 2)}
    assert _places(answer, "src/result.ts:1") == {("src/use.ts", 3)}


def test_one_meaning_alone_takes_every_use(make_repo):
    files = dict(FILES)
    files["src/result.ts"] = "export type Result<T, E> = { ok: T } | { err: E }\n"
    files["src/use.ts"] = (
        "import { Result } from './result'\nexport const one: Result<number, string> = { ok: 1 }\n"
    )
    root = make_repo(files)
    answer = prx.explain("Result", root=root, budget=0)
    assert _places(answer, "src/result.ts:1") == {("src/use.ts", 2)}


def test_a_constant_and_its_type_alias_each_have_their_uses(make_repo):
    root = make_repo(
        {
            "src/symbols.ts": (
                "export const isVariadic = Symbol.for('variadic')\n"
                "export type isVariadic = typeof isVariadic\n"
            ),
            "src/keys.ts": (
                "import * as symbols from './symbols'\n"
                "export const pattern = { [symbols.isVariadic]: true }\n"
            ),
            "src/marked.ts": (
                "import type { isVariadic } from './symbols'\n"
                "export type Marked = { key: isVariadic }\n"
            ),
        }
    )
    answer = prx.explain("isVariadic", root=root, budget=0)
    assert ("src/keys.ts", 2) in _places(answer, "src/symbols.ts:1")
    assert ("src/marked.ts", 2) not in _places(answer, "src/symbols.ts:1")
    assert _places(answer, "src/symbols.ts:2") == {("src/marked.ts", 2)}
