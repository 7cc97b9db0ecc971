"""The search corpus of a directory: its files, their chunks and their definitions.

Every file is read once and parsed once; the same tree gives the chunks and the outline.
Files that cannot be parsed are chunked as plain text and counted in ``skipped``.
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from prx.core.hashing import content_hash
from prx.core.progress import check_cancelled, report
from prx.core.record import field, record
from prx.engine.files.text import BINARY_PROBE, decode, read_regular
from prx.plugin.corpus import ChunkRecord, Definition, FileRecord

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prx.core.results.read import Symbol
    from prx.engine.corpus.bm25 import BM25Index
    from prx.engine.files.walk import WalkedFile, WalkResult
    from prx.plugin.corpus import CorpusView
    from prx.plugin.interfaces import LanguageSpec
    from prx.plugin.protocols import LanguageLookup, SourceContext

__all__ = [
    "ChunkRecord",
    "Corpus",
    "Definition",
    "FileRecord",
    "as_corpus",
    "build_corpus",
    "enrich",
]

T = TypeVar("T")

#: A file's imports as written (``prx.engine.graph.resolve.Imports``: module, line, statement,
#: names), spelled out so that this module does not import the parser.
Imports = tuple[tuple[str, int, str, tuple[str, ...]], ...]


@record(frozen=False, eq=False)
class Corpus:
    """Chunks, files and definitions below one root."""

    root: str
    chunks: list[ChunkRecord] = field(default_factory=list)
    files: dict[str, FileRecord] = field(default_factory=dict)
    definitions: list[Definition] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    _by_file: dict[str, list[Definition]] | None = None
    _imports: dict[int, bool] = field(default_factory=dict)
    _memo: dict[tuple[str, str], Any] = field(default_factory=dict)
    #: Each file's imports as written (files without imports left out), when built here.
    imports: dict[str, Imports] = field(default_factory=dict)
    #: Structures already built (by an index): ``bm25`` (BM25Index), ``embeddings`` (rows),
    #: ``importer_counts`` (a callable: how many files import each file, from the index).
    prebuilt: dict[str, Any] = field(default_factory=dict)
    #: How the corpus was obtained: ``built``, ``index`` or ``index+N`` (N files re-read).
    origin: str = "built"

    def memo(self, kind: str, key: str, compute: Callable[[str], T]) -> T:
        """``compute(key)``, cached per corpus (for facts that depend only on a path)."""
        slot = (kind, key)
        if slot not in self._memo:
            self._memo[slot] = compute(key)
        return self._memo[slot]  # type: ignore[no-any-return]

    def chunks_of(self, file: str) -> range:
        """The indices of ``file``'s chunks (a file's chunks are contiguous)."""
        ranged = getattr(self.chunks, "file_range", None)
        if ranged is not None:  # an index's chunks know their files' ranges
            return ranged(file)  # type: ignore[no-any-return]
        ranges: dict[str, range] = self._memo.get(("file-ranges", ""))  # type: ignore[assignment]
        if ranges is None:
            found: dict[str, list[int]] = {}
            for index, chunk in enumerate(self.chunks):
                span = found.setdefault(chunk.file, [index, index])
                span[1] = index
            ranges = {name: range(a, b + 1) for name, (a, b) in found.items()}
            self._memo[("file-ranges", "")] = ranges
        return ranges.get(file, range(0))

    def chunk_at(self, file: str, line: int) -> int:
        """The index of the chunk of ``file`` that holds ``line``, or -1."""
        for index in self.chunks_of(file):
            start, end = self.chunk_lines(index)
            if start <= line <= end:
                return index
        return -1

    def chunk_definitions(self, chunk: int) -> list[Definition]:
        """The definitions that start inside chunk ``chunk`` (found for all the chunks of
        its file at once, the first time one of them is asked about)."""
        known: dict[int, list[Definition]] = self._memo.setdefault(("chunk-defs", ""), {})
        found = known.get(chunk)
        if found is None and hasattr(self.definitions, "starting_in"):
            found = known[chunk] = self._chunk_definitions_read(chunk)
        if found is None:
            file = self.chunks[chunk].file
            span = self.chunks_of(file)  # a file's chunks are contiguous and in line order
            first, last = (span.start, span.stop - 1) if chunk in span else (chunk, chunk)
            lines = [self.chunk_lines(i) for i in range(first, last + 1)]
            starts = [start for start, _ in lines]
            if starts != sorted(starts):
                first = last = chunk
                lines = [self.chunk_lines(chunk)]
                starts = [lines[0][0]]
            each: dict[int, list[Definition]] = {i: [] for i in range(first, last + 1)}
            for definition in self.definitions_in(file):
                offset = bisect_right(starts, definition.start_line) - 1
                if offset >= 0 and definition.start_line <= lines[offset][1]:
                    each[first + offset].append(definition)
            known.update(each)
            found = known[chunk]
        return found

    def _chunk_definitions_read(self, chunk: int) -> list[Definition]:
        """:meth:`chunk_definitions` from an index, which decodes only the definitions of
        that chunk: those starting from its first line up to its last, and before the
        next chunk of the file starts (when the file's chunks start in line order, as
        the in-memory assignment requires; else all of its lines)."""
        file = self.chunks[chunk].file
        low, high = self.chunk_lines(chunk)
        span = self.chunks_of(file)
        in_order = chunk in span and self.memo("chunks-in-order", file, self._chunks_in_order)
        if in_order and chunk + 1 < span.stop:
            high = min(high, self.chunk_lines(chunk + 1)[0] - 1)
        starting_in = self.definitions.starting_in  # type: ignore[attr-defined]
        return starting_in(file, low, high)  # type: ignore[no-any-return]

    def _chunks_in_order(self, file: str) -> bool:
        starts = [self.chunk_lines(i)[0] for i in self.chunks_of(file)]
        return starts == sorted(starts)

    def chunk_lines(self, chunk: int) -> tuple[int, int]:
        """The first and last line of chunk ``chunk`` (an index's chunks answer without
        reading the chunk's text)."""
        lines = getattr(self.chunks, "lines", None)
        if lines is not None:
            return lines(chunk)  # type: ignore[no-any-return]
        record = self.chunks[chunk]
        return record.start_line, record.end_line

    def mostly_imports(self, chunk: int) -> bool:
        """Whether chunk ``chunk`` is mostly import lines (computed once per chunk)."""
        known = self._imports.get(chunk)
        if known is None:
            from prx.engine.corpus.importlines import mostly_imports

            known = self._imports[chunk] = mostly_imports(self.chunks[chunk].text)
        return known

    def definitions_in(self, file: str) -> list[Definition]:
        """The definitions of one file (indexed on first use)."""
        in_file = getattr(self.definitions, "in_file", None)
        if in_file is not None:  # an index's definitions are stored by file
            if self._by_file is None:
                self._by_file = {}
            found = self._by_file.get(file)
            if found is None:
                found = self._by_file[file] = in_file(file)
            return found
        if self._by_file is None:
            index: dict[str, list[Definition]] = {}
            for definition in self.definitions:
                index.setdefault(definition.file, []).append(definition)
            self._by_file = index
        return self._by_file.get(file, [])


def as_corpus(view: CorpusView) -> Corpus:
    """The :class:`Corpus` behind a component's read-only view (built-ins use its caches)."""
    if not isinstance(view, Corpus):
        raise TypeError(f"expected a prx corpus, got {type(view).__name__}")
    return view


def enrich(chunk: ChunkRecord) -> str:
    """The text BM25 indexes for a chunk: the path's words, what kind of source an
    unparsed file is (``grammar`` for ``parser.y``) and the symbol's name first, so
    ``auth`` finds ``auth/login.py`` even when the chunk never says "auth"."""
    from prx.engine.corpus.tokenize import split_identifier
    from prx.engine.lang.catalog import source_kind

    stem, _ = os.path.splitext(os.path.basename(chunk.file))
    directories = chunk.file.split("/")[:-1][-3:]
    parts = [" ".join(split_identifier(p)) for p in (*directories, stem) if p]
    header = " ".join(parts)
    kind = source_kind(chunk.file)
    if kind:
        header += " " + kind
    if chunk.symbol:
        header += " " + " ".join(split_identifier(chunk.symbol))
    return f"{header}\n{chunk.text}"


def _file_units(
    spec: LanguageSpec | None, rel: str, data: bytes, texts: list[str]
) -> tuple[list[ChunkRecord], list[Definition], Imports]:
    """Chunks, definitions and imports (from the same parse); each chunk's enriched text
    (what BM25 counts and the model embeds) is appended to ``texts``, so it is made only
    once."""
    chunks, definitions, tree = parse_units(spec, rel, data)
    texts.extend(enrich(c) for c in chunks)
    imports: Imports = ()
    if spec is not None and tree is not None and "imports" in spec.queries:
        from prx.engine.lang.imports import import_statements

        try:
            imports = import_statements(spec, data, tree)
        except Exception:  # imports only rank: a file whose imports fail has none
            imports = ()
    return chunks, definitions, imports


def parse_units(
    spec: LanguageSpec | None,
    rel: str,
    data: bytes,
    tree: Any | None = None,
    outline_matches: list[tuple[int, dict[str, Any]]] | None = None,
) -> tuple[list[ChunkRecord], list[Definition], Any]:
    """Chunks (without terms) and definitions of one file, parsed once; the tree too (None
    without a grammar), for callers that extract more from it (the index: imports). The
    index passes its own ``tree`` and outline query matches."""
    from prx.engine.lang.chunk import chunk_source
    from prx.engine.lang.outline import definitions as find_definitions
    from prx.engine.lang.outline import flatten, symbols_of

    language = spec.name if spec else None
    found: list[Symbol] | None = None
    definitions: list[Definition] = []
    if spec is None or spec.grammar is None:
        tree = None
    else:
        from prx.engine.lang.grammar import parse

        if tree is None:
            tree = parse(spec, data)
        if "outline" in spec.queries:
            found = flatten(symbols_of(find_definitions(spec, data, tree, outline_matches), data))
            for symbol in found:
                definitions.append(
                    Definition(
                        symbol.name,
                        symbol.kind,
                        rel,
                        symbol.lines.start,
                        symbol.lines.end,
                        symbol.signature,
                    )
                )
    chunks = [
        ChunkRecord(rel, language, c.start_line, c.end_line, c.text, c.symbol, c.symbol_kind)
        for c in chunk_source(spec, data, tree=tree, symbols=found)
    ]
    return chunks, definitions, tree


#: Below this many bytes a corpus is built in-process: starting workers would cost more.
PARALLEL_BYTES = 600_000


#: What :func:`_process` answers for one file (the last item: its imports).
_Done = tuple[str, FileRecord | None, list[ChunkRecord], list[Definition], str | None, Imports]


def _process(path: str, rel: str, spec: LanguageSpec | None, texts: list[str]) -> _Done:
    """Read and split one file: its record, chunks, definitions, a skip reason (or None)
    and its imports. ``texts``: see :func:`_file_units`."""
    try:
        data = read_regular(path)
    except OSError:
        return rel, None, [], [], "unreadable", ()
    if b"\0" in data[:BINARY_PROBE]:
        return rel, None, [], [], "binary", ()
    text, bad = decode(data)
    note = None
    if bad:
        data = text.encode("utf-8")
        note = "non_utf8_replaced"
    if spec is None:
        from prx.engine.lang.shebang import builtin_by_shebang

        spec = builtin_by_shebang(rel, data)  # a script without an extension
    try:
        chunks, definitions, imports = _file_units(spec, rel, data, texts)
    except Exception:
        # A tree too deep to walk, or a language's rules failing on this file: the
        # file is chunked as lines, and the rest of the project indexed.
        note = "parse_error"
        chunks, definitions, imports = _file_units(None, rel, data, texts)
    record = FileRecord(rel, spec.name if spec else None, content_hash(data), len(data))
    return rel, record, chunks, definitions, note, imports


class BatchTerms(NamedTuple):
    """The BM25 terms of a batch's chunks, compactly: ``ids`` holds every token's term (an
    index into ``vocabulary``), chunk after chunk, ``lengths`` each chunk's token count."""

    vocabulary: list[str]
    ids: array[int]
    lengths: list[int]


def batch_terms(texts: Sequence[str]) -> BatchTerms:
    """Tokenise texts (see :func:`prx.engine.corpus.tokenize.tokenize`) into :class:`BatchTerms`:
    a few thousand distinct strings and an integer array travel back from a worker instead
    of every token as a string, and the parent maps each distinct term once."""
    from prx.engine.corpus.tokenize import tokenize

    vocabulary: defaultdict[str, int] = defaultdict()
    vocabulary.default_factory = vocabulary.__len__  # a new term takes the next id
    term_id = vocabulary.__getitem__
    ids = array("q")
    lengths = []
    for text in texts:
        terms = tokenize(text)
        ids.extend(map(term_id, terms))
        lengths.append(len(terms))
    return BatchTerms(list(vocabulary), ids, lengths)


def _process_batch(
    items: Sequence[tuple[str, str, LanguageSpec | None]],
    with_texts: bool,
    tick: Callable[[int], None] | None = None,
) -> tuple[list[_Done], list[str] | None, BatchTerms]:
    """Process files; their chunks' terms, and (with ``with_texts``) the texts to embed.
    ``tick`` is told how many files are done after each (in this process only)."""
    texts: list[str] = []
    done = []
    for path, rel, spec in items:
        done.append(_process(path, rel, spec, texts))
        if tick is not None:
            tick(len(done))
    return done, texts if with_texts else None, batch_terms(texts)


def _worker(
    batch: list[tuple[str, str, str | None]], with_texts: bool = False
) -> tuple[list[_Done], list[str] | None, BatchTerms]:
    """A worker's entry point: built-in languages travel by name."""
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

    specs = {spec.name: spec for spec in BUILTIN_LANGUAGES}
    return _process_batch(
        [(path, rel, specs[name] if name else None) for path, rel, name in batch], with_texts
    )


#: The smallest batch :func:`guided_batches` makes, in bytes (below it, a batch's
#: round trip to a worker costs more than the balance it buys).
MIN_BATCH_BYTES = 48_000


def guided_batches(items: Sequence[T], sizes: Sequence[int], workers: int) -> list[list[T]]:
    """Batches for ``workers`` processes that finish together: the largest files first,
    each batch a share of the bytes still left (``1 / (2 * workers)``), so batches shrink
    as the work runs out and the last ones are small. (Equal batches left a core idle for
    half a batch, on average, at the end.)"""
    order = sorted(range(len(items)), key=lambda i: -sizes[i])
    left = sum(sizes)
    batches: list[list[T]] = []
    current: list[T] = []
    held = 0
    target = max(left / (2 * workers), MIN_BATCH_BYTES)
    for i in order:
        current.append(items[i])
        held += sizes[i]
        if held >= target:
            batches.append(current)
            left -= held
            current, held = [], 0
            target = max(left / (2 * workers), MIN_BATCH_BYTES)
    if current:
        batches.append(current)
    return batches


def split_by_language(
    ws: LanguageLookup, files: Sequence[WalkedFile]
) -> tuple[list[tuple[str, str, LanguageSpec | None]], list[tuple[str, str, str | None]]]:
    """Files a worker process can take (built-in or no language: sent by language name) and
    files of a plugin's language, which must be processed here (a spec does not pickle)."""
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

    builtin = {id(spec) for spec in BUILTIN_LANGUAGES}
    local: list[tuple[str, str, LanguageSpec | None]] = []
    remote: list[tuple[str, str, str | None]] = []
    for found in files:
        spec = ws.language_for(found.rel)
        if spec is None or id(spec) in builtin:
            remote.append((str(found.path), found.rel, spec.name if spec else None))
        else:
            local.append((str(found.path), found.rel, spec))
    return local, remote


def build_corpus(
    ws: SourceContext,
    root: str,
    *,
    workers: int | None = None,
    only: set[str] | None = None,
    embed: bool = False,
    walked: WalkResult | None = None,
) -> Corpus:
    """Walk ``root`` and build its corpus (files over the size limit and binaries skipped).

    A corpus over :data:`PARALLEL_BYTES` is split across ``workers`` processes (default:
    one per core); parsing holds the GIL, so threads would not help. With ``only``, just
    those files (relative paths) are processed: the rest of the walk is ignored. With
    ``embed``, the chunks are embedded too (``prebuilt["embeddings"]``): by this process,
    batch by batch as the workers hand them back.
    ``walked``: the walk of ``root`` (same options) when the caller has one already.
    """
    from prx.engine.files.walk import walk
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

    corpus = Corpus(root=root)
    if walked is None:
        walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    skipped: Counter[str] = Counter(walked.skipped)
    chosen = [f for f in walked.files if only is None or f.rel in only]
    local, remote = split_by_language(ws, chosen)
    size = sum(found.size for found in chosen)
    count = workers if workers is not None else (os.cpu_count() or 1)
    gathered = _Gathered()
    finished = 0

    def tick(done: int) -> None:
        report("corpus", finished + done, len(chosen))
        check_cancelled()

    check_cancelled()
    if count > 1 and size > PARALLEL_BYTES and len(remote) > count:
        from concurrent.futures import as_completed

        from prx.core.pool import process_pool

        sizes = {found.rel: found.size for found in chosen}
        batches = guided_batches(remote, [sizes[rel] for _, rel, _ in remote], count)
        with process_pool(count) as pool:
            futures = [pool.submit(_worker, batch, embed) for batch in batches]
            # The workers parse while this process loads the model (and numpy) and then
            # embeds each batch as soon as it is done, in whatever order (loading it first
            # left a core idle; taking batches in order left finished ones waiting).
            embedder = _load_embedder() if embed else None
            for future in as_completed(futures):
                done, texts, terms = future.result()
                rows = embedder.encode(texts) if embedder is not None and texts else None
                gathered.add(done, terms, rows)
                finished += len(done)
                tick(0)
    else:
        specs = {spec.name: spec for spec in BUILTIN_LANGUAGES}
        local.extend((path, rel, specs[name] if name else None) for path, rel, name in remote)
    if local:  # plugin languages (a spec does not pickle), and small trees
        done, texts, terms = _process_batch(local, embed, tick)
        rows = _load_embedder().encode(texts) if embed and texts else None
        gathered.add(done, terms, rows)
    order = []
    for found in chosen:  # walk order, whoever did the work
        rel, record, chunks, definitions, note, imports = gathered.done[found.rel]
        if note is not None:
            skipped[note] += 1
        if record is None:
            continue
        order.append(rel)
        corpus.files[rel] = record
        if imports:
            corpus.imports[rel] = imports
        corpus.chunks.extend(chunks)
        corpus.definitions.extend(definitions)
    corpus.skipped = dict(sorted(skipped.items()))
    corpus.prebuilt["bm25"] = gathered.bm25(order)
    if embed:
        corpus.prebuilt["embeddings"] = gathered.embeddings(order, _load_embedder().dim)
    return corpus


class _Gathered:
    """Batches as they come back (in any order), put in corpus order at the end."""

    def __init__(self) -> None:
        self.done: dict[str, _Done] = {}
        self.terms: dict[str, int] = {}  # term -> corpus-wide id
        # Per file: its chunks' term ids end to end, and its embedding rows.
        self.file_terms: dict[str, Any] = {}
        self.file_rows: dict[str, Any] = {}

    def add(self, done: list[_Done], batch: BatchTerms, rows: Any | None) -> None:
        import numpy as np

        terms = self.terms
        mapping = np.fromiter(
            (terms.setdefault(term, len(terms)) for term in batch.vocabulary),
            np.int64,
            len(batch.vocabulary),
        )
        ids = mapping[np.frombuffer(batch.ids, dtype=np.int64)] if len(batch.ids) else batch.ids
        ends = np.cumsum(batch.lengths, dtype=np.int64)
        chunk = 0
        for item in done:
            rel, chunks = item[0], item[2]
            self.done[rel] = item
            first = int(ends[chunk - 1]) if chunk else 0
            last = int(ends[chunk + len(chunks) - 1]) if chunks else first
            self.file_terms[rel] = (ids[first:last], batch.lengths[chunk : chunk + len(chunks)])
            if rows is not None:
                self.file_rows[rel] = rows[chunk : chunk + len(chunks)]
            chunk += len(chunks)

    def bm25(self, order: list[str]) -> BM25Index:
        """The BM25 index of the files' chunks in ``order``."""
        import numpy as np

        from prx.engine.corpus.bm25 import BM25Index

        parts = [self.file_terms[rel] for rel in order]
        lengths = [n for _, file_lengths in parts for n in file_lengths]
        offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        ids = [file_ids for file_ids, _ in parts if len(file_ids)]
        flat = np.concatenate(ids) if ids else np.zeros(0, np.int64)
        return BM25Index.from_term_ids(list(self.terms), flat, offsets)

    def embeddings(self, order: list[str], dim: int) -> Any:
        """The chunks' vectors in ``order``, stored as columns (the dense retriever scores
        against the (dim x chunks) matrix): the (chunks x dim) transposed view."""
        import numpy as np

        parts = [self.file_rows[rel] for rel in order if rel in self.file_rows]
        if not parts:
            return np.zeros((dim, 0), np.float32).T
        columns = np.empty((dim, sum(len(part) for part in parts)), np.float32)
        at = 0
        for part in parts:
            columns[:, at : at + len(part)] = part.T
            at += len(part)
        return columns.T


def _load_embedder() -> Any:
    from prx.engine.corpus.embed import default_embedder

    return default_embedder()
