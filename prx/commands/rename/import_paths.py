"""A Python definition named by its import path: ``pkg.mod:Name`` in an entry point
(``pyproject.toml``, ``setup.cfg``, an installed ``entry_points.txt``), ``'pkg.mod.Name'``
in a string a loader resolves (``Markdown(extensions=['pkg.mod:Name'])``, a logging
configuration, a settings module). The path names exactly one definition, so a rename
renames it there too: left alone, what loads the definition by that path would no longer
find it (the tests that load an extension by its entry point fail). Documentation is left
as it is."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence

from prx.commands.rename.answer import line_text
from prx.core.record import record
from prx.core.results.rename import RenameFile, RenameLine
from prx.engine.files.text import read_regular

__all__ = ["ImportPaths", "PathEdit", "edits_in", "import_paths", "still_mentioning"]


@record(kw_only=False)
class ImportPaths:
    """The ways a definition is written as an import path (``module[:.]Qualified``)."""

    pattern: re.Pattern[bytes]
    #: Bytes from the end of a match back to the start of the renamed name.
    name_length: int
    #: One of them, as shown: ``pkg.mod:Name``.
    example: str

    def name_starts(self, data: bytes) -> list[int]:
        """Where the renamed name starts in each import path of ``data``."""
        return [m.end() - self.name_length for m in self.pattern.finditer(data)]


def import_paths(root: str, defining: str, qualified: str, name: str) -> ImportPaths | None:
    """The import paths of ``qualified`` (ending in ``name``) defined in the Python file
    ``defining`` (absolute, under ``root``): its module's dotted path, and each package
    above it whose ``__init__`` imports the name (``pkg:Name`` re-exported). None for a
    definition no import path reaches (a function local to another)."""
    if not defining.endswith((".py", ".pyi")) or not qualified.endswith(name):
        return None
    modules = _modules(root, defining, qualified.split(".", 1)[0])
    if not modules:
        return None
    alternatives = b"|".join(re.escape(m.encode()) for m in sorted(modules, key=len, reverse=True))
    pattern = re.compile(
        rb"(?<![\w.])(?:" + alternatives + rb")[:.]" + re.escape(qualified.encode()) + rb"(?!\w)"
    )
    return ImportPaths(pattern, len(name.encode()), f"{modules[0]}:{qualified}")


def _modules(root: str, defining: str, top: str) -> list[str]:
    """The dotted module of ``defining`` from its outermost package (the directories
    above it that hold an ``__init__.py``, never above ``root``), and the packages on the
    way whose ``__init__`` imports ``top``."""
    root = os.path.realpath(root)
    here = os.path.dirname(os.path.realpath(defining))
    stem = os.path.basename(defining).rsplit(".", 1)[0]
    directories: list[str] = []  # the packages around the file, innermost first
    while here.startswith(root + os.sep) and _regular(os.path.join(here, "__init__.py")):
        directories.append(here)
        here = os.path.dirname(here)
    words = [os.path.basename(d) for d in reversed(directories)]  # outermost first
    if not all(w.isidentifier() for w in [*words, stem]):
        return []  # no import path names it (``__init__`` is an identifier too)
    # Each package's dotted name, innermost first.
    packages = [".".join(words[: len(words) - i]) for i in range(len(words))]
    if stem == "__init__":
        if not packages:
            return []
        module, above = packages[0], list(zip(directories[1:], packages[1:], strict=True))
    else:
        module = ".".join([*words, stem])
        above = list(zip(directories, packages, strict=True))
    modules = [module]
    imports = re.compile(
        rb"(?m)^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t]+(?:\([^)]*|[^\n]*)\b"
        + re.escape(top.encode())
        + rb"\b"
    )
    for directory, package in above:
        try:  # not through a link: it may lead out of the project
            text = read_regular(os.path.join(directory, "__init__.py"))
        except OSError:
            continue
        if imports.search(text):
            modules.append(package)
    return modules


def _regular(path: str) -> bool:
    """Whether ``path`` is a regular file itself (a link to one is not: not followed)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


@record(kw_only=False)
class PathEdit:
    """A file that is not code whose import paths of the definition a rename changes."""

    path: str  # absolute
    shown: str
    data: bytes
    new_data: bytes
    #: Lines changed, 1-based.
    lines: tuple[int, ...]

    def answer(self) -> RenameFile:
        before, after = self.data.split(b"\n"), self.new_data.split(b"\n")
        return RenameFile(
            file=self.shown,
            language="text",
            engine="import_path",
            replacements=len(self.lines),
            lines=tuple(
                RenameLine(line=n, before=line_text(before[n - 1]), after=line_text(after[n - 1]))
                for n in sorted(set(self.lines))
            ),
        )


def path_edit(
    path: str, shown: str, data: bytes, paths: ImportPaths, new: bytes
) -> PathEdit | None:
    """``data`` with the definition renamed in each of its import paths (None: none)."""
    starts = paths.name_starts(data)
    if not starts:
        return None
    out, at = [], 0
    for start in starts:
        out += [data[at:start], new]
        at = start + paths.name_length
    out.append(data[at:])
    lines = tuple(data.count(b"\n", 0, start) + 1 for start in starts)
    return PathEdit(path, shown, data, b"".join(out), lines)


#: Files a program reads its settings from, where an import path is a reference: an
#: entry point, a plugin list, a logging configuration. Documentation keeps what it says
#: (a changelog's old entries name the old path on purpose).
CONFIGURATION_SUFFIXES = (".toml", ".cfg", ".ini", ".json", ".yaml", ".yml", ".conf")
CONFIGURATION_NAMES = frozenset({"entry_points.txt"})


def is_configuration(path: str) -> bool:
    """Whether ``path`` names a configuration file (see :data:`CONFIGURATION_SUFFIXES`)."""
    name = os.path.basename(path)
    return name in CONFIGURATION_NAMES or name.endswith(CONFIGURATION_SUFFIXES)


def edits_in(
    files: Sequence[tuple[str, str, bytes]], paths: ImportPaths, new: str
) -> list[PathEdit]:
    """The :class:`PathEdit` of each configuration file among (absolute path, shown path,
    bytes) that holds an import path of the definition."""
    found = (
        path_edit(path, shown, data, paths, new.encode())
        for path, shown, data in files
        if is_configuration(path)
    )
    return [edit for edit in found if edit is not None]


def still_mentioning(
    files: Sequence[tuple[str, str, bytes]], edits: Sequence[PathEdit], name: str
) -> list[str]:
    """The shown paths of ``files`` that still hold ``name`` as a word once ``edits``
    renamed its import paths there (what is left is prose, as in any other such file)."""
    edited = {edit.path: edit.new_data for edit in edits}
    word = re.compile(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])")
    return [shown for path, shown, data in files if word.search(edited.get(path, data))]
