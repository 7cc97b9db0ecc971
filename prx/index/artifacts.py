"""Writing and loading the artifacts of one index directory (see :mod:`prx.index.store`)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from prx.index.store import FORMAT, checksum, read_manifest, verify
from prx.retrieval.bm25 import BM25Index
from prx.retrieval.corpus import ChunkRecord, Corpus, Definition, FileRecord

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["IndexData", "load_index", "write_index"]


@dataclass(slots=True)
class IndexData:
    """Everything an index holds, in memory (arrays may be memory-mapped)."""

    corpus: Corpus
    #: Per file: size and mtime when indexed (for cheap freshness checks).
    stamps: dict[str, tuple[int, int]]
    vocabulary: list[str]
    terms: NDArray[np.uint32]
    term_offsets: NDArray[np.int64]
    bm25: BM25Index
    embeddings: NDArray[np.float32] | None
    model: dict[str, Any] = field(default_factory=dict)


def _save_npy(directory: str, name: str, array: NDArray[Any]) -> None:
    np.save(os.path.join(directory, name), np.ascontiguousarray(array), allow_pickle=False)


def write_index(directory: str, data: IndexData, extra: dict[str, Any]) -> dict[str, Any]:
    """Write every artifact of ``data`` into ``directory`` and its manifest last."""
    corpus = data.corpus
    names = sorted(corpus.files)
    position = {name: i for i, name in enumerate(names)}
    table = [
        [position[c.file], c.language, c.start_line, c.end_line, c.symbol, c.symbol_kind]
        for c in corpus.chunks
    ]
    with open(os.path.join(directory, "chunks.json"), "w", encoding="utf-8") as fh:
        json.dump({"files": names, "chunks": table}, fh, separators=(",", ":"), ensure_ascii=False)
    encoded = [c.text.encode("utf-8") for c in corpus.chunks]
    offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in encoded], out=offsets[1:]) if encoded else None
    with open(os.path.join(directory, "texts.bin"), "wb") as fh:
        fh.write(b"".join(encoded))
    _save_npy(directory, "text_offsets.npy", offsets)
    _save_npy(directory, "terms.npy", data.terms)
    _save_npy(directory, "term_offsets.npy", data.term_offsets)
    with open(os.path.join(directory, "vocabulary.json"), "w", encoding="utf-8") as fh:
        json.dump(data.vocabulary, fh, separators=(",", ":"), ensure_ascii=False)
    _save_npy(directory, "postings_offsets.npy", data.bm25.offsets)
    _save_npy(directory, "postings_docs.npy", data.bm25.ids)
    _save_npy(directory, "postings_weights.npy", data.bm25.weights)
    if data.embeddings is not None:
        _save_npy(directory, "embeddings.npy", data.embeddings.astype(np.float32))
    with open(os.path.join(directory, "definitions.json"), "w", encoding="utf-8") as fh:
        json.dump(
            [list(d) for d in corpus.definitions], fh, separators=(",", ":"), ensure_ascii=False
        )
    files = {
        rel: {
            "hash": record.hash,
            "size": record.size,
            "language": record.language,
            "stamp": list(data.stamps.get(rel, (record.size, 0))),
        }
        for rel, record in corpus.files.items()
    }
    artifacts = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        artifacts[name] = {"size": os.path.getsize(path), "xxh3": checksum(path)}
    manifest = {
        "format": FORMAT,
        "stamps": {rel: list(stamp) for rel, stamp in sorted(data.stamps.items())},
        "model": data.model,
        "files": files,
        "chunks": len(corpus.chunks),
        "skipped": corpus.skipped,
        "artifacts": artifacts,
        **extra,
    }
    temporary = os.path.join(directory, "manifest.json.tmp")
    with open(temporary, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, ensure_ascii=False)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(temporary, os.path.join(directory, "manifest.json"))
    return manifest


def _load_npy(directory: str, name: str) -> Any:
    try:
        return np.load(os.path.join(directory, name), mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError) as exc:
        from prx.errors import IndexCorruptedError

        raise IndexCorruptedError(
            f"index corrupted at {directory}: {name} unreadable ({exc})"
        ) from None


def load_index(directory: str, root: str) -> IndexData:
    """Load (and verify) the index in ``directory``; large arrays are memory-mapped."""
    manifest = read_manifest(directory)
    verify(directory, manifest)
    with open(os.path.join(directory, "chunks.json"), encoding="utf-8") as fh:
        table = json.load(fh)
    with open(os.path.join(directory, "vocabulary.json"), encoding="utf-8") as fh:
        vocabulary = json.load(fh)
    with open(os.path.join(directory, "definitions.json"), encoding="utf-8") as fh:
        definitions = [Definition(*row) for row in json.load(fh)]
    offsets = _load_npy(directory, "text_offsets.npy")
    with open(os.path.join(directory, "texts.bin"), "rb") as fh:
        blob = fh.read()
    names = table["files"]
    bounds = offsets.tolist()
    chunks = [
        ChunkRecord(
            names[f],
            language,
            start,
            end,
            blob[bounds[i] : bounds[i + 1]].decode("utf-8"),
            symbol,
            kind,
        )
        for i, (f, language, start, end, symbol, kind) in enumerate(table["chunks"])
    ]
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
        {term: i for i, term in enumerate(vocabulary)},
        _load_npy(directory, "postings_offsets.npy"),
        _load_npy(directory, "postings_docs.npy"),
        _load_npy(directory, "postings_weights.npy"),
        len(chunks),
    )
    embeddings = (
        _load_npy(directory, "embeddings.npy")
        if os.path.exists(os.path.join(directory, "embeddings.npy"))
        else None
    )
    stamps = {rel: (int(s[0]), int(s[1])) for rel, s in manifest.get("stamps", {}).items()}
    return IndexData(
        corpus=corpus,
        stamps=stamps,
        vocabulary=vocabulary,
        terms=_load_npy(directory, "terms.npy"),
        term_offsets=_load_npy(directory, "term_offsets.npy"),
        bm25=bm25,
        embeddings=embeddings,
        model=dict(manifest.get("model", {})),
    )
