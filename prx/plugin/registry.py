"""The typed facade over pluggy: the only module that calls hooks.

A :class:`Registry` belongs to one context (there is no global plugin manager). prx's own
components come in as a :class:`Builtins` the application hands over: plugins registered
first, through the same hooks as any other, and the tables of what they register, so a
lookup of a built-in name is answered without importing pluggy while no other plugin can
interfere. Third-party plugins from the ``prx`` entry-point group are loaded lazily, on the
first lookup that misses among the built-ins or on a full listing, each in its own ``try``.
The plugin layer names no module above it: every built-in arrives as a ``module:attribute``
string of the application's.

A registry may be shared by threads (a server's workspace): the plugin manager and every
lazy table are built under one lock and published only once whole, so a thread never sees
a half-registered manager or a partial table.
"""

from __future__ import annotations

import _thread
import importlib
import os
from collections.abc import Callable, Iterable, Mapping

from prx.core.config import Config
from prx.core.errors import (
    InvalidCommandError,
    PluginConflictError,
    UnknownComponentError,
    did_you_mean,
)
from prx.core.record import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import pluggy

    from prx.plugin.interfaces import (
        Frontend,
        LanguageSpec,
        Operation,
        Renderer,
        Reranker,
        Retriever,
        RunnerParser,
    )
    from prx.plugin.loader import PluginLoadFailure

__all__ = ["Builtins", "PluginInfo", "Registry", "load"]


@record
class Builtins:
    """prx's own components, as the application hands them to a :class:`Registry`."""

    #: The built-in plugins, registered first: (registered name, ``module:attribute`` of
    #: the plugin object, whose hook implementations register the components below).
    plugins: tuple[tuple[str, str], ...] = ()
    #: What those plugins register, by kind (``operation``, ``frontend``, ``renderer``,
    #: ``retriever``, ``reranker``): name -> ``module:attribute``. A lookup reads it
    #: without the plugin manager while no other plugin can add a component.
    tables: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: ``module:attribute`` of the built-in languages (a tuple of ``LanguageSpec``).
    languages: str | None = None


def load(target: str) -> Any:
    """The object a ``module:attribute`` string names."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


#: Built-in languages by extension and by file name, per catalogue (``module:attribute``).
_BUILTIN_LANGUAGE_TABLES: dict[str, tuple[dict[str, LanguageSpec], dict[str, LanguageSpec]]] = {}


def _builtin_language(catalogue: str, name: str) -> LanguageSpec | None:
    """The built-in language of a file name, from the catalogue alone (no plugin manager)."""
    tables = _BUILTIN_LANGUAGE_TABLES.get(catalogue)
    if tables is None:
        by_ext: dict[str, LanguageSpec] = {}
        by_name: dict[str, LanguageSpec] = {}
        for spec in sorted(load(catalogue), key=lambda s: s.name):
            for ext in spec.extensions:
                by_ext.setdefault(ext.lower(), spec)
            for filename in spec.filenames:
                by_name.setdefault(filename, spec)
        tables = _BUILTIN_LANGUAGE_TABLES[catalogue] = (by_ext, by_name)
    by_ext, by_name = tables
    found = by_name.get(name)
    suffix = os.path.splitext(name)[1]
    if found is None and suffix:
        found = by_ext.get(suffix.lower())
    return found


class _Kind:
    """One kind of component: its registration hook, a label for messages, its name key."""

    __slots__ = ("hook", "key", "label")

    def __init__(self, *, hook: str, label: str, key: Callable[[Any], str]) -> None:
        self.hook, self.label, self.key = hook, label, key


def _class_name(component: Any) -> str:
    return str(component.NAME)


def _spec_name(component: Any) -> str:
    return str(component.name)


_KINDS = {
    "operation": _Kind(hook="prx_register_operations", label="operation", key=_spec_name),
    "frontend": _Kind(hook="prx_register_frontends", label="front-end", key=_class_name),
    "renderer": _Kind(hook="prx_register_renderers", label="renderer", key=_class_name),
    "language": _Kind(hook="prx_register_languages", label="language", key=_spec_name),
    "retriever": _Kind(hook="prx_register_retrievers", label="retriever", key=_class_name),
    "reranker": _Kind(hook="prx_register_rerankers", label="reranker", key=_class_name),
    "runner_parser": _Kind(
        hook="prx_register_runner_parsers", label="runner parser", key=_class_name
    ),
}


class PluginInfo:
    """A registered plugin and where it came from."""

    __slots__ = ("name", "origin")

    def __init__(self, *, name: str, origin: str) -> None:
        #: Name the plugin is registered under (module name or ``dist:entry-point``).
        self.name = name
        #: ``builtin``, ``explicit`` (passed to the workspace) or ``entry-point``.
        self.origin = origin

    def __repr__(self) -> str:
        return f"PluginInfo(name={self.name!r}, origin={self.origin!r})"


class Registry:
    """Components registered by built-in and third-party plugins.

    :param config: the workspace configuration (plugin allow/block lists, settings).
    :param plugins: extra plugin objects (modules or classes with hook implementations)
        to register next to the built-ins; a conflict among them raises at once.
    :param builtins: prx's own components (none by default: the application passes them).
    """

    def __init__(
        self,
        config: Config,
        *,
        plugins: Iterable[object] = (),
        builtins: Builtins | None = None,
    ) -> None:
        self.config = config
        self._builtins = builtins if builtins is not None else Builtins()
        self._explicit = tuple(plugins)
        self._manager: pluggy.PluginManager | None = None
        self._origin: dict[str, str] = {}
        self._failures: list[PluginLoadFailure] = []
        #: Entry-point plugins by registered name: (distribution, version).
        self._dists: dict[str, tuple[str, str]] = {}
        self._notes: list[str] = []
        self._tables: dict[str, dict[str, tuple[Any, str]]] = {}
        #: Languages by extension and by file name, built together on first use.
        self._language_index: tuple[dict[str, LanguageSpec], dict[str, LanguageSpec]] | None = None
        self._third_party_pending = config.autoload_plugins
        # Guards building the manager and the lazy tables (re-entrant: a table builds the
        # manager it reads).
        self._lock = _thread.RLock()
        # Built-ins first: with no explicit plugin, a built-in name is answered from the
        # built-in tables without importing pluggy (see _builtin()).
        self._builtins_only = not self._explicit
        if self._explicit:
            self._pm.check_pending()  # conflicts and typos of explicit plugins show at once

    @property
    def _pm(self) -> pluggy.PluginManager:
        """The plugin manager, with every built-in and explicit plugin registered."""
        manager = self._manager
        if manager is not None:
            return manager
        with self._lock:
            if self._manager is None:
                import pluggy

                from prx.plugin import hookspecs

                manager = pluggy.PluginManager("prx")
                manager.add_hookspecs(hookspecs)
                for name, target in self._builtins.plugins:
                    self._add(manager, load(target), name, "builtin")
                for index, plugin in enumerate(self._explicit):
                    name = getattr(plugin, "__name__", None) or f"{type(plugin).__name__}-{index}"
                    self._add(manager, plugin, str(name), "explicit")
                manager.check_pending()
                # Historic: every plugin registered from now on is configured as it is
                # registered, by pluggy, with only the arguments its implementation takes.
                manager.hook.prx_configure.call_historic(kwargs={"config": self.config})
                self._manager = manager  # published only once whole
            return self._manager

    def _builtin(self, kind: str, name: str) -> Any | None:
        """A built-in component straight from its table, while no plugin can interfere."""
        table = self._builtins.tables.get(kind, {})
        if not self._builtins_only or self._manager is not None or name not in table:
            return None
        return load(table[name])

    # ------------------------------------------------------------------ registration

    def _add(self, manager: pluggy.PluginManager, plugin: object, name: str, origin: str) -> None:
        manager.register(plugin, name=name)
        self._origin[name] = origin

    def _wanted_entry_points(self) -> list[Any]:
        """The installed ``prx`` entry points that the allow/block lists let in (cheap scan)."""
        from prx.plugin.loader import discover

        allow, block = self.config.plugin_allowlist, self.config.plugin_blocklist
        return [e for e in discover() if (allow is None or e.name in allow) and e.name not in block]

    def load_entry_points(self) -> None:
        """Load third-party plugins now (normally done lazily, on the first miss)."""
        if not self._third_party_pending:
            return
        with self._lock:
            if self._third_party_pending:
                self._load_entry_points()

    def _load_entry_points(self) -> None:
        self._third_party_pending = False
        from prx.plugin.loader import PluginLoadFailure, discover, load

        allow, block = self.config.plugin_allowlist, self.config.plugin_blocklist
        for entry in discover():
            if (allow is not None and entry.name not in allow) or entry.name in block:
                continue
            name = f"{entry.dist}:{entry.name}"
            try:
                plugin = load(entry)
                self._pm.register(plugin, name=name)  # runs its prx_configure (historic)
            except Exception as exc:  # any failure of foreign code is a warning
                if self._pm.has_plugin(name):
                    self._pm.unregister(name=name)
                self._failures.append(
                    PluginLoadFailure(name=entry.name, dist=entry.dist, error=_describe(exc))
                )
                continue
            try:
                self._pm.check_pending()
                self._origin[name] = "entry-point"
                self._dists[name] = (entry.dist, entry.version)
            except Exception as exc:
                self._pm.unregister(name=name)
                self._origin.pop(name, None)
                self._failures.append(
                    PluginLoadFailure(name=entry.name, dist=entry.dist, error=_describe(exc))
                )
        self._tables.clear()
        self._language_index = None

    # ------------------------------------------------------------------- collection

    def _table(self, kind: str) -> dict[str, tuple[Any, str]]:
        table = self._tables.get(kind)
        if table is not None:
            return table
        with self._lock:
            table = self._tables.get(kind)
            if table is None:
                table = self._tables[kind] = self._build_table(kind)
            return table

    def _build_table(self, kind: str) -> dict[str, tuple[Any, str]]:
        spec = _KINDS[kind]
        table: dict[str, tuple[Any, str]] = {}
        for impl in getattr(self._pm.hook, spec.hook).get_hookimpls():
            owner = self._pm.get_name(impl.plugin) or "?"
            strict = self._origin.get(owner) != "entry-point"
            try:
                returned = impl.function()
                items = list(returned) if isinstance(returned, (list, tuple)) else [returned]
                names = [spec.key(item) for item in items]
            except Exception as exc:
                if strict:
                    raise
                self._note(f"plugin {owner!r} failed in {spec.hook}: {_describe(exc)}")
                continue
            for name, item in zip(names, items, strict=True):
                if name in table and self._overrides(kind, table[name][1], owner):
                    # A plugin's language of a built-in's name replaces it (a grammar or
                    # queries of its own); another name never takes a built-in's files.
                    self._note(f"{spec.label} {name!r} of {owner!r} replaces prx's own")
                    table[name] = (item, owner)
                    continue
                if name in table:
                    first_owner = table[name][1]
                    message = (
                        f"{spec.label} {name!r} is registered by both {first_owner!r} and {owner!r}"
                    )
                    if strict and self._origin.get(first_owner) != "entry-point":
                        raise PluginConflictError(
                            message, suggestion="Rename one of the components (its NAME)."
                        )
                    self._note(message + f"; the one from {owner!r} is ignored")
                    continue
                table[name] = (item, owner)
        return table

    def _overrides(self, kind: str, first_owner: str, owner: str) -> bool:
        """Whether ``owner``'s component replaces ``first_owner``'s of the same name: a
        plugin's language over a built-in one."""
        return (
            kind == "language"
            and self._origin.get(first_owner) == "builtin"
            and self._origin.get(owner) != "builtin"
        )

    def _note(self, message: str) -> None:
        if message not in self._notes:
            self._notes.append(message)

    def _lookup(self, kind: str, name: str) -> Any | None:
        hit = self._table(kind).get(name)
        if hit is None and self._third_party_pending:
            self.load_entry_points()
            hit = self._table(kind).get(name)
        return hit[0] if hit else None

    def _all(self, kind: str) -> list[Any]:
        self.load_entry_points()
        table = self._table(kind)
        return [table[name][0] for name in sorted(table)]

    def owner(self, kind: str, name: str) -> str | None:
        """Name of the plugin that registered component ``name`` of ``kind``."""
        hit = self._table(kind).get(name)
        return hit[1] if hit else None

    # ---------------------------------------------------------------- typed lookups

    def operation(self, name: str) -> Operation:
        """The operation called ``name``; :class:`InvalidCommandError` when none is."""
        # Built-ins first (hatch's ClassRegister.get): import only this command's module.
        # Built-ins always win a name, so the full table cannot answer differently.
        builtin = self._builtin("operation", name)
        if builtin is not None:
            return builtin  # type: ignore[no-any-return]
        found = self._lookup("operation", name)
        if found is None:
            known = [op.name for op in self.operations()]
            hints = [did_you_mean(name, known), f"Known commands: {', '.join(known)}."]
            raise InvalidCommandError(
                f"unknown command {name!r}", suggestion=" ".join(h for h in hints if h)
            )
        return found  # type: ignore[no-any-return]

    def operations(self) -> list[Operation]:
        """Every operation, sorted by name."""
        return self._all("operation")

    def frontend(self, name: str) -> type[Frontend]:
        """The front-end class called ``name``."""
        builtin = self._builtin("frontend", name)
        if builtin is not None:
            return builtin  # type: ignore[no-any-return]
        return self._require("frontend", name)  # type: ignore[no-any-return]

    def renderer(self, name: str) -> type[Renderer]:
        """The renderer class called ``name``."""
        builtin = self._builtin("renderer", name)
        if builtin is not None:
            return builtin  # type: ignore[no-any-return]
        return self._require("renderer", name)  # type: ignore[no-any-return]

    def renderers(self) -> list[type[Renderer]]:
        """Every renderer class, sorted by name."""
        return self._all("renderer")

    def frontends(self) -> list[type[Frontend]]:
        """Every front-end class, sorted by name."""
        return self._all("frontend")

    def retrievers(self) -> list[type[Retriever]]:
        """Every retriever class, sorted by name."""
        found = self._builtins_alone("retriever")
        return found if found is not None else self._all("retriever")

    def rerankers(self) -> list[type[Reranker]]:
        """Every rerank stage class, sorted by name."""
        found = self._builtins_alone("reranker")
        return found if found is not None else self._all("reranker")

    def _builtins_alone(self, kind: str) -> list[Any] | None:
        """Every built-in component of ``kind`` (sorted by name), when no plugin can add
        one: a search needs its retrievers and stages without importing pluggy. None
        otherwise. The same classes the hooks register: only the route differs."""
        if not self._no_plugin_can_add(kind):
            return None
        table = self._builtins.tables.get(kind, {})
        return [load(table[name]) for name in sorted(table)]

    def _builtins_usable(self, kind: str) -> bool:
        """Whether the built-ins of ``kind`` may be read without the plugin manager: no
        explicit plugin, no manager built, a table (or catalogue) of that kind given."""
        present = (
            self._builtins.languages is not None
            if kind == "language"
            else kind in self._builtins.tables
        )
        return self._builtins_only and self._manager is None and present

    def _no_plugin_can_add(self, kind: str) -> bool:
        """Whether only the built-ins of ``kind`` can answer: they are usable and no
        installed plugin is wanted (learnt once: the entry points are not asked again)."""
        if not self._builtins_usable(kind):
            return False
        if self._third_party_pending:
            if self._wanted_entry_points():
                return False
            self._third_party_pending = False  # no plugin installed: nothing to ask
        return True

    def runner_parsers(self) -> list[type[RunnerParser]]:
        """Every runner parser class, highest ``PRIORITY`` first, then by name."""
        return sorted(self._all("runner_parser"), key=lambda p: (-p.PRIORITY, p.NAME))

    def languages(self) -> list[LanguageSpec]:
        """Every language, sorted by name."""
        return self._all("language")

    def file_languages(self) -> list[LanguageSpec]:
        """The languages :meth:`language_for` can answer with, sorted by name: while no
        plugin can add one, the built-in catalogue (without building the plugin manager)."""
        catalogue = self._builtins.languages
        if catalogue is not None and self._no_plugin_can_add("language"):
            return sorted(load(catalogue), key=lambda spec: spec.name)
        return self.languages()

    def language(self, name: str) -> LanguageSpec:
        """The language called ``name``."""
        return self._require("language", name)  # type: ignore[no-any-return]

    def language_for(self, path: str | os.PathLike[str]) -> LanguageSpec | None:
        """The language of a file, by exact file name and then by extension."""
        name = os.path.basename(os.fspath(path))
        catalogue = self._builtins.languages
        if catalogue is not None and self._builtins_usable("language"):
            found = _builtin_language(catalogue, name)
            if self._no_plugin_can_add("language"):
                return found  # with no plugin to ask (none may replace it), the built-in
        spec = self._match_language(name)
        if spec is None and self._third_party_pending:
            self.load_entry_points()
            spec = self._match_language(name)
        return spec

    def _match_language(self, name: str) -> LanguageSpec | None:
        tables = self._language_tables()
        spec = tables[1].get(name)
        suffix = os.path.splitext(name)[1]
        if spec is None and suffix:
            spec = tables[0].get(suffix.lower())
        return spec

    def _language_tables(self) -> tuple[dict[str, LanguageSpec], dict[str, LanguageSpec]]:
        """Languages by extension and by file name (built once, under the lock)."""
        built = self._language_index
        if built is not None:
            return built
        with self._lock:
            if self._language_index is not None:
                return self._language_index
            by_ext: dict[str, LanguageSpec] = {}
            by_name: dict[str, LanguageSpec] = {}
            table = self._table("language")
            # Built-ins first, so a plugin cannot take over ".py" by sorting earlier.
            order = sorted(table, key=lambda n: (self._origin.get(table[n][1]) != "builtin", n))
            for language in order:
                entry = table[language][0]
                for ext in entry.extensions:
                    by_ext.setdefault(ext.lower(), entry)
                for filename in entry.filenames:
                    by_name.setdefault(filename, entry)
            self._language_index = (by_ext, by_name)
            return by_ext, by_name

    def _require(self, kind: str, name: str) -> Any:
        found = self._lookup(kind, name)
        if found is None:
            known = ", ".join(sorted(self._table(kind))) or "none"
            raise UnknownComponentError(
                f"no {_KINDS[kind].label} called {name!r}", suggestion=f"Known: {known}."
            )
        return found

    # --------------------------------------------------------------------- reporting

    def plugins(self) -> list[PluginInfo]:
        """Every registered plugin, built-ins first."""
        _ = self._pm  # register the built-ins if nothing needed them yet
        self.load_entry_points()
        order = {"builtin": 0, "explicit": 1, "entry-point": 2}
        return sorted(
            (PluginInfo(name=n, origin=o) for n, o in self._origin.items()),
            key=lambda p: (order[p.origin], p.name),
        )

    def registrations(self) -> dict[str, dict[str, list[str]]]:
        """What each plugin registers: plugin name -> kind -> component names (sorted)."""
        self.load_entry_points()
        found: dict[str, dict[str, list[str]]] = {}
        for kind in _KINDS:
            for component, (_, owner) in sorted(self._table(kind).items()):
                found.setdefault(owner, {}).setdefault(kind, []).append(component)
        return found

    def distribution(self, plugin: str) -> tuple[str, str] | None:
        """The distribution and version of an entry-point plugin (None for the others)."""
        return self._dists.get(plugin)

    @property
    def failures(self) -> list[PluginLoadFailure]:
        """Third-party plugins that could not be loaded."""
        return list(self._failures)

    @property
    def warnings(self) -> list[str]:
        """Everything a front-end should show in an envelope's ``warnings``."""
        return [f.warning() for f in self._failures] + list(self._notes)

    @property
    def hook(self) -> pluggy.HookRelay:
        """The raw pluggy hook relay, for tests and debugging only."""
        return self._pm.hook


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"
