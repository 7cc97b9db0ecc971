"""Reading Python tracebacks (``unittest``, pytest ``--tb=native``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Traceback", "exception_name", "read_traceback"]

_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)')
_EXC = re.compile(r"^(?P<name>[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Failure))\b")


@dataclass(frozen=True, slots=True)
class Traceback:
    file: str | None
    line: int | None
    message: str
    excerpt: str | None


def exception_name(message: str) -> str | None:
    """``ValueError`` for ``ValueError: bad``; None when the text names no exception."""
    match = _EXC.match(message.strip())
    return match.group("name").rsplit(".", 1)[-1] if match else None


def read_traceback(lines: Sequence[str]) -> Traceback | None:
    """The innermost frame and the exception of a ``Traceback (most recent call last):``."""
    last_frame = None
    last_index = -1
    for index, line in enumerate(lines):
        match = _FRAME.match(line)
        if match:
            last_frame = match
            last_index = index
    if last_frame is None:
        return None
    rest = [x for x in lines[last_index + 1 :]]
    body = [x for x in rest if x and not x.startswith(" ")]
    # Skip the frame's own source lines (indented), then the exception lines follow.
    start = next((i for i, x in enumerate(rest) if x and not x.startswith(" ")), None)
    if start is None:
        message = body[0] if body else ""
        more: list[str] = []
    else:
        tail = rest[start:]
        while tail and not tail[-1].strip():
            tail.pop()
        message, more = tail[0], tail[1:]
    return Traceback(
        file=last_frame.group("file"),
        line=int(last_frame.group("line")),
        message=message.strip(),
        excerpt="\n".join(more) if more else None,
    )
