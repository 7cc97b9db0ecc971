"""The attribute names Python's standard library gives its objects, and pytest its
fixtures', shipped in ``prx/data/python/lib_members.txt``: what an object of a library
may answer to, where prx cannot tell an object's type.

A rename uses it: a member ``x.name`` whose receiver's type prx cannot tell may still be
the project's only declaration of ``name`` when nothing outside the project declares it
(see :mod:`prx.commands.rename.pyunique`).

``python -m prx.engine.intel.pylibrary`` writes the list again from the running
interpreter: every attribute of every class of the standard library's modules and of the
builtins, every ``def NAME`` and ``self.NAME =`` of the standard library's sources, and
the same of pytest (``pytest``, ``_pytest``, ``pluggy``, ``iniconfig``) when installed.
"""

from __future__ import annotations

import os
import re
import sys

__all__ = ["LIB_MEMBERS_PATH", "LIBRARIES", "library_members", "main"]

#: The shipped names.
LIB_MEMBERS_PATH = os.path.join(
    os.path.dirname(__file__), os.pardir, os.pardir, "data", "python", "lib_members.txt"
)
#: The libraries besides the standard library whose names the list holds: a project
#: importing them is read as if it imported only the standard library.
LIBRARIES = frozenset({"pytest", "_pytest", "pluggy", "iniconfig"})
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


def library_members() -> frozenset[str]:
    """The shipped names."""
    from prx.engine.intel.namelists import shipped_names

    return shipped_names(LIB_MEMBERS_PATH)


def _introspected(modules: list[str]) -> set[str]:
    import importlib
    import warnings

    names: set[str] = set()
    warnings.simplefilter("ignore")
    for module_name in modules:
        try:
            module = importlib.import_module(module_name)
        except Exception:  # noqa: BLE001  (a module this platform lacks)
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type):
                names.update(dir(value))
    import builtins

    for value in vars(builtins).values():
        if isinstance(value, type):
            names.update(dir(value))
    return names


def _from_sources(top: str) -> set[str]:
    names: set[str] = set()
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in _NOT_READ)
        for file_name in files:
            if file_name.endswith(".py"):
                with open(os.path.join(folder, file_name), "rb") as handle:
                    for defined, assigned in _DEFINED.findall(handle.read()):
                        names.add((defined or assigned).decode())
    return names


def main() -> int:
    """Write the list from the running interpreter."""
    import importlib.util
    import sysconfig

    stdlib = sorted(
        m for m in sys.stdlib_module_names if m not in _NOT_IMPORTED and not m.startswith("_test")
    )
    names = _introspected(stdlib) | _from_sources(sysconfig.get_paths()["stdlib"])
    for library in sorted(LIBRARIES):
        spec = importlib.util.find_spec(library)
        if spec is None or not spec.submodule_search_locations:
            continue
        names |= _introspected([library])
        for location in spec.submodule_search_locations:
            names |= _from_sources(location)
    os.makedirs(os.path.dirname(LIB_MEMBERS_PATH), exist_ok=True)
    with open(LIB_MEMBERS_PATH, "w", encoding="utf-8") as handle:
        handle.write("".join(f"{name}\n" for name in sorted(names)))
    sys.stdout.write(f"{len(names)} names written to {os.path.normpath(LIB_MEMBERS_PATH)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
