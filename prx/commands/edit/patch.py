"""Patches agents produce: unified diffs (as ``git diff`` prints them) and the
``*** Begin Patch`` format, parsed into per-file hunks."""

from __future__ import annotations

import re

from prx.core.errors import InvalidArgumentError
from prx.core.record import record

__all__ = ["FilePatch", "Hunk", "parse_patch"]

_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


@record
class Hunk:
    """One hunk: its lines as (op, text), op one of ``" "``, ``"-"``, ``"+"``."""

    ops: list[tuple[str, str]]
    #: First old line (unified diffs), None when the hunk is located by its text alone.
    old_start: int | None = None
    #: The ``@@ def name`` anchor of the Begin Patch format: a line at or before the hunk.
    anchor: str | None = None

    @property
    def old(self) -> list[str]:
        return [text for op, text in self.ops if op != "+"]

    @property
    def new(self) -> list[str]:
        return [text for op, text in self.ops if op != "-"]


class FilePatch:
    """The changes a patch makes to one file (filled in while the patch is parsed)."""

    def __init__(
        self, path: str, action: str, hunks: list[Hunk] | None = None, move_to: str | None = None
    ) -> None:
        #: The path as the patch names it (prefixes ``a/`` and ``b/`` removed).
        self.path = path
        #: ``update``, ``create`` or ``delete``.
        self.action = action
        self.hunks: list[Hunk] = [] if hunks is None else hunks
        #: Where an updated file moves to (``*** Move to:``), or None.
        self.move_to = move_to
        #: The new file's final-newline state when the patch sets it, else None (kept).
        self.final_newline: bool | None = None


def _bad(message: str) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"invalid argument {{param}}: {message}",
        param="patch",
        suggestion="Give a unified diff (as `git diff` prints it) or a `*** Begin Patch` "
        "... `*** End Patch` block.",
    )


def parse_patch(text: str) -> list[FilePatch]:
    """The file patches of ``text``, either format."""
    text = text.replace("\r\n", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    start = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    if start < len(lines) and lines[start].strip() == "*** Begin Patch":
        patches = _parse_begin_patch(lines[start + 1 :])
    else:
        patches = _parse_unified(lines)
    if not patches:
        raise _bad("no file change found in the patch")
    return patches


def _parse_begin_patch(lines: list[str]) -> list[FilePatch]:
    patches: list[FilePatch] = []
    current: FilePatch | None = None
    hunk: Hunk | None = None
    ended = False
    for number, line in enumerate(lines, start=2):
        if line.startswith("*** "):
            hunk = None
            head = line.strip()
            if head == "*** End Patch":
                ended = True
                break
            if head == "*** End of File":
                continue
            kind, _, path = head[4:].partition(": ")
            path = _checked(path.strip(), number)
            if kind == "Move to" and current is not None:
                current = _replace_move(patches, current, path)
                continue
            actions = {"Update File": "update", "Add File": "create", "Delete File": "delete"}
            if kind not in actions or not path:
                raise _bad(f"line {number}: unknown header {head!r}")
            current = FilePatch(path=path, action=actions[kind])
            patches.append(current)
            if current.action == "create":
                hunk = Hunk(ops=[])
                current.hunks.append(hunk)
            continue
        if current is None:
            if not line.strip():
                continue
            raise _bad(f"line {number}: text before the first `*** Update File:` header")
        if current.action == "delete":
            if line.strip():
                raise _bad(f"line {number}: a deleted file takes no lines")
            continue
        if current.action == "create":
            if not line.startswith("+"):
                raise _bad(f"line {number}: each line of an added file starts with '+'")
            assert hunk is not None
            hunk.ops.append(("+", line[1:]))
            continue
        if line.startswith("@@"):
            anchor = line[2:].strip()
            hunk = Hunk(ops=[], anchor=anchor or None)
            current.hunks.append(hunk)
            continue
        if hunk is None:
            hunk = Hunk(ops=[])
            current.hunks.append(hunk)
        op = line[:1] if line[:1] in (" ", "-", "+") else " "
        hunk.ops.append((op, line[1:] if line[:1] in (" ", "-", "+") else line))
    if not ended:
        raise _bad("the patch has no `*** End Patch` line (it may be cut short)")
    for patch in patches:
        patch.hunks[:] = [h for h in patch.hunks if h.ops or patch.action == "create"]
    return patches


def _checked(path: str, number: int) -> str:
    """``path`` as a patch names it, refused when no file can have that name."""
    if "\x00" in path:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: line {number} names the path {path!r}, which "
            "contains a NUL byte",
            param="patch",
            suggestion="Paths cannot contain NUL bytes; name the file as it is on disk.",
        )
    return path


def _replace_move(patches: list[FilePatch], current: FilePatch, path: str) -> FilePatch:
    current.move_to = path
    return current


def _strip_prefix(path: str) -> str:
    path = path.split("\t", 1)[0].strip()
    if path.startswith('"') and path.endswith('"'):
        path = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        path = path.encode("latin-1").decode("utf-8", "surrogateescape")
    if path.startswith(("a/", "b/")):
        return path[2:]
    return path


def _parse_unified(lines: list[str]) -> list[FilePatch]:
    patches: list[FilePatch] = []
    old_path: str | None = None
    current: FilePatch | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if line.startswith("diff --git "):
            current, old_path = None, None
            continue
        if line.startswith(("GIT binary patch", "Binary files ")):
            raise _bad("binary patches are not supported; change binary files otherwise")
        if line.startswith(("rename from ", "rename to ", "copy from ", "copy to ")):
            raise _bad(
                "renames and copies are not supported in a unified diff; use the "
                "`*** Move to:` line of the Begin Patch format"
            )
        if line.startswith("--- "):
            old_path = line[4:]
            continue
        if line.startswith("+++ ") and old_path is not None:
            new_path = line[4:]
            old_name = _checked(_strip_prefix(old_path), index - 1)
            new_name = _checked(_strip_prefix(new_path), index)
            if old_name == "/dev/null":
                current = FilePatch(path=new_name, action="create")
            elif new_name == "/dev/null":
                current = FilePatch(path=old_name, action="delete")
            else:
                current = FilePatch(path=new_name, action="update")
            patches.append(current)
            old_path = None
            continue
        header = _HUNK.match(line)
        if header:
            if current is None:
                raise _bad(f"a hunk ({line.strip()}) before any `---`/`+++` file header")
            index = _read_hunk(lines, index, header, current)
    return patches


def _read_hunk(lines: list[str], index: int, header: re.Match[str], patch: FilePatch) -> int:
    old_count = int(header.group(2)) if header.group(2) is not None else 1
    new_count = int(header.group(4)) if header.group(4) is not None else 1
    old_start = int(header.group(1))
    # "-A,0" means "after line A": the hunk starts at line A + 1.
    hunk = Hunk(ops=[], old_start=old_start + 1 if old_count == 0 else old_start)
    patch.hunks.append(hunk)
    old_seen = new_seen = 0
    old_ends_open = new_ends_open = False
    while index < len(lines):
        line = lines[index]
        if line.startswith("\\"):
            # "\ No newline at end of file": the line before it ends its file unterminated.
            last = hunk.ops[-1][0] if hunk.ops else " "
            old_ends_open |= last in (" ", "-")
            new_ends_open |= last in (" ", "+")
            index += 1
            continue
        if old_seen >= old_count and new_seen >= new_count:
            break
        op = line[:1] if line else " "
        if op not in (" ", "-", "+"):
            break
        hunk.ops.append((op, line[1:]))
        old_seen += op != "+"
        new_seen += op != "-"
        index += 1
    if old_seen != old_count or new_seen != new_count:
        raise _bad(
            f"hunk {header.group(0)} is cut short ({old_seen} old and {new_seen} new lines found)"
        )
    if new_ends_open:
        patch.final_newline = False
    elif old_ends_open:
        patch.final_newline = True
    return index
