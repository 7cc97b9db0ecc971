"""Where the warm server of a root listens, and whether a socket there can be trusted.

One socket per root, named by a hash of the root's real path (a root of any length fits
the ~104-byte limit of a socket's path): ``$XDG_RUNTIME_DIR/prx/<hash>.sock``, or, without
a runtime directory, ``$TMPDIR/prx-<uid>/<hash>.sock`` (``/tmp`` when ``TMPDIR`` is unset).
The directory must be a real directory owned by the user that neither the group nor
others can write: then nobody else can have put or replaced a socket in it.

Cheap to import: the CLI client uses it before anything else is loaded.
"""

from __future__ import annotations

import os
import stat
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["MAX_PATH_BYTES", "socket_dir", "socket_path", "supported", "untrusted"]

#: A socket's path must fit ``sun_path``: 108 bytes on Linux, 104 on macOS and the BSDs,
#: the terminating NUL included.
MAX_PATH_BYTES = 103


def supported() -> bool:
    """Whether this system has Unix sockets (not Windows): without them there is no warm
    path and every call is answered by the process itself."""
    if sys.platform == "win32":
        return False
    import _socket

    return hasattr(_socket, "AF_UNIX") and hasattr(os, "getuid")


def socket_dir(environ: Mapping[str, str]) -> str:
    """The directory of this user's warm sockets."""
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.isabs(runtime) and os.path.isdir(runtime):
        return os.path.join(runtime, "prx")
    return os.path.join(environ.get("TMPDIR") or "/tmp", f"prx-{os.getuid()}")


def _digest(data: bytes) -> str:
    try:
        from _blake2 import blake2b  # the C module: hashlib's import costs ~3 ms
    except ImportError:  # pragma: no cover  (an interpreter built without it)
        from hashlib import blake2b
    return blake2b(data, digest_size=8).hexdigest()


def socket_path(root: str, environ: Mapping[str, str]) -> str | None:
    """The socket of ``root`` (a real, absolute path), or None when its path would be too
    long for a socket (a very long ``TMPDIR``)."""
    path = os.path.join(socket_dir(environ), _digest(os.fsencode(root)) + ".sock")
    return path if len(os.fsencode(path)) <= MAX_PATH_BYTES else None


def untrusted(path: str, *, kind: str) -> str | None:
    """Why ``path`` must not be used, or None when it may: it is what ``kind`` says
    (``directory`` or ``socket``, never through a symbolic link), it is owned by this
    user, and a directory is writable by nobody else."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    wanted = stat.S_ISDIR if kind == "directory" else stat.S_ISSOCK
    if not wanted(info.st_mode):
        return f"{path} is not a {kind}"
    if info.st_uid != os.getuid():
        return f"{path} is owned by uid {info.st_uid}, not by this user"
    if kind == "directory" and info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"{path} is writable by other users (mode {stat.S_IMODE(info.st_mode):o})"
    return None
