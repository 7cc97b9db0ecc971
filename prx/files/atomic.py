"""Writing files safely: text forms kept byte for byte, atomic writes, all-or-nothing changes.

Text form. :func:`decode_text` turns a file's bytes into text with ``"\\n"`` newlines and a
:class:`TextForm` (BOM, majority line ending, final newline); :func:`encode_text` turns text
back. ``encode_text(*decode_text(data)) == data`` for every file whose line endings are
uniform (all ``"\\n"``, all ``"\\r\\n"`` or all ``"\\r"``; a lone ``"\\r"`` counts as a line
ending). Bytes that are not UTF-8 survive the round trip too (they decode to lone surrogates,
``surrogateescape``). For a file with mixed line endings, :func:`reencode` is the guarantee:
given the old bytes and the new text, every line the new text keeps unchanged keeps its raw
bytes (its own line ending), and only new or changed lines take the majority ending.

Atomic writes. :func:`write_atomically` writes a temporary file in the target's directory,
named ``.NAME.prx-tmp-PID-RANDOM``, fsyncs it, gives it the target's mode, renames it over the
target and fsyncs the directory: a reader sees the old bytes or the new ones, never a mix. On
any failure the temporary file is removed and the target is untouched. Only a process killed
mid-write (SIGKILL, power loss) can leave a temporary behind; the next write of the same file
removes those whose process is gone.

All or nothing. :func:`apply_changes` checks that every file still holds the bytes a change
was computed from, writes every temporary first, then renames them in order; if a step fails,
the files already replaced are restored (atomically) to their old bytes.
"""

from __future__ import annotations

import errno
import os
import re
import stat as stat_module
from collections.abc import Sequence

from prx._record import record
from prx.errors import (
    ConflictError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    PrxError,
    PrxIOError,
)

__all__ = [
    "TEMP_MARKER",
    "FileChange",
    "TextForm",
    "apply_changes",
    "decode_text",
    "encode_text",
    "reencode",
    "split_raw_lines",
    "write_atomically",
]

BOM = b"\xef\xbb\xbf"
#: Temporary files are named ``.NAME`` + this + ``PID-RANDOM``.
TEMP_MARKER = ".prx-tmp-"
_ENDING = re.compile(r"\r\n|\r|\n")
_RAW_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_TEXT_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


@record
class TextForm:
    """How a text file is stored: what :func:`encode_text` restores."""

    #: The text encoding (``"utf-8"``; bytes that are not UTF-8 round-trip as surrogates).
    encoding: str = "utf-8"
    #: Whether the file starts with a UTF-8 byte order mark.
    bom: bool = False
    #: The majority line ending: ``"\n"``, ``"\r\n"`` or ``"\r"`` (``"\n"`` when there is none).
    newline: str = "\n"
    #: Whether the file ends with a line ending (an empty file does not).
    final_newline: bool = False
    #: Whether the file mixes line endings (then only :func:`reencode` keeps them all).
    mixed_newlines: bool = False


@record
class FileChange:
    """One file to change: the bytes the change was computed from, and the new bytes.

    ``old=None`` means the file must not exist yet (it is created); ``new=None`` deletes it.
    """

    #: Absolute path of the file (a symlink is followed: its target is written).
    path: str
    #: The bytes the change was computed from; the write is refused if the file differs.
    old: bytes | None
    #: The bytes to write.
    new: bytes | None


def decode_text(data: bytes) -> tuple[str, TextForm]:
    """The text of ``data`` with ``"\\n"`` newlines, and the form to encode it back."""
    bom = data.startswith(BOM)
    body = data[len(BOM) :] if bom else data
    raw = body.decode("utf-8", "surrogateescape")
    counts = {"\n": 0, "\r\n": 0, "\r": 0}
    for ending in _ENDING.findall(raw):
        counts[ending] += 1
    used = [ending for ending, count in counts.items() if count]
    # Ties go to "\n", then "\r\n": the order of the dict.
    newline = max(counts, key=lambda ending: counts[ending]) if used else "\n"
    form = TextForm(
        encoding="utf-8",
        bom=bom,
        newline=newline,
        final_newline=raw.endswith(("\n", "\r")),
        mixed_newlines=len(used) > 1,
    )
    return _ENDING.sub("\n", raw), form


def encode_text(text: str, form: TextForm) -> bytes:
    """``text`` (``"\\n"`` newlines) stored in ``form``: its line ending, BOM and final-newline
    state (a final newline is added or dropped to match ``form.final_newline``)."""
    if text:
        if form.final_newline and not text.endswith("\n"):
            text += "\n"
        elif not form.final_newline and text.endswith("\n"):
            text = text[:-1]
    if form.newline != "\n":
        text = text.replace("\n", form.newline)
    data = text.encode(form.encoding, "surrogateescape")
    return BOM + data if form.bom else data


def split_raw_lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` (without a BOM), each with its own raw line ending."""
    return _RAW_LINE.findall(data)


def reencode(old: bytes, new_text: str) -> bytes:
    """The bytes of ``new_text`` for a file that held ``old``: the form of ``old`` (BOM,
    majority ending, final newline), and every unchanged line keeps its raw bytes, so a file
    with mixed line endings changes only where the text changed."""
    old_text, form = decode_text(old)
    if not form.mixed_newlines:
        return encode_text(new_text, form)
    import difflib

    fixed = encode_text(new_text, TextForm(final_newline=form.final_newline))
    new_lines = _TEXT_LINE.findall(fixed.decode("utf-8", "surrogateescape"))
    body = old[len(BOM) :] if form.bom else old
    raw_lines = split_raw_lines(body)
    old_lines = _TEXT_LINE.findall(old_text)
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    out: list[bytes] = [BOM] if form.bom else []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out.extend(raw_lines[i1:i2])
            continue
        for line in new_lines[j1:j2]:
            if line.endswith("\n"):
                line = line[:-1] + form.newline
            out.append(line.encode("utf-8", "surrogateescape"))
    return b"".join(out)


def _describe(exc: OSError) -> str:
    return os.strerror(exc.errno) if exc.errno else str(exc)


def _os_error(exc: OSError, path: str, doing: str) -> PrxError:
    if isinstance(exc, PermissionError) or exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return PermissionDeniedError(
            f"permission denied: cannot {doing} {path} ({_describe(exc)})",
            suggestion="Check the permissions of the file and of its directory.",
        )
    return PrxIOError(f"cannot {doing} {path}: {_describe(exc)}")


def _real(path: str) -> str:
    return os.path.realpath(path)


def _current_mode(real: str) -> int | None:
    """The permission bits of ``real``, None when it does not exist; refuses a file that is
    not a regular file or that nobody may write (even root: the mode says read-only)."""
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _os_error(exc, real, "inspect") from None
    if not stat_module.S_ISREG(info.st_mode):
        raise PrxIOError(f"not a regular file: {real}")
    bits = stat_module.S_IMODE(info.st_mode)
    if not bits & 0o222 or not os.access(real, os.W_OK):
        raise PermissionDeniedError(
            f"permission denied: {real} is read-only",
            suggestion="Make the file writable (chmod u+w) if it should be changed.",
        )
    return bits


def _remove_stale_temps(real: str) -> None:
    """Remove temporaries of ``real`` left by writers that were killed (their pid is gone)."""
    directory, name = os.path.split(real)
    prefix = f".{name}{TEMP_MARKER}"
    try:
        entries = os.listdir(directory)
    except OSError:
        return
    for entry in entries:
        if not entry.startswith(prefix):
            continue
        pid_text = entry[len(prefix) :].partition("-")[0]
        if pid_text.isdigit() and _alive(int(pid_text)):
            continue
        try:
            os.unlink(os.path.join(directory, entry))
        except OSError:
            pass


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # ours, but not from this write: a write cleans up after itself
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _write_temp(real: str, data: bytes, mode: int | None) -> str:
    """Write ``data`` to a new temporary file beside ``real``, fsynced, with ``mode``."""
    import secrets

    directory, name = os.path.split(real)
    for _attempt in range(100):
        temp = os.path.join(directory, f".{name}{TEMP_MARKER}{os.getpid()}-{secrets.token_hex(4)}")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        except OSError as exc:
            raise _os_error(exc, real, "write") from None
        break
    else:  # pragma: no cover - 100 collisions of 32 random bits
        raise PrxIOError(f"cannot create a temporary file beside {real}")
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
            if mode is None:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            os.fchmod(fd, mode)
        finally:
            os.close(fd)
    except BaseException as exc:
        _unlink_quietly(temp)
        if isinstance(exc, OSError):
            raise _os_error(exc, real, "write") from None
        raise
    return temp


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _fsync_directory(directory: str) -> None:
    if not hasattr(os, "O_DIRECTORY"):  # pragma: no cover - Windows
        return
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: str, data: bytes) -> None:
    """Replace the file at ``path`` (its target, when it is a symlink) by ``data`` atomically,
    keeping its permission bits; creates it when absent. Raises ``permission_denied`` for a
    read-only file or directory, ``io_error`` for any other failure; the file is then
    untouched and no temporary file is left."""
    real = _real(path)
    mode = _current_mode(real)
    _remove_stale_temps(real)
    temp = _write_temp(real, data, mode)
    try:
        os.replace(temp, real)
    except BaseException as exc:
        _unlink_quietly(temp)
        if isinstance(exc, OSError):
            raise _os_error(exc, real, "replace") from None
        raise
    try:
        _fsync_directory(os.path.dirname(real))
    except OSError as exc:
        # The new bytes are in place; only their durability is in doubt.
        raise _os_error(exc, real, "sync the directory of") from None


def _read_current(real: str) -> bytes | None:
    try:
        with open(real, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _os_error(exc, real, "read") from None


def _check_unchanged(change: FileChange, real: str) -> None:
    current = _read_current(real)
    if current == change.old:
        return
    if change.old is None:
        raise ConflictError(
            f"{change.path} already exists",
            suggestion="Read it, then change it instead of creating it.",
        )
    if current is None:
        raise NotFoundError(
            f"{change.path} was removed since it was read",
            suggestion="Check the path, and read the file again before changing it.",
        )
    raise ConflictError(f"{change.path} changed since it was read")


def apply_changes(changes: Sequence[FileChange]) -> None:
    """Apply every change or none.

    Every file must still hold its ``old`` bytes (else ``conflict``); every temporary file is
    written before the first rename; if writing or renaming fails, the files already
    replaced get their old bytes back (atomically), the temporaries are removed and the
    error is raised (a deleted file is written back with its old bytes and mode).
    """
    reals = [_real(change.path) for change in changes]
    if len(set(reals)) != len(reals):
        raise InvalidArgumentError("two changes name the same file; merge them into one")
    modes: list[int | None] = []
    for change, real in zip(changes, reals, strict=True):
        _check_unchanged(change, real)
        modes.append(_current_mode(real) if change.old is not None else None)
        if change.old is None:
            parent = os.path.dirname(real)
            if not os.path.isdir(parent):
                raise NotFoundError(
                    f"directory not found: {parent}",
                    suggestion="Create the directory first, or check the path.",
                )
    temps: list[str | None] = []
    try:
        for change, real, mode in zip(changes, reals, modes, strict=True):
            _remove_stale_temps(real)
            temps.append(None if change.new is None else _write_temp(real, change.new, mode))
    except BaseException:
        for temp in temps:
            if temp is not None:
                _unlink_quietly(temp)
        raise
    done = 0
    try:
        for real, temp in zip(reals, temps, strict=True):
            if temp is None:
                os.unlink(real)
            else:
                os.replace(temp, real)
            done += 1
        for directory in dict.fromkeys(os.path.dirname(real) for real in reals):
            _fsync_directory(directory)
    except BaseException as exc:
        for temp in temps[done:]:
            if temp is not None:
                _unlink_quietly(temp)
        _restore(changes[:done], reals[:done], modes[:done])
        if isinstance(exc, OSError):
            failed = reals[min(done, len(reals) - 1)]
            raise _os_error(exc, failed, "write") from None
        raise


def _restore(
    changes: Sequence[FileChange], reals: Sequence[str], modes: Sequence[int | None]
) -> None:
    """Put back the old bytes of files already replaced (best effort, each atomic)."""
    for change, real, mode in zip(changes, reals, modes, strict=True):
        try:
            if change.old is None:
                os.unlink(real)
                continue
            temp = _write_temp(real, change.old, mode)
            try:
                os.replace(temp, real)
            except OSError:
                _unlink_quietly(temp)
        except (OSError, PrxError):
            pass
