"""When the index may trust a file without reading it: the file's stamp.

A stamp is what ``stat`` said of a file when it was indexed: size, mtime, ctime and inode
(times in ns). A file is trusted unread only while its stamp is identical. Size and mtime
alone are not enough: a same-size edit whose mtime is put back (``cp -p``, ``rsync -a``,
``tar x``, ``os.utime``) keeps both, but it changes the ctime, which no one can set back,
and a file replaced by a rename has a new inode.

Two kinds of file get no stamp, so that the next reader checks them again:

- *racy* ones, changed at or after the build started (by the filesystem's own clock: the
  lock file touched when it started): an edit later within the same clock tick would
  leave the stamp as it is (git's "racily clean" rule). At the end of the build, a racy
  file is stamped after all when the clock has moved past its timestamps (waiting for the
  next tick at most :data:`SETTLE_WAIT_SECONDS`), its stat is still the walked one, and
  its content (read again) is what was indexed: any later edit then changes its ctime;
- files that could not be read during the build (note ``unreadable``): what the index
  holds of them is not what they hold.
"""

from __future__ import annotations

import os

from prx.engine.files.text import read_regular

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

    from prx.engine.files.walk import WalkedFile

__all__ = ["SETTLE_WAIT_SECONDS", "Stamp", "is_racy", "settle", "stamp", "stamps"]

Stamp = tuple[int, int, int, int]
#: How long a build waits, at most, for the filesystem's clock to pass a racy file's tick.
SETTLE_WAIT_SECONDS = 0.05


def stamp(found: WalkedFile) -> Stamp:
    """Size, mtime, ctime and inode of a walked file."""
    return (found.size, found.mtime_ns, found.ctime_ns, found.inode)


def is_racy(found: WalkedFile, started_ns: int) -> bool:
    """Whether ``found`` changed at or after ``started_ns`` (a filesystem timestamp)."""
    return found.mtime_ns >= started_ns or found.ctime_ns >= started_ns


def stamps(files: Iterable[WalkedFile], started_ns: int | None = None) -> dict[str, Stamp]:
    """The stamps of ``files``, racy ones left out when the build's start is known."""
    return {
        found.rel: stamp(found)
        for found in files
        if started_ns is None or not is_racy(found, started_ns)
    }


def settle(
    racy: Iterable[WalkedFile], hashes: Mapping[str, str], now: Callable[[], int]
) -> dict[str, Stamp]:
    """Stamps for the racy files that can be vouched for now (see the module docstring):
    ``hashes`` are the content hashes indexed, ``now`` reads the filesystem's clock."""
    import time

    from prx.core.hashing import content_hash

    waiting = [found for found in racy if found.rel in hashes]
    if not waiting:
        return {}
    newest = max(max(found.mtime_ns, found.ctime_ns) for found in waiting)
    clock = now()
    deadline = time.monotonic() + SETTLE_WAIT_SECONDS
    while clock <= newest and newest - clock < SETTLE_WAIT_SECONDS * 1e9:
        if time.monotonic() >= deadline:
            break
        time.sleep(0.001)
        clock = now()
    settled: dict[str, Stamp] = {}
    for found in waiting:  # checked after the clock was read: a later edit shows
        if max(found.mtime_ns, found.ctime_ns) >= clock:
            continue
        try:
            info = os.stat(found.path, follow_symlinks=False)
            if (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino) != stamp(found):
                continue
            if content_hash(read_regular(found.path)) != hashes[found.rel]:
                continue
        except OSError:
            continue
        settled[found.rel] = stamp(found)
    return settled
