"""Rendering results for people: a concise ``repr``, rich renderables and notebook HTML.

Each result becomes a neutral *view* first: a ranked table (search hits, with the query's
words highlighted in the snippets), a tree (an outline), sections (a run report, failures
first) or a list of fields (everything else). The view is then drawn with rich or as HTML,
so each kind of result is written once. rich is imported only by :func:`to_rich`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from prx.core.record import INTERNAL, fields_of

__all__ = ["concise_repr", "to_html", "to_rich", "view"]

_TEXT = 48  # characters of a string shown in a repr or a cell
_SNIPPET_LINES = 6


def _short(text: str, limit: int = _TEXT) -> str:
    text = text.replace("\n", "⏎ ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _brief(value: Any) -> str:
    """A value in a few characters: scalars as themselves, containers by size and kind."""
    if isinstance(value, str):
        return repr(_short(value))
    if isinstance(value, (list, tuple)):
        if not value:
            return "()"
        kinds = {type(item).__name__ for item in value}
        kind = kinds.pop() if len(kinds) == 1 else "item"
        return f"<{len(value)} {kind}>"
    if isinstance(value, Mapping):
        return f"<{len(value)} keys>" if value else "{}"
    if hasattr(type(value), "__record_fields__"):
        return f"{type(value).__name__}(…)"
    return repr(value)


def _fields(obj: Any) -> list[tuple[str, Any]]:
    return [(f.name, getattr(obj, f.name)) for f in fields_of(obj) if not f.metadata.get(INTERNAL)]


def concise_repr(obj: Any) -> str:
    """``Name(field=value, ...)`` with long strings cut and containers counted; fields
    that are None, False, empty or zero are left out."""
    shown = [
        f"{name}={_brief(value)}"
        for name, value in _fields(obj)
        if value not in (None, False, "", (), 0) and value != {}
    ]
    return f"{type(obj).__name__}({', '.join(shown)})"


# ----------------------------------------------------------------------------- views


class Table:
    """Rows under column headers; ``marks`` are words to highlight in the last column."""

    def __init__(
        self,
        title: str,
        columns: Sequence[str],
        rows: Sequence[Sequence[str]],
        marks: Sequence[str] = (),
    ) -> None:
        self.title, self.columns, self.rows, self.marks = (
            title,
            list(columns),
            list(rows),
            list(marks),
        )


class Tree:
    """A title over nested ``(label, children)`` nodes."""

    def __init__(self, title: str, nodes: Sequence[tuple[str, Sequence[Any]]]) -> None:
        self.title, self.nodes = title, list(nodes)


class Sections:
    """A headline, then titled parts in order."""

    def __init__(self, title: str, parts: Sequence[Table | Tree | str]) -> None:
        self.title, self.parts = title, list(parts)


View = Table | Tree | Sections


def _cell(value: Any) -> str:
    if isinstance(value, str):
        return _short(value, 80)
    if value is None:
        return "–"
    return _brief(value) if isinstance(value, (list, tuple, Mapping)) else str(value)


def _generic(obj: Any) -> Table:
    rows = [[name, _cell(value)] for name, value in _fields(obj)]
    return Table(type(obj).__name__, ["field", "value"], rows)


def _query_words(query: str) -> list[str]:
    return sorted({w for w in re.findall(r"\w+", query) if len(w) >= 2}, key=len, reverse=True)


def _search(obj: Any) -> Table:
    rows = []
    hits = [(group.file, match) for group in obj.files for match in group.matches]
    for rank, (file, match) in enumerate(hits, 1):
        lines = (match.snippet or "").splitlines()[:_SNIPPET_LINES]
        where = (
            f"{match.line}" if match.end_line == match.line else f"{match.line}-{match.end_line}"
        )
        rows.append([str(rank), file, where, f"{match.relevance:.3f}", "\n".join(lines)])
    title = f"search {obj.query!r} ({obj.mode}): {obj.returned} of {obj.total_matches}"
    return Table(title, ["#", "file", "lines", "score", "snippet"], rows, _query_words(obj.query))


def _symbols(symbols: Sequence[Any]) -> list[tuple[str, Sequence[Any]]]:
    return [
        (
            f"{s.kind} {s.name}  [{s.lines.start}-{s.lines.end}]",
            _symbols(s.children),
        )
        for s in symbols
    ]


def _outline(obj: Any) -> Tree:
    nodes: list[tuple[str, Sequence[Any]]]
    if obj.files is not None:
        nodes = [(f.file, _symbols(f.symbols)) for f in obj.files]
    else:
        nodes = _symbols(obj.symbols)
    return Tree(f"outline {obj.file}", nodes)


def _run(obj: Any) -> Sections:
    parts: list[Table | Tree | str] = []
    if obj.failures:
        rows = [
            [f.name, f"{f.file}:{f.line}" if f.file else "–", _short(f.message, 120)]
            for f in obj.failures
        ]
        parts.append(Table(f"failures ({len(rows)})", ["test", "where", "message"], rows))
    if obj.diagnostics:
        rows = [
            [d.severity, f"{d.file}:{d.line}", d.code or "", _short(d.message, 120)]
            for d in obj.diagnostics
        ]
        parts.append(
            Table(f"diagnostics ({len(rows)})", ["severity", "where", "code", "message"], rows)
        )
    if obj.tail:
        parts.append(obj.tail)
    return Sections(f"{' '.join(obj.command)}: {obj.summary}", parts)


_VIEWS: dict[str, Callable[[Any], View]] = {
    "SearchResult": _search,
    "OutlineResult": _outline,
    "RunReport": _run,
}


def view(obj: Any) -> View:
    """The view of a result: its own kind's, or the list of its fields."""
    return _VIEWS.get(type(obj).__name__, _generic)(obj)


# ------------------------------------------------------------------------------ HTML

_STYLE = (
    "<style>.prx-r table{border-collapse:collapse;font-size:90%}"
    ".prx-r th,.prx-r td{border:1px solid #ccc;padding:2px 6px;text-align:left;"
    "vertical-align:top}.prx-r pre{margin:0}.prx-r mark{background:#fff3a0}</style>"
)


def _marked(text: str, marks: Sequence[str]) -> str:
    escaped = html.escape(text)
    if not marks:
        return escaped
    pattern = re.compile("|".join(re.escape(html.escape(m)) for m in marks), re.IGNORECASE)
    return pattern.sub(lambda m: f"<mark>{m.group(0)}</mark>", escaped)


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in table.columns)
    body = []
    for row in table.rows:
        cells = [f"<td>{html.escape(c)}</td>" for c in row[:-1]]
        last = row[-1]
        cells.append(
            f"<td><pre>{_marked(last, table.marks)}</pre></td>"
            if "\n" in last or table.marks
            else f"<td>{html.escape(last)}</td>"
        )
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f"<table><caption>{html.escape(table.title)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def _html_nodes(nodes: Sequence[tuple[str, Sequence[Any]]]) -> str:
    if not nodes:
        return ""
    items = "".join(
        f"<li>{html.escape(label)}{_html_nodes(children)}</li>" for label, children in nodes
    )
    return f"<ul>{items}</ul>"


def _html(part: Table | Tree | Sections | str) -> str:
    if isinstance(part, Table):
        return _html_table(part)
    if isinstance(part, Tree):
        return f"<div><b>{html.escape(part.title)}</b>{_html_nodes(part.nodes)}</div>"
    if isinstance(part, Sections):
        inner = "".join(_html(p) for p in part.parts)
        return f"<div><b>{html.escape(part.title)}</b>{inner}</div>"
    return f"<pre>{html.escape(part)}</pre>"


def to_html(obj: Any) -> str:
    """The result as an HTML fragment for a notebook."""
    return f'{_STYLE}<div class="prx-r">{_html(view(obj))}</div>'


# ------------------------------------------------------------------------------ rich


def _rich(part: Table | Tree | Sections | str) -> Any:
    from rich.console import Group
    from rich.table import Table as RichTable
    from rich.text import Text
    from rich.tree import Tree as RichTree

    if isinstance(part, Table):
        table = RichTable(title=part.title, title_justify="left")
        for column in part.columns:
            table.add_column(column)
        for row in part.rows:
            last = Text(row[-1])
            for mark in part.marks:
                last.highlight_words([mark], style="bold yellow", case_sensitive=False)
            table.add_row(*row[:-1], last)
        return table
    if isinstance(part, Tree):
        tree = RichTree(part.title)

        def add(branch: Any, nodes: Sequence[tuple[str, Sequence[Any]]]) -> None:
            for label, children in nodes:
                add(branch.add(label), children)

        add(tree, part.nodes)
        return tree
    if isinstance(part, Sections):
        return Group(Text(part.title, style="bold"), *(_rich(p) for p in part.parts))
    return Text(part)


def to_rich(obj: Any) -> Any:
    """The result as a rich renderable (``rich.print(result)``, ``Console().print``)."""
    return _rich(view(obj))
