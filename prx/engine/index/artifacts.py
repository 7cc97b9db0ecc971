"""Writing the artifacts of one index directory, and loading them whole for an update.

Searches never load an index whole: they read it in place through
:class:`prx.engine.index.reader.IndexReader`. ``prx index`` loads the previous index as
:class:`IndexData` (:func:`load_index`) to update it, and writes the result with
:func:`write_index`. The layout of every table is in :mod:`prx.engine.index.reader`.
"""

from __future__ import annotations

import json
import os
from array import array
from typing import TYPE_CHECKING, Any

import numpy as np

from prx.core.record import field, record
from prx.engine.corpus.bm25 import BM25Index
from prx.engine.corpus.corpus import Corpus, Definition
from prx.engine.graph.resolve import Imports, StoredEdge
from prx.engine.index import bloom
from prx.engine.index.postings import Postings
from prx.engine.index.reader import IndexReader, walk_key
from prx.engine.index.store import FORMAT, read_manifest, write_manifest
from prx.engine.index.tables import TableWriter

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

    from prx.engine.index.stamps import Stamp

__all__ = ["LINKABLE", "IndexData", "load_index", "write_index"]


@record(frozen=False, eq=False)
class IndexData:
    """Everything an index holds, in memory (arrays may be memory-mapped)."""

    corpus: Corpus
    #: Per walked file the index vouches for: its stamp (size, mtime, ctime, inode) when
    #: indexed; see prx.engine.index.stamps.
    stamps: dict[str, Stamp]
    vocabulary: list[str]
    postings: Postings
    bm25: BM25Index
    embeddings: NDArray[np.float32] | None
    model: dict[str, Any] = field(default_factory=dict)
    #: Per file with imports: what it imports, as written.
    imports: dict[str, Imports] = field(default_factory=dict)
    #: Per importer: its resolved edges (see prx.engine.graph.resolve.StoredEdge).
    edges: dict[str, list[StoredEdge]] = field(default_factory=dict)
    #: Trigram filters of the indexed files in corpus order, and each one's byte range.
    bloom: NDArray[np.uint8] = field(default_factory=lambda: np.zeros(0, np.uint8))
    bloom_offsets: NDArray[np.int64] = field(default_factory=lambda: np.zeros(1, np.int64))
    #: Per walked file that was skipped or processed with a caveat: the reason
    #: (``binary``, ``unreadable``, ``parse_error``, ``non_utf8_replaced``).
    notes: dict[str, str] = field(default_factory=dict)
    #: Where it was loaded from, and its manifest's artifact records (None when built).
    directory: str | None = None
    artifacts: dict[str, Any] = field(default_factory=dict)
    #: Per file: digests of its chunk rows, definitions and imports (see units.digests).
    digests: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    #: The chunk texts as stored (UTF-8, end to end) and their bounds, when at hand: an
    #: update copies these bytes instead of decoding and encoding every text.
    text_blob: bytes | None = None
    text_offsets: NDArray[np.int64] | None = None
    #: Parts left on disk in ``directory`` (``definitions``, ``graph``, ``texts``: chunk
    #: records then have empty texts): an update loads them only if it must rewrite them.
    unloaded: frozenset[str] = frozenset()
    #: How many resolved import edges the graph holds (when it is left on disk).
    edge_count: int = 0
    #: What the build's walk saw, for the freshness check (prx.engine.index.freshness).
    walk: dict[str, Any] = field(default_factory=dict)
    #: The verified reader of ``directory`` it was loaded with: the parts left there are
    #: read through it (its blocks checked once).
    reader: IndexReader | None = None


#: Artifacts :func:`write_index` hard-links from its source when told they are the same
#: (the others it always writes).
LINKABLE = frozenset(
    {"chunks.tab", "terms.tab", "defs.tab", "imports.json", "importers.tab", "bloom.tab"}
)


def _link(directory: str, name: str, source: IndexData | None) -> bool:
    """Hard-link an artifact unchanged since ``source`` instead of writing it again."""
    if source is None or source.directory is None or name not in source.artifacts:
        return False
    try:
        os.link(os.path.join(source.directory, name), os.path.join(directory, name))
    except OSError:  # no hard links here (or the source vanished): write it
        return False
    return True


def _pool(values: Sequence[str | None], typecode: str = "i") -> tuple[list[str], array[int]]:
    """Distinct strings (first-seen order) and each item's id into them (-1 for None), as
    ``typecode`` integers."""
    known: dict[str, int] = {}
    ids = array(typecode)
    for value in values:
        ids.append(-1 if value is None else known.setdefault(value, len(known)))
    return list(known), ids


def _ids(values: Sequence[str | None]) -> tuple[list[str], array[int]]:
    """:func:`_pool` of a small set (languages, kinds, notes), as int16."""
    return _pool(values, "h")


class _Writer:
    """The tables of one index directory, written one after the other."""

    def __init__(self, directory: str, generation: int) -> None:
        self.directory = directory
        self.generation = generation
        self.records: dict[str, Any] = {}

    def table(self, name: str) -> TableWriter:
        return TableWriter(os.path.join(self.directory, name), self.generation)

    def close(self, name: str, writer: TableWriter) -> None:
        self.records[name] = writer.close()

    def files(self, data: IndexData, order: list[str]) -> None:
        corpus = data.corpus
        languages, language_ids = _ids([corpus.files[rel].language for rel in order])
        hashes = b"".join(bytes.fromhex(corpus.files[rel].hash) for rel in order)
        digests = array("Q")
        for rel in order:
            for part in data.digests.get(rel, ("", "", "")):
                digests.append(int(part, 16) if part else 0)
        chunk_starts, def_starts = _file_ranges(corpus, order)
        writer = self.described(data.stamps, set(corpus.files), data.notes, data.walk)
        writer.meta["languages"] = languages
        writer.add_strings("ipath", order)
        writer.add("language", "h", language_ids)
        writer.add("hash", "B", hashes)
        writer.add("size", "q", array("q", [corpus.files[rel].size for rel in order]))
        writer.add("chunk_start", "q", chunk_starts)
        writer.add("def_start", "q", def_starts)
        writer.add("digest", "Q", digests)
        self.close("files.tab", writer)

    def described(
        self,
        stamps: dict[str, Stamp],
        indexed: set[str],
        notes: dict[str, str],
        walk: dict[str, Any],
    ) -> TableWriter:
        """A ``files.tab`` writer holding the described files and the walk's record (the
        caller adds the indexed files' columns)."""
        described = sorted(set(stamps) | indexed | set(notes), key=walk_key)
        note_names, note_ids = _ids([notes.get(rel) for rel in described])
        rows = array("q")
        for rel in described:
            rows.extend(stamps.get(rel, (-1, -1, -1, -1)))
        writer = self.table("files.tab")
        writer.meta = {
            "notes": note_names,
            "outer": walk.get("outer", []),
            "large": walk.get("large", {}),
            "settings": walk.get("settings", {}),
            "skipped": walk.get("skipped", {}),
        }
        writer.add_strings("path", described)
        writer.add("stamp", "q", rows)
        writer.add("note", "h", note_ids)
        directories = sorted(walk.get("directories", {}).items())
        writer.add_strings("dir.path", [rel for rel, _ in directories])
        writer.add("dir.mtime", "q", array("q", [mtime for _, (mtime, _) in directories]))
        writer.add("dir.names", "Q", array("Q", [names for _, (_, names) in directories]))
        return writer

    def chunks(self, corpus: Corpus, order: list[str]) -> None:
        slot = {rel: i for i, rel in enumerate(order)}
        chunks = corpus.chunks
        languages, language_ids = _ids([c.language for c in chunks])
        kinds, kind_ids = _ids([c.symbol_kind for c in chunks])
        symbols, symbol_ids = _pool([c.symbol for c in chunks])
        writer = self.table("chunks.tab")
        writer.meta = {"languages": languages, "kinds": kinds}
        writer.add("file", "i", array("i", [slot[c.file] for c in chunks]))
        writer.add("language", "h", language_ids)
        writer.add("start", "i", array("i", [c.start_line for c in chunks]))
        writer.add("end", "i", array("i", [c.end_line for c in chunks]))
        writer.add("symbol", "i", symbol_ids)
        writer.add("kind", "h", kind_ids)
        writer.add_strings("symbols", symbols)
        self.close("chunks.tab", writer)

    def texts(self, data: IndexData) -> None:
        if data.text_blob is not None and data.text_offsets is not None:
            blob, offsets = data.text_blob, data.text_offsets
        else:
            if "texts" in data.unloaded:
                raise ValueError("chunk texts are neither loaded nor given as bytes")
            encoded = [c.text.encode("utf-8") for c in data.corpus.chunks]
            offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
            if encoded:
                np.cumsum([len(b) for b in encoded], out=offsets[1:])
            blob = b"".join(encoded)
        writer = self.table("texts.tab")
        writer.add("blob", "B", blob)
        writer.add("offsets", "q", offsets)
        self.close("texts.tab", writer)

    def terms(self, vocabulary: list[str]) -> None:
        writer = self.table("terms.tab")
        writer.add_strings("terms", vocabulary)
        order = sorted(range(len(vocabulary)), key=vocabulary.__getitem__)
        writer.add("order", "I", array("I", order))
        self.close("terms.tab", writer)

    def postings(self, postings: Postings) -> None:
        writer = self.table("postings.tab")
        writer.meta = {"total_length": int(np.asarray(postings.lengths).sum())}
        writer.add("offsets", "q", postings.offsets)
        writer.add("docs", "i", postings.docs)
        writer.add("tfs", "I", postings.tfs)
        writer.add("lengths", "q", postings.lengths)
        self.close("postings.tab", writer)

    def embeddings(self, embeddings: NDArray[np.float32]) -> None:
        # Stored transposed (dim x chunks): see prx.engine.retrieval.retrievers.DenseRetriever.
        columns = np.ascontiguousarray(embeddings.astype(np.float32, copy=False).T)
        writer = self.table("embeddings.tab")
        writer.meta = {"dim": int(columns.shape[0]), "chunks": int(columns.shape[1])}
        writer.add("matrix", "f", columns.reshape(-1))
        self.close("embeddings.tab", writer)

    def definitions(self, definitions: Sequence[Definition], order: list[str]) -> None:
        slot = {rel: i for i, rel in enumerate(order)}
        rows = sorted(range(len(definitions)), key=lambda i: slot[definitions[i].file])
        ordered = [definitions[i] for i in rows]
        kinds, kind_ids = _ids([d.kind for d in ordered])
        names = sorted({d.name for d in ordered})
        name_id = {name: i for i, name in enumerate(names)}
        lowers = sorted({d.name.lower() for d in ordered})
        lower_id = {name: i for i, name in enumerate(lowers)}
        signatures, signature_ids = _pool([d.signature for d in ordered])
        by_name = sorted(range(len(ordered)), key=lambda i: name_id[ordered[i].name])
        by_lower = sorted(range(len(ordered)), key=lambda i: lower_id[ordered[i].name.lower()])
        writer = self.table("defs.tab")
        writer.meta = {"kinds": kinds}
        writer.add("name", "i", array("i", [name_id[d.name] for d in ordered]))
        writer.add("kind", "h", kind_ids)
        writer.add("file", "i", array("i", [slot[d.file] for d in ordered]))
        writer.add("start", "i", array("i", [d.start_line for d in ordered]))
        writer.add("end", "i", array("i", [d.end_line for d in ordered]))
        writer.add("signature", "i", signature_ids)
        writer.add_strings("names", names)
        writer.add_strings("lowers", lowers)
        writer.add_strings("signatures", signatures)
        writer.add("by_name", "I", array("I", by_name))
        writer.add("name_start", "q", _starts([name_id[ordered[i].name] for i in by_name], names))
        writer.add("by_lower", "I", array("I", by_lower))
        lower_rows = [lower_id[ordered[i].name.lower()] for i in by_lower]
        writer.add("lower_start", "q", _starts(lower_rows, lowers))
        self.close("defs.tab", writer)

    def graph(self, imports: dict[str, Imports], edges: dict[str, list[StoredEdge]]) -> None:
        from prx.engine.index.tables import write_blob

        text = _json_text({"imports": imports, "edges": edges}).encode("utf-8")
        path = os.path.join(self.directory, "imports.json")
        self.records["imports.json"] = write_blob(path, text, self.generation)
        self.importers(edges)

    def importers(self, edges: dict[str, list[StoredEdge]]) -> None:
        """How many files import each file (``importers.tab``: what a search ranks with,
        without reading the graph)."""
        from prx.engine.index.reader import importer_counts

        counts = importer_counts(edges)
        writer = self.table("importers.tab")
        paths = sorted(counts)
        writer.add_strings("path", paths)
        writer.add("count", "q", array("q", [counts[p] for p in paths]))
        self.close("importers.tab", writer)

    def bloom(self, data: IndexData) -> None:
        writer = self.table("bloom.tab")
        writer.add("bits", "B", np.ascontiguousarray(data.bloom, dtype=np.uint8))
        writer.add("offsets", "q", data.bloom_offsets)
        self.close("bloom.tab", writer)


def _starts(sorted_ids: list[int], distinct: list[str]) -> array[int]:
    """CSR offsets: where each distinct id's run starts in ``sorted_ids`` (and the end)."""
    starts = array("q", [0] * (len(distinct) + 1))
    for value in sorted_ids:
        starts[value + 1] += 1
    for i in range(len(distinct)):
        starts[i + 1] += starts[i]
    return starts


def _file_ranges(corpus: Corpus, order: list[str]) -> tuple[array[int], array[int]]:
    """Per indexed file (in ``order``): where its chunks and its definitions start."""
    slot = {rel: i for i, rel in enumerate(order)}
    chunk_counts = [0] * len(order)
    previous = -1
    for chunk in corpus.chunks:
        at = slot[chunk.file]
        if at < previous:
            raise ValueError(f"chunks of {chunk.file} are not in walk order")
        previous = at
        chunk_counts[at] += 1
    def_counts = [0] * len(order)
    for definition in corpus.definitions:
        def_counts[slot[definition.file]] += 1
    chunk_starts, def_starts = array("q", [0]), array("q", [0])
    for count in chunk_counts:
        chunk_starts.append(chunk_starts[-1] + count)
    for count in def_counts:
        def_starts.append(def_starts[-1] + count)
    return chunk_starts, def_starts


def _json_text(value: Any) -> str:
    """Compact JSON that is valid UTF-8: a name that is not UTF-8 stays a \\udcXX escape."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(value, separators=(",", ":"))
    return text


def write_index(
    directory: str,
    data: IndexData,
    extra: dict[str, Any],
    *,
    source: IndexData | None = None,
    same: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """Write every artifact of ``data`` into ``directory`` and its manifest last.

    Artifacts named in ``same`` are identical to ``source``'s (a loaded index in the same
    ``.prx``): they are hard-linked, and their records taken from its manifest.
    """
    import time

    writer = _Writer(directory, time.time_ns())
    _write_tables(writer, data, source, same)
    manifest = _manifest(writer, data, extra)
    write_manifest(directory, manifest)
    return manifest


def _write_tables(
    writer: _Writer, data: IndexData, source: IndexData | None, same: frozenset[str]
) -> None:
    """Every table of ``data``: those ``same`` as ``source``'s hard-linked (their records
    taken from its manifest), the others written."""
    linked = {name for name in same & LINKABLE if _link(writer.directory, name, source)}
    for name in linked:
        assert source is not None
        writer.records[name] = source.artifacts[name]
    corpus = data.corpus
    order = sorted(corpus.files, key=walk_key)
    # A part left on disk whose link failed is read from the source and written.
    if "defs.tab" not in linked and "definitions" in data.unloaded:
        ensure_loaded(data, "definitions", source)
    writer.files(data, order)
    if "chunks.tab" not in linked:
        writer.chunks(corpus, order)
    writer.texts(data)
    if "terms.tab" not in linked:
        writer.terms(data.vocabulary)
    writer.postings(data.postings)
    if data.embeddings is not None:
        writer.embeddings(data.embeddings)
    if "defs.tab" not in linked:
        writer.definitions(corpus.definitions, order)
    if "imports.json" not in linked:
        if "graph" in data.unloaded:
            ensure_loaded(data, "graph", source)
        writer.graph(data.imports, data.edges)
    if "bloom.tab" not in linked:
        writer.bloom(data)


def _manifest(writer: _Writer, data: IndexData, extra: dict[str, Any]) -> dict[str, Any]:
    """The manifest of the tables ``writer`` wrote (or linked) for ``data``."""
    corpus = data.corpus
    return {
        "format": FORMAT,
        "generation": writer.generation,
        "byteorder": "little",
        "model": data.model,
        "counts": {
            "files": len(corpus.files),
            "chunks": len(corpus.chunks),
            "described": len(set(data.stamps) | set(corpus.files) | set(data.notes)),
        },
        "skipped": corpus.skipped,
        "bloom": {
            "unit": "byte trigrams, one filter per indexed file in walk order",
            "hashes": bloom.HASHES,
            "bits_per_key": bloom.BITS_PER_KEY,
            "false_positive_rate": round(bloom.FALSE_POSITIVE_RATE, 5),
        },
        "edges": data.edge_count
        if "graph" in data.unloaded
        else sum(len(targets) for targets in data.edges.values()),
        "artifacts": dict(sorted(writer.records.items())),
        **extra,
    }


def load_definitions(directory: str) -> list[Definition]:
    """Every definition of an index directory, in corpus order."""
    return IndexReader(directory, read_manifest(directory)).definitions.all()


def load_graph(directory: str) -> tuple[dict[str, Imports], dict[str, list[StoredEdge]]]:
    """Raw imports per file and the resolved edges, from ``imports.json``."""
    return IndexReader(directory, read_manifest(directory)).graph()


def ensure_loaded(data: IndexData, part: str, source: IndexData | None = None) -> None:
    """Load a part an update left on disk (``definitions`` or ``graph``) from the
    directory it was loaded from (or from ``source``'s, for data an update assembled)."""
    holder = data if data.directory else source
    if part not in data.unloaded or holder is None or holder.directory is None:
        return
    reader = holder.reader or IndexReader(holder.directory, read_manifest(holder.directory))
    if part == "definitions":
        data.corpus.definitions = reader.definitions.all()
    elif part == "graph":
        data.imports, data.edges = reader.graph()
    data.unloaded = data.unloaded - {part}


def load_index(
    directory: str,
    root: str,
    manifest: dict[str, Any] | None = None,
    *,
    lazy: bool = False,
    graph: bool = True,
) -> IndexData:
    """Load the tables of the index in ``directory`` whole, for an update; large arrays
    stay mapped. An update's delta is not folded in: the files it holds are left
    unstamped, so the update reads them again (see prx.engine.index.delta).

    ``lazy`` leaves definitions and the import graph on disk and the chunk texts as bytes;
    ``graph=False`` leaves the import graph on disk; :func:`ensure_loaded` loads a part
    left on disk when it is needed. Every block read is verified on the way.
    """
    reader = _verified_reader(directory, manifest)
    blob, offsets = _stored_texts(reader)
    corpus = _loaded_corpus(reader, root, None if lazy else _decoded(blob, offsets))
    vocabulary, postings = reader.terms.all(), _loaded_postings(reader)
    imports, edges = reader.graph() if graph and not lazy else ({}, {})
    unloaded = {"definitions", "graph", "texts"} if lazy else set() if graph else {"graph"}
    files = reader.files
    return IndexData(
        corpus=corpus,
        stamps=_stamps_without_delta(reader),
        vocabulary=vocabulary,
        postings=postings,
        bm25=postings.bm25(vocabulary),
        embeddings=reader.embedding_rows(),
        model=dict(reader.manifest.get("model", {})),
        imports=imports,
        edges=edges,
        bloom=reader.bloom_bits.numpy(),
        bloom_offsets=reader.bloom_offsets.numpy(),
        notes=files.notes(),
        directory=directory,
        artifacts=dict(reader.manifest["artifacts"]),
        digests=files.digests(),
        text_blob=blob if lazy else None,
        text_offsets=np.asarray(offsets, dtype=np.int64) if lazy else None,
        unloaded=frozenset(unloaded),
        edge_count=int(reader.manifest.get("edges", 0)),
        walk=files.walk(),
        reader=reader,
    )


def _verified_reader(directory: str, manifest: dict[str, Any] | None) -> IndexReader:
    """A reader of the index in ``directory`` with every block checked: an update reads
    (or links) every part, so nothing corrupt is carried into the next index."""
    reader = IndexReader(directory, manifest or read_manifest(directory))
    bloom.check_parameters(reader.manifest, directory)
    reader.verify_all()
    return reader


def _stored_texts(reader: IndexReader) -> tuple[bytes, NDArray[np.int64]]:
    """The chunk texts as stored (UTF-8, end to end) and their bounds."""
    texts = reader.texts
    return texts.blob.bytes(0, texts.blob.count), texts.offsets.numpy()


def _decoded(blob: bytes, offsets: NDArray[np.int64]) -> list[str]:
    """Every chunk's text, from the texts end to end and their bounds."""
    bounds = offsets.tolist()
    return [blob[a:b].decode("utf-8") for a, b in zip(bounds, bounds[1:], strict=False)]


def _loaded_corpus(reader: IndexReader, root: str, texts: list[str] | None) -> Corpus:
    """The corpus of the index whole; without ``texts`` (lazy), chunks have empty texts and
    the definitions stay on disk."""
    return Corpus(
        root=root,
        chunks=reader.chunks.records(reader.files.indexed_paths, texts),
        files=reader.files.records(),
        definitions=[] if texts is None else reader.definitions.all(),
        skipped=dict(reader.manifest.get("skipped", {})),
    )


def _loaded_postings(reader: IndexReader) -> Postings:
    postings = reader.postings
    return Postings(
        postings.offsets.numpy(),
        postings.docs.numpy(),
        postings.tfs.numpy(),
        postings.lengths.numpy(),
    )


def _stamps_without_delta(reader: IndexReader) -> dict[str, Stamp]:
    """The files' stamps, less those of the files a delta holds or drops: the tables hold
    these as they were, so an update reads them again (or finds their content unchanged)
    and folds the delta into new tables."""
    from prx.engine.index.delta import DeltaView

    stamps = reader.files.stamps()
    delta = DeltaView(reader)  # its paths only: the chunks stay undecoded
    for rel in (*delta.dropped, *delta.paths):
        stamps.pop(rel, None)
    return stamps
