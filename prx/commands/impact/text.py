"""The model-facing text of ``impact``: the counts in one line, then each dependent and
test as ``file:line text`` (its import) with the hops, the names it uses and the lines it
uses them on, unsure ones marked; re-exports and unused imports last."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from prx.core.textform import cuts_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    stats = data["stats"]
    target = data["target"] + (f" ({data['symbol']})" if data.get("symbol") else "")
    lines = [
        f"{target}: {stats['direct']} direct, {stats['transitive']} transitive, "
        f"{stats['tests']} tests"
    ]
    for title in ("dependents", "tests"):
        entries = data.get(title) or ()
        if entries:
            lines.append(f"{title}:")
            lines.extend(_dependent_lines(entries))
    for key, title in (("reexports", "re-exported by"), ("unused_imports", "imported, unused")):
        if data.get(key):
            lines.append(f"{title}: {', '.join(data[key])}")
    lines.extend(cuts_text(data.get("omitted") or ()))
    lines.extend(f"note: {note}" for note in data.get("notes") or ())
    return "\n".join(lines)


def _dependent_lines(entries: Iterable[Mapping[str, Any]]) -> list[str]:
    out = []
    for entry in entries:
        line = f"{entry['file']}:{entry['line']} {entry.get('text', '').strip()}"
        extra = []
        if entry.get("hops", 1) != 1:
            extra.append(
                f"{entry['hops']} hops" + (f" via {entry['via']}" if entry.get("via") else "")
            )
        if entry.get("names"):
            extra.append("uses " + ", ".join(entry["names"]))
        if entry.get("lines"):
            extra.append("on " + ", ".join(str(n) for n in entry["lines"]))
        if entry.get("certainty", "resolved") != "resolved":
            extra.append(entry["certainty"])
        out.append(line + (f" ({'; '.join(extra)})" if extra else ""))
    return out
