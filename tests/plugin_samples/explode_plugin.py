"""A test plugin whose commands fail inside, to exercise the fallback system."""

from __future__ import annotations

from dataclasses import dataclass

from prx.plugin import Operation, hookimpl, param


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplodeParams:
    word: str = param("boom", help="what the fallback echoes", positional=True)


def _explode(ws, params):
    raise RuntimeError("the plugin blew up on purpose")


EXPLODE = Operation(
    name="explode",
    summary="Always fails inside; its Unix equivalent is echo.",
    func=_explode,
    params=ExplodeParams,
    result=dict,
    fallback=lambda p: ["echo", "fallback-says", p.word],
)

SMASH = Operation(
    name="smash",
    summary="Fails inside and writes files, so it must never fall back.",
    func=_explode,
    params=ExplodeParams,
    result=dict,
    read_only=False,
    fallback=lambda p: ["echo", "must-not-run"],
)


@hookimpl
def prx_register_operations():
    return [EXPLODE, SMASH]
