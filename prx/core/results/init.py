"""Results of ``prx init``."""

from __future__ import annotations

from prx.core.record import Shown, record

__all__ = ["InitFile", "InitResult"]


@record
class InitFile:
    """One file ``prx init`` looked at."""

    #: The file: relative to the project, or ``~/...`` under the home directory.
    path: str
    #: The client it configures (``cursor``), or ``guide`` for AGENTS.md, CLAUDE.md and
    #: .gitignore.
    client: str
    #: ``create``, ``change``, ``delete``, ``unchanged``, ``refused`` (left untouched:
    #: see ``note``), ``skipped`` (nothing to do at this scope) or ``failed`` (the write
    #: failed: see ``note``).
    action: str
    #: The change as a unified diff (cut to a few dozen lines), or None.
    diff: str | None = None
    #: Why a file was refused, skipped or failed.
    note: str | None = None
    #: Where the previous content was saved (only when a file that existed was changed).
    backup: str | None = None


@record
class InitResult(Shown):
    """The answer of :func:`prx.init`."""

    #: ``project`` or ``user``.
    scope: str
    #: True when the changes were written; False for a dry run (nothing written).
    applied: bool
    #: True when prx's entries were being removed.
    uninstall: bool
    #: The clients configured (named, or detected when none was named).
    clients: tuple[str, ...]
    #: Every file looked at, with what was (or would be) done to it.
    files: tuple[InitFile, ...]
    #: Every client prx can configure.
    supported: tuple[str, ...] = ()
    #: True when the pre-shell hooks were planned (``hooks``), not the MCP server.
    hooks: bool = False
