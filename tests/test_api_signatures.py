"""One parameter source per command: ``prx.<command>()`` and ``Workspace.<command>()``
take exactly the operation's parameters (a documented alias may stand for a name), with
the same defaults, and document each of them."""

from __future__ import annotations

import inspect

import pytest

import prx
from prx._record import MISSING, fields_of
from prx.api import python_name
from prx.plugin._operation import ParamInfo
from prx.plugin.builtins import BUILTIN_OPERATIONS, load
from prx.workspace import Workspace

#: Parameters a function may have beyond the operation's: the module functions' root,
#: and a progress callback (an operation reports through prx.progress instead).
EXTRAS = {"module": {"root", "progress"}, "workspace": {"progress"}}


def _op_params(name):
    """(field name, accepted names, default) of the parameters Python callers set."""
    op = load(BUILTIN_OPERATIONS[name])
    out = []
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        assert isinstance(info, ParamInfo), (name, field.name)
        if info.cli_only or info.shorthand:
            continue
        out.append((field.name, {field.name, *info.aliases}, field.default))
    return out


def _mismatches(name, function, extras):
    signature = inspect.signature(function)
    given = {p.name: p for p in signature.parameters.values() if p.name != "self"}
    problems = []
    for field_name, accepted, default in _op_params(name):
        found = [given.pop(n) for n in sorted(accepted) if n in given]
        if len(found) != 1:
            problems.append(f"{field_name}: {len(found)} parameters for it")
            continue
        expected = inspect.Parameter.empty if default is MISSING else default
        if found[0].default != expected:
            problems.append(f"{field_name}: default {found[0].default!r}, not {expected!r}")
    problems += [f"{extra}: not a parameter of the operation" for extra in set(given) - extras]
    return problems


@pytest.mark.parametrize("name", sorted(BUILTIN_OPERATIONS))
def test_module_function_takes_the_operations_parameters(name):
    assert python_name(name) in prx.__all__, f"prx.{python_name(name)} is missing"
    function = getattr(prx, python_name(name))
    assert _mismatches(name, function, EXTRAS["module"]) == []


@pytest.mark.parametrize("name", sorted(BUILTIN_OPERATIONS))
def test_workspace_method_takes_the_operations_parameters(name):
    method = getattr(Workspace, python_name(name), None)
    assert method is not None, f"Workspace.{name} is missing"
    assert _mismatches(name, method, EXTRAS["workspace"]) == []


@pytest.mark.parametrize("name", sorted(BUILTIN_OPERATIONS))
def test_module_function_documents_each_parameter(name):
    function = getattr(prx, python_name(name))
    doc = inspect.getdoc(function) or ""
    params = [p for p in inspect.signature(function).parameters if p != "root"]
    assert [p for p in params if f":param {p}:" not in doc] == []


def test_every_operation_function_is_exported_lazily():
    assert {python_name(n) for n in BUILTIN_OPERATIONS} <= set(prx.__all__)
    assert {"Progress", "CancelledError"} <= set(prx.__all__)
