"""The text form's shared parts: errors, fallbacks and warnings rendered alike for every
operation; the generic rendering leaves empty fields out; budgets count the form read."""

from __future__ import annotations

from prx.core.budget import data_tokens, measured_as
from prx.core.textform import generic_text, lazy_rendering, render_text, symbol_lines
from prx.core.tokens import count_exact


def _none(command: str) -> None:
    return None


def test_an_error_reads_as_its_code_message_and_hint():
    envelope = {
        "command": "read",
        "status": "error",
        "error": {"code": "file_not_found", "message": "file not found: x", "suggestion": "Look."},
        "warnings": ["plugin p failed"],
    }
    assert render_text(envelope, _none) == (
        "error [file_not_found] file not found: x\nhint: Look.\nwarning: plugin p failed"
    )


def test_a_fallback_reads_as_its_source_and_the_tools_output():
    envelope = {
        "command": "find",
        "status": "ok",
        "fallback": True,
        "data": {"source": "find . -type f", "raw": "./a\n./b\n"},
    }
    assert render_text(envelope, _none) == "fallback: find . -type f\n./a\n./b"


def test_the_operations_rendering_is_used_else_the_generic_one():
    envelope = {"command": "x", "status": "ok", "data": {"n": 1}}
    assert render_text(envelope, lambda command: lambda data: f"n={data['n']}") == "n=1"
    assert render_text(envelope, _none) == "n: 1"


def test_the_generic_rendering_leaves_out_empty_fields_and_the_root():
    data = {
        "root": "/somewhere",
        "name": "x",
        "none": None,
        "empty": [],
        "flag": False,
        "items": [{"a": 1, "b": None}, {"a": 2, "b": "t"}],
        "words": ["p", "q"],
        "nested": {"k": "v", "gone": {}},
        "text": "line 1\nline 2\n",
    }
    assert generic_text(data) == (
        "name: x\nflag: no\nitems:\n- a: 1\n- a: 2\n  b: t\nwords: p, q\nnested:\n  k: v\n"
        "text:\nline 1\nline 2"
    )


def test_an_outline_gives_a_parent_its_range_and_its_children_follow_it():
    leaf = {"name": "f", "kind": "method", "lines": {"start": 3, "end": 9}, "signature": "def f()"}
    cls = {
        "name": "C",
        "kind": "class",
        "lines": {"start": 1, "end": 20},
        "signature": "class C",
        "children": [leaf],
    }
    assert symbol_lines([cls]) == ["1-20 class C", "3 def f()"]


def test_a_lazy_rendering_imports_its_module_when_called():
    render = lazy_rendering("prx.commands.exists.text:render")
    assert render({"exists": False, "files_checked": 3, "confidence": "exact"}) == (
        "no (3 files checked)"
    )


def test_budgets_count_the_form_the_reader_gets():
    result = {"text": "word " * 200}
    as_json = data_tokens(result, count_exact)
    with measured_as(lambda data: "short"):
        assert data_tokens(result, count_exact) == count_exact("short") < as_json
    assert data_tokens(result, count_exact) == as_json  # only within the block
