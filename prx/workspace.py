"""The Workspace: one project root with its configuration, plugin registry and caches."""

from __future__ import annotations

import _thread
import os
from collections.abc import Iterable, Sequence

from prx.config import Config

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

    from prx.confined import ConfinedRoot
    from prx.index.probe import ContentProbe
    from prx.plugin.interfaces import LanguageSpec
    from prx.plugin.registry import Registry
    from prx.progress import ProgressCallback
    from prx.types import (
        BenchResult,
        ConfigResult,
        ContextResult,
        DiffResult,
        EditResult,
        ExistsResult,
        ExplainResult,
        FindResult,
        ImpactResult,
        IndexResult,
        InitResult,
        OutlineResult,
        PluginsResult,
        ReadResult,
        RenameResult,
        RunReport,
        SearchExistsResult,
        SearchResult,
        StatsResult,
    )

__all__ = ["Workspace"]


class Workspace:
    """A project root and everything prx keeps about it.

    Long-lived hosts (an MCP server, a notebook) hold one and reuse it; the module-level
    functions :func:`prx.read`, :func:`prx.find` ... use a cached workspace per root.

    :param root: the directory relative paths are resolved against (default: the cwd).
    :param config: settings; read from the environment when omitted.
    :param plugins: extra plugin objects to register next to the built-ins.
    """

    def __init__(
        self,
        root: str | os.PathLike[str] = ".",
        *,
        config: Config | None = None,
        plugins: Iterable[object] = (),
    ) -> None:
        #: The root as an absolute path string (pathlib stays off the start-up path).
        self.root_dir = os.path.abspath(root)
        self.config = config if config is not None else Config.load(self.root_dir)
        self._plugins = tuple(plugins)
        self._registry: Registry | None = None
        self._registry_lock = _thread.allocate_lock()
        self._confined: ConfinedRoot | None = None
        #: Per-process caches (search engines per root ...), keyed by feature.
        self.cache: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"Workspace({self.root_dir!r})"

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

                    self._registry = Registry(self.config, plugins=self._plugins)
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
            from prx.confined import ConfinedRoot

            confined = self._confined = ConfinedRoot(self.root_dir)
        return confined

    def resolve(self, path: str | os.PathLike[str], *, param: str | None = None) -> str:
        """An absolute path for ``path``, relative paths taken from the workspace root;
        ``permission_denied`` when it is, or leads through a link, outside the root.

        A path as answers show a name that is not UTF-8 (``caf\\xe9.py``) names that file
        when no file has the literal name.
        """
        text = os.fspath(path)
        full = self.confined.resolve(text, param=param)
        if "\\x" in full and not os.path.lexists(full):
            from prx.files.display import byte_escapes_undone

            undone = byte_escapes_undone(text)
            if undone is not None:
                candidate = self.confined.resolve(undone, param=param)
                if os.path.lexists(candidate):
                    return candidate
        return full

    def language_for(self, path: str | os.PathLike[str]) -> LanguageSpec | None:
        """The language of a file, or None when no plugin recognises it."""
        return self.registry.language_for(os.fspath(path))

    # ------------------------------------------------------------------ operations

    def read(
        self,
        path: str | os.PathLike[str],
        *,
        lines: str | None = None,
        hash_only: bool = False,
        outline_only: bool = False,
        full_outline: bool = False,
        skeleton: bool = False,
        snap: str | None = None,
        mode: str | None = None,
        if_changed: str | None = None,
        budget: int | None = None,
        continue_token: str | None = None,
    ) -> ReadResult:
        """Read a file: content, metadata and hash. See :func:`prx.read`."""
        from prx.files.read import read_file

        return read_file(
            self,
            os.fspath(path),
            lines=lines,
            hash_only=hash_only,
            outline_only=outline_only,
            full_outline=full_outline,
            skeleton=skeleton,
            snap=snap,
            mode=mode,
            if_changed=if_changed,
            budget=budget,
            continue_token=continue_token,
        )

    def rename(
        self,
        old: str,
        new: str,
        path: str | os.PathLike[str] = ".",
        *,
        include_comments: bool = False,
        apply: bool = False,
        engine: str = "auto",
        budget: int | None = None,
    ) -> RenameResult:
        """Rename an identifier in the files under ``path``. See :func:`prx.rename`."""
        from prx.refactor.rename import rename

        return rename(
            self,
            old,
            new,
            os.fspath(path),
            include_comments=include_comments,
            apply=apply,
            engine=engine,
            budget=budget,
        )

    def find(
        self,
        path: str | os.PathLike[str] = ".",
        *,
        pattern: tuple[str, ...] = (),
        max_depth: int | None = None,
        view: str = "tree",
        budget: int | None = None,
        continue_token: str | None = None,
    ) -> FindResult:
        """List files as a tree and/or a flat list. See :func:`prx.find`."""
        from prx.files.find import find_files

        return find_files(
            self,
            os.fspath(path),
            pattern=pattern,
            max_depth=max_depth,
            view=view,
            budget=budget,
            continue_token=continue_token,
        )

    def exists(
        self,
        pattern: str,
        path: str | os.PathLike[str] = ".",
        *,
        mode: str = "auto",
        exact: bool = False,
    ) -> ExistsResult:
        """Whether a path or a literal text exists. See :func:`prx.exists`."""
        from prx.files.exists import check_exists

        return check_exists(
            self, pattern, os.fspath(path), mode=mode, exact=exact, open_probe=_open_probe
        )

    def plugins(self) -> PluginsResult:
        """The registered plugins (third-party ones loaded now), their versions, what each
        registers, and the installed ones that failed to load. See :func:`prx.plugins`."""
        from prx._version import __version__
        from prx.types import PluginEntry, PluginFailure, PluginsResult

        registry = self.registry
        registers = registry.registrations()
        entries = []
        for info in registry.plugins():
            dist = registry.distribution(info.name)
            name = info.name.split(":", 1)[1] if dist is not None else info.name
            if dist is None and info.origin == "builtin":
                dist = ("prx", __version__)
            entries.append(
                PluginEntry(
                    name=name,
                    origin=info.origin,
                    dist=dist[0] if dist else None,
                    version=dist[1] if dist else None,
                    registers=registers.get(info.name, {}),
                )
            )
        failures = tuple(
            PluginFailure(name=f.name, dist=f.dist, error=f.error) for f in registry.failures
        )
        notes = tuple(
            w for w in registry.warnings if w not in {f.warning() for f in registry.failures}
        )
        return PluginsResult(plugins=tuple(entries), failures=failures, notes=notes)

    def settings(self) -> ConfigResult:
        """The settings in effect and where each one comes from (``prx config``); the
        Python spelling of the ``config`` command (``Workspace.config`` is the
        :class:`~prx.config.Config` itself). See :func:`prx.settings`."""
        from prx.config import describe

        result: ConfigResult = describe(self.config, self.root_dir)
        return result

    def outline(
        self,
        path: str | os.PathLike[str],
        *,
        kind: str | None = None,
        max_depth: int | None = None,
        budget: int | None = None,
        continue_token: str | None = None,
    ) -> OutlineResult:
        """Symbols of a file or directory, top-level symbols paged under ``budget``
        (``None``: the default ceiling, :data:`prx.budget.OUTLINE_CEILING`; ``0``: no limit)."""
        from prx.files.outline import outline_path

        return outline_path(
            self,
            os.fspath(path),
            kind=kind,
            max_depth=max_depth,
            budget=budget,
            continue_token=continue_token,
        )

    def search(
        self,
        query: str,
        path: str | os.PathLike[str] = ".",
        *,
        mode: str | None = None,
        top_k: int = 10,
        budget: int | None = None,
        context: int = 2,
        continue_token: str | None = None,
        globs: tuple[str, ...] = (),
        languages: tuple[str, ...] = (),
        exists: bool = False,
        ignore_case: bool = False,
        rerank: str | Sequence[str] | None = None,
        snippet_lines: int = 3,
        full: bool = False,
    ) -> SearchResult | SearchExistsResult:
        """Search code. See :func:`prx.search`."""
        from prx.retrieval.search import run_search

        return run_search(
            self,
            query,
            os.fspath(path),
            mode=mode,
            top_k=top_k,
            budget=budget,
            context=context,
            continue_token=continue_token,
            globs=globs,
            languages=languages,
            exists=exists,
            ignore_case=ignore_case,
            rerank=rerank,
            snippet_lines=snippet_lines,
            full=full,
        )

    def diff(
        self,
        paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] = (),
        *,
        revision: str | None = None,
        staged: bool = False,
        no_index: bool = False,
        stat_only: bool = False,
        budget: int | None = None,
        continue_token: str | None = None,
    ) -> DiffResult:
        """Changes with their enclosing definitions and notes. See :func:`prx.diff`."""
        from prx.diff.answer import diff_changes

        listed = (paths,) if isinstance(paths, (str, os.PathLike)) else tuple(paths)
        return diff_changes(
            self,
            tuple(os.fspath(p) for p in listed),
            revision=revision,
            staged=staged,
            no_index=no_index,
            stat_only=stat_only,
            budget=budget,
            continue_token=continue_token,
        )

    def context(
        self,
        path: str | os.PathLike[str],
        *,
        include_tests: bool = False,
        budget: int | None = None,
    ) -> ContextResult:
        """What a module is, in one answer. See :func:`prx.context`."""
        from prx.intel.context import module_context

        return module_context(self, os.fspath(path), include_tests=include_tests, budget=budget)

    def impact(
        self,
        path: str | os.PathLike[str],
        *,
        symbol: str | None = None,
        depth: int = 2,
        budget: int | None = None,
    ) -> ImpactResult:
        """The files that depend on a file or one of its symbols. See :func:`prx.impact`."""
        from prx.intel.impact import file_impact

        return file_impact(self, os.fspath(path), symbol=symbol, depth=depth, budget=budget)

    def explain(
        self,
        symbol: str,
        path: str | os.PathLike[str] | None = None,
        *,
        budget: int | None = None,
    ) -> ExplainResult:
        """A symbol's definitions, references and tests. See :func:`prx.explain`."""
        from prx.intel.explain import explain_symbol

        return explain_symbol(
            self, symbol, os.fspath(path) if path is not None else None, budget=budget
        )

    def index(
        self,
        path: str | os.PathLike[str] = ".",
        *,
        rebuild: bool = False,
        stats_only: bool = False,
        verify: bool = False,
        progress: ProgressCallback | None = None,
    ) -> IndexResult:
        """Build or update the search index of ``path``. See :func:`prx.index`."""
        from prx.index.build import build_index, verify_index

        if verify:
            return verify_index(self, os.fspath(path))
        if progress is None:
            return build_index(self, os.fspath(path), rebuild=rebuild, stats_only=stats_only)
        from prx.progress import cancel_event, reporting

        # A callback given here replaces the installed one; the cancel event stays.
        with reporting(progress, cancel=cancel_event()):
            return build_index(self, os.fspath(path), rebuild=rebuild, stats_only=stats_only)

    def run(
        self,
        command: Sequence[str],
        *,
        timeout: float | None = 300.0,
        raw: bool = False,
        auto_json: bool = False,
        budget: int | None = None,
    ) -> RunReport:
        """Run a command in the root and summarise its output. See :func:`prx.run`."""
        from prx.runner.service import run_command

        return run_command(
            tuple(command),
            parsers=self.registry.runner_parsers(),
            home=self.config.home,
            cwd=self.root_dir,
            timeout=timeout if timeout and timeout > 0 else None,
            raw=raw,
            auto_json=auto_json,
            budget=budget,
        )

    def bench(self, path: str | os.PathLike[str] = ".") -> BenchResult:
        """prx against the plain Unix tools on agent tasks in ``path``. See :func:`prx.bench`."""
        from prx.bench.agent import run_bench

        return run_bench(self, os.fspath(path))

    def bench_ndcg(
        self,
        dataset: str | os.PathLike[str],
        root: str | os.PathLike[str] = ".",
        *,
        k: int = 10,
        queries: bool = False,
    ) -> dict[str, Any]:
        """NDCG@k of search over a labelled dataset. See :func:`prx.bench_ndcg`."""
        from prx.operations.bench_ndcg import evaluate_dataset

        return evaluate_dataset(self, os.fspath(dataset), os.fspath(root), k=k, queries=queries)

    def init(
        self,
        *,
        client: Sequence[str] = (),
        user: bool = False,
        apply: bool = False,
        uninstall: bool = False,
    ) -> InitResult:
        """Register prx's MCP server with agent clients. See :func:`prx.init`."""
        from pathlib import Path

        from prx.agents.plan import init

        return init(
            Path(self.root_dir), clients=client, user=user, apply=apply, uninstall=uninstall
        )

    def edit(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        find: str | None = None,
        replace: str | None = None,
        regex: bool = False,
        replace_all: bool = False,
        occurrence: int | None = None,
        within: str | None = None,
        lines: str | None = None,
        content: str | None = None,
        insert_after: str | int | None = None,
        symbol: str | None = None,
        body: str | None = None,
        edits: str | Sequence[Mapping[str, Any]] | None = None,
        patch: str | None = None,
        apply: bool = False,
        force: bool = False,
        expect_hash: str | None = None,
    ) -> EditResult:
        """Change files, a dry run unless ``apply``. See :func:`prx.edit`."""
        from prx.edit.engine import run_edit

        return run_edit(
            self,
            None if path is None else os.fspath(path),
            find=find,
            replace=replace,
            regex=regex,
            replace_all=replace_all,
            occurrence=occurrence,
            within=within,
            lines=lines,
            content=content,
            insert_after=None if insert_after is None else str(insert_after),
            symbol=symbol,
            body=body,
            edits=edits,
            patch=patch,
            apply=apply,
            force=force,
            expect_hash=expect_hash,
        )

    def stats(self, *, reset: bool = False, by_command: bool = False) -> StatsResult:
        """Token savings recorded by the front-ends. See :func:`prx.stats`."""
        from prx.usage.report import summarize

        return summarize(self.config, reset=reset, by_command=by_command)


def _open_probe(root: str) -> tuple[ContentProbe | None, str | None]:
    """The index's content filters at ``root`` for ``exists`` (imported only when asked)."""
    from prx.index.probe import open_probe

    return open_probe(root)
