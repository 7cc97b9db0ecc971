"""One parameter record per command: ``prx.<command>()`` and ``Workspace.<command>()`` are
written from it (``python -m prx.app.generate``), go through ``invoke`` as the command line
does, and so check and answer exactly as it does."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest

import prx
from prx.app import generate
from prx.app.builtins import BUILTIN_OPERATIONS, load
from prx.app.library import python_name
from prx.app.workspace import Workspace
from prx.core.envelope import to_jsonable
from prx.core.record import MISSING, fields_of
from prx.frontends.cli.wording import BatchWording
from prx.plugin.operation import ParamInfo, param_kind

#: Parameters a function has beyond the operation's: the progress callback, and the module
#: functions' root.
EXTRAS = {"module": {"root", "progress"}, "workspace": {"progress"}}


def test_the_generated_facades_are_up_to_date():
    assert generate.main(["--check"]) == 0


def _op_params(name: str) -> list[tuple[str, Any]]:
    op = load(BUILTIN_OPERATIONS[name])
    out = []
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        assert isinstance(info, ParamInfo), (name, field.name)
        if not (info.cli_only or info.shorthand):
            out.append((field.name, field.default))
    return out


@pytest.mark.parametrize("name", sorted(BUILTIN_OPERATIONS))
@pytest.mark.parametrize("where", ["module", "workspace"])
def test_each_function_takes_exactly_the_operations_parameters(name: str, where: str) -> None:
    function = getattr(prx if where == "module" else Workspace, python_name(name))
    given = {
        p.name: p.default
        for p in inspect.signature(function).parameters.values()
        if p.name != "self"
    }
    expected = {n: (inspect.Parameter.empty if d is MISSING else d) for n, d in _op_params(name)}
    if any(n == "root" for n, _ in _op_params(name)):
        extras = EXTRAS[where] - {"root"}
    else:
        extras = EXTRAS[where]
    assert {k: v for k, v in given.items() if k not in extras} == expected
    assert set(given) - set(expected) == extras
    doc = inspect.getdoc(function) or ""
    assert [p for p in given if f":param {p}:" not in doc] == []


# ------------------------------------------------------------------ the same checks


def _cli(root: Path, op_name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The envelope of one batch line (the command line's parsing of JSON arguments)."""
    import io

    from prx.frontends.cli.frontend import CliFrontend

    out = io.StringIO()
    line = json.dumps({"cmd": op_name, **arguments})
    CliFrontend(Workspace(root), stdout=out, stdin=io.StringIO(line + "\n"), environ={}).main(
        ["batch"]
    )
    answer: dict[str, Any] = json.loads(out.getvalue())
    return answer


def _library(root: Path, op_name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """What the Python API answers for the same call: its result as the envelope's data,
    or its error as a batch line words it."""
    op = load(BUILTIN_OPERATIONS[op_name])
    try:
        result = getattr(Workspace(root), python_name(op_name))(**arguments)
    except prx.PrxError as err:
        message, suggestion = err.worded(BatchWording(op))
        return {"code": err.code, "message": message, "suggestion": suggestion}
    return {"data": to_jsonable(result)}


def _cases() -> list[tuple[str, dict[str, Any]]]:
    """For every command (read from the registry), a call that its own checks refuse: a path
    outside the root in each path parameter; plus calls that the operation (not the engine
    below it) answers in its own way."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for name in sorted(BUILTIN_OPERATIONS):
        op = load(BUILTIN_OPERATIONS[name])
        required = {
            f.name: "alpha"
            for f in fields_of(op.params)
            if f.default is MISSING and param_kind(f.type) == "str"
        }
        for field in fields_of(op.params):
            kind = param_kind(field.type)
            if field.name in generate.PATH_NAMES and kind in ("str", "strs"):
                value: Any = "../outside.py" if kind == "str" else ["../outside.py"]
                cases.append((name, {**required, field.name: value}))
    cases += [
        ("search", {"query": "."}),  # the query is a path: the operation refuses it
        ("search", {"query": "x", "top_k": 0}),
        ("search", {"query": "needle" * 60, "mode": "literal"}),  # a long echo is shortened
        ("exists", {"pattern": "needle" * 60}),
        ("read", {"path": "a.py", "lines": "9-2"}),
        ("edit", {"path": "a.py", "find": "x", "edits": "[]"}),
    ]
    return cases


@pytest.mark.parametrize(("op_name", "arguments"), _cases(), ids=lambda v: str(v)[:40])
def test_the_python_api_answers_as_the_command_line(
    tmp_path: Path, op_name: str, arguments: dict[str, Any]
) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.py").write_text("def alpha():\n    return 1\n" + "x = 'needle'\n")
    envelope = _cli(root, op_name, arguments)
    mine = _library(root, op_name, arguments)
    if envelope["status"] == "error":
        error = envelope["error"]
        assert mine == {
            "code": error["code"],
            "message": error["message"],
            "suggestion": error.get("suggestion"),
        }
    else:
        assert "data" in mine, mine
        drop = {"budget_used", "index", "files_searched"}  # the token counts differ by wording
        assert {k: v for k, v in mine["data"].items() if k not in drop} == {
            k: v for k, v in envelope["data"].items() if k not in drop
        }
