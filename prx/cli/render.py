"""Renderers: the JSON envelope (default) and a human rendering for ``--plain``."""

from __future__ import annotations

import io
import json

from prx.envelope import Envelope, dumps
from prx.plugin._frontends import Renderer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["JsonRenderer", "PlainRenderer"]


class JsonRenderer(Renderer):
    """One line of compact JSON: the envelope exactly."""

    NAME = "json"

    def render(self, envelope: Envelope) -> str:
        return dumps(envelope)


class PlainRenderer(Renderer):
    """Readable text for people; the data is the same, only the form differs."""

    NAME = "plain"

    def render(self, envelope: Envelope) -> str:
        from rich.console import Console
        from rich.markup import escape

        buffer = io.StringIO()
        console = Console(file=buffer, width=100, highlight=False, soft_wrap=True)
        if envelope["status"] == "error":
            error = envelope["error"]
            code = escape("[" + error["code"] + "]")
            console.print(f"[bold red]error[/] {code} {escape(error['message'])}")
            if error.get("suggestion"):
                console.print(f"  hint: {error['suggestion']}", markup=False)
        elif envelope.get("fallback"):
            console.print(f"[yellow]fallback:[/] {escape(envelope['data']['source'])}")
            console.out(envelope["data"]["raw"], end="")
        else:
            _DATA.get(envelope["command"], _generic)(console, envelope["data"])
        for warning in envelope.get("warnings", ()):
            console.print(f"[yellow]warning:[/] {escape(warning)}")
        return buffer.getvalue().rstrip("\n")


def _generic(console: Any, data: Any) -> None:
    console.out(json.dumps(data, indent=2, ensure_ascii=False))


def _read(console: Any, data: Any) -> None:
    meta = data["meta"]
    from rich.markup import escape

    console.print(
        f"[bold]{escape(data['file'])}[/]  {meta['language'] or 'text'}, {meta['lines']} lines, "
        f"{meta['bytes']} bytes, hash {meta['hash']}"
    )
    content = data.get("content")
    if data.get("cached"):
        console.print("unchanged since the given hash", markup=False)
    if content:
        from prx.cli.layouts import numbered

        # Only the text as is has file lines; a skeleton or reduced text is shown as such.
        start = content["range"]["start"] if content.get("mode") is None else None
        numbered(console, content["text"], start)
        if content.get("truncated"):
            console.print(f"[yellow]… cut by the budget; next: --lines {content['next_lines']}[/]")


def _find(console: Any, data: Any) -> None:
    from rich.markup import escape
    from rich.tree import Tree

    if data.get("tree") is not None:
        root = Tree(".")

        def add(node: Tree, items: dict[str, Any]) -> None:
            for name, value in items.items():
                if (
                    isinstance(value, dict)
                    and "lines" in value
                    and not isinstance(value["lines"], dict)
                ):
                    node.add(f"{escape(name)}  [dim]{value['lines']} lines[/]")
                else:
                    add(node.add(f"[bold]{escape(name)}/[/]"), value)

        add(root, data["tree"])
        console.print(root)
    elif data.get("flat") is not None:
        for entry in data["flat"]:
            console.out(f"{entry['path']}  ({entry['lines']} lines)")
    stats = data["stats"]
    line = f"{stats['returned']} of {stats['total_files']} files"
    if stats.get("skipped"):
        line += "; skipped " + ", ".join(f"{n} {why}" for why, n in stats["skipped"].items())
    console.print(line, markup=False)


def _exists(console: Any, data: Any) -> None:
    answer = "yes" if data["exists"] else "no"
    where = f" ({data['matched']}: {data['file']})" if data.get("file") else ""
    console.out(f"{answer}{where}, {data['confidence']}")


def _stats(console: Any, data: Any) -> None:
    from rich.table import Table

    table = Table("period", "calls", "returned", "baseline", "saved", "%")
    for p in data["periods"]:
        table.add_row(
            p["label"],
            str(p["calls"]),
            str(p["tokens_returned"]),
            str(p["tokens_baseline"]),
            str(p["tokens_saved"]),
            f"{p['savings_percent']:.1f}",
        )
    console.print(table)


def _symbols(console: Any, symbols: list[dict[str, Any]], depth: int) -> None:
    for symbol in symbols:
        lines = symbol["lines"]
        span = f"{lines['start']:>5}-{lines['end']:<5}"
        console.out(f"{'  ' * depth}{span} {symbol['kind']:<8} {symbol['signature']}")
        _symbols(console, symbol["children"], depth + 1)


def _outline(console: Any, data: Any) -> None:
    if data.get("files") is None:
        console.out(f"{data['file']}  ({data['language'] or 'unknown language'})")
        _symbols(console, data["symbols"], 1)
        return
    for entry in data["files"]:
        console.out(f"{entry['file']}  ({entry['language']})")
        _symbols(console, entry["symbols"], 1)


def _layout(name: str) -> Any:
    # The long layouts live apart and load only with --plain.
    def show(console: Any, data: Any) -> None:
        from prx.cli import layouts

        getattr(layouts, name)(console, data)

    return show


_DATA = {
    "read": _read,
    "find": _find,
    "exists": _exists,
    "stats": _stats,
    "outline": _outline,
    "search": _layout("search_layout"),
    "run": _layout("run_layout"),
    "index": _layout("index_layout"),
}
