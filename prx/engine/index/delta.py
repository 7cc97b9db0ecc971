"""Incremental updates written as a delta: the changed files beside the unchanged tables.

Rewriting an index's tables after one edit copies every chunk, posting and vector (about
100 MB for django). An update instead publishes a new index directory whose big tables are
hard links to the previous ones, with a new ``files.tab`` (stamps) and ``delta.tab``: the
files changed since those tables were written, whole (records, chunks and texts, BM25 term
counts, definitions, vectors, trigram filters), and the files of the tables they replace or
that are gone (``dropped``). A reader overlays the delta exactly as it overlays files changed
since the last update (:mod:`prx.engine.retrieval.indexed`): the answers are a rebuilt index's.
When the delta grows past :func:`delta_limit` files, the next ``prx index`` rewrites
every table (and the delta is gone).

:func:`read_files` is how both read a file now: as the index processes it.
"""

from __future__ import annotations

import os
from array import array
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.files.text import read_regular
from prx.engine.lang.shebang import builtin_by_shebang
from prx.plugin.corpus import ChunkRecord, Definition, FileRecord

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from prx.engine.graph.resolve import Imports
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.tables import TableWriter
    from prx.plugin.protocols import SourceContext

__all__ = [
    "Delta",
    "DeltaView",
    "ReadFile",
    "delta_limit",
    "read_delta",
    "read_files",
    "vector_rows",
    "write_delta",
]


class ReadFile(NamedTuple):
    """A file read now: its record (None when it is not indexable, ``note`` saying why),
    chunks, definitions, each chunk's BM25 term counts and length, and (when asked for)
    its imports, trigram filter and chunk vectors (rows)."""

    rel: str
    record: FileRecord | None
    note: str | None
    chunks: list[ChunkRecord]
    definitions: list[Definition]
    terms: list[Counter[str]]
    lengths: list[int]
    imports: Imports = ()
    bloom: bytes = b""
    vectors: Any = None
    #: xxh3-64 digests (hex) of its chunk rows, definitions and imports (see units.digests).
    digest: tuple[str, str, str] = ("", "", "")


class Delta(NamedTuple):
    """A delta read back: the files of the tables it drops, and the files it holds (walk
    order)."""

    dropped: frozenset[str]
    files: dict[str, ReadFile]


def delta_limit(base_files: int) -> int:
    """How many files a delta may hold before an update rewrites the tables instead."""
    return max(64, base_files // 20)


def read_files(
    ws: SourceContext, root: str, paths: Iterable[str], *, whole: bool = False
) -> list[ReadFile]:
    """Read, parse and count ``paths`` (relative) as the index does (the same reading,
    decoding, chunking and term counts; see prx.engine.index.units). A file gone meanwhile is left
    out; one too large is answered with note ``too_large``. ``whole``: also its imports,
    trigram filter and chunk vectors, for a delta."""
    from prx.core.hashing import content_hash
    from prx.engine.corpus.corpus import enrich, parse_units
    from prx.engine.corpus.tokenize import tokenize
    from prx.engine.files.text import BINARY_PROBE, decode

    out: list[ReadFile] = []
    for rel in paths:
        path = os.path.join(root, rel)
        try:
            info = os.stat(path, follow_symlinks=False)
            if info.st_size > ws.config.max_file_size:
                out.append(ReadFile(rel, None, "too_large", [], [], [], []))
                continue
            raw = read_regular(path)
        except FileNotFoundError:
            continue
        except OSError:
            out.append(ReadFile(rel, None, "unreadable", [], [], [], []))
            continue
        if b"\0" in raw[:BINARY_PROBE]:
            out.append(ReadFile(rel, None, "binary", [], [], [], []))
            continue
        text, bad = decode(raw)
        data = text.encode("utf-8") if bad else raw
        note = "non_utf8_replaced" if bad else None
        # A script without an extension: its #! line (built-in languages, as the build).
        spec = ws.language_for(rel) or builtin_by_shebang(rel, data)
        imports: Imports = ()
        try:
            chunks, definitions, tree = parse_units(spec, rel, data)
            if whole and tree is not None and spec is not None and "imports" in spec.queries:
                from prx.engine.lang.imports import import_statements

                imports = import_statements(spec, data, tree)
        except Exception:
            # A tree too deep to walk, or a language's rules failing on this file: the
            # file is chunked as lines, and the rest of the project indexed.
            note = "parse_error"
            chunks, definitions, _ = parse_units(None, rel, data)
        terms = [Counter(tokenize(enrich(chunk))) for chunk in chunks]
        lengths = [sum(counts.values()) for counts in terms]
        record = FileRecord(rel, spec.name if spec else None, content_hash(data), len(data))
        bloom = b""
        digest = ("", "", "")
        if whole:
            from prx.engine.index.bloom import file_filter
            from prx.engine.index.units import digests

            bloom = file_filter(raw)  # of the bytes on disk: `exists` compares those
            digest = digests(chunks, definitions, imports)
        out.append(
            ReadFile(
                rel, record, note, chunks, definitions, terms, lengths, imports, bloom, None, digest
            )
        )
    if whole:
        out = _embedded(out)
    return out


def _embedded(files: list[ReadFile]) -> list[ReadFile]:
    """The files with their chunks' vectors (one batch for all)."""
    from prx.engine.corpus.corpus import enrich
    from prx.engine.corpus.query_embed import query_embedder

    texts = [enrich(chunk) for f in files for chunk in f.chunks]
    if not texts:
        return files
    rows = query_embedder().encode(texts)
    out = []
    at = 0
    for f in files:
        count = len(f.chunks)
        out.append(f._replace(vectors=rows[at : at + count]) if f.record is not None else f)
        at += count
    return out


def write_delta(
    writer: TableWriter, files: Sequence[ReadFile], dropped: Iterable[str], dim: int
) -> None:
    """Fill ``writer`` (``delta.tab``) with ``files`` (indexable ones, walk order) and the
    dropped paths."""
    import numpy as np

    from prx.engine.index.reader import walk_key

    files = sorted((f for f in files if f.record is not None), key=lambda f: walk_key(f.rel))
    chunks = [c for f in files for c in f.chunks]
    definitions = [d for f in files for d in f.definitions]
    pools: dict[str, dict[str, int]] = {}

    def pooled(name: str, value: str | None) -> int:
        if value is None:
            return -1
        pool = pools.setdefault(name, {})
        return pool.setdefault(value, len(pool))

    starts = {"chunk": [0], "def": [0], "bloom": [0]}
    for f in files:
        starts["chunk"].append(starts["chunk"][-1] + len(f.chunks))
        starts["def"].append(starts["def"][-1] + len(f.definitions))
        starts["bloom"].append(starts["bloom"][-1] + len(f.bloom))
    writer.add_strings("path", [f.rel for f in files])
    writer.add_strings("dropped", sorted(set(dropped), key=walk_key))
    assert all(f.record is not None for f in files)
    writer.add("language", "h", array("h", [pooled("languages", f.record.language) for f in files]))  # type: ignore[union-attr]
    writer.add("hash", "B", b"".join(bytes.fromhex(f.record.hash) for f in files))  # type: ignore[union-attr]
    writer.add("size", "q", array("q", [f.record.size for f in files]))  # type: ignore[union-attr]
    digests = array("Q", [int(part, 16) if part else 0 for f in files for part in f.digest])
    writer.add("digest", "Q", digests)
    for name in ("chunk", "def", "bloom"):
        writer.add(f"{name}_start", "q", array("q", starts[name]))
    writer.add("c.language", "h", array("h", [pooled("languages", c.language) for c in chunks]))
    writer.add("c.start", "i", array("i", [c.start_line for c in chunks]))
    writer.add("c.end", "i", array("i", [c.end_line for c in chunks]))
    writer.add("c.symbol", "i", array("i", [pooled("symbols", c.symbol) for c in chunks]))
    writer.add("c.kind", "h", array("h", [pooled("kinds", c.symbol_kind) for c in chunks]))
    encoded = [c.text.encode("utf-8") for c in chunks]
    bounds = array("q", [0])
    for item in encoded:
        bounds.append(bounds[-1] + len(item))
    writer.add("text.blob", "B", b"".join(encoded))
    writer.add("text.offsets", "q", bounds)
    term_start, term_ids, term_tfs = array("q", [0]), array("i"), array("I")
    for f in files:
        for counts in f.terms:
            for term, tf in counts.items():
                term_ids.append(pooled("terms", term))
                term_tfs.append(tf)
            term_start.append(len(term_ids))
    writer.add("t.start", "q", term_start)
    writer.add("t.term", "i", term_ids)
    writer.add("t.tf", "I", term_tfs)
    writer.add("c.length", "q", array("q", [n for f in files for n in f.lengths]))
    writer.add("d.name", "i", array("i", [pooled("names", d.name) for d in definitions]))
    writer.add("d.kind", "h", array("h", [pooled("kinds", d.kind) for d in definitions]))
    writer.add("d.start", "i", array("i", [d.start_line for d in definitions]))
    writer.add("d.end", "i", array("i", [d.end_line for d in definitions]))
    writer.add("d.signature", "i", array("i", [pooled("names", d.signature) for d in definitions]))
    vectors = [vector_rows(f.vectors) for f in files if f.chunks]
    matrix = (
        np.concatenate(vectors).astype(np.float32) if vectors else np.zeros((0, dim), np.float32)
    )
    writer.add("vectors", "f", np.ascontiguousarray(matrix.T).reshape(-1))
    writer.add("bloom.bits", "B", b"".join(f.bloom for f in files))
    for name in ("languages", "symbols", "kinds", "terms", "names"):
        writer.add_strings(f"pool.{name}", list(pools.get(name, {})))
    writer.meta = {"dim": dim, "chunks": len(chunks)}


def read_delta(reader: IndexReader) -> Delta | None:
    """The delta of ``reader``'s index, decoded (None when it has none)."""
    if not reader.has("delta.tab"):
        return None
    table = reader.table("delta.tab")
    pools = {
        name: table.strings(f"pool.{name}").all()
        for name in ("languages", "symbols", "kinds", "terms", "names")
    }

    def pick(pool: str, index: int) -> str | None:
        return None if index < 0 else pools[pool][index]

    def ints(name: str) -> list[int]:
        return table.column(name).list()

    from prx.engine.index.reader import check_paths

    paths = table.strings("path").all()
    check_paths(paths, table.where)
    languages, sizes = ints("language"), ints("size")
    digest_rows = ints("digest")
    hashes = table.column("hash").bytes(0, 16 * len(paths))
    chunk_start, def_start = ints("chunk_start"), ints("def_start")
    bloom_start = ints("bloom_start")
    c_language, c_start, c_end = ints("c.language"), ints("c.start"), ints("c.end")
    c_symbol, c_kind, c_length = ints("c.symbol"), ints("c.kind"), ints("c.length")
    text_offsets = ints("text.offsets")
    texts = table.column("text.blob").bytes(0, text_offsets[-1] if text_offsets else 0)
    t_start, t_term, t_tf = ints("t.start"), ints("t.term"), ints("t.tf")
    d_name, d_kind, d_start, d_end = ints("d.name"), ints("d.kind"), ints("d.start"), ints("d.end")
    d_signature = ints("d.signature")
    bits = table.column("bloom.bits").bytes(0, bloom_start[-1] if bloom_start else 0)
    dim, count = int(table.meta.get("dim", 0)), int(table.meta.get("chunks", 0))
    matrix = table.column("vectors")
    files: dict[str, ReadFile] = {}
    for i, rel in enumerate(paths):
        record = FileRecord(
            rel, pick("languages", languages[i]), hashes[16 * i : 16 * i + 16].hex(), sizes[i]
        )
        chunks, terms = [], []
        for c in range(chunk_start[i], chunk_start[i + 1]):
            text = texts[text_offsets[c] : text_offsets[c + 1]].decode("utf-8")
            chunks.append(
                ChunkRecord(
                    rel,
                    pick("languages", c_language[c]),
                    c_start[c],
                    c_end[c],
                    text,
                    pick("symbols", c_symbol[c]),
                    pick("kinds", c_kind[c]),
                )
            )
            terms.append(
                Counter(
                    {pools["terms"][t_term[t]]: t_tf[t] for t in range(t_start[c], t_start[c + 1])}
                )
            )
        definitions = [
            Definition(
                pools["names"][d_name[d]],
                pools["kinds"][d_kind[d]],
                rel,
                d_start[d],
                d_end[d],
                pools["names"][d_signature[d]],
            )
            for d in range(def_start[i], def_start[i + 1])
        ]
        first, last = chunk_start[i], chunk_start[i + 1]
        files[rel] = ReadFile(
            rel,
            record,
            None,
            chunks,
            definitions,
            terms,
            c_length[first:last],
            (),
            bits[bloom_start[i] : bloom_start[i + 1]],
            _Rows(matrix, dim, count, first, last),
            _hex(digest_rows[3 * i : 3 * i + 3]),
        )
    return Delta(frozenset(table.strings("dropped").all()), files)


def _hex(parts: list[int]) -> tuple[str, str, str]:
    a, b, c = (f"{p:016x}" if p else "" for p in parts)
    return a, b, c


def vector_rows(vectors: Any) -> Any:
    """A file's chunk vectors as a matrix: read from a delta's table if not yet read."""
    return vectors.rows() if isinstance(vectors, _Rows) else vectors


class _Rows:
    """A delta file's vectors, read from the table (numpy) when first needed."""

    __slots__ = ("count", "dim", "first", "last", "matrix")

    def __init__(self, matrix: Any, dim: int, count: int, first: int, last: int) -> None:
        self.matrix, self.dim, self.count, self.first, self.last = matrix, dim, count, first, last

    def __len__(self) -> int:
        return self.last - self.first

    def rows(self) -> Any:
        columns = self.matrix.numpy().reshape(self.dim, self.count)
        return columns[:, self.first : self.last].T


class DeltaView:
    """The parts of a delta that readers of the file list, the trigram filters and the
    definitions need, without decoding its chunks."""

    __slots__ = ("dropped", "paths", "table")

    def __init__(self, reader: IndexReader) -> None:
        self.table = reader.table("delta.tab") if reader.has("delta.tab") else None
        self.paths: list[str] = self.table.strings("path").all() if self.table else []
        self.dropped: frozenset[str] = (
            frozenset(self.table.strings("dropped").all()) if self.table else frozenset()
        )
        if self.table is not None:
            from prx.engine.index.reader import check_paths

            check_paths(self.paths, self.table.where)

    def indexed_now(self, base: list[str]) -> list[str]:
        """The files the index holds: the base's, minus the dropped, plus the delta's."""
        from prx.engine.index.reader import walk_key

        if self.table is None:
            return base
        kept = [rel for rel in base if rel not in self.dropped]
        return sorted([*kept, *self.paths], key=walk_key)

    def counts(self, reader: IndexReader) -> tuple[int, int]:
        """How many files and chunks the index holds with this delta folded in (the tables'
        own counts leave out the files it adds and count those it replaces or drops)."""
        files = reader.files
        base = files.indexed_paths
        if self.table is None:
            return len(base), len(reader.chunks)
        starts = files.chunk_starts()
        replaced = self.dropped | set(self.paths)
        chunks = len(reader.chunks)
        for position, rel in enumerate(base):
            if rel in replaced:
                chunks -= starts[position + 1] - starts[position]
        chunks += int(self.table.meta.get("chunks", 0))
        return len(self.indexed_now(base)), chunks

    def files_defining(self, name: str) -> set[str]:
        """Delta files defining ``name`` exactly (or, when none, in another case)."""
        if self.table is None:
            return set()
        names = self.table.strings("pool.names").all()
        rows = self.table.column("d.name").list()
        starts = self.table.column("def_start").list()
        owner = []
        for i in range(len(self.paths)):
            owner.extend([self.paths[i]] * (starts[i + 1] - starts[i]))
        exact = {owner[r] for r, n in enumerate(rows) if names[n] == name}
        if exact:
            return exact
        lowered = name.lower()
        return {owner[r] for r, n in enumerate(rows) if names[n].lower() == lowered}
