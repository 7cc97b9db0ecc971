"""Go: ``go build ./...`` then ``go vet ./...`` in the module of the changed files.

Neither runs the module's code: there are no build scripts in Go, cgo (which runs the C
compiler with flags the source chooses) is off, and ``GOFLAGS`` (``-toolexec``,
``-vettool``) is dropped from the environment. ``GOTOOLCHAIN=local`` keeps the installed
toolchain (a ``toolchain`` line must not download another) and ``GOPROXY=off`` keeps the
network out; ``-mod`` is left to the module (``vendor/`` is used when present).
``-buildvcs=false``: to stamp a binary with its commit, ``go build`` runs ``git``, which
runs what the repository's ``.git/config`` names (``core.fsmonitor``).
Executables go to the check's temporary directory; the build cache is Go's own.

``go vet`` type-checks the test files too, but stops at the first type error of a
package, which the build has usually reported already: its errors at a place the build
named are not counted twice.
"""

from __future__ import annotations

import os

from prx.core.results.run import Diagnostic
from prx.engine.check.base import Check, Found, Runtime, tool_found
from prx.engine.check.environ import checker_env
from prx.engine.check.process import run_tool
from prx.plugin.runner import RawRun

__all__ = ["GO_ENV", "GoCheck"]

#: Set for every go command.
GO_ENV = {"GOTOOLCHAIN": "local", "GOPROXY": "off", "CGO_ENABLED": "0"}


class GoCheck(Check):
    """``go build ./...`` and ``go vet ./...`` in one module."""

    language = "go"

    def __init__(self, program: str, module: str) -> None:
        self.program = program
        #: The module's directory (holding go.mod), relative to the root.
        self.module = module
        where = "" if module == "." else f" (in {module})"
        self.command = f"go build ./... && go vet ./...{where}"

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        cwd = os.path.normpath(os.path.join(root, self.module))
        out = os.path.join(runtime.temp, "go-bin") + os.sep
        os.makedirs(out, exist_ok=True)
        env = checker_env(runtime.trees, runtime.temp, GO_ENV)
        found: list[Diagnostic] = []
        places: set[tuple[str, int | None, int | None]] = set()
        for argv in (
            [self.program, "build", "-buildvcs=false", "-o", out, "./..."],
            [self.program, "vet", "-buildvcs=false", "./..."],
        ):
            ran = run_tool(argv, cwd=cwd, env=env, timeout=runtime.timeout, temp=runtime.temp)
            if ran.raw is None:
                return Found(diagnostics=None, failure=ran.failure)
            result = tool_found(ran.raw, _read_go, f"go {argv[1]}", root=root, cwd=cwd)
            if result.diagnostics is None:
                return result
            for diagnostic in result.diagnostics:
                place = (diagnostic.file, diagnostic.line, diagnostic.column)
                if place not in places:
                    places.add(place)
                    found.append(diagnostic)
        return Found(diagnostics=tuple(found))


def _read_go(raw: RawRun) -> list[Diagnostic]:
    from prx.engine.runner.parsers._base import output_lines
    from prx.engine.runner.parsers.golang import parse_go_diagnostic

    found = []
    for line in output_lines(raw):
        diagnostic = parse_go_diagnostic(line)
        if diagnostic is not None:
            found.append(diagnostic)
    return found
