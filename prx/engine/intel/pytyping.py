"""Names Python's ``typing`` builds from a string: ``_V = TypeVar('_V')``, ``UserId =
NewType('UserId', int)``, the functional ``NamedTuple``/``namedtuple``/``TypedDict`` and
``Enum`` forms. A type checker refuses one whose string is not the name it is assigned
to, so that string is a use of the name: a rename changes it, ``explain`` lists it."""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["TypingString", "typing_strings"]

#: ``NAME = [module.]Builder('NAME'``: the string must be the name it is assigned to.
_BUILT = re.compile(
    rb"(?m)^[ \t]*(?P<name>[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)*"
    rb"(?:TypeVar|ParamSpec|TypeVarTuple|NewType|NamedTuple|namedtuple|TypedDict"
    rb"|Enum|IntEnum|StrEnum|Flag|IntFlag)[ \t]*\([ \t]*(?P<quote>['\"])(?P<string>\w+)(?P=quote)"
)


class TypingString(NamedTuple):
    """A ``NAME = Builder('NAME' ...)`` statement: where the name and its string start."""

    name: int
    string: int


def typing_strings(data: bytes, name: str | None = None) -> list[TypingString]:
    """Each statement of ``data`` (Python source) that builds a name from the same string
    (only ``name``'s, when given)."""
    out = []
    for found in _BUILT.finditer(data):
        if found.group("name") != found.group("string"):
            continue
        if name is not None and found.group("name") != name.encode():
            continue
        out.append(TypingString(found.start("name"), found.start("string")))
    return out
