"""The model-facing text of an outline: ``start-end  signature`` per symbol, children
indented under their parent; a directory's files each under its path."""

from __future__ import annotations

from collections.abc import Mapping

from prx.core.textform import generic_text, symbol_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    lines: list[str] = []
    files = data.get("files")
    if files is None:
        lines.extend(symbol_lines(data.get("symbols")) or ["no symbols"])
    else:
        for entry in files:
            lines.append(entry["file"])
            lines.extend(symbol_lines(entry.get("symbols"), " "))
    rest = {  # what a budget left out, notes: whatever the answer says besides
        key: value
        for key, value in data.items()
        if value and key not in ("file", "root", "language", "symbols", "files")
    }
    tail = generic_text(rest)
    if tail:
        lines.append(tail)
    return "\n".join(lines)
