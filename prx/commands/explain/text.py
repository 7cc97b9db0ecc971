"""The model-facing text of ``explain``: each definition's place and body (its signature
and docstring when the body is not shown), then references and tests grouped by file as
``LINE function: text``, each unsure one marked with how it was found."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from prx.core.textform import cuts_text, scalar_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    lines: list[str] = []
    definitions = data.get("definitions") or ()
    if not definitions:
        lines.append(f"{data['symbol']}: no definition found")
    if data.get("ambiguous"):
        lines.append(f"{len(definitions)} definitions of {data['symbol']}:")
    for item in definitions:
        inside = f" in {item['container']}" if item.get("container") else ""
        lines.append(
            f"{item['file']}:{item['line']}-{item['end_line']} {item['kind']}{inside}, "
            f"{item.get('references', 0)} references"
        )
        if item.get("body"):
            lines.append(item["body"].rstrip("\n"))
            if item.get("body_truncated"):
                lines.append("[body cut]")
        else:
            lines.append(item["signature"])
            if item.get("docstring"):
                lines.append(item["docstring"])
    for title, key in (("references", "references"), ("tests", "tests")):
        entries = data.get(key) or ()
        if entries:
            lines.append(f"{title} ({len(entries)}):")
            lines.extend(reference_lines(entries, len(definitions) > 1))
    if data.get("imported_by"):
        lines.append("imported by: " + ", ".join(data["imported_by"]))
    unrelated = data.get("unrelated") or {}
    if unrelated:
        said = ", ".join(f"{count} {why}" for why, count in unrelated.items())
        lines.append(f"other bindings of the name: {said}")
    lines.extend(cuts_text(data.get("omitted") or ()))
    lines.extend(f"note: {note}" for note in data.get("notes") or ())
    return "\n".join(lines)


def reference_lines(entries: Iterable[Mapping[str, Any]], several: bool = False) -> list[str]:
    """References by file: ``LINE function: text``, ``[by_name]``-style marks on the
    unsure ones, and which definition each means when there are several."""
    out: list[str] = []
    current = None
    for entry in entries:
        if entry["file"] != current:
            current = entry["file"]
            out.append(current)
        label = str(entry["line"])
        if entry.get("function"):
            label += f" {entry['function']}"
        marks = [entry["certainty"]] if entry.get("certainty", "resolved") != "resolved" else []
        if several and entry.get("definition"):
            marks.append(f"-> {entry['definition']}")
        mark = f" [{', '.join(marks)}]" if marks else ""
        out.append(f"{label}: {scalar_text(entry.get('text', '')).strip()}{mark}")
    return out
