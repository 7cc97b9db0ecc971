"""Reading an index in place: what a query needs, when it needs it, nothing decoded whole.

An index directory holds these artifacts (format 7), each a table of
:mod:`prx.engine.index.tables` unless said otherwise:

``files.tab``
    every walked file the index describes, in walk order: ``path``, its ``stamp`` (size,
    mtime, ctime, inode; -1s when unstamped) and ``note`` (why it was skipped or flagged);
    per file the tables below hold, in walk order: ``ipath``, ``language``, ``hash`` (16
    bytes), ``size``, ``chunk_start`` and ``def_start`` (where its chunks and definitions
    start) and ``digest`` (of its chunk rows, definitions and imports); what the walk saw
    of each directory (``dir.path``, ``dir.mtime``, ``dir.names``: see
    :mod:`prx.engine.index.freshness`).
``delta.tab`` (after an incremental update)
    the files changed since the tables below were written, whole (:mod:`prx.engine.index.delta`),
    and the files of those tables they replace or that are gone.
``chunks.tab``
    per chunk: ``file`` (indexed position), ``language``, ``start``, ``end``, ``symbol``
    and ``kind``.
``texts.tab``
    the chunks' texts, UTF-8 end to end (``blob``), and their bounds (``offsets``).
``terms.tab``
    the BM25 vocabulary (``terms``, by term id) and the ids in term order (``order``),
    for a binary search.
``postings.tab``
    per term (``offsets``): documents (``docs``) and term frequencies (``tfs``); every
    chunk's token count (``lengths``).
``embeddings.tab``
    the chunks' vectors as the columns of a float32 (dim x chunks) matrix.
``defs.tab``
    every definition (``name``, ``kind``, ``file``, ``start``, ``end``, ``signature``) in
    file order; the distinct ``names`` and lower-cased names (``lowers``) sorted, with the
    definitions of each (``by_name``/``name_start``, ``by_lower``/``lower_start``).
``imports.json``
    each file's imports and where each resolves (a JSON blob, read whole by those that
    need the graph).
``importers.tab``
    how many files import each file (``path``, ``count``; explicit imports only), for the
    ranking's import-graph centrality, without reading ``imports.json``.
``bloom.tab``
    one trigram Bloom filter per indexed file (``bits``, ``offsets``), for ``exists``.

Nothing here imports numpy (but :meth:`Column.numpy` and :meth:`IndexReader.embedding_rows`,
used by callers that have it loaded): a symbol query reads its tables with memoryviews.
"""

from __future__ import annotations

from bisect import bisect_left

from prx.core.errors import IndexCorruptedError
from prx.engine.index.tables import NATIVE, Column, Strings, Table, read_blob
from prx.plugin.corpus import ChunkRecord, Definition, FileRecord

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from prx.engine.graph.resolve import Imports, StoredEdge
    from prx.engine.index.stamps import Stamp

__all__ = ["ARTIFACTS", "IndexReader", "check_paths", "importer_counts", "walk_key"]

#: Every artifact of an index directory (format 7).
ARTIFACTS = frozenset(
    {
        "files.tab",
        "chunks.tab",
        "texts.tab",
        "terms.tab",
        "postings.tab",
        "embeddings.tab",
        "defs.tab",
        "imports.json",
        "importers.tab",
        "bloom.tab",
        "delta.tab",
    }
)


def importer_counts(edges: Any) -> dict[str, int]:
    """File -> how many files import it, from resolved edges (explicit imports only: the
    parent packages an import runs are left out); files no one imports are absent."""
    importers: dict[str, set[str]] = {}
    for source, found in edges.items():
        for edge in found:
            if not edge[5]:  # implicit: a parent package Python runs
                importers.setdefault(edge[1], set()).add(source)
    return {target: len(sources) for target, sources in importers.items()}


def walk_key(rel: str) -> list[str]:
    """The walk's order: depth first, each directory's entries by name (a path's parts
    compared in turn)."""
    return rel.split("/")


class IndexReader:
    """One index directory, its tables opened (and checked) on first use."""

    __slots__ = ("_cache", "directory", "manifest")

    def __init__(self, directory: str, manifest: dict[str, Any]) -> None:
        if manifest.get("byteorder") != "little" or not NATIVE:
            raise IndexCorruptedError(
                f"index at {directory} cannot be read in place on this machine "
                "(its tables are little-endian)"
            )
        self.directory = directory
        self.manifest = manifest
        self._cache: dict[str, Any] = {}

    def table(self, name: str) -> Table:
        found = self._cache.get(name)
        if found is None:
            record = self.manifest.get("artifacts", {}).get(name)
            if not isinstance(record, dict):
                raise IndexCorruptedError(
                    f"index corrupted at {self.directory}: {name} is not listed"
                )
            found = self._cache[name] = Table(self.directory, name, record)
        return found

    def _blob(self, name: str, record: dict[str, Any]) -> bytes:
        """A blob artifact's bytes, verified once per reader."""
        return self._part(f"blob:{name}", lambda: read_blob(self.directory, name, record))  # type: ignore[no-any-return]

    def _part(self, key: str, make: Any) -> Any:
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = make()
        return found

    @property
    def files(self) -> FileTable:
        return self._part("files", lambda: FileTable(self.table("files.tab")))  # type: ignore[no-any-return]

    @property
    def chunks(self) -> ChunkTable:
        return self._part("chunks", lambda: ChunkTable(self.table("chunks.tab")))  # type: ignore[no-any-return]

    @property
    def texts(self) -> TextTable:
        return self._part("texts", lambda: TextTable(self.table("texts.tab")))  # type: ignore[no-any-return]

    @property
    def terms(self) -> TermTable:
        return self._part("terms", lambda: TermTable(self.table("terms.tab")))  # type: ignore[no-any-return]

    @property
    def postings(self) -> PostingTable:
        return self._part(  # type: ignore[no-any-return]
            "postings", lambda: PostingTable(self.table("postings.tab"), self.terms)
        )

    @property
    def definitions(self) -> DefTable:
        return self._part(  # type: ignore[no-any-return]
            "definitions", lambda: DefTable(self.table("defs.tab"), self.files)
        )

    @property
    def bloom_bits(self) -> Column:
        return self.table("bloom.tab").column("bits")

    @property
    def bloom_offsets(self) -> Column:
        return self.table("bloom.tab").column("offsets")

    def has(self, name: str) -> bool:
        return name in self.manifest.get("artifacts", {})

    def embedding_rows(self) -> Any:
        """The chunks' vectors as a (chunks x dim) float32 array (a transposed view of
        the mapped matrix), or None when the index has none. Imports numpy."""
        if not self.has("embeddings.tab"):
            return None
        table = self.table("embeddings.tab")
        dim, count = int(table.meta["dim"]), int(table.meta["chunks"])
        return table.column("matrix").numpy().reshape(dim, count).T

    def graph(self) -> tuple[dict[str, Imports], dict[str, list[StoredEdge]]]:
        """Raw imports per file and the resolved edges (``imports.json``, verified)."""
        import json

        from prx.engine.graph.imports import parse_stored

        record = self.manifest.get("artifacts", {}).get("imports.json")
        if not isinstance(record, dict):
            raise IndexCorruptedError(
                f"index corrupted at {self.directory}: imports.json is not listed"
            )
        data = self._blob("imports.json", record)
        try:
            return parse_stored(json.loads(data))
        except (ValueError, KeyError, TypeError):
            raise IndexCorruptedError(
                f"index corrupted at {self.directory}: imports.json is unreadable"
            ) from None

    def importer_counts(self) -> dict[str, int]:
        """How many files import each file (``importers.tab``; from the graph when the
        index has no such table)."""
        if not self.has("importers.tab"):
            return importer_counts(self.graph()[1])
        table = self.table("importers.tab")
        paths = table.strings("path").all()
        return dict(zip(paths, table.column("count").list(), strict=True))

    def verify_all(self) -> None:
        """Verify every block of every artifact (``prx index --verify``, and before an
        index is declared up to date)."""
        artifacts = self.manifest.get("artifacts")
        if not isinstance(artifacts, dict) or not artifacts:
            raise IndexCorruptedError(f"index corrupted at {self.directory}: no artifact list")
        for name, record in sorted(artifacts.items()):
            if not isinstance(record, dict):
                raise IndexCorruptedError(
                    f"index corrupted at {self.directory}: {name} has no record"
                )
            if name.endswith(".tab"):
                self.table(name).verify_all()
            else:
                self._blob(name, record)


def check_paths(paths: list[str], where: str) -> None:
    """Refuse an index that names a file outside its root (``../secret.py``, an absolute
    path): a crafted ``.prx`` shipped with a project must not make prx read elsewhere."""
    from prx.core.confined import unsafe_relative

    bad = unsafe_relative(paths)
    if bad is not None:
        raise IndexCorruptedError(
            f"index corrupted at {where}: it names {bad!r}, which is not a plain path "
            "inside its root",
            suggestion="Run {cmd:index} with {param:rebuild} to build it anew; never trust "
            "an index that came with a download.",
        )


class FileTable:
    """The walked files an index describes (path, stamp, note), and the files its tables
    hold (``indexed``: path, language, hash, size, where its chunks and definitions start,
    digests). A delta (:mod:`prx.engine.index.delta`) may replace or drop some of the latter."""

    __slots__ = ("_columns", "_languages", "_notes", "_stamps", "meta", "paths", "table")

    def __init__(self, table: Table) -> None:
        self.table = table
        #: Every described file, in walk order.
        self.paths: list[str] = table.strings("path").all()
        self.meta = table.meta
        self._stamps = table.column("stamp")
        self._notes: list[str] = list(table.meta.get("notes", []))
        self._languages: list[str] = list(table.meta.get("languages", []))
        self._columns: dict[str, Any] = {}
        if len(self._stamps) != 4 * len(self.paths):
            raise IndexCorruptedError(f"index corrupted at {table.where}: files.tab is torn")
        check_paths(self.paths, table.where)
        self._check_parents(table)

    def __len__(self) -> int:
        return len(self.paths)

    def _check_parents(self, table: Table) -> None:
        """Refuse an index whose files lie in directories its walk did not list: a walk
        never enters a link, so such a file can only be reached through one (a crafted
        ``linkdir/secret.py`` beside ``linkdir -> /elsewhere``)."""
        if "dir.path.blob" not in table.columns:
            return
        listed = set(table.strings("dir.path").all())
        check_paths([p for p in listed if p], table.where)
        needed = {path.rpartition("/")[0] for path in self.paths}
        unlisted = needed - listed
        if unlisted and listed:
            raise IndexCorruptedError(
                f"index corrupted at {table.where}: it names files in {min(unlisted)!r}, a "
                "directory its walk did not list",
                suggestion="Run {cmd:index} with {param:rebuild} to build it anew.",
            )

    def _column(self, name: str) -> Column:
        found = self._columns.get(name)
        if found is None:
            found = self._columns[name] = self.table.column(name)
        return found

    @property
    def indexed_count(self) -> int:
        return len(self._column("size"))

    @property
    def indexed_paths(self) -> list[str]:
        """The files the tables hold, in walk order (their chunks come in this order)."""
        found = self._columns.get("ipath-list")
        if found is None:
            found = self.table.strings("ipath").all()
            check_paths(found, self.table.where)
            self._columns["ipath-list"] = found
        return found

    def stamp_rows(self) -> memoryview:
        """Every described file's stamp, four int64 per file (-1s: unstamped)."""
        return self._stamps.view()

    def stamps(self) -> dict[str, Stamp]:
        rows = self._stamps.list()
        out: dict[str, Stamp] = {}
        for i, rel in enumerate(self.paths):
            size, mtime, ctime, inode = rows[4 * i : 4 * i + 4]
            if size >= 0:
                out[rel] = (size, mtime, ctime, inode)
        return out

    def notes(self) -> dict[str, str]:
        names = self._notes
        return {
            self.paths[i]: names[note]
            for i, note in enumerate(self._column("note").list())
            if note >= 0
        }

    def language(self, slot: int) -> str | None:
        found = self._column("language").whole()[slot]
        return self._languages[found] if found >= 0 else None

    def hash(self, slot: int) -> str:
        return self._column("hash").bytes(16 * slot, 16 * slot + 16).hex()

    def record(self, slot: int, path: str) -> FileRecord:
        size = self._column("size").whole()[slot]
        return FileRecord(path, self.language(slot), self.hash(slot), size)

    def records(self) -> dict[str, FileRecord]:
        """Every indexed file's record, in walk order."""
        languages = [
            self._languages[i] if i >= 0 else None for i in self._column("language").list()
        ]
        blob = self._column("hash").bytes(0, 16 * self.indexed_count)
        sizes = self._column("size").list()
        return {
            path: FileRecord(path, languages[i], blob[16 * i : 16 * i + 16].hex(), sizes[i])
            for i, path in enumerate(self.indexed_paths)
        }

    def digests(self) -> dict[str, tuple[str, str, str]]:
        rows = self._column("digest").list()
        out = {}
        for i, path in enumerate(self.indexed_paths):
            parts = rows[3 * i : 3 * i + 3]
            out[path] = tuple(f"{p:016x}" if p else "" for p in parts)
        return out  # type: ignore[return-value]

    def walk(self) -> dict[str, Any]:
        """What the build's walk saw (see :func:`prx.engine.index.freshness.walk_record`)."""
        table = self.table
        paths = table.strings("dir.path").all()
        check_paths([p for p in paths if p], table.where)  # "" is the root itself
        mtimes = table.column("dir.mtime").list()
        names = table.column("dir.names").list()
        directories = {
            rel: (mtime, digest) for rel, mtime, digest in zip(paths, mtimes, names, strict=True)
        }
        return {
            "directories": directories,
            "outer": self.meta.get("outer", []),
            "large": self.meta.get("large", {}),
            "settings": self.meta.get("settings", {}),
            "skipped": self.meta.get("skipped", {}),
        }

    def chunk_starts(self) -> memoryview:
        """Where each indexed file's chunks start (and the end), by indexed position."""
        return self._column("chunk_start").whole()

    def def_starts(self) -> memoryview:
        return self._column("def_start").whole()

    #: The columns describing the indexed files, copied as they are when an update keeps
    #: the tables (a delta publish).
    INDEXED = (
        "ipath.blob",
        "ipath.offsets",
        "language",
        "hash",
        "size",
        "chunk_start",
        "def_start",
        "digest",
    )


class ChunkTable:
    """The chunk table: a chunk's file, language, lines, symbol and kind."""

    __slots__ = (
        "_end",
        "_file",
        "_kind",
        "_kinds",
        "_language",
        "_languages",
        "_start",
        "_symbol",
        "_symbols",
        "count",
    )

    def __init__(self, table: Table) -> None:
        self._file = table.column("file").whole()
        self._language = table.column("language").whole()
        self._start = table.column("start").whole()
        self._end = table.column("end").whole()
        self._symbol = table.column("symbol").whole()
        self._kind = table.column("kind").whole()
        self._symbols: Strings = table.strings("symbols")
        self._languages: list[str] = list(table.meta.get("languages", []))
        self._kinds: list[str] = list(table.meta.get("kinds", []))
        self.count = len(self._file)
        sizes = {len(c) for c in (self._language, self._start, self._end, self._symbol)}
        if sizes | {len(self._kind)} != {self.count}:
            raise IndexCorruptedError(f"index corrupted at {table.where}: chunks.tab is torn")

    def __len__(self) -> int:
        return self.count

    def file_slot(self, index: int) -> int:
        return int(self._file[index])

    def lines(self, index: int) -> tuple[int, int]:
        return int(self._start[index]), int(self._end[index])

    def record(self, index: int, path: str, text: str) -> ChunkRecord:
        language = self._language[index]
        symbol = self._symbol[index]
        kind = self._kind[index]
        return ChunkRecord(
            path,
            self._languages[language] if language >= 0 else None,
            self._start[index],
            self._end[index],
            text,
            self._symbols[symbol] if symbol >= 0 else None,
            self._kinds[kind] if kind >= 0 else None,
        )

    def records(self, paths: Sequence[str], texts: Sequence[str] | None) -> list[ChunkRecord]:
        """Every chunk (``paths``: the indexed files by position; ``texts``: each chunk's
        text, or empty texts when None)."""
        symbols = self._symbols.all()
        languages = [*self._languages, None]  # -1 picks the None at the end
        kinds = [*self._kinds, None]
        symbols.append(None)  # type: ignore[arg-type]
        rows = zip(
            self._file.tolist(),
            self._language.tolist(),
            self._start.tolist(),
            self._end.tolist(),
            self._symbol.tolist(),
            self._kind.tolist(),
            strict=True,
        )
        if texts is None:
            return [
                ChunkRecord(paths[f], languages[la], s, e, "", symbols[sy], kinds[k])
                for f, la, s, e, sy, k in rows
            ]
        return [
            ChunkRecord(paths[f], languages[la], s, e, text, symbols[sy], kinds[k])
            for (f, la, s, e, sy, k), text in zip(rows, texts, strict=True)
        ]


class TextTable:
    """The chunks' texts, decoded one at a time."""

    __slots__ = ("blob", "offsets")

    def __init__(self, table: Table) -> None:
        self.blob = table.column("blob")
        self.offsets = table.column("offsets")

    def text(self, index: int) -> str:
        bounds = self.offsets.whole()
        return self.blob.bytes(bounds[index], bounds[index + 1]).decode("utf-8")


#: How many decoded terms a vocabulary keeps: those of its first lookups, which hold the
#: top levels of every binary search.
_DECODED_TERMS = 1 << 11


#: Lookups after which a vocabulary is read whole into a dictionary: a process that
#: searches again and again (the warm server, a notebook, a search over several roots)
#: then finds a term in one step, while a one-off search decodes only what it bisects.
_LOOKUPS_BEFORE_WHOLE = 256
#: The largest vocabulary read whole (a dictionary of a million terms holds about
#: 100 MB; a larger one keeps bisecting).
_WHOLE_TERMS_MAX = 1_000_000


class TermTable:
    """The BM25 vocabulary: a term's id by binary search over the terms in order (by a
    dictionary once the process has looked up many)."""

    __slots__ = ("_decoded", "_ids", "_lookups", "_offsets", "_order", "_terms", "count")

    def __init__(self, table: Table) -> None:
        #: Terms decoded by rank: every lookup passes the same first ranks of the binary
        #: search. Bounded: a long-lived process looks up ever more terms.
        self._decoded: dict[int, str] = {}
        self._terms = table.strings("terms")
        self._order = table.column("order").whole()
        self._offsets = self._terms.offsets.whole()
        self.count = len(self._terms)
        self._lookups = 0
        self._ids: dict[str, int] | None = None
        if len(self._order) != self.count:
            raise IndexCorruptedError(f"index corrupted at {table.where}: terms.tab is torn")

    def _term(self, rank: int) -> str:
        found = self._decoded.get(rank)
        if found is None:
            term = self._order[rank]
            offsets = self._offsets
            found = self._terms.blob.bytes(offsets[term], offsets[term + 1]).decode(
                "utf-8", "surrogatepass"
            )
            if len(self._decoded) < _DECODED_TERMS:
                self._decoded[rank] = found
        return found

    def get(self, term: str) -> int | None:
        """The id of ``term``, or None."""
        if self._ids is not None:
            return self._ids.get(term)
        self._lookups += 1
        if self._lookups > _LOOKUPS_BEFORE_WHOLE and self.count <= _WHOLE_TERMS_MAX:
            self._ids = {name: index for index, name in enumerate(self.all())}
            return self._ids.get(term)
        rank = bisect_left(range(self.count), term, key=self._term)
        if rank < self.count and self._term(rank) == term:
            return int(self._order[rank])
        return None

    def all(self) -> list[str]:
        return self._terms.all()


class PostingTable:
    """BM25 postings read term by term (see :class:`prx.engine.corpus.bm25.PostingSource`)."""

    __slots__ = (
        "_lengths_array",
        "_offsets",
        "docs",
        "doc_count",
        "lengths",
        "offsets",
        "terms",
        "tfs",
        "total_length",
    )

    def __init__(self, table: Table, terms: TermTable) -> None:
        self.terms = terms
        self.offsets = table.column("offsets")
        self.docs = table.column("docs")
        self.tfs = table.column("tfs")
        self.lengths = table.column("lengths")
        self.doc_count = len(self.lengths)
        self.total_length = int(table.meta.get("total_length", 0))
        self._offsets = self.offsets.whole()
        self._lengths_array: Any = None
        if len(self.offsets) != terms.count + 1 or len(self.docs) != len(self.tfs):
            raise IndexCorruptedError(f"index corrupted at {table.where}: postings.tab is torn")

    def __contains__(self, term: object) -> bool:
        """Whether some chunk holds ``term`` (its postings unread)."""
        found = self.terms.get(term) if isinstance(term, str) else None
        return found is not None and self._offsets[found] < self._offsets[found + 1]

    def _span(self, term: str) -> tuple[int, int] | None:
        """Where ``term``'s postings are (None when no chunk holds it)."""
        found = self.terms.get(term)
        if found is None:
            return None
        start, end = self._offsets[found], self._offsets[found + 1]
        return (start, end) if start < end else None

    def term_postings(self, term: str) -> tuple[list[int], list[int]] | None:
        span = self._span(term)
        if span is None:
            return None
        return self.docs.list(*span), self.tfs.list(*span)

    def lengths_of(self, docs: list[int]) -> list[int]:
        lengths = self.lengths.whole()
        return [lengths[d] for d in docs]

    def term_arrays(self, term: str) -> tuple[Any, Any] | None:
        """:meth:`term_postings` as numpy arrays over the mapping (no copy)."""
        span = self._span(term)
        if span is None:
            return None
        import numpy as np

        return np.asarray(self.docs.view(*span)), np.asarray(self.tfs.view(*span))

    def lengths_array(self, docs: Any) -> Any:
        """:meth:`lengths_of` for an array of documents."""
        if self._lengths_array is None:  # one length per chunk: mapped once, then kept
            self._lengths_array = self.lengths.numpy()
        return self._lengths_array[docs]


class DefTable:
    """Every definition: by name (exact or any case), by file, or all of them."""

    __slots__ = (
        "_by_lower",
        "_by_name",
        "_end",
        "_file",
        "_files",
        "_kind",
        "_kinds",
        "_lower_start",
        "_lowers",
        "_name",
        "_name_start",
        "_names",
        "_paths",
        "_signature",
        "_signatures",
        "_start",
        "count",
        "table",
    )

    def __init__(self, table: Table, files: FileTable) -> None:
        self.table = table
        self._files = files
        self._paths: list[str] | None = None
        self._name = table.column("name").whole()
        self._kind = table.column("kind").whole()
        self._file = table.column("file").whole()
        self._start = table.column("start").whole()
        self._end = table.column("end").whole()
        self._signature = table.column("signature").whole()
        self._names = table.strings("names")
        self._lowers = table.strings("lowers")
        self._signatures = table.strings("signatures")
        self._by_name = table.column("by_name")
        self._name_start = table.column("name_start")
        self._by_lower = table.column("by_lower")
        self._lower_start = table.column("lower_start")
        self._kinds: list[str] = list(table.meta.get("kinds", []))
        self.count = len(self._name)

    def _path(self, slot: int) -> str:
        if self._paths is None:
            self._paths = self._files.indexed_paths
        return self._paths[slot]

    def record(self, index: int) -> Definition:
        return Definition(
            self._names[self._name[index]],
            self._kinds[self._kind[index]],
            self._path(self._file[index]),
            self._start[index],
            self._end[index],
            self._signatures[self._signature[index]],
        )

    def all(self) -> list[Definition]:
        names = self._names.all()
        signatures = self._signatures.all()
        kinds = self._kinds
        paths = self._files.indexed_paths
        return [
            Definition(names[n], kinds[k], paths[f], s, e, signatures[g])
            for n, k, f, s, e, g in zip(
                self._name.tolist(),
                self._kind.tolist(),
                self._file.tolist(),
                self._start.tolist(),
                self._end.tolist(),
                self._signature.tolist(),
                strict=True,
            )
        ]

    def _find(self, pool: Strings, order: Column, starts: Column, name: str) -> list[int]:
        rank = bisect_left(range(len(pool)), name, key=pool.__getitem__)
        if rank >= len(pool) or pool[rank] != name:
            return []
        low, high = starts.view(rank, rank + 2)
        return order.list(low, high)

    def named(self, name: str) -> list[int]:
        """The definitions (rows, in corpus order) named exactly ``name``."""
        return self._find(self._names, self._by_name, self._name_start, name)

    def named_any_case(self, name: str) -> list[int]:
        """The definitions whose name, lower-cased, is ``name`` lower-cased."""
        return self._find(self._lowers, self._by_lower, self._lower_start, name.lower())

    def rows_of_file(self, slot: int) -> range:
        starts = self._files.def_starts()
        return range(starts[slot], starts[slot + 1])

    def rows_starting_in(self, slot: int, low: int, high: int) -> list[int]:
        """The rows of file ``slot`` whose definition starts on a line in ``[low, high]``
        (nothing but their start lines read)."""
        start = self._start
        return [row for row in self.rows_of_file(slot) if low <= start[row] <= high]

    def files_defining(self, name: str) -> list[str]:
        """The files defining ``name`` (any case when no definition matches exactly)."""
        rows = self.named(name) or self.named_any_case(name)
        return sorted({self._path(self._file[row]) for row in rows})
