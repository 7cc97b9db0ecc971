"""The Context every command, engine part and plugin receives.

A :class:`Context` is one project root seen by prx: the root as a boundary no path leaves
(:attr:`Context.confined`), the settings, the plugin registry (built on first use) and the
per-process caches. The application's :class:`~prx.app.workspace.Workspace` is a Context
with one method per command; features below the application take a Context (or one of the
narrow protocols of :mod:`prx.plugin.protocols`) and never the Workspace, so no part of
prx reaches up to the application.

No ``typing`` and no pathlib at import: this is on every command's start-up path.
"""

from __future__ import annotations

import _thread
import os
from collections.abc import Iterable

from prx.core.config import Config

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from prx.core.confined import ConfinedRoot
    from prx.plugin.interfaces import LanguageSpec
    from prx.plugin.registry import Builtins, Registry

__all__ = ["Context"]


class Context:
    """A project root and everything prx keeps about it.

    :param root: the directory relative paths are resolved against, and that every path
        stays inside (default: the current directory).
    :param config: settings; read from the environment and the project's files when
        omitted.
    :param plugins: extra plugin objects to register next to the built-ins.
    :param builtins: prx's own components (the application passes them; a bare Context
        has none).
    """

    def __init__(
        self,
        root: str | os.PathLike[str] = ".",
        *,
        config: Config | None = None,
        plugins: Iterable[object] = (),
        builtins: Builtins | None = None,
    ) -> None:
        #: The root as an absolute path string (pathlib stays off the start-up path).
        self.root_dir = os.path.abspath(root)
        self.config = config if config is not None else Config.load(self.root_dir)
        self._plugins = tuple(plugins)
        self._builtins = builtins
        self._registry: Registry | None = None
        self._registry_lock = _thread.allocate_lock()
        self._confined: ConfinedRoot | None = None
        #: Per-process caches (search engines per root ...), keyed by feature.
        self.cache: dict[str, Any] = {}
        #: How answers name this root when it is not the working one: the ``ROOT`` of a
        #: root-qualified path ``ROOT//PATH`` (:mod:`prx.core.roots`); None for the
        #: working root, whose paths are shown bare.
        self.label: str | None = None
        #: The other roots a qualified path may name, by label (the MCP server's further
        #: ``--root``s); None: any project directory (a person's command line).
        self.other_roots: dict[str, str] | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.root_dir!r})"

    def at(self, root: str | os.PathLike[str], *, builtins: Builtins | None = None) -> Context:
        """A context of the same kind for another root (a folder inside this one, say),
        with the same settings, plugins and built-ins (or ``builtins``), and the same
        other roots qualified paths may name."""
        other = type(self)(
            root,
            config=self.config,
            plugins=self._plugins,
            builtins=self._builtins if builtins is None else builtins,
        )
        other.other_roots = self.other_roots
        return other

    def for_path(self, path: str) -> tuple[Context, str]:
        """The context a path given to a command lives in, and the path inside it: for a
        root-qualified ``ROOT//PATH`` naming a project (see :mod:`prx.core.roots`), a
        context of that root labelled ``ROOT``; for any other path, this one."""
        from prx.core.roots import split_qualified

        found = split_qualified(path, self.root_dir)
        if found is None:
            return self, path
        directory, inside = found
        if self.other_roots is not None and os.path.normpath(directory) not in {
            os.path.normpath(known) for known in self.other_roots.values()
        }:
            return self, path  # not a root this context was given: confined as any path
        if os.path.normpath(directory) == os.path.normpath(self.root_dir):
            return self, inside
        other = self.at(directory)
        other.label = path.partition("//")[0]
        return other, inside

    @property
    def builtins(self) -> Builtins | None:
        """prx's own components this context's registry starts from."""
        return self._builtins

    @property
    def extra_plugins(self) -> tuple[object, ...]:
        """The plugin objects this context registers beside the built-ins."""
        return self._plugins

    @property
    def root(self) -> Path:
        """The root directory."""
        from pathlib import Path

        return Path(self.root_dir)

    @property
    def registry(self) -> Registry:
        """The plugin registry, built on first use (once, whichever thread asks first)."""
        registry = self._registry
        if registry is None:
            with self._registry_lock:
                if self._registry is None:
                    from prx.plugin.registry import Registry

                    self._registry = Registry(
                        self.config, plugins=self._plugins, builtins=self._builtins
                    )
                registry = self._registry
        return registry

    @property
    def has_registry(self) -> bool:
        """Whether the registry has been built (reading it would otherwise build it)."""
        return self._registry is not None

    @property
    def confined(self) -> ConfinedRoot:
        """The root as the boundary every path of every operation stays inside."""
        confined = self._confined
        if confined is None:
            from prx.core.confined import ConfinedRoot

            confined = self._confined = ConfinedRoot(self.root_dir)
        return confined

    def resolve(self, path: str | os.PathLike[str], *, param: str | None = None) -> str:
        """An absolute path for ``path``, relative paths taken from the root;
        ``permission_denied`` when it is, or leads through a link, outside the root.

        A path as answers show a name that is not UTF-8 (``caf\\xe9.py``) names that file
        when no file has the literal name.
        """
        text = os.fspath(path)
        full = self.confined.resolve(text, param=param)
        if "\\x" in full and not os.path.lexists(full):
            from prx.core.confined import byte_escapes_undone

            undone = byte_escapes_undone(text)
            if undone is not None:
                candidate = self.confined.resolve(undone, param=param)
                if os.path.lexists(candidate):
                    return candidate
        return full

    def language_for(
        self, path: str | os.PathLike[str], head: bytes | None = None
    ) -> LanguageSpec | None:
        """The language of a file, or None when no plugin recognises it: by its name, and
        for a name without an extension by the ``#!`` line ``head`` (the file's first
        bytes, when the caller has them) names."""
        spec = self.registry.language_for(os.fspath(path))
        if spec is not None or head is None:
            return spec
        from prx.core.shebang import interpreter_language, sniffs

        if not sniffs(os.fspath(path)):
            return None
        language = interpreter_language(head)
        if language is None:
            return None
        return next((s for s in self.registry.languages() if s.name == language), None)

    def call(self, command: str, **arguments: Any) -> Any:
        """The result of the operation ``command`` run here with ``arguments`` (its
        parameters by name): how one command uses another. No envelope, no fallback, no
        usage record; errors are raised."""
        op = self.registry.operation(command)
        return op.func(self, op.params(**arguments))
