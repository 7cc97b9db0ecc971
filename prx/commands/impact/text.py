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
    selection = data.get("selection")
    if isinstance(selection, Mapping):
        return _selection_text(data, selection)
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


def _selection_text(data: Mapping[str, Any], selection: Mapping[str, Any]) -> str:
    """``impact --tests``: what changed, then one test per line (its runner id, the line
    it starts on, the reference chain that links it), then why it widened."""
    changed = selection.get("changed") or ()
    tests = selection.get("tests") or ()
    total = data.get("stats", {}).get("tests", len(tests))
    files = f"{selection.get('selected_files', 0)} of {selection.get('suite_files', 0)} test files"
    head = (
        f"changes vs {data['target']}: the whole suite ({files})"
        if selection.get("whole_suite")
        else f"changes vs {data['target']}: {total} tests in {files}"
    )
    lines = [head]
    if changed:
        lines.append(
            "changed: "
            + ", ".join(
                f"{c['file']}:{c['name']}" if c.get("name") else f"{c['file']} ({c['kind']})"
                for c in changed
            )
        )
    for test in tests:
        # A pytest id names its file; a Go, Rust or JUnit name is placed by file:line.
        named = str(test["id"])
        if not named.startswith(str(test["file"])):
            named = f"{test['file']}:{test.get('line', 0)} {named}"
        via = list(test.get("via") or ())
        if via and test.get("name") and via[-1] == f"{test['file']}:{test['name']}":
            via.pop()  # the test itself
        sure = "" if test.get("confidence", 1.0) == 1.0 else f" [{test['confidence']}]"
        chain = " <- ".join(reversed(via))
        lines.append(f"{named}{sure}" + (f" <- {chain}" if chain else ""))
    lines.extend(f"why: {reason}" for reason in selection.get("reasons") or ())
    lines.extend(cuts_text(data.get("omitted") or ()))
    lines.extend(f"note: {note}" for note in data.get("notes") or ())
    return "\n".join(lines)
