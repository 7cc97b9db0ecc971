"""The model-facing text of a diff: per file one line (status, counts), then each hunk
as ``@@ -OLD +NEW function`` and its changed lines as ``-old`` / ``+new``, as git prints
them without the unchanged context; notes and what a budget left out last."""

from __future__ import annotations

import re
from collections.abc import Mapping

from prx.core.textform import omitted_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    files = data.get("files") or ()
    lines = [] if files else [f"no changes ({data['base']} to {data['target']})"]
    hunks: dict[str, list[Mapping[str, Any]]] = {}
    for hunk in data.get("hunks") or ():
        hunks.setdefault(hunk["file"], []).append(hunk)
    for entry in files:
        lines.append(_file_line(entry))
        for hunk in hunks.pop(entry["path"], ()):
            lines.extend(_hunk_lines(hunk))
    for rest in hunks.values():  # hunks of files the page did not list
        for hunk in rest:
            lines.append(hunk["file"])
            lines.extend(_hunk_lines(hunk))
    shown = {" ".join(line[1:].split()) for line in lines if line[:1] in "-+"}
    lines.extend(
        f"note: {_unrepeated(note, shown)}"
        for note in (*data.get("semantic_notes", ()), *data.get("notes", ()))
    )
    if data.get("truncated"):
        said = omitted_text(data.get("omitted"), "changes") or "more changes left out"
        token = data.get("continuation_token")
        lines.append(f"[{said}{f': continue {token}' if token else ''}]")
    return "\n".join(lines)


#: A semantic note that quotes a definition's signature before and after.
_SIGNATURE_NOTE = re.compile(
    r"^(?P<said>.*signature of `[^`]+` changed): `(?P<old>.*)` -> `(?P<new>.*)`$"
)


def _unrepeated(note: str, shown: set[str]) -> str:
    """``note`` without the signatures it quotes when the hunks above show both lines."""
    match = _SIGNATURE_NOTE.match(note)
    if match is None:
        return note
    old, new = (" ".join(match.group(side).split()) for side in ("old", "new"))
    if any(old in line for line in shown) and any(new in line for line in shown):
        return match.group("said")
    return note


def _file_line(entry: Mapping[str, Any]) -> str:
    said = entry["status"]
    if entry.get("old_path"):
        said += f" from {entry['old_path']}"
    if entry.get("binary"):
        said += ", binary"
    if entry.get("old_mode") or entry.get("new_mode"):
        said += f", mode {entry.get('old_mode')} -> {entry.get('new_mode')}"
    return f"{entry['path']} ({said}, +{entry['additions']} -{entry['deletions']})"


def _span(span: Mapping[str, int]) -> str:
    count = span["end"] - span["start"] + 1
    return str(span["start"]) if count == 1 else f"{span['start']},{count}"


def _hunk_lines(hunk: Mapping[str, Any]) -> list[str]:
    where = hunk.get("function") or hunk.get("old_function") or ""
    header = f"@@ -{_span(hunk['old_range'])} +{_span(hunk['new_range'])} {where}".rstrip()
    out = [header]
    removed: list[str] = []
    added: list[str] = []
    for change in hunk["changes"]:
        if change.get("old") is not None:
            removed.append("-" + change["old"])
        if change.get("new") is not None:
            added.append("+" + change["new"])
    return out + removed + added
