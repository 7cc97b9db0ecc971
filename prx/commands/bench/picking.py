"""Picking the bench's targets from the repository itself, by fixed rules (reproducible).

The sources are the files of the repository's main language (the programming language
with the most files), tests and vendored code left out; the picked ones are the largest
with at least two top-level symbols, one of them code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prx.commands.outline.engine import outline_path
from prx.core.record import record
from prx.core.results.outline import OutlineResult
from prx.core.results.read import Symbol
from prx.plugin.context import Context

__all__ = [
    "CODE_KINDS",
    "Source",
    "code_files",
    "is_test",
    "is_vendored",
    "longest",
    "walked_files",
    "pick_sources",
]

#: Largest files whose outline is tried, and how many of them the tasks use.
_CANDIDATES = 25
_PICKED = 3
#: Symbol kinds of code (a Markdown file's outline has only headings).
CODE_KINDS = frozenset(
    {"function", "class", "method", "struct", "enum", "trait", "interface", "impl", "type"}
)
#: Languages of data and documents, not code: never picked.
_NOT_CODE = frozenset(
    {"css", "dockerfile", "hcl", "html", "json", "makefile", "markdown", "sql", "toml", "yaml"}
)


@record(kw_only=False)
class Source:
    """A source file the tasks are picked from, with its outline."""

    path: str
    lines: tuple[str, ...]
    symbols: tuple[Symbol, ...]
    #: Its language (``python``, ``go`` ...).
    language: str | None = None

    def line(self, number: int) -> str:
        """The text of line ``number`` (1-based; "" past the end)."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""


def walked_files(repo: Context) -> list[tuple[str, int, str | None]]:
    """Every file prx walks, as (path, bytes, language or None), largest first (ties by
    path)."""
    from prx.commands.find.engine import find_files

    found = find_files(repo, ".", view="flat", budget=0)
    entries = [(e.path, e.bytes, e.language) for e in found.flat or ()]
    return sorted(entries, key=lambda e: (-e[1], e[0]))


def code_files(repo: Context, files: Sequence[tuple[str, int, str | None]]) -> list[str]:
    """The files of the repository's main language (the programming language with the most
    files), tests and vendored code left out, largest first."""
    by_language: dict[str, list[str]] = {}
    for name, _, language in files:
        spec = repo.language_for(name) if language else None
        if spec is None or spec.name in _NOT_CODE or is_test(name) or is_vendored(name):
            continue
        by_language.setdefault(spec.name, []).append(name)
    if not by_language:
        return []
    main = min(by_language, key=lambda lang: (-len(by_language[lang]), lang))
    return by_language[main]


def is_vendored(path: str) -> bool:
    """Code copied from elsewhere (a bundled jQuery): not the repository's own."""
    parts = path.lower().split("/")
    return any(p in ("vendor", "vendored", "third_party", "node_modules") for p in parts[:-1]) or (
        parts[-1].endswith((".min.js", ".min.css"))
    )


def is_test(path: str) -> bool:
    """A test file or a file under a test directory: the tasks are about the code itself."""
    parts = path.lower().split("/")
    name = parts[-1]
    return (
        any(p in ("test", "tests", "testing") for p in parts[:-1])
        or name.startswith("test_")
        or name.rsplit(".", 1)[0].endswith(("_test", "_tests"))
    )


def pick_sources(repo: Context, files: Sequence[tuple[str, int, str | None]]) -> list[Source]:
    """The largest files that are not tests, with at least two top-level symbols of which
    one is code (at most :data:`_PICKED`)."""
    picked: list[Source] = []
    for name in code_files(repo, files)[:_CANDIDATES]:
        try:
            outline = outline_path(repo, name, budget=0)
            with open(repo.resolve(name), encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except Exception:  # a file prx cannot outline is simply not picked
            continue
        symbols = outline.symbols if isinstance(outline, OutlineResult) else ()
        if len(symbols) >= 2 and any(s.kind in CODE_KINDS for s in symbols):
            spec = repo.language_for(name)
            language = spec.name if spec else None
            picked.append(Source(name, tuple(text.split("\n")), symbols, language))
        if len(picked) == _PICKED:
            break
    return picked


def longest(symbols: Iterable[Symbol], kinds: frozenset[str] | None = None) -> Symbol | None:
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
