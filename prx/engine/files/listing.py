"""A directory's listing, sorted, and its digest: what a walk saw of it, to be checked
without a walk.

Kept apart from :mod:`prx.engine.files.walk` (which imports :mod:`pathlib`): the index's freshness
check needs only this, on every search.
"""

from __future__ import annotations

import os

__all__ = ["list_dir", "names_digest"]


def _entry_name(entry: os.DirEntry[str]) -> str:
    return entry.name


def list_dir(path: str) -> list[os.DirEntry[str]] | None:
    """Entries sorted by name, or None if the directory cannot be listed."""
    try:
        with os.scandir(path) as it:
            entries = list(it)
    except OSError:
        return None
    entries.sort(key=_entry_name)
    return entries


def _kind(entry: os.DirEntry[str]) -> str:
    try:
        if entry.is_symlink():
            return "l"
        if entry.is_dir(follow_symlinks=False):
            return "d"
        return "f" if entry.is_file(follow_symlinks=False) else "o"
    except OSError:
        return "?"


def names_digest(entries: list[os.DirEntry[str]]) -> int:
    """A digest of a directory listing (sorted by name): each entry's name and kind
    (file, directory, link, other), so a name that changes kind changes it too."""
    import xxhash

    text = "\0".join(entry.name + "/" + _kind(entry) for entry in entries)
    return xxhash.xxh3_64_intdigest(text.encode("utf-8", "surrogateescape"))
