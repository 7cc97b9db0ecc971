"""Renderers: the JSON envelope (default), the model-facing text for ``--text`` and a human
rendering for ``--plain``."""

from __future__ import annotations

import io
import json
import os

from prx.core.envelope import Envelope, dumps
from prx.plugin.frontends import Renderer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from prx.plugin.registry import Registry

__all__ = ["JsonRenderer", "PlainRenderer", "TextRenderer", "renderer_for", "wants_colour"]


def wants_colour(stream: object, environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``--plain`` output to ``stream`` should be coloured.

    The conventions of no-color.org and force-color.org, in the order CPython applies
    them: ``NO_COLOR`` (non-empty) turns colour off, else ``FORCE_COLOR`` (non-empty)
    turns it on, else ``TERM=dumb`` turns it off, else colour when ``stream`` is a
    terminal.
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except (OSError, ValueError):  # a closed or detached stream
        return False


def renderer_for(
    registry: Registry,
    form: str,
    stream: object,
    *,
    environ: Mapping[str, str] | None = None,
) -> Renderer:
    """The renderer the CLI writes ``stream`` with: ``json``, ``text`` (``--text``) or
    ``plain`` (``--plain``, coloured when :func:`wants_colour` says so for ``environ``, the
    process's environment by default)."""
    cls = registry.renderer(form)
    if issubclass(cls, PlainRenderer):
        return cls(colour=wants_colour(stream, environ))
    if issubclass(cls, TextRenderer):
        return cls(registry=registry)
    return cls()


class JsonRenderer(Renderer):
    """One line of compact JSON: the envelope exactly."""

    NAME = "json"

    def render(self, envelope: Envelope) -> str:
        return dumps(envelope)


class TextRenderer(Renderer):
    """The model-facing text: each operation's own rendering of its answer (the MCP
    text content), see :mod:`prx.core.textform`."""

    NAME = "text"

    def __init__(self, *, registry: Registry | None = None) -> None:
        self.registry = registry

    def render(self, envelope: Envelope) -> str:
        from prx.core.textform import render_text

        return render_text(envelope, self._text_of)

    def _text_of(self, command: str) -> Any:
        if self.registry is None:
            return None
        from prx.core.errors import InvalidCommandError

        try:
            return self.registry.operation(command).text
        except InvalidCommandError:  # not an operation (``batch``): the generic rendering
            return None


class PlainRenderer(Renderer):
    """Readable text for people; the data is the same, only the form differs.

    :param colour: emit ANSI colours and styles (the CLI sets it when stdout is a
        terminal, see :func:`wants_colour`); plain text otherwise.
    """

    NAME = "plain"

    def __init__(self, *, colour: bool = False) -> None:
        self.colour = colour

    def render(self, envelope: Envelope) -> str:
        from rich.console import Console
        from rich.markup import escape

        buffer = io.StringIO()
        # Everything decided here, nothing by rich from the environment or the buffer.
        console = Console(
            file=buffer,
            width=100,
            highlight=False,
            soft_wrap=True,
            force_terminal=self.colour,
            color_system="standard" if self.colour else None,
            no_color=not self.colour,
            force_jupyter=False,
            force_interactive=False,
        )
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


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True or value is False:
        return "yes" if value else "no"
    return str(value)


def _lines(data: Any, indent: str = "") -> list[str]:
    """``key: value`` lines, nested keys and list items indented below their key."""
    if isinstance(data, dict):
        items: list[tuple[str, Any]] = [(str(k), v) for k, v in data.items()]
    elif isinstance(data, list):
        items = [("-", v) for v in data]
    else:
        return [indent + line for line in _scalar(data).splitlines() or [""]]
    out: list[str] = []
    for key, value in items:
        label = key if key == "-" else f"{key}:"
        if isinstance(value, (dict, list)) and value:
            out.append(indent + label)
            out.extend(_lines(value, indent + "  "))
        elif isinstance(value, str) and "\n" in value.rstrip("\n"):
            out.append(indent + label)
            out.extend(indent + "  " + line for line in value.splitlines())
        else:
            shown = "(none)" if isinstance(value, (dict, list)) else _scalar(value)
            out.append(f"{indent}{label} {shown}")
    return out


def _generic(console: Any, data: Any) -> None:
    # Commands without a layout of their own (a plugin's): the data as indented
    # `key: value` lines, never the JSON again.
    for line in _lines(data):
        console.out(line, highlight=False)


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
        from prx.frontends.cli.layouts import numbered

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


def _percent(value: float | None) -> str:
    # No percentage of a zero baseline; negative savings keep their sign.
    return "n/a" if value is None else f"{value:.1f}"


def _stats(console: Any, data: Any) -> None:
    from rich.table import Table

    if data.get("periods"):
        table = Table("period", "calls", "returned", "baseline", "saved", "%", "fallback")
        for p in data["periods"]:
            table.add_row(
                p["label"],
                str(p["calls"]),
                str(p["tokens_returned"]),
                str(p["tokens_baseline"]),
                str(p["tokens_saved"]),
                _percent(p["savings_percent"]),
                _share(p.get("fallbacks", 0), p.get("fallback_rate", 0.0)),
            )
        console.print(table)
    if data.get("by_frontend"):
        fronts = Table("front-end", "calls", "returned", "baseline", "saved", "%", "fallbacks")
        for f in data["by_frontend"]:
            fronts.add_row(
                f["frontend"],
                str(f["calls"]),
                str(f["tokens_returned"]),
                str(f["tokens_baseline"]),
                str(f["tokens_saved"]),
                _percent(f["savings_percent"]),
                str(f["fallbacks"]),
            )
        console.print(fronts)
    if data.get("hooks"):
        hooks = Table("hook", "decision", "form", "why", "calls")
        for h in data["hooks"]:
            hooks.add_row(h["client"], h["decision"], h["form"], h["reason"], str(h["calls"]))
        console.print(hooks)
    if not data.get("by_command"):
        if not data.get("periods") and not data.get("reset"):
            console.print("no calls recorded", markup=False)
        return
    commands = Table(
        "command", "calls", "returned", "baseline", "saved", "%", "fallback", "baseline by"
    )
    for c in data["by_command"]:
        strategies = c.get("baseline_strategies") or {}
        commands.add_row(
            c["command"],
            str(c["calls"]),
            str(c["tokens_returned"]),
            str(c["tokens_baseline"]),
            str(c["tokens_saved"]),
            _percent(c["savings_percent"]),
            _share(c.get("fallbacks", 0), c.get("fallback_rate", 0.0)),
            ", ".join(f"{n} {how}" for how, n in strategies.items()),
        )
    console.print(commands)


def _share(count: int, rate: float) -> str:
    return f"{count} ({rate * 100:.1f}%)"


def _symbols(console: Any, symbols: list[dict[str, Any]], depth: int) -> None:
    for symbol in symbols:
        lines = symbol["lines"]
        span = f"{lines['start']:>5}-{lines['end']:<5}"
        console.out(f"{'  ' * depth}{span} {symbol['kind']:<8} {symbol['signature']}")
        _symbols(console, symbol.get("children", ()), depth + 1)


def _outline(console: Any, data: Any) -> None:
    if data.get("files") is None:
        console.out(f"{data['file']}  ({data['language'] or 'unknown language'})")
        _symbols(console, data["symbols"], 1)
        return
    for entry in data["files"]:
        console.out(f"{entry['file']}  ({entry['language']})")
        _symbols(console, entry["symbols"], 1)


def _init(console: Any, data: Any) -> None:
    what = "remove prx" if data["uninstall"] else "register prx"
    if data.get("hooks"):
        what = "remove prx's hook" if data["uninstall"] else "install prx's hook"
    if data["applied"]:
        console.out(f"{what}, {data['scope']} scope: written")
    else:
        console.out(f"{what}, {data['scope']} scope: dry run, nothing written (--apply writes)")
    for entry in data["files"]:
        console.out(f"  {entry['action']:<9} {entry['path']}  ({entry['client']})")
        for key in ("note", "backup"):
            if entry.get(key):
                console.out(f"            {key}: {entry[key]}")
        for line in (entry.get("diff") or "").splitlines():
            console.out("            " + line)


def _config(console: Any, data: Any) -> None:
    def shown(value: Any) -> str:
        if isinstance(value, list):
            return ",".join(map(str, value)) or "(none)"
        if isinstance(value, dict):
            return json.dumps(value, separators=(",", ":"))
        return _scalar(value)

    for row in data["settings"]:
        where = f" {row['origin']}" if row.get("origin") else ""
        console.out(f"{row['name']:<20} {shown(row['value']):<28} {row['source']}{where}")
    for entry in data["files"]:
        state = "read" if entry["read"] else "absent"
        console.out(f"{entry['scope']} file: {entry['path']} ({state})")
    for warning in data["warnings"]:
        console.out(f"problem: {warning}")


def _plugins(console: Any, data: Any) -> None:
    for entry in data["plugins"]:
        version = f"{entry['dist']} {entry['version']}" if entry.get("dist") else "-"
        console.out(f"{entry['name']:<24} {entry['origin']:<12} {version}")
        for kind, names in entry["registers"].items():
            console.out(f"    {kind}: {', '.join(names)}")
    for failure in data["failures"]:
        console.out(f"failed: {failure['name']} ({failure['dist']}): {failure['error']}")
    for note in data["notes"]:
        console.out(f"note: {note}")


def _layout(name: str) -> Any:
    # The long layouts live apart and load only with --plain.
    def show(console: Any, data: Any) -> None:
        from prx.frontends.cli import layouts

        getattr(layouts, name)(console, data)

    return show


def _search(console: Any, data: Any) -> None:
    if "files" not in data:  # search --exists: the answer and its confidence only
        console.out(f"{'yes' if data['exists'] else 'no'}, {data['confidence']}")
        return
    _layout("search_layout")(console, data)


_DATA = {
    "config": _config,
    "plugins": _plugins,
    "read": _read,
    "find": _find,
    "exists": _exists,
    "stats": _stats,
    "init": _init,
    "edit": _layout("edit_layout"),
    "outline": _outline,
    "search": _search,
    "bench": _layout("agent_bench_layout"),
    "bench-ndcg": _layout("bench_layout"),
    "run": _layout("run_layout"),
    "index": _layout("index_layout"),
    "diff": _layout("diff_layout"),
}
