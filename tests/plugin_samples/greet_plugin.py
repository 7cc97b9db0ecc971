"""A well-behaved third-party plugin: one operation, one renderer, one language."""

from __future__ import annotations

from dataclasses import dataclass

from prx.plugin import LanguageSpec, Operation, Renderer, hookimpl, param

CONFIGURED = []


@dataclass(frozen=True, slots=True, kw_only=True)
class GreetParams:
    name: str = param(help="who to greet", positional=True)
    shout: bool = param(False, help="upper-case the greeting")


@dataclass(frozen=True, slots=True, kw_only=True)
class Greeting:
    text: str


def _greet(ws, params):
    text = f"hello, {params.name}"
    return Greeting(text=text.upper() if params.shout else text)


class UpperJsonRenderer(Renderer):
    NAME = "upper"

    def render(self, envelope):
        return str(envelope).upper()


@hookimpl
def prx_register_operations():
    return Operation(
        name="greet", summary="Say hello.", func=_greet, params=GreetParams, result=Greeting
    )


@hookimpl
def prx_register_renderers():
    return UpperJsonRenderer


@hookimpl
def prx_register_languages():
    return LanguageSpec(name="zeta", extensions=(".zeta",))


@hookimpl
def prx_configure(config):
    CONFIGURED.append(config)
