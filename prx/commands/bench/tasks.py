"""The tasks about the code as it is: a definition, a directory's definitions, the files,
a function. Each runs the prx command made for its question against the Unix commands an
agent would type for it."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from prx.commands.bench import covers, explain
from prx.commands.bench.covers import Need
from prx.commands.bench.measure import measured, skipped
from prx.commands.bench.patterns import DEF_PATTERN, definition_pattern
from prx.commands.bench.picking import CODE_KINDS, Source, is_test, is_vendored, longest
from prx.commands.bench.sides import run_prx, run_unix
from prx.commands.outline.engine import outline_path
from prx.core.results.bench import BenchTask
from prx.core.results.outline import OutlineResult
from prx.plugin.context import Context

__all__ = ["definitions", "files", "function", "module"]


def definitions(root: str, source: Source) -> list[BenchTask]:
    """Where is the file's longest top-level definition of code? prx's symbol search
    against a grep for the name, and against the grep for the name after the language's
    definition keywords (what an agent who knows the language types)."""
    named = [s for s in source.symbols if s.kind in CODE_KINDS and s.name.isidentifier()]
    if not named:
        return [skipped("definition", "where is X defined?", "no definition with a plain name")]
    symbol = max(named, key=lambda s: s.lines.end - s.lines.start)
    name = symbol.name
    question = f"where is {name} defined? ({source.path}:{symbol.lines.start})"
    need = [Need(source.path, symbol.lines.start, source.line(symbol.lines.start))]
    prx_calls = [["search", name, "--symbol"]]
    prx = run_prx(root, *prx_calls)
    json_found = covers.found_at(covers.search_lines(prx.json.data))
    tasks = []
    for task, argv in (
        ("definition", ["grep", "-rn", "--", name, "."]),
        ("definition-grep", ["grep", "-rn", "--", definition_pattern(source.language, name), "."]),
    ):
        unix = run_unix(root, argv)
        tasks.append(
            measured(
                task,
                question,
                prx_calls,
                [argv],
                prx,
                unix,
                need,
                json_found,
                covers.found_at(covers.grep_lines(unix.text)),
                explain.describe_search,
            )
        )
    return tasks


def _busiest(
    repo: Context, files: Sequence[tuple[str, int, str | None]], language: str | None
) -> tuple[str, list[str]]:
    """The directory with the most files of ``language`` directly in it, and those files."""
    counts: dict[str, list[str]] = {}
    for name, _, _ in files:
        if _is_other(name):
            continue
        spec = repo.language_for(name)
        if (spec.name if spec else None) == language:
            counts.setdefault(os.path.dirname(name) or ".", []).append(name)
    directory = min(counts, key=lambda d: (-len(counts[d]), d))
    return directory, sorted(counts[directory])


def _is_other(name: str) -> bool:
    return is_test(name) or is_vendored(name)


def module(
    root: str,
    repo: Context,
    files: Sequence[tuple[str, int, str | None]],
    sources: Sequence[Source],
) -> list[BenchTask]:
    """What does the busiest directory hold? prx's outline of it against ``cat`` of its
    files and a grep for the definition keywords."""
    question = "what does the busiest directory hold? (every top-level definition)"
    if not sources:
        return [skipped("module", question, "no source file with symbols")]
    language = sources[0].language
    directory, members = _busiest(repo, files, language)
    needed: list[Need] = []
    for member in members:
        try:
            outline = outline_path(repo, member, budget=0)
            with open(repo.resolve(member), encoding="utf-8", errors="replace") as fh:
                lines = fh.read().split("\n")
        except Exception:
            continue
        if isinstance(outline, OutlineResult):
            for symbol in outline.symbols:
                start = symbol.lines.start
                needed.append(Need(member, start, lines[start - 1] if start <= len(lines) else ""))
    question = (
        f"what does {directory}/ hold? (every top-level definition of its {len(members)} "
        f"{language} files)"
    )
    prx_calls = [["outline", directory, "--max-depth", "1"]]
    prx = run_prx(root, *prx_calls)
    json_found = covers.found_at(covers.outline_starts(prx.json.data))
    tasks = []
    for task, argv in (
        ("module-cat", ["cat", "--", *members]),
        ("module-grep", ["grep", "-Hn", "--", DEF_PATTERN, *members]),
    ):
        unix = run_unix(root, argv)
        if task == "module-cat":
            unix_found = _cat_found(unix.text)
        else:
            unix_found = covers.found_at(covers.grep_lines(unix.text))
        tasks.append(
            measured(
                task,
                question,
                prx_calls,
                [argv],
                prx,
                unix,
                needed,
                json_found,
                unix_found,
                explain.describe_outline,
            )
        )
    return tasks


def _cat_found(text: str) -> Callable[[Need], bool]:
    rows = covers.found_text(text.split("\n"))
    # A file without a final newline runs into the next one's first line.
    return lambda n: rows(n) or n.text.strip() in text


def files(root: str, walked: Sequence[tuple[str, int, str | None]]) -> BenchTask:
    """What files does the repository hold? ``prx find`` against ``find``."""
    question = f"what files does the repository hold? ({len(walked)} files prx walks)"
    needed = [Need(name, 0, name) for name, _, _ in sorted(walked)]
    prx_calls = [["find"]]
    unix_calls = [["find", ".", "-type", "f", "-not", "-path", "./.git/*"]]
    prx, unix = run_prx(root, *prx_calls), run_unix(root, *unix_calls)
    listed = covers.paths(prx.json.data)
    printed = {row.removeprefix("./") for row in unix.text.split("\n")}
    task = measured(
        "files",
        question,
        prx_calls,
        unix_calls,
        prx,
        unix,
        needed,
        lambda n: n.file in listed,
        lambda n: n.file in printed,
        explain.describe_find,
        covers.names_in,
    )
    return task


def function(root: str, sources: Sequence[Source]) -> BenchTask:
    """Read a function, its place known (a definition search gave it): prx's ranged read
    against ``sed -n A,Bp`` of the same range."""
    if not sources:
        return skipped("function", "read a function", "no source file with symbols")
    # The longest function or method of the picked files (of the largest when none has one).
    kinds = frozenset({"function", "method"})
    found = [(s, f) for f in sources if (s := longest(f.symbols, kinds)) is not None]
    if not found:
        found = [(s, f) for f in sources[:1] if (s := longest(f.symbols)) is not None]
    if not found:
        return skipped("function", "read a function", "no function in the picked files")
    symbol, source = max(found, key=lambda sf: sf[0].lines.end - sf[0].lines.start)
    start, end = symbol.lines.start, symbol.lines.end
    question = f"read {symbol.name} ({source.path}:{start}-{end})"
    needed = [
        Need(source.path, n, source.line(n))
        for n in range(start, end + 1)
        if source.line(n).strip()
    ]
    prx_calls = [["read", source.path, "--lines", f"{start}-{end}"]]
    unix_calls = [["sed", "-n", f"{start},{end}p", "--", source.path]]
    prx, unix = run_prx(root, *prx_calls), run_unix(root, *unix_calls)
    return measured(
        "function",
        question,
        prx_calls,
        unix_calls,
        prx,
        unix,
        needed,
        covers.found_at(covers.read_lines(prx.json.data)),
        covers.found_text(unix.text.split("\n")),
        explain.describe_read,
    )
