"""The file-level import graph: which repository files each file imports, and the reverse.

Built with the index (``imports.json``: raw imports per file, resolved edges) and read
from it without loading the rest; :meth:`ImportGraph.build` makes one on the fly for a
tree without an index. Paths are relative to the indexed root, ``/``-separated.

    graph = ImportGraph.load(root) or ImportGraph.build(ws, root)
    graph.imports_of("app/views.py")      # files it imports
    graph.importers_of("app/models.py")   # files that import it
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from prx.types import ImportRef

if TYPE_CHECKING:
    from prx.workspace import Workspace

__all__ = ["ImportGraph"]


def _key(path: str) -> str:
    path = path.replace(os.sep, "/")
    while path.startswith("./"):
        path = path[2:]
    return path


class ImportGraph:
    """Forward and reverse file edges, plus each file's raw imports."""

    __slots__ = ("_forward", "_raw", "_reverse", "files")

    def __init__(
        self,
        files: Iterable[str],
        edges: Mapping[str, Sequence[str]],
        raw: Mapping[str, Sequence[tuple[str, int]]] | None = None,
    ) -> None:
        #: Every file of the graph (with or without edges), sorted.
        self.files: tuple[str, ...] = tuple(sorted(files))
        self._forward = {source: tuple(sorted(set(t))) for source, t in edges.items() if t}
        reverse: dict[str, set[str]] = {}
        for source, targets in self._forward.items():
            for target in targets:
                reverse.setdefault(target, set()).add(source)
        self._reverse = {target: tuple(sorted(s)) for target, s in reverse.items()}
        self._raw = dict(raw or {})

    def __repr__(self) -> str:
        return f"ImportGraph(files={len(self.files)}, edges={self.edge_count})"

    @property
    def edge_count(self) -> int:
        """Number of (importer, imported) file pairs."""
        return sum(len(targets) for targets in self._forward.values())

    def imports_of(self, path: str) -> tuple[str, ...]:
        """The repository files ``path`` imports (sorted)."""
        return self._forward.get(_key(path), ())

    def importers_of(self, path: str) -> tuple[str, ...]:
        """The repository files that import ``path`` (sorted)."""
        return self._reverse.get(_key(path), ())

    def raw_imports(self, path: str) -> tuple[ImportRef, ...]:
        """What ``path`` imports as written (resolved or not: packages, the standard
        library ...), in source order."""
        found = self._raw.get(_key(path), ())
        return tuple(ImportRef(module=m, line=n) for m, n in found if n > 0)

    def edges(self) -> Iterable[tuple[str, str]]:
        """Every (importer, imported) pair, sorted."""
        for source in sorted(self._forward):
            for target in self._forward[source]:
                yield source, target

    # -- construction ----------------------------------------------------------------

    @classmethod
    def load(cls, root: str) -> ImportGraph | None:
        """The graph of ``root``'s current index (only ``imports.json`` is read, after
        checking it against the manifest); None without an index.

        Raises :class:`~prx.errors.IndexCorruptedError` when the artifact is damaged.
        """
        from prx.index.store import current_dir, read_manifest, verify

        directory = current_dir(root)
        if directory is None:
            return None
        manifest = read_manifest(directory)
        verify(directory, manifest, only=("imports.json",))
        with open(os.path.join(directory, "imports.json"), encoding="utf-8") as fh:
            stored = json.load(fh)
        raw = {rel: [(m, int(n)) for m, n in found] for rel, found in stored["imports"].items()}
        return cls(manifest.get("files", {}), stored["edges"], raw)

    @classmethod
    def build(cls, ws: Workspace, root: str) -> ImportGraph:
        """The graph of the tree as it is now, without an index (every file parsed)."""
        from collections import Counter

        from prx.files.text import decode, read_walked
        from prx.files.walk import walk
        from prx.graph.resolve import Resolver, with_python_names
        from prx.lang.grammar import parse
        from prx.lang.imports import extract_imports

        walked = walk(root, max_file_size=ws.config.max_file_size)
        languages: dict[str, str | None] = {}
        raw: dict[str, list[tuple[str, int]]] = {}
        skipped: Counter[str] = Counter()
        for found in walked.files:
            spec = ws.language_for(found.rel)
            data = read_walked(found.path, skipped)
            if data is None:
                continue
            languages[found.rel] = spec.name if spec else None
            if spec is None or spec.grammar is None or "imports" not in spec.queries:
                continue
            try:
                refs = extract_imports(spec, data, parse(spec, data))
            except Exception:  # a file that does not parse has no known imports
                continue
            if refs:
                found_imports = tuple((r.module, r.line) for r in refs)
                if spec.name == "python":
                    found_imports = with_python_names(found_imports, decode(data)[0])
                raw[found.rel] = list(found_imports)
        edges = Resolver(languages).edges({rel: [m for m, _ in v] for rel, v in raw.items()})
        return cls(languages, edges, raw)
