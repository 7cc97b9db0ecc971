"""The top-level bindings of JavaScript and TypeScript modules in their outline: every
``const``, ``let`` and ``var`` whatever its name (a universal-ctags ``constant`` or
``variable``), each once, never a CommonJS ``require``; a component script's state stays
out (see test_components.py)."""

from __future__ import annotations

import pytest

from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.engine.lang.outline import flatten, outline

SPECS = {spec.name: spec for spec in BUILTIN_LANGUAGES}

MODULE = b"""\
import { z } from "zod";
const val = new Mocker();
export const schema = z.object({ a: z.string() });
export const LIMIT = 3;
let counter = 0;
var legacy;
const double = (n) => n * 2;
const Chart = React.lazy(() => import("./Chart"));
const first = 1, second = first + 1;
const fs = require("fs");
const { a, b } = pair;
function inside() { const local = 2; let other = 3; }
"""


def _listed(language: str, source: bytes) -> list[tuple[str, str, int]]:
    symbols = flatten(outline(SPECS[language], source))
    return [(s.name, s.kind, s.lines.start) for s in symbols]


@pytest.mark.parametrize("language", ["javascript", "typescript", "tsx"])
def test_every_top_level_binding_is_listed_once(language: str) -> None:
    assert _listed(language, MODULE) == [
        ("val", "const", 2),
        ("schema", "const", 3),
        ("LIMIT", "const", 4),
        ("counter", "const", 5),
        ("legacy", "const", 6),
        ("double", "function", 7),
        ("Chart", "function", 8),
        ("first", "const", 9),
        ("second", "const", 9),
        ("inside", "function", 12),
    ]


@pytest.mark.parametrize("language", ["javascript", "typescript"])
def test_an_exported_binding_keeps_export_in_its_signature(language: str) -> None:
    (schema,) = [s for s in outline(SPECS[language], MODULE) if s.name == "schema"]
    assert schema.signature.startswith("export const schema = z.object(")


def test_a_declared_constant_of_any_name_is_listed() -> None:
    source = b"declare const version: string;\ndeclare const API_KEY: string;\n"
    assert _listed("typescript", source) == [("version", "const", 1), ("API_KEY", "const", 2)]
