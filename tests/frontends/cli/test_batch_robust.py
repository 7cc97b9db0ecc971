"""`prx batch` answers every line with exactly one valid JSON envelope (issue #11, item 8)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def _batch(stdin: bytes, cwd: Path) -> tuple[list[dict[str, object]], int]:
    done = subprocess.run(
        [sys.executable, "-m", "prx", "batch"],
        input=stdin,
        cwd=cwd,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PRX_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONIOENCODING": "utf-8"},
    )
    # Strict UTF-8 and strict JSON: no NaN, no lone surrogate written raw.
    text = done.stdout.decode("utf-8")
    answers = [json.loads(line, parse_constant=_no_constant) for line in text.splitlines()]
    return answers, done.returncode


def _no_constant(name: str) -> object:
    raise AssertionError(f"{name} in the output is not JSON")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "a.py").write_text("def alpha():\n    return 1\n")
    return tmp_path


def test_a_lone_surrogate_id_on_line_4_of_37_leaves_every_line_answered(tree: Path) -> None:
    lines = [json.dumps({"cmd": "exists", "pattern": "alpha", "id": i}) for i in range(37)]
    lines[3] = '{"cmd": "exists", "pattern": "alpha", "id": "\\ud800"}'
    answers, code = _batch(("\n".join(lines) + "\n").encode(), tree)
    assert code == 0
    assert len(answers) == 37
    assert answers[3]["id"] == "\ud800"  # echoed as the same JSON escape
    assert all(a["status"] == "ok" for a in answers)


@pytest.mark.parametrize(
    ("field", "value"),
    [("query", '"a\\ud800"'), ("path", '"x\\udbff.py"'), ("pattern", '["*\\ud800"]')],
)
def test_a_surrogate_that_stands_for_no_byte_is_an_invalid_argument(
    tree: Path, field: str, value: str
) -> None:
    cmd = {"query": "search", "path": "read", "pattern": "find"}[field]
    line = f'{{"cmd": "{cmd}", "{field}": {value}, "id": 1}}\n{{"cmd": "exists", "pattern": "alpha"}}\n'
    answers, code = _batch(line.encode(), tree)
    assert code == 0
    assert answers[0]["error"]["code"] == "invalid_argument"  # type: ignore[index]
    assert field in answers[0]["error"]["message"]  # type: ignore[index]
    assert answers[1]["status"] == "ok"


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_non_finite_ids_are_refused_not_echoed_as_invalid_json(tree: Path, number: str) -> None:
    stdin = f'{{"cmd": "exists", "pattern": "alpha", "id": {number}}}\n{{"cmd": "stats"}}\n'
    answers, code = _batch(stdin.encode(), tree)
    assert code == 0
    assert answers[0]["error"]["code"] == "invalid_argument"  # type: ignore[index]
    assert answers[1]["status"] == "ok"


def test_a_line_that_is_not_utf8_is_answered_and_the_rest_go_on(tree: Path) -> None:
    stdin = b'\xff{"cmd": "stats"}\n{"cmd": "exists", "pattern": "alpha", "id": 2}\n'
    answers, code = _batch(stdin, tree)
    assert code == 0
    assert len(answers) == 2
    assert answers[0]["error"]["code"] == "invalid_argument"  # type: ignore[index]
    assert "not UTF-8" in answers[0]["error"]["message"]  # type: ignore[index]
    assert answers[1] == answers[1] | {"id": 2, "status": "ok"}


def test_cmd_of_the_wrong_type_is_not_reported_as_missing(tree: Path) -> None:
    answers, _ = _batch(b'{"cmd": 42}\n', tree)
    message = answers[0]["error"]["message"]  # type: ignore[index]
    assert "missing" not in message
    assert "must be a string" in message


@pytest.mark.parametrize("char", ["\u0085", "\u2028", "\u2029"])
def test_line_separators_in_text_never_split_an_answer(tree: Path, char: str) -> None:
    # Found by the soak run: str.splitlines() (and some JSON Lines readers) end a line at
    # U+0085, U+2028 and U+2029, which JSON allows raw inside strings.
    (tree / f"odd{char}name.py").write_text("def alpha():\n    return 1\n")
    stdin = "\n".join(
        [
            json.dumps({"cmd": "read", "path": char}),
            json.dumps({"cmd": "find", "path": "."}),
            json.dumps({"cmd": "exists", "pattern": f"x{char}y", "id": char}),
        ]
    )
    done = subprocess.run(
        [sys.executable, "-m", "prx", "batch"],
        input=stdin.encode(),
        cwd=tree,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"},
    )
    lines = done.stdout.decode("utf-8").splitlines()
    assert len(lines) == 3
    answers = [json.loads(line) for line in lines]
    assert answers[2]["id"] == char
    assert f"odd{char}name.py" in json.dumps(answers[1], ensure_ascii=False)
