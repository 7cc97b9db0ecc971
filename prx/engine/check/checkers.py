"""Which checker runs for a change: one planner per language, each finding its program
on PATH outside the project and the project files it reads (the nearest
``tsconfig.json``, ``go.mod``, ``Cargo.toml``, the Java source tree).

| language | checker |
| --- | --- |
| python | ``compile()`` of each file; ``pyright`` over its Python project, when installed |
| typescript, tsx | ``tsc --noEmit -p`` the nearest tsconfig.json (or the files) |
| javascript | ``node --check`` each file; ``tsc`` too when a tsconfig.json holds it |
| go | ``go build ./...`` and ``go vet ./...`` in the module |
| rust | ``cargo check --offline`` in the workspace, unless cargo would run its code |
| java | ``javac -proc:none`` over the source trees |
| c, cpp | none: a build needs the project's build system, which runs its code |

A planner answers with its checks and, for what it cannot check, why.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from prx.core.record import record
from prx.engine.check.base import Check, Runtime, nearest
from prx.engine.check.programs import find_program

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.files.atomic import FileChange
    from prx.plugin.protocols import LanguageLookup

__all__ = ["PLANNERS", "Changed", "Plan", "plan_checks"]


@record
class Changed:
    """One changed file as a planner sees it."""

    #: Relative to the project root, with ``/``.
    rel: str
    old: bytes | None
    new: bytes | None


@record
class Plan:
    """The checks to run and what is left unchecked, with why."""

    checks: tuple[Check, ...]
    skipped: tuple[str, ...]


Planner = Callable[[str, Sequence[Changed], Runtime], tuple[list[Check], list[str]]]

#: Files that belong to a language without being source (a manifest change breaks a build).
_MANIFESTS = {
    "Cargo.toml": "rust",
    "Cargo.lock": "rust",
    "go.mod": "go",
    "go.sum": "go",
    "tsconfig.json": "typescript",
}
_NOT_RUN_C = (
    "C and C++ are not checked: a build needs the project's own build system, which runs its code"
)


def plan_checks(
    ws: LanguageLookup, root: str, changes: Sequence[FileChange], runtime: Runtime
) -> Plan:
    """The checks of the languages ``changes`` touch, planned on the project at ``root``."""
    by_language: dict[str, list[Changed]] = {}
    skipped: list[str] = []
    for change in changes:
        full = os.path.abspath(change.path)
        rel = os.path.relpath(full, root).replace(os.sep, "/")
        if rel.startswith("../"):
            skipped.append(f"{change.path} is outside the project: not checked")
            continue
        language = _MANIFESTS.get(os.path.basename(full))
        if language is None:
            spec = ws.language_for(full)
            language = spec.name if spec is not None else None
        if language is None:
            continue
        language = {"tsx": "typescript", "cpp": "c"}.get(language, language)
        by_language.setdefault(language, []).append(
            Changed(rel=rel, old=change.old, new=change.new)
        )
    checks: list[Check] = []
    unchecked: list[str] = []
    for language, files in by_language.items():
        planner = PLANNERS.get(language)
        if planner is not None:
            planned, reasons = planner(root, files, runtime)
            checks.extend(planned)
            skipped.extend(reasons)
        elif language == "c":
            skipped.append(_NOT_RUN_C)
        else:
            unchecked.append(language)
    if unchecked:
        skipped.append(f"no checker for {', '.join(sorted(unchecked))}")
    return Plan(checks=tuple(checks), skipped=tuple(skipped))


def _directories(files: Sequence[Changed]) -> list[str]:
    found: list[str] = []
    for item in files:
        directory = os.path.dirname(item.rel) or "."
        if directory not in found:
            found.append(directory)
    return found


def _python_script(program: str) -> bool:
    """Whether ``program`` is a Python script (its first line names a Python)."""
    try:
        with open(program, "rb") as fh:
            first = fh.readline(256)
    except OSError:
        return False
    return first.startswith(b"#!") and b"python" in first


def _missing(program: str, hint: str) -> str:
    return f"{program} is not installed (none on PATH outside the project){hint}"


# --------------------------------------------------------------------------- python


def _python(root: str, files: Sequence[Changed], runtime: Runtime) -> tuple[list[Check], list[str]]:
    from prx.engine.check.python import Pyright, PythonCompile, pyright_projects

    sources = [f for f in files if f.rel.endswith((".py", ".pyw", ".pyi"))]
    checks: list[Check] = [PythonCompile([(f.rel, f.old, f.new) for f in sources])]
    program = find_program("pyright", runtime.trees)
    if program is None:
        return checks, [
            _missing("pyright", ": Python was checked by compile() alone, not for undefined names")
        ]
    if _python_script(program):
        # PyPI's ``pyright`` wrapper installs the real one from npm on its first run.
        return checks, [
            f"{program} is the PyPI wrapper of pyright, which may download it: not run "
            "(npm install -g pyright installs pyright itself)"
        ]
    projects = pyright_projects(root, _directories(files))
    checks.extend(Pyright(program, project) for project in projects)
    if not projects:
        return checks, [
            "pyright was not run: the files are in no Python project (no pyproject.toml, "
            "setup.py, setup.cfg or pyrightconfig.json up to the project root)"
        ]
    return checks, []


# --------------------------------------------------------------------------- typescript


def _tsconfig(root: str, rel: str) -> str | None:
    return nearest(root, os.path.dirname(rel) or ".", ("tsconfig.json",))


def _typescript(
    root: str, files: Sequence[Changed], runtime: Runtime
) -> tuple[list[Check], list[str]]:
    from prx.engine.check.typescript import Tsc

    program = find_program("tsc", runtime.trees)
    if program is None:
        return [], [_missing("tsc", " (npm install -g typescript)")]
    projects: list[str] = []
    alone: list[str] = []
    for item in files:
        if os.path.basename(item.rel) == "tsconfig.json":
            project: str | None = os.path.dirname(item.rel) or "."
        else:
            project = _tsconfig(root, item.rel)
        if project is None:
            alone.append(item.rel)
        elif project not in projects:
            projects.append(project)
    checks: list[Check] = [Tsc(program, project) for project in projects]
    if alone:
        checks.append(Tsc(program, None, alone))
    return checks, []


def _javascript(
    root: str, files: Sequence[Changed], runtime: Runtime
) -> tuple[list[Check], list[str]]:
    from prx.engine.check.typescript import NodeCheck, Tsc

    checks: list[Check] = []
    skipped: list[str] = []
    plain = [f.rel for f in files if f.rel.endswith((".js", ".mjs", ".cjs"))]
    node = find_program("node", runtime.trees)
    if plain and node is None:
        skipped.append(_missing("node", ""))
    elif plain and node is not None:
        checks.append(NodeCheck(node, plain))
    projects = []
    for item in files:
        project = _tsconfig(root, item.rel)
        if project is not None and project not in projects:
            projects.append(project)
    if projects:
        tsc = find_program("tsc", runtime.trees)
        if tsc is None:
            skipped.append(_missing("tsc", " (npm install -g typescript)"))
        else:
            checks.extend(Tsc(tsc, project) for project in projects)
    return checks, skipped


# --------------------------------------------------------------------------- go


def _go(root: str, files: Sequence[Changed], runtime: Runtime) -> tuple[list[Check], list[str]]:
    from prx.engine.check.golang import GoCheck

    program = find_program("go", runtime.trees)
    if program is None:
        return [], [_missing("go", "")]
    modules: list[str] = []
    skipped: list[str] = []
    for directory in _directories(files):
        module = nearest(root, directory, ("go.mod",))
        if module is None:
            skipped.append(f"{directory} is in no Go module (no go.mod up to the project root)")
        elif module not in modules:
            modules.append(module)
    return [GoCheck(program, module) for module in modules], skipped


# --------------------------------------------------------------------------- rust


def _rust(root: str, files: Sequence[Changed], runtime: Runtime) -> tuple[list[Check], list[str]]:
    from prx.engine.check.rust import CargoCheck, plan_cargo

    program = find_program("cargo", runtime.trees)
    if program is None:
        return [], [_missing("cargo", "")]
    crates: list[str] = []
    skipped: list[str] = []
    for directory in _directories(files):
        crate = nearest(root, directory, ("Cargo.toml",))
        if crate is None:
            skipped.append(f"{directory} is in no crate (no Cargo.toml up to the project root)")
        elif crate not in crates:
            crates.append(crate)
    checks: list[Check] = []
    workspaces: set[str] = set()
    for crate in crates:
        planned = plan_cargo(program, root, crate, runtime)
        if isinstance(planned, str):
            if planned not in skipped:
                skipped.append(planned)
        elif isinstance(planned, CargoCheck) and planned.workspace not in workspaces:
            workspaces.add(planned.workspace)
            checks.append(planned)
    return checks, skipped


# --------------------------------------------------------------------------- java


def _java(root: str, files: Sequence[Changed], runtime: Runtime) -> tuple[list[Check], list[str]]:
    from prx.engine.check.java import Javac, source_root, source_roots

    program = find_program("javac", runtime.trees)
    if program is None:
        return [], [_missing("javac", "")]
    roots: list[str] = []
    for item in files:
        found = source_root(root, item.rel, item.new if item.new is not None else item.old)
        if found not in roots:
            roots.append(found)
    return [Javac(program, source_roots(root, roots))], []


#: Language -> its planner.
PLANNERS: dict[str, Planner] = {
    "python": _python,
    "typescript": _typescript,
    "javascript": _javascript,
    "go": _go,
    "rust": _rust,
    "java": _java,
}
