"""TypeScript and JavaScript: ``tsc --noEmit`` over the nearest ``tsconfig.json`` (or the
changed files when there is none), and ``node --check`` on each changed JavaScript file
(syntax only: node compiles the file and runs nothing).

tsc writes nothing with ``--noEmit`` except its incremental state, which a composite
project keeps beside its outputs: ``--tsBuildInfoFile`` sends it to the check's own
temporary directory (and lets the second run reuse the first's work).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from prx.core.results.run import Diagnostic
from prx.engine.check.base import Check, Found, Runtime, tool_found
from prx.engine.check.environ import checker_env
from prx.engine.check.process import run_tool
from prx.plugin.runner import RawRun

__all__ = ["NodeCheck", "Tsc"]


def _argument(rel: str) -> str:
    """A relative path as an argument no tool takes for an option."""
    return rel if rel.startswith(("/", "./", "../")) else "./" + rel


class Tsc(Check):
    """``tsc --noEmit -p <tsconfig>`` (or over the files when no tsconfig holds them)."""

    language = "typescript"

    def __init__(self, program: str, project: str | None, files: Sequence[str] = ()) -> None:
        self.program = program
        #: The directory of the tsconfig.json, relative to the root; None: the files alone.
        self.project = project
        self.files = tuple(files)
        where = "tsconfig.json" if project == "." else f"{project}/tsconfig.json"
        self.command = (
            f"tsc --noEmit -p {where}"
            if project is not None
            else f"tsc --noEmit {' '.join(self.files[:3])}{' ...' if len(self.files) > 3 else ''}"
        )

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        info = os.path.join(runtime.temp, f"tsc-{id(self)}.tsbuildinfo")
        argv = [self.program, "--noEmit", "--pretty", "false", "--incremental"]
        argv += ["--tsBuildInfoFile", info]
        if self.project is not None:
            cwd = os.path.normpath(os.path.join(root, self.project))
            argv += ["-p", os.path.join(cwd, "tsconfig.json")]
        else:
            cwd = root
            argv += [_argument(f) for f in self.files if os.path.exists(os.path.join(root, f))]
        env = checker_env(runtime.trees, runtime.temp)
        ran = run_tool(argv, cwd=cwd, env=env, timeout=runtime.timeout, temp=runtime.temp)
        if ran.raw is None:
            return Found(diagnostics=None, failure=ran.failure)
        return tool_found(ran.raw, _read_tsc, "tsc", root=root, cwd=cwd)


def _read_tsc(raw: RawRun) -> list[Diagnostic]:
    from prx.engine.runner.parsers.tsc import TscParser

    return list(TscParser().parse(raw).diagnostics)


_NODE_PLACE = re.compile(r"^(?P<file>.+):(?P<line>\d+)$")
_NODE_ERROR = re.compile(r"^(?P<code>\w*Error): (?P<msg>.*)$")


class NodeCheck(Check):
    """``node --check FILE`` for each changed JavaScript file."""

    language = "javascript"

    def __init__(self, program: str, files: Sequence[str]) -> None:
        self.program = program
        self.files = tuple(files)
        listed = " ".join(self.files[:3]) + (" ..." if len(self.files) > 3 else "")
        self.command = f"node --check {listed}"

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        env = checker_env(runtime.trees, runtime.temp)
        found: list[Diagnostic] = []
        for rel in self.files:
            if not os.path.exists(os.path.join(root, rel)):
                continue
            argv = [self.program, "--check", _argument(rel)]
            ran = run_tool(argv, cwd=root, env=env, timeout=runtime.timeout, temp=runtime.temp)
            if ran.raw is None:
                return Found(diagnostics=None, failure=ran.failure)
            result = tool_found(ran.raw, _NodeReader(rel), "node", root=root, cwd=root)
            if result.diagnostics is None:
                return result
            found.extend(result.diagnostics)
        return Found(diagnostics=tuple(found))


class _NodeReader:
    """Reads node's report on one file."""

    def __init__(self, rel: str) -> None:
        self.rel = rel

    def __call__(self, raw: RawRun) -> list[Diagnostic]:
        return _read_node(raw, self.rel)


def _read_node(raw: RawRun, rel: str) -> list[Diagnostic]:
    """node's report of a file it cannot compile: ``FILE:LINE``, the line, a caret, then
    ``SyntaxError: message``."""
    if raw.exit_code == 0:
        return []
    line: int | None = None
    for text in (raw.stderr or raw.stdout).splitlines():
        place = _NODE_PLACE.match(text)
        if place and line is None:
            line = int(place.group("line"))
            continue
        error = _NODE_ERROR.match(text)
        if error:
            return [
                Diagnostic(
                    file=rel,
                    line=line,
                    column=None,
                    severity="error",
                    code=error.group("code"),
                    message=error.group("msg"),
                )
            ]
    return []
