"""Registers the built-in languages (the table: :data:`prx.plugin.builtins.BUILTIN_LANGUAGES`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin._markers import hookimpl
from prx.plugin.builtins import BUILTIN_LANGUAGES, load

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec


@hookimpl
def prx_register_languages() -> list[LanguageSpec]:
    return list(load(BUILTIN_LANGUAGES))
