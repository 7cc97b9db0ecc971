"""Shared pieces of the parsers of npm-installed tools (jest, vitest, mocha, tsc, eslint ...)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import ClassVar

from prx.engine.runner.detect import program, unwrap
from prx.engine.runner.parsers._base import ToolParser

__all__ = ["JsToolParser", "js_args", "own_frame", "project_frame", "same_file"]

#: Package managers that run a package binary given as their first argument (``yarn jest``).
_BIN_RUNNERS = frozenset({"yarn", "pnpm", "bun"})
_SCRIPT_SUFFIXES = (".js", ".mjs", ".cjs")
#: ``at fn (file:line:col)``, ``at file:line:col``, vitest's ``❯ file:line:col``.
_FRAME = re.compile(
    r"^\s*(?:at |❯ )(?:.*?\()?(?P<file>[^\s()]+?):(?P<line>\d+):(?P<col>\d+)\)?\s*$"
)


def js_args(argv: Sequence[str]) -> tuple[str, ...]:
    """``argv`` with wrappers looked through, including ``yarn jest`` and ``node .../jest.js``."""
    args = unwrap(argv)
    if len(args) >= 2 and args[0] in _BIN_RUNNERS and not args[1].startswith("-"):
        args = unwrap(args[1:])
    if len(args) >= 2 and args[0] == "node":
        script = args[1]
        name = os.path.basename(script)
        for suffix in _SCRIPT_SUFFIXES:
            name = name.removesuffix(suffix)
        # node node_modules/.bin/jest, node node_modules/jest/bin/jest.js
        return (program(name), *args[2:])
    return args


def project_frame(lines: Sequence[str]) -> tuple[str | None, int | None]:
    """The first stack frame in the project: not in node_modules nor a node internal."""
    for line in lines:
        match = _FRAME.match(line)
        if not match:
            continue
        file = match.group("file")
        if "node_modules" in file or file.startswith(("node:", "internal/", "<")):
            continue
        return file, int(match.group("line"))
    return None, None


def same_file(frame: str, file: str) -> bool:
    """Whether a stack frame's path names ``file`` (as a runner printed it: relative to the
    project, or absolute): equal, or ending with it after a ``/``."""
    frame = frame.removeprefix("file://")
    file = file.removeprefix("file://").removeprefix("./")
    return frame == file or frame.endswith("/" + file) or file.endswith("/" + frame)


def own_frame(lines: Sequence[str], test_file: str | None) -> tuple[str | None, int | None]:
    """Where a failing test failed in its own file: the first stack frame in ``test_file``
    (the file the test is declared in), not a helper's or a library's it called; else the
    first frame in the project (:func:`project_frame`)."""
    if test_file:
        for line in lines:
            match = _FRAME.match(line)
            if match and same_file(match.group("file"), test_file):
                return match.group("file"), int(match.group("line"))
    return project_frame(lines)


class JsToolParser(ToolParser):
    """A :class:`ToolParser` that also looks through ``yarn X`` / ``pnpm X`` / ``node bin/X.js``."""

    PROGRAMS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = js_args(argv)
        return bool(args) and args[0] in cls.PROGRAMS
