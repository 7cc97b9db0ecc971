"""Shared pieces of the built-in parsers."""

from __future__ import annotations

import json
import re
from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from prx.engine.runner.detect import unwrap
from prx.engine.runner.excerpt import split_lines
from prx.engine.runner.model import Parsed
from prx.plugin.runner import RawRun, RunnerParser

__all__ = ["json_array", "ToolParser", "first_word", "output_lines", "output_text", "to_int"]


def output_text(raw: RawRun) -> str:
    """Both streams: in arrival order when known, else stdout then stderr."""
    merged = getattr(raw, "merged", "")
    if merged:
        return str(merged)
    if raw.stdout and raw.stderr and not raw.stdout.endswith("\n"):
        return raw.stdout + "\n" + raw.stderr
    return raw.stdout + raw.stderr


def output_lines(raw: RawRun) -> list[str]:
    """Lines of :func:`output_text`, ANSI colours removed."""
    return split_lines(output_text(raw))


def json_array(raw: RawRun) -> list[Any] | None:
    """stdout as a JSON array, when the tool printed one (its ``--format json`` mode)."""
    text = raw.stdout.strip()
    if not text.startswith("["):
        return None
    try:
        items = json.loads(text)
    except ValueError:
        return None
    return items if isinstance(items, list) else None


def first_word(args: Sequence[str]) -> str | None:
    """The first argument that is not an option (a subcommand such as ``check``)."""
    for arg in args:
        if not arg.startswith("-"):
            return arg
    return None


def to_int(text: str | None) -> int | None:
    """``int(text)``, or None for None."""
    return int(text) if text is not None else None


_DURATION = re.compile(r"(\d+(?:\.\d+)?)s")


class ToolParser(RunnerParser):
    """A parser for one program (after wrappers are looked through), optionally one subcommand."""

    PRIORITY: ClassVar[int] = 10
    #: Normalised program names (``pytest``, ``ruff``).
    PROGRAMS: ClassVar[frozenset[str]] = frozenset()
    #: The first non-option argument must be one of these, when set.
    SUBCOMMANDS: ClassVar[frozenset[str] | None] = None
    #: A build or lint tool: ``errors`` and ``warnings`` are completed from its diagnostics
    #: when it does not print the figures (see :func:`prx.commands.run.engine.complete_counts`).
    COUNTS_DIAGNOSTICS: ClassVar[bool] = False

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        if not args or args[0] not in cls.PROGRAMS:
            return False
        if cls.SUBCOMMANDS is None:
            return True
        return first_word(args[1:]) in cls.SUBCOMMANDS

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        """``argv`` with a machine-readable-output flag added, or None when not supported."""
        return None

    @abstractmethod
    def parse(self, raw: RawRun) -> Parsed:
        """Read ``raw`` into facts."""
