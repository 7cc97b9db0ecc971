"""The model-facing text of ``context``: one line of counts, the module's own docs, its
ways in (``file:line signature``), each file with its outline, then the imports that
cross its edge; what a budget left out last, with how to get it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from prx.core.textform import cuts_text, symbol_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    stats = data["stats"]
    languages = ", ".join(f"{n} {name}" for name, n in (stats.get("languages") or {}).items())
    lines = [
        f"{data['target']} ({data['kind']}): {stats['files']} files, {stats['lines']} lines, "
        f"{stats['symbols']} symbols" + (f"; {languages}" if languages else "")
    ]
    for doc in data.get("docs") or ():
        cut = " [cut]" if doc.get("truncated") else ""
        lines.append(f"{doc['source']} ({doc['kind']}){cut}:")
        lines.append(doc["text"].rstrip("\n"))
    entrypoints = data.get("entrypoints") or ()
    if entrypoints:
        lines.append("entrypoints:")
        lines.extend(_entrypoint(entry) for entry in entrypoints)
    files = data.get("files") or ()
    if files:
        lines.append("files:")
        for entry in files:
            lines.append(f"{entry['path']} {entry['lines']}")
            lines.extend(symbol_lines(entry.get("symbols"), " "))
    for key, title in (("imports_in", "imported by"), ("imports_out", "imports")):
        links = data.get(key) or ()
        if links:
            lines.append(f"{title}:")
            lines.extend(_links(links))
    if data.get("external"):
        lines.append("external: " + ", ".join(data["external"]))
    lines.extend(cuts_text(data.get("omitted") or ()))
    lines.extend(f"note: {note}" for note in data.get("notes") or ())
    return "\n".join(lines)


def _entrypoint(entry: Mapping[str, Any]) -> str:
    place = f"{entry['file']}:{entry['line']}" if entry.get("file") else "(outside the tree)"
    used = ""
    if entry.get("references"):
        used = f" ({entry['references']} references in {entry['files']} files)"
    return f"{place} {entry['kind']} {entry['name']}: {entry['signature']}{used}"


def _links(links: Iterable[Mapping[str, Any]]) -> list[str]:
    out = []
    for link in links:
        names = f" ({', '.join(link['names'])})" if link.get("names") else ""
        target = f" -> {link['target']}" if link.get("target") else ""
        unsure = f" [{link['confidence']:.2f}]" if link.get("confidence", 1.0) < 1.0 else ""
        out.append(f"{link['source']}:{link['line']} {link['module']}{names}{target}{unsure}")
    return out
