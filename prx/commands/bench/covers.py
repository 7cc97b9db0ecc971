"""Which of the lines a task needs each output holds.

prx's JSON answers are parsed (a search covers its snippets' lines, a read its range ...);
a Unix tool's output, and prx's text form, are searched for the text of each needed line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from prx.core.record import record

__all__ = [
    "Need",
    "Where",
    "diff_texts",
    "found_at",
    "found_text",
    "grep_lines",
    "impact_lines",
    "names_in",
    "normal",
    "outline_starts",
    "paths",
    "read_lines",
    "search_lines",
    "share",
    "text_has",
]

#: (file, line) pairs an answer shows.
Where = set[tuple[str, int]]


@record(kw_only=False)
class Need:
    """A line a task needs: where it is and its text (line 0: anywhere in the file)."""

    file: str
    line: int
    text: str


def share(needed: Sequence[Need], found: Callable[[Need], bool]) -> float | None:
    """The share of ``needed`` that ``found`` finds, three decimals; None when nothing is
    needed."""
    if not needed:
        return None
    return round(sum(1 for need in needed if found(need)) / len(needed), 3)


def normal(text: str) -> str:
    """A line as compared across renderings: runs of blanks as one space, and without the
    ``:`` or ``{`` that ends a definition's line (a signature is shown without it)."""
    return " ".join(text.split()).rstrip(" :{")


#: A comment after code (`` # ...``, `` // ...``): a signature is shown without it.
_TRAILING_COMMENT = re.compile(r"\s+(#|//).*$")


def text_has(output: str) -> Callable[[Need], bool]:
    """Whether a rendered output (prx's text form) shows a needed line's text (or the
    line's code without its trailing comment)."""
    shown = "\n".join(normal(row) for row in output.split("\n"))

    def has(need: Need) -> bool:
        code = normal(_TRAILING_COMMENT.sub("", need.text))
        return normal(need.text) in shown or bool(code) and code in shown

    return has


def names_in(output: str) -> Callable[[Need], bool]:
    """Whether a rendered listing (a tree shows a path's last part under its directory)
    shows a needed file's name."""
    shown = set(re.findall(r"[^\s/:,]+", output))
    return lambda need: need.file.rsplit("/", 1)[-1] in shown


def found_at(covered: Where) -> Callable[[Need], bool]:
    """Whether a parsed answer covers a needed line's place."""
    return lambda need: (need.file, need.line) in covered


def found_text(rows: Iterable[str]) -> Callable[[Need], bool]:
    """Whether a needed line's text is one of ``rows`` (a cat's or a diff's lines)."""
    texts = {normal(row) for row in rows}
    return lambda need: normal(need.text) in texts


def _answers(data: Iterable[Any]) -> Iterable[Mapping[str, Any]]:
    return (answer for answer in data if isinstance(answer, Mapping))


def search_lines(data: Iterable[Any]) -> Where:
    """(file, line) of every snippet line of search answers."""
    covered: Where = set()
    for answer in _answers(data):
        for group in answer.get("files") or ():
            for match in group.get("matches") or ():
                if match.get("snippet_start") is None:  # locations only
                    continue
                for line in range(match["snippet_start"], match["snippet_end"] + 1):
                    covered.add((group["file"], line))
    return covered


def outline_starts(data: Iterable[Any]) -> Where:
    """(file, first line) of every symbol of outline answers."""
    covered: Where = set()

    def add(file: str, symbols: Iterable[Any]) -> None:
        for symbol in symbols:
            covered.add((file, symbol["lines"]["start"]))
            add(file, symbol.get("children") or ())

    for answer in _answers(data):
        if answer.get("files") is not None:
            for entry in answer["files"]:
                add(entry["file"], entry.get("symbols") or ())
        else:
            add(answer["file"], answer.get("symbols") or ())
    return covered


def read_lines(data: Iterable[Any]) -> Where:
    """(file, line) of every line of read answers shown as is."""
    covered: Where = set()
    for answer in _answers(data):
        content = answer.get("content")
        if content and content.get("mode") is None:
            span = content["range"]
            covered.update((answer["file"], n) for n in range(span["start"], span["end"] + 1))
    return covered


def impact_lines(data: Iterable[Any]) -> Where:
    """(file, import line) of every dependent and test of impact answers."""
    covered: Where = set()
    for answer in _answers(data):
        for key in ("dependents", "tests"):
            covered.update((entry["file"], entry["line"]) for entry in answer.get(key) or ())
    return covered


def paths(data: Iterable[Any]) -> set[str]:
    """Every file of find answers (their tree or their flat list)."""
    found: set[str] = set()

    def walk(tree: Mapping[str, Any], prefix: str) -> None:
        for name, entry in tree.items():
            # A file's entry holds its facts (`lines`, `bytes` ...); a directory's, entries.
            if isinstance(entry, Mapping) and any(isinstance(v, Mapping) for v in entry.values()):
                walk(entry, f"{prefix}{name}/")
            elif isinstance(entry, Mapping) and not entry:
                walk(entry, f"{prefix}{name}/")  # an empty directory
            else:
                found.add(prefix + name)

    for answer in _answers(data):
        for entry in answer.get("flat") or ():
            found.add(entry["path"])
        if isinstance(answer.get("tree"), Mapping):
            walk(answer["tree"], "")
    return found


def diff_texts(data: Iterable[Any]) -> list[str]:
    """Every line of text in diff answers (the hunks' old and new lines among them)."""
    rows: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            rows.extend(value.split("\n"))
        elif isinstance(value, Mapping):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    for answer in _answers(data):
        walk(answer.get("hunks"))
    return rows


def grep_lines(text: str) -> Where:
    """(file, line) of every ``NAME:LINE:TEXT`` line grep printed."""
    covered: Where = set()
    for row in text.split("\n"):
        name, _, rest = row.partition(":")
        number, sep, _ = rest.partition(":")
        if sep and number.isdigit():
            covered.add((name.removeprefix("./"), int(number)))
    return covered
