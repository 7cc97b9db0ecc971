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
``PRX_WARM``                            ``0`` starts no warm server from the CLI (default: one
                                        per indexed root, see :mod:`prx.frontends.warm.autostart`)
``PRX_WARM_IDLE``                       seconds a warm server the CLI started lives unused (600)
``PRX_DISABLED_PLUGINS``                blocklist of entry-point names
``PRX_RERANK``                          rerank stages to enable / disable (``+name,-name``)
======================================  =====================================================
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from prx.core.record import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "DEFAULT_MAX_FILE_SIZE",
    "ENV_VARS",
    "Config",
    "ConfigFile",
    "ProjectConfig",
    "Resolved",
    "describe",
    "project_config",
    "resolve",
    "user_config_files",
]

#: Files larger than this are skipped by walking commands.
DEFAULT_MAX_FILE_SIZE = 1_048_576
#: The usage records rotate (to ``stats.jsonl.1``) beyond this size.
DEFAULT_STATS_MAX_BYTES = 5_000_000
#: A warm server the CLI started ends after this many seconds without a request.
DEFAULT_WARM_IDLE_SECONDS = 600.0
#: Values of ``PRX_WARM`` that turn it off (any other non-empty value turns it on).
_OFF = frozenset({"0", "false", "no", "off"})


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


def _switch(value: str | None) -> bool | None:
    """An on/off variable: None when unset or empty."""
    if value is None or not value.strip():
        return None
    return value.strip().lower() not in _OFF


def _positive_seconds(value: str | None) -> float | None:
    """A number of seconds above 0, or None (unset or not such a number)."""
    seconds = _seconds(value, -1.0)
    return seconds if seconds > 0 else None


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
    #: Whether a CLI call in an indexed root starts the root's warm server in the
    #: background when none runs. Not compared: it changes no answer.
    warm: bool = field(default=True, compare=False)
    #: A warm server the CLI started ends after this many seconds without a request.
    warm_idle_seconds: float = field(default=DEFAULT_WARM_IDLE_SECONDS, compare=False)
    #: Per-plugin settings, keyed by component or plugin name.
    settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Rerank stages to enable (``+name``) or disable (``-name``) in every search.
    rerank: tuple[str, ...] = ()
    #: Where each field's value came from (``env PRX_HOME``, ``project /p/pyproject.toml``,
    #: ``user ...``, ``flag --no-plugins``); a field missing here has its default value or
    #: was given in Python. Shown by ``prx config``.
    origins: Mapping[str, str] = field(default_factory=dict, compare=False)

    @classmethod
    def load(cls, start: str = ".", environ: Mapping[str, str] | None = None) -> Config:
        """The configuration of the project holding ``start``: environment variables over
        the project's files (``[tool.prx]`` of ``pyproject.toml``, ``.prx/config.toml``)
        over the user's file over the defaults (see :func:`resolve`)."""
        return resolve(start, environ).config

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Config:
        """Read the configuration from environment variables alone."""
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
            warm=_switch(env.get("PRX_WARM")) is not False,
            warm_idle_seconds=_positive_seconds(env.get("PRX_WARM_IDLE"))
            or DEFAULT_WARM_IDLE_SECONDS,
            origins={
                name: f"env {var}"
                for name, var in ENV_VARS.items()
                if _env_value(name, env) is not None
            },
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


# ---------------------------------------------------------------- layered resolution

#: Each setting read from files and the environment: its ``Config`` field -> the variable.
ENV_VARS: dict[str, str] = {
    "home": "PRX_HOME",
    "stats_file": "PRX_STATS_FILE",
    "errors_file": "PRX_ERRORS_FILE",
    "stats_max_bytes": "PRX_STATS_MAX_BYTES",
    "max_file_size": "PRX_MAX_FILE_SIZE",
    "autoload_plugins": "PRX_DISABLE_PLUGIN_AUTOLOAD",
    "plugin_allowlist": "PRX_PLUGINS",
    "plugin_blocklist": "PRX_DISABLED_PLUGINS",
    "freshness_seconds": "PRX_FRESHNESS_SECONDS",
    "index_lock_timeout": "PRX_INDEX_LOCK_TIMEOUT",
    "warm": "PRX_WARM",
    "warm_idle_seconds": "PRX_WARM_IDLE",
    "rerank": "PRX_RERANK",
}
#: The key of each setting in a configuration file, where it differs from the field.
_FILE_KEYS = {"plugin_allowlist": "plugins", "plugin_blocklist": "disabled_plugins"}
_FIELDS_BY_KEY = {_FILE_KEYS.get(name, name): name for name in ENV_VARS}


def _env_value(name: str, env: Mapping[str, str]) -> Any | None:
    """The value the environment gives field ``name``, or None when it gives none (unset,
    empty where empty means unset, or not a valid value)."""
    raw = env.get(ENV_VARS[name])
    if raw is None:
        return None
    if name in ("home", "stats_file", "errors_file"):
        return os.path.expanduser(raw) if raw else None
    if name in ("stats_max_bytes", "max_file_size"):
        number = _positive_int(raw, -1)
        return number if number > 0 else None
    if name in ("freshness_seconds", "index_lock_timeout"):
        seconds = _seconds(raw, -1.0)
        return seconds if seconds >= 0 else None
    if name == "autoload_plugins":
        return raw in ("", "0")
    if name == "warm":
        return _switch(raw)
    if name == "warm_idle_seconds":
        return _positive_seconds(raw)
    if name == "plugin_allowlist":
        return _names(raw)
    if name == "plugin_blocklist":
        return _names(raw) or frozenset()
    return _items(raw) or None  # rerank


def _file_value(name: str, value: Any) -> tuple[Any, str | None]:
    """Field ``name`` from a TOML value, or (None, what is wrong with it)."""
    if name in ("home", "stats_file", "errors_file"):
        if isinstance(value, str) and value:
            return os.path.expanduser(value), None
        return None, "expected a path (a non-empty string)"
    if name in ("stats_max_bytes", "max_file_size"):
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value, None
        return None, "expected a positive integer"
    if name in ("freshness_seconds", "index_lock_timeout"):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            return float(value), None
        return None, "expected a number of seconds (0 or more)"
    if name in ("autoload_plugins", "warm"):
        if isinstance(value, bool):
            return value, None
        return None, "expected true or false"
    if name == "warm_idle_seconds":
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
            return float(value), None
        return None, "expected a number of seconds above 0"
    items: tuple[str, ...] | None = None
    if isinstance(value, str):
        items = _items(value)
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        items = tuple(v.strip() for v in value if v.strip())
    if items is None:
        return None, "expected a list of names (or one comma-separated string)"
    if name == "rerank":
        return items, None
    return frozenset(items), None


@record
class ConfigFile:
    """A configuration file prx looks for."""

    #: Its path.
    path: str
    #: ``project`` or ``user``.
    scope: str
    #: Whether it exists and gave a prx table.
    read: bool


@record
class Resolved:
    """A configuration, the files it was read from and what was wrong in them."""

    config: Config
    files: tuple[ConfigFile, ...] = ()
    warnings: tuple[str, ...] = ()
    #: Rerank changes in the order they apply, each with its origin (files, then env).
    rerank: tuple[tuple[str, str], ...] = ()


def _user_config_dir(env: Mapping[str, str]) -> str:
    """``platformdirs.user_config_dir("prx")``; on Linux and the BSDs the XDG rule itself
    (what platformdirs computes there), so the start-up never pays for importing it."""
    import sys

    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        base = env.get("XDG_CONFIG_HOME", "").strip() or os.path.expanduser("~/.config")
        return os.path.join(base, "prx")
    import platformdirs

    return str(platformdirs.user_config_dir("prx", appauthor=False))


def user_config_files(environ: Mapping[str, str] | None = None) -> list[str]:
    """The user's configuration files, the one that wins last: ``config.toml`` in the user
    configuration directory (``~/.config/prx`` on Linux), then in the state directory
    (``$PRX_HOME``, default ``~/.prx``)."""
    env = os.environ if environ is None else environ
    home = os.path.expanduser(env.get("PRX_HOME") or os.path.join("~", ".prx"))
    first = os.path.join(_user_config_dir(env), "config.toml")
    second = os.path.join(home, "config.toml")
    return [first] if first == second else [first, second]


#: Settings a project's own files may not set, and what they decide: where prx writes,
#: and whether a process of the user's stays running after a call.
_USER_ONLY = {
    "home": "where prx keeps its state",
    "stats_file": "where prx keeps its state",
    "errors_file": "where prx keeps its state",
    "warm": "whether a warm server keeps running",
    "warm_idle_seconds": "whether a warm server keeps running",
}


def resolve(
    start: str = ".",
    environ: Mapping[str, str] | None = None,
    *,
    user_files: list[str] | None = None,
) -> Resolved:
    """The configuration of the project holding ``start``, each setting from the first
    layer that sets it: the environment, then the project's files (``.prx/config.toml``
    over ``pyproject.toml``'s ``[tool.prx]``), then the user's files, then the default.
    Command-line flags are applied on top by the front-end. ``rerank`` adds up instead:
    the files' changes, then ``PRX_RERANK``'s (the search applies them in that order).
    Per-plugin tables (``[tool.prx.settings.NAME]``) fill ``Config.settings``, the
    project's table for a name replacing the user's."""
    env = os.environ if environ is None else environ
    files: list[ConfigFile] = []
    warnings: list[str] = []
    layers: list[tuple[str, str, Mapping[str, Any]]] = []  # (scope, path, table), low first
    for path in user_files if user_files is not None else user_config_files(env):
        if not os.path.isfile(path):
            files.append(ConfigFile(path=path, scope="user", read=False))
            continue
        table, problem = _read_table(path, True)
        files.append(ConfigFile(path=path, scope="user", read=table is not None))
        if problem is not None:
            warnings.append(problem)
        if table is not None:
            layers.append(("user", path, table))
    project = project_config(start)
    warnings.extend(project.warnings)
    for path, table in project.tables:
        files.append(ConfigFile(path=path, scope="project", read=True))
        layers.append(("project", path, table))

    values: dict[str, Any] = {}
    origins: dict[str, str] = {}
    settings: dict[str, Mapping[str, Any]] = {}
    rerank: list[tuple[str, str]] = []
    for scope, path, table in layers:
        for key, value in table.items():
            if key == "settings":
                if isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()):
                    settings.update(value)
                    origins.update(
                        dict.fromkeys((f"settings.{n}" for n in value), f"{scope} {path}")
                    )
                else:
                    warnings.append(f"{path}: settings: expected tables ([tool.prx.settings.NAME])")
                continue
            name = _FIELDS_BY_KEY.get(key)
            if name is None:
                known = ", ".join(sorted([*_FIELDS_BY_KEY, "settings"]))
                warnings.append(f"{path}: unknown setting {key!r} (known: {known})")
                continue
            if scope == "project" and name in _USER_ONLY:
                # A cloned repository must not choose where prx writes its records
                # (stats_file = "~/.bashrc" would append to the user's shell start-up),
                # nor turn on a server the user turned off, nor keep it running longer.
                warnings.append(
                    f"{path}: {key}: only the user's configuration or {ENV_VARS[name]} may "
                    f"set {_USER_ONLY[name]}; ignored"
                )
                continue
            parsed, problem = _file_value(name, value)
            if problem is not None:
                warnings.append(f"{path}: {key}: {problem}, got {value!r}; ignored")
                continue
            if name == "rerank":
                rerank.extend((item, f"{scope} {path}") for item in parsed)
                continue
            values[name], origins[name] = parsed, f"{scope} {path}"
    for name in ENV_VARS:
        from_env = _env_value(name, env)
        if from_env is not None:
            values[name], origins[name] = from_env, f"env {ENV_VARS[name]}"
    env_rerank: tuple[str, ...] = values.pop("rerank", ())
    origins.pop("rerank", None)
    rerank.extend((item, f"env {ENV_VARS['rerank']}") for item in env_rerank)

    home = values.get("home") or os.path.expanduser(os.path.join("~", ".prx"))
    config = Config(
        home=home,
        stats_file=values.get("stats_file") or os.path.join(home, "stats.jsonl"),
        errors_file=values.get("errors_file") or os.path.join(home, "errors.jsonl"),
        stats_max_bytes=values.get("stats_max_bytes", DEFAULT_STATS_MAX_BYTES),
        max_file_size=values.get("max_file_size", DEFAULT_MAX_FILE_SIZE),
        autoload_plugins=values.get("autoload_plugins", True),
        plugin_allowlist=values.get("plugin_allowlist"),
        plugin_blocklist=values.get("plugin_blocklist", frozenset()),
        freshness_seconds=values.get("freshness_seconds", 1.0),
        index_lock_timeout=values.get("index_lock_timeout", 60.0),
        warm=values.get("warm", True),
        warm_idle_seconds=values.get("warm_idle_seconds", DEFAULT_WARM_IDLE_SECONDS),
        settings=settings,
        # Only the environment's: the search reads the files' changes itself, naming the
        # file in its errors (prx.engine.ranking.pipeline).
        rerank=env_rerank,
        origins={**origins, **({"rerank": f"env {ENV_VARS['rerank']}"} if env_rerank else {})},
    )
    return Resolved(
        config=config, files=tuple(files), warnings=tuple(warnings), rerank=tuple(rerank)
    )


def _shown(value: Any) -> Any:
    return sorted(value) if isinstance(value, (set, frozenset)) else value


def _source(origin: str | None) -> tuple[str, str | None]:
    if origin is None:
        return "default", None
    kind, _, where = origin.partition(" ")
    return kind, where or None


def describe(config: Config, start: str = ".", environ: Mapping[str, str] | None = None) -> Any:
    """The :class:`~prx.types.ConfigResult` of ``config``: each setting's value and source,
    and the files looked for from ``start``."""
    from prx.core.results.config import ConfigFileEntry, ConfigResult, Setting

    resolved = resolve(start, environ)
    defaults = Config.from_env({})
    rows = []
    for name, var in ENV_VARS.items():
        value = getattr(config, name)
        origin = config.origins.get(name)
        if name == "rerank":
            changes = (
                [item for item, _ in resolved.rerank] if value == resolved.config.rerank else []
            )
            value = changes or list(value)
            kinds = sorted({o.partition(" ")[0] for _, o in resolved.rerank}) if changes else []
            places = list(dict.fromkeys(o.partition(" ")[2] for _, o in resolved.rerank))
            source = "+".join(kinds) if kinds else ("given" if value else "default")
            rows.append(
                Setting(
                    name=name,
                    value=value,
                    source=source,
                    origin=", ".join(places) if changes else None,
                    env=var,
                )
            )
            continue
        kind, where = _source(origin)
        derived = {"stats_file": "stats.jsonl", "errors_file": "errors.jsonl"}.get(name)
        default = os.path.join(config.home, derived) if derived else getattr(defaults, name)
        if origin is None and value != default:
            kind = "given"
        rows.append(Setting(name=name, value=_shown(value), source=kind, origin=where, env=var))
    for plugin in sorted(config.settings):
        kind, where = _source(config.origins.get(f"settings.{plugin}"))
        rows.append(
            Setting(
                name=f"settings.{plugin}",
                value=dict(config.settings[plugin]),
                source="given" if kind == "default" else kind,
                origin=where,
            )
        )
    files = tuple(ConfigFileEntry(path=f.path, scope=f.scope, read=f.read) for f in resolved.files)
    return ConfigResult(
        root=os.path.abspath(start), settings=tuple(rows), files=files, warnings=resolved.warnings
    )
