"""Writing files safely: confined, locked, compare-and-swap, atomic, all or nothing.

Text form. :mod:`prx.engine.files.textform` (re-exported here): :func:`decode_text`,
:func:`encode_text` and :func:`reencode` keep a file's BOM, line endings and final newline
byte for byte.

Where a write lands. Every path is located beneath a :class:`~prx.core.confined.ConfinedRoot`
(each directory opened with ``O_NOFOLLOW`` relative to the one before it): a symbolic link
inside the root is followed to its target (the target is written, the link stays a link);
a link that leads outside is refused (``permission_denied``), never written through. A
created or deleted path is the entry itself: deleting a link deletes the link, as git
does, never its target; creating a path that exists in any form (a dangling link too) is a
``conflict``. Missing directories are created beneath the root.

No lost update. :func:`apply_changes` takes the lock of every directory it writes in
(:mod:`prx.engine.files.filelock`, shared by every prx writer, in a fixed order, bounded wait),
then, holding it, checks that every file still holds the bytes the change was computed
from (else ``conflict``), writes the temporaries, and just before each rename checks that
the file is still the one it read (inode, size, modification time: a program other than
prx that wrote meanwhile makes the write a ``conflict``). A file is created by a hard link
of its temporary (which fails when the name was taken meanwhile), or by a rename where the
file system has no hard links.

Atomic. A temporary file ``.NAME.prx-tmp-PID-RANDOM`` is created beside the target with
``O_CREAT|O_EXCL|O_NOFOLLOW`` (mode 0600 while it is written), fsynced, given the old
file's owner, group, mode and extended attributes (:mod:`prx.engine.files.metadata`; what cannot
be kept is returned as a note), renamed over the target, and the directory is fsynced: a
reader sees the old bytes or the new ones, never a mix. A file with several hard links is
refused (replacing it would split the links). On any failure the temporaries are removed
and the target is untouched. Only a process killed mid-write (SIGKILL, power loss) can
leave a temporary behind, and prx never deletes one it did not create in the same call:
such a leftover is for the user to remove.

All or nothing. :func:`apply_changes` writes every temporary first, then renames them in
order; if a step fails, the files already replaced are restored (atomically) to their old
bytes and metadata, files it created are removed (when still the ones it created) and
deleted ones are put back.
"""

from __future__ import annotations

import errno
import os
import stat as stat_module
from collections.abc import Sequence

from prx.core.errors import (
    ConflictError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    PrxError,
    PrxIOError,
)
from prx.core.record import record
from prx.engine.files.filelock import DirectoryLocks
from prx.engine.files.metadata import Metadata, capture, restore
from prx.engine.files.textform import (
    BOM,
    TextForm,
    decode_text,
    encode_text,
    reencode,
    split_raw_lines,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.core.confined import ConfinedRoot, Located

__all__ = [
    "BOM",
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

#: Temporary files are named ``.NAME`` + this + ``PID-RANDOM``.
TEMP_MARKER = ".prx-tmp-"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NAME_MAX = 255
_LINK_ERRNOS = frozenset({errno.ELOOP, errno.EMLINK})


@record
class FileChange:
    """One file to change: the bytes the change was computed from, and the new bytes.

    ``old=None`` means the file must not exist yet (it is created); ``new=None`` deletes it.
    """

    #: Absolute path of the file, inside the root. For an update, a symbolic link inside
    #: the root is followed (its target is written); a created or deleted path is the
    #: entry itself.
    path: str
    #: The bytes the change was computed from; the write is refused if the file differs.
    old: bytes | None
    #: The bytes to write.
    new: bytes | None
    #: The permission bits of a created file (default: 0o666 less the umask); a replaced
    #: file keeps its own.
    mode: int | None = None


def apply_changes(changes: Sequence[FileChange], *, root: ConfinedRoot) -> tuple[str, ...]:
    """Apply every change or none, every file located beneath ``root``.

    Under the directories' locks, every file must still hold its ``old`` bytes (else
    ``conflict``); every temporary file is written before the first rename; if writing or
    renaming fails, the files already changed get their old state back (atomically), the
    temporaries are removed and the error is raised. Returns notes on what could not be
    kept (an owner or an extended attribute the writer may not set).
    """
    return _Transaction(root, changes, check=True).run()


def write_atomically(path: str, data: bytes, *, root: ConfinedRoot) -> tuple[str, ...]:
    """Replace the file at ``path`` (its target, when it is a symbolic link inside
    ``root``) by ``data`` atomically, under its directory's lock, keeping its owner, mode
    and extended attributes; creates it when absent. Raises ``permission_denied`` for a
    read-only file or directory or a path leading outside ``root``, ``io_error`` for any
    other failure; the file is then untouched and no temporary file is left. Returns the
    notes of :func:`apply_changes`."""
    return _Transaction(root, [FileChange(path=path, old=None, new=data)], check=False).run()


# -- one call ---------------------------------------------------------------------------


class _Slot:
    """One change in progress: where it lands and what was found there."""

    __slots__ = ("change", "key", "link", "meta", "previous", "seen", "temp", "temp_ino", "where")

    def __init__(self, change: FileChange, where: Located, key: tuple[int, int]) -> None:
        self.change = change
        #: The directory holding the entry (open beneath the root) and the entry's name.
        self.where = where
        #: The directory's (device, inode): its lock.
        self.key = key
        #: (inode, size, mtime_ns) of the entry when it was checked; None: absent.
        self.seen: tuple[int, int, int] | None = None
        #: The bytes found (to restore on failure).
        self.previous: bytes | None = None
        #: The metadata found (kept by the new file, and by a restored one).
        self.meta: Metadata | None = None
        #: The target of an entry that is a link (to put a deleted link back).
        self.link: str | None = None
        #: The temporary file's name while it exists, and its inode.
        self.temp: str | None = None
        self.temp_ino = -1

    @property
    def shown(self) -> str:
        return self.change.path


class _Transaction:
    def __init__(self, root: ConfinedRoot, changes: Sequence[FileChange], *, check: bool) -> None:
        self.root = root
        self.changes = changes
        #: Compare-and-swap (apply_changes); False: replace whatever is there.
        self.check = check
        self.notes: list[str] = []
        self.slots: list[_Slot] = []
        self.made: list[str] = []

    def run(self) -> tuple[str, ...]:
        try:
            for change in self.changes:
                self.slots.append(self._locate(change))
            self._no_duplicates()
            directories: dict[tuple[int, int], tuple[int, str]] = {}
            for slot in self.slots:
                directories.setdefault(
                    slot.key, (slot.where.dir_fd, os.path.dirname(slot.where.path))
                )
            with DirectoryLocks(list(directories.values())):
                for slot in self.slots:
                    self._check(slot)
                try:
                    for slot in self.slots:
                        if slot.change.new is not None:
                            self._write_temp(slot, slot.change.new, slot.meta, self.notes)
                except BaseException:
                    self._drop_temps()
                    raise
                self._commit()
            return tuple(self.notes)
        except BaseException as exc:
            self._remove_made_dirs()
            if isinstance(exc, OSError) and not isinstance(exc, PrxError):
                shown = self.slots[-1].shown if self.slots else self.changes[0].path
                raise _os_error(exc, shown, "write") from None
            raise
        finally:
            for slot in self.slots:
                try:
                    slot.where.close()
                except OSError:
                    pass

    # ---------------------------------------------------------------- before the lock

    def _locate(self, change: FileChange) -> _Slot:
        creates = change.old is None and change.new is not None
        # An update follows a link inside the root to its target; a create (unless a
        # plain replace) and a delete name the entry itself.
        follow = change.new is not None and (change.old is not None or not self.check)
        if creates:
            self.made.extend(self._missing_parents(change.path))
        try:
            where = self.root.locate(change.path, follow=follow, create_dirs=creates)
        except OSError as exc:
            if isinstance(exc, PrxError):
                raise
            raise _os_error(exc, change.path, "open a directory of") from None
        try:
            info = os.fstat(where.dir_fd)
        except OSError:
            where.close()
            raise
        return _Slot(change, where, (info.st_dev, info.st_ino))

    def _missing_parents(self, path: str) -> list[str]:
        """The directories of ``path`` that do not exist yet, outermost first."""
        full = self.root.resolve(path)
        missing: list[str] = []
        parent = os.path.dirname(full)
        while parent != self.root.path and self.root.contains(parent):
            if os.path.lexists(parent):
                break
            missing.append(parent)
            parent = os.path.dirname(parent)
        missing.reverse()
        return missing

    def _no_duplicates(self) -> None:
        seen = set()
        for slot in self.slots:
            entry = (slot.key, slot.where.name)
            if entry in seen:
                raise InvalidArgumentError("two changes name the same file; merge them into one")
            seen.add(entry)

    # ---------------------------------------------------------------- under the lock

    def _check(self, slot: _Slot) -> None:
        """What is at the entry now: it must be what the change was computed from."""
        change, fd, name = slot.change, slot.where.dir_fd, slot.where.name
        info = _lstat(name, fd)
        if info is None:
            if change.old is not None:
                raise NotFoundError(
                    f"{slot.shown} was removed since it was read",
                    suggestion="Check the path, and read the file again before changing it.",
                )
            return
        if change.old is None and self.check:
            raise ConflictError(
                f"{slot.shown} already exists",
                suggestion="Read it, then change it instead of creating it.",
            )
        if stat_module.S_ISLNK(info.st_mode):
            if change.new is not None:
                # Located as a file, a link now: swapped in meanwhile. Never written through.
                raise self.root.outside(slot.shown, "changed into a symbolic link while written")
            slot.link = os.readlink(name, dir_fd=fd)
            slot.previous = self.root.read_bytes(slot.shown)  # through the link, confined
            slot.seen = _identity(info)
            self._compare(slot)
            return
        slot.previous, slot.meta, opened = _read_entry(fd, name, slot.shown, self.notes)
        self._compare(slot)
        _refuse_read_only(opened, fd, name, slot.shown)
        if change.new is not None and opened.st_nlink > 1:
            raise PermissionDeniedError(
                f"permission denied: {slot.shown} has {opened.st_nlink} hard links; replacing "
                "it would leave the other names with the old content",
                suggestion="Break the link first if a separate copy is meant "
                "(cp FILE FILE.new && mv FILE.new FILE), or change the file with a tool "
                "that writes in place.",
            )
        slot.seen = _identity(opened)

    def _compare(self, slot: _Slot) -> None:
        if not self.check or slot.previous == slot.change.old:
            return
        raise ConflictError(
            f"{slot.shown} changed since it was read",
            suggestion="Read the file again and redo the change against its current text.",
        )

    def _write_temp(
        self, slot: _Slot, data: bytes, meta: Metadata | None, notes: list[str]
    ) -> None:
        """Write ``data`` to a new temporary file beside the entry, with ``meta`` (or the
        change's mode); fsynced."""
        fd_dir, name = slot.where.dir_fd, slot.where.name
        for _attempt in range(100):
            temp = _temp_name(name)
            try:
                fd = os.open(
                    temp,
                    os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC,
                    0o600,
                    dir_fd=fd_dir,
                )
            except FileExistsError:
                continue
            except OSError as exc:
                raise _os_error(exc, slot.shown, "write") from None
            break
        else:  # pragma: no cover - 100 collisions of 32 random bits
            raise PrxIOError(f"cannot create a temporary file beside {slot.shown}")
        slot.temp = temp
        try:
            try:
                view = memoryview(data)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
                kept = restore(fd, meta, slot.change.mode, slot.shown)
                os.fsync(fd)
                slot.temp_ino = os.fstat(fd).st_ino
            finally:
                os.close(fd)
        except BaseException as exc:
            self._drop_temp(slot)
            if isinstance(exc, OSError) and not isinstance(exc, PrxError):
                raise _os_error(exc, slot.shown, "write") from None
            raise
        notes.extend(kept)

    def _commit(self) -> None:
        done: list[_Slot] = []
        current = self.slots[0] if self.slots else None
        try:
            for slot in self.slots:
                current = slot
                self._verify(slot)
                fd, name = slot.where.dir_fd, slot.where.name
                if slot.change.new is None:
                    os.unlink(name, dir_fd=fd)
                    done.append(slot)
                elif slot.seen is None:
                    self._place_new(slot, done)
                else:
                    assert slot.temp is not None
                    os.replace(slot.temp, name, src_dir_fd=fd, dst_dir_fd=fd)
                    slot.temp = None
                    done.append(slot)
            current = None
            synced = set()
            for slot in self.slots:
                if slot.key not in synced:
                    synced.add(slot.key)
                    os.fsync(slot.where.dir_fd)
        except BaseException as exc:
            self._drop_temps()
            self._restore(done)
            if isinstance(exc, OSError) and not isinstance(exc, PrxError):
                shown = (current or self.slots[-1]).shown
                raise _os_error(exc, shown, "write") from None
            raise

    def _verify(self, slot: _Slot) -> None:
        """Just before the rename: the entry is still the one checked (a program other
        than prx may have written it meanwhile)."""
        if not self.check:
            return
        info = _lstat(slot.where.name, slot.where.dir_fd)
        if (None if info is None else _identity(info)) != slot.seen:
            raise ConflictError(
                f"{slot.shown} changed while it was being written (by a program other "
                "than prx); nothing was written",
                suggestion="Read the file again and redo the change against its current text.",
            )

    def _place_new(self, slot: _Slot, done: list[_Slot]) -> None:
        """Put the temporary in place under a name that must still be free."""
        fd, name, temp = slot.where.dir_fd, slot.where.name, slot.temp
        assert temp is not None
        try:
            os.link(temp, name, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
        except FileExistsError:
            if self.check:
                raise ConflictError(
                    f"{slot.shown} was created by another program meanwhile; nothing was written",
                    suggestion="Read it, then change it instead of creating it.",
                ) from None
            os.replace(temp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
                raise
            # No hard links here: the name was checked free just before.
            os.replace(temp, name, src_dir_fd=fd, dst_dir_fd=fd)
        else:
            done.append(slot)
            os.unlink(temp, dir_fd=fd)
            slot.temp = None
            return
        slot.temp = None
        done.append(slot)

    # ---------------------------------------------------------------- on failure

    def _drop_temp(self, slot: _Slot) -> None:
        if slot.temp is not None:
            try:
                os.unlink(slot.temp, dir_fd=slot.where.dir_fd)
            except OSError:
                pass
            slot.temp = None

    def _drop_temps(self) -> None:
        for slot in self.slots:
            self._drop_temp(slot)

    def _restore(self, done: Sequence[_Slot]) -> None:
        """Give the entries already changed their old state back (best effort, each
        atomic)."""
        for slot in reversed(done):
            fd, name = slot.where.dir_fd, slot.where.name
            try:
                if slot.seen is None:
                    # Created here: removed only while it is still the file written.
                    info = _lstat(name, fd)
                    if info is not None and info.st_ino == slot.temp_ino:
                        os.unlink(name, dir_fd=fd)
                elif slot.link is not None:
                    os.symlink(slot.link, name, dir_fd=fd)
                elif slot.previous is not None:
                    scratch: list[str] = []
                    self._write_temp(slot, slot.previous, slot.meta, scratch)
                    assert slot.temp is not None
                    try:
                        os.replace(slot.temp, name, src_dir_fd=fd, dst_dir_fd=fd)
                        slot.temp = None
                    finally:
                        self._drop_temp(slot)
            except (OSError, PrxError):
                pass

    def _remove_made_dirs(self) -> None:
        """Remove the directories made for files to create (when still empty)."""
        for directory in reversed(self.made):
            try:
                with self.root.locate(directory, follow=False) as where:
                    os.rmdir(where.name, dir_fd=where.dir_fd)
            except (OSError, PrxError):
                pass
        self.made = []


# -- helpers --------------------------------------------------------------------------


def _lstat(name: str, dir_fd: int) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _identity(info: os.stat_result) -> tuple[int, int, int]:
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def _read_entry(
    dir_fd: int, name: str, shown: str, notes: list[str]
) -> tuple[bytes, Metadata, os.stat_result]:
    """The bytes, metadata and status of the regular file ``name`` (never a link)."""
    try:
        fd = os.open(name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC, dir_fd=dir_fd)
    except FileNotFoundError:
        raise NotFoundError(
            f"{shown} was removed since it was read",
            suggestion="Check the path, and read the file again before changing it.",
        ) from None
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS:
            raise PermissionDeniedError(
                f"permission denied: {shown} changed into a symbolic link while written",
                suggestion="Check the path; prx never writes through a link it did not check.",
            ) from None
        raise _os_error(exc, shown, "read") from None
    try:
        info = os.fstat(fd)
        if not stat_module.S_ISREG(info.st_mode):
            raise PrxIOError(f"not a regular file: {shown}")
        chunks: list[bytes] = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        meta = capture(fd, info, shown, notes)
    except OSError as exc:
        if isinstance(exc, PrxError):
            raise
        raise _os_error(exc, shown, "read") from None
    finally:
        try:
            os.close(fd)
        except OSError:
            pass
    return b"".join(chunks), meta, info


def _refuse_read_only(info: os.stat_result, dir_fd: int, name: str, shown: str) -> None:
    """Refuse a file nobody may write (even root: the mode says read-only) or that this
    process may not write."""
    bits = stat_module.S_IMODE(info.st_mode)
    if not bits & 0o222 or not os.access(name, os.W_OK, dir_fd=dir_fd):
        raise PermissionDeniedError(
            f"permission denied: {shown} is read-only",
            suggestion="Make the file writable (chmod u+w) if it should be changed.",
        )


def _temp_name(name: str) -> str:
    import secrets

    suffix = f"{TEMP_MARKER}{os.getpid()}-{secrets.token_hex(4)}"
    encoded = os.fsencode(name)
    room = _NAME_MAX - 1 - len(suffix)
    if len(encoded) > room:  # a long name: its temporary takes a prefix of it
        encoded = encoded[:room]
    return "." + os.fsdecode(encoded) + suffix


def _describe(exc: OSError) -> str:
    return os.strerror(exc.errno) if exc.errno else str(exc)


def _os_error(exc: OSError, path: str, doing: str) -> PrxError:
    if isinstance(exc, PermissionError) or exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return PermissionDeniedError(
            f"permission denied: cannot {doing} {path} ({_describe(exc)})",
            suggestion="Check the permissions of the file and of its directory.",
        )
    return PrxIOError(f"cannot {doing} {path}: {_describe(exc)}")
