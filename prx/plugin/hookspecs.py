"""Every hook a prx plugin can implement.

pluggy project name and entry-point group: ``prx``; every hook starts with ``prx_``.
Registration hooks take no arguments and return one component or a sequence of them;
their order in the result never matters, because the registry sorts components by name,
priority or the configured pipeline. Documented in ``docs/plugins/hooks.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from prx.core.config import Config
    from prx.plugin.interfaces import (
        Frontend,
        LanguageSpec,
        Operation,
        Renderer,
        Reranker,
        Retriever,
        RunnerParser,
    )

__all__ = ["hookspec"]

#: Marks the functions below as hook specifications.
hookspec = pluggy.HookspecMarker("prx")


@hookspec
def prx_register_operations() -> Operation | Sequence[Operation]:  # type: ignore[empty-body]
    """Return operation descriptors: commands exposed by every front-end.

    Each :class:`~prx.plugin.Operation` names a typed core function, the dataclass of its
    parameters (which becomes CLI flags and the MCP input schema), its result type, and the
    Unix command that may answer in its place when it fails.

    .. versionadded:: 0.1
    """


@hookspec
def prx_register_frontends() -> type[Frontend] | Sequence[type[Frontend]]:  # type: ignore[empty-body]
    """Return front-end classes (the built-in ``cli``; later ``mcp``, ``lsp`` ...).

    .. versionadded:: 0.1
    """


@hookspec
def prx_register_renderers() -> type[Renderer] | Sequence[type[Renderer]]:  # type: ignore[empty-body]
    """Return renderer classes: output formats of the CLI over the one envelope.

    Built in: ``json`` (the default) and ``plain`` (for people).

    .. versionadded:: 0.1
    """


@hookspec
def prx_register_languages() -> LanguageSpec | Sequence[LanguageSpec]:  # type: ignore[empty-body]
    """Return language specs: extensions, file names, a lazy grammar loader, queries.

    .. versionadded:: 0.1
    """


@hookspec
def prx_register_retrievers() -> type[Retriever] | Sequence[type[Retriever]]:  # type: ignore[empty-body]
    """Return retriever classes: candidate generators for search.

    .. versionadded:: 0.1
    """


@hookspec
def prx_register_rerankers() -> type[Reranker] | Sequence[type[Reranker]]:  # type: ignore[empty-body]
    """Return rerank stage classes; their order comes from the configured pipeline.

    .. versionadded:: 0.1
    """


@hookspec
def prx_register_runner_parsers() -> type[RunnerParser] | Sequence[type[RunnerParser]]:  # type: ignore[empty-body]
    """Return parsers of tool output for ``prx run``, tried by descending ``PRIORITY``.

    .. versionadded:: 0.1
    """


@hookspec(historic=True)
def prx_configure(config: Config) -> None:
    """Called once for each plugin, as it is registered, with the workspace configuration.

    Called through pluggy (a historic hook), so an implementation may take no argument.
    A plugin reads and validates its own settings here (``config.plugin_settings(name)``).
    Raising :class:`~prx.core.errors.PluginError` reports the plugin as broken without stopping
    prx.

    .. versionadded:: 0.1
    """
