"""Python classes and enums made by a call (``NamedTuple('Pair', ...)``, ``namedtuple``,
``TypedDict``, ``Enum('Color', ...)``) are definitions like their class forms: outlined,
found by symbol search, renamed as a definition (with the string naming them)."""

from __future__ import annotations

from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.engine.lang.outline import flatten, outline

PYTHON = next(spec for spec in BUILTIN_LANGUAGES if spec.name == "python")

SOURCE = b"""import collections
import enum
from typing import NamedTuple, TypedDict

Pair = NamedTuple('Pair', [('a', int)])
Point = collections.namedtuple('Point', 'x y')
Movie = TypedDict('Movie', {'title': str})
Color = enum.Enum('Color', 'RED GREEN')
HTTP = namedtuple('HTTP', 'code')
LIMIT = 3
made = build('Pair')
"""


def test_classes_made_by_a_call_are_outlined_as_classes():
    found = [(s.name, s.kind, s.lines.start) for s in flatten(outline(PYTHON, SOURCE))]
    assert found == [
        ("Pair", "class", 5),
        ("Point", "class", 6),
        ("Movie", "class", 7),
        ("Color", "enum", 8),
        ("HTTP", "class", 9),  # not also a constant
        ("LIMIT", "const", 10),
    ]
