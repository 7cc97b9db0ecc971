"""``prx bench``: prx against the plain Unix tools on the tasks an agent does in a repository.

Each task is done twice, in fresh processes: with prx's commands (``python -m prx``) and
with the Unix commands an agent would type (argv lists, never a shell). Both outputs are
counted in exact cl100k_base tokens, both are timed, and each is checked for the lines the
task needs. docs/bench.md describes the tasks and how their targets are picked.
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from prx.commands.outline.engine import outline_path
from prx.core.record import record
from prx.core.results.bench import BenchResult, BenchTask
from prx.core.results.outline import OutlineResult
from prx.core.results.read import Symbol
from prx.plugin.context import Context

if TYPE_CHECKING:
    import subprocess

__all__ = ["run_bench"]

#: ``prx`` in a child process run in the benchmarked tree, without that directory on the
#: module path (``python -m prx`` there would import a ``prx/`` or ``json.py`` of the tree).
_PRX = "import sys; del sys.path[0]; from prx.frontends.cli import run; sys.argv[0] = 'prx'; run()"

#: Largest files whose outline is tried, and how many of them the tasks use.
_CANDIDATES = 25
_PICKED = 3
#: Symbol kinds of code (a Markdown file's outline has only headings).
_CODE_KINDS = frozenset(
    {"function", "class", "method", "struct", "enum", "trait", "interface", "impl", "type"}
)
#: Languages of data and documents, not code: never picked.
_NOT_CODE = frozenset(
    {"css", "dockerfile", "hcl", "html", "json", "makefile", "markdown", "sql", "toml", "yaml"}
)
#: Changed files the diff task reads with prx (each one call).
_DIFF_FILES = 10
#: The outline fallback's grep for definitions (prx/commands/outline/operation.py).
_DEF_PATTERN = (
    r"^\s*\(def\|class\|fn\|func\|function\|struct\|enum\|trait\|interface\|impl\|type\|module\) "
)


@record(kw_only=False)
class _Need:
    """A line a task needs: where it is and its text."""

    file: str
    line: int
    text: str


@record(kw_only=False)
class _Output:
    """What one side printed, its exact tokens and wall time."""

    text: str
    tokens: int
    ms: float
    data: tuple[Any, ...] = ()  # prx: each answer's ``data``


@record(kw_only=False)
class _Source:
    """A source file the tasks are picked from, with its outline."""

    path: str
    lines: tuple[str, ...]
    symbols: tuple[Symbol, ...]


def run_bench(ws: Context, path: str) -> BenchResult:
    """The report of ``prx bench`` (see :func:`prx.bench`)."""
    from prx.core.progress import report

    root = ws.resolve(path)
    if not os.path.isdir(root):
        from prx.core.errors import NotFoundError

        raise NotFoundError(
            f"directory not found: {path}",
            suggestion="Pass a repository directory as {param:path}.",
        )
    repo = ws.at(root)
    report("picking", 0, None, "the largest source files")
    files = _files(repo)
    sources = _sources(repo, files)
    builders: list[Callable[[], Iterable[BenchTask]]] = []
    for source in sources:
        builders.append(functools.partial(_definitions, root, source))
    builders.append(lambda: _module(root, repo, files, sources))
    builders.append(lambda: [_function(root, sources)])
    builders.append(lambda: [_diff(root)])
    builders.append(lambda: [_impact(root, files, sources)])
    tasks: list[BenchTask] = []
    for done, build in enumerate(builders):
        report("tasks", done, len(builders))
        tasks.extend(build())
    report("tasks", len(builders), len(builders))
    ran = [t for t in tasks if t.skipped is None]
    return BenchResult(
        root=path,
        tasks=tuple(tasks),
        prx_tokens=sum(t.prx_tokens for t in ran),
        unix_tokens=sum(t.unix_tokens for t in ran),
        picked_from=tuple(s.path for s in sources),
    )


# ---------------------------------------------------------------------- picking targets


def _files(repo: Context) -> list[tuple[str, int]]:
    """Every file prx walks with a known language, as (path, bytes), largest first (ties
    by path)."""
    from prx.commands.find.engine import find_files

    found = find_files(repo, ".", view="flat", budget=0)
    entries = [(e.path, e.bytes) for e in found.flat or () if e.language]
    return sorted(entries, key=lambda e: (-e[1], e[0]))


def _code(repo: Context, files: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """The files of the repository's main language (the programming language with the most
    files), tests and vendored code left out, largest first."""
    by_language: dict[str, list[tuple[str, int]]] = {}
    for name, size in files:
        spec = repo.language_for(name)
        if spec is None or spec.name in _NOT_CODE or _is_test(name) or _is_vendored(name):
            continue
        by_language.setdefault(spec.name, []).append((name, size))
    if not by_language:
        return []
    main = min(by_language, key=lambda lang: (-len(by_language[lang]), lang))
    return by_language[main]


def _is_vendored(path: str) -> bool:
    """Code copied from elsewhere (a bundled jQuery): not the repository's own."""
    parts = path.lower().split("/")
    return any(p in ("vendor", "vendored", "third_party", "node_modules") for p in parts[:-1]) or (
        parts[-1].endswith((".min.js", ".min.css"))
    )


def _is_test(path: str) -> bool:
    """A test file or a file under a test directory: the tasks are about the code itself."""
    parts = path.lower().split("/")
    name = parts[-1]
    return (
        any(p in ("test", "tests", "testing") for p in parts[:-1])
        or name.startswith("test_")
        or name.rsplit(".", 1)[0].endswith(("_test", "_tests"))
    )


def _sources(repo: Context, files: Sequence[tuple[str, int]]) -> list[_Source]:
    """The largest files that are not tests, with at least two top-level symbols of which
    one is code (at most :data:`_PICKED`)."""
    picked: list[_Source] = []
    for name, _ in _code(repo, files)[:_CANDIDATES]:
        try:
            outline = outline_path(repo, name, budget=0)
            with open(repo.resolve(name), encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except Exception:  # a file prx cannot outline is simply not picked
            continue
        symbols = outline.symbols if isinstance(outline, OutlineResult) else ()
        if len(symbols) >= 2 and any(s.kind in _CODE_KINDS for s in symbols):
            picked.append(_Source(name, tuple(text.split("\n")), symbols))
        if len(picked) == _PICKED:
            break
    return picked


def _line(source: _Source, number: int) -> str:
    return source.lines[number - 1] if 0 < number <= len(source.lines) else ""


def _longest(symbols: Iterable[Symbol], kinds: frozenset[str] | None = None) -> Symbol | None:
    """The symbol spanning most lines (first in file order on a tie), nested ones included."""
    best: Symbol | None = None
    for symbol in _walk(symbols):
        if kinds is not None and symbol.kind not in kinds:
            continue
        span = symbol.lines.end - symbol.lines.start
        if best is None or span > best.lines.end - best.lines.start:
            best = symbol
    return best


def _walk(symbols: Iterable[Symbol]) -> Iterable[Symbol]:
    for symbol in symbols:
        yield symbol
        yield from _walk(symbol.children)


# ---------------------------------------------------------------------- running both sides


def _prx(root: str, *calls: Sequence[str]) -> _Output:
    """prx's answers to ``calls``, each a fresh CLI process (as an agent runs them)."""
    import json
    import subprocess

    from prx.core.tokens import count_exact

    # The bench's own calls must not count in `prx stats`.
    env = {**os.environ, "PRX_STATS_FILE": os.devnull}
    texts, data, ms = [], [], 0.0
    for args in calls:
        started = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-c", _PRX, *args], cwd=root, capture_output=True, env=env
        )
        ms += (time.perf_counter() - started) * 1000
        text = proc.stdout.decode("utf-8", "replace")
        texts.append(text)
        try:
            envelope = json.loads(text)
        except ValueError:
            envelope = {}
        data.append(envelope.get("data") if envelope.get("status") == "ok" else None)
    joined = "".join(texts)
    return _Output(joined, count_exact(joined), round(ms, 1), tuple(data))


def _unix(root: str, *calls: Sequence[str]) -> _Output:
    """What the Unix ``calls`` print on stdout, run without a shell."""
    import subprocess

    from prx.core.tokens import count_exact

    texts, ms = [], 0.0
    for argv in calls:
        words, env = list(argv), None
        if words[:1] == ["git"]:
            # The plain git an agent types, run as prx runs git: nothing the repository's
            # configuration names executes.
            from prx.core import safegit

            words, env = safegit.from_argv(root, words)
        started = time.perf_counter()
        proc = subprocess.run(words, cwd=root, env=env, capture_output=True)
        ms += (time.perf_counter() - started) * 1000
        texts.append(proc.stdout.decode("utf-8", "replace"))
    joined = "".join(texts)
    return _Output(joined, count_exact(joined), round(ms, 1))


def _shell(*calls: Sequence[str], prefix: str = "") -> str:
    from prx.engine.usage.baseline import command_line

    return "; ".join(prefix + command_line(argv) for argv in calls)


def _share(needed: Sequence[_Need], found: Callable[[_Need], bool]) -> float | None:
    if not needed:
        return None
    return round(sum(1 for need in needed if found(need)) / len(needed), 3)


def _task(
    task: str,
    question: str,
    prx_calls: Sequence[Sequence[str]],
    unix_calls: Sequence[Sequence[str]],
    prx_out: _Output,
    unix_out: _Output,
    needed: Sequence[_Need],
    prx_found: Callable[[_Need], bool],
    unix_found: Callable[[_Need], bool],
) -> BenchTask:
    saved = (
        round((unix_out.tokens - prx_out.tokens) / unix_out.tokens * 100, 1)
        if unix_out.tokens
        else None
    )
    return BenchTask(
        task=task,
        question=question,
        prx_command=_shell(*prx_calls, prefix="prx "),
        unix_command=_shell(*unix_calls),
        prx_tokens=prx_out.tokens,
        unix_tokens=unix_out.tokens,
        saved_percent=saved,
        prx_ms=prx_out.ms,
        unix_ms=unix_out.ms,
        needed_lines=len(needed),
        prx_fidelity=_share(needed, prx_found),
        unix_fidelity=_share(needed, unix_found),
    )


def _skipped(task: str, question: str, reason: str) -> BenchTask:
    return BenchTask(task=task, question=question, prx_command="", unix_command="", skipped=reason)


# ---------------------------------------------------------------------- what answers cover


def _search_lines(data: Iterable[Any]) -> set[tuple[str, int]]:
    """(file, line) of every snippet line of search answers."""
    covered: set[tuple[str, int]] = set()
    for answer in data:
        for group in (answer or {}).get("files", ()):
            for match in group["matches"]:
                if "snippet_start" not in match:  # locations only
                    continue
                for line in range(match["snippet_start"], match["snippet_end"] + 1):
                    covered.add((group["file"], line))
    return covered


def _outline_starts(data: Iterable[Any]) -> set[tuple[str, int]]:
    """(file, first line) of every symbol of outline answers."""
    covered: set[tuple[str, int]] = set()

    def add(file: str, symbols: Iterable[Any]) -> None:
        for symbol in symbols:
            covered.add((file, symbol["lines"]["start"]))
            add(file, symbol.get("children", ()))

    for answer in data:
        if not answer:
            continue
        if answer.get("files") is not None:
            for entry in answer["files"]:
                add(entry["file"], entry["symbols"])
        else:
            add(answer["file"], answer.get("symbols", ()))
    return covered


def _read_lines(data: Iterable[Any]) -> set[tuple[str, int]]:
    """(file, line) of every line of read answers shown as is."""
    covered: set[tuple[str, int]] = set()
    for answer in data:
        content = (answer or {}).get("content")
        if content and content.get("mode") is None:
            span = content["range"]
            covered.update((answer["file"], n) for n in range(span["start"], span["end"] + 1))
    return covered


def _grep_lines(text: str) -> set[tuple[str, int]]:
    """(file, line) of every ``NAME:LINE:TEXT`` line grep printed."""
    covered: set[tuple[str, int]] = set()
    for row in text.split("\n"):
        name, _, rest = row.partition(":")
        number, sep, _ = rest.partition(":")
        if sep and number.isdigit():
            covered.add((name.removeprefix("./"), int(number)))
    return covered


def _texts(text: str) -> set[str]:
    return {row.strip() for row in text.split("\n")}


def _diff_texts(data: Iterable[Any]) -> set[str]:
    texts: set[str] = set()
    for answer in data:
        content = (answer or {}).get("content")
        if content:
            # Rows are `+L12: text` / `-L12: text` (docs/cli.md, read --mode diff).
            texts |= {row.partition(": ")[2].strip() for row in content["text"].split("\n")}
    return texts


# ---------------------------------------------------------------------- the tasks


def _definitions(root: str, source: _Source) -> list[BenchTask]:
    """Where the file's longest top-level definition of code is defined: prx's search
    against a grep for the name, and against a grep for the name after a definition
    keyword (what an agent who knows the language types)."""
    named = [s for s in source.symbols if s.kind in _CODE_KINDS and s.name.isidentifier()]
    if not named:
        return [_skipped("definition", "where is X defined?", "no definition with a plain name")]
    symbol = max(named, key=lambda s: s.lines.end - s.lines.start)
    name = symbol.name
    question = f"where is {name} defined? ({source.path}:{symbol.lines.start})"
    need = [_Need(source.path, symbol.lines.start, _line(source, symbol.lines.start))]
    prx_calls = [["search", name]]
    prx_out = _prx(root, *prx_calls)
    prx_cover = _search_lines(prx_out.data)
    keyword = _DEF_PATTERN.removesuffix(" ") + " " + name + r"\b"
    tasks = []
    for task, argv in (
        ("definition", ["grep", "-rn", "--", name, "."]),
        ("definition-grep", ["grep", "-rn", "--", keyword, "."]),
    ):
        unix_out = _unix(root, argv)
        unix_cover = _grep_lines(unix_out.text)
        tasks.append(
            _task(
                task,
                question,
                prx_calls,
                [argv],
                prx_out,
                unix_out,
                need,
                lambda n: (n.file, n.line) in prx_cover,
                lambda n, c=unix_cover: (n.file, n.line) in c,  # type: ignore[misc]
            )
        )
    return tasks


def _module(
    root: str, repo: Context, files: Sequence[tuple[str, int]], sources: Sequence[_Source]
) -> list[BenchTask]:
    question = "what does the busiest directory hold? (every top-level definition)"
    if not sources:
        return [_skipped("module", question, "no source file with symbols")]
    spec = repo.language_for(sources[0].path)
    language = spec.name if spec else None
    counts: dict[str, list[str]] = {}
    for name, _ in files:
        if _is_test(name) or _is_vendored(name):
            continue
        other = repo.language_for(name)
        if (other.name if other else None) == language:
            counts.setdefault(os.path.dirname(name) or ".", []).append(name)
    directory = min(counts, key=lambda d: (-len(counts[d]), d))
    members = sorted(counts[directory])
    needed: list[_Need] = []
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
                needed.append(_Need(member, start, lines[start - 1] if start <= len(lines) else ""))
    question = (
        f"what does {directory}/ hold? (every top-level definition of its {len(members)} "
        f"{language} files)"
    )
    prx_calls = [["outline", directory, "--max-depth", "1"]]
    prx_out = _prx(root, *prx_calls)
    prx_cover = _outline_starts(prx_out.data)
    tasks = []
    for task, argv in (
        ("module-cat", ["cat", "--", *members]),
        ("module-grep", ["grep", "-Hn", "--", _DEF_PATTERN, *members]),
    ):
        unix_out = _unix(root, argv)
        if task == "module-cat":
            cat_cover = _texts(unix_out.text)

            def unix_found(n: _Need, c: set[str] = cat_cover, out: str = unix_out.text) -> bool:
                # A file without a final newline runs into the next one's first line.
                return n.text.strip() in c or n.text.strip() in out
        else:
            grep_cover = _grep_lines(unix_out.text)

            def unix_found(n: _Need, c: set[tuple[str, int]] = grep_cover) -> bool:  # type: ignore[misc]
                return (n.file, n.line) in c

        tasks.append(
            _task(
                task,
                question,
                prx_calls,
                [argv],
                prx_out,
                unix_out,
                needed,
                lambda n: (n.file, n.line) in prx_cover,
                unix_found,
            )
        )
    return tasks


def _function(root: str, sources: Sequence[_Source]) -> BenchTask:
    if not sources:
        return _skipped("function", "read a function", "no source file with symbols")
    source = sources[0]
    symbol = _longest(source.symbols, frozenset({"function", "method"})) or _longest(source.symbols)
    assert symbol is not None
    start, end = symbol.lines.start, symbol.lines.end
    question = f"read {symbol.name} ({source.path}:{start}-{end})"
    needed = [
        _Need(source.path, n, _line(source, n))
        for n in range(start, end + 1)
        if _line(source, n).strip()
    ]
    prx_calls = [["outline", source.path], ["read", source.path, "--lines", f"{start}-{end}"]]
    unix_calls = [["cat", "--", source.path]]
    prx_out, unix_out = _prx(root, *prx_calls), _unix(root, *unix_calls)
    prx_cover, cat_cover = _read_lines(prx_out.data), _texts(unix_out.text)
    return _task(
        "function",
        question,
        prx_calls,
        unix_calls,
        prx_out,
        unix_out,
        needed,
        lambda n: (n.file, n.line) in prx_cover,
        lambda n: n.text.strip() in cat_cover,
    )


def _git(root: str, *args: str) -> subprocess.CompletedProcess[bytes] | None:
    from prx.core import safegit
    from prx.core.errors import GitError

    try:
        return safegit.run(root, args)
    except GitError:  # git is not installed, or the repository's layout is refused
        return None


def _diff(root: str) -> BenchTask:
    question = "what changed since the last commit?"
    names = _git(root, "diff", "--relative", "--name-only", "HEAD", "--", ".")
    if names is None:
        return _skipped("diff", question, "git is not installed, or refuses the repository")
    if names.returncode != 0:
        return _skipped("diff", question, "not a git repository with a commit")
    changed = [
        name
        for name in names.stdout.decode("utf-8", "replace").split("\n")
        if name and os.path.isfile(os.path.join(root, name))
    ][:_DIFF_FILES]
    if not changed:
        return _skipped("diff", question, "no file changed since HEAD")
    import difflib

    needed: list[_Need] = []
    for name in changed:
        before = _git(root, "show", f"HEAD:./{name}")
        old = before.stdout.decode("utf-8", "replace").split("\n") if before else []
        if before is None or before.returncode != 0:
            old = []  # a new file
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as fh:
            new = fh.read().split("\n")
        for row in difflib.unified_diff(old, new, lineterm="", n=0):
            if row[:1] in "+-" and not row.startswith(("+++", "---")) and row[1:].strip():
                needed.append(_Need(name, 0, row[1:]))
    question = f"what changed since the last commit? ({len(changed)} files)"
    prx_calls = [["read", name, "--mode", "diff"] for name in changed]
    unix_calls = [["git", "diff", "--relative", "HEAD", "--", "."]]
    prx_out, unix_out = _prx(root, *prx_calls), _unix(root, *unix_calls)
    prx_cover = _diff_texts(prx_out.data)
    git_cover = {row[1:].strip() for row in unix_out.text.split("\n")}
    return _task(
        "diff",
        question,
        prx_calls,
        unix_calls,
        prx_out,
        unix_out,
        needed,
        lambda n: n.text.strip() in prx_cover,
        lambda n: n.text.strip() in git_cover,
    )


def _impact(root: str, files: Sequence[tuple[str, int]], sources: Sequence[_Source]) -> BenchTask:
    question = "what breaks if this file changes? (every line naming its module)"
    if not sources:
        return _skipped("impact", question, "no source file with symbols")
    module = os.path.splitext(os.path.basename(sources[0].path))[0]
    needed: list[_Need] = []
    for name, _ in files:
        try:
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as fh:
                for number, text in enumerate(fh, 1):
                    if module in text:
                        needed.append(_Need(name, number, text))
        except OSError:
            continue
    question = f"what breaks if {sources[0].path} changes? (every line naming {module})"
    prx_calls = [["search", module, "--literal"]]
    unix_calls = [["grep", "-rn", "--", module, "."]]
    prx_out, unix_out = _prx(root, *prx_calls), _unix(root, *unix_calls)
    prx_cover, unix_cover = _search_lines(prx_out.data), _grep_lines(unix_out.text)
    return _task(
        "impact",
        question,
        prx_calls,
        unix_calls,
        prx_out,
        unix_out,
        needed,
        lambda n: (n.file, n.line) in prx_cover,
        lambda n: (n.file, n.line) in unix_cover,
    )
