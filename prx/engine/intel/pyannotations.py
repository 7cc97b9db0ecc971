"""A Python annotation's text as a tree of names: ``Iterable[tuple[int, 'Pattern']]``,
``t.Callable[[_AnyCallable], CmdType]``. Each name is a dotted name's last part, quotes
are dropped (a string annotation reads the same); a bracketed list of arguments (a
``Callable``'s parameters) is a node named ``[]``."""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Annotation", "parse_annotation"]


class Annotation(NamedTuple):
    """A parsed annotation: ``Name[arg, ...]`` (``...`` is an argument named ``...``)."""

    name: str
    args: tuple[Annotation, ...]


_TOKEN = re.compile(r"\s*(\.\.\.|[A-Za-z_][\w.]*|[\[\],]|['\"])")


def parse_annotation(text: str) -> Annotation | None:
    """The tree of ``text``; None when the text is not of that form (an expression, a
    literal)."""
    tokens = [t for t in _TOKEN.findall(text) if t not in ("'", '"')]
    if "".join(tokens) != re.sub(r"[\s'\"]", "", text):
        return None
    parsed, rest = _parse_at(tokens)
    return parsed if parsed is not None and not rest else None


def _parse_at(tokens: list[str]) -> tuple[Annotation | None, list[str]]:
    if not tokens or tokens[0] in ("]", ","):
        return None, tokens
    if tokens[0] == "[":  # ``[A, B]``: a Callable's parameters
        return _arguments("[]", tokens[1:])
    name, rest = tokens[0].rsplit(".", 1)[-1], tokens[1:]
    if not rest or rest[0] != "[":
        return Annotation(name, ()), rest
    return _arguments(name, rest[1:])


def _arguments(name: str, rest: list[str]) -> tuple[Annotation | None, list[str]]:
    """``name``'s arguments, ``rest`` starting after its ``[``."""
    args: list[Annotation] = []
    if rest and rest[0] == "]":
        return Annotation(name, ()), rest[1:]
    while True:
        arg, rest = _parse_at(rest)
        if arg is None or not rest:
            return None, rest
        args.append(arg)
        if rest[0] == "]":
            return Annotation(name, tuple(args)), rest[1:]
        if rest[0] != ",":
            return None, rest
        rest = rest[1:]
