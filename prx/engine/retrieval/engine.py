"""A search engine for one root: the corpus, every retriever built over it, the rerank
pipeline. Workspaces cache engines and rebuild one when a file under its root changed
(size or mtime), so warm queries in a long-lived process skip all the building."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.index.view import refuse_index
from prx.plugin.search import Candidate, ComponentContext, Query

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus
    from prx.engine.files.walk import WalkResult
    from prx.engine.index.freshness import Changes
    from prx.engine.index.reader import IndexReader
    from prx.engine.ranking.pool import Pool
    from prx.plugin.context import Context
    from prx.plugin.interfaces import Reranker, Retriever

__all__ = ["DEPTH", "Engine", "engine_for", "expire_checks", "refuse_index"]

#: Each retriever returns this many times the pool; fusion keeps twice the pool for reranking.
DEPTH = 3


class Engine:
    """Retrievers and rerankers over the corpus of one root."""

    def __init__(
        self,
        ws: Context,
        root: str,
        corpus: Corpus | None = None,
        *,
        walked: WalkResult | None = None,
    ) -> None:
        from prx.engine.corpus.corpus import build_corpus
        from prx.engine.ranking.stages import DEFAULT_PIPELINE

        self.root = root
        if corpus is None:
            try:
                corpus = build_corpus(ws, root, embed=True, walked=walked)
            except Exception:  # embeddings are a bonus: without them, build the rest
                corpus = build_corpus(ws, root, walked=walked)
        self.corpus = corpus
        self.warnings: list[str] = []
        self.retrievers: dict[str, Retriever] = {}
        for cls in ws.registry.retrievers():
            retriever = cls(
                ComponentContext(workspace=ws, settings=ws.config.plugin_settings(cls.NAME))
            )
            try:
                retriever.build(self.corpus)
            except Exception as exc:  # a broken retriever degrades the search, never fails it
                self.warnings.append(
                    f"retriever {cls.NAME!r} is unavailable: {type(exc).__name__}: {exc}"
                )
                continue
            self.retrievers[cls.NAME] = retriever
        self._ws = ws
        self._stage_classes = {cls.NAME: cls for cls in ws.registry.rerankers()}
        self._stages: dict[str, Reranker] = {}
        pipeline = ws.config.settings.get("search", {}).get("pipeline", DEFAULT_PIPELINE)
        #: The names of the default pipeline, and its stages (a call may run others).
        self.pipeline_names = tuple(pipeline)
        self.pipeline: list[Reranker] = self._build(self.pipeline_names, self.warnings)

    def stages_for(self, names: Sequence[str], warnings: list[str]) -> list[Reranker]:
        """The stages called ``names`` (the default pipeline's own objects when ``names``
        are its names); a name no stage is registered under is skipped with a note in
        ``warnings``."""
        if tuple(names) == self.pipeline_names:
            return self.pipeline
        return self._build(names, warnings)

    def _build(self, names: Sequence[str], warnings: list[str]) -> list[Reranker]:
        stages = []
        for name in names:
            stage = self._stages.get(name)
            if stage is None and name in self._stage_classes:
                stage = self._stages[name] = self._stage_classes[name](
                    ComponentContext(workspace=self._ws)
                )
            if stage is None:
                warnings.append(f"rerank stage {name!r} is not registered; skipped")
                continue
            stages.append(stage)
        return stages

    def ranked(
        self,
        query: Query,
        pool: int,
        accept: Callable[[str], bool] | None = None,
        weights: dict[str, float] | None = None,
        stages: Sequence[Reranker] | None = None,
    ) -> list[Candidate]:
        """The best ``pool`` chunks for ``query``, fused and reranked."""
        return self.ranked_pool(query, pool, accept, weights, stages).candidates()

    def ranked_pool(
        self,
        query: Query,
        pool: int,
        accept: Callable[[str], bool] | None = None,
        weights: dict[str, float] | None = None,
        stages: Sequence[Reranker] | None = None,
        tops: dict[str, dict[int, float]] | None = None,
    ) -> Pool:
        """:meth:`ranked` as a :class:`Pool` whose ``order`` holds the best ``pool``
        positions: built-in retrievers and stages exchange chunk indices and scores; only
        plugins see candidates. ``stages`` replaces the default pipeline for this call.
        ``tops``, when given, receives each built-in retriever's raw scores (a cosine
        similarity, a BM25 score ...) by chunk, for the chunks it ranked: evidence
        comparable across roots, as the fused scores (built from ranks) are not."""
        from prx.engine.ranking.pool import Pool, ScoreStage
        from prx.engine.retrieval.fusion import chunk_indices, fuse_chunks, weights_for
        from prx.engine.retrieval.retrievers import ChunkRetriever

        corpus = self.corpus
        chunks = corpus.chunks
        depth = pool * DEPTH
        rankings: dict[str, list[int]] = {}
        accepted: dict[str, bool] = {}  # file -> kept, asked once per file
        weighting = weights_for(query.mode, list(self.retrievers), weights)
        if weighting.get("dense") and "dense" in self.retrievers:
            import numpy  # noqa: F401  (the embeddings load it anyway: BM25 then uses it too)
        for name, retriever in self.retrievers.items():
            if not weighting.get(name, 0.5):
                continue  # weighs nothing for this query: not even loaded
            if isinstance(retriever, ChunkRetriever) and _own(retriever, "search", ChunkRetriever):
                if accept is None:
                    indices, raw = retriever.rank(query, depth)
                else:
                    # Kept to some files (a folder of an indexed root): their best ``depth``
                    # chunks, ranked among every chunk, not those of the whole corpus's best.
                    indices, raw = retriever.rank(query, len(chunks))
                    kept = [
                        (i, s)
                        for i, s in zip(indices, raw, strict=True)
                        if _accepted(accepted, accept, chunks[i].file)
                    ][:depth]
                    indices, raw = [i for i, _ in kept], [s for _, s in kept]
                if tops is not None:
                    tops[name] = {int(i): float(s) for i, s in zip(indices, raw, strict=True)}
            else:
                found = retriever.search(query, depth)
                if accept is not None:
                    found = [c for c in found if accept(c.file)]
                indices = chunk_indices(corpus, found)
            rankings[name] = indices
        fused, scores = fuse_chunks(rankings, weighting, limit=pool * 2)
        candidates = Pool.of_chunks(corpus, fused, scores, "fused")
        for stage in self.pipeline if stages is None else stages:
            if isinstance(stage, ScoreStage) and _own(stage, "rerank", ScoreStage):
                if stage.ORDERED and candidates.order is None:
                    candidates.order = candidates.ranked_order()
                new = stage.rescore(query, candidates, corpus)
                if new is not candidates.scores:
                    candidates = candidates.rescored(new)
            else:  # a plugin's stage sees candidates in ranked order, as it always did
                reranked = stage.rerank(query, candidates.candidates(), corpus)
                candidates = Pool.of_candidates(reranked)
        if candidates.order is None:
            candidates.order = candidates.ranked_order()
        del candidates.order[pool:]
        return candidates


def _accepted(known: dict[str, bool], accept: Callable[[str], bool], file: str) -> bool:
    kept = known.get(file)
    if kept is None:
        kept = known[file] = accept(file)
    return kept


def _own(component: object, method: str, base: type) -> bool:
    """Whether ``component`` uses ``base``'s ``method`` (a subclass may override it)."""
    return getattr(type(component), method) is getattr(base, method)


class _Freshness:
    """Change detection: the size and mtime of every file, and the mtime of every
    directory (adding, removing or renaming a file changes its directory's mtime)."""

    __slots__ = ("checked", "dirs", "files")

    def __init__(self, root: str, files: Any) -> None:
        self.checked = time.monotonic()
        self.dirs: dict[str, int] = {}
        # The walk stat()ed every file already: its size and mtime are the baseline.
        self.files: dict[str, tuple[int, int]] = {
            str(found.path): (found.size, found.mtime_ns) for found in files
        }
        # Every directory from each file's up to the root: a file added anywhere below
        # changes one of their mtimes.
        root = os.path.normpath(root)
        inside = root.rstrip(os.sep) + os.sep
        directories = {os.path.dirname(p) for p in self.files} | {root}
        for directory in directories:
            while directory not in self.dirs and (
                directory == root or directory.startswith(inside)
            ):
                try:
                    self.dirs[directory] = os.stat(directory).st_mtime_ns
                except OSError:
                    break
                directory = os.path.dirname(directory)

    def adopt(self) -> None:
        """Nothing to share: no index is read beside this engine's walk."""

    def still_fresh(self) -> bool:
        try:
            for directory, mtime in self.dirs.items():
                if os.stat(directory).st_mtime_ns != mtime:
                    return False
            for path, (size, mtime) in self.files.items():
                stat = os.stat(path)
                if stat.st_size != size or stat.st_mtime_ns != mtime:
                    return False
        except OSError:
            return False
        return True


class _IndexFreshness:
    """Change detection for an engine over an index: the index still the current one,
    and the quick check (prx.engine.index.freshness) finding the same files changed, each as it
    was when it was read."""

    __slots__ = ("changed", "checked", "directory", "max_file_size", "reader", "root")

    def __init__(self, root: str, reader: Any, changed: dict[str, Any], max_file_size: int) -> None:
        self.checked = time.monotonic()
        self.root = root
        self.reader = reader
        self.directory = reader.directory
        self.changed = changed
        self.max_file_size = max_file_size

    def adopt(self) -> None:
        """The current call reads the index as of this engine's last check."""
        from prx.engine.index.freshness import adopt_finding

        adopt_finding(self.root, self.reader, self.max_file_size, list(self.changed))

    def still_fresh(self) -> bool:
        from prx.engine.index.freshness import changes, stamp_of
        from prx.engine.index.store import current_dir

        if current_dir(self.root) != self.directory:
            return False
        found = changes(self.root, self.reader, self.max_file_size)
        if found.relist or set(found.changed) != set(self.changed):
            return False
        return all(stamp_of(self.root, rel) == stamp for rel, stamp in self.changed.items())


def engine_for(ws: Context, root: str, *, refresh: bool = False) -> Engine:
    """The cached engine of ``root``, rebuilt when any file changed, appeared or vanished.

    Checking costs one ``stat`` per file, so a warm engine is re-checked at most every
    ``config.freshness_seconds`` (``refresh`` forces a check).
    """
    root = os.path.normpath(root)
    cache: dict[str, tuple[Any, Engine]] = ws.cache.setdefault("engines", {})
    hit = cache.get(root)
    if hit is not None:
        freshness, engine = hit
        now = time.monotonic()
        recent = now - freshness.checked < ws.config.freshness_seconds
        if recent and not refresh:
            freshness.adopt()
            return engine
        if freshness.still_fresh():
            freshness.checked = now
            return engine
    found = _indexed_engine(ws, root)
    if found is not None:
        cache[root] = found
        return found[1]
    from prx.engine.files.walk import walk

    walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    engine = Engine(ws, root, walked=walked)
    cache[root] = (_Freshness(root, walked.files), engine)
    return engine


def expire_checks(ws: Context) -> None:
    """Have each of the workspace's cached engines check the tree at its next use, however
    recent its last check: a long-lived host (the warm server, ``prx mcp``) confirms every
    answer against the files as they are when it is asked, as a new process does."""
    for freshness, _ in ws.cache.get("engines", {}).values():
        freshness.checked = float("-inf")


def _indexed_engine(ws: Context, root: str) -> tuple[Any, Engine] | None:
    """An engine over ``root``'s index read in place, with the files changed since read
    now (see :mod:`prx.engine.retrieval.indexed`); None without a usable index (the one
    freshness decision, :func:`prx.engine.index.view.index_view`; a corrupt index is never
    trusted: the reason is kept for the answer's warning)."""
    from prx.core.errors import IndexCorruptedError
    from prx.engine.index.view import index_view

    view = index_view(ws, root)
    if view.reader is None or view.changes is None:
        return None
    try:
        corpus, freshness = _index_corpus(ws, root, view.reader, view.changes)
    except IndexCorruptedError as err:
        refuse_index(ws, root, err)
        return None
    return freshness, Engine(ws, root, corpus)


def _index_corpus(
    ws: Context, root: str, reader: IndexReader, found: Changes
) -> tuple[Corpus, Any]:
    from collections import Counter

    from prx.engine.index.freshness import stamp_of
    from prx.engine.retrieval.indexed import indexed_corpus, overlay_of

    max_size = ws.config.max_file_size
    skipped: dict[str, int] | None = None
    if not found.relist:
        overlay = overlay_of(ws, root, reader, found.changed, ())
        freshness: Any = _IndexFreshness(
            root, reader, {rel: stamp_of(root, rel) for rel in found.changed}, max_size
        )
        count = overlay.changed
    else:
        # Files appeared, vanished or changed kind: a walk tells which.
        from prx.engine.files.walk import walk
        from prx.engine.index.stamps import stamp

        walked = walk(root, max_file_size=max_size, skip_binary=False)
        files = reader.files
        stamps = files.stamps()
        here = {f.rel for f in walked.files}
        read = [f.rel for f in walked.files if stamps.get(f.rel) != stamp(f)]
        gone = [rel for rel in files.paths if rel not in here]
        overlay = overlay_of(ws, root, reader, read, gone)
        # What a rebuild counts: the walk's skips and every file's note now.
        notes = {rel: n for rel, n in files.notes().items() if rel in here and rel not in read}
        notes.update(overlay.notes)
        counts = Counter(walked.skipped)
        counts.update(notes.values())
        skipped = dict(sorted(counts.items()))
        freshness = _Freshness(root, walked.files)
        count = overlay.changed
    reader_origin = f"index (stale: {count} changed files read now)" if count else "index"
    corpus = indexed_corpus(reader, root, overlay, origin=reader_origin, skipped=skipped)
    return corpus, freshness
