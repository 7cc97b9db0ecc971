"""The index on disk: versioned directories, an atomic pointer, a writer lock, checksums.

Layout under ``<root>/.prx/``::

    CURRENT            name of the published index directory (replaced by atomic rename)
    lock               flock()-ed by the one writer; the kernel releases it if the writer dies
    index-<stamp>/     one published index (or one being built, until CURRENT names it)
        manifest.json  format, versions, model, per-file records, artifact checksums
        chunks.json    chunk table (file, language, lines, symbol, kind, imports flag)
        texts.bin      chunk texts, UTF-8, concatenated; text_offsets.npy gives the bounds
        vocabulary.json
        postings_offsets.npy, postings_docs.npy, postings_weights.npy   BM25, precomputed
        postings_tfs.npy, doc_lengths.npy   raw counts, so updates touch changed files only
        embeddings.npy float32, one column per chunk (dim x chunks), opened with mmap_mode="r"
        definitions.json
        imports.json   raw imports per file and the file-level import graph
        bloom.bin      per-file trigram Bloom filters for ``exists``; bloom_offsets.npy

Readers follow CURRENT and verify every artifact's xxh3 against the manifest before trusting
it; a writer builds a new directory aside and publishes it by renaming a new CURRENT into
place, so a reader sees the old index or the new one, never a mix. The previous directory is
kept until the next publish, so a reader that just followed CURRENT can finish.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator

import xxhash

from prx.errors import IndexCorruptedError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "FORMAT",
    "current_dir",
    "index_root",
    "publish",
    "read_manifest",
    "verify",
    "writer_lock",
]

#: Bumped whenever the layout or the meaning of an artifact changes.
FORMAT = 3
_STATE = ".prx"


def index_root(root: str) -> str:
    """``<root>/.prx``."""
    return os.path.join(root, _STATE)


def current_dir(root: str) -> str | None:
    """The published index directory, or None when there is none."""
    try:
        with open(os.path.join(index_root(root), "CURRENT"), encoding="utf-8") as fh:
            name = fh.read().strip()
    except OSError:
        return None
    if not name or "/" in name or name.startswith("."):
        return None
    path = os.path.join(index_root(root), name)
    return path if os.path.isdir(path) else None


@contextlib.contextmanager
def writer_lock(root: str, *, wait: bool = True) -> Iterator[bool]:
    """Hold the writer lock; yields False (without waiting) when ``wait`` is off and another
    writer holds it."""
    import fcntl

    os.makedirs(index_root(root), exist_ok=True)
    with open(os.path.join(index_root(root), "lock"), "a+") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def new_build_dir(root: str) -> str:
    """A fresh directory to build the next index in."""
    stamp = f"index-{time.time_ns()}-{os.getpid()}"
    path = os.path.join(index_root(root), stamp)
    os.makedirs(path)
    return path


def checksum(path: str) -> str:
    """xxh3-128 of a file's bytes."""
    digest = xxhash.xxh3_128()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def publish(root: str, build_dir: str) -> None:
    """Make ``build_dir`` the current index (atomic) and delete indexes older than the one
    it replaces."""
    state = index_root(root)
    previous = current_dir(root)
    pointer = os.path.join(state, f"CURRENT.{os.getpid()}.tmp")
    with open(pointer, "w", encoding="utf-8") as fh:
        fh.write(os.path.basename(build_dir) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(pointer, os.path.join(state, "CURRENT"))
    keep = {os.path.basename(build_dir), os.path.basename(previous) if previous else ""}
    for name in os.listdir(state):
        if name.startswith("index-") and name not in keep:
            _remove_tree(os.path.join(state, name))


def discard(build_dir: str) -> None:
    """Remove an unpublished build directory."""
    _remove_tree(build_dir)


def _remove_tree(path: str) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def read_manifest(directory: str) -> dict[str, Any]:
    """The manifest of an index directory; :class:`IndexCorruptedError` when unreadable or
    of another format."""
    path = os.path.join(directory, "manifest.json")
    try:
        with open(path, encoding="utf-8") as fh:
            manifest = json.load(fh)
    except (OSError, ValueError) as exc:
        raise IndexCorruptedError(
            f"index corrupted at {directory}: manifest unreadable ({exc})"
        ) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        found = manifest.get("format") if isinstance(manifest, dict) else None
        raise IndexCorruptedError(
            f"index at {directory} has format {found!r}; this prx reads format {FORMAT}"
        )
    return manifest


def verify(
    directory: str, manifest: dict[str, Any], *, only: tuple[str, ...] | None = None
) -> None:
    """Check every artifact's size and checksum against the manifest (or just ``only``
    those, for a reader that needs no more)."""
    artifacts = manifest.get("artifacts")
    if not isinstance(artifacts, dict) or not artifacts:
        raise IndexCorruptedError(f"index corrupted at {directory}: no artifact list")
    for name in only or ():
        if name not in artifacts:
            raise IndexCorruptedError(f"index corrupted at {directory}: {name} is not listed")
    for name, expected in artifacts.items():
        if only is not None and name not in only:
            continue
        path = os.path.join(directory, name)
        try:
            size = os.path.getsize(path)
        except OSError:
            raise IndexCorruptedError(
                f"index corrupted at {directory}: {name} is missing"
            ) from None
        if size != expected.get("size") or checksum(path) != expected.get("xxh3"):
            raise IndexCorruptedError(
                f"index corrupted at {directory}: {name} does not match its checksum"
            )
