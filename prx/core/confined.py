"""One confined root: every path prx opens, creates, deletes or lists stays inside it.

A :class:`ConfinedRoot` is the project's directory seen as a boundary. Two kinds of check:

- :meth:`ConfinedRoot.resolve` turns a path a caller gave (a parameter, an entry of an edit
  list, a patch header, a dataset's ``root``, an index's file table) into an absolute path
  inside the root, or refuses it: a NUL byte, ``..`` above the root, an absolute path
  elsewhere, or a symbolic link on the way that leads out. It is a check of the path as it
  is now; it decides what a caller may name.
- :meth:`ConfinedRoot.open`, :meth:`ConfinedRoot.locate` and the functions built on them
  do the work at open time, the way ``openat2(RESOLVE_BENEATH)`` does: every component is
  opened relative to the directory before it with ``O_NOFOLLOW``, so a link swapped in
  between a check and a use is never followed. A link met on the way is read
  (``readlink``) and followed only when its target lies inside the root; its target is
  then resolved the same way from the root (at most :data:`MAX_LINKS` links per path).

Nothing here follows a path outside the root, whichever front-end, parameter or file the
path came from.
"""

from __future__ import annotations

import errno
import os
import stat as stat_module

from prx.core.errors import InvalidArgumentError, NotFoundError, PermissionDeniedError, PrxIOError

__all__ = [
    "MAX_LINKS",
    "ConfinedRoot",
    "Located",
    "byte_escapes_undone",
    "read_descriptor",
    "unsafe_relative",
]

#: Links followed while resolving one path before it is refused (as the kernel's ELOOP).
MAX_LINKS = 40

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_DIR_FLAGS = os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC
_SUGGESTION = (
    "Give a path inside the project root (relative paths start there); "
    "to work on another project, run prx there."
)


#: Among names joined by NUL (and framed by NULs), the marks of a relative path that could
#: name something outside its root: an absolute path, a trailing slash, an empty name or
#: component, a ``.`` or ``..`` component.
_UNSAFE_MARKS = (
    "\x00/",
    "/\x00",
    "//",
    "\x00\x00",
    "/./",
    "/../",
    "\x00./",
    "\x00../",
    "/.\x00",
    "/..\x00",
    "\x00.\x00",
    "\x00..\x00",
)


def unsafe_relative(paths: list[str]) -> str | None:
    """The first of ``paths`` (``/``-separated, relative to a root, as an index records
    them) that could lead outside the root, or None when all are plain.

    Substring searches over the joined names (C speed: an index's hundred thousand paths
    cost a few milliseconds); the offending name is looked for only when there is one.
    """
    if not paths:
        return None
    joined = "\x00" + "\x00".join(paths) + "\x00"
    if joined.count("\x00") == len(paths) + 1 and not any(m in joined for m in _UNSAFE_MARKS):
        return None
    for path in paths:
        framed = f"\x00{path}\x00"
        if "\x00" in path or any(mark in framed for mark in _UNSAFE_MARKS):
            return path
    return None  # pragma: no cover - the joined check found a mark spanning two names


def _inside(path: str, root: str) -> bool:
    # Whole components: /repo-other is not below /repo.
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


class Located:
    """A file's place found beneath the root: the directory that holds it (open), the
    name in it (never a link) and the path both spell, absolute and real."""

    __slots__ = ("dir_fd", "name", "path")

    def __init__(self, dir_fd: int, name: str, path: str) -> None:
        #: An open descriptor of the directory (the caller closes it, or uses ``with``).
        self.dir_fd = dir_fd
        #: The entry's name in that directory.
        self.name = name
        #: The entry's absolute path, every link resolved.
        self.path = path

    def __enter__(self) -> Located:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.dir_fd >= 0:
            os.close(self.dir_fd)
            self.dir_fd = -1


class ConfinedRoot:
    """The project's root directory as a boundary no path leaves.

    :param root: the root directory (made absolute; it may itself be reached through a
        link: the boundary is both its absolute and its real path).
    """

    __slots__ = ("path", "real")

    def __init__(self, root: str | os.PathLike[str]) -> None:
        #: The root as given, absolute and normalised.
        self.path = os.path.normpath(os.path.abspath(os.fspath(root)))
        #: The root with every link resolved.
        self.real = os.path.realpath(self.path)

    def __repr__(self) -> str:
        return f"ConfinedRoot({self.path!r})"

    # ------------------------------------------------------------------ checks by path

    def contains(self, path: str) -> bool:
        """Whether the absolute ``path`` is lexically inside the root (no I/O)."""
        normal = os.path.normpath(path)
        return _inside(normal, self.path) or _inside(normal, self.real)

    def relative(self, path: str) -> str:
        """``path`` (absolute, inside the root) relative to the root, ``/``-separated
        (``"."`` for the root itself)."""
        normal = os.path.normpath(path)
        base = self.path if _inside(normal, self.path) else self.real
        rel = os.path.relpath(normal, base)
        return rel.replace(os.sep, "/")

    def resolve(self, value: str | os.PathLike[str], *, param: str | None = None) -> str:
        """The absolute path ``value`` names, relative paths taken from the root; refused
        (``permission_denied``) when it is, or leads through a link, outside the root, and
        (``invalid_argument``) when it holds a NUL byte.

        The answer keeps the spelling under :attr:`path` (links inside the root are not
        resolved in it), so answers show the paths the caller knows.
        """
        text = os.fspath(value)
        if "\x00" in text:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: {text!r} contains a NUL byte",
                param=param or "path",
                suggestion="Paths cannot contain NUL bytes.",
            )
        lexical = os.path.normpath(os.path.join(self.path, text))
        if _inside(lexical, self.path):
            pass
        elif _inside(lexical, self.real):
            lexical = self.path + lexical[len(self.real) :]
        else:
            raise self.outside(text, "is outside the root")
        self._check_links(lexical, text)
        return lexical

    def outside(self, value: str, why: str) -> PermissionDeniedError:
        """The error for a path that leaves the root."""
        return PermissionDeniedError(
            f"permission denied: {value!r} {why} ({self.path})", suggestion=_SUGGESTION
        )

    def _check_links(self, lexical: str, shown: str) -> None:
        """Refuse ``lexical`` when a link on its way (its deepest existing part, resolved)
        leads outside the real root."""
        probe = lexical
        while not os.path.lexists(probe):
            parent = os.path.dirname(probe)
            if parent == probe or not _inside(parent, self.path):
                return
            probe = parent
        real = os.path.realpath(probe)
        if not _inside(real, self.real):
            raise self.outside(shown, "leads outside the root through a symbolic link")

    # ------------------------------------------------------------------ open beneath

    def _parts(self, path: str) -> list[str]:
        """The components of ``path`` (absolute inside the root, or relative to it)."""
        absolute = self.resolve(path) if not os.path.isabs(path) else os.path.normpath(path)
        if not self.contains(absolute):
            raise self.outside(path, "is outside the root")
        rel = self.relative(absolute)
        return [] if rel == "." else rel.split("/")

    def _open_root(self) -> int:
        try:
            return os.open(self.real, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
        except FileNotFoundError:
            raise NotFoundError(f"the root {self.path} does not exist") from None
        except OSError as exc:
            raise _io_error(exc, self.path, "open") from None

    def _follow(self, link: str, target: str, done: list[str], todo: list[str]) -> list[str]:
        """The components to resolve from the root once ``link`` (reached by ``done``)
        is replaced by its ``target``; refused when the target leaves the root."""
        if os.path.isabs(target):
            normal = os.path.normpath(target)
            if _inside(normal, self.real):
                base = self.real
            elif _inside(normal, self.path):
                base = self.path
            else:
                raise self.outside(link, "leads outside the root through a symbolic link")
            rel = os.path.relpath(normal, base)
            parts = [] if rel == "." else rel.split(os.sep)
            return parts + todo
        parts = list(done)
        for part in target.split("/"):
            if part in ("", "."):
                continue
            if part == "..":
                if not parts:
                    raise self.outside(link, "leads outside the root through a symbolic link")
                parts.pop()
            else:
                parts.append(part)
        return parts + todo

    def locate(self, path: str, *, follow: bool = True, create_dirs: bool = False) -> Located:
        """The directory holding ``path`` (open beneath the root, every component with
        ``O_NOFOLLOW``) and the entry's name in it.

        :param follow: when the entry itself is a link inside the root, locate its target
            instead (a write then changes the target, never replaces the link by a file);
            False: locate the link itself (to delete it).
        :param create_dirs: create missing directories on the way (mode 0o777 less umask).
        :raises PermissionDeniedError: the path, or a link on its way, leaves the root.
        :raises NotFoundError: a directory on the way is missing (without ``create_dirs``).
        """
        shown = path
        todo = self._parts(path)
        if not todo:
            raise PrxIOError(f"is a directory: {shown}", suggestion="Name a file in it.")
        fd = self._open_root()
        done: list[str] = []
        links = 0
        try:
            while True:
                part = todo.pop(0)
                if part == "..":  # only from a link's target, already checked
                    raise self.outside(shown, "is outside the root")
                if not todo:
                    target = _readlink(part, fd) if follow else None
                    if target is None:
                        located = Located(fd, part, os.path.join(self.real, *done, part))
                        fd = -1
                        return located
                else:
                    try:
                        child = os.open(part, _DIR_FLAGS, dir_fd=fd)
                    except OSError as exc:
                        target = _readlink(part, fd) if exc.errno in _LINK_ERRNOS else None
                        if target is None:
                            child = self._missing_dir(exc, part, fd, shown, create_dirs)
                            os.close(fd)
                            fd = child
                            done.append(part)
                            continue
                    else:
                        os.close(fd)
                        fd = child
                        done.append(part)
                        continue
                links += 1
                if links > MAX_LINKS:
                    raise PrxIOError(f"too many levels of symbolic links: {shown}")
                todo = self._follow(shown, target, done, todo)
                if not todo:
                    raise PrxIOError(f"is a directory: {shown}", suggestion="Name a file in it.")
                os.close(fd)
                fd = self._open_root()
                done = []
        finally:
            if fd >= 0:
                os.close(fd)

    def _missing_dir(self, exc: OSError, part: str, fd: int, shown: str, create_dirs: bool) -> int:
        if exc.errno == errno.ENOENT and create_dirs:
            try:
                os.mkdir(part, 0o777, dir_fd=fd)
            except FileExistsError:
                pass
            except OSError as made:
                raise _io_error(made, shown, "create a directory for") from None
            try:
                return os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as again:
                raise _io_error(again, shown, "open a directory of") from None
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            raise NotFoundError(f"file not found: {shown}") from None
        raise _io_error(exc, shown, "open a directory of") from None

    def open(self, path: str, flags: int = os.O_RDONLY, mode: int = 0o666) -> int:
        """A descriptor of ``path`` opened beneath the root (see :meth:`locate`); the final
        component is opened with ``O_NOFOLLOW`` too. The caller closes it."""
        with self.locate(path, create_dirs=bool(flags & os.O_CREAT)) as where:
            try:
                return os.open(where.name, flags | _NOFOLLOW | _CLOEXEC, mode, dir_fd=where.dir_fd)
            except FileNotFoundError:
                raise NotFoundError(f"file not found: {path}") from None
            except OSError as exc:
                if exc.errno in _LINK_ERRNOS and _readlink(where.name, where.dir_fd) is not None:
                    # Swapped for a link after it was located: refuse rather than follow.
                    raise self.outside(path, "changed into a symbolic link while opened") from None
                raise _io_error(exc, path, "open") from None

    def read_tree_file(self, path: str, limit: int = -1) -> bytes:
        """:meth:`read_bytes` for code that reads many files of the tree and handles
        ``OSError`` (a file gone, a link out, a directory): every failure is one."""
        try:
            return self.read_bytes(path, limit)
        except NotFoundError as err:
            raise FileNotFoundError(errno.ENOENT, str(err), path) from None
        except PermissionDeniedError as err:
            raise PermissionError(errno.EACCES, str(err), path) from None
        except PrxIOError as err:
            raise OSError(errno.EIO, str(err), path) from None

    def read_bytes(self, path: str, limit: int = -1) -> bytes:
        """The bytes of the regular file ``path`` (at most ``limit`` when not -1), opened
        beneath the root."""
        fd = self.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            info = os.fstat(fd)
            if stat_module.S_ISDIR(info.st_mode):
                raise PrxIOError(f"is a directory: {path}", suggestion="List it with {cmd:find}.")
            if not stat_module.S_ISREG(info.st_mode):
                raise PrxIOError(f"not a regular file: {path} (a pipe, socket or device)")
            return read_descriptor(fd, limit)
        finally:
            os.close(fd)


def read_descriptor(fd: int, limit: int = -1) -> bytes:
    """What is left to read from ``fd`` (at most ``limit`` bytes when not -1)."""
    chunks: list[bytes] = []
    left = limit
    while left:
        chunk = os.read(fd, 1 << 20 if left < 0 else min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk) if left > 0 else 0
    return b"".join(chunks)


#: What ``open(O_NOFOLLOW)`` answers for a link (ELOOP on Linux and macOS; EMLINK on
#: FreeBSD; ENOTDIR for a link to a file opened with O_DIRECTORY).
_LINK_ERRNOS = frozenset({errno.ELOOP, errno.EMLINK, errno.ENOTDIR})


def _readlink(name: str, dir_fd: int) -> str | None:
    """The target of the link ``name`` in ``dir_fd``, None when it is not a link."""
    try:
        return os.readlink(name, dir_fd=dir_fd)
    except OSError:
        return None


def _io_error(exc: OSError, path: str, doing: str) -> PermissionDeniedError | PrxIOError:
    if isinstance(exc, PermissionError) or exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return PermissionDeniedError(
            f"permission denied: cannot {doing} {path} ({os.strerror(exc.errno or 0)})",
            suggestion="Check the permissions of the file and of its directory.",
        )
    return PrxIOError(f"cannot {doing} {path}: {os.strerror(exc.errno or 0) or exc}")


_HEX = "0123456789abcdefABCDEF"


def byte_escapes_undone(path: str) -> str | None:
    """``path`` with each ``\\xNN`` turned back into the byte it shows (as Python spells a
    byte that is not UTF-8), or None when it holds no such escape.

    Answers show such bytes of a name as ``\\xNN`` (see
    :func:`prx.core.envelope.escape_surrogates`); this is the way back.
    """
    if "\\x" not in path:
        return None
    out: list[str] = []
    i, n, changed = 0, len(path), False
    while i < n:
        if path.startswith("\\x", i) and i + 3 < n and path[i + 2] in _HEX and path[i + 3] in _HEX:
            value = int(path[i + 2 : i + 4], 16)
            if value >= 0x80:  # ASCII bytes are never escaped: keep such text as it is
                out.append(chr(0xDC00 + value))
                i += 4
                changed = True
                continue
        out.append(path[i])
        i += 1
    return "".join(out) if changed else None
