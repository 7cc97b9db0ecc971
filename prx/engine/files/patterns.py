"""Gitignore-style wildmatch globbing, brace expansion and user glob patterns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from prx.engine.files.globmatch import (
    ANY_STRING,
    DIRS,
    LITERAL,
    ONE,
    STAR,
    GlobToken,
    LinearMatcher,
    is_regex_safe,
)

__all__ = ["GlobPattern", "GlobSet", "expand_braces", "glob_tokens", "translate_wildmatch"]

# Bracket-expression character classes, ASCII only, like git's wildmatch (C locale).
_POSIX_CLASSES: dict[str, str] = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "blank": " \\t",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
}


def _translate_class(pattern: str, start: int) -> tuple[str, int] | None:
    """Translate the bracket expression opening at ``start``; None if it is unclosed.

    Returns the regex and the index just past the closing ``]``.
    """
    n = len(pattern)
    i = start + 1
    negated = i < n and pattern[i] in "!^"
    if negated:
        i += 1
    parts: list[str] = []
    first = True
    while i < n:
        c = pattern[i]
        if c == "]" and not first:
            break
        first = False
        if c == "[" and pattern.startswith("[:", i):
            end = pattern.find(":]", i + 2)
            name = pattern[i + 2 : end] if end != -1 else ""
            if name in _POSIX_CLASSES:
                parts.append(_POSIX_CLASSES[name])
                i = end + 2
                continue
        if c == "\\" and i + 1 < n:
            i += 1
            c = pattern[i]
        i += 1
        # A '-' followed by something other than the closing ']' forms a range.
        if i + 1 < n and pattern[i] == "-" and pattern[i + 1] != "]":
            hi_at = i + 1
            if pattern[hi_at] == "\\" and hi_at + 1 < n:
                hi_at += 1
            hi = pattern[hi_at]
            i = hi_at + 1
            if c <= hi:  # git treats a reversed range as matching nothing
                parts.append(f"{re.escape(c)}-{re.escape(hi)}")
            continue
        parts.append(re.escape(c))
    else:
        return None
    body = "".join(parts)
    # Bracket expressions never match '/' (wildmatch with WM_PATHNAME).
    if negated:
        return f"[^/{body}]", i + 1
    if not body:
        return "(?!)", i + 1
    return f"(?!/)[{body}]", i + 1


def _star_token(pattern: str, start: int) -> tuple[GlobToken, int]:
    """The token for the run of '*' at ``start``, and the index after it."""
    n = len(pattern)
    end = start
    while end < n and pattern[end] == "*":
        end += 1
    starts_component = start == 0 or pattern[start - 1] == "/"
    whole_component = starts_component and (end == n or pattern[end] == "/")
    # '**' is special only as a whole path component; otherwise it acts like '*'.
    if end - start == 1 or not whole_component:
        return GlobToken(STAR, "[^/]*"), end
    if end == n:
        return GlobToken(ANY_STRING, ".*"), end  # 'dir/**' or a lone '**': everything
    return GlobToken(DIRS, "(?:.*/)?"), end + 1  # '**/' and '/**/': zero or more directories


def glob_tokens(pattern: str) -> list[GlobToken]:
    """The wildmatch pattern as tokens, each with its regex piece (which needs re.DOTALL)."""
    out: list[GlobToken] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "*":
            token, i = _star_token(pattern, i)
            out.append(token)
        elif c == "?":
            out.append(GlobToken(ONE, "[^/]"))
            i += 1
        elif c == "[":
            translated = _translate_class(pattern, i)
            if translated is None:  # unclosed: literal '['
                out.append(GlobToken(LITERAL, "\\[", "["))
                i += 1
            else:
                out.append(GlobToken(ONE, translated[0]))
                i = translated[1]
        elif c == "\\" and i + 1 < n:
            out.append(GlobToken(LITERAL, re.escape(pattern[i + 1]), pattern[i + 1]))
            i += 2
        else:
            out.append(GlobToken(LITERAL, re.escape(c), c))
            i += 1
    return out


def _translate(pattern: str) -> str:
    """Translate a wildmatch pattern into a regex body (needs re.DOTALL)."""
    return "".join(token.regex for token in glob_tokens(pattern))


def translate_wildmatch(pattern: str) -> str:
    """Return a regex for ``re.fullmatch`` against a '/'-separated relative path."""
    return f"(?s:{_translate(pattern)})"


def _find_group(pattern: str, start: int) -> tuple[int, list[int]] | None:
    """Find the '}' closing the '{' at ``start`` and its top-level commas."""
    depth = 0
    commas: list[int] = []
    i, n = start, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i, commas
        elif c == "," and depth == 1:
            commas.append(i)
        i += 1
    return None


def expand_braces(pattern: str) -> list[str]:
    """Expand ``{a,b}`` alternatives (nested too); unbalanced or comma-less braces stay literal."""
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            group = _find_group(pattern, i)
            if group is not None and group[1]:
                close, commas = group
                bounds = [i, *commas, close]
                prefix, suffix = pattern[:i], pattern[close + 1 :]
                result: list[str] = []
                for lo, hi in pairwise(bounds):
                    for tail in expand_braces(pattern[lo + 1 : hi] + suffix):
                        expanded = prefix + tail
                        if expanded not in result:
                            result.append(expanded)
                return result
        i += 1
    return [pattern]


class GlobSet:
    """Several globs at once: which is the last of them to match a path.

    Ordinary patterns share one regex (fast, in C); a pattern whose regex could backtrack
    for long is matched by a :class:`~prx.engine.files.globmatch.LinearMatcher` instead.
    """

    __slots__ = ("_group_index", "_linear", "_regex")

    def __init__(self, token_lists: Sequence[list[GlobToken]]) -> None:
        is_safe = [is_regex_safe(tokens) for tokens in token_lists]
        # Last pattern first, so the first alternative that matches is the winner.
        safe = [i for i in range(len(token_lists) - 1, -1, -1) if is_safe[i]]
        self._regex = (
            re.compile(
                "|".join(f"({''.join(t.regex for t in token_lists[i])})" for i in safe),
                re.DOTALL,
            )
            if safe
            else None
        )
        self._group_index = tuple(safe)
        self._linear = tuple(
            (i, LinearMatcher(token_lists[i]))
            for i in range(len(token_lists) - 1, -1, -1)
            if not is_safe[i]
        )

    def last_match(self, text: str) -> int | None:
        """The index of the last glob that matches the whole of ``text``, or None."""
        winner = -1
        if self._regex is not None:
            m = self._regex.fullmatch(text)
            if m is not None and m.lastindex is not None:
                winner = self._group_index[m.lastindex - 1]
        for index, matcher in self._linear:
            if index < winner:
                break
            if matcher.fullmatch(text):
                return index
        return winner if winner >= 0 else None


@lru_cache(maxsize=256)
def _compile_any(patterns: tuple[str, ...]) -> GlobSet | None:
    """One matcher for any of ``patterns``; cached across GlobPatterns."""
    if not patterns:
        return None
    return GlobSet([glob_tokens(p) for p in patterns])


def _strip_root(pattern: str) -> str:
    """Drop leading '/' and './' so path patterns are relative to the walk root."""
    while True:
        if pattern.startswith("./"):
            pattern = pattern[2:]
        elif pattern.startswith("/"):
            pattern = pattern[1:]
        else:
            return pattern


class GlobPattern:
    """A user glob such as ``*.py``, ``src/**/*.{ts,tsx}`` or ``test_*``.

    Each brace alternative without a '/' matches the base name; one with a '/' matches
    the whole relative path ('dir/' is shorthand for 'dir/**').
    """

    __slots__ = ("_name_re", "_path_re", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        names: list[str] = []
        paths: list[str] = []
        for alt in expand_braces(pattern):
            if "/" not in alt:
                names.append(alt)
                continue
            path_pattern = _strip_root(alt)
            if path_pattern.endswith("/"):
                path_pattern += "**"
            paths.append(path_pattern)
        self._name_re = _compile_any(tuple(names))
        self._path_re = _compile_any(tuple(paths))

    def match(self, rel_path: str) -> bool:
        """True if the '/'-separated relative path matches the pattern."""
        name = rel_path.rpartition("/")[2]
        if self._name_re is not None and self._name_re.last_match(name) is not None:
            return True
        return self._path_re is not None and self._path_re.last_match(rel_path) is not None

    def __repr__(self) -> str:
        return f"GlobPattern({self.pattern!r})"
