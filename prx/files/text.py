"""Loading one file as text: errors mapped to prx codes, binaries refused, bad bytes flagged."""

from __future__ import annotations

import errno
import os
from collections import Counter

from prx._record import record
from prx.errors import NotFoundError, PermissionDeniedError, PrxIOError

__all__ = ["BINARY_PROBE", "TextFile", "count_lines", "decode", "load_text", "read_walked"]

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


def load_text(path: str, shown: str) -> TextFile:
    """Read ``path`` (displayed as ``shown`` in messages) as text, or raise a prx error."""
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
    try:
        with open(path, "rb") as fh:
            stat = os.fstat(fh.fileno())
            data = fh.read()
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


def read_walked(path: os.PathLike[str] | str, skipped: Counter[str]) -> bytes | None:
    """The bytes of a walked file, or None after counting why it is passed over
    (``unreadable`` or ``binary``) in ``skipped``."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        skipped["unreadable"] += 1
        return None
    if b"\0" in data[:BINARY_PROBE]:
        skipped["binary"] += 1
        return None
    return data
