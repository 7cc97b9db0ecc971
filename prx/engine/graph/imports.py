"""The file-level import graph: every import of every file, the repository file it
resolves to, and the reverse.

Built with the index (``imports.json``: each file's imports as written and their
resolution) and read from it without loading the rest; :meth:`ImportGraph.build` makes one
on the fly for a tree without an index. Paths are relative to the indexed root,
``/``-separated.

    graph = ImportGraph.load(root) or ImportGraph.build(ws, root)
    graph.edges_from("app/views.py")      # its imports (ImportEdge), resolved or not
    graph.edges_to("app/models.py")       # the imports that reach it
    graph.imports_of("app/views.py")      # files it imports
    graph.importers_of("app/models.py")   # files that import it
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from prx.core.results.lang import ImportEdge, ImportRef

if TYPE_CHECKING:
    from prx.engine.graph.resolve import Imports, StoredEdge
    from prx.engine.index.reader import IndexReader
    from prx.engine.lang.imports import RawImport
    from prx.plugin.context import Context

__all__ = ["ImportGraph", "parse_stored"]


def _key(path: str) -> str:
    path = path.replace(os.sep, "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def parse_stored(
    stored: Mapping[str, Any],
) -> tuple[dict[str, Imports], dict[str, list[StoredEdge]]]:
    """Raw imports and resolved edges from their JSON form (``imports.json``)."""
    imports = {
        rel: tuple((m, int(n), t, tuple(names)) for m, n, t, names in found)
        for rel, found in stored["imports"].items()
    }
    edges = {
        rel: [
            (int(i), target, tuple(names), float(c), tuple(candidates), bool(implicit))
            for i, target, names, c, candidates, implicit in found
        ]
        for rel, found in stored["edges"].items()
    }
    return imports, edges


class ImportGraph:
    """Every import of every file and where it leads; forward and reverse file edges."""

    __slots__ = ("_forward", "_incoming", "_raw", "_resolved", "_reverse", "files")

    def __init__(
        self,
        files: Iterable[str],
        raw: Mapping[str, Sequence[RawImport]],
        resolved: Mapping[str, Sequence[StoredEdge]],
    ) -> None:
        #: Every file of the graph (with or without edges), sorted.
        self.files: tuple[str, ...] = tuple(sorted(files))
        self._raw = raw
        self._resolved = resolved
        self._forward: dict[str, tuple[str, ...]] = {}
        incoming: dict[str, list[tuple[str, int]]] = {}
        for source, edges in resolved.items():
            targets = set()
            for position, edge in enumerate(edges):
                targets.add(edge[1])
                incoming.setdefault(edge[1], []).append((source, position))
            if targets:
                self._forward[source] = tuple(sorted(targets))
        self._incoming = incoming
        self._reverse = {
            target: tuple(sorted({source for source, _ in found}))
            for target, found in incoming.items()
        }

    def __repr__(self) -> str:
        return f"ImportGraph(files={len(self.files)}, edges={self.edge_count})"

    @property
    def edge_count(self) -> int:
        """Number of (importer, imported) file pairs."""
        return sum(len(targets) for targets in self._forward.values())

    def edges_from(self, path: str) -> tuple[ImportEdge, ...]:
        """Every import of ``path``, resolved or not (target None: a package, the
        standard library, a file not in the repository), in source order; an import that
        reaches several files (a Go package, ``from pkg import a, b`` with submodules, the
        parent packages Python runs) gives one edge per file."""
        source = _key(path)
        raw = self._raw.get(source, ())
        by_import: dict[int, list[StoredEdge]] = {}
        for edge in self._resolved.get(source, ()):
            by_import.setdefault(edge[0], []).append(edge)
        out: list[ImportEdge] = []
        for index, (module, line, text, names) in enumerate(raw):
            found = by_import.get(index)
            if not found:
                out.append(
                    ImportEdge(
                        source=source, target=None, line=line, text=text, module=module, names=names
                    )
                )
            else:
                out.extend(self._edge(source, raw, edge) for edge in found)
        return tuple(out)

    def edges_to(self, path: str) -> tuple[ImportEdge, ...]:
        """Every import that reaches ``path``, by importer and line."""
        found = [
            self._edge(source, self._raw.get(source, ()), self._resolved[source][position])
            for source, position in self._incoming.get(_key(path), ())
        ]
        return tuple(sorted(found, key=lambda edge: (edge.source, edge.line)))

    @staticmethod
    def _edge(source: str, raw: Sequence[RawImport], edge: StoredEdge) -> ImportEdge:
        index, target, names, confidence, candidates, implicit = edge
        module, line, text, _ = raw[index] if index < len(raw) else ("", 0, "", ())
        return ImportEdge(
            source=source,
            target=target,
            line=line,
            text=text,
            module=module,
            names=names,
            confidence=confidence,
            candidates=candidates,
            implicit=implicit,
        )

    def imports_of(self, path: str) -> tuple[str, ...]:
        """The repository files ``path`` imports (sorted; implicit edges included)."""
        return self._forward.get(_key(path), ())

    def importers_of(self, path: str) -> tuple[str, ...]:
        """The repository files that import ``path`` (sorted; implicit edges included)."""
        return self._reverse.get(_key(path), ())

    def raw_imports(self, path: str) -> tuple[ImportRef, ...]:
        """What ``path`` imports as written (resolved or not: packages, the standard
        library ...), in source order."""
        found = self._raw.get(_key(path), ())
        return tuple(ImportRef(module=raw[0], line=raw[1]) for raw in found)

    def edges(self) -> Iterable[tuple[str, str]]:
        """Every (importer, imported) pair, sorted."""
        for source in sorted(self._forward):
            for target in self._forward[source]:
                yield source, target

    # -- construction ----------------------------------------------------------------

    @classmethod
    def load(cls, root: str) -> ImportGraph | None:
        """The graph of ``root``'s current index (its file table and ``imports.json``,
        checked as they are read); None without an index.

        Raises :class:`~prx.core.errors.IndexCorruptedError` when the artifact is damaged.
        """
        from prx.engine.index.reader import IndexReader
        from prx.engine.index.store import current_dir, read_manifest

        directory = current_dir(root)
        if directory is None:
            return None
        return cls.of_reader(IndexReader(directory, read_manifest(directory)))

    @classmethod
    def of_reader(cls, reader: IndexReader) -> ImportGraph:
        """The graph an open index holds (see :meth:`load`)."""
        from prx.engine.index.delta import DeltaView

        raw, resolved = reader.graph()
        return cls(DeltaView(reader).indexed_now(reader.files.indexed_paths), raw, resolved)

    @classmethod
    def build(cls, ws: Context, root: str) -> ImportGraph:
        """The graph of the tree as it is now, without an index (every file parsed)."""
        from prx.engine.files.walk import walk
        from prx.engine.graph.resolve import Resolver

        walked = walk(root, max_file_size=ws.config.max_file_size)
        languages, raw = _imports_now(ws, [(f.rel, os.fspath(f.path)) for f in walked.files])
        return cls(languages, raw, Resolver(languages, root).edges(raw))

    def read_again(self, ws: Context, root: str, changed: Sequence[str]) -> ImportGraph:
        """This graph with the files ``changed`` (of its own) read as they are now: their
        imports replaced and resolved again; every file's, when one of them is a
        configuration that resolution reads (``tsconfig.json``, ``go.mod`` ...)."""
        from prx.engine.graph.configs import is_config
        from prx.engine.graph.resolve import Resolver

        again = set(changed)
        _, fresh = _imports_now(ws, [(rel, os.path.join(root, rel)) for rel in sorted(again)])
        raw = {rel: found for rel, found in self._raw.items() if rel not in again}
        raw.update(fresh)
        languages = {rel: _language(ws, rel) for rel in self.files}
        if any(is_config(rel) for rel in again):
            todo, edges = raw, {}
        else:
            todo = {rel: raw[rel] for rel in again if rel in raw}
            edges = {rel: found for rel, found in self._resolved.items() if rel not in again}
        edges.update(Resolver(languages, root).edges(todo))
        return ImportGraph(self.files, raw, edges)


def _language(ws: Context, rel: str) -> str | None:
    spec = ws.language_for(rel)
    return spec.name if spec else None


def _imports_now(
    ws: Context, files: Sequence[tuple[str, str]]
) -> tuple[dict[str, str | None], dict[str, Imports]]:
    """Of each (relative, absolute) file that can be read as text: its language, and its
    imports as written now when its grammar knows imports (a file that does not parse
    has none)."""
    from collections import Counter

    from prx.engine.files.text import read_walked
    from prx.engine.lang.grammar import parse
    from prx.engine.lang.imports import import_statements

    languages: dict[str, str | None] = {}
    raw: dict[str, Imports] = {}
    skipped: Counter[str] = Counter()
    for rel, path in files:
        spec = ws.language_for(rel)
        data = read_walked(path, skipped)
        if data is None:
            continue
        languages[rel] = spec.name if spec else None
        if spec is None or spec.grammar is None or "imports" not in spec.queries:
            continue
        try:
            found_imports = import_statements(spec, data, parse(spec, data))
        except Exception:  # a file that does not parse has no known imports
            continue
        if found_imports:
            raw[rel] = found_imports
    return languages, raw
