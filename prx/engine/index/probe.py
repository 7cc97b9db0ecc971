"""Answering ``exists`` content lookups from an index's trigram filters, unread.

Only the manifest, the file table and the filter table are opened (each block checked as
it is read). A walked file is *covered* when its stamp (size, mtime, ctime, inode) is the
indexed one; anything else (changed, new, unstamped) is not, and the caller reads it, so
a stale index never produces a wrong "absent".
"""

from __future__ import annotations

import os

from prx.engine.index.stamps import stamp

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.engine.files.walk import WalkedFile, WalkResult
    from prx.engine.index.delta import DeltaView
    from prx.engine.index.reader import IndexReader

__all__ = ["ContentProbe"]


class ContentProbe:
    """The trigram filters of one index, by file, probed in plain Python (no numpy)."""

    __slots__ = ("_delta", "_names", "_notes", "_reader", "_root", "_stamps")

    def __init__(self, reader: IndexReader, delta: DeltaView, root: str = "") -> None:
        files = reader.files
        #: The indexed root (for :meth:`walk_now`; empty: unknown, never walked).
        self._root = root
        self._reader = reader
        self._delta = delta
        self._names = files.indexed_paths
        self._stamps = files.stamps()
        self._notes = files.notes()

    @classmethod
    def open(cls, root: str) -> ContentProbe | None:
        """The probe of ``root``'s current index; None without one. Raises
        :class:`~prx.core.errors.IndexCorruptedError` when the index cannot be trusted."""
        from prx.engine.index.reader import IndexReader
        from prx.engine.index.store import current_dir, read_manifest

        directory = current_dir(root)
        if directory is None:
            return None
        return cls.of_reader(IndexReader(directory, read_manifest(directory)), root)

    @classmethod
    def of_reader(cls, reader: IndexReader, root: str = "") -> ContentProbe:
        """The probe of an open index (see :meth:`open`)."""
        from prx.engine.index.delta import DeltaView
        from prx.engine.index.filters import check_parameters

        check_parameters(reader.manifest, reader.directory)
        if len(reader.bloom_offsets) != len(reader.files.indexed_paths) + 1:
            from prx.core.errors import IndexCorruptedError

            raise IndexCorruptedError(
                f"index corrupted at {reader.directory}: filters do not match"
            )
        return cls(reader, DeltaView(reader), root)

    def covers(self, found: WalkedFile) -> bool:
        """Whether the index vouches for ``found`` as it is now (the same stamp: size,
        mtime, ctime and inode; see :mod:`prx.engine.index.stamps`)."""
        return self._stamps.get(found.rel) == stamp(found)

    def walk_now(self, max_file_size: int, cache: dict[str, Any]) -> WalkResult | None:
        """What a walk of the index's root finds now, from the index's record and a
        ``stat`` of each path it holds (:func:`prx.engine.index.freshness.quick_walk`; in a
        speculating call, checked by a forked child: :mod:`prx.engine.index.speculation`); None
        when a directory's names changed (only a walk can say what is there)."""
        from prx.engine.index.speculation import speculated_walk

        if not self._root:
            return None
        return speculated_walk(cache, self._root, self._reader, max_file_size)

    def note(self, rel: str) -> str | None:
        """Why the index skipped or flagged a covered file (``binary`` ...), if it did."""
        return self._notes.get(rel)

    def candidates(self, needle: bytes) -> set[str]:
        """Indexed files that may contain ``needle`` (at least
        :data:`~prx.engine.index.filters.MIN_PATTERN` bytes); every other indexed file certainly
        does not."""
        from prx.engine.index.filters import files_passing, trigram_keys

        passing = files_passing(self._reader, self._delta, trigram_keys(needle))
        return {rel for rel, passed in passing.items() if passed}


def open_probe(root: str) -> tuple[ContentProbe | None, str | None]:
    """The probe of ``root`` if it has a usable index, else None and why not."""
    from prx.core.errors import IndexCorruptedError
    from prx.engine.index.store import current_dir

    if not os.path.isdir(root) or current_dir(root) is None:
        return None, None
    try:
        return ContentProbe.open(root), None
    except IndexCorruptedError as err:
        return None, err.message
