"""What the index keeps of one file, computed where the file is read (a worker process).

One read and one parse give everything: chunks and definitions (as for an in-memory
search), the raw imports, the file's trigram filter for ``exists``, each chunk's BM25 term
counts and, on request, the chunks' embeddings. Results travel back in compact form: term
ids into a vocabulary per batch (not tuples of strings), counts and lengths as arrays.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from prx.core.hashing import content_hash
from prx.engine.corpus.corpus import ChunkRecord, Definition, FileRecord, enrich, parse_units
from prx.engine.files.text import BINARY_PROBE, decode, read_regular
from prx.engine.graph.resolve import Imports
from prx.engine.index.bloom import file_filter
from prx.engine.lang.shebang import builtin_by_shebang

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from prx.plugin.interfaces import LanguageSpec

__all__ = ["Batch", "FileUnit", "process", "process_parallel"]

#: Below this many bytes of changed files, work stays in-process (workers cost more).
PARALLEL_BYTES = 600_000
#: Files per batch sent to a worker: small enough to stream and balance, large enough
#: that a batch's vocabulary is worth sending.
BATCH_FILES = 96


class FileUnit(NamedTuple):
    """One processed file (``record`` None when it was skipped, ``note`` saying why)."""

    rel: str
    record: FileRecord | None
    note: str | None
    chunks: list[ChunkRecord]
    definitions: list[Definition]
    imports: Imports
    bloom: bytes
    #: Each chunk's distinct terms (ids into the batch vocabulary), chunk after chunk.
    terms: NDArray[np.int64]
    tfs: NDArray[np.uint32]
    #: Distinct terms per chunk.
    spans: NDArray[np.int64]
    #: Tokens per chunk (BM25 document length).
    lengths: NDArray[np.int64]
    #: Digests of the file's chunk table rows, definitions and imports: an update whose
    #: changed files keep theirs leaves those artifacts as they were.
    digest: tuple[str, str, str] = ("", "", "")


def digests(
    chunks: Sequence[ChunkRecord], definitions: Sequence[Definition], imports: Imports
) -> tuple[str, str, str]:
    """xxh3-64 of a file's chunk rows (without texts), definitions and imports."""
    import xxhash

    rows = repr([c[1:4] + c[5:7] for c in chunks])
    return (
        xxhash.xxh3_64_hexdigest(rows.encode()),
        # Plain tuples: their repr runs in C (a NamedTuple's runs Python code).
        xxhash.xxh3_64_hexdigest(repr([tuple(d) for d in definitions]).encode()),
        xxhash.xxh3_64_hexdigest(repr(imports).encode()),
    )


class Batch(NamedTuple):
    """Processed files, the vocabulary their term ids refer to, and their chunks'
    embeddings (rows in unit and chunk order; None without embedding)."""

    vocabulary: list[str]
    units: list[FileUnit]
    embeddings: NDArray[np.float32] | None


_EMPTY = np.zeros(0, np.int64)


def _skipped(rel: str, note: str) -> FileUnit:
    return FileUnit(
        rel, None, note, [], [], (), b"", _EMPTY, np.zeros(0, np.uint32), _EMPTY, _EMPTY
    )


_COMBINED: dict[str, tuple[Any, int] | None] = {}


def _combined(spec: LanguageSpec) -> tuple[Any, int] | None:
    """The outline and imports queries as one (outline patterns first), and how many
    outline patterns there are: one pass over the tree instead of two."""
    if spec.name not in _COMBINED:
        from prx.engine.lang.grammar import compiled_query, language_object

        outline = compiled_query(spec, "outline")
        combined = None
        if outline is not None and compiled_query(spec, "imports") is not None:
            from tree_sitter import Query

            text = spec.queries["outline"] + "\n" + spec.queries["imports"]
            try:
                combined = (Query(language_object(spec), text), outline.pattern_count)
            except Exception:  # keep the separate passes
                combined = None
        _COMBINED[spec.name] = combined
    return _COMBINED[spec.name]


def _query(spec: LanguageSpec | None, data: bytes) -> tuple[Any | None, Any, Any]:
    """Parse ``data``; with a combined query, its outline and imports matches too (None
    where the caller runs its own query)."""
    if spec is None or spec.grammar is None:
        return None, None, None
    from prx.engine.lang.grammar import parse

    tree = parse(spec, data)
    combined = _combined(spec)
    if combined is None:
        return tree, None, None
    from tree_sitter import QueryCursor

    query, split = combined
    outline: list[Any] = []
    imports: list[Any] = []
    for match in QueryCursor(query).matches(tree.root_node):
        if match[0] < split:
            outline.append(match)
        else:  # numbered as the imports query alone numbers its patterns
            imports.append((match[0] - split, match[1]))
    return tree, outline, imports


def _one(path: str, rel: str, spec: LanguageSpec | None, texts: list[str]) -> FileUnit:
    """Process one file (term counts come later, for the whole batch at once); its
    chunks' enriched texts are appended to ``texts``."""
    try:
        raw = read_regular(path)
    except OSError:
        return _skipped(rel, "unreadable")
    if b"\0" in raw[:BINARY_PROBE]:
        return _skipped(rel, "binary")
    bloom = file_filter(raw)  # of the bytes on disk: `exists` compares those
    text, bad = decode(raw)
    data = text.encode("utf-8") if bad else raw
    note = "non_utf8_replaced" if bad else None
    if spec is None:
        spec = builtin_by_shebang(rel, data)  # a script without an extension
    imports: Imports = ()
    try:
        tree, outline, import_matches = _query(spec, data)
        chunks, definitions, tree = parse_units(spec, rel, data, tree, outline)
        if tree is not None and spec is not None and "imports" in spec.queries:
            from prx.engine.lang.imports import import_statements

            imports = import_statements(spec, data, tree, import_matches)
    except Exception:
        # A tree too deep to walk, or a language's rules failing on this file: the
        # file is chunked as lines, and the rest of the project indexed.
        note = "parse_error"
        chunks, definitions, _ = parse_units(None, rel, data)
    texts.extend(enrich(chunk) for chunk in chunks)
    record = FileRecord(rel, spec.name if spec else None, content_hash(data), len(data))
    none = np.zeros(0, np.uint32)
    return FileUnit(
        rel,
        record,
        note,
        chunks,
        definitions,
        imports,
        bloom,
        _EMPTY,
        none,
        _EMPTY,
        _EMPTY,
        digests(chunks, definitions, imports),
    )


def process(
    items: Sequence[tuple[str, str, LanguageSpec | None]],
    embed: bool,
    tick: Callable[[int], None] | None = None,
) -> Batch:
    """Process files (absolute path, relative path, language) in this process; ``tick``
    is told how many are done after each (never in a worker: the caller's progress
    callback lives in the parent)."""
    from prx.engine.index.terms import count_terms

    texts: list[str] = []
    units = []
    for path, rel, spec in items:
        units.append(_one(path, rel, spec, texts))
        if tick is not None:
            tick(len(units))
    counts = count_terms(texts)
    chunk_ends = np.cumsum([len(unit.chunks) for unit in units])
    term_ends = np.cumsum(counts.spans)
    out = []
    first_chunk = first_term = 0
    for unit, chunk_end in zip(units, chunk_ends.tolist(), strict=True):
        term_end = int(term_ends[chunk_end - 1]) if chunk_end else 0
        if chunk_end > first_chunk:
            unit = unit._replace(
                terms=counts.ids[first_term:term_end],
                tfs=counts.tfs[first_term:term_end],
                spans=counts.spans[first_chunk:chunk_end],
                lengths=counts.lengths[first_chunk:chunk_end],
            )
        out.append(unit)
        first_chunk, first_term = chunk_end, term_end
    vectors = None
    if embed and texts:
        from prx.engine.corpus.embed import default_embedder

        vectors = default_embedder().encode(texts)
    return Batch(counts.vocabulary, out, vectors)


def _remote(items: list[tuple[str, str, str | None]], embed: bool) -> Batch:
    """A worker's entry point: built-in languages travel by name."""
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

    specs = {spec.name: spec for spec in BUILTIN_LANGUAGES}
    return process([(path, rel, specs[name] if name else None) for path, rel, name in items], embed)


def process_parallel(
    items: list[tuple[str, str, str | None]],
    embed: bool,
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Batch]:
    """Process built-in-language files on ``workers`` processes; batches are yielded as
    they complete, in submission order, so the caller can fold them in as they come."""
    from prx.core.pool import process_pool

    # Big files first would balance better, but walk order keeps neighbours (and their
    # shared vocabulary) in one batch; batches are small enough to balance anyway.
    batches = [items[i : i + BATCH_FILES] for i in range(0, len(items), BATCH_FILES)]
    with process_pool(workers) as pool:
        done = 0
        for batch in pool.map(_remote, batches, [embed] * len(batches)):
            done += len(batch.units)
            if progress is not None:
                progress(done)
            yield batch


def worker_count() -> int:
    """One worker per core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def warm_up(embed: bool) -> Any:
    """Load what workers share before they fork (the embedding model), once."""
    if not embed:
        return None
    from prx.engine.corpus.embed import default_embedder

    return default_embedder()
