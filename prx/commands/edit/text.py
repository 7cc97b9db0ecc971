"""The model-facing text of an edit: one line saying what happened (a dry run or
written, the replacements, whether the syntax holds), each file with the hash an applying
call can expect, each change as ``file:line function`` and its ``-``/``+`` lines; the
checker's findings and notes last."""

from __future__ import annotations

from collections.abc import Mapping

from prx.core.textform import check_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    state = "written" if data.get("applied") else "dry run (apply to write)"
    count = data.get("total_replacements", 0)
    syntax = (
        "syntax ok" if data.get("syntax_valid") else f"syntax error: {data.get('syntax_error')}"
    )
    lines = [f"{state}: {count} replacement{'s' if count != 1 else ''}, {syntax}"]
    for entry in data.get("files") or ():
        hashes = f"hash {entry.get('hash_before')} -> {entry.get('hash_after')}"
        extra = f", {entry['syntax_error']}" if entry.get("syntax_error") else ""
        lines.append(f"{entry['file']} ({entry['action']}, {hashes}{extra})")
    for change in data.get("changes") or ():
        where = f"{change['file']}:{change['line']}"
        if change.get("function"):
            where += f" {change['function']}"
        if change.get("match") and change["match"] != "exact":
            where += f" ({change['match']} match)"
        lines.append(where)
        lines.extend("-" + line for line in change["before"].split("\n"))
        lines.extend("+" + line for line in change["after"].split("\n"))
    lines.extend(check_lines(data.get("check")))
    lines.extend(f"note: {note}" for note in data.get("notes") or ())
    return "\n".join(lines)
