"""Resolving raw import strings (``prx.lang.imports``) to files of the repository.

The original matches path suffixes (§3.7 of the reference): every file registers each
suffix of its extension-less path (``a/b/c``, ``b/c``, ``c``), an import is normalised to
such a key, and when more than five files match, the two nearest to the importer (most
leading directories in common) win. This keeps that scheme and fixes its quirks:

- relative specifiers (``./x``, ``../x``, Python's ``.x``) resolve against the importer's
  directory, with the language's extensions and index files (``index.ts``,
  ``__init__.py``, ``mod.rs``), instead of having their ``../`` stripped;
- a package's ``__init__.py`` / ``index.js`` / ``mod.rs`` also answers to its directory, so
  ``from django.db import models`` reaches ``django/db/__init__.py``;
- an import only reaches files of a compatible language (Python never imports ``.js``);
- a Python absolute import only reaches a module whose path starts at a directory that is
  not itself a package, so ``import json`` never lands on ``serializers/json.py``;
- C includes and other path-like imports keep their extension (``util.h`` is not
  ``util.c``); bare npm package names and Swift/Docker images are external: no edge.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence

__all__ = ["MAX_CANDIDATES", "Imports", "Resolver", "with_python_names"]

#: Raw imports of a file: (module, line); a negative line marks ``pkg.name`` derived from
#: ``from pkg import name`` (a possible submodule), not written as such.
Imports = tuple[tuple[str, int], ...]

#: More matches than this are narrowed to the :data:`KEEP_CLOSEST` nearest ones.
MAX_CANDIDATES = 5
KEEP_CLOSEST = 2

#: Which files an importer may reach: its language's group (None: any language).
_GROUP = {
    "python": "python",
    "javascript": "js",
    "typescript": "js",
    "tsx": "js",
    "c": "c",
    "cpp": "c",
    "rust": "rust",
    "go": "go",
    "java": "jvm",
    "kotlin": "jvm",
    "scala": "jvm",
    "csharp": "csharp",
    "ruby": "ruby",
    "bash": "bash",
    "css": "css",
    "php": "php",
    "lua": "lua",
    "elixir": "elixir",
    "hcl": "hcl",
}
_ANY_TARGET = frozenset({"html", "makefile"})
_EXTERNAL = frozenset({"swift", "dockerfile"})
#: Languages whose module names are dotted (``a.b.c`` is the path ``a/b/c``).
_DOTTED = frozenset({"python", "java", "kotlin", "scala", "csharp", "lua", "elixir"})
#: What a relative path may omit: extensions, then index files.
_TRY = {
    "python": (".py", ".pyi", "/__init__.py", "/__init__.pyi"),
    "js": (
        "",
        ".ts",
        ".tsx",
        ".d.ts",
        ".js",
        ".jsx",
        ".mjs",
        ".cjs",
        ".mts",
        ".cts",
        "/index.ts",
        "/index.tsx",
        "/index.js",
        "/index.jsx",
        "/index.mjs",
    ),
    "rust": (".rs", "/mod.rs"),
    "ruby": ("", ".rb"),
    "lua": (".lua", "/init.lua"),
    "css": ("", ".css"),
    "bash": ("", ".sh"),
    "php": ("", ".php"),
    "hcl": ("", "/main.tf"),
}
#: File stems that stand for their directory.
_INDEX_STEMS = frozenset({"__init__", "index", "mod", "init", "main"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


_FROM = re.compile(r"\s*from\s+[\w.]+\s+import\s+(\([^)]*\)|(?:[^\n#;\\]|\\\n)*)")
_NAME = re.compile(r"^[A-Za-z_]\w*$")


def with_python_names(imports: Imports, text: str) -> Imports:
    """Python ``from pkg import a, b``: also ``pkg.a`` and ``pkg.b``, each of which may be
    a submodule (``from django.db import models``); the resolver keeps the ones that are
    files. Names are read from the statement's text at the import's line."""
    lines = text.split("\n")
    out: list[tuple[str, int]] = []
    for module, line in imports:
        out.append((module, line))
        statement = "\n".join(lines[line - 1 : line + 30])
        match = _FROM.match(statement)
        if match is None:
            continue
        joiner = "" if module.endswith(".") else "."
        for part in match.group(1).strip("()").replace("\\\n", " ").split(","):
            name = part.split(" as ")[0].strip()
            if _NAME.match(name):
                out.append((module + joiner + name, -line))
    return tuple(out)


def _strip_extension(path: str) -> str:
    base = path.rsplit("/", 1)[-1]
    dot = base.rfind(".")
    if dot <= 0:
        return path
    return path[: len(path) - len(base) + dot]


def _suffixes(key: str) -> Iterable[str]:
    parts = key.split("/")
    for start in range(len(parts)):
        yield "/".join(parts[start:])


def _closeness(importer_dir: str, candidate: str) -> int:
    mine = importer_dir.split("/") if importer_dir else []
    theirs = posixpath.dirname(candidate).split("/")
    same = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        same += 1
    return same


class Resolver:
    """Resolves the imports of files against one set of repository files."""

    def __init__(self, files: Mapping[str, str | None]) -> None:
        #: Repository file -> its language.
        self.files = files
        self._bare: dict[str, list[str]] = {}  # extension-less suffix -> files
        self._full_index: dict[str, list[str]] | None = None  # suffix with the extension
        self._dirs_index: dict[str, list[str]] | None = None  # directory suffix -> its files
        self._found: dict[tuple[str, str | None, bool], list[str]] = {}
        for path in sorted(files):
            stem_path = _strip_extension(path)
            keys = list(_suffixes(stem_path))
            directory = posixpath.dirname(path)
            if directory and posixpath.basename(stem_path) in _INDEX_STEMS:
                keys.extend(_suffixes(directory))
            for key in keys:
                self._bare.setdefault(key, []).append(path)

    @property
    def _full(self) -> dict[str, list[str]]:
        if self._full_index is None:  # built on first use: only path-like imports need it
            self._full_index = {}
            for path in sorted(self.files):
                for key in _suffixes(path):
                    self._full_index.setdefault(key, []).append(path)
        return self._full_index

    @property
    def _dirs(self) -> dict[str, list[str]]:
        if self._dirs_index is None:  # only Go imports need it
            self._dirs_index = {}
            for path in sorted(self.files):
                directory = posixpath.dirname(path)
                if directory:
                    for key in _suffixes(directory):
                        self._dirs_index.setdefault(key, []).append(path)
        return self._dirs_index

    # -- one import --------------------------------------------------------------------

    def resolve(self, importer: str, language: str | None, module: str) -> list[str]:
        """The files ``module``, imported by ``importer`` (a ``language`` file), names."""
        if not module or language is None or language in _EXTERNAL:
            return []
        group = _GROUP.get(language)
        here = posixpath.dirname(importer)
        found: list[str]
        if language == "python" and module.startswith("."):
            found = self._python_relative(here, module)
        elif module.startswith(("./", "../")):
            found = self._relative(here, module, group)
        elif language in _DOTTED:
            found = self._dotted(here, language, module, group)
        elif language == "rust":
            found = self._rust(here, module)
        elif language == "go":
            found = self._go(module)
        else:
            found = self._path_like(here, language, module, group)
        return sorted({f for f in found if f != importer})

    def _accept(self, path: str, group: str | None) -> bool:
        if group is None:
            return True
        return _GROUP.get(self.files.get(path) or "") == group

    def _first_existing(self, base: str, group: str | None) -> list[str]:
        for ending in _TRY.get(group or "", ("",)):
            path = posixpath.normpath(base + ending)
            if path in self.files and self._accept(path, group):
                return [path]
        if group == "js" and base != _strip_extension(base):  # `./x.js` in TypeScript: x.ts
            return self._first_existing(_strip_extension(base), group)
        return []

    def _relative(self, here: str, module: str, group: str | None) -> list[str]:
        target = posixpath.normpath(posixpath.join(here, module))
        if target.startswith("../"):
            return []  # outside the repository
        return self._first_existing(target, group)

    def _python_relative(self, here: str, module: str) -> list[str]:
        dots = len(module) - len(module.lstrip("."))
        base = here
        for _ in range(dots - 1):
            if not base:
                return []
            base = posixpath.dirname(base)
        rest = module[dots:].replace(".", "/")
        if not rest:
            path = posixpath.join(base, "__init__.py")
            return [path] if path in self.files else []
        return self._first_existing(posixpath.join(base, rest), "python")

    def _narrow(self, here: str, found: list[str]) -> list[str]:
        if len(found) <= MAX_CANDIDATES:
            return found
        ranked = sorted(found, key=lambda path: -_closeness(here, path))  # stable
        return ranked[:KEEP_CLOSEST]

    def _lookup(self, here: str, key: str, group: str | None, *, python: bool = False) -> list[str]:
        slot = (key, group, python)
        found = self._found.get(slot)
        if found is None:  # the same module is imported from many files: filter it once
            found = [p for p in self._bare.get(key, ()) if self._accept(p, group)]
            if python:
                found = [p for p in found if self._python_top_level(p, key)]
            self._found[slot] = found
        return self._narrow(here, found)

    def _python_top_level(self, path: str, key: str) -> bool:
        """Whether ``key`` is the whole module name of ``path`` (its first directory is not
        inside a package)."""
        stem = _strip_extension(path)
        if posixpath.basename(stem) == "__init__" and not key.endswith("__init__"):
            stem = posixpath.dirname(stem)
        if not stem.endswith(key):
            return False
        prefix = stem[: len(stem) - len(key)].rstrip("/")
        return posixpath.join(prefix, "__init__.py") not in self.files if prefix else True

    def _dotted(self, here: str, language: str, module: str, group: str | None) -> list[str]:
        parts = [p for p in module.split(".") if p]
        if language == "elixir":
            parts = [_CAMEL.sub("_", p).lower() for p in parts]
        python = language == "python"
        key = "/".join(parts)
        found = self._lookup(here, key, group, python=python)
        if not found and len(parts) > 1:  # `import a.b.Item`: the module is a/b
            found = self._lookup(here, "/".join(parts[:-1]), group, python=python)
        return found

    def _rust(self, here: str, module: str) -> list[str]:
        parts = [p for p in module.replace("::", "/").split("/") if p]
        if parts and parts[0] in ("crate", "self", "super"):
            parts = parts[1:]
        if not parts:
            return []
        if len(parts) == 1:  # `mod name;` or `use name`: a sibling module first
            near = self._first_existing(posixpath.join(here, parts[0]), "rust")
            if near:
                return near
        key = "/".join(parts)
        found = self._lookup(here, key, "rust")
        if not found and len(parts) > 1:
            found = self._lookup(here, "/".join(parts[:-1]), "rust")
        return found

    def _go(self, module: str) -> list[str]:
        files = [
            p
            for p in self._dirs.get(module.strip("/"), ())
            if self.files.get(p) == "go" and not p.endswith("_test.go")
        ]
        # A package is every file of its directory (only if the match is unambiguous).
        directories = {posixpath.dirname(p) for p in files}
        return files if len(directories) == 1 else []

    def _path_like(self, here: str, language: str, module: str, group: str | None) -> list[str]:
        if language == "php":
            module = module.replace("\\", "/").lstrip("/")
        if group == "js":
            if module.startswith(("@/", "~/")):
                module = module[2:]
            elif module.startswith("@") or "/" not in module:
                return []  # an npm package
        target = group if language not in _ANY_TARGET else None
        if language not in ("php",) or module.endswith(".php"):
            near = self._first_existing(posixpath.join(here, module), target)
            if near:
                return near
        module = module.lstrip("/")
        base = module.rsplit("/", 1)[-1]
        if "." in base.lstrip("."):
            found = [p for p in self._full.get(module, ()) if self._accept(p, target)]
            if found or group != "js":
                return self._narrow(here, found)
            module = _strip_extension(module)  # `./x.js` in TypeScript names x.ts
        found = self._lookup(here, module, target)
        if not found and language == "php":  # PSR-4: the vendor prefix is not a directory
            parts = module.split("/")
            for start in range(1, len(parts) - 1):
                found = self._lookup(here, "/".join(parts[start:]), target)
                if found:
                    break
        return found

    # -- many files --------------------------------------------------------------------

    def edges(self, imports: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
        """Importer -> the files its imports resolve to (sorted, no self edges)."""
        out: dict[str, list[str]] = {}
        memo: dict[tuple[str, str | None, str], list[str]] = {}
        for importer, modules in imports.items():
            language = self.files.get(importer)
            here = posixpath.dirname(importer)
            targets: set[str] = set()
            for module in modules:
                # Neighbours import the same modules: resolve each once per directory
                # (the importer itself is dropped below).
                slot = (here, language, module)
                found = memo.get(slot)
                if found is None:
                    found = memo[slot] = self.resolve(posixpath.join(here, "\0"), language, module)
                targets.update(found)
            targets.discard(importer)
            if targets:
                out[importer] = sorted(targets)
        return out
