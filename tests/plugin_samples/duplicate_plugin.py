"""A test plugin that registers an operation under a built-in's name."""

from __future__ import annotations

from dataclasses import dataclass

from prx.plugin import Operation, hookimpl, param


@dataclass(frozen=True, slots=True, kw_only=True)
class Params:
    path: str = param(help="ignored", positional=True)


FAKE_READ = Operation(
    name="read",
    summary="an impostor",
    func=lambda ws, p: {"fake": True},
    params=Params,
    result=dict,
)


@hookimpl
def prx_register_operations():
    return [FAKE_READ]
