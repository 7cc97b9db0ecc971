"""grep's and ripgrep's patterns as prx searches them: a fixed string, or a Python regular
expression that matches the same lines; None when the translation could differ (POSIX
classes, back-references where the dialects part, look-arounds, flags ...).

Only the common core is translated: literal characters, ``.``, ``*``, ``+``, ``?``,
``|``, groups, intervals, anchors, simple bracket expressions and the escapes
``\\w \\W \\s \\S \\b \\B``.
"""

from __future__ import annotations

import re

__all__ = ["Pattern", "translate"]

#: Characters special somewhere in any of the dialects.
_META = frozenset(".[]*+?(){}|^$\\")
#: Escapes every dialect and Python read alike.
_CLASS_ESCAPES = frozenset("wWsSbB")
_INTERVAL = re.compile(r"\{(\d+)(,(\d*))?\}")


class Pattern:
    """A translated pattern: ``regex`` False means a fixed string."""

    __slots__ = ("regex", "text")

    def __init__(self, text: str, *, regex: bool) -> None:
        self.text, self.regex = text, regex


def translate(pattern: str, dialect: str, *, word: bool = False) -> Pattern | None:
    """``pattern`` in ``dialect`` (``fixed``, ``basic`` grep, ``extended`` grep, ``rust``
    for ripgrep) as prx searches it; ``word``: only whole-word matches (``-w``)."""
    if not pattern or "\n" in pattern:
        return None  # grep reads one pattern per line: several patterns
    if dialect == "fixed" or not _META.intersection(pattern):
        if not word:
            return Pattern(pattern, regex=False)
        return _word(re.escape(pattern), pattern)
    if dialect == "basic":
        regex = _basic(pattern)
    else:
        regex = _extended(pattern, rust=dialect == "rust")
    if regex is None:
        return None
    try:
        re.compile(regex)
    except re.error:
        return None
    return _word(regex, pattern) if word else Pattern(regex, regex=True)


def _word(regex: str, pattern: str) -> Pattern | None:
    # \b around the pattern is -w only when the pattern starts and ends with a word character.
    if not (_is_word(pattern[0]) and _is_word(pattern[-1])):
        return None
    return Pattern(rf"\b(?:{regex})\b", regex=True)


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _bracket(pattern: str, start: int) -> tuple[str, int] | None:
    """The bracket expression opening at ``start`` and the index after it; None for one
    Python would read otherwise (POSIX classes, backslashes, set operations)."""
    end = start + 1
    if end < len(pattern) and pattern[end] == "^":
        end += 1
    if end < len(pattern) and pattern[end] == "]":
        end += 1  # a leading ']' is a member
    while end < len(pattern) and pattern[end] != "]":
        end += 1
    if end >= len(pattern):
        return None
    body = pattern[start : end + 1]
    inner = body[1:-1]
    if "[" in inner or "\\" in inner or "&&" in inner or "--" in inner or "~~" in inner:
        return None
    # A leading ']' must be escaped for Python.
    if inner.startswith("]"):
        body = "[\\]" + inner[1:] + "]"
    elif inner.startswith("^]"):
        body = "[^\\]" + inner[2:] + "]"
    return body, end + 1


def _basic(pattern: str) -> str | None:
    """A POSIX basic regular expression (grep's default) as Python's."""
    out: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            if index + 1 >= len(pattern):
                return None
            following = pattern[index + 1]
            if following in ".*[]^$\\/" or following in _CLASS_ESCAPES:
                out.append("\\" + following)
            else:
                return None  # \( \| \{ \+ \< and back-references: GNU extensions
            index += 2
            continue
        if char == "[":
            found = _bracket(pattern, index)
            if found is None:
                return None
            out.append(found[0])
            index = found[1]
            continue
        if char == "*" and (index == 0 or pattern[:index] == "^"):
            out.append("\\*")  # a leading star is literal in BRE
        elif char == "^" and index != 0:
            out.append("\\^")
        elif char == "$" and index != len(pattern) - 1:
            out.append("\\$")
        elif char in "+?(){}|":
            out.append("\\" + char)  # literal in BRE
        else:
            out.append(char)
        index += 1
    return "".join(out)


def _extended(pattern: str, *, rust: bool) -> str | None:
    """An extended regular expression (``grep -E``) or a ripgrep (Rust) one as Python's."""
    out: list[str] = []
    index = 0
    previous = ""  # the last token: a repetition may not follow nothing, '(' or '|'
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            if index + 1 >= len(pattern):
                return None
            following = pattern[index + 1]
            if following in ".*+?()[]{}|^$\\/" or following in _CLASS_ESCAPES:
                out.append("\\" + following)
            elif rust and following in "dD":
                out.append("\\" + following)
            else:
                return None
            index += 2
            previous = "atom"
            continue
        if char == "[":
            found = _bracket(pattern, index)
            if found is None:
                return None
            out.append(found[0])
            index = found[1]
            previous = "atom"
            continue
        if char in "*+?":
            if previous in ("", "(", "|", "^"):
                return None
            if index + 1 < len(pattern) and pattern[index + 1] in "?+":
                return None  # lazy or possessive: dialects differ
            out.append(char)
            previous = "repeat"
        elif char == "{":
            interval = _INTERVAL.match(pattern, index)
            if interval is None or previous in ("", "(", "|", "^"):
                return None
            out.append(interval.group(0))
            index = interval.end()
            previous = "repeat"
            continue
        elif char == "(":
            if pattern.startswith("(?", index):
                return None  # flags, look-arounds, named groups
            out.append(char)
            previous = "("
        elif char in ")|^":
            out.append(char)
            previous = char
        else:
            out.append(char)
            previous = "atom"
        index += 1
    return "".join(out)
