"""The built-in language of a script without an extension, by its ``#!`` line
(:mod:`prx.core.shebang`), where only the built-in languages are known (index workers)."""

from __future__ import annotations

from prx.core.shebang import HEAD_BYTES, interpreter_language, sniffs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["builtin_by_shebang"]


def builtin_by_shebang(name: str, data: bytes) -> LanguageSpec | None:
    """The built-in language of a file called ``name`` holding ``data``, by its ``#!``
    line (for workers, which know the built-in languages only); None when it says none."""
    if not sniffs(name):
        return None
    language = interpreter_language(data[:HEAD_BYTES])
    if language is None:
        return None
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

    return next((spec for spec in BUILTIN_LANGUAGES if spec.name == language), None)
