"""Workspace configuration, read from the environment (and, for the search's rerank stages,
from the project's configuration files: :func:`project_config`).

======================================  =====================================================
``PRX_HOME``                            state directory (default ``~/.prx``)
``PRX_STATS_FILE``                      usage records (default ``$PRX_HOME/stats.jsonl``)
``PRX_STATS_MAX_BYTES``                 size at which the usage records rotate (5 MB)
``PRX_ERRORS_FILE``                     fallback log (default ``$PRX_HOME/errors.jsonl``)
``PRX_MAX_FILE_SIZE``                   walker size limit in bytes (default 1 MiB)
``PRX_DISABLE_PLUGIN_AUTOLOAD``         ``1`` loads no third-party plugin
``PRX_PLUGINS``                         allowlist of entry-point names (empty: none)
``PRX_FRESHNESS_SECONDS``               how often a warm search re-checks files (default 1)
``PRX_INDEX_LOCK_TIMEOUT``              seconds ``prx index`` waits for another writer (60)
``PRX_DISABLED_PLUGINS``                blocklist of entry-point names
``PRX_RERANK``                          rerank stages to enable / disable (``+name,-name``)
======================================  =====================================================
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from prx._record import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Config", "DEFAULT_MAX_FILE_SIZE", "ProjectConfig", "project_config"]

#: Files larger than this are skipped by walking commands.
DEFAULT_MAX_FILE_SIZE = 1_048_576
#: The usage records rotate (to ``stats.jsonl.1``) beyond this size.
DEFAULT_STATS_MAX_BYTES = 5_000_000


def _names(value: str | None) -> frozenset[str] | None:
    if value is None:
        return None
    return frozenset(n.strip() for n in value.split(",") if n.strip())


def _items(value: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in (value or "").split(",") if n.strip())


def _seconds(value: str | None, default: float) -> float:
    try:
        number = float(value) if value is not None else default
    except ValueError:
        return default
    return number if number >= 0 else default


def _positive_int(value: str | None, default: int) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        return default
    return number if number > 0 else default


@record
class Config:
    """Settings of one :class:`~prx.Workspace`."""

    #: State directory for logs and records.
    home: str
    #: Usage records file.
    stats_file: str
    #: Fallback error log.
    errors_file: str
    #: The usage records rotate beyond this many bytes (one previous file is kept).
    stats_max_bytes: int = DEFAULT_STATS_MAX_BYTES
    #: Walker size limit in bytes.
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    #: Whether third-party plugins are loaded from the ``prx`` entry-point group.
    autoload_plugins: bool = True
    #: Only these entry-point names are loaded, when set.
    plugin_allowlist: frozenset[str] | None = None
    #: These entry-point names are never loaded.
    plugin_blocklist: frozenset[str] = frozenset()
    #: A warm search engine re-checks the tree for edits at most this often (0: every query).
    freshness_seconds: float = 1.0
    #: ``prx index`` waits this many seconds for another writer's lock, then gives up.
    index_lock_timeout: float = 60.0
    #: Per-plugin settings, keyed by component or plugin name.
    settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Rerank stages to enable (``+name``) or disable (``-name``) in every search.
    rerank: tuple[str, ...] = ()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Config:
        """Read the configuration from environment variables."""
        env = os.environ if environ is None else environ
        # Plain strings, not pathlib: this runs on every CLI start-up.
        home = os.path.expanduser(env.get("PRX_HOME") or os.path.join("~", ".prx"))
        return cls(
            home=home,
            stats_file=os.path.expanduser(
                env.get("PRX_STATS_FILE") or os.path.join(home, "stats.jsonl")
            ),
            errors_file=os.path.expanduser(
                env.get("PRX_ERRORS_FILE") or os.path.join(home, "errors.jsonl")
            ),
            stats_max_bytes=_positive_int(env.get("PRX_STATS_MAX_BYTES"), DEFAULT_STATS_MAX_BYTES),
            max_file_size=_positive_int(env.get("PRX_MAX_FILE_SIZE"), DEFAULT_MAX_FILE_SIZE),
            autoload_plugins=env.get("PRX_DISABLE_PLUGIN_AUTOLOAD", "") in ("", "0"),
            plugin_allowlist=_names(env.get("PRX_PLUGINS")),
            plugin_blocklist=_names(env.get("PRX_DISABLED_PLUGINS")) or frozenset(),
            freshness_seconds=_seconds(env.get("PRX_FRESHNESS_SECONDS"), 1.0),
            rerank=_items(env.get("PRX_RERANK")),
            index_lock_timeout=_seconds(env.get("PRX_INDEX_LOCK_TIMEOUT"), 60.0),
        )

    def plugin_settings(self, name: str) -> Mapping[str, Any]:
        """Settings for the plugin or component called ``name`` (empty when none)."""
        return self.settings.get(name, {})


@record
class ProjectConfig:
    """The ``[tool.prx]`` tables of a project's configuration files."""

    #: ``(file, table)`` pairs, the one that wins last: ``pyproject.toml``'s ``[tool.prx]``,
    #: then ``.prx/config.toml`` (its top level, or its own ``[tool.prx]``).
    tables: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    #: Files that exist but could not be read, and why.
    warnings: tuple[str, ...] = ()


def _toml_parser() -> Any | None:
    """``tomllib``, or the ``tomli`` backport on Python 3.10 when it is installed."""
    import importlib

    for name in ("tomllib", "tomli"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    return None


def _read_table(path: str, own: bool) -> tuple[Mapping[str, Any] | None, str | None]:
    """The prx table of one file, or why it could not be read (None, None: none there)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"{path} was not read: {exc}"
    if not own and "tool.prx" not in text and "[tool]" not in text:
        return None, None  # a pyproject.toml without prx settings: not worth parsing
    parser = _toml_parser()
    if parser is None:
        return None, f"{path} was not read: Python 3.10 needs the tomli package for TOML"
    try:
        data = parser.loads(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        return None, f"{path} was not read: {exc}"
    table = data.get("tool", {}).get("prx") if isinstance(data.get("tool"), dict) else None
    if table is None and own:
        table = {k: v for k, v in data.items() if k != "tool"}
    return (table if isinstance(table, dict) else None), None


def project_config(start: str) -> ProjectConfig:
    """The configuration files of the project holding ``start``: the nearest directory at or
    above it with a ``pyproject.toml`` or a ``.prx/config.toml``."""
    directory = os.path.abspath(start)
    while True:
        files = [
            (os.path.join(directory, "pyproject.toml"), False),
            (os.path.join(directory, ".prx", "config.toml"), True),
        ]
        present = [(path, own) for path, own in files if os.path.isfile(path)]
        if present:
            break
        parent = os.path.dirname(directory)
        if parent == directory:
            return ProjectConfig()
        directory = parent
    tables: list[tuple[str, Mapping[str, Any]]] = []
    warnings: list[str] = []
    for path, own in present:
        table, problem = _read_table(path, own)
        if table is not None:
            tables.append((path, table))
        if problem is not None:
            warnings.append(problem)
    return ProjectConfig(tables=tuple(tables), warnings=tuple(warnings))
