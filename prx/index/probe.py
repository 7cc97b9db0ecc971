"""Answering ``exists`` content lookups from an index's trigram filters, unread.

Only the manifest, the file table and the filter table are opened (each block checked as
it is read). A walked file is *covered* when its stamp (size, mtime, ctime, inode) is the
indexed one; anything else (changed, new, unstamped) is not, and the caller reads it, so
a stale index never produces a wrong "absent".
"""

from __future__ import annotations

import os

from prx.index.stamps import stamp

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.files.walk import WalkedFile

__all__ = ["ContentProbe"]


class ContentProbe:
    """The trigram filters of one index, by file."""

    __slots__ = ("_bits", "_delta", "_names", "_notes", "_offsets", "_stamps")

    def __init__(
        self,
        names: list[str],
        stamps: dict[str, Any],
        notes: dict[str, str],
        bits: Any,
        offsets: Any,
    ) -> None:
        self._names = names
        self._stamps = stamps
        self._notes = notes
        self._bits = bits
        self._offsets = offsets
        #: A delta's files: (base files it drops, its files, their filters' bits, bounds).
        self._delta: tuple[frozenset[str], list[str], Any, Any] | None = None

    @classmethod
    def open(cls, root: str) -> ContentProbe | None:
        """The probe of ``root``'s current index; None without one. Raises
        :class:`~prx.errors.IndexCorruptedError` when the index cannot be trusted."""
        from prx.index.reader import IndexReader
        from prx.index.store import current_dir, read_manifest

        directory = current_dir(root)
        if directory is None:
            return None
        manifest = read_manifest(directory)
        from prx.index.filters import check_parameters

        check_parameters(manifest, directory)
        reader = IndexReader(directory, manifest)
        files = reader.files
        names = files.indexed_paths
        offsets = reader.bloom_offsets.numpy()
        if len(offsets) != len(names) + 1:
            from prx.errors import IndexCorruptedError

            raise IndexCorruptedError(f"index corrupted at {directory}: filters do not match")
        probe = cls(names, files.stamps(), files.notes(), reader.bloom_bits.numpy(), offsets)
        from prx.index.delta import DeltaView

        delta = DeltaView(reader)
        if delta.table is not None:  # files an update rewrote: their own filters
            bits, bounds = delta.filters()
            probe._delta = (delta.dropped, delta.paths, bits, bounds)
        return probe

    def covers(self, found: WalkedFile) -> bool:
        """Whether the index vouches for ``found`` as it is now (the same stamp: size,
        mtime, ctime and inode; see :mod:`prx.index.stamps`)."""
        return self._stamps.get(found.rel) == stamp(found)

    def note(self, rel: str) -> str | None:
        """Why the index skipped or flagged a covered file (``binary`` ...), if it did."""
        return self._notes.get(rel)

    def candidates(self, needle: bytes) -> set[str]:
        """Indexed files that may contain ``needle`` (at least :data:`bloom.MIN_PATTERN`
        bytes); every other indexed file certainly does not."""
        from prx.index import bloom

        keys = bloom.pattern_keys(needle)
        passed = bloom.may_contain(self._bits, self._offsets, keys)
        found = {self._names[i] for i in passed.nonzero()[0].tolist()}
        if self._delta is not None:
            dropped, paths, bits, bounds = self._delta
            found -= dropped
            passed = bloom.may_contain(bits, bounds, keys)
            found |= {paths[i] for i in passed.nonzero()[0].tolist()}
        return found


def open_probe(root: str) -> tuple[ContentProbe | None, str | None]:
    """The probe of ``root`` if it has a usable index, else None and why not (numpy is
    imported only when there is an index)."""
    from prx.errors import IndexCorruptedError
    from prx.index.store import current_dir

    if not os.path.isdir(root) or current_dir(root) is None:
        return None, None
    try:
        return ContentProbe.open(root), None
    except IndexCorruptedError as err:
        return None, err.message
