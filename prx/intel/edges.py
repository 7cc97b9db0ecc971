"""Import edges of the graph, as :class:`ImportEdge` records (TEMPORARY shim until the
graph API lands)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from prx.graph.imports import ImportGraph

__all__ = ["edges_from", "edges_to"]


class _Edge(NamedTuple):
    source: str
    target: str | None
    line: int
    text: str
    module: str
    names: tuple[str, ...] = ()
    confidence: float = 1.0
    candidates: tuple[str, ...] = ()
    implicit: bool = False


_CACHE: dict[int, Any] = {}


def _resolver(graph: ImportGraph) -> Any:
    from prx.graph.resolve import Resolver
    from prx.workspace import Workspace

    found = _CACHE.get(id(graph))
    if found is None or found[0] is not graph:
        ws = Workspace(".")
        languages = {}
        for f in graph.files:
            spec = ws.language_for(f)
            languages[f] = spec.name if spec else None
        found = (graph, Resolver(languages), languages)
        _CACHE[id(graph)] = found
    return found


def edges_from(graph: ImportGraph, path: str) -> tuple[Any, ...]:
    if hasattr(graph, "edges_from"):
        return tuple(graph.edges_from(path))
    _, resolver, languages = _resolver(graph)
    out = []
    for ref in graph.raw_imports(path):
        targets = resolver.resolve(path, languages.get(path), ref.module)
        for t in targets or [None]:
            out.append(_Edge(path, t, ref.line, "", ref.module))
    return tuple(out)


def edges_to(graph: ImportGraph, path: str) -> tuple[Any, ...]:
    if hasattr(graph, "edges_to"):
        return tuple(graph.edges_to(path))
    out: list[Any] = []
    for source in graph.importers_of(path):
        out.extend(e for e in edges_from(graph, source) if e.target == path)
    return tuple(out)
