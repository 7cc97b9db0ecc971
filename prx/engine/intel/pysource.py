"""Where a Python file's code is, from its text: its string literals and comments found
by one regular expression (no parse), so a word can be told from a word in a docstring.

Counting a name's same-named identifiers in hundreds of files (``explain``'s
``unrelated``) needs no syntax tree per file; this agrees with the tree on Python as
written (triple-quoted strings over many lines, prefixes, escapes, the replacement fields
of f-strings, which are code).
"""

from __future__ import annotations

import re
from bisect import bisect_right

__all__ = ["code_word_offsets"]

# A comment, or a string literal from its quote (its prefix is looked at apart): triple
# quotes first; an unclosed one runs to the end (of the line, for a single quote).
_NOT_CODE = re.compile(
    rb"#[^\n]*"
    rb"|'''(?:[^'\\]|\\.|'(?!''))*(?:'''|\\?\Z)"
    rb'|"""(?:[^"\\]|\\.|"(?!""))*(?:"""|\\?\Z)'
    rb"|'(?:[^'\\\n]|\\.)*(?:'|(?=\n)|\\?\Z)"
    rb'|"(?:[^"\\\n]|\\.)*(?:"|(?=\n)|\\?\Z)',
    re.DOTALL,
)
_PREFIX_BYTES = frozenset(b"rRbBuUfF")
_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_QUOTE_BYTES = frozenset(b"\"'")
_OPEN, _CLOSE, _COLON = b"{}:"


def _spans(data: bytes) -> tuple[list[int], list[int], list[bool]]:
    """Starts, ends and f-string flags of the comments and strings, in order."""
    starts: list[int] = []
    ends: list[int] = []
    formatted: list[bool] = []
    for match in _NOT_CODE.finditer(data):
        start = match.start()
        starts.append(start)
        ends.append(match.end())
        formatted.append(data[start] != 0x23 and _is_f_prefix(data, start))
    return starts, ends, formatted


def _is_f_prefix(data: bytes, quote: int) -> bool:
    """Whether the string whose quote is at ``quote`` has a prefix holding ``f``."""
    at = quote
    while at > 0 and quote - at < 2 and data[at - 1] in _PREFIX_BYTES:
        at -= 1
    if at > 0 and data[at - 1] in _WORD_BYTES:
        return False  # ``xf"..."`` is no prefix
    return b"f" in data[at:quote].lower()


def _in_replacement_field(data: bytes, start: int, offset: int) -> bool:
    """Whether ``offset`` in the f-string whose quote is at ``start`` is code: in a
    replacement field (``{{`` and ``}}`` outside one are literal braces), not in a string,
    a conversion (``!r``) or a format spec there (a field nested in the spec,
    ``{x:>{width}}``, is code again)."""
    body = data[start:offset]
    opening = body[:3] if body[:3] in (b"'''", b'"""') else body[:1]
    at = len(opening)
    frames: list[list[int]] = []  # per open field: [in its format spec, bracket depth]
    inner = 0  # the quote of a string inside a field (0: none)
    while at < len(body):
        byte = body[at]
        at += 1
        if inner:
            inner = 0 if byte == inner else inner
        elif not frames or frames[-1][0]:  # literal text, or a format spec
            if byte == _OPEN:
                if not frames and body[at : at + 1] == b"{":
                    at += 1
                else:
                    frames.append([0, 0])
            elif byte == _CLOSE:
                if frames:
                    frames.pop()
                elif body[at : at + 1] == b"}":
                    at += 1
        elif byte in _QUOTE_BYTES:
            inner = byte
        elif byte in b"([{":
            frames[-1][1] += 1
        elif byte in b")]}":
            if frames[-1][1]:
                frames[-1][1] -= 1
            else:
                frames.pop()
        elif byte == _COLON and not frames[-1][1]:
            frames[-1][0] = 1
    return bool(frames) and not frames[-1][0] and not inner and not body.endswith(b"!")


def code_word_offsets(data: bytes, offsets: list[int], name: str) -> list[int]:
    """Those of ``offsets`` (where ``name`` stands as a word) that lie in code: not in a
    comment, not in a string (but in an f-string's replacement field), not a string's
    prefix (``f`` of ``f"..."``)."""
    if not offsets:
        return []
    # The strings and comments up to the end of the last hit's line are all it takes.
    end_of_line = data.find(b"\n", offsets[-1])
    starts, ends, formatted = _spans(data if end_of_line < 0 else data[:end_of_line])
    kept: list[int] = []
    for offset in offsets:
        index = bisect_right(starts, offset) - 1
        if index >= 0 and offset < ends[index]:
            if not (formatted[index] and _in_replacement_field(data, starts[index], offset)):
                continue
        end = offset + len(name)
        if end < len(data) and data[end] in b"'\"" and set(name.encode()) <= _PREFIX_BYTES:
            continue
        kept.append(offset)
    return kept
