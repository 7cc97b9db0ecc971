"""Workspace configuration, read from the environment.

======================================  =====================================================
``PRX_HOME``                            state directory (default ``~/.prx``)
``PRX_STATS_FILE``                      usage records (default ``$PRX_HOME/stats.jsonl``)
``PRX_ERRORS_FILE``                     fallback log (default ``$PRX_HOME/errors.jsonl``)
``PRX_MAX_FILE_SIZE``                   walker size limit in bytes (default 1 MiB)
``PRX_DISABLE_PLUGIN_AUTOLOAD``         ``1`` loads no third-party plugin
``PRX_PLUGINS``                         allowlist of entry-point names (empty: none)
``PRX_FRESHNESS_SECONDS``               how often a warm search re-checks files (default 1)
``PRX_INDEX_LOCK_TIMEOUT``              seconds ``prx index`` waits for another writer (60)
``PRX_DISABLED_PLUGINS``                blocklist of entry-point names
======================================  =====================================================
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from prx._record import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Config", "DEFAULT_MAX_FILE_SIZE"]

#: Files larger than this are skipped by walking commands.
DEFAULT_MAX_FILE_SIZE = 1_048_576


def _names(value: str | None) -> frozenset[str] | None:
    if value is None:
        return None
    return frozenset(n.strip() for n in value.split(",") if n.strip())


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
            max_file_size=_positive_int(env.get("PRX_MAX_FILE_SIZE"), DEFAULT_MAX_FILE_SIZE),
            autoload_plugins=env.get("PRX_DISABLE_PLUGIN_AUTOLOAD", "") in ("", "0"),
            plugin_allowlist=_names(env.get("PRX_PLUGINS")),
            plugin_blocklist=_names(env.get("PRX_DISABLED_PLUGINS")) or frozenset(),
            freshness_seconds=_seconds(env.get("PRX_FRESHNESS_SECONDS"), 1.0),
            index_lock_timeout=_seconds(env.get("PRX_INDEX_LOCK_TIMEOUT"), 60.0),
        )

    def plugin_settings(self, name: str) -> Mapping[str, Any]:
        """Settings for the plugin or component called ``name`` (empty when none)."""
        return self.settings.get(name, {})
