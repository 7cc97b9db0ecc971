"""Small helpers the built-in operations share to state their Unix baselines."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["below", "command_line", "utf8_size"]

# The characters shlex.quote leaves bare.
_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")


def command_line(argv: Sequence[str]) -> str:
    """``argv`` as a shell command line (quoted only where needed: shlex costs ms to import)."""
    if all(arg and _SAFE.issuperset(arg) for arg in argv):
        return " ".join(argv)
    import shlex

    return shlex.join(argv)


def utf8_size(text: str) -> int:
    """Bytes of ``text`` as a Unix tool writes it (non-UTF-8 bytes kept as surrogate escapes)."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogateescape"))


def below(base: str, shown: str) -> str:
    """A path as answers show it (relative to the Workspace root), relative instead to the
    walked directory shown as ``base``: the part a Unix tool prints after its operand."""
    if base == ".":
        return shown
    prefix = base if base.endswith("/") else base + "/"
    return shown[len(prefix) :] if shown.startswith(prefix) else shown
