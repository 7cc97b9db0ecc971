"""The model-facing text of a rename: one line (old -> new, dry run or written, counts),
each file's changed lines as ``LINE: after`` (the line as it becomes; the old name is in
the header), conflicts and the occurrences left alone with why, the checker last."""

from __future__ import annotations

from collections.abc import Mapping

from prx.core.textform import check_lines, omitted_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    state = "written" if data.get("applied") else "dry run (apply to write)"
    target = f", {data['target']}" if data.get("target") else ""
    lines = [
        f"{data['old']} -> {data['new']}{target}: {state}, {data['total_replacements']} "
        f"replacements in {data['files_changed']} file{'s' if data['files_changed'] != 1 else ''}"
    ]
    for entry in data.get("changes") or ():
        lines.append(f"{entry['file']} ({entry['engine']}, {entry['replacements']})")
        for line in entry.get("lines") or ():
            mark = " [import]" if line.get("in_import") else ""
            lines.append(f"{line['line']}: {line['after'].strip()}{mark}")
    for conflict in data.get("conflicts") or ():
        lines.append(
            f"conflict {conflict['file']}:{conflict['line']} {conflict['kind']}: "
            f"{conflict['message']}"
        )
    left = data.get("left_alone") or ()
    if left:
        lines.append(f"left alone ({len(left)}):")
        lines.extend(f"{s['file']}:{s['line']} [{s['reason']}] {s['text'].strip()}" for s in left)
    skipped = data.get("skipped") or {}
    if skipped:
        lines.append("skipped: " + ", ".join(f"{n} {why}" for why, n in skipped.items()))
    if data.get("truncated"):
        lines.append(f"[{omitted_text(data.get('omitted'), 'lines') or 'more left out'}]")
    lines.extend(check_lines(data.get("check")))
    lines.extend(f"note: {note}" for note in data.get("notes") or ())
    return "\n".join(lines)
