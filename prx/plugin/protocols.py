"""What features need of a workspace, as small protocols.

A feature typed with one of these says which parts of the :class:`~prx.app.workspace.Workspace`
it uses, and takes any object that has them: a ``Workspace`` (which has every part), or a
test's stub without a plugin registry or caches. mypy checks both sides: a feature cannot
reach for a part its protocol does not list.

Type-only: features import this module under ``TYPE_CHECKING``, so ``typing.Protocol``
stays off the fast paths.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import os

    from prx.core.config import Config
    from prx.plugin.interfaces import LanguageSpec

__all__ = [
    "IndexContext",
    "LanguageCatalogue",
    "LanguageLookup",
    "LiteralContext",
    "SourceContext",
]


class LanguageLookup(Protocol):
    """Which language a file is in."""

    def language_for(self, path: str | os.PathLike[str]) -> LanguageSpec | None: ...


class SourceContext(LanguageLookup, Protocol):
    """What reading the files of a tree takes: the settings (the size past which a file
    is skipped) and each file's language."""

    @property
    def config(self) -> Config: ...


class LanguageCatalogue(Protocol):
    """The languages files can be recognised as (an index records the set it was built
    with)."""

    def file_languages(self) -> list[LanguageSpec]: ...


class IndexContext(SourceContext, Protocol):
    """What building, updating, checking or loading an index takes: paths resolved
    against the root, the settings, each file's language and the set of languages."""

    def resolve(self, path: str) -> str: ...

    @property
    def registry(self) -> LanguageCatalogue: ...


class LiteralContext(SourceContext, Protocol):
    """What a literal or regular-expression scan takes: the settings, each file's
    language, and the per-process cache (an index a search refused is not used to plan
    which files to read either)."""

    @property
    def cache(self) -> dict[str, Any]: ...
