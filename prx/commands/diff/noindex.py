"""Two files compared without git (``no_index``): the same hunks as ``git diff -U0``."""

from __future__ import annotations

import os

from prx.commands.diff.git import PATCH_BYTES_MAX
from prx.commands.diff.model import FilePatch, Hunk
from prx.core.errors import InvalidArgumentError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.context import Context

__all__ = ["compare_files", "is_binary", "text_lines"]

# git's heuristic: a NUL byte in the first 8000 bytes makes a file binary.
_SNIFF = 8000


def is_binary(data: bytes) -> bool:
    """Whether git would call ``data`` binary."""
    return b"\0" in data[:_SNIFF]


def text_lines(data: bytes) -> list[str]:
    """The lines of ``data`` as a diff compares them (no final empty line, no ``\\r``)."""
    lines = data.decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _mode(path: str) -> str:
    return "100755" if os.stat(path).st_mode & 0o111 else "100644"


def compare_files(
    ws: Context, old: str, new: str, shown_old: str, shown_new: str
) -> tuple[FilePatch, bytes, bytes]:
    """The patch turning file ``old`` into file ``new`` (both resolved), with both contents."""
    import difflib

    from prx.engine.files.text import load_text

    for given, full in ((shown_old, old), (shown_new, new)):
        if os.path.isdir(full):
            raise InvalidArgumentError(
                f"invalid argument {{param}}: {given} is a directory; two files are compared",
                param="paths",
                suggestion="Give two files, or run without {param:no_index} inside a git "
                "repository to compare directories.",
            )
    before = load_text(old, shown_old, ws.confined).data
    after = load_text(new, shown_new, ws.confined).data
    patch = FilePatch(
        status="modified",
        old_path=shown_old,
        new_path=shown_new,
        old_mode=_mode(old),
        new_mode=_mode(new),
    )
    if before == after:
        return patch, before, after
    if is_binary(before) or is_binary(after):
        patch.binary = True
        return patch, before, after
    if len(before) + len(after) > PATCH_BYTES_MAX:
        patch.complete = False
        return patch, before, after
    a, b = text_lines(before), text_lines(after)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        hunk = Hunk(a1 + 1 if a2 > a1 else a1, a2 - a1, b1 + 1 if b2 > b1 else b1, b2 - b1)
        hunk.removed = [line.rstrip("\r") for line in a[a1:a2]]
        hunk.added = [line.rstrip("\r") for line in b[b1:b2]]
        patch.hunks.append(hunk)
        patch.removed_lines += a2 - a1
        patch.added_lines += b2 - b1
    return patch, before, after
