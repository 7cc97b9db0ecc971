"""What ``prx init`` does: the plan (read the same way for a dry run and a real one) and
writing it.

Every file is read and written beneath a confined root: the project, or the home
directory for ``--user`` files. A path that leads outside it (a symbolic link), or through
a link to nothing, or to something that is not a regular file, is refused and left
untouched; so is a read-only file prx would have to change. Writes go through
:func:`prx.engine.files.atomic.apply_changes`: under the lock every prx writer takes, only when
the file still holds what the plan read, atomically, keeping owner, mode and extended
attributes.

Backups. Before a file that exists is changed or deleted, its bytes are saved beside it
(beside a link's target) in ``NAME.prx-backup``, created in the same all-or-nothing write
and exclusively: a name that already exists, whatever it is (an earlier backup, a link a
repository ships), is never written through or replaced; the next free name
``NAME.prx-backup-2``, ``-3`` ... is used, and the plan says so.
"""

from __future__ import annotations

import difflib
import os
import stat as stat_module
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from prx.commands.init import edits
from prx.commands.init.targets import CLIENTS, Client, detected, user_path
from prx.core.confined import ConfinedRoot
from prx.core.errors import InvalidArgumentError, NotFoundError, PrxError, PrxIOError, did_you_mean
from prx.core.results.init import InitFile, InitResult
from prx.engine.files.atomic import FileChange, apply_changes

__all__ = ["init"]

#: Lines of one file's diff shown in the answer.
DIFF_LINES = 60
BACKUP_SUFFIX = ".prx-backup"
#: Numbered backup names tried before the backup is refused.
_BACKUP_NAMES = 100


class _Planned:
    """One file: where it is, what it holds and what it should hold."""

    def __init__(self, path: Path, shown: str, client: str) -> None:
        self.path, self.shown, self.client = path, shown, client
        #: The bytes read (the write happens only while the file still holds them).
        self.data: bytes | None = None
        self.old: str | None = None
        self.new: str | None = None
        self.mode: int | None = None
        self.writable = True
        self.links = 1
        self.note: str | None = None
        self.action = "unchanged"
        #: Where the backup goes (absolute) and its name as shown.
        self.backup: str | None = None
        self.backup_shown: str | None = None


class _Base:
    """The confined root of a scope, and how its paths are shown."""

    def __init__(self, directory: Path, user: bool) -> None:
        self.root = ConfinedRoot(directory)
        self.user = user
        self.name = "home directory" if user else "project"

    def shown(self, path: str) -> str:
        rel = self.root.relative(path)
        return "~/" + rel if self.user else rel


def _choose(names: Sequence[str], project: Path, *, hooks: bool = False) -> list[Client]:
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
    if hooks:
        from prx.commands.init.hooks import HOOKS

        found = [c for c in found if c.name in HOOKS]
        if not found:
            raise InvalidArgumentError(
                "no agent client with a pre-shell hook found (prx can install hooks for "
                f"{', '.join(HOOKS)})",
                suggestion="Name the client with {param}, e.g. {param} claude-code.",
                param="client",
            )
    if not found:
        raise InvalidArgumentError(
            "no agent client found: none of their configuration directories or executables "
            f"exist (prx can configure {', '.join(known)})",
            suggestion="Name the clients to configure with {param}, e.g. {param} cursor.",
            param="client",
        )
    return found


def _check_path(path: Path, base: _Base) -> str | None:
    """Why ``path`` must not be written (a dangling symlink on the way, a link leading
    outside the base, not a regular file); None when it may."""
    current = Path(base.root.path)
    for part in Path(os.path.abspath(path)).relative_to(base.root.path).parts:
        current = current / part
        if current.is_symlink() and not current.exists():
            return f"{current} is a symbolic link to nothing; left untouched"
    try:
        base.root.resolve(str(path))
    except PrxError:
        real = os.path.realpath(path)
        return f"leads outside the {base.name} (to {real}); left untouched"
    if path.exists() and not path.is_file():
        return "is not a regular file; left untouched"
    return None


def _read(item: _Planned, base: _Base) -> None:
    """Read the file beneath the base: its bytes, mode and whether it may be written."""
    try:
        fd = base.root.open(str(item.path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except NotFoundError:
        return
    try:
        info = os.fstat(fd)
        if not stat_module.S_ISREG(info.st_mode):
            raise PrxIOError(f"{item.shown} is not a regular file")
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(fd)
    item.data = b"".join(chunks)
    item.mode = stat_module.S_IMODE(info.st_mode)
    item.links = info.st_nlink
    # As edit refuses: no write bit at all (even for root), or none for this process.
    item.writable = bool(item.mode & 0o222) and os.access(item.path, os.W_OK)


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
    base: _Base,
    change: Callable[[str | None], str | None],
) -> _Planned:
    reason = _check_path(item.path, base)
    if reason is not None:
        item.action, item.note = "refused", reason
        return item
    try:
        _read(item, base)
    except (OSError, PrxError) as exc:
        why = exc.message if isinstance(exc, PrxError) else exc.strerror
        item.action, item.note = "refused", f"cannot be read ({why}); left untouched"
        return item
    if item.data is not None:
        try:
            item.old = item.data.decode("utf-8")
        except UnicodeDecodeError:
            item.action, item.note = "refused", "is not UTF-8 text; left untouched"
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
    if item.action in ("change", "delete"):
        if not item.writable:
            item.action = "refused"
            item.note = (
                "is read-only; left untouched (make it writable, chmod u+w, to let prx change it)"
            )
            return item
        if item.action == "change" and item.links > 1:
            item.action = "refused"
            item.note = (
                f"has {item.links} hard links: replacing it would leave the other names with "
                "the old content; left untouched"
            )
            return item
        _plan_backup(item, base)
    return item


def _plan_backup(item: _Planned, base: _Base) -> None:
    """The first free backup name beside the file (beside its target, for a link)."""
    try:
        with base.root.locate(str(item.path)) as where:
            directory = os.path.dirname(where.path)
            taken: list[str] = []
            for number in range(1, _BACKUP_NAMES + 1):
                name = where.name + BACKUP_SUFFIX + ("" if number == 1 else f"-{number}")
                try:
                    info = os.stat(name, dir_fd=where.dir_fd, follow_symlinks=False)
                except FileNotFoundError:
                    break
                kind = "a symbolic link" if stat_module.S_ISLNK(info.st_mode) else "it"
                taken.append(f"{name} exists ({kind})" if kind != "it" else f"{name} exists")
            else:
                item.action = "refused"
                item.note = f"no free backup name ({where.name}{BACKUP_SUFFIX}-N); left untouched"
                return
    except (OSError, PrxError) as exc:
        why = exc.message if isinstance(exc, PrxError) else exc.strerror
        item.action, item.note = "refused", f"no backup can be made ({why}); left untouched"
        return
    item.backup = os.path.join(directory, name)
    item.backup_shown = base.shown(item.backup)
    if taken:
        item.note = (
            f"{'; '.join(taken[:3])}: left alone (a backup never replaces a file or follows "
            f"a link); the backup goes to {item.backup_shown}"
        )


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


def _apply(item: _Planned, base: _Base) -> tuple[str | None, tuple[str, ...]]:
    """Write one planned change (with its backup, all or nothing): the backup's shown
    name when one was made, and notes on what the write could not keep."""
    path = os.path.abspath(item.path)
    changes = []
    if item.data is not None and item.backup is not None:
        mode = None if item.mode is None else item.mode & 0o777
        changes.append(FileChange(path=item.backup, old=None, new=item.data, mode=mode))
    new = None if item.new is None else item.new.encode("utf-8")
    changes.append(FileChange(path=path, old=item.data, new=new))
    notes = apply_changes(changes, root=base.root)
    return (item.backup_shown if item.backup is not None else None), notes


def _hook_plan(
    chosen: Sequence[Client], project: Path, user: bool, uninstall: bool
) -> list[tuple[_Planned, _Base]]:
    """The hook settings files of the chosen clients that have a hook prx can use."""
    from prx.commands.init.hooks import HOOKS, hook_config

    planned: list[tuple[_Planned, _Base]] = []
    for client in chosen:
        target = HOOKS.get(client.name)
        relative = None if target is None else target.user if user else target.project
        if target is None or relative is None:
            item = _Planned(project, "-", client.name)
            item.action = "skipped"
            item.note = (
                f"{client.title} has no hook that can replace a shell command (docs/hooks.md)"
                if target is None
                else f"{client.title}'s hook is configured at "
                f"{'project' if user else 'user'} scope only"
            )
            planned.append((item, _Base(project, False)))
            continue
        directory = Path.home() if user else project
        shown = ("~/" if user else "") + relative
        base = _Base(directory, user)

        def change(old: str | None, target: Any = target) -> str | None:
            return hook_config(target, old, uninstall=uninstall)

        item = _plan(_Planned(directory / relative, shown, client.name), base, change)
        if target.note and not uninstall and item.action in ("create", "change", "unchanged"):
            item.note = "; ".join(filter(None, [item.note, target.note]))
        planned.append((item, base))
    return planned


def init(
    project: Path,
    *,
    clients: Sequence[str] = (),
    user: bool = False,
    apply: bool = False,
    uninstall: bool = False,
    hooks: bool = False,
) -> InitResult:
    """Register prx with the agent clients (see :func:`prx.init`)."""
    chosen = _choose(clients, project, hooks=hooks)
    planned: list[tuple[_Planned, _Base]] = []
    bases: dict[bool, _Base] = {}
    if hooks:
        planned = _hook_plan(chosen, project, user, uninstall)
        chosen = []
    for client in chosen:
        where = _file_path(client, project, user)
        if where is None:
            other = _file_path(client, project, not user)
            item = _Planned(project, other[2] if other else "-", client.name)
            item.action = "skipped"
            scope, flag = ("project", "") if user else ("user", " (user scope)")
            item.note = f"{client.title} is configured at {scope} scope only{flag}"
            planned.append((item, bases.setdefault(False, _Base(project, False))))
            continue
        path, directory, shown = where
        base = bases.setdefault(user, _Base(directory, user))

        def change(old: str | None, client: Client = client) -> str | None:
            return edits.mcp_config(client, old, uninstall=uninstall)

        planned.append((_plan(_Planned(path, shown, client.name), base, change), base))
    if not user and not hooks:
        guides: list[tuple[str, Callable[..., str | None]]] = [
            ("AGENTS.md", edits.agents_md),
            ("CLAUDE.md", edits.claude_md),
            (".gitignore", edits.gitignore),
        ]
        for name, edit in guides:

            def guide(old: str | None, edit: Callable[..., str | None] = edit) -> str | None:
                return edit(old, uninstall=uninstall)

            project_base = bases.setdefault(False, _Base(project, False))
            item = _Planned(project / name, name, "guide")
            planned.append((_plan(item, project_base, guide), project_base))
    files = []
    for item, base in planned:
        backup = None
        diff = _diff(item)
        if apply and item.action in ("create", "change", "delete"):
            try:
                backup, notes = _apply(item, base)
            except PrxError as exc:
                item.action, item.note = "failed", f"could not be written: {exc.message}"
            else:
                if notes:
                    item.note = "; ".join([*([item.note] if item.note else []), *notes])
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
        hooks=hooks,
        applied=apply,
        uninstall=uninstall,
        clients=tuple(dict.fromkeys(item.client for item, _ in planned if item.client != "guide"))
        if hooks
        else tuple(c.name for c in chosen),
        files=tuple(files),
        supported=tuple(c.name for c in CLIENTS),
    )
