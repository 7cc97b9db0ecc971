"""Writing and loading the artifacts of one index directory (see :mod:`prx.index.store`)."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

import numpy as np

from prx._record import field, record
from prx.graph.resolve import Imports, StoredEdge
from prx.index import bloom
from prx.index.postings import Postings
from prx.index.store import FORMAT, MARKER, checksum, read_manifest, verify
from prx.retrieval.bm25 import BM25Index
from prx.retrieval.corpus import ChunkRecord, Corpus, Definition, FileRecord

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from prx.index.stamps import Stamp

__all__ = ["LINKABLE", "IndexData", "load_index", "write_index"]


@record(frozen=False, eq=False)
class IndexData:
    """Everything an index holds, in memory (arrays may be memory-mapped)."""

    corpus: Corpus
    #: Per walked file the index vouches for: its stamp (size, mtime, ctime, inode) when
    #: indexed; see prx.index.stamps.
    stamps: dict[str, Stamp]
    vocabulary: list[str]
    postings: Postings
    bm25: BM25Index
    embeddings: NDArray[np.float32] | None
    model: dict[str, Any] = field(default_factory=dict)
    #: Per file with imports: what it imports, as written.
    imports: dict[str, Imports] = field(default_factory=dict)
    #: Per importer: its resolved edges (see prx.graph.resolve.StoredEdge).
    edges: dict[str, list[StoredEdge]] = field(default_factory=dict)
    #: Trigram filters of the files in sorted order, and each one's byte range.
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


def _save_npy(directory: str, name: str, array: NDArray[Any]) -> None:
    np.save(os.path.join(directory, name), np.ascontiguousarray(array), allow_pickle=False)


def _dump(directory: str, name: str, value: Any) -> None:
    # json.dumps, not json.dump: only the one-shot call uses the C encoder (10x faster).
    with open(os.path.join(directory, name), "w", encoding="utf-8") as fh:
        fh.write(_json_text(value))


def _json_text(value: Any) -> str:
    """Compact JSON that is valid UTF-8: a name that is not UTF-8 stays a \\udcXX escape."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(value, separators=(",", ":"))
    return text


#: Artifacts :func:`write_index` hard-links from its source when told they are the same
#: (the others it always writes).
LINKABLE = frozenset(
    {
        "chunks.json",
        "vocabulary.json",
        "definitions.json",
        "imports.json",
        "bloom.bin",
        "bloom_offsets.npy",
    }
)


def _link(directory: str, name: str, source: IndexData | None, same: frozenset[str]) -> bool:
    """Hard-link an artifact unchanged since ``source`` instead of writing it again."""
    if source is None or source.directory is None or name not in same:
        return False
    if name not in source.artifacts:
        return False
    try:
        os.link(os.path.join(source.directory, name), os.path.join(directory, name))
    except OSError:  # no hard links here (or the source vanished): write it
        return False
    return True


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
    ``.prx``): they are hard-linked, and their checksums taken from its manifest.
    """
    linked = {name for name in same & LINKABLE if _link(directory, name, source, same)}
    corpus = data.corpus
    names = sorted(corpus.files)
    position = {name: i for i, name in enumerate(names)}
    table = (
        [
            (position[file], language, start, end, symbol, kind)
            for file, language, start, end, _, symbol, kind in corpus.chunks
        ]
        if "chunks.json" not in linked
        else []
    )
    if "chunks.json" not in linked:
        _dump(directory, "chunks.json", {"files": names, "chunks": table})
    if data.text_blob is not None and data.text_offsets is not None:
        blob, offsets = data.text_blob, data.text_offsets
    else:
        if "texts" in data.unloaded:
            raise ValueError("chunk texts are neither loaded nor given as bytes")
        encoded = [c.text.encode("utf-8") for c in corpus.chunks]
        offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
        if encoded:
            np.cumsum([len(b) for b in encoded], out=offsets[1:])
        blob = b"".join(encoded)
    with open(os.path.join(directory, "texts.bin"), "wb") as fh:
        fh.write(blob)
    _save_npy(directory, "text_offsets.npy", offsets)
    if "vocabulary.json" not in linked:
        _dump(directory, "vocabulary.json", data.vocabulary)
    _save_npy(directory, "postings_offsets.npy", data.bm25.offsets)
    _save_npy(directory, "postings_docs.npy", data.bm25.ids)
    _save_npy(directory, "postings_weights.npy", data.bm25.weights)
    _save_npy(directory, "postings_tfs.npy", data.postings.tfs)
    _save_npy(directory, "doc_lengths.npy", data.postings.lengths)
    if data.embeddings is not None:
        # Stored transposed (dim x chunks): see prx.retrieval.retrievers.DenseRetriever.
        _save_npy(directory, "embeddings.npy", data.embeddings.astype(np.float32, copy=False).T)
    # A part left on disk whose link failed is read from the source and written.
    if "definitions.json" not in linked:
        if "definitions" in data.unloaded and source is not None and source.directory:
            corpus.definitions = load_definitions(source.directory)
        _dump(directory, "definitions.json", corpus.definitions)
    if "imports.json" not in linked:
        if "graph" in data.unloaded and source is not None and source.directory:
            data.imports, data.edges = load_graph(source.directory)
        _dump(directory, "imports.json", {"imports": data.imports, "edges": data.edges})
    if "bloom.bin" not in linked:
        with open(os.path.join(directory, "bloom.bin"), "wb") as fh:
            fh.write(np.ascontiguousarray(data.bloom).tobytes())
    if "bloom_offsets.npy" not in linked:
        _save_npy(directory, "bloom_offsets.npy", data.bloom_offsets)
    files = {
        rel: {
            "hash": record.hash,
            "size": record.size,
            "language": record.language,
            "digest": list(data.digests.get(rel, ("", "", ""))),
        }
        for rel, record in corpus.files.items()
    }
    artifacts = {}
    for name in sorted(os.listdir(directory)):
        if name == MARKER:
            continue
        if name in linked and source is not None:
            artifacts[name] = source.artifacts[name]
            continue
        path = os.path.join(directory, name)
        artifacts[name] = {"size": os.path.getsize(path), "xxh3": checksum(path)}
    manifest = {
        "format": FORMAT,
        "stamps": {rel: list(stamp) for rel, stamp in sorted(data.stamps.items())},
        "model": data.model,
        "files": files,
        "notes": dict(sorted(data.notes.items())),
        "chunks": len(corpus.chunks),
        "skipped": corpus.skipped,
        "bloom": {
            "unit": "byte trigrams, one filter per file in sorted file order",
            "hashes": bloom.HASHES,
            "bits_per_key": bloom.BITS_PER_KEY,
            "false_positive_rate": round(bloom.FALSE_POSITIVE_RATE, 5),
        },
        "edges": sum(len(targets) for targets in data.edges.values()),
        "artifacts": artifacts,
        **extra,
    }
    temporary = os.path.join(directory, "manifest.json.tmp")
    with open(temporary, "w", encoding="utf-8") as fh:
        fh.write(_json_text(manifest))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(temporary, os.path.join(directory, "manifest.json"))
    return manifest


def load_npy(directory: str, name: str) -> Any:
    """A memory-mapped array artifact; :class:`IndexCorruptedError` when unreadable."""
    try:
        mapped = np.load(os.path.join(directory, name), mmap_mode="r", allow_pickle=False)
        # A plain ndarray over the same mapping: slicing np.memmap runs Python code.
        return mapped.view(np.ndarray) if isinstance(mapped, np.memmap) else mapped
    except (OSError, ValueError) as exc:
        from prx.errors import IndexCorruptedError

        raise IndexCorruptedError(
            f"index corrupted at {directory}: {name} unreadable ({exc})"
        ) from None


def load_bloom(directory: str) -> NDArray[np.uint8]:
    """The concatenated trigram filters, memory-mapped."""
    path = os.path.join(directory, "bloom.bin")
    if os.path.getsize(path) == 0:
        return np.zeros(0, np.uint8)
    return np.memmap(path, dtype=np.uint8, mode="r").view(np.ndarray)


def _load_json(directory: str, name: str) -> Any:
    with open(os.path.join(directory, name), encoding="utf-8") as fh:
        return json.load(fh)


def load_definitions(directory: str) -> list[Definition]:
    """``definitions.json`` of an index directory."""
    return list(map(Definition._make, _load_json(directory, "definitions.json")))


def load_graph(directory: str) -> tuple[dict[str, Imports], dict[str, list[StoredEdge]]]:
    """Raw imports per file and the resolved edges, from ``imports.json``."""
    from prx.graph.imports import parse_stored

    return parse_stored(_load_json(directory, "imports.json"))


def ensure_loaded(data: IndexData, part: str) -> None:
    """Load a part an update left on disk (``definitions`` or ``graph``)."""
    if part not in data.unloaded or data.directory is None:
        return
    if part == "definitions":
        data.corpus.definitions = load_definitions(data.directory)
    elif part == "graph":
        data.imports, data.edges = load_graph(data.directory)
    data.unloaded = data.unloaded - {part}


def load_index(
    directory: str,
    root: str,
    manifest: dict[str, Any] | None = None,
    *,
    lazy: bool = False,
    graph: bool = True,
) -> IndexData:
    """Load (and verify) the index in ``directory``; large arrays are memory-mapped.

    ``manifest`` is its manifest when the caller has read it already. ``lazy`` (for an
    update, never for a search) leaves definitions and the import graph on disk and the
    chunk texts as bytes. ``graph=False`` leaves the import graph on disk (search does not
    read it); :func:`ensure_loaded` loads a part left on disk when it is needed.
    """
    if manifest is None:
        manifest = read_manifest(directory)
    verify(directory, manifest)
    bloom.check_parameters(manifest, directory)
    table = _load_json(directory, "chunks.json")
    vocabulary = _load_json(directory, "vocabulary.json")
    offsets = load_npy(directory, "text_offsets.npy")
    with open(os.path.join(directory, "texts.bin"), "rb") as fh:
        blob = fh.read()
    names = table["files"]
    if lazy:
        chunks = [
            ChunkRecord(names[f], language, start, end, "", symbol, kind)
            for f, language, start, end, symbol, kind in table["chunks"]
        ]
        definitions: list[Definition] = []
        imports: dict[str, Imports] = {}
        edges: dict[str, list[StoredEdge]] = {}
    else:
        bounds = offsets.tolist()
        texts = [blob[a:b].decode("utf-8") for a, b in zip(bounds, bounds[1:], strict=False)]
        chunks = [
            ChunkRecord(names[f], language, start, end, text, symbol, kind)
            for (f, language, start, end, symbol, kind), text in zip(
                table["chunks"], texts, strict=True
            )
        ]
        definitions = load_definitions(directory)
        imports, edges = load_graph(directory) if graph else ({}, {})
    files = {
        rel: FileRecord(rel, info["language"], info["hash"], info["size"])
        for rel, info in manifest["files"].items()
    }
    corpus = Corpus(
        root=root,
        chunks=chunks,
        files=files,
        definitions=definitions,
        skipped=dict(manifest.get("skipped", {})),
    )
    bm25 = BM25Index(
        dict(zip(vocabulary, range(len(vocabulary)), strict=True)),
        load_npy(directory, "postings_offsets.npy"),
        load_npy(directory, "postings_docs.npy"),
        load_npy(directory, "postings_weights.npy"),
        len(chunks),
    )
    postings = Postings(
        bm25.offsets,
        bm25.ids,
        load_npy(directory, "postings_tfs.npy"),
        load_npy(directory, "doc_lengths.npy"),
    )
    # Stored (dim x chunks); the transposed view is the (chunks x dim) matrix, no copy.
    embeddings = (
        load_npy(directory, "embeddings.npy").T
        if os.path.exists(os.path.join(directory, "embeddings.npy"))
        else None
    )
    stamps: dict[str, Stamp] = {
        rel: (int(s[0]), int(s[1]), int(s[2]), int(s[3]))
        for rel, s in manifest.get("stamps", {}).items()
        if len(s) == 4
    }
    digests: dict[str, tuple[str, str, str]] = {}
    for rel, info in manifest["files"].items():
        c, d, i = info.get("digest", ("", "", ""))
        digests[rel] = (c, d, i)
    return IndexData(
        corpus=corpus,
        stamps=stamps,
        vocabulary=vocabulary,
        postings=postings,
        bm25=bm25,
        embeddings=embeddings,
        model=dict(manifest.get("model", {})),
        imports=imports,
        edges=edges,
        bloom=load_bloom(directory),
        bloom_offsets=load_npy(directory, "bloom_offsets.npy"),
        notes=dict(manifest.get("notes", {})),
        directory=directory,
        artifacts=dict(manifest["artifacts"]),
        digests=digests,
        text_blob=blob if lazy else None,
        text_offsets=np.asarray(offsets, dtype=np.int64) if lazy else None,
        unloaded=frozenset({"definitions", "graph", "texts"})
        if lazy
        else frozenset(() if graph else {"graph"}),
    )
