"""The attribute names Python's standard library gives its objects, and pytest its
fixtures', each with the modules that give it, shipped in
``prx/data/python/lib_members.txt``; and which standard modules each standard module
imports, in ``prx/data/python/lib_imports.txt``: what an object of a library may answer
to, where prx cannot tell an object's type, and whether the project's code can reach
such an object at all.

A rename uses it: a member ``x.name`` whose receiver's type prx cannot tell may still be
the project's only declaration of ``name`` when nothing outside the project declares it
(see :mod:`prx.commands.rename.pyunique`). A standard module's objects reach the
project's code through an import of that module (with the private modules it imports:
``_csv``'s readers are what ``csv`` hands out); the builtins, ``types`` (functions,
modules, frames), ``io`` (what ``open`` returns), ``pathlib`` (pytest's ``tmp_path``)
and pytest's own objects always do, and ``logging`` and ``warnings`` where a test asks
for ``caplog`` or ``recwarn``.

``python -m prx.engine.intel.pylibrary`` writes both lists again from the running
interpreter: every attribute of every class of the standard library's modules and of
the builtins, every ``def NAME`` and ``self.NAME =`` of the standard library's sources,
and the same of pytest (``pytest``, ``_pytest``, ``pluggy``, ``iniconfig``) when
installed; and every ``import``/``from`` line of the standard library's sources.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Iterable

__all__ = [
    "LIBRARIES",
    "LIB_IMPORTS_PATH",
    "LIB_MEMBERS_PATH",
    "FIXTURE_MODULES",
    "library_members",
    "library_modules",
    "main",
    "reached_modules",
]

_DATA = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "data", "python")
#: The shipped names, each with the modules that give it (``name<TAB>module ...``).
LIB_MEMBERS_PATH = os.path.join(_DATA, "lib_members.txt")
#: Each standard module with the standard modules its sources import.
LIB_IMPORTS_PATH = os.path.join(_DATA, "lib_imports.txt")
#: The libraries besides the standard library whose names the list holds: a project
#: importing them is read as if it imported only the standard library.
LIBRARIES = frozenset({"pytest", "_pytest", "pluggy", "iniconfig"})
#: Where objects come from without an import: the builtins, functions and modules
#: (``types``), ``open``'s files, pytest's objects and ``tmp_path``'s paths.
_ALWAYS_REACHED = frozenset({"builtins", "types", "io", "_io", "pathlib"}) | LIBRARIES
#: pytest's fixtures that hand a test objects of a standard module.
FIXTURE_MODULES = {"caplog": "logging", "recwarn": "warnings"}
#: Standard modules not imported while writing the list (they open windows, print, or
#: exist on another platform only); their sources are read still.
_NOT_IMPORTED = frozenset(
    {"antigravity", "this", "idlelib", "turtledemo", "turtle", "tkinter", "__main__"}
    | {"msilib", "winreg", "winsound", "msvcrt", "nt", "_winapi", "_msi", "_overlapped"}
    | {"_wmi", "ensurepip", "venv", "lib2to3", "pydoc_data"}
)
#: Folders of the standard library that hold its tests and tools, not what it runs.
_NOT_READ = frozenset(
    {"site-packages", "dist-packages", "test", "tests", "idlelib", "turtledemo", "__pycache__"}
)
_DEFINED = re.compile(
    rb"^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)|self\.(\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M
)
#: An import line of a source (inside a function too: a lazy import still reaches).
_IMPORT_LINE = re.compile(
    rb"^[ \t]*(?:from[ \t]+(\w+)[\w.]*[ \t]+import\b|import[ \t]+([\w., \t]+))", re.M
)


def library_members() -> frozenset[str]:
    """The shipped names."""
    return frozenset(library_modules())


@functools.cache
def library_modules() -> dict[str, frozenset[str]]:
    """Each shipped name with the modules whose objects answer to it (first part of the
    module's name; ``builtins`` for the builtin types)."""
    return _table(LIB_MEMBERS_PATH)


@functools.cache
def _standard_imports() -> dict[str, frozenset[str]]:
    return _table(LIB_IMPORTS_PATH)


def _table(path: str) -> dict[str, frozenset[str]]:
    """A shipped file of ``KEY<TAB>WORD WORD ..`` lines, each key with its words."""
    out: dict[str, frozenset[str]] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            key, _, words = line.rstrip("\n").partition("\t")
            if key:
                out[key] = frozenset(words.split())
    return out


def reached_modules(imported: Iterable[str]) -> frozenset[str]:
    """The modules whose objects code importing ``imported`` (first parts of module
    names) can reach: those, the private modules they import (their implementation),
    and the ones reached without an import."""
    graph = _standard_imports()
    reached: set[str] = set()
    stack = [*_ALWAYS_REACHED, *imported]
    while stack:
        module = stack.pop()
        if module not in reached:
            reached.add(module)
            stack.extend(m for m in graph.get(module, ()) if m.startswith("_"))
    return frozenset(reached)


def _introspected(modules: list[str], out: dict[str, set[str]]) -> None:
    """Add each attribute of each class of ``modules`` (and of the builtins), with the
    module it was found in and the class's own."""
    import builtins
    import importlib
    import warnings

    warnings.simplefilter("ignore")
    for module_name in modules:
        try:
            module = importlib.import_module(module_name)
        except Exception:  # noqa: BLE001  (a module this platform lacks)
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type):
                home = str(getattr(value, "__module__", "") or module_name).split(".", 1)[0]
                for name in dir(value):
                    out.setdefault(name, set()).update({module_name.split(".", 1)[0], home})
    for value in vars(builtins).values():
        if isinstance(value, type):
            for name in dir(value):
                out.setdefault(name, set()).add("builtins")


def _sources(top: str, package: str | None = None) -> Iterable[tuple[str, bytes]]:
    """Each source under ``top`` with its module's first part (``package`` when given)."""
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in _NOT_READ)
        for file_name in sorted(files):
            if file_name.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, file_name), top)
                module = package or rel.split(os.sep, 1)[0].removesuffix(".py")
                if not module.isidentifier():
                    continue  # the build's own folder (``config-3.11-..``): not importable
                with open(os.path.join(folder, file_name), "rb") as handle:
                    yield module, handle.read()


def _from_sources(top: str, out: dict[str, set[str]], package: str | None = None) -> None:
    for module, data in _sources(top, package):
        for defined, assigned in _DEFINED.findall(data):
            out.setdefault((defined or assigned).decode(), set()).add(module)


def _imports_of_sources(top: str) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, data in _sources(top):
        imported = graph.setdefault(module, set())
        for first, listed in _IMPORT_LINE.findall(data):
            parts = [first] if first else listed.split(b",")
            for part in parts:
                words = part.split()
                if words:
                    imported.add(words[0].split(b".", 1)[0].decode())
    stdlib = sys.stdlib_module_names
    return {m: {i for i in imported if i in stdlib and i != m} for m, imported in graph.items()}


def main() -> int:
    """Write both lists from the running interpreter."""
    import importlib.util
    import sysconfig

    stdlib = sorted(
        m for m in sys.stdlib_module_names if m not in _NOT_IMPORTED and not m.startswith("_test")
    )
    names: dict[str, set[str]] = {}
    _introspected(stdlib, names)
    top = sysconfig.get_paths()["stdlib"]
    _from_sources(top, names)
    for library in sorted(LIBRARIES):
        spec = importlib.util.find_spec(library)
        if spec is None or not spec.submodule_search_locations:
            continue
        found: dict[str, set[str]] = {}
        _introspected([library], found)
        for location in spec.submodule_search_locations:
            _from_sources(location, found, library)
        for name in found:
            names.setdefault(name, set()).add(library)
    names = {n: m for n, m in names.items() if re.fullmatch(r"\w+", n)}
    graph = _imports_of_sources(top)
    os.makedirs(_DATA, exist_ok=True)
    with open(LIB_MEMBERS_PATH, "w", encoding="utf-8") as handle:
        handle.write("".join(f"{n}\t{' '.join(sorted(names[n]))}\n" for n in sorted(names)))
    with open(LIB_IMPORTS_PATH, "w", encoding="utf-8") as handle:
        handle.write("".join(f"{m}\t{' '.join(sorted(graph[m]))}\n" for m in sorted(graph)))
    sys.stdout.write(
        f"{len(names)} names written to {os.path.normpath(LIB_MEMBERS_PATH)}, "
        f"{len(graph)} modules' imports to {os.path.normpath(LIB_IMPORTS_PATH)}\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
