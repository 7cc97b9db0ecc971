"""Per-file Bloom filters of byte trigrams, so ``exists`` can rule files out unread.

``exists`` looks for a literal substring. A file that contains a pattern contains every
trigram (three consecutive bytes) of it, so a file whose filter lacks any of the pattern's
trigrams cannot contain the pattern: a negative is definitive. A file whose filter has all
of them *probably* does; reading it confirms.

Each file gets its own filter, sized for its distinct trigrams at :data:`BITS_PER_KEY`
bits each with :data:`HASHES` hash functions: a trigram the file lacks passes with
probability (1 - e^(-5/10))^5 ≈ 0.94 % (:data:`FALSE_POSITIVE_RATE`). A pattern whose
``t`` trigrams are all missing from a file passes it with about 0.0094^t. Beyond that,
"probable" means the file holds every trigram of the pattern somewhere, not necessarily
in sequence. Filters are byte-aligned and concatenated in the order of the index's file
list (the ``offsets`` column of ``bloom.tab`` gives each file's byte range); patterns
shorter than three bytes have no trigram and are answered by reading files.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from prx.engine.index.filters import (
    BITS_PER_KEY,
    FALSE_POSITIVE_RATE,
    HASHES,
    MIN_PATTERN,
    check_parameters,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "BITS_PER_KEY",
    "FALSE_POSITIVE_RATE",
    "HASHES",
    "MIN_PATTERN",
    "check_parameters",
    "file_filter",
    "may_contain",
    "pattern_keys",
]

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_KEY_BLOCK = 8


def _codes(data: bytes) -> NDArray[np.uint32]:
    """Every trigram of ``data`` as an integer (b0 << 16 | b1 << 8 | b2)."""
    raw = np.frombuffer(data, dtype=np.uint8)
    if raw.size < MIN_PATTERN:
        return np.zeros(0, dtype=np.uint32)
    codes: NDArray[np.uint32] = raw[:-2].astype(np.uint32) << np.uint32(16)
    codes |= raw[1:-1].astype(np.uint32) << np.uint32(8)
    codes |= raw[2:]
    return codes


class _Distinct:
    """Distinct trigrams without sorting: every occurrence writes its position into a table
    of all 2**24 trigrams, and the occurrence whose position survived stands for its
    trigram. Stale entries from earlier files are overwritten before they are read."""

    def __init__(self) -> None:
        self.table = np.zeros(1 << 24, dtype=np.int32)

    def __call__(self, codes: NDArray[np.uint32]) -> NDArray[np.uint64]:
        order = np.arange(codes.size, dtype=np.int32)
        self.table[codes] = order
        distinct: NDArray[np.uint64] = codes[self.table[codes] == order].astype(np.uint64)
        return distinct


_distinct: _Distinct | None = None


def _trigrams(data: bytes) -> NDArray[np.uint64]:
    """The distinct trigrams of ``data``."""
    global _distinct
    codes = _codes(data)
    if codes.size < 64:
        return np.unique(codes).astype(np.uint64)
    if _distinct is None:
        _distinct = _Distinct()
    return _distinct(codes)


def _hashes(keys: NDArray[np.uint64]) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """Two 32-bit hashes of each key (splitmix64's finaliser, split in halves)."""
    with np.errstate(over="ignore"):
        x = keys + np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * _M1
        x = (x ^ (x >> np.uint64(27))) * _M2
        x ^= x >> np.uint64(31)
    return x & _LOW32, (x >> np.uint64(32)) | np.uint64(1)


def _positions(keys: NDArray[np.uint64], bits: NDArray[Any]) -> NDArray[np.uint64]:
    """Bit positions, shape (files or 1, keys, HASHES): double hashing, each 32-bit hash
    mapped onto ``bits`` by a multiply and a shift (no division)."""
    first, step = _hashes(keys)
    rounds = np.arange(HASHES, dtype=np.uint64)
    combined = (first[:, None] + rounds[None, :] * step[:, None]) & _LOW32
    positions: NDArray[np.uint64] = (combined[None, :, :] * bits.reshape(-1, 1, 1)) >> np.uint64(32)
    return positions


def file_filter(data: bytes) -> bytes:
    """The filter of one file's bytes (empty when it has no trigram)."""
    keys = _trigrams(data)
    if keys.size == 0:
        return b""
    size = max(64, math.ceil(keys.size * BITS_PER_KEY / 8) * 8)
    bits = np.zeros(size, dtype=bool)
    bits[_positions(keys, np.array([size], dtype=np.uint64)).ravel()] = True
    return np.packbits(bits, bitorder="little").tobytes()


def pattern_keys(pattern: bytes) -> NDArray[np.uint64]:
    """The distinct trigrams of a pattern (empty below :data:`MIN_PATTERN` bytes)."""
    return _trigrams(pattern)


def may_contain(
    filters: NDArray[np.uint8], offsets: NDArray[np.int64], keys: NDArray[np.uint64]
) -> NDArray[np.bool_]:
    """For each file (filter ``i`` is ``filters[offsets[i]:offsets[i + 1]]``): whether it
    may contain a pattern with trigrams ``keys``. False is definitive."""
    starts = np.asarray(offsets[:-1], dtype=np.int64)
    sizes = (np.asarray(offsets[1:], dtype=np.int64) - starts) * 8
    out = sizes > 0
    if keys.size == 0 or not out.any():
        return out
    files = np.flatnonzero(out)
    # A few keys at a time over the files still in the running: memory stays small and
    # most files drop out on the first block.
    for start in range(0, keys.size, _KEY_BLOCK):
        block = keys[start : start + _KEY_BLOCK]
        positions = _positions(block, sizes[files].astype(np.uint64)).astype(np.int64)
        absolute = starts[files].reshape(-1, 1, 1) * 8 + positions
        present = (filters[absolute >> 3] >> (absolute & 7).astype(np.uint8)) & 1
        passed = present.reshape(files.size, -1).all(axis=1)
        out[files[~passed]] = False
        files = files[passed]
        if files.size == 0:
            break
    return out
