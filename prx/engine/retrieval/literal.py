"""Fixed-string and regular-expression search, streamed over the walked files.

Every matching line counts (``total_matches`` is the true total); a line reports its first
match and the column where it starts (1-based, in characters) and its length in bytes
(what grep would print of it). Files are read once and a file without the needle is passed
over before any line splitting. Bytes that are not UTF-8 decode to surrogate escapes, as a
command-line argument does, so a pattern given with such bytes finds them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prx.core.errors import InvalidArgumentError
from prx.core.record import record
from prx.engine.files.text import read_walked

if TYPE_CHECKING:
    from prx.engine.index.literal_plan import Plan
    from prx.plugin.protocols import LiteralContext, SourceContext

__all__ = [
    "EVERY_FILE_MAX_BYTES",
    "LiteralHit",
    "compile_pattern",
    "lines_holding",
    "plan_for",
    "scan",
]

#: The largest file a search of every file reads (as grep -r would; larger ones are
#: counted as skipped, too large, in the answer).
EVERY_FILE_MAX_BYTES = 64 << 20


@record(kw_only=False)
class LiteralHit:
    """One matching line."""

    file: str
    line: int
    column: int
    match: str
    hash: str
    #: Bytes of the whole line, without its newline.
    line_bytes: int


def compile_pattern(query: str, *, regex: bool, ignore_case: bool = False) -> re.Pattern[str]:
    """The compiled pattern; an invalid regex is an error with the parser's message and a
    corrected example."""
    # ^ and $ anchor at each line, as grep users expect.
    flags = re.MULTILINE | (re.IGNORECASE if ignore_case else 0)
    if not regex:
        return re.compile(re.escape(query), flags)
    try:
        return re.compile(query, flags)
    except re.error as exc:
        position = f" at position {exc.pos}" if exc.pos is not None else ""
        raise InvalidArgumentError(
            f"invalid argument query: invalid regex{position}: {exc.msg}",
            param="query",
            suggestion=f"Escape special characters (as a regex: {re.escape(query)!r}) "
            "or search the text as it is with {param:literal}.",
        ) from None


def scan(
    ws: SourceContext,
    root: str,
    pattern: re.Pattern[str],
    *,
    accept: Callable[[str, str | None], bool] | None = None,
    plan: Plan | None = None,
    every_file: bool = False,
) -> tuple[Iterator[LiteralHit], Counter[str], list[int]]:
    """Lazily yield hits under ``root``; also returns the skip counter and a one-element
    list counting the files searched (both complete once the iterator is exhausted).
    ``plan``: the files to read, from the root's index (see :func:`plan_for`); else the
    root is walked and every file read (``every_file``: ignored ones and VCS metadata
    too, as ``grep -r`` reads them)."""
    from prx.core.hashing import content_hash

    files, skipped = _files(ws, root, plan, every_file)
    searched = [0]

    def hits() -> Iterator[LiteralHit]:
        for rel, data in _read(ws, files, accept, skipped, searched):
            text = data.decode("utf-8", "surrogateescape")
            first = pattern.search(text)
            if first is None:
                continue
            digest = content_hash(data)
            line_no = text.count("\n", 0, first.start()) + 1
            line_start = text.rfind("\n", 0, first.start()) + 1
            position = first.start()
            while True:
                if line_start == len(text) and text.endswith("\n"):
                    break  # past the final newline: no line there (``^$`` matches it)
                line_end = text.find("\n", line_start)
                line_end = len(text) if line_end < 0 else line_end
                found_in_line = pattern.search(text, max(position, line_start), line_end)
                if found_in_line is not None:
                    line = text[line_start:line_end]
                    yield LiteralHit(
                        rel,
                        line_no,
                        found_in_line.start() - line_start + 1,
                        found_in_line.group(0),
                        digest,
                        len(line)
                        if line.isascii()
                        else len(line.encode("utf-8", "surrogateescape")),
                    )
                    following = pattern.search(text, line_end + 1) if line_end < len(text) else None
                else:
                    following = pattern.search(text, line_end + 1) if line_end < len(text) else None
                if following is None:
                    break
                line_no += text.count("\n", line_end, following.start())
                line_start = text.rfind("\n", 0, following.start()) + 1
                position = following.start()

    return hits(), skipped, searched


def lines_holding(
    ws: SourceContext,
    root: str,
    text: str,
    *,
    accept: Callable[[str, str | None], bool] | None = None,
    plan: Plan | None = None,
) -> Iterator[tuple[str, list[int]]]:
    """Each file under ``root`` holding the fixed string ``text``, with the numbers of
    its lines that hold it: the lines :func:`scan` finds for the string, without
    describing each (no column, hash or byte count). No line holds an empty string or
    one with a line break."""
    if not text or "\n" in text:
        return
    files, skipped = _files(ws, root, plan)
    for rel, data in _read(ws, files, accept, skipped, [0]):
        content = data.decode("utf-8", "surrogateescape")
        at = content.find(text)
        if at < 0:
            continue
        lines: list[int] = []
        line_no = 1
        counted = 0  # line_no is the line of offset ``counted``
        while at >= 0:
            line_no += content.count("\n", counted, at)
            lines.append(line_no)
            end = content.find("\n", at + len(text))
            if end < 0:
                break
            line_no += 1  # the text holds no line break: it ends on its line
            counted = end + 1
            at = content.find(text, counted)
        yield rel, lines


def _files(
    ws: SourceContext, root: str, plan: Plan | None, every_file: bool = False
) -> tuple[list[tuple[str, str, bool | None]], Counter[str]]:
    """The files to search (path, path under the root, whether to read it) and the skips
    so far: the plan's, else the walk's."""
    if plan is not None:
        return plan.files, Counter(plan.skipped)
    return _walked(ws, root, every_file)


def _read(
    ws: SourceContext,
    files: list[tuple[str, str, bool | None]],
    accept: Callable[[str, str | None], bool] | None,
    skipped: Counter[str],
    searched: list[int],
) -> Iterator[tuple[str, bytes]]:
    """Each file of ``files`` to read (``accept`` keeps, not binary, not ruled out) and
    its bytes; ``skipped`` and ``searched`` count the others as the walk does."""
    for path, rel, read in files:
        if accept is not None:
            spec = ws.language_for(rel)
            if not accept(rel, spec.name if spec else None):
                continue
        if read is None:  # binary when indexed, unchanged since: as read_walked says
            skipped["binary"] += 1
            continue
        if not read:  # ruled out by the index's filters: searched, unread
            searched[0] += 1
            continue
        data = read_walked(path, skipped)
        if data is None:
            continue
        searched[0] += 1
        yield rel, data


def plan_for(ws: LiteralContext, root: str, pattern: re.Pattern[str]) -> Plan | None:
    """The files to search from the root's index when it is fresh enough (its trigram
    filters rule out the files that cannot hold a case-sensitive fixed string); None: walk
    and read every file."""
    import os

    from prx.engine.index.literal_plan import literal_plan

    return literal_plan(ws, root, _fixed(pattern)) if os.path.isdir(root) else None


def _walked(
    ws: SourceContext, root: str, every_file: bool = False
) -> tuple[list[tuple[str, str, bool | None]], Counter[str]]:
    from prx.engine.files.walk import walk

    walked = walk(
        root,
        max_file_size=max(ws.config.max_file_size, EVERY_FILE_MAX_BYTES)
        if every_file
        else ws.config.max_file_size,
        skip_binary=False,
        honour_ignores=not every_file,
        skip_vcs=not every_file,
    )
    files: list[tuple[str, str, bool | None]] = [
        (str(found.path), found.rel, True) for found in walked.files
    ]
    return files, Counter(walked.skipped)


def _fixed(pattern: re.Pattern[str]) -> bytes | None:
    """The bytes a case-sensitive fixed-string pattern stands for (None for a regex or a
    case-insensitive one): the text a file must hold to match."""
    if pattern.flags & re.IGNORECASE:
        return None
    text = pattern.pattern
    unescaped = re.sub(r"\\(.)", r"\1", text, flags=re.S)
    if re.escape(unescaped) != text:
        return None
    return unescaped.encode("utf-8", "surrogateescape")
