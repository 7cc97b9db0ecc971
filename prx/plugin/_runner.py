"""Runner-output parsers for ``prx run``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from prx._record import record

__all__ = ["RawRun", "RunnerParser"]


@record
class RawRun:
    """A finished command as ``prx run`` captured it.

    .. versionadded:: 0.1
    """

    #: The command line that ran.
    argv: tuple[str, ...]
    #: Its real exit code.
    exit_code: int
    #: Captured standard output.
    stdout: str
    #: Captured standard error.
    stderr: str
    #: Wall time in milliseconds.
    duration_ms: int


class RunnerParser(ABC):
    """Turns a tool's raw output into a summary; higher ``PRIORITY`` is tried first.

    .. versionadded:: 0.1
    """

    #: Registry name (``pytest``).
    NAME: ClassVar[str]
    #: Higher runs first; the generic fallback has the lowest priority.
    PRIORITY: ClassVar[int] = 0
    #: Lines that only this tool prints, as ``(regular expression, confidence 0-1)``: an
    #: output whose command line names no known tool (a wrapper, a script, ``make``) is
    #: claimed by the parser with the most confident match of a whole line (``re.match``).
    #: Only the class's own are used: a subclass is not claimed by its base's.
    #:
    #: .. versionadded:: 0.1
    SIGNATURES: ClassVar[tuple[tuple[str, float], ...]] = ()
    #: NAMEs of parsers whose signature lines this tool's output contains as part of its
    #: own (``cargo-test`` prints ``cargo-build``'s ``Compiling`` lines): not a second tool.
    #:
    #: .. versionadded:: 0.1
    COVERS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    @abstractmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        """Whether this parser understands the output of ``argv``."""

    @abstractmethod
    def parse(self, raw: RawRun) -> Any:
        """Summarise ``raw``."""
