"""The Bloom filters' parameters, and their probe in plain Python (no numpy here: the
up-to-date check, ``exists`` and literal searches read them; :mod:`prx.engine.index.bloom` builds
the filters with numpy and the same hashing)."""

from __future__ import annotations

import math

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.engine.index.delta import DeltaView
    from prx.engine.index.reader import IndexReader

__all__ = [
    "BITS_PER_KEY",
    "FALSE_POSITIVE_RATE",
    "HASHES",
    "MIN_PATTERN",
    "check_parameters",
    "files_passing",
    "may_contain_at",
    "trigram_keys",
]

#: Bits per distinct trigram.
BITS_PER_KEY = 10
#: Hash functions. 10 ln 2 ≈ 6.9 is optimal, but the rate is flat near it: 5 gives 0.94 %
#: against 0.82 % for 7, with 5/7 of the hashing work.
HASHES = 5
#: Chance that one trigram absent from a file passes its filter.
FALSE_POSITIVE_RATE = (1 - math.exp(-HASHES / BITS_PER_KEY)) ** HASHES
#: Shorter patterns have no trigram.
MIN_PATTERN = 3

_LOW32 = 0xFFFFFFFF
_MASK64 = (1 << 64) - 1


def check_parameters(manifest: dict[str, Any], directory: str) -> None:
    """Refuse filters built with other parameters (probing them would miss)."""
    stored = manifest.get("bloom", {})
    if stored.get("hashes") != HASHES or stored.get("bits_per_key") != BITS_PER_KEY:
        from prx.core.errors import IndexCorruptedError

        raise IndexCorruptedError(
            f"index at {directory} has Bloom filters built with other parameters"
        )


def trigram_keys(needle: bytes) -> list[tuple[int, int]]:
    """(first, step) of each distinct trigram of ``needle`` (prx.engine.index.bloom's hashing);
    none below :data:`MIN_PATTERN` bytes."""
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


def may_contain_at(bits: memoryview, start: int, end: int, keys: list[tuple[int, int]]) -> bool:
    """Whether the filter ``bits[start:end]`` lets every trigram of ``keys`` through
    (False is definitive; an empty filter lets nothing through)."""
    return _Prober(keys)(bits, start, end)


def files_passing(
    reader: IndexReader, delta: DeltaView, keys: list[tuple[int, int]]
) -> dict[str, bool]:
    """Per file the index holds now (its tables' files less those the delta drops, and the
    delta's): whether its filter lets the trigrams ``keys`` through."""
    out: dict[str, bool] = {}
    probe = _Prober(keys)
    bits = reader.bloom_bits.whole()
    bounds = reader.bloom_offsets.whole()
    dropped = delta.dropped
    for slot, rel in enumerate(reader.files.indexed_paths):
        if rel not in dropped:
            out[rel] = probe(bits, bounds[slot], bounds[slot + 1])
    if delta.table is not None:
        delta_bits = delta.table.column("bloom.bits").whole()
        delta_bounds = delta.table.column("bloom_start").whole()
        for i, rel in enumerate(delta.paths):
            out[rel] = probe(delta_bits, delta_bounds[i], delta_bounds[i + 1])
    return out


class _Prober:
    """:func:`may_contain_at` for many filters and one set of keys: each key's hashes
    computed once, and the key that last ruled a file out tried first on the next (files
    alike lack the same rare trigram). The answer is the same in any order."""

    __slots__ = ("_order",)

    def __init__(self, keys: list[tuple[int, int]]) -> None:
        self._order = [
            [((first + r * step) & _LOW32) for r in range(HASHES)] for first, step in keys
        ]

    def __call__(self, bits: memoryview, start: int, end: int) -> bool:
        size = (end - start) * 8
        if size == 0:
            return False
        order = self._order
        for at, hashes in enumerate(order):
            for hashed in hashes:
                position = (hashed * size) >> 32
                if not (bits[start + (position >> 3)] >> (position & 7)) & 1:
                    if at:
                        order.insert(0, order.pop(at))
                    return False
        return True
