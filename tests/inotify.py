"""A tiny inotify watcher (Linux, ctypes): which entries of some directories were opened,
read, listed, written, created, deleted or moved, whichever way the process reached them
(a path, a link, a descriptor, ``openat``). The confinement tests use it as their oracle."""

from __future__ import annotations

import ctypes
import errno
import os
import struct
import sys

__all__ = ["Watcher", "available"]

IN_ACCESS = 0x001
IN_MODIFY = 0x002
IN_ATTRIB = 0x004
IN_CLOSE_WRITE = 0x008
IN_OPEN = 0x020
IN_MOVED_FROM = 0x040
IN_MOVED_TO = 0x080
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_DELETE_SELF = 0x400
IN_MOVE_SELF = 0x800
IN_ISDIR = 0x40000000
EVERYTHING = (
    IN_ACCESS
    | IN_MODIFY
    | IN_ATTRIB
    | IN_CLOSE_WRITE
    | IN_OPEN
    | IN_MOVED_FROM
    | IN_MOVED_TO
    | IN_CREATE
    | IN_DELETE
    | IN_DELETE_SELF
    | IN_MOVE_SELF
)
_NAMES = {
    IN_ACCESS: "read",
    IN_MODIFY: "written",
    IN_ATTRIB: "attributes changed",
    IN_CLOSE_WRITE: "closed after writing",
    IN_OPEN: "opened",
    IN_MOVED_FROM: "moved away",
    IN_MOVED_TO: "moved in",
    IN_CREATE: "created",
    IN_DELETE: "deleted",
    IN_DELETE_SELF: "deleted itself",
    IN_MOVE_SELF: "moved itself",
}
_HEADER = struct.Struct("iIII")


def available() -> bool:
    return sys.platform.startswith("linux")


class Watcher:
    """Watch directories (not recursively: watch each one that matters)."""

    def __init__(self) -> None:
        self._libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self._paths: dict[int, str] = {}

    def watch(self, directory: str | os.PathLike[str]) -> None:
        path = os.fspath(directory)
        wd = self._libc.inotify_add_watch(self.fd, os.fsencode(path), EVERYTHING)
        if wd < 0:
            raise OSError(ctypes.get_errno(), f"inotify_add_watch {path}")
        self._paths[wd] = path

    def events(self) -> list[str]:
        """What happened since the last call, as ``path: what`` lines."""
        out: list[str] = []
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return out
            except OSError as exc:  # pragma: no cover
                if exc.errno == errno.EAGAIN:
                    return out
                raise
            at = 0
            while at < len(data):
                wd, mask, _cookie, size = _HEADER.unpack_from(data, at)
                name = data[at + _HEADER.size : at + _HEADER.size + size].rstrip(b"\0")
                at += _HEADER.size + size
                where = os.path.join(self._paths.get(wd, "?"), os.fsdecode(name))
                kinds = [text for bit, text in _NAMES.items() if mask & bit]
                if kinds:
                    out.append(f"{where}: {', '.join(kinds)}")

    def close(self) -> None:
        os.close(self.fd)
