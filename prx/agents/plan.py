"""What ``prx init`` does: the plan (read the same way for a dry run and a real one) and
writing it (atomically, with backups)."""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from prx._types.init import InitFile, InitResult
from prx.agents import edits
from prx.agents.targets import CLIENTS, Client, detected, user_path
from prx.errors import InvalidArgumentError, did_you_mean

__all__ = ["init"]

#: Lines of one file's diff shown in the answer.
DIFF_LINES = 60
BACKUP_SUFFIX = ".prx-backup"


class _Planned:
    """One file: where it is, what it holds and what it should hold."""

    def __init__(self, path: Path, shown: str, client: str) -> None:
        self.path, self.shown, self.client = path, shown, client
        self.old: str | None = None
        self.new: str | None = None
        self.mode: int | None = None
        self.note: str | None = None
        self.action = "unchanged"


def _choose(names: Sequence[str], project: Path) -> list[Client]:
    known = {c.name: c for c in CLIENTS}
    for name in names:
        if name not in known:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: unknown client {name!r} (known: {', '.join(known)})",
                suggestion=did_you_mean(name, known),
                param="client",
            )
    if names:
        return [known[n] for n in dict.fromkeys(names)]
    found = [c for c in CLIENTS if detected(c, project)]
    if not found:
        raise InvalidArgumentError(
            "no agent client found: none of their configuration directories or executables "
            f"exist (prx can configure {', '.join(known)})",
            suggestion="Name the clients to configure with {param}, e.g. {param} cursor.",
            param="client",
        )
    return found


def _inside(path: str, directory: str) -> bool:
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def _check_path(path: Path, base: Path, confine: bool) -> str | None:
    """Why ``path`` must not be written (a dangling symlink on the way, or, with
    ``confine``, a real path outside ``base``); None when it may."""
    current = base
    for part in path.relative_to(base).parts:
        current = current / part
        if current.is_symlink() and not current.exists():
            return f"{current} is a symbolic link to nothing; left untouched"
    if confine:
        real, root = os.path.realpath(path), os.path.realpath(base)
        if not _inside(real, root):
            return f"leads outside the project (to {real}); left untouched"
    if path.exists() and not path.is_file():
        return "is not a regular file; left untouched"
    return None


def _file_path(client: Client, project: Path, user: bool) -> tuple[Path, Path, str] | None:
    """(file, base directory, shown name) of ``client`` at the scope, None when it has none."""
    if user:
        if client.user is None:
            return None
        path, base = user_path(client.user), Path.home()
        shown = "~/" + path.relative_to(base).as_posix()
    else:
        if client.project is None:
            return None
        path, base, shown = project / client.project, project, client.project
    for alternate in client.alternates:
        other = path.with_name(alternate)
        if other.exists() and not path.exists():
            path, shown = other, shown[: -len(path.name)] + alternate
    return path, base, shown


def _plan(
    item: _Planned,
    base: Path,
    confine: bool,
    change: Callable[[str | None], str | None],
) -> _Planned:
    reason = _check_path(item.path, base, confine)
    if reason is not None:
        item.action, item.note = "refused", reason
        return item
    try:
        if item.path.exists():
            data = item.path.read_bytes()
            item.mode = item.path.stat().st_mode & 0o7777
            try:
                item.old = data.decode("utf-8")
            except UnicodeDecodeError:
                item.action, item.note = "refused", "is not UTF-8 text; left untouched"
                return item
    except OSError as exc:
        item.action, item.note = "refused", f"cannot be read ({exc.strerror}); left untouched"
        return item
    # A file with Windows line endings throughout keeps them: edited as LF, written back.
    crlf = item.old is not None and item.old.count("\n") == item.old.count("\r\n") > 0
    try:
        new = change(item.old.replace("\r\n", "\n") if crlf and item.old else item.old)
        item.new = new.replace("\n", "\r\n") if crlf and new is not None else new
    except edits.Refused as exc:
        item.action, item.note = "refused", str(exc)
        return item
    if item.new == item.old:
        item.action = "unchanged"
    elif item.new is None:
        item.action = "delete"
    elif item.old is None:
        item.action = "create"
    else:
        item.action = "change"
    return item


def _diff(item: _Planned) -> str | None:
    if item.action not in ("create", "change", "delete"):
        return None
    lines = list(
        difflib.unified_diff(
            (item.old or "").splitlines(keepends=True),
            (item.new or "").splitlines(keepends=True),
            fromfile="/dev/null" if item.old is None else item.shown,
            tofile="/dev/null" if item.new is None else item.shown,
        )
    )
    lines = [line if line.endswith("\n") else line + "\n" for line in lines]
    if len(lines) > DIFF_LINES:
        lines = [*lines[:DIFF_LINES], f"... {len(lines) - DIFF_LINES} more diff lines\n"]
    return "".join(lines)


def _write(path: Path, data: bytes, mode: int | None) -> None:
    """Replace ``path`` (its real file, when it is a symlink) by ``data`` atomically."""
    real = Path(os.path.realpath(path))
    real.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644 if mode is None else mode)
        os.replace(temp, real)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):
        directory = os.open(real.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def _apply(item: _Planned) -> str | None:
    """Write one planned change; the backup's shown name when one was made."""
    backup = None
    if item.old is not None:
        real = Path(os.path.realpath(item.path))
        _write(real.with_name(real.name + BACKUP_SUFFIX), item.old.encode("utf-8"), item.mode)
        backup = item.shown + BACKUP_SUFFIX
    if item.new is None:
        os.unlink(os.path.realpath(item.path))
    else:
        _write(item.path, item.new.encode("utf-8"), item.mode)
    return backup


def init(
    project: Path,
    *,
    clients: Sequence[str] = (),
    user: bool = False,
    apply: bool = False,
    uninstall: bool = False,
) -> InitResult:
    """Register prx with the agent clients (see :func:`prx.init`)."""
    chosen = _choose(clients, project)
    planned: list[_Planned] = []
    for client in chosen:
        where = _file_path(client, project, user)
        if where is None:
            other = _file_path(client, project, not user)
            item = _Planned(project, other[2] if other else "-", client.name)
            item.action = "skipped"
            scope, flag = ("project", "") if user else ("user", " (user scope)")
            item.note = f"{client.title} is configured at {scope} scope only{flag}"
            planned.append(item)
            continue
        path, base, shown = where

        def change(old: str | None, client: Client = client) -> str | None:
            return edits.mcp_config(client, old, uninstall=uninstall)

        planned.append(_plan(_Planned(path, shown, client.name), base, not user, change))
    if not user:
        guides: list[tuple[str, Callable[..., str | None]]] = [
            ("AGENTS.md", edits.agents_md),
            ("CLAUDE.md", edits.claude_md),
            (".gitignore", edits.gitignore),
        ]
        for name, edit in guides:

            def guide(old: str | None, edit: Callable[..., str | None] = edit) -> str | None:
                return edit(old, uninstall=uninstall)

            planned.append(_plan(_Planned(project / name, name, "guide"), project, True, guide))
    files = []
    for item in planned:
        backup = None
        diff = _diff(item)
        if apply and item.action in ("create", "change", "delete"):
            try:
                backup = _apply(item)
            except OSError as exc:
                item.action, item.note = "failed", f"could not be written: {exc}"
        files.append(
            InitFile(
                path=item.shown,
                client=item.client,
                action=item.action,
                diff=diff,
                note=item.note,
                backup=backup,
            )
        )
    return InitResult(
        scope="user" if user else "project",
        applied=apply,
        uninstall=uninstall,
        clients=tuple(c.name for c in chosen),
        files=tuple(files),
        supported=tuple(c.name for c in CLIENTS),
    )
