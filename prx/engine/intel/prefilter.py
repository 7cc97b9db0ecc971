"""Text checks that spare a file its syntax tree.

Parsing is the costly part of ``impact --symbol`` and ``explain``: a symbol's importers are
hundreds of files, and most of them import a module (``from django.db import models``)
whose text holds the name somewhere without ever using ``models.Name``. Each check here
answers "could a parse find a use?" from the bytes alone, conservatively: it says no only
when no syntax tree could hold one, so answers are the same with or without it (a test
runs both ways). :func:`bare_uses` goes further: it reads the uses themselves when each is
plain to see (``@cached_property``, ``Q(...)``), else leaves the file to the parser. Only
Python files are checked; any other file is always parsed.

:data:`ENABLED` turns the checks off (tests compare the answers).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.engine.intel.bindings import Occurrence
    from prx.engine.intel.project import ParsedFile

__all__ = ["ENABLED", "bare_uses", "may_use_attribute", "word_offsets"]

#: False: no shortcut (every file parsed, every import statement read from its syntax
#: tree); the answers must not change.
ENABLED = True

# What Python allows between a receiver, the dot and the attribute: spaces, line breaks,
# a backslash continuation and, inside brackets, comments.
_GAP = rb"(?:[\s\\]|#[^\n]*)*"


def _checked(parsed: ParsedFile) -> bool:
    return ENABLED and parsed.language == "python"


_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")


def word_offsets(data: bytes, name: str) -> list[int]:
    """Byte offsets of ``name`` as a whole word (not inside a longer identifier); the
    search runs in C (``bytes.find``), only real hits reach Python."""
    word = name.encode()
    size = len(word)
    found: list[int] = []
    at = data.find(word)
    while at >= 0:
        end = at + size
        if (at == 0 or data[at - 1] not in _WORD_BYTES) and (
            end >= len(data) or data[end] not in _WORD_BYTES
        ):
            found.append(at)
        at = data.find(word, end)
    return found


@lru_cache(maxsize=256)
def _attribute_pattern(receivers: frozenset[str], attribute: str) -> re.Pattern[bytes]:
    # A receiver the tree would report as one of ``receivers``: its dotted parts with
    # spaces around the dots at most (its text, spaces removed, must equal the alias).
    dotted = [
        rb"\s*\.\s*".join(re.escape(part.encode()) for part in receiver.split("."))
        for receiver in sorted(receivers)
    ]
    either = b"|".join(dotted)
    return re.compile(
        rb"(?:" + either + rb")" + _GAP + rb"\." + _GAP + re.escape(attribute.encode()) + rb"\b"
    )


def may_use_attribute(parsed: ParsedFile, attribute: str, receivers: set[str]) -> bool:
    """Whether ``receiver.attribute`` may be in the file for one of ``receivers`` (the
    module aliases its imports bind)."""
    if not _checked(parsed):
        return True
    if attribute.encode() not in parsed.data:
        return False
    return _attribute_pattern(frozenset(receivers), attribute).search(parsed.data) is not None


def _line_start(data: bytes, line: int) -> int:
    """The byte offset where 1-based ``line`` starts (the end of the data past the last)."""
    at = 0
    for _ in range(line - 1):
        at = data.find(b"\n", at) + 1
        if at == 0:
            return len(data)
    return at


def _before(data: bytes, at: int) -> int:
    """The offset of the last byte before ``at`` that is not a space or a line break
    (a backslash continuation skipped too); -1 at the start of the file."""
    at -= 1
    while at >= 0 and data[at] in b" \t\f\r\n\\":
        at -= 1
    return at


def _after(data: bytes, at: int) -> int:
    """The first byte at or after ``at`` that is not a space or a tab (-1: none)."""
    while at < len(data) and data[at] in b" \t\f":
        at += 1
    return data[at] if at < len(data) else -1


def _after_keyword(data: bytes, end: int) -> bool:
    """Whether the bytes up to ``end`` (inclusive) end with the word ``def`` or ``class``."""
    for keyword in (b"def", b"class"):
        start = end + 1 - len(keyword)
        if data[max(start, 0) : end + 1] == keyword and (
            start == 0 or data[start - 1] not in _WORD_BYTES
        ):
            return True
    return False


def bare_uses(parsed: ParsedFile, name: str, statement: tuple[int, int]) -> list[Occurrence] | None:
    """The bare uses of ``name`` in a Python file, as the syntax tree gives them (no
    receiver, not in an import, not being defined), read from the text when every word
    ``name`` in its code is plain to see: on the lines ``statement`` of the import that
    binds it, after a dot (an attribute), called (``name(``; after ``def`` or ``class``,
    defined) or after ``@`` (a decorator). None as soon as one is anything else (an
    argument, an assignment ...): the caller parses the file."""
    if not _checked(parsed):
        return None
    from prx.engine.intel.bindings import Occurrence
    from prx.engine.intel.pysource import code_word_offsets

    data = parsed.data
    first, last = statement
    start, end = _line_start(data, first), _line_start(data, last + 1)
    if b";" in data[start:end]:
        return None
    offsets = word_offsets(data, name)
    if all(start <= at < end for at in offsets):
        return []  # only in the import statement that binds it: not used
    found: list[Occurrence] = []
    line, counted = 1, 0
    for at in code_word_offsets(data, offsets, name):
        line += data.count(b"\n", counted, at)
        counted = at
        if first <= line <= last:
            continue  # the import statement that binds it
        before = _before(data, at)
        if before >= 0 and b"#" in data[data.rfind(b"\n", 0, before) + 1 : before]:
            return None  # a comment may stand between it and what comes before
        previous = data[before] if before >= 0 else -1
        if previous == 0x2E:  # .
            if before > 0 and data[before - 1] == 0x2E:
                return None  # an ellipsis, or a relative import
            continue  # an attribute of something else
        if previous == 0x40 or _after(data, at + len(name)) == 0x28:  # @name, name(
            if previous != 0x40 and _after_keyword(data, before):
                continue  # def name( / class name(: defined here
            found.append(Occurrence(line, at, None, False, False))
            continue
        return None
    return found
