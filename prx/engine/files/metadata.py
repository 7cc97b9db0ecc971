"""What a replaced file keeps besides its bytes: owner, group, mode, extended attributes.

An atomic write puts a new inode in place of the old one, so everything the old inode
carried is copied onto the new one before the rename (:func:`capture`, then :func:`restore`
on the temporary file):

- owner and group (``fchown``, when they are not already the writer's);
- the mode, setuid, setgid and sticky bits included; a setuid bit is dropped when the
  owner could not be kept, a setgid bit when the group could not (never a privilege
  bit on a file that changed hands);
- every extended attribute (ACLs are ``system.posix_acl_access``; SELinux labels
  ``security.selinux``; ``user.*``), and attributes the new inode got on its own (a
  default ACL of the directory) that the old one did not have are removed.

What cannot be kept (an attribute the file system or the writer's privileges refuse) is
not a failure: the write goes on, and each loss is returned as a note for the answer.
"""

from __future__ import annotations

import errno
import os
import stat as stat_module

__all__ = ["Metadata", "capture", "default_mode", "restore"]

#: What ``listxattr`` answers where the file system has no extended attributes.
_NO_XATTRS = frozenset({errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL})


class Metadata:
    """What an inode carries that a replacement must carry too."""

    __slots__ = ("gid", "mode", "nlink", "uid", "xattrs")

    def __init__(
        self, mode: int, uid: int, gid: int, nlink: int, xattrs: list[tuple[str, bytes]]
    ) -> None:
        #: Permission bits with setuid, setgid and sticky (``S_IMODE``).
        self.mode = mode
        self.uid = uid
        self.gid = gid
        #: Hard links to the inode.
        self.nlink = nlink
        #: Every extended attribute: (name, value).
        self.xattrs = xattrs


def default_mode() -> int:
    """The mode a new file gets: 0o666 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def capture(fd: int, info: os.stat_result, shown: str, notes: list[str]) -> Metadata:
    """The metadata of the open file ``fd`` (``info`` is its ``fstat``); attributes that
    cannot be read are noted in ``notes``."""
    xattrs: list[tuple[str, bytes]] = []
    if hasattr(os, "listxattr"):
        try:
            names = os.listxattr(fd)
        except OSError as exc:
            if exc.errno not in _NO_XATTRS:
                notes.append(f"{shown}: its extended attributes could not be read ({_why(exc)})")
            names = []
        for name in names:
            try:
                xattrs.append((name, os.getxattr(fd, name)))
            except OSError as exc:
                notes.append(f"{shown}: extended attribute {name} could not be read ({_why(exc)})")
    return Metadata(
        mode=stat_module.S_IMODE(info.st_mode),
        uid=info.st_uid,
        gid=info.st_gid,
        nlink=info.st_nlink,
        xattrs=xattrs,
    )


def restore(fd: int, meta: Metadata | None, mode: int | None, shown: str) -> list[str]:
    """Give the new file ``fd`` the old file's ``meta`` (or, for a new file, ``mode``, by
    default :func:`default_mode`); the notes of what could not be kept.

    Order matters: ownership first (a ``chown`` clears setuid and setgid), then the
    attributes (an ACL sets the group bits), then the mode.
    """
    if meta is None:
        os.fchmod(fd, default_mode() if mode is None else mode)
        return []
    notes: list[str] = []
    bits = meta.mode
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) != (meta.uid, meta.gid):
        kept_owner, kept_group = _chown(fd, meta, mine)
        if not kept_owner:
            notes.append(
                f"{shown}: its owner (uid {meta.uid}) could not be kept; it is now "
                f"uid {mine.st_uid}" + (", without its setuid bit" if bits & 0o4000 else "")
            )
            bits &= ~stat_module.S_ISUID
        if not kept_group:
            notes.append(
                f"{shown}: its group (gid {meta.gid}) could not be kept"
                + ("; its setgid bit was dropped" if bits & 0o2000 else "")
            )
            bits &= ~stat_module.S_ISGID
    if hasattr(os, "setxattr"):
        notes.extend(_copy_xattrs(fd, meta, shown))
    os.fchmod(fd, bits)
    return notes


def _chown(fd: int, meta: Metadata, mine: os.stat_result) -> tuple[bool, bool]:
    """Give ``fd`` the owner and group of ``meta``: (owner kept, group kept)."""
    try:
        os.fchown(fd, meta.uid, meta.gid)
        return True, True
    except OSError:
        pass
    kept_group = mine.st_gid == meta.gid
    if not kept_group:
        try:  # a member of the file's group may keep the group
            os.fchown(fd, -1, meta.gid)
            kept_group = True
        except OSError:
            pass
    return mine.st_uid == meta.uid, kept_group


def _copy_xattrs(fd: int, meta: Metadata, shown: str) -> list[str]:
    notes: list[str] = []
    wanted = dict(meta.xattrs)
    try:
        present = set(os.listxattr(fd))
    except OSError:
        present = set()
    for name in sorted(present - set(wanted)):
        try:
            os.removexattr(fd, name)
        except OSError as exc:
            notes.append(f"{shown}: extended attribute {name} was added ({_why(exc)})")
    for name, value in meta.xattrs:
        try:
            if name in present and os.getxattr(fd, name) == value:
                continue
            os.setxattr(fd, name, value)
        except OSError as exc:
            notes.append(f"{shown}: extended attribute {name} could not be kept ({_why(exc)})")
    return notes


def _why(exc: OSError) -> str:
    return os.strerror(exc.errno) if exc.errno else str(exc)
