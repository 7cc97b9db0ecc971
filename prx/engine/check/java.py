"""Java: ``javac`` over the source trees of the changed files, with annotation processing
off (``-proc:none``: processors are programs the classpath brings) and the class files
sent to the check's temporary directory.

A file's source tree is found from its ``package`` line (``src/main/java/com/x/A.java``
in ``package com.x;`` is under ``src/main/java``); the test tree beside a main tree
(``src/test/java``) is compiled with it, since tests use what a rename changes.
Dependencies the project gets from its build tool are not on the class path: their
"cannot find symbol" errors are there before and after, and do not count.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence

from prx.core.record import replace
from prx.core.results.run import Diagnostic
from prx.engine.check.base import Check, Found, Runtime, tool_found
from prx.engine.check.environ import checker_env
from prx.engine.check.process import run_tool
from prx.engine.files.text import read_regular
from prx.plugin.runner import RawRun

__all__ = ["Javac", "source_root", "source_roots"]

_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
_PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
_PAIRS = (("/main/java", "/test/java"), ("/test/java", "/main/java"))
_HEAD = re.compile(r"^(?P<file>\S.*?\.java):(?P<line>\d+): (?:error|warning): (?P<msg>.*)$")


class Javac(Check):
    """``javac -proc:none -implicit:none -d TMP`` over whole source trees."""

    language = "java"

    def __init__(self, program: str, roots: Sequence[str]) -> None:
        self.program = program
        #: The source trees, relative to the root.
        self.roots = tuple(roots)
        self.command = f"javac -proc:none -sourcepath {':'.join(self.roots)} (every .java)"

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        files = sorted(_java_files(root, self.roots))
        if not files:
            return Found(diagnostics=())
        listing = os.path.join(runtime.temp, f"javac-{'after' if after else 'before'}.txt")
        with open(listing, "w", encoding="utf-8") as fh:
            fh.write("".join(_quoted("./" + rel) + "\n" for rel in files))
        classes = os.path.join(runtime.temp, "javac-classes")
        os.makedirs(classes, exist_ok=True)
        sourcepath = os.pathsep.join(os.path.join(root, r) for r in self.roots)
        argv = [self.program, "-proc:none", "-implicit:none", "-nowarn", "-encoding", "UTF-8"]
        argv += ["-Xmaxerrs", "100000", "-d", classes, "-sourcepath", sourcepath, "@" + listing]
        env = checker_env(runtime.trees, runtime.temp)
        ran = run_tool(argv, cwd=root, env=env, timeout=runtime.timeout, temp=runtime.temp)
        if ran.raw is None:
            return Found(diagnostics=None, failure=ran.failure)
        return tool_found(ran.raw, _read_javac, "javac", root=root, cwd=root)


def _read_javac(raw: RawRun) -> list[Diagnostic]:
    """javac's diagnostics (the compiler parser's reading), each ``cannot find symbol``
    completed with the symbol javac names on the lines below it: two different missing
    symbols are two different errors."""
    from prx.engine.runner.parsers._base import output_lines
    from prx.engine.runner.parsers.gcc import parse_compiler_output

    symbols: dict[tuple[str, int, str], list[str]] = {}
    lines = output_lines(raw)
    for index, line in enumerate(lines):
        head = _HEAD.match(line)
        if head is None:
            continue
        for below in lines[index + 1 : index + 5]:
            if below.strip().startswith("symbol:"):
                key = (head.group("file"), int(head.group("line")), head.group("msg"))
                symbols.setdefault(key, []).append(" ".join(below.split()))
                break
            if _HEAD.match(below):
                break
    found = []
    for d in parse_compiler_output(raw).diagnostics:
        if not d.file.endswith(".java"):
            continue
        named = symbols.get((d.file, d.line or 0, d.message))
        if named:
            d = replace(d, message=f"{d.message} ({named.pop(0)})")
        found.append(d)
    return found


def _quoted(path: str) -> str:
    """A path as one argument of a javac argument file."""
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _java_files(root: str, roots: Iterable[str]) -> set[str]:
    found = set()
    for rel_root in roots:
        top = os.path.join(root, rel_root)
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                if name.endswith(".java"):
                    rel = os.path.relpath(os.path.join(folder, name), root)
                    found.add(rel.replace(os.sep, "/"))
    return found


def source_root(root: str, rel: str, data: bytes | None) -> str:
    """The source tree of the Java file ``rel`` (relative to ``root``), from its package."""
    directory = os.path.dirname(rel)
    parts = [p for p in directory.split("/") if p]
    if data is None:
        try:
            data = read_regular(os.path.join(root, rel), 65536)
        except OSError:
            return directory or "."
    text = _COMMENTS.sub(" ", data[:65536].decode("utf-8", "replace"))
    match = _PACKAGE.search(text)
    package = match.group(1).split(".") if match else []
    if package and parts[-len(package) :] == package:
        parts = parts[: -len(package)]
    return "/".join(parts) or "."


def source_roots(root: str, roots: Iterable[str]) -> list[str]:
    """``roots`` and the test (or main) tree beside each, where it exists."""
    every: list[str] = []
    for rel in roots:
        candidates = [rel]
        for mine, theirs in _PAIRS:
            if ("/" + rel).endswith(mine):
                candidates.append(rel[: len(rel) - len(mine) + 1] + theirs[1:])
        for candidate in candidates:
            candidate = candidate.lstrip("/") or "."
            if candidate not in every and os.path.isdir(os.path.join(root, candidate)):
                every.append(candidate)
    return every
