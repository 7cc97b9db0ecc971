"""A search corpus read in place from an index, with the files changed since overlaid.

Nothing is loaded whole: a chunk's record and text are read when a stage asks for that
chunk, a term's postings when a query holds that term, the definitions of a name by a
binary search, the embedding matrix only for a query that scores by meaning. When files
changed since the index was written, they are read now and *overlaid*: the corpus is the
index's files minus those, plus what they hold now, numbered in walk order exactly as a
rebuilt index would number them, so every score, tie and cut is what the rebuilt index
gives. The work is proportional to the changed files (and the query), not to the tree.
"""

from __future__ import annotations

import os
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.corpus.bm25 import score_terms
from prx.engine.files.text import read_regular
from prx.plugin.corpus import ChunkRecord, Definition, FileRecord

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus
    from prx.engine.index.delta import ReadFile
    from prx.engine.index.reader import IndexReader
    from prx.plugin.context import Context

__all__ = ["ChunksRead", "DefinitionsRead", "Overlay", "indexed_corpus", "overlay_of"]


class Overlay(NamedTuple):
    """What changed since the index's tables: their files to leave out (changed or gone),
    files read now (or held by the index's delta: those still indexable), the notes of the
    files read now, and how the counts of skipped files change (reason -> delta)."""

    dropped: frozenset[str]
    files: dict[str, ReadFile]
    notes: dict[str, str]
    skipped: dict[str, int]
    #: How many files changed since the index (their content; vanished ones included).
    changed: int = 0

    @property
    def empty(self) -> bool:
        return not self.dropped and not self.files


NO_CHANGE = Overlay(frozenset(), {}, {}, {}, 0)


def overlay_of(
    ws: Context,
    root: str,
    reader: IndexReader,
    read: Sequence[str],
    gone: Sequence[str],
) -> Overlay:
    """The index's delta (if any) with the files ``read`` now over it (relative paths; as
    the index would read them) and the files ``gone`` left out."""
    from prx.engine.index.delta import read_delta, read_files

    delta = read_delta(reader)
    dropped = set(delta.dropped) if delta is not None else set()
    files = dict(delta.files) if delta is not None else {}
    read = _changed_content(root, reader, files, dropped, read)
    if not read and not gone:
        return Overlay(frozenset(dropped), files, {}, {}, 0)
    base = set(reader.files.indexed_paths)
    before = reader.files.notes()
    skipped: Counter[str] = Counter()
    for rel in (*read, *gone):
        if rel in before:
            skipped[before[rel]] -= 1
        files.pop(rel, None)
        if rel in base:
            dropped.add(rel)
    notes: dict[str, str] = {}
    for found in read_files(ws, root, read):
        if found.note is not None:
            notes[found.rel] = found.note
            skipped[found.note] += 1
        if found.record is not None:
            files[found.rel] = found
    counts = {k: v for k, v in skipped.items() if v}
    return Overlay(frozenset(dropped), files, notes, counts, len(read) + len(gone))


def _changed_content(
    root: str,
    reader: IndexReader,
    delta: dict[str, ReadFile],
    dropped: set[str],
    read: Sequence[str],
) -> list[str]:
    """Of the files whose stamps changed, those whose content did too: a file of the same
    size and content hash as the index holds (a touch, a copied or checked-out tree) is
    the index's still, and is not read again."""
    from prx.core.hashing import content_hash

    if not read:
        return []
    files = reader.files
    slots = {rel: slot for slot, rel in enumerate(files.indexed_paths)}
    out = []
    for rel in read:
        known = delta[rel].record if rel in delta else None
        if known is None and rel not in dropped and rel in slots:
            known = files.record(slots[rel], rel)
        if known is not None:
            try:
                path = os.path.join(root, rel)
                if os.stat(path, follow_symlinks=False).st_size == known.size:
                    if content_hash(read_regular(path)) == known.hash:
                        continue
            except OSError:
                pass
        out.append(rel)
    return out


class _Layout:
    """The merged numbering: the index's files minus the dropped ones, plus the files read
    now, in walk order; their chunks numbered in that order."""

    def __init__(self, reader: IndexReader, overlay: Overlay) -> None:
        from prx.engine.index.reader import walk_key

        files = reader.files
        self.base_paths = files.indexed_paths
        self.base_starts = files.chunk_starts()
        self.overlay = overlay
        self.slot_of = {path: slot for slot, path in enumerate(self.base_paths)}
        count = len(self.base_paths)
        self.identity = overlay.empty
        self._segment_arrays: tuple[Any, Any] | None = None
        self._base_segment_arrays: tuple[Any, Any, Any] | None = None
        #: Merged files in order: (path, base slot or -1).
        self.files: list[tuple[str, int]] = []
        #: Chunk segments in merged order: (merged start, count, base start or -1, path).
        self.segments: list[tuple[int, int, int, str]] = []
        if self.identity:
            self.total = self.base_starts[count] if count else 0
            return
        inserts: dict[int, list[str]] = {}
        for path in sorted(overlay.files, key=walk_key):
            point = bisect_left(self.base_paths, walk_key(path), key=walk_key)
            inserts.setdefault(point, []).append(path)
        dropped = {self.slot_of[path] for path in overlay.dropped}
        merged = 0
        current = 0
        for point in sorted(set(inserts) | dropped | {count}):
            if point > current:
                start, end = self.base_starts[current], self.base_starts[point]
                self.files.extend((self.base_paths[s], s) for s in range(current, point))
                if end > start:
                    self.segments.append((merged, end - start, start, ""))
                    merged += end - start
                current = point
            for path in inserts.get(point, ()):
                chunks = len(overlay.files[path].chunks)
                self.files.append((path, -1))
                if chunks:
                    self.segments.append((merged, chunks, -1, path))
                    merged += chunks
            if point in dropped:
                current = point + 1
        self.total = merged
        self.starts = [segment[0] for segment in self.segments]
        #: Base segments by base start, for mapping base chunk numbers.
        self.base_segments = [(s[2], s[2] + s[1], s[0]) for s in self.segments if s[2] >= 0]
        self.base_firsts = [segment[0] for segment in self.base_segments]

    def segment_arrays(self) -> tuple[Any, Any]:
        """Each segment's merged start and base start (-1 for an overlaid file's), as
        numpy arrays (built once, for scoring with numpy)."""
        if self._segment_arrays is None:
            import numpy as np

            self._segment_arrays = (
                np.asarray(self.starts, dtype=np.int64),
                np.asarray([segment[2] for segment in self.segments], dtype=np.int64),
            )
        return self._segment_arrays

    def base_segment_arrays(self) -> tuple[Any, Any, Any]:
        """The kept base segments' first and end base chunk and merged start, as numpy
        arrays (built once)."""
        if self._base_segment_arrays is None:
            import numpy as np

            columns = list(zip(*self.base_segments, strict=True)) or [(), (), ()]
            first, end, merged = (np.asarray(c, dtype=np.int64) for c in columns)
            self._base_segment_arrays = (first, end, merged)
        return self._base_segment_arrays

    def locate(self, index: int) -> tuple[int, str, int]:
        """Merged chunk ``index``: (base chunk or -1, overlay path, position in it)."""
        if self.identity:
            return index, "", 0
        if not 0 <= index < self.total:
            raise IndexError(index)
        merged, _, base, path = self.segments[bisect_right(self.starts, index) - 1]
        if base >= 0:
            return base + index - merged, "", 0
        return -1, path, index - merged

    def merged_of(self, base: int) -> int:
        """The merged number of base chunk ``base``, or -1 when its file was dropped."""
        if self.identity:
            return base
        at = bisect_right(self.base_firsts, base) - 1
        if at < 0:
            return -1
        first, end, merged = self.base_segments[at]
        return merged + base - first if base < end else -1

    def file_range(self, path: str) -> range:
        """The merged chunk numbers of ``path``'s chunks."""
        if self.identity:
            slot = self.slot_of.get(path)
            if slot is None:
                return range(0)
            return range(self.base_starts[slot], self.base_starts[slot + 1])
        for merged, count, _, owner in self.segments:
            if owner == path:
                return range(merged, merged + count)
        slot = self.slot_of.get(path)
        if slot is None or path in self.overlay.dropped:
            return range(0)
        first = self.base_starts[slot]
        start = self.merged_of(first)
        return range(start, start + self.base_starts[slot + 1] - first) if start >= 0 else range(0)


class ChunksRead(Sequence[ChunkRecord]):
    """Chunks each read once, when first asked for (:meth:`_read`), and kept."""

    _cache: dict[int, ChunkRecord]

    def _read(self, index: int) -> ChunkRecord:
        raise NotImplementedError

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        found = self._cache.get(index)
        if found is None:
            found = self._cache[index] = self._read(index)
        return found

    def __iter__(self) -> Iterator[ChunkRecord]:
        for index in range(len(self)):
            yield self[index]


class IndexedChunks(ChunksRead):
    """The chunks, each read (and its text decoded) when asked for."""

    def __init__(self, reader: IndexReader, layout: _Layout) -> None:
        self._reader = reader
        self._layout = layout
        self._cache: dict[int, ChunkRecord] = {}

    def __len__(self) -> int:
        return int(self._layout.total)

    def _read(self, index: int) -> ChunkRecord:
        base, path, at = self._layout.locate(index)
        if base >= 0:
            if not 0 <= base < len(self._reader.chunks):
                raise IndexError(index)
            chunks = self._reader.chunks
            owner = self._layout.base_paths[chunks.file_slot(base)]
            return chunks.record(base, owner, self._reader.texts.text(base))
        return self._layout.overlay.files[path].chunks[at]

    def file_range(self, path: str) -> range:
        return self._layout.file_range(path)

    def lines(self, index: int) -> tuple[int, int]:
        """Chunk ``index``'s first and last line, without reading its text."""
        found = self._cache.get(index)
        if found is not None:
            return found.start_line, found.end_line
        base, path, at = self._layout.locate(index)
        if base >= 0:
            return self._reader.chunks.lines(base)
        chunk = self._layout.overlay.files[path].chunks[at]
        return chunk.start_line, chunk.end_line


class IndexedFiles(Mapping[str, FileRecord]):
    """The indexed files' records, by path, in walk order."""

    def __init__(self, reader: IndexReader, layout: _Layout) -> None:
        self._reader = reader
        self._layout = layout
        self._cache: dict[str, FileRecord] = {}

    def _order(self) -> Iterator[str]:
        if self._layout.identity:
            yield from self._layout.base_paths
        else:
            for path, _ in self._layout.files:
                yield path

    def __getitem__(self, path: str) -> FileRecord:
        found = self._cache.get(path)
        if found is None:
            overlay = self._layout.overlay
            record = overlay.files[path].record if path in overlay.files else None
            if record is not None:
                found = record
            else:
                slot = self._layout.slot_of.get(path)
                if slot is None or path in overlay.dropped:
                    raise KeyError(path)
                found = self._reader.files.record(slot, path)
            self._cache[path] = found
        return found

    def __contains__(self, path: object) -> bool:
        if not isinstance(path, str):
            return False
        overlay = self._layout.overlay
        if path in overlay.files:
            return True
        return path in self._layout.slot_of and path not in overlay.dropped

    def __iter__(self) -> Iterator[str]:
        return self._order()

    def __len__(self) -> int:
        if self._layout.identity:
            return len(self._layout.base_paths)
        return len(self._layout.files)


class DefinitionsRead(Sequence[Definition]):
    """Definitions listed whole only when iterated or indexed (:meth:`_everything`); a
    subclass answers by file and by name without that."""

    _all: list[Definition] | None

    def _everything(self) -> list[Definition]:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._everything())

    def __getitem__(self, index: Any) -> Any:
        return self._everything()[index]

    def __iter__(self) -> Iterator[Definition]:
        return iter(self._everything())


class IndexedDefinitions(DefinitionsRead):
    """Every definition: by name and by file without reading the others."""

    def __init__(self, reader: IndexReader, layout: _Layout) -> None:
        self._reader = reader
        self._layout = layout
        self._all: list[Definition] | None = None
        self._position: dict[str, int] | None = None

    def _file_position(self, path: str) -> int:
        """A file's place in the merged order (for sorting definitions by corpus order)."""
        if self._layout.identity:
            return self._layout.slot_of.get(path, -1)
        if self._position is None:
            self._position = {p: i for i, (p, _) in enumerate(self._layout.files)}
        return self._position.get(path, -1)

    def in_file(self, path: str) -> list[Definition]:
        overlay = self._layout.overlay
        if path in overlay.files:
            return list(overlay.files[path].definitions)
        slot = self._layout.slot_of.get(path)
        if slot is None or path in overlay.dropped:
            return []
        table = self._reader.definitions
        return [table.record(row) for row in table.rows_of_file(slot)]

    def starting_in(self, path: str, low: int, high: int) -> list[Definition]:
        """:meth:`in_file`'s definitions that start on a line in ``[low, high]``, in the
        same order (the others are not decoded)."""
        overlay = self._layout.overlay
        if path in overlay.files:
            return [d for d in overlay.files[path].definitions if low <= d.start_line <= high]
        slot = self._layout.slot_of.get(path)
        if slot is None or path in overlay.dropped:
            return []
        table = self._reader.definitions
        return [table.record(row) for row in table.rows_starting_in(slot, low, high)]

    def lookup(self, name: str) -> tuple[list[Definition], str]:
        """Definitions of ``name`` in corpus order and how they matched: ``exact``,
        ``case`` (another case) or ``none`` (see
        :class:`prx.engine.retrieval.symbols.SymbolIndex`)."""
        for how in ("exact", "case"):
            found = self._named(name, how == "exact")
            if found:
                return found, how
        return [], "none"

    def _named(self, name: str, exact: bool) -> list[Definition]:
        table = self._reader.definitions
        rows = table.named(name) if exact else table.named_any_case(name)
        overlay = self._layout.overlay
        found = [table.record(row) for row in sorted(rows)]
        if not overlay.empty:
            found = [d for d in found if d.file not in overlay.dropped]
            lowered = name.lower()
            for extra in overlay.files.values():
                found.extend(
                    d
                    for d in extra.definitions
                    if (d.name == name if exact else d.name.lower() == lowered)
                )
            # Corpus order: by file in walk order, then as each file lists them.
            found.sort(key=lambda d: self._file_position(d.file))
        return found

    def _everything(self) -> list[Definition]:
        if self._all is None:
            out: list[Definition] = []
            if self._layout.identity:
                out = self._reader.definitions.all()
            else:
                for path, _ in self._layout.files:
                    out.extend(self.in_file(path))
            self._all = out
        return self._all


class IndexedPostings:
    """BM25 over the index's postings, with the overlaid files' counts merged in:
    exactly the postings a rebuilt index would hold (see :mod:`prx.engine.corpus.bm25`)."""

    def __init__(self, reader: IndexReader, layout: _Layout) -> None:
        self._base = reader.postings
        self._layout = layout
        overlay = layout.overlay
        self.doc_count = int(layout.total)
        total = self._base.total_length
        #: Overlaid chunks' (merged number, term counts, length).
        self._extra: dict[int, int] = {}
        self._by_term: dict[str, list[tuple[int, int]]] = {}
        if not layout.identity:
            lengths = reader.postings.lengths
            for path in overlay.dropped:
                slot = layout.slot_of[path]
                start, end = layout.base_starts[slot], layout.base_starts[slot + 1]
                total -= sum(lengths.list(start, end))
            for merged, count, base, path in layout.segments:
                if base >= 0:
                    continue
                extra = overlay.files[path]
                for offset in range(count):
                    doc = merged + offset
                    self._extra[doc] = extra.lengths[offset]
                    total += extra.lengths[offset]
                    for term, tf in extra.terms[offset].items():
                        self._by_term.setdefault(term, []).append((doc, tf))
        self.total_length = total

    def __contains__(self, term: object) -> bool:
        """Whether some chunk may hold ``term``, its postings unread: a term only the
        overlay's dropped files held still says yes; its postings then come back None,
        which every caller skips (a query word's other forms are found through this)."""
        return term in self._by_term or term in self._base

    def term_postings(self, term: str) -> tuple[list[int], list[int]] | None:
        found = self._base.term_postings(term)
        layout = self._layout
        if layout.identity:
            return found
        docs: list[int] = []
        tfs: list[int] = []
        if found is not None:
            # Base documents ascending: each kept base segment is a slice of them.
            base_docs, base_tfs = found
            low = 0
            for first, end, merged in layout.base_segments:
                low = bisect_left(base_docs, first, low)
                high = bisect_left(base_docs, end, low)
                if low == high:
                    continue
                shift = merged - first
                if shift:
                    docs.extend([doc + shift for doc in base_docs[low:high]])
                else:
                    docs.extend(base_docs[low:high])
                tfs.extend(base_tfs[low:high])
                low = high
        extra = self._by_term.get(term)
        if extra:
            pairs = sorted([*zip(docs, tfs, strict=True), *extra])
            docs = [doc for doc, _ in pairs]
            tfs = [tf for _, tf in pairs]
        return (docs, tfs) if docs else None

    def lengths_of(self, docs: list[int]) -> list[int]:
        layout = self._layout
        if layout.identity:
            return self._base.lengths_of(docs)
        lengths = self._base.lengths.whole()
        extra = self._extra
        out: list[int] = []
        low = 0
        for merged, count, base, _ in layout.segments:  # docs ascending: a slice each
            low = bisect_left(docs, merged, low)
            high = bisect_left(docs, merged + count, low)
            if low == high:
                continue
            if base >= 0:
                shift = base - merged
                out.extend([lengths[doc + shift] for doc in docs[low:high]])
            else:
                out.extend([extra[doc] for doc in docs[low:high]])
            low = high
        return out

    def term_arrays(self, term: str) -> tuple[Any, Any] | None:
        """:meth:`term_postings` as numpy arrays: the base postings mapped to merged
        numbers in one pass, the overlaid files' merged in."""
        import numpy as np

        found = self._base.term_arrays(term)
        if self._layout.identity:
            return found
        firsts, ends, merged_at = self._layout.base_segment_arrays()
        docs = np.zeros(0, np.int64)
        tfs = np.zeros(0, np.int64)
        if found is not None and len(firsts):
            base_docs, base_tfs = found
            at = np.searchsorted(firsts, base_docs, side="right") - 1
            kept = at >= 0
            at = np.where(kept, at, 0)
            kept &= base_docs < ends[at]
            docs = (merged_at[at] + base_docs - firsts[at])[kept]
            tfs = base_tfs[kept].astype(np.int64)
        extra = self._by_term.get(term)
        if extra:
            pairs = np.asarray(extra, dtype=np.int64).reshape(-1, 2)
            docs = np.concatenate([docs, pairs[:, 0]])
            tfs = np.concatenate([tfs, pairs[:, 1]])
            order = np.argsort(docs, kind="stable")
            docs, tfs = docs[order], tfs[order]
        return (docs, tfs) if len(docs) else None

    def lengths_array(self, docs: Any) -> Any:
        """:meth:`lengths_of` for an array of merged documents."""
        import numpy as np

        if self._layout.identity:
            return self._base.lengths_array(docs)
        starts, bases = self._layout.segment_arrays()
        at = np.searchsorted(starts, docs, side="right") - 1
        base = bases[at]
        out = np.zeros(len(docs), np.int64)
        in_base = base >= 0
        lengths = self._base.lengths.numpy()
        out[in_base] = lengths[base[in_base] + docs[in_base] - starts[at[in_base]]]
        for i in np.flatnonzero(~in_base).tolist():
            out[i] = self._extra[int(docs[i])]
        return out

    def scores(self, query_tokens: Any, weights: Any = None) -> dict[int, float]:
        return score_terms(self, query_tokens, weights=weights)


def _embeddings(reader: IndexReader, layout: _Layout) -> Any:
    """The chunks' vectors as (chunks x dim) rows, for a retriever that wants the matrix
    (a plugin's): the index's matrix, mapped; with an overlay, assembled in merged order."""
    rows = _base_rows(reader)
    if rows is None or layout.identity:
        return rows
    import numpy as np

    parts = [
        rows[base : base + count] if base >= 0 else _overlay_vectors(layout, path)
        for _, count, base, path in layout.segments
    ]
    if not parts:
        return np.zeros((0, rows.shape[1]), np.float32)
    columns = np.concatenate([part.T for part in parts], axis=1)
    return np.ascontiguousarray(columns).T


def _base_rows(reader: IndexReader) -> Any:
    from prx.engine.corpus.packaged_model import PACKAGED_MODEL_SHA256

    if reader.manifest.get("model", {}).get("hash") != PACKAGED_MODEL_SHA256:
        return None  # made by another model: the retriever embeds the chunks itself
    return reader.embedding_rows()


def _overlay_vectors(layout: _Layout, path: str) -> Any:
    """An overlaid file's chunk vectors: its delta's, or computed now."""
    from prx.engine.corpus.corpus import enrich
    from prx.engine.corpus.query_embed import query_embedder
    from prx.engine.index.delta import vector_rows

    found = layout.overlay.files[path]
    if found.vectors is None:
        return query_embedder().encode([enrich(chunk) for chunk in found.chunks])
    return vector_rows(found.vectors)


def _dense_scores(reader: IndexReader, layout: _Layout) -> Any:
    """``vector -> similarity of every chunk`` over the index's mapped matrix in place;
    with an overlay, its kept columns' similarities and the overlaid files' spliced in
    merged order (no copy of the matrix). None when the index's vectors are not the
    packaged model's."""
    rows = _base_rows(reader)
    if rows is None:
        return None
    columns = rows.T  # (dim x chunks), as stored: C-contiguous
    #: The overlaid files' vectors, embedded once for every query of this layout.
    overlaid: dict[str, Any] = {}

    def vectors_of(path: str) -> Any:
        import numpy as np

        found = overlaid.get(path)
        if found is None:
            found = overlaid[path] = _overlay_vectors(layout, path).astype(np.float32)
        return found

    def scores(vector: Any) -> Any:
        import numpy as np

        from prx.engine.retrieval.retrievers import similarities

        base = similarities(columns, vector)
        if layout.identity:
            return base
        parts = [
            base[first : first + count] if first >= 0 else vectors_of(path) @ vector
            for _, count, first, path in layout.segments
        ]
        return np.concatenate(parts) if parts else np.zeros(0, np.float32)

    return scores


def indexed_corpus(
    reader: IndexReader,
    root: str,
    overlay: Overlay = NO_CHANGE,
    *,
    origin: str = "index",
    skipped: Mapping[str, int] | None = None,
) -> Corpus:
    """The corpus of ``reader``'s index with ``overlay`` applied, read in place.
    ``skipped``: the counts of skipped files, when a new walk gave them."""
    from prx.engine.corpus.corpus import Corpus

    layout = _Layout(reader, overlay)
    if skipped is None:
        counts = Counter(dict(reader.manifest.get("skipped", {})))
        counts.update(overlay.skipped)
        skipped = counts
    corpus = Corpus(
        root=root,
        chunks=IndexedChunks(reader, layout),  # type: ignore[arg-type]
        files=IndexedFiles(reader, layout),  # type: ignore[arg-type]
        definitions=IndexedDefinitions(reader, layout),  # type: ignore[arg-type]
        skipped={k: v for k, v in sorted(skipped.items()) if v > 0},
    )
    model = reader.manifest.get("model", {})
    corpus.prebuilt = {
        "bm25": IndexedPostings(reader, layout),
        # Callables: mapped (and an overlay's vectors computed) only when a query needs it.
        "embeddings": (lambda: _embeddings(reader, layout)) if model else None,
        "dense_scores": (lambda: _dense_scores(reader, layout)) if model else None,
        "model": model,
        # The import graph as indexed (files changed since keep their indexed imports).
        "importer_counts": reader.importer_counts,
    }
    corpus.origin = origin
    return corpus
