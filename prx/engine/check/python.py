"""Python's checkers: the interpreter's own compiler on each changed file (in-process:
syntax, and what only compiling finds, such as a ``nonlocal`` left without its binding),
and pyright over the project when it is installed (undefined names and attributes: what
a rename breaks in the files that use the name).

``compile()`` turns source into bytecode and runs nothing. pyright reads files; its
Python interpreter is looked up on the checker's PATH, which holds nothing of the project.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence

from prx.core.results.run import Diagnostic
from prx.engine.check.base import Check, Found, Runtime, nearest, tool_found
from prx.engine.check.environ import checker_env
from prx.engine.check.process import run_tool
from prx.plugin.runner import RawRun

__all__ = ["PYRIGHT_CONFIGS", "PythonCompile", "Pyright", "compile_errors"]

#: Files that make a directory a Python project, pyright's project root there: pyright
#: runs only inside one (a loose script is checked by ``compile()`` alone).
PYRIGHT_CONFIGS = ("pyrightconfig.json", "pyproject.toml", "setup.py", "setup.cfg")


def compile_errors(rel: str, data: bytes) -> list[Diagnostic]:
    """What Python's compiler refuses in ``data`` (at most one error: it stops there)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(data, rel, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return [
            Diagnostic(
                file=rel,
                line=exc.lineno,
                column=exc.offset,
                severity="error",
                code=type(exc).__name__,
                message=str(exc.msg),
            )
        ]
    except (ValueError, MemoryError, RecursionError) as exc:
        return [
            Diagnostic(
                file=rel,
                line=None,
                column=None,
                severity="error",
                code=type(exc).__name__,
                message=str(exc) or type(exc).__name__,
            )
        ]
    return []


class PythonCompile(Check):
    """``compile()`` of each changed file, before and after: needs no tree on disk."""

    language = "python"
    command = "python compile()"
    needs_tree = False

    def __init__(self, files: Sequence[tuple[str, bytes | None, bytes | None]]) -> None:
        #: (path relative to the root, old bytes, new bytes); None: absent.
        self.files = tuple(files)

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        found: list[Diagnostic] = []
        for rel, old, new in self.files:
            data = new if after else old
            if data is not None:
                found.extend(compile_errors(rel, data))
        return Found(diagnostics=tuple(found))


class Pyright(Check):
    """``pyright --outputjson -p DIR`` over the project the changed files belong to."""

    language = "python"

    def __init__(self, program: str, project: str) -> None:
        self.program = program
        #: The project directory, relative to the root (``.``).
        self.project = project
        self.command = f"pyright -p {project}"

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        cwd = os.path.normpath(os.path.join(root, self.project))
        argv = [self.program, "--outputjson", "-p", cwd]
        env = checker_env(runtime.trees, runtime.temp)
        ran = run_tool(argv, cwd=cwd, env=env, timeout=runtime.timeout, temp=runtime.temp)
        if ran.raw is None:
            return Found(diagnostics=None, failure=ran.failure)
        return tool_found(ran.raw, _read_pyright, "pyright", root=root, cwd=cwd)


def _read_pyright(raw: RawRun) -> list[Diagnostic]:
    from prx.engine.runner.parsers.tsc import PyrightParser

    return list(PyrightParser().parse(raw).diagnostics)


def pyright_projects(root: str, dirs: Sequence[str]) -> list[str]:
    """The Python project of each changed file's directory: the nearest directory, up to
    the root, with a pyright or packaging configuration (none for a file outside one)."""
    projects: list[str] = []
    for rel_dir in dirs:
        project = nearest(root, rel_dir, PYRIGHT_CONFIGS)
        if project is not None and project not in projects:
            projects.append(project)
    return projects
