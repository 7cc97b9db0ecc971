"""Loading one file as text: errors mapped to prx codes, binaries refused, bad bytes flagged."""

from __future__ import annotations

import errno
import os
from collections import Counter

from prx.core.confined import read_descriptor
from prx.core.errors import NotFoundError, PermissionDeniedError, PrxError, PrxIOError
from prx.core.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.core.confined import ConfinedRoot

__all__ = [
    "BINARY_PROBE",
    "READ_FLAGS",
    "TextFile",
    "count_lines",
    "decode",
    "load_text",
    "read_regular",
    "read_walked",
]

#: A NUL byte within this many leading bytes marks a file as binary (git's rule too).
BINARY_PROBE = 8192


@record
class TextFile:
    """A file's bytes and their decoded text."""

    data: bytes
    text: str
    decode_errors: int
    modified: int | None


def decode(data: bytes) -> tuple[str, int]:
    """Decode UTF-8, replacing invalid bytes with U+FFFD; return the text and their count."""
    try:
        return data.decode("utf-8"), 0
    except UnicodeDecodeError:
        escaped = data.decode("utf-8", "surrogateescape")
        bad = sum(1 for ch in escaped if "\udc80" <= ch <= "\udcff")
        return data.decode("utf-8", "replace"), bad


def count_lines(data: bytes) -> int:
    """Lines as an editor counts them: a final newline does not start another line."""
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


#: How a file of the tree is opened for reading: never through a link (a walk does not
#: follow links, and an in-root link is resolved by the confined root before), never
#: blocking on a fifo swapped in, never inherited by a child process.
READ_FLAGS: int = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def read_regular(path: str | os.PathLike[str], limit: int = -1) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit`` when not -1), opened
    without following a link; ``OSError`` (ELOOP for a link, EINVAL for a pipe, socket or
    device) otherwise."""
    fd = os.open(path, READ_FLAGS)
    try:
        import stat as stat_module

        if not stat_module.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", os.fspath(path))
        return read_descriptor(fd, limit)
    finally:
        os.close(fd)


def load_text(path: str, shown: str, confined: ConfinedRoot | None = None) -> TextFile:
    """Read ``path`` (displayed as ``shown`` in messages) as text, or raise a prx error.

    :param confined: the root ``path`` must stay inside: the file is then opened beneath
        it, component by component (a link is followed only while it stays inside).
    """
    import stat as stat_module

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise NotFoundError(f"file not found: {shown}") from None
    except PermissionError:
        raise PermissionDeniedError(f"permission denied: {shown}") from None
    except (OSError, ValueError):
        mode = 0
    if mode and not stat_module.S_ISREG(mode) and not stat_module.S_ISDIR(mode):
        raise PrxIOError(
            f"not a regular file: {shown} (a pipe, socket or device)",
            suggestion="prx reads regular files only.",
        )
    if stat_module.S_ISDIR(mode):
        raise PrxIOError(f"is a directory: {shown}", suggestion="List it with {cmd:find}.")
    try:
        if confined is not None:
            fd = confined.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        else:
            fd = os.open(path, READ_FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
        with open(fd, "rb") as fh:
            stat = os.fstat(fh.fileno())
            if not stat_module.S_ISREG(stat.st_mode):
                raise PrxIOError(
                    f"not a regular file: {shown} (a pipe, socket or device)",
                    suggestion="prx reads regular files only.",
                )
            data = fh.read()
    except NotFoundError:
        raise NotFoundError(f"file not found: {shown}") from None
    except PrxError:
        raise
    except FileNotFoundError:
        raise NotFoundError(f"file not found: {shown}") from None
    except PermissionError:
        raise PermissionDeniedError(f"permission denied: {shown}") from None
    except IsADirectoryError:
        raise PrxIOError(
            f"is a directory: {shown}", suggestion="List it with {cmd:find}."
        ) from None
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:
            raise NotFoundError(f"file not found: {shown}") from None
        raise PrxIOError(f"cannot read {shown}: {os.strerror(exc.errno or 0) or exc}") from None
    nul = data.find(b"\0", 0, BINARY_PROBE)
    if nul >= 0:
        raise PrxIOError(
            f"binary file: {shown} (NUL byte at offset {nul})",
            suggestion="prx reads text files only; inspect binaries with `xxd` or `file`.",
        )
    text, bad = decode(data)
    return TextFile(data=data, text=text, decode_errors=bad, modified=int(stat.st_mtime))


def read_walked(
    path: os.PathLike[str] | str, skipped: Counter[str], *, keep_binary: bool = False
) -> bytes | None:
    """The bytes of a walked file, or None after counting why it is passed over
    (``unreadable`` or, unless ``keep_binary``, ``binary``) in ``skipped``."""
    try:
        data = read_regular(path)
    except OSError:
        skipped["unreadable"] += 1
        return None
    if not keep_binary and b"\0" in data[:BINARY_PROBE]:
        skipped["binary"] += 1
        return None
    return data
