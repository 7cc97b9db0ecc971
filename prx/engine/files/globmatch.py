"""Glob matching in time linear in the name, whatever the pattern.

Python's regex engine backtracks: a pattern such as ``?*?*?*?*?*?*b`` (one line of a
cloned repository's ``.gitignore``) takes minutes on a 40-character name. Patterns are
still translated to a regex, which is fastest for the ordinary ones; a pattern whose
worst case :func:`backtracking_cost` rates too high is matched instead by
:class:`LinearMatcher`, a set-of-states automaton that reads each character once.
"""

from __future__ import annotations

import re

__all__ = [
    "ANY_STRING",
    "DIRS",
    "LITERAL",
    "ONE",
    "STAR",
    "GlobToken",
    "LinearMatcher",
    "backtracking_cost",
    "is_regex_safe",
]

#: One given character.
LITERAL = "literal"
#: One character other than '/' (``?`` or a bracket expression).
ONE = "one"
#: Any run of characters other than '/' (``*``).
STAR = "star"
#: Zero or more whole directories: nothing, or any text ending in '/' (``**/``).
DIRS = "dirs"
#: Any text, '/' included (a trailing ``/**``).
ANY_STRING = "any"

# Worst-case sizes of what one wildcard may range over: a name (NAME_MAX) and a path.
_NAME_SPAN = 256
_PATH_SPAN = 4096
#: Regex work, in steps for one path, above which a pattern is matched linearly instead.
_REGEX_COST_LIMIT = 1 << 22


class GlobToken:
    """One element of a glob: its kind, its regex piece and, for a literal, the character."""

    __slots__ = ("char", "kind", "regex")

    def __init__(self, kind: str, regex: str, char: str = "") -> None:
        self.kind = kind
        self.regex = regex
        self.char = char

    def __repr__(self) -> str:
        return f"GlobToken({self.kind!r}, {self.regex!r})"


def backtracking_cost(tokens: list[GlobToken]) -> int:
    """An upper estimate of the steps a backtracking regex of ``tokens`` takes on one path.

    Read right to left: a wildcard multiplies the cost of what follows by the number of
    lengths it may try, except where what follows cannot fail late (a trailing ``**``) or
    is confined to one name (``**/`` then a name: each directory is tried once).
    """
    cost = 1
    slash_free = True  # whether the tokens after this point stay within one name
    for index in range(len(tokens) - 1, -1, -1):
        token = tokens[index]
        if token.kind == STAR:
            cost *= _NAME_SPAN
        elif token.kind == ANY_STRING:
            cost = cost if index == len(tokens) - 1 else cost * _PATH_SPAN
            slash_free = False
        elif token.kind == DIRS:
            if slash_free:
                cost = _PATH_SPAN + (_PATH_SPAN // _NAME_SPAN) * cost
            else:
                cost *= _PATH_SPAN
            slash_free = False
        else:
            cost += 1
            if token.char == "/":
                slash_free = False
    return cost


def is_regex_safe(tokens: list[GlobToken]) -> bool:
    """Whether the regex of ``tokens`` is cheap enough on any path to be used as it is."""
    return backtracking_cost(tokens) <= _REGEX_COST_LIMIT


class LinearMatcher:
    """Full-match a glob against text in O(len(text) x len(pattern)) steps, never more.

    The states are positions in the token list; every character of the text moves the
    whole set of live positions forward at once (Thompson's construction), so no choice
    is ever tried twice. Inside a ``**/`` the state is ``-(position + 1)``: it may only
    be left right after a '/', while at its start it may also match nothing.
    """

    __slots__ = ("_classes", "_tokens")

    def __init__(self, tokens: list[GlobToken]) -> None:
        self._tokens = tuple(tokens)
        self._classes = tuple(
            re.compile(t.regex, re.DOTALL) if t.kind == ONE else None for t in tokens
        )

    def _closure(self, states: set[int]) -> set[int]:
        """Add the positions reachable without reading: past wildcards that match nothing."""
        stack = list(states)
        while stack:
            position = stack.pop()
            if 0 <= position < len(self._tokens) and self._tokens[position].kind in (
                STAR,
                DIRS,
                ANY_STRING,
            ):
                if position + 1 not in states:
                    states.add(position + 1)
                    stack.append(position + 1)
        return states

    def fullmatch(self, text: str) -> bool:
        """Whether the whole of ``text`` matches."""
        tokens, classes, end = self._tokens, self._classes, len(self._tokens)
        states = self._closure({0})
        for char in text:
            following: set[int] = set()
            for state in states:
                if state == end:
                    continue
                position = state if state >= 0 else -state - 1
                token = tokens[position]
                kind = token.kind
                if kind == LITERAL:
                    if char == token.char:
                        following.add(position + 1)
                elif kind == ONE:
                    pattern = classes[position]
                    if pattern is not None and pattern.fullmatch(char):
                        following.add(position + 1)
                elif kind == STAR:
                    if char != "/":
                        following.add(position)
                elif kind == ANY_STRING:
                    following.add(position)
                else:  # DIRS: go on inside, or leave right after a '/'
                    following.add(-position - 1)
                    if char == "/":
                        following.add(position + 1)
            if not following:
                return False
            states = self._closure(following)
        return end in states
