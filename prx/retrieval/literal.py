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

from prx._record import record
from prx.errors import InvalidArgumentError
from prx.files.text import read_walked

if TYPE_CHECKING:
    from prx.workspace import Workspace

__all__ = ["LiteralHit", "compile_pattern", "scan"]


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
    ws: Workspace,
    root: str,
    pattern: re.Pattern[str],
    *,
    accept: Callable[[str, str | None], bool] | None = None,
) -> tuple[Iterator[LiteralHit], Counter[str], list[int]]:
    """Lazily yield hits under ``root``; also returns the skip counter and a one-element
    list counting the files searched (both complete once the iterator is exhausted)."""
    from prx.files.walk import walk
    from prx.hashing import content_hash

    walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    skipped: Counter[str] = Counter(walked.skipped)
    searched = [0]

    def hits() -> Iterator[LiteralHit]:
        for found in walked.files:
            if accept is not None:
                spec = ws.language_for(found.rel)
                if not accept(found.rel, spec.name if spec else None):
                    continue
            data = read_walked(found.path, skipped)
            if data is None:
                continue
            searched[0] += 1
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
                        found.rel,
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
