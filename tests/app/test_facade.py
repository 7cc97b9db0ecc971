"""The public surface: facade names, lazy imports, submodules never shadow functions."""

from __future__ import annotations

import importlib
import pkgutil

import prx
import prx.types


def test_every_submodule_import_keeps_facade_functions_callable():
    for info in pkgutil.walk_packages(prx.__path__, "prx."):
        if info.name.startswith("prx.testing") or info.name == "prx.__main__":
            continue
        importlib.import_module(info.name)
    for name in ("read", "find", "exists", "stats", "workspace_for"):
        assert callable(getattr(prx, name)), name


def test_all_names_resolve():
    for name in prx.__all__:
        assert getattr(prx, name) is not None
    for name in prx.types.__all__:
        assert isinstance(getattr(prx.types, name), type)


def test_results_are_frozen(repo):
    import dataclasses

    import pytest

    res = prx.Workspace(repo).read("README.md")
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.file = "x"  # type: ignore[misc]


def test_hookimpl_is_exported():
    from prx.plugin import hookimpl

    assert prx.hookimpl is hookimpl


def test_unknown_attribute():
    import pytest

    with pytest.raises(AttributeError):
        prx.no_such_thing  # noqa: B018
