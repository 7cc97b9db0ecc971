"""Results of ``prx config``."""

from __future__ import annotations

from typing import Any

from prx.core.record import Shown, record

__all__ = ["ConfigFileEntry", "ConfigResult", "Setting"]


@record
class Setting:
    """One setting in effect and where its value came from."""

    #: The ``Config`` field (``max_file_size``), or ``settings.NAME`` for a plugin's table.
    name: str
    #: Its value (lists for sets of names).
    value: Any
    #: ``flag``, ``env``, ``project``, ``user``, ``given`` (a ``Config`` built in Python)
    #: or ``default``.
    source: str
    #: The flag, variable or file that set it (None for ``default`` and ``given``).
    origin: str | None = None
    #: The environment variable that sets it (None for plugin tables).
    env: str | None = None


@record
class ConfigFileEntry:
    """A configuration file prx looks for."""

    #: Its path.
    path: str
    #: ``project`` or ``user``.
    scope: str
    #: Whether it exists and gave settings.
    read: bool


@record
class ConfigResult(Shown):
    """The answer of ``prx config``: every setting, the files looked for, the problems."""

    #: The workspace root the project files were looked for from.
    root: str
    #: Each setting, in ``Config`` order, then the plugin tables.
    settings: tuple[Setting, ...]
    #: The files looked for, in the order they apply (the last one read wins).
    files: tuple[ConfigFileEntry, ...]
    #: What was wrong in them (unknown keys, wrong types, invalid TOML); each left out.
    warnings: tuple[str, ...] = ()
