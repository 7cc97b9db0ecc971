"""Skeleton and snap over the reviewed sample of each main language.

The outlines in tests/golden/lang/*/outline.json are reviewed by hand, so they can serve as
ground truth here: snapping from inside any function must give back exactly that function,
and a skeleton must keep every signature while dropping the bodies.
"""

from __future__ import annotations

import json

import locations
import pytest

from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.engine.lang.skeleton import skeleton
from prx.engine.lang.snap import snap_range

GOLDEN = locations.GOLDEN / "lang"
SPECS = {spec.name: spec for spec in BUILTIN_LANGUAGES}
MAIN = ["python", "typescript", "rust", "go", "java", "c", "cpp"]


def _case(language):
    folder = GOLDEN / language
    (sample,) = [p for p in folder.iterdir() if p.name.startswith("sample")]
    outline = json.loads((folder / "outline.json").read_text())
    return sample.read_bytes(), outline


def _flat(symbols, parent=None):
    for symbol in symbols:
        yield symbol, parent
        yield from _flat(symbol.get("children", ()), symbol)


def _functions(outline):
    return [s for s, _ in _flat(outline) if s["kind"] in ("function", "method")]


def _innermost_function_at(outline, line):
    around = [s for s in _functions(outline) if s["lines"]["start"] <= line <= s["lines"]["end"]]
    return min(around, key=lambda s: s["lines"]["end"] - s["lines"]["start"]) if around else None


@pytest.mark.parametrize("language", MAIN)
def test_snap_from_inside_each_function_returns_that_function(language):
    source, outline = _case(language)
    spec = SPECS[language]
    checked = 0
    for symbol in _functions(outline):
        start, end = symbol["lines"]["start"], symbol["lines"]["end"]
        if end - start < 2:
            continue
        middle = (start + end) // 2
        expected = _innermost_function_at(outline, middle)
        found = snap_range(spec, source, middle, middle, "function")
        assert found is not None, (symbol["name"], middle)
        assert (found.start, found.end) == (expected["lines"]["start"], expected["lines"]["end"]), (
            symbol["name"]
        )
        checked += 1
    assert checked >= 5, f"the {language} sample needs more multi-line functions"


@pytest.mark.parametrize("language", MAIN)
def test_snap_class_from_inside_a_method(language):
    source, outline = _case(language)
    pairs = [
        (s, p)
        for s, p in _flat(outline)
        if s["kind"] == "method" and p and p["kind"] in ("class", "struct", "trait", "enum")
    ]
    if not pairs:
        pytest.skip(f"no method inside a class-like symbol in the {language} sample")
    method, parent = pairs[0]
    found = snap_range(
        SPECS[language], source, method["lines"]["start"], method["lines"]["start"], "class"
    )
    assert found is not None
    assert found.start <= parent["lines"]["start"] and found.end >= parent["lines"]["end"] - 0


def _outer_functions(symbols, inside_function=False):
    for symbol in symbols:
        is_function = symbol["kind"] in ("function", "method")
        if is_function and not inside_function:
            yield symbol
        yield from _outer_functions(symbol.get("children", ()), inside_function or is_function)


@pytest.mark.parametrize("language", MAIN)
def test_skeleton_keeps_signatures_and_drops_bodies(language):
    source, outline = _case(language)
    spec = SPECS[language]
    text = skeleton(spec, source)
    flat_text = " ".join(text.split())
    assert len(text) < len(source.decode()) * 0.8
    functions = list(_outer_functions(outline))
    assert len(functions) >= 5
    for symbol in functions:
        # Every function not nested in another keeps its signature; nested ones go with the body.
        assert symbol["signature"] in flat_text, (symbol["name"], symbol["signature"])
    nested = [
        s for s, _ in _flat(outline) if s["kind"] in ("function", "method") and s not in functions
    ]
    for symbol in nested:
        assert symbol["signature"] not in flat_text or symbol["signature"] in " ".join(
            s["signature"] for s in functions
        )
    assert spec.body_placeholder in text
