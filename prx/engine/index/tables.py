"""Index artifacts as tables of typed columns, memory-mapped and read in place.

A table file is a small header, a JSON directory of its columns and the columns
themselves, each aligned for in-place typed access::

    0   magic (8 bytes) | format (u32) | flags (u32) | generation (u64) | directory length (u32)
    32  directory: {"columns": {name: [typecode, count, offset]}, "meta": {...}}
    ..  columns, each starting on a multiple of 64 bytes (offsets relative to the data start)

Typecodes are those of :mod:`array` (``q`` int64, ``i`` int32, ``I`` uint32, ``f`` float32,
``B`` bytes ...), little-endian. Nothing is parsed or decoded whole when a table is opened:
the reader maps the file, checks its size and header, and verifies each block of
:data:`BLOCK` bytes against its recorded checksum the first time any byte of it is read,
so a query pays for the bytes it touches and never trusts a corrupt one. The writer
records the checksums (xxh3-64 per block) in the artifact's manifest entry.

This module imports neither numpy nor anything of the search: a symbol query reads its
tables with :class:`memoryview` casts alone; :meth:`Column.numpy` is for the callers that
have numpy loaded anyway.
"""

from __future__ import annotations

import json
import mmap
import os
import struct
import sys

import xxhash

from prx.core.errors import IndexCorruptedError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "BLOCK",
    "Column",
    "Strings",
    "Table",
    "TableWriter",
    "read_blob",
    "write_blob",
]

MAGIC = b"PRXTAB\x00\x01"
#: The format of the table container (the index format is the manifest's).
TABLE_FORMAT = 1
_HEADER = struct.Struct("<8sIIQI4x")
_ALIGN = 64
#: Bytes per checksummed block: small enough that a point read verifies little, large
#: enough that the checksum list of a 100 MB index stays a few kilobytes.
BLOCK = 1 << 16
_ITEMSIZE = {"b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "q": 8, "Q": 8, "f": 4, "d": 8}
_NUMPY = {"b": "<i1", "B": "<u1", "h": "<i2", "H": "<u2", "i": "<i4", "I": "<u4"}
_NUMPY.update({"q": "<i8", "Q": "<u8", "f": "<f4", "d": "<f8"})
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: Columns are read in place as native values: a big-endian machine cannot.
NATIVE = sys.byteorder == "little"


def _align(n: int) -> int:
    return (n + _ALIGN - 1) // _ALIGN * _ALIGN


class _BlockSums:
    """xxh3-64 of each :data:`BLOCK` of a stream written in pieces."""

    def __init__(self) -> None:
        self.sums: list[str] = []
        self._state = xxhash.xxh3_64()
        self._filled = 0

    def update(self, data: memoryview) -> None:
        while len(data):
            take = min(BLOCK - self._filled, len(data))
            self._state.update(data[:take])
            self._filled += take
            data = data[take:]
            if self._filled == BLOCK:
                self._close()

    def _close(self) -> None:
        self.sums.append(self._state.hexdigest())
        self._state = xxhash.xxh3_64()
        self._filled = 0

    def finish(self) -> str:
        if self._filled:
            self._close()
        return "".join(self.sums)


def _bytes_of(data: Any, typecode: str) -> memoryview:
    """A byte view of an array-like column (numpy array, :class:`array.array`, bytes)."""
    if hasattr(data, "dtype"):  # numpy, without importing it here
        import numpy as np

        data = np.ascontiguousarray(data, dtype=_NUMPY[typecode])
    view = memoryview(data)
    return view.cast("B") if view.format != "B" or view.ndim != 1 else view


class TableWriter:
    """Writes one table file; :meth:`close` returns its manifest entry."""

    def __init__(self, path: str, generation: int) -> None:
        self.path = path
        self.generation = generation
        self._columns: list[tuple[str, str, memoryview]] = []
        self.meta: dict[str, Any] = {}

    def add(self, name: str, typecode: str, data: Any) -> None:
        """Add a column (``data``: anything with the buffer protocol, or a numpy array)."""
        raw = _bytes_of(data, typecode)
        if len(raw) % _ITEMSIZE[typecode]:
            raise ValueError(f"column {name}: {len(raw)} bytes is no whole number of items")
        self._columns.append((name, typecode, raw))

    def add_strings(self, name: str, strings: Any) -> None:
        """Strings as two columns: ``NAME.blob`` (UTF-8, end to end) and ``NAME.offsets``."""
        from array import array

        encoded = [s.encode("utf-8", "surrogatepass") for s in strings]
        offsets = array("q", [0])
        total = 0
        for item in encoded:
            total += len(item)
            offsets.append(total)
        self.add(f"{name}.blob", "B", b"".join(encoded))
        self.add(f"{name}.offsets", "q", offsets)

    def close(self) -> dict[str, Any]:
        """Write the file (durably) and answer ``{"size", "generation", "blocks"}``."""
        directory: dict[str, Any] = {"columns": {}, "meta": self.meta}
        at = 0
        for name, typecode, raw in self._columns:
            size = _ITEMSIZE[typecode]
            directory["columns"][name] = [typecode, len(raw) // size, at]
            at = _align(at + len(raw))
        text = json.dumps(directory, separators=(",", ":")).encode("utf-8")
        start = _align(_HEADER.size + len(text))
        head = _HEADER.pack(MAGIC, TABLE_FORMAT, 0, self.generation, len(text))
        sums = _BlockSums()
        written = 0
        with open(self.path, "xb") as fh:

            def put(data: bytes | memoryview) -> None:
                nonlocal written
                view = memoryview(data)
                fh.write(view)
                sums.update(view)
                written += len(view)

            put(head + text)
            put(bytes(start - written))
            for _, _, raw in self._columns:
                put(raw)
                put(bytes(_align(written - start) + start - written))
            fh.flush()
            os.fsync(fh.fileno())
        return {"size": written, "generation": self.generation, "blocks": sums.finish()}


class Table:
    """One table file, mapped read-only; blocks are verified on first read."""

    __slots__ = ("_checked", "_map", "_start", "_sums", "columns", "meta", "name", "raw", "where")

    def __init__(self, directory: str, name: str, record: dict[str, Any]) -> None:
        self.where = directory
        self.name = name
        path = os.path.join(directory, name)
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
        except OSError:
            raise self._corrupt("is missing") from None
        try:
            size = os.fstat(fd).st_size
            if size != record.get("size") or size < _HEADER.size:
                raise self._corrupt("does not have its recorded size")
            self._map = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
        finally:
            os.close(fd)
        #: The whole mapping as bytes, for slicing (read only after :meth:`ensure`).
        self.raw = memoryview(self._map)
        sums = record.get("blocks")
        if not isinstance(sums, str) or len(sums) != 16 * (-(-size // BLOCK)):
            raise self._corrupt("has no block checksums")
        self._sums = sums
        self._checked = bytearray(len(sums) // 16)
        self.ensure(0, _HEADER.size)
        magic, fmt, _, generation, length = _HEADER.unpack_from(self._map, 0)
        if magic != MAGIC or fmt != TABLE_FORMAT or generation != record.get("generation"):
            raise self._corrupt("has a foreign header")
        self.ensure(_HEADER.size, _HEADER.size + length)
        try:
            parsed = json.loads(self._map[_HEADER.size : _HEADER.size + length])
            self.columns: dict[str, tuple[str, int, int]] = {
                key: (str(code), int(count), int(offset))
                for key, (code, count, offset) in parsed["columns"].items()
            }
            self.meta: dict[str, Any] = dict(parsed.get("meta", {}))
        except (ValueError, KeyError, TypeError):
            raise self._corrupt("has an unreadable directory") from None
        self._start = _align(_HEADER.size + length)
        for code, count, offset in self.columns.values():
            if code not in _ITEMSIZE or self._start + offset + count * _ITEMSIZE[code] > size:
                raise self._corrupt("has a column outside the file")

    def _corrupt(self, what: str) -> IndexCorruptedError:
        return IndexCorruptedError(f"index corrupted at {self.where}: {self.name} {what}")

    def ensure(self, start: int, end: int) -> None:
        """Verify every block holding a byte of ``[start, end)`` not verified yet."""
        checked = self._checked
        first = start // BLOCK
        last = (max(end, start + 1) - 1) // BLOCK
        if first == last and checked[first]:
            return
        for block in range(first, last + 1):
            if checked[block]:
                continue
            low = block * BLOCK
            digest = xxhash.xxh3_64_hexdigest(self.raw[low : low + BLOCK])
            if digest != self._sums[16 * block : 16 * block + 16]:
                raise self._corrupt(f"does not match its checksum (block {block})")
            checked[block] = 1

    def verify_all(self) -> None:
        """Verify every block (``prx index --verify``)."""
        self.ensure(0, len(self._map))

    def column(self, name: str) -> Column:
        found = self.columns.get(name)
        if found is None:
            raise self._corrupt(f"has no column {name}")
        code, count, offset = found
        return Column(self, code, count, self._start + offset)

    def has(self, name: str) -> bool:
        return name in self.columns

    def strings(self, name: str) -> Strings:
        return Strings(self.column(f"{name}.blob"), self.column(f"{name}.offsets"))


class Column:
    """A typed column of a :class:`Table`: slices as memoryviews or lists.

    :meth:`whole` verifies the column once and keeps its view: for the columns a query
    reads item by item (a few hundred kilobytes at most). Large columns are read by
    slices, each verifying only its own blocks."""

    __slots__ = ("_whole", "code", "count", "itemsize", "offset", "table")

    def __init__(self, table: Table, code: str, count: int, offset: int) -> None:
        self.table = table
        self.code = code
        self.count = count
        self.offset = offset
        self.itemsize = _ITEMSIZE[code]
        self._whole: memoryview | None = None

    def __len__(self) -> int:
        return self.count

    def whole(self) -> memoryview:
        """Every item as a typed memoryview (verified once, then kept)."""
        if self._whole is None:
            self._whole = self.view()
        return self._whole

    def view(self, start: int = 0, stop: int | None = None) -> memoryview:
        """Items ``start:stop`` as a typed memoryview (their blocks verified)."""
        stop = self.count if stop is None else min(stop, self.count)
        start = min(start, stop)
        low = self.offset + start * self.itemsize
        high = self.offset + stop * self.itemsize
        self.table.ensure(low, high)
        view: memoryview = self.table.raw[low:high]
        return view.cast(self.code)  # type: ignore[call-overload,no-any-return]

    def list(self, start: int = 0, stop: int | None = None) -> list[Any]:
        return self.view(start, stop).tolist()

    def bytes(self, start: int, stop: int) -> bytes:
        """Bytes ``start:stop`` of a ``B`` column."""
        low = self.offset + max(0, min(start, self.count))
        high = self.offset + max(0, min(stop, self.count))
        self.table.ensure(low, high)
        return self.table.raw[low:high].tobytes()

    def numpy(self) -> Any:
        """The whole column as a read-only numpy array over the mapping (no copy)."""
        import numpy as np

        self.table.ensure(self.offset, self.offset + self.count * self.itemsize)
        return np.frombuffer(
            self.table._map, dtype=_NUMPY[self.code], count=self.count, offset=self.offset
        )


class Strings:
    """A string column pair (see :meth:`TableWriter.add_strings`), decoded on access."""

    __slots__ = ("blob", "offsets")

    def __init__(self, blob: Column, offsets: Column) -> None:
        self.blob = blob
        self.offsets = offsets

    def __len__(self) -> int:
        return max(self.offsets.count - 1, 0)

    def raw(self, index: int) -> bytes:
        bounds = self.offsets.whole()
        return self.blob.bytes(bounds[index], bounds[index + 1])

    def __getitem__(self, index: int) -> str:
        return self.raw(index).decode("utf-8", "surrogatepass")

    def all(self) -> list[str]:
        """Every string (one pass over the blob)."""
        bounds = self.offsets.list()
        if not bounds:
            return []
        blob = self.blob.bytes(0, bounds[-1])
        return [
            blob[a:b].decode("utf-8", "surrogatepass")
            for a, b in zip(bounds, bounds[1:], strict=False)
        ]


def write_blob(path: str, data: bytes, generation: int) -> dict[str, Any]:
    """Write an artifact that is one opaque blob (read whole, e.g. JSON) and answer its
    manifest entry: its size and block checksums, as for a table."""
    sums = _BlockSums()
    sums.update(memoryview(data))
    with open(path, "xb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())  # on disk before the manifest that names it, as tables are
    return {"size": len(data), "generation": generation, "blocks": sums.finish()}


def read_blob(directory: str, name: str, record: dict[str, Any]) -> bytes:
    """A blob artifact's bytes, every block verified (:class:`IndexCorruptedError`)."""
    where = f"index corrupted at {directory}: {name}"
    try:
        fd = os.open(os.path.join(directory, name), os.O_RDONLY | _NOFOLLOW)
    except OSError:
        raise IndexCorruptedError(f"{where} is missing") from None
    with os.fdopen(fd, "rb") as fh:
        data = fh.read()
    sums = _BlockSums()
    sums.update(memoryview(data))
    if len(data) != record.get("size") or sums.finish() != record.get("blocks"):
        raise IndexCorruptedError(f"{where} does not match its checksum")
    return data
