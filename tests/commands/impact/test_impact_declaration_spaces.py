"""``impact --symbol NAME:LINE`` of a TypeScript name declared as a type and as a value
(neverthrow's ``namespace Result`` beside ``type Result``, ts-pattern's ``const
isVariadic`` beside ``type isVariadic``) lists the users of that line's meaning, as the
compiler tells them apart (issue 28); asked by name, the users of both, and says so."""

from __future__ import annotations

import pytest

import prx

FILES = {
    "src/result.ts": (
        "export namespace Result {\n"
        "  export function combine(xs: number[]): number {\n"
        "    return xs.length\n"
        "  }\n"
        "}\n"
        "export type Result<T, E> = { ok: T } | { err: E }\n"
    ),
    "src/typed.ts": (
        "import { Result } from './result'\nexport const one: Result<number, string> = { ok: 1 }\n"
    ),
    "src/called.ts": ("import { Result } from './result'\nexport const n = Result.combine([1])\n"),
    "src/symbols.ts": (
        "export const isVariadic = Symbol.for('variadic')\n"
        "export type isVariadic = typeof isVariadic\n"
    ),
    "src/keys.ts": (
        "import * as symbols from './symbols'\nexport const pattern = { [symbols.isVariadic]: true }\n"
    ),
    "src/marked.ts": (
        "import type { isVariadic } from './symbols'\nexport type Marked = { key: isVariadic }\n"
    ),
}


def _users(answer: prx.ImpactResult) -> set[str]:
    return {d.file for d in (*answer.dependents, *answer.tests) if d.hops == 1}


@pytest.fixture
def root(make_repo):
    return make_repo(FILES)


def test_the_value_line_lists_the_value_users(root):
    answer = prx.impact("src/result.ts", symbol="Result:1", root=root, budget=0)
    assert _users(answer) == {"src/called.ts"}


def test_the_type_line_lists_the_type_users(root):
    answer = prx.impact("src/result.ts", symbol="Result:6", root=root, budget=0)
    assert _users(answer) == {"src/typed.ts"}


def test_by_name_lists_both_and_says_how_to_choose(root):
    answer = prx.impact("src/result.ts", symbol="Result", root=root, budget=0)
    assert _users(answer) == {"src/typed.ts", "src/called.ts"}
    assert any("Result:LINE" in note for note in answer.notes)


def test_a_constant_and_its_type_alias(root):
    value = prx.impact("src/symbols.ts", symbol="isVariadic:1", root=root, budget=0)
    assert _users(value) == {"src/keys.ts"}
    alias = prx.impact("src/symbols.ts", symbol="isVariadic:2", root=root, budget=0)
    assert _users(alias) == {"src/marked.ts"}


def test_a_line_without_a_definition_is_an_error_that_lists_them(root):
    with pytest.raises(prx.PrxError) as caught:
        prx.impact("src/result.ts", symbol="Result:40", root=root, budget=0)
    assert caught.value.code == "invalid_argument"
    assert "1, 6" in (caught.value.suggestion or "")
