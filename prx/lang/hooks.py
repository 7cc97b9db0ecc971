"""Registers the built-in languages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.plugin import hookimpl

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec


@hookimpl
def prx_register_languages() -> list[LanguageSpec]:
    from prx.lang.catalog import BUILTIN_LANGUAGES

    return list(BUILTIN_LANGUAGES)
