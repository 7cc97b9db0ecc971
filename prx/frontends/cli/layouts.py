"""``--plain`` layouts for the commands with long answers: search, run, index, bench,
bench-ndcg, diff, edit.

Each takes a rich console and the envelope's ``data`` (plain JSON values). They show the
same facts as the JSON, shortened only where the JSON says where the rest is.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "agent_bench_layout",
    "bench_layout",
    "diff_layout",
    "edit_layout",
    "index_layout",
    "numbered",
    "run_layout",
    "search_layout",
]


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def file_lines(text: str) -> list[str]:
    """The lines of a text as prx counts them: split at ``\n`` only (not at the form
    feeds and other separators ``str.splitlines`` breaks on); a final newline does not
    start one more."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def numbered(console: Any, text: str, start: int | None, limit: int | None = None) -> int:
    """Print ``text``'s lines numbered from ``start`` (unnumbered when None), at most
    ``limit`` of them; the number of lines ``text`` has."""
    lines = file_lines(text)
    for offset, line in enumerate(lines[:limit]):
        where = f"{start + offset:>6}" if start is not None else " " * 6
        console.out(f"{where}  {line}", highlight=False)
    return len(lines)


def search_layout(console: Any, data: Any) -> None:
    console.print(
        f"[bold]{_escape(data['query'])}[/]  {data['mode']}: {_escape(data['mode_reason'])}"
    )
    for group in data["files"]:
        console.print(f"\n[bold cyan]{_escape(group['file'])}[/]")
        for match in group["matches"]:
            where = f"{match['line']}-{match['end_line']}"
            context = match.get("context_signature") or match.get("context_name") or ""
            console.print(
                f"  [cyan]{_escape(where)}[/]  {_escape(context)}  [dim]{match['relevance']:.3f}[/]"
            )
            if match.get("snippet") is not None:  # None: locations only
                numbered(console, match["snippet"], match["snippet_start"])
    footer = f"\n{data['returned']} of {data['total_matches']} matches"
    footer += f", {data.get('files_searched', 0)} files searched"
    if data.get("index"):
        footer += f", index: {data['index']}"
    console.print(footer, markup=False)
    if data.get("truncated") and data.get("continuation_token"):
        console.print(f"[yellow]more: --continue {data['continuation_token']}[/]")
    for key in ("warning", "suggestion"):
        if data.get(key):
            console.print(f"[yellow]{key}:[/] {_escape(data[key])}")


def _counts(data: Any) -> str:
    names = ("passed", "failed", "errors", "skipped", "xfailed", "xpassed")
    shown = [f"{data[name]} {name}" for name in names if data.get(name) is not None]
    return ", ".join(shown) if shown else "no counts reported by the tool"


def _location(*parts: object) -> str:
    """``file:line:column`` from the parts the tool gave (None ones left out)."""
    return ":".join(str(part) for part in parts if part is not None)


def run_layout(console: Any, data: Any) -> None:
    ok = data["exit_code"] == 0 and not data.get("timed_out")
    colour = "green" if ok else "red"
    # Keys whose value says nothing are left out of the JSON (see RunReport).
    command = " ".join(data.get("command", ()))
    tool = data.get("tool", "")
    console.print(
        f"[bold {colour}]exit {data['exit_code']}[/]  {_escape(tool)}: {_escape(command)}"
    )
    if data.get("timed_out"):
        console.print("[bold red]timed out: the process group was killed[/]")
    console.print(_counts(data), markup=False)
    for failure in data.get("failures", ()):
        where = _location(failure.get("file"), failure.get("line"))
        console.print(f"\n[red]FAIL[/] {_escape(failure['name'])}  [dim]{_escape(where)}[/]")
        console.out(f"  {failure['message']}", highlight=False)
        if failure.get("excerpt"):
            for line in failure["excerpt"].splitlines():
                console.out(f"    {line}", highlight=False)
    for diagnostic in data.get("diagnostics", ()):
        where = _location(diagnostic["file"], diagnostic.get("line"), diagnostic.get("column"))
        code = f" [{diagnostic['code']}]" if diagnostic.get("code") else ""
        console.out(
            f"{where}: {diagnostic['severity']}{code} {diagnostic['message']}", highlight=False
        )
    for kind in ("failures", "diagnostics"):
        if data.get(f"{kind}_omitted"):
            console.print(f"[yellow]… {data[f'{kind}_omitted']} more {kind}[/]")
    if data.get("tail"):
        console.print("\n[dim]last lines:[/]")
        console.out(data["tail"], highlight=False)
    if data.get("summary"):
        console.print(f"\n{_escape(data['summary'])}", markup=True)
    if data.get("raw_path"):
        console.print(
            f"[dim]full output ({data['tokens_raw']} tokens, {data['omitted_lines']} lines "
            f"left out here): {_escape(data['raw_path'])}[/]"
        )


def index_layout(console: Any, data: Any) -> None:
    console.print(
        f"[bold]{_escape(data['status'])}[/] {_escape(data['path'])}: "
        f"{data['files_indexed']} files, {data['chunks']} chunks in {data['duration_ms']} ms"
    )
    changes = ("files_changed", "files_unchanged", "files_removed")
    console.print(
        ", ".join(f"{data.get(k, 0)} {k.removeprefix('files_')}" for k in changes), markup=False
    )
    for label in ("languages", "skipped", "stages_ms"):
        if data.get(label):
            items = ", ".join(f"{key} {value}" for key, value in data[label].items())
            console.print(f"{label.replace('_ms', ' (ms)')}: {items}", markup=False)
    if data.get("index_dir"):
        size = data.get("size_bytes", 0) / 1_048_576
        console.print(f"index: {_escape(data['index_dir'])} ({size:.1f} MB)")


def _interval(pair: Any) -> str:
    return f"{pair[0]:.4f}-{pair[1]:.4f}"


def bench_layout(console: Any, data: Any) -> None:
    from rich.table import Table

    console.print(
        f"[bold]NDCG@{data['k']} {data['ndcg']:.4f}[/] (95% CI {_interval(data['ndcg_ci95'])}) "
        f"over {data['queries']} queries of {_escape(data['dataset'])}, root "
        f"{_escape(data['root'])}"
    )
    table = Table("category", "ndcg", "95% CI", "queries")
    for name, score in data["by_category"].items():
        table.add_row(
            name, f"{score['ndcg']:.4f}", _interval(score["ndcg_ci95"]), str(score["count"])
        )
    console.print(table)
    latency = data["latency_ms"]
    line = f"latency p50 {latency['p50']} ms, p95 {latency['p95']} ms"
    if data.get("setup_s") is not None:
        line += f"; set-up {data['setup_s']} s"
    console.print(line, markup=False)
    if data.get("errors"):
        console.print(f"[red]{data['errors']} queries raised[/] (they score 0)")
    if data.get("misses"):
        console.print(f"[yellow]scored 0 ({len(data['misses'])}):[/]")
        for query in data["misses"]:
            console.out(f"  {query}", highlight=False)
    for row in data.get("per_query", ()):
        files = ", ".join(row["top_files"][:3])
        console.out(
            f"{row['ndcg']:.4f}  {row['latency_ms']:>8.1f} ms  [{row['category']}] {row['query']}"
            f"  -> {files}" + (f"  ({row['error']})" if row.get("error") else ""),
            highlight=False,
        )


def _fidelity(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.0f}%"


def agent_bench_layout(console: Any, data: Any) -> None:
    from rich.table import Table

    console.print(f"[bold]prx bench[/] {_escape(data['root'])}")
    table = Table(
        "task",
        "prx tokens",
        "prx JSON",
        "unix tokens",
        "saved %",
        "prx ms",
        "unix ms",
        "prx fidelity",
        "unix fidelity",
    )
    table.columns[0].no_wrap = True  # task names are short: never cut them
    for task in data["tasks"]:
        if task.get("skipped"):
            table.add_row(task["task"], "skipped", *[""] * 7)
            continue
        saved = task["saved_percent"]
        fidelity = _fidelity(task["prx_fidelity"])
        if task.get("prx_json_fidelity") != task["prx_fidelity"]:
            fidelity += f" (JSON {_fidelity(task.get('prx_json_fidelity'))})"
        table.add_row(
            task["task"] + (" [red]lost[/]" if task.get("explanation") else ""),
            str(task["prx_tokens"]),
            str(task.get("prx_json_tokens", "")),
            str(task["unix_tokens"]),
            "n/a" if saved is None else f"{saved:.1f}",
            f"{task['prx_ms']:.0f}",
            f"{task['unix_ms']:.0f}",
            fidelity,
            _fidelity(task["unix_fidelity"]),
        )
    console.print(table)
    console.print(
        f"total over the tasks run: prx {data['prx_tokens']} tokens (text form; JSON "
        f"{data.get('prx_json_tokens', 0)}), Unix tools {data['unix_tokens']} tokens",
        markup=False,
    )
    for number, task in enumerate(data["tasks"], 1):
        console.out(f"{number}. {task['task']}: {task['question']}", highlight=False)
        if task.get("skipped"):
            console.out(f"   skipped: {task['skipped']}", highlight=False)
        else:
            console.out(f"   prx:  {task['prx_command']}", highlight=False)
            console.out(f"   unix: {task['unix_command']}", highlight=False)
            if task.get("explanation"):
                console.out(f"   lost: {task['explanation']}", highlight=False)


def _file_line(entry: Any) -> str:
    path = entry["path"]
    if entry.get("old_path"):
        path = f"{entry['old_path']} -> {path} ({entry.get('similarity')}%)"
    facts = [f"+{entry['additions']} -{entry['deletions']}"]
    if entry.get("binary"):
        facts.append("binary")
    if entry.get("new_mode"):
        facts.append(f"mode {entry['old_mode']} -> {entry['new_mode']}")
    if entry.get("submodule"):
        old, new = entry["submodule"]
        facts.append(f"submodule {old or '-'} -> {new or '-'}")
    return f"  {entry['status']:<12} {path}  {', '.join(facts)}"


def diff_layout(console: Any, data: Any) -> None:
    console.print(f"[bold]{_escape(data['summary'])}[/]")
    console.print(f"[dim]{_escape(data['base'])} -> {_escape(data['target'])}[/]")
    for entry in data["files"]:
        console.out(_file_line(entry), highlight=False)
    for note in data["semantic_notes"]:
        console.out(f"  * {note}", highlight=False)
    for hunk in data["hunks"] or ():
        where = f"{hunk['file']}:{hunk['new_range']['start']}"
        inside = hunk["function"] or ""
        if hunk["old_function"] and hunk["old_function"] != hunk["function"]:
            inside = f"{inside} (was {hunk['old_function']})".strip()
        console.print(f"\n[bold cyan]{_escape(where)}[/]  {_escape(inside)}")
        for change in hunk["changes"]:
            if change["old"] is not None:
                console.print(f"[red]-{_escape(change['old'])}[/]", highlight=False)
            if change["new"] is not None:
                console.print(f"[green]+{_escape(change['new'])}[/]", highlight=False)
    for note in data.get("notes", ()):
        console.print(f"[yellow]note:[/] {_escape(note)}")
    if data.get("continuation_token"):
        console.print(f"[yellow]more: --continue {data['continuation_token']}[/]")


def _check_lines(console: Any, check: Any) -> None:
    """The post-change check of an edit or rename: its verdict, then its new errors."""
    if not check:
        return
    if not check["ran"]:
        console.out(f"  check: not run: {check.get('why_not')}")
        return
    undone = ", rolled back" if check.get("rolled_back") else ""
    console.out(
        f"  check: {check['command']}: {check['new_error_count']} new error(s) "
        f"({check['errors_before']} before, {check['errors_after']} after){undone}"
    )
    for error in check.get("new_errors", ()):
        where = f"{error['file']}:{error['line']}" if error.get("line") else error["file"]
        console.out(f"    {where}: {error['message'].splitlines()[0] if error['message'] else ''}")


def edit_layout(console: Any, data: Any) -> None:
    """``prx edit --plain``: each file with its hashes, each change as removed and added
    lines under its line and function (``console.out``: no markup to escape)."""
    check = data.get("check") or {}
    state = (
        "written"
        if data["applied"]
        else "rolled back, nothing written (the check found new errors)"
        if check.get("rolled_back")
        else "dry run, nothing written (--apply writes)"
    )
    console.out(f"edit: {data['total_replacements']} change(s), {state}")
    if not data["syntax_valid"]:
        console.out(f"  syntax: {data['syntax_error']}")
    for note in data.get("notes", ()):
        console.out(f"  note: {note}")
    _check_lines(console, data.get("check"))
    for entry in data["files"]:
        console.out(
            f"{entry['action']:<7} {entry['file']}  {entry['hash_before'] or '-'} -> "
            f"{entry['hash_after'] or '-'}"
        )
        for change in data["changes"]:
            if change["file"] != entry["file"]:
                continue
            where = f" in {change['function']}" if change["function"] else ""
            how = f" ({change['match']} match)" if change.get("match") else ""
            console.out(f"  line {change['line']}{where}{how}")
            for line in change["before"].split("\n") if change["before"] else ():
                console.out(f"    - {line}")
            for line in change["after"].split("\n") if change["after"] else ():
                console.out(f"    + {line}")
