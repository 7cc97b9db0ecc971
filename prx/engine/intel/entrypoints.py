"""Ways into a module: console scripts (pyproject ``[project.scripts]``, package.json
``bin``), ``__main__`` modules and ``if __name__ == "__main__"`` blocks, ``main``
functions."""

from __future__ import annotations

import json
import os
import posixpath
import re
from typing import TYPE_CHECKING, Any

from prx.core.results.intel import Entrypoint

if TYPE_CHECKING:
    from collections.abc import Collection

    from prx.engine.intel.project import Project

__all__ = ["main_entrypoints", "script_entrypoints"]

_MAIN_GUARD = re.compile(rb"""^if\s+__name__\s*==\s*['"]__main__['"]\s*:""", re.MULTILINE)


def _manifest_dirs(project: Project, start: str) -> list[str]:
    """Project directories from ``start`` up to the project root (nearest first)."""
    dirs: list[str] = []
    here = start
    while True:
        dirs.append(here)
        if not here:
            return dirs
        here = posixpath.dirname(here)


def _python_module_file(project: Project, base: str, module: str) -> str | None:
    path = module.replace(".", "/")
    prefix = f"{base}/" if base else ""
    for candidate in (
        f"{path}.py",
        f"{path}/__init__.py",
        f"src/{path}.py",
        f"src/{path}/__init__.py",
    ):
        if os.path.isfile(project.absolute(prefix + candidate)):
            return prefix + candidate
    return None


def _pyproject_scripts(project: Project, directory: str) -> list[tuple[str, str, str | None]]:
    from prx.core.config import _toml_parser

    prefix = f"{directory}/" if directory else ""
    parser = _toml_parser()
    if parser is None:  # Python 3.10 without tomli
        return []
    try:
        with open(project.absolute(prefix + "pyproject.toml"), encoding="utf-8") as fh:
            data = parser.loads(fh.read())
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict):
        return []
    tables: list[Any] = [
        data.get("project", {}).get("scripts", {}),
        data.get("project", {}).get("gui-scripts", {}),
        data.get("tool", {}).get("poetry", {}).get("scripts", {}),
    ]
    found: list[tuple[str, str, str | None]] = []
    for table in tables:
        if not isinstance(table, dict):
            continue
        for name, value in table.items():
            if not isinstance(value, str):
                continue
            module = value.split(":", 1)[0].strip()
            found.append((str(name), value, _python_module_file(project, directory, module)))
    return found


def _package_bins(project: Project, directory: str) -> list[tuple[str, str, str | None]]:
    prefix = f"{directory}/" if directory else ""
    try:
        with open(project.absolute(prefix + "package.json"), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict):
        return []
    bins = data.get("bin")
    if isinstance(bins, str):
        bins = {str(data.get("name", "")).rsplit("/", 1)[-1] or "bin": bins}
    if not isinstance(bins, dict):
        return []
    found: list[tuple[str, str, str | None]] = []
    for name, value in bins.items():
        if not isinstance(value, str):
            continue
        rel = posixpath.normpath(prefix + value)
        found.append((str(name), value, rel if os.path.isfile(project.absolute(rel)) else None))
    return found


def script_entrypoints(
    project: Project, start: str, inside: Collection[str], whole: bool
) -> list[Entrypoint]:
    """Console scripts declared between ``start`` and the project root whose file is one
    of ``inside`` (or any, when ``whole``: the target is the manifest's own directory)."""
    found: list[Entrypoint] = []
    for directory in _manifest_dirs(project, start):
        own = whole and directory == start
        for kind, entries in (
            ("console_script", _pyproject_scripts(project, directory)),
            ("bin", _package_bins(project, directory)),
        ):
            for name, value, rel in entries:
                if (rel is not None and rel in inside) or (own and rel is None):
                    line = _function_line(project, rel, value) if rel else 0
                    found.append(
                        Entrypoint(
                            name=name,
                            kind=kind,
                            file=project.shown(rel) if rel else None,
                            line=line,
                            signature=value,
                        )
                    )
        if found:
            break
    return found


def _function_line(project: Project, rel: str, value: str) -> int:
    if ":" not in value:
        return 1
    function = value.split(":", 1)[1].strip().split(".")[0]
    parsed = project.file(rel)
    if parsed is None:
        return 0
    for defn in parsed.definitions():
        if defn.name == function:
            return int(defn.node.start_point[0]) + 1
    return 0


def main_entrypoints(project: Project, files: Collection[str]) -> list[Entrypoint]:
    """``__main__.py`` files, ``if __name__ == "__main__"`` blocks and top-level ``main``
    functions of ``files``."""
    found: list[Entrypoint] = []
    for rel in sorted(files):
        parsed = project.file(rel)
        if parsed is None:
            continue
        shown = project.shown(rel)
        if posixpath.basename(rel) == "__main__.py":
            found.append(
                Entrypoint(
                    name=rel.rsplit("/", 2)[-2] if "/" in rel else "__main__",
                    kind="main_module",
                    file=shown,
                    line=1,
                    signature=f"python -m {posixpath.dirname(rel).replace('/', '.')}",
                )
            )
        elif parsed.language == "python":
            guard = _MAIN_GUARD.search(parsed.data)
            if guard is not None:
                line = parsed.data.count(b"\n", 0, guard.start()) + 1
                found.append(
                    Entrypoint(
                        name=posixpath.basename(rel),
                        kind="main_module",
                        file=shown,
                        line=line,
                        signature=parsed.line_text(line),
                    )
                )
        for defn in parsed.definitions():
            if defn.name == "main" and defn.kind in ("function", "method"):
                line = int(defn.node.start_point[0]) + 1
                found.append(
                    Entrypoint(
                        name="main",
                        kind="main",
                        file=shown,
                        line=line,
                        signature=parsed.line_text(line),
                    )
                )
    return found
