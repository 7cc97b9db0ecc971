"""Results of ``prx plugins``."""

from __future__ import annotations

from prx.core.record import Shown, field, record

__all__ = ["PluginEntry", "PluginFailure", "PluginsResult"]


@record
class PluginEntry:
    """A registered plugin, where it comes from and what it registers."""

    #: The entry-point name (``example``), or the module of a built-in or explicit plugin.
    name: str
    #: ``builtin``, ``explicit`` (passed to the workspace) or ``entry-point``.
    origin: str
    #: Its distribution (``prx`` for the built-ins; None for an explicit plugin).
    dist: str | None
    #: The distribution's version.
    version: str | None
    #: Kind (``retriever``, ``reranker``, ``runner_parser``, ``language``, ``operation``,
    #: ``frontend``, ``renderer``) -> the names of the components it registers.
    registers: dict[str, list[str]] = field(default_factory=dict)


@record
class PluginFailure:
    """An installed plugin that could not be loaded."""

    #: Entry-point name.
    name: str
    #: Its distribution.
    dist: str
    #: What went wrong.
    error: str


@record
class PluginsResult(Shown):
    """The answer of ``prx plugins``: built-ins first, then explicit and installed ones."""

    plugins: tuple[PluginEntry, ...]
    #: Installed plugins that failed to load (import errors, bad hooks, prx_configure).
    failures: tuple[PluginFailure, ...] = ()
    #: Other problems: components skipped because of a duplicate name or a failing hook.
    notes: tuple[str, ...] = ()
