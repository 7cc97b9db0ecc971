"""A scratch copy of the project, for checking a change without writing it (a dry run
with ``check="always"``).

The copy lives in the check's temporary directory. Regular files are copied (never hard
linked: a tool writing a file in place would write through the link into the project);
directories of other people's code and build outputs that no change touches
(``node_modules``, ``target``, virtual environments, ``vendor``) are symbolic links to the
project's own, which the checkers only read (a cargo check of a copy builds into the
temporary directory). Version-control and cache directories are left out. A link of the
project is copied as a link: to the same place in the copy when it leads inside the
project, to the same absolute target otherwise.

The change is then written into the copy, file by file, never through a link that leaves
it.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Sequence

from prx.core.errors import PermissionDeniedError
from prx.engine.check.programs import inside
from prx.engine.files.atomic import FileChange

__all__ = ["LEFT_OUT", "LINKED", "copy_tree", "remove_tree", "write_changes"]

#: Directories not copied at all.
LEFT_OUT = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".prx",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".tox",
        ".nox",
    }
)
#: Directories linked to the project's own instead of copied (unless a change is inside).
LINKED = frozenset({"node_modules", "target", ".venv", "venv", "vendor", "bower_components"})
#: Files larger than this are left out of the copy (no source file is that large).
MAX_COPIED_BYTES = 64 * 1024 * 1024


def copy_tree(root: str, dest: str, changed: Sequence[str]) -> None:
    """Copy the project ``root`` to the new directory ``dest``; ``changed`` are the
    absolute paths of the changed files (their directories are copied, not linked)."""
    real_root = os.path.realpath(root)
    touched_dirs = _ancestors(root, changed)
    from prx.core.progress import check_cancelled

    os.makedirs(dest, exist_ok=True)
    for folder, dirs, files in os.walk(root):
        check_cancelled()
        rel_folder = os.path.relpath(folder, root)
        target_folder = os.path.normpath(os.path.join(dest, rel_folder))
        kept = []
        for name in dirs:
            source = os.path.join(folder, name)
            rel = os.path.normpath(os.path.join(rel_folder, name))
            if name in LEFT_OUT:
                continue
            if os.path.islink(source):
                _copy_link(source, os.path.join(target_folder, name), real_root, dest)
            elif name in LINKED and rel not in touched_dirs:
                os.symlink(os.path.realpath(source), os.path.join(target_folder, name))
            else:
                os.mkdir(os.path.join(target_folder, name))
                kept.append(name)
        dirs[:] = kept
        for name in files:
            source = os.path.join(folder, name)
            target = os.path.join(target_folder, name)
            if os.path.islink(source):
                _copy_link(source, target, real_root, dest)
            else:
                _copy_file(source, target)


def _ancestors(root: str, changed: Sequence[str]) -> set[str]:
    """Every directory (relative to ``root``) holding a changed file, at any depth."""
    found = set()
    for path in changed:
        rel = os.path.relpath(os.path.abspath(path), root)
        parts = rel.split(os.sep)[:-1]
        for depth in range(1, len(parts) + 1):
            found.add(os.path.join(*parts[:depth]))
    return found


def _copy_file(source: str, target: str) -> None:
    try:
        info = os.lstat(source)
    except OSError:
        return
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_COPIED_BYTES:
        return
    try:
        shutil.copyfile(source, target, follow_symlinks=False)
        os.chmod(target, stat.S_IMODE(info.st_mode) | stat.S_IWUSR | stat.S_IRUSR)
    except OSError:
        pass  # unreadable: the checkers see the copy without it, before and after alike


def _copy_link(source: str, target: str, real_root: str, dest: str) -> None:
    """A link of the project, in the copy: to the copy's own place for a target inside
    the project, else to the same absolute target."""
    real = os.path.realpath(source)
    if real == real_root or real.startswith(real_root + os.sep):
        place = os.path.join(dest, os.path.relpath(real, real_root))
        os.symlink(os.path.relpath(place, os.path.dirname(target)), target)
    else:
        os.symlink(real, target)


def write_changes(root: str, dest: str, changes: Sequence[FileChange]) -> None:
    """Make ``changes`` (paths in ``root``) in the copy ``dest``, never through a link
    that leads out of it."""
    for change in changes:
        rel = os.path.relpath(os.path.abspath(change.path), root)
        target = os.path.join(dest, rel)
        if os.path.islink(target) and inside(target, [dest]):
            target = os.path.realpath(target)  # as the project's write follows it
        parent = os.path.dirname(target)
        existing = parent
        while not os.path.lexists(existing):
            existing = os.path.dirname(existing)
        if not inside(existing, [dest]):
            raise PermissionDeniedError(
                f"permission denied: {rel} is reached through a link out of the scratch copy"
            )
        os.makedirs(parent, exist_ok=True)  # below ``existing``: no link on the way
        if os.path.lexists(target):
            os.unlink(target)
        if change.new is None:
            continue
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(target, flags, 0o644)
        try:
            view = memoryview(change.new)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)


def remove_tree(path: str) -> None:
    """Remove the check's temporary directory (links in it are removed, never followed;
    a directory a tool left read-only is made writable first)."""
    shutil.rmtree(path, ignore_errors=True)
    if not os.path.lexists(path):
        return
    for folder, dirs, _files in os.walk(path):
        for name in dirs:
            full = os.path.join(folder, name)
            if not os.path.islink(full):
                try:
                    os.chmod(full, 0o700)
                except OSError:
                    pass
    shutil.rmtree(path, ignore_errors=True)
