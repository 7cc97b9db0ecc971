"""Which files a literal search must read, from an index: the walk and most reads skipped.

A literal search reads every walked file. With a fresh enough index (no directory's names
changed: :mod:`prx.index.freshness`), the index's file table stands for the walk, and its
trigram filters rule out every indexed, unchanged file that cannot hold the text: only the
others are read (the files changed since, and those the filters let through). A file ruled
out counts as searched, as the walk-and-read would have counted it, so the answer is the
same, field for field. The filters are probed here in plain Python (the hashing of
:mod:`prx.index.bloom`), so a literal search imports no numpy.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from prx._contexts import LiteralContext
    from prx.index.reader import IndexReader
    from prx.plugin._corpus import Definition

__all__ = ["Plan", "literal_plan"]

_LOW32 = 0xFFFFFFFF
_MASK64 = (1 << 64) - 1


class Plan(NamedTuple):
    """Files in walk order, each with whether it must be read (False: ruled out unread,
    yet searched), the walk's skips, and the definitions the index holds of the files
    unchanged since (for a hit's enclosing symbol, without a parse)."""

    files: list[tuple[str, str, bool]]
    skipped: Counter[str]
    definitions: Callable[[str], list[Definition] | None]


def _keys(needle: bytes) -> list[tuple[int, int]]:
    """(first, step) of each distinct trigram of ``needle`` (prx.index.bloom's hashing)."""
    from prx.index.filters import MIN_PATTERN

    if len(needle) < MIN_PATTERN:
        return []
    codes = {
        (needle[i] << 16) | (needle[i + 1] << 8) | needle[i + 2] for i in range(len(needle) - 2)
    }
    out = []
    for code in sorted(codes):
        x = (code + 0x9E3779B97F4A7C15) & _MASK64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
        x ^= x >> 31
        out.append((x & _LOW32, (x >> 32) | 1))
    return out


def _may_contain(bits: memoryview, start: int, end: int, keys: list[tuple[int, int]]) -> bool:
    from prx.index.filters import HASHES

    size = (end - start) * 8
    if size == 0:
        return False
    for first, step in keys:
        for r in range(HASHES):
            position = (((first + r * step) & _LOW32) * size) >> 32
            if not (bits[start + (position >> 3)] >> (position & 7)) & 1:
                return False
    return True


def literal_plan(ws: LiteralContext, root: str, needle: bytes | None) -> Plan | None:
    """The files to read for a literal search of ``root`` (``needle``: the text's bytes
    when the filters may rule files out: a case-sensitive fixed string), from its index;
    None without a usable, fresh enough index (then the search walks)."""
    from prx.errors import IndexCorruptedError
    from prx.index.store import current_dir

    directory = current_dir(root)
    if directory is None or ws.cache.get("index-refused", {}).get(os.path.normpath(root)):
        return None
    try:
        return _plan(root, directory, needle, ws.config.max_file_size)
    except IndexCorruptedError:
        return None  # the walk reads every file: nothing is lost


def _plan(root: str, directory: str, needle: bytes | None, max_file_size: int) -> Plan | None:
    from prx.index.delta import DeltaView
    from prx.index.filters import check_parameters
    from prx.index.freshness import changes
    from prx.index.reader import IndexReader
    from prx.index.store import read_manifest

    manifest = read_manifest(directory)
    reader = IndexReader(directory, manifest)
    found = changes(root, reader, max_file_size)
    skipped = reader.files.meta.get("skipped")
    if found.relist or skipped is None:
        return None
    keys = _keys(needle) if needle is not None else []
    changed = set(found.changed)
    files = reader.files
    passes = _filters(reader, DeltaView(reader), keys) if keys else None
    check_parameters(manifest, directory)
    delta = DeltaView(reader)
    slots = {rel: slot for slot, rel in enumerate(files.indexed_paths)}
    unchanged_base = {rel for rel in slots if rel not in changed and rel not in delta.dropped}

    def definitions(rel: str) -> list[Definition] | None:
        if rel not in unchanged_base:
            return None  # changed, or held by the delta: read it
        table = reader.definitions
        return [table.record(row) for row in table.rows_of_file(slots[rel])]

    prefix = os.path.join(root, "")
    out = []
    for rel in files.paths:
        if rel in changed or passes is None:
            out.append((prefix + rel, rel, True))
        elif rel in passes:
            out.append((prefix + rel, rel, passes[rel]))
        else:  # binary or unreadable when indexed, and unchanged: read (and skipped) again
            out.append((prefix + rel, rel, True))
    return Plan(out, Counter(skipped), definitions)


def _filters(reader: IndexReader, delta: object, keys: list[tuple[int, int]]) -> dict[str, bool]:
    """Per file the index holds now: whether its filter lets the text through."""
    from prx.index.delta import DeltaView

    assert isinstance(delta, DeltaView)
    out: dict[str, bool] = {}
    bits = reader.bloom_bits.whole()
    bounds = reader.bloom_offsets.whole()
    for slot, rel in enumerate(reader.files.indexed_paths):
        if rel not in delta.dropped:
            out[rel] = _may_contain(bits, bounds[slot], bounds[slot + 1], keys)
    if delta.table is not None:
        delta_bits = delta.table.column("bloom.bits").whole()
        delta_bounds = delta.table.column("bloom_start").whole()
        for i, rel in enumerate(delta.paths):
            out[rel] = _may_contain(delta_bits, delta_bounds[i], delta_bounds[i + 1], keys)
    return out
