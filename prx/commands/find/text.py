"""The model-facing text of a find: one line per directory, ``dir/: name name ...`` (the
root's own files first, without a prefix), a name holding a space or a quote written as a
JSON string; the flat view one path per line. Then what was passed over and what a budget
left out. Sizes and languages stay in the JSON: the question was which files there are."""

from __future__ import annotations

import json
from collections.abc import Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    lines: list[str] = []
    if data.get("tree") is not None:
        directories: dict[str, list[str]] = {}
        _collect(data["tree"], "", directories)
        for directory, names in directories.items():
            shown = " ".join(_name(name) for name in names)
            lines.append(f"{_name(directory)}: {shown}" if directory else shown)
    elif data.get("flat") is not None:
        lines.extend(entry["path"] for entry in data["flat"])
    stats = data["stats"]
    if not lines:
        lines.append("no files")
    skipped = stats.get("skipped") or {}
    if skipped:
        said = ", ".join(f"{count} {why}" for why, count in sorted(skipped.items()))
        lines.append(f"skipped: {said}")
    if data.get("truncated"):
        left = stats["total_files"] - stats["returned"]
        token = data.get("continuation_token")
        more = f": continue {token}" if token else ""
        lines.append(f"[{left} more files{more}]")
    return "\n".join(lines)


def _is_file(node: Any) -> bool:
    return isinstance(node, Mapping) and isinstance(node.get("lines"), int)


def _collect(node: Mapping[str, Any], prefix: str, directories: dict[str, list[str]]) -> None:
    """Each directory's files, the directories in the tree's order (a directory's own
    files before its subdirectories')."""
    files = [name for name, child in node.items() if _is_file(child)]
    if files:
        directories.setdefault(prefix, []).extend(files)
    for name, child in node.items():
        if not _is_file(child):
            _collect(child, f"{prefix}{name}/", directories)


def _name(name: str) -> str:
    """A name as it can be read back: quoted when a space, a quote or a colon would
    make it ambiguous."""
    if not name or any(c in name for c in " \"':\t\n\\"):
        return json.dumps(name, ensure_ascii=False)
    return name
