"""The project a ``context``, ``impact`` or ``explain`` call looks at: its root, its import
graph (from the index, else built for the call) and its parsed files.

The root is the nearest directory at or above the target that holds an index, else the
Workspace root (the target's own directory when it lies outside the Workspace). Paths
inside are relative to that root; answers show them relative to the Workspace root.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from prx.core.errors import NotFoundError

if TYPE_CHECKING:
    from prx.engine.graph.imports import ImportGraph
    from prx.engine.index.probe import ContentProbe
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.view import IndexView
    from prx.plugin.context import Context
    from prx.plugin.interfaces import LanguageSpec

__all__ = [
    "ParsedFile",
    "Project",
    "is_test_file",
    "module_stem",
    "require_path",
    "signature_of",
]

T = TypeVar("T")
_TEST_DIRS = frozenset({"test", "tests", "testing", "__tests__", "spec", "specs"})


def is_test_file(rel: str) -> bool:
    """A test file: under a test directory, or named like one (``test_x.py``,
    ``x_test.go``, ``x.test.ts``, ``x.spec.js``, ``conftest.py``)."""
    parts = rel.lower().split("/")
    name = parts[-1]
    stem = name.split(".", 1)[0]
    return (
        any(p in _TEST_DIRS for p in parts[:-1])
        or name.startswith("test_")
        or name == "conftest.py"
        or stem.endswith(("_test", "_tests", "_spec"))
        or ".test." in name
        or ".spec." in name
        or _junit_class(rel)
    )


def _junit_class(rel: str) -> bool:
    """A JUnit test class by Maven Surefire's naming (``FooTest.java``, ``FooTests.kt``,
    ``FooTestCase.java``, ``TestFoo.java``)."""
    base = rel.rsplit("/", 1)[-1]
    stem, _, ext = base.rpartition(".")
    return ext in ("java", "kt") and (
        stem.endswith(("Test", "Tests", "TestCase"))
        or (len(stem) > 4 and stem.startswith("Test") and stem[4].isupper())
    )


class ParsedFile:
    """One file's bytes, text lines and (on first use) syntax tree."""

    __slots__ = ("_defs", "_lines", "_tree", "data", "memo", "rel", "spec")

    def __init__(self, rel: str, spec: LanguageSpec | None, data: bytes) -> None:
        self.rel = rel
        self.spec = spec
        self.data = data
        self._lines: list[str] | None = None
        self._tree: Any = None
        self._defs: list[Any] | None = None
        #: Facts derived from the file, by kind (its import bindings ...).
        self.memo: dict[str, Any] = {}

    @property
    def lines(self) -> list[str]:
        """The decoded text's lines (split on first use: most files are only searched)."""
        if self._lines is None:
            self._lines = self.data.decode("utf-8", "replace").split("\n")
        return self._lines

    @property
    def language(self) -> str | None:
        return self.spec.name if self.spec is not None else None

    @property
    def tree(self) -> Any:
        """The syntax tree, or None without a grammar (or when it does not parse)."""
        if self._tree is None and self.spec is not None and self.spec.grammar is not None:
            from prx.engine.lang.grammar import parse

            self.memo["parsed"] = True
            try:
                self._tree = parse(self.spec, self.data)
            except Exception:  # a file that does not parse has no syntax to offer
                self._tree = False
        return self._tree or None

    def definitions(self) -> list[Any]:
        """The outline's definitions (``prx.engine.lang.outline.Definition``, nested)."""
        if self._defs is None:
            self._defs = []
            tree = self.tree
            if tree is not None and self.spec is not None:
                from prx.engine.lang.outline import definitions

                try:
                    self._defs = definitions(self.spec, self.data, tree)
                except Exception:  # no outline query or a broken tree: no definitions
                    self._defs = []
        return self._defs

    def line_text(self, line: int) -> str:
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""


def _find_root(ws: Context, target: str) -> str:
    from prx.engine.index.store import current_dir

    start = target if os.path.isdir(target) else os.path.dirname(target)
    here = start
    while True:
        if current_dir(here) is not None:
            return here
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    inside = os.path.normcase(start + os.sep).startswith(os.path.normcase(ws.root_dir + os.sep))
    return ws.root_dir if inside or start == ws.root_dir else start


class Project:
    """Root, import graph and file cache for one call."""

    def __init__(self, ws: Context, target: str) -> None:
        self.ws = ws
        self.root = _find_root(ws, target)
        self._graph: ImportGraph | None = None
        self._files: dict[str, ParsedFile | None] = {}
        #: ``index`` or ``built``: where the import graph came from.
        self.graph_origin = "index"
        self.notes: list[str] = []
        self._changed: list[str] | None = None
        self._changed_checked = False
        self._view: IndexView | None = None
        #: Facts derived from the project for this call, by key (the files naming a word).
        self.memo: dict[Any, Any] = {}

    # -- paths ----------------------------------------------------------------------

    def rel(self, absolute: str) -> str:
        """``absolute`` relative to the project root, ``/``-separated (``""`` for the root)."""
        rel = os.path.relpath(absolute, self.root).replace(os.sep, "/")
        return "" if rel == "." else rel

    def shown(self, rel: str) -> str:
        """A project path as answers show it (relative to the Workspace root)."""
        from prx.engine.files.display import shown_path

        return shown_path(self.ws.root_dir, os.path.join(self.root, rel))

    def absolute(self, rel: str) -> str:
        return os.path.join(self.root, rel)

    # -- the import graph -----------------------------------------------------------

    @property
    def graph(self) -> ImportGraph:
        if self._graph is None:
            from prx.core.errors import IndexCorruptedError
            from prx.engine.graph.imports import ImportGraph
            from prx.engine.index.store import current_dir

            why = "no index"
            directory = current_dir(self.root)

            def load() -> ImportGraph | None:
                nonlocal why
                assert directory is not None
                try:
                    return ImportGraph.of_reader(self._reader(directory))
                except IndexCorruptedError as err:
                    why = f"the index could not be used ({err.message})"
                    return None

            # The graph of one published index never changes: a long-lived Workspace (the
            # MCP server, a notebook) loads it once.
            loaded = self._per_index("intel-graphs", directory, load) if directory else None
            if loaded is not None:
                changed = self.changed_since_index()
                if changed is None:
                    why, loaded = "files were added, removed or renamed since the index", None
                elif changed:
                    loaded = loaded.read_again(self.ws, self.root, changed)
                    self.notes.append(
                        f"{len(changed)} file(s) changed since the index was built: their "
                        "imports were read again; run `prx index` to make this faster"
                    )
            if loaded is None:
                loaded = ImportGraph.build(self.ws, self.root)
                self.graph_origin = "built"
                self.notes.append(
                    f"{why} at {self.shown('') or '.'}: the import graph was built for this "
                    f"call ({len(loaded.files)} files); index it to make this faster"
                )
            self._graph = loaded
        return self._graph

    def changed_since_index(self) -> list[str] | None:
        """The indexed files whose stamp changed since the index was built (read them
        now, not the index's record of them); None without a usable index, or when
        files were added, removed or renamed (only a walk can say which). Checked once
        per call (a ``stat`` of every indexed file and directory)."""
        if not self._changed_checked:
            self._changed, self._changed_checked = self.index_view().changed, True
        return self._changed

    def index_view(self) -> IndexView:
        """The root's index as of now: the one freshness decision search makes too."""
        if self._view is None:
            from prx.engine.index.view import index_view

            self._view = index_view(self.ws, self.root)
        return self._view

    def definition_files(self, name: str) -> list[str] | None:
        """Files the index's symbol table says define ``name`` (another case when none
        matches exactly); None without a usable index. A binary search over the table's
        sorted names (and the definitions of an update's delta): nothing else is read."""
        from prx.engine.index.store import current_dir

        directory = current_dir(self.root)
        if directory is None:
            return None
        from prx.core.errors import IndexCorruptedError
        from prx.engine.index.delta import DeltaView

        changed = self.changed_since_index()
        if changed is None:
            return None  # files came or went: the caller reads the files instead
        try:
            reader = self._reader(directory)
            delta = DeltaView(reader)
            found = set(reader.definitions.files_defining(name)) - delta.dropped
            # A file changed since may define it now: the caller reads each candidate.
            return sorted(found | delta.files_defining(name) | set(changed))
        except IndexCorruptedError:
            return None  # the caller reads the files instead

    # -- files ----------------------------------------------------------------------

    def file(self, rel: str) -> ParsedFile | None:
        """The file at project path ``rel`` (None when it cannot be read or is binary)."""
        if rel in self._files:
            return self._files[rel]
        parsed: ParsedFile | None = None
        try:
            # Beneath the root: an index's graph may name a path through a link.
            data = self.ws.confined.read_tree_file(
                self.absolute(rel), self.ws.config.max_file_size + 1
            )
        except OSError:
            data = None
        if (
            data is not None
            and len(data) <= self.ws.config.max_file_size
            and b"\0" not in data[:8192]
        ):
            parsed = ParsedFile(rel, self.ws.language_for(rel), data)
        self._files[rel] = parsed
        return parsed

    def files_with(self, name: str) -> list[str]:
        """The project's files whose text may hold ``name``: the index's trigram filters
        narrow them when there are filters, else every file of the import graph."""
        from prx.engine.index.bloom import MIN_PATTERN

        graph = self.graph  # loading it settles where it came from
        if len(name.encode()) >= MIN_PATTERN and self.graph_origin == "index":
            probe = self.content_probe()
            if probe is not None:
                changed = self.changed_since_index() or []
                return sorted(probe.candidates(name.encode()) | set(changed))
        return [f for f in graph.files if os.path.isfile(self.absolute(f))]

    # -- what the index holds besides the graph ----------------------------------

    def _per_index(self, kind: str, directory: str, load: Callable[[], T | None]) -> T | None:
        """What ``load`` reads of the published index at ``directory``, read once per
        Workspace (a published index never changes; a long-lived Workspace such as the
        MCP server keeps only the current index's). A failed load is not kept."""
        cache: dict[str, Any] = self.ws.cache.setdefault(kind, {})
        if directory in cache:
            return cache[directory]  # type: ignore[no-any-return]
        value = load()
        if value is not None:
            cache.clear()
            cache[directory] = value
        return value

    def _reader(self, directory: str) -> IndexReader:
        """The published index at ``directory`` as the freshness decision opened it (once
        per context, its set of languages checked), for the graph, the symbol table and
        the filters alike. Raises :class:`~prx.core.errors.IndexCorruptedError` when it
        may not be used."""
        from prx.core.errors import IndexCorruptedError

        view = self.index_view()
        if view.reader is None or view.directory != directory:
            raise IndexCorruptedError(f"index at {directory} unusable: {view.why}")
        return view.reader

    def content_probe(self) -> ContentProbe | None:
        """The index's trigram filters (files that may hold a string), None without an
        index that has them, or when files came or went since it was built (the filters
        say nothing of the files :meth:`changed_since_index` lists: read those)."""
        from prx.engine.index.store import current_dir

        directory = current_dir(self.root)
        if directory is None or self.changed_since_index() is None:
            return None

        def load() -> ContentProbe | None:
            from prx.core.errors import IndexCorruptedError
            from prx.engine.index.probe import ContentProbe

            try:
                return ContentProbe.of_reader(self._reader(directory))
            except IndexCorruptedError:
                return None

        return self._per_index("intel-probes", directory, load)


def module_stem(rel: str) -> str:
    """The name a file is imported by: ``pkg/mod.py`` -> ``mod``, ``pkg/__init__.py`` -> ``pkg``,
    ``lib/index.ts`` -> ``lib``."""
    base = posixpath.basename(rel)
    stem = base.split(".", 1)[0]
    if stem in ("__init__", "index", "mod"):
        return posixpath.basename(posixpath.dirname(rel))
    return stem


def require_path(ws: Context, path: str) -> str:
    """The absolute path of a target the caller gave; NotFoundError when it is missing."""
    resolved = ws.resolve(path)
    if not os.path.lexists(resolved):
        raise NotFoundError(f"path not found: {path}")
    return os.path.normpath(resolved)


class _Shallow:
    """A definition without its children (for its signature alone)."""

    def __init__(self, defn: Any) -> None:
        self.node, self.kind, self.name, self.body = defn.node, defn.kind, defn.name, defn.body
        self.children: list[Any] = []
        self.start, self.end, self.raw_kind = defn.start, defn.end, defn.raw_kind


def signature_of(parsed: ParsedFile, defn: Any) -> str:
    """The outline's one-line signature of an outline definition."""
    from prx.engine.lang.outline import symbols_of

    return symbols_of([_Shallow(defn)], parsed.data)[0].signature  # type: ignore[list-item]
