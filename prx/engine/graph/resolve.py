"""Resolving raw imports (``prx.engine.lang.imports``) to files of the repository, with each
ecosystem's own rules.

- Python: absolute names against every import root (a directory that is not itself a
  package: the repository root, ``src/``, a scripts directory ...), the importer's own
  root first and the standard library before any other root; relative imports against
  the importer's package; ``from pkg import name`` reaches ``pkg/name.py`` when that is a
  module; ``import a.b.c`` also runs ``a/__init__.py`` and ``a/b/__init__.py`` (implicit
  edges, unless the importer is inside those packages).
- JavaScript/TypeScript: relative paths with extensions and ``index`` files (``./x.js``
  naming ``x.ts``), the governing ``tsconfig``/``jsconfig``'s ``paths`` and ``baseUrl``,
  the repository's own npm packages (``exports``, ``types``, ``module``, ``main``).
- Go: module paths from ``go.mod``; a package is every non-test file of its directory.
- Rust: ``mod name;``, ``use crate::/self::/super::`` and the repository's own crates.
- Java/Kotlin/Scala: package paths (``a.b.C`` -> ``.../a/b/C.java``; ``a.b.*`` -> the
  package's files).
- C/C++: ``"x.h"`` next to the includer, then include directories (``include/``,
  ``src/``, the root), then anywhere by path suffix (less sure).
- Nix: relative paths only (a directory is its ``default.nix``).
- Objective-C: as C (``#import "x.h"``); an ``@import Module`` is a framework: external.
- Protocol Buffers: ``import "a/b.proto"`` is a path from a proto root: by path suffix.
- GraphQL: ``#import "./x.graphql"`` comments, relative; a ``~/`` alias by path suffix.
- VHDL ``use work.pkg.all``, Fortran ``use mod``, SystemVerilog ``import pkg::*``: a unit
  by name, in the file named after it, else the file whose text defines it; Verilog
  ```include`` and Fortran ``include`` are paths.
- The others: relative paths, then path suffixes.

A name several files could answer is never a silent guess: the likeliest is the target,
with a confidence below 1 and the others as candidates.
"""

from __future__ import annotations

import posixpath
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from prx.engine.graph.configs import ProjectConfigs
from prx.engine.lang.imports import RawImport

__all__ = [
    "MAX_CANDIDATES",
    "Imports",
    "Resolution",
    "Resolver",
    "StoredEdge",
]

#: Raw imports of a file, in source order.
Imports = tuple[RawImport, ...]
#: A resolved edge as stored: (index of its raw import, target, names, confidence,
#: candidates, implicit).
StoredEdge = tuple[int, str, tuple[str, ...], float, tuple[str, ...], bool]

#: At most this many candidates are kept besides the target.
MAX_CANDIDATES = 5


class Resolution(NamedTuple):
    """One file an import reaches."""

    target: str
    names: tuple[str, ...] = ()
    confidence: float = 1.0
    candidates: tuple[str, ...] = ()
    implicit: bool = False


#: Which files an importer may reach: its language's group (None: any language).
_GROUP = {
    "python": "python",
    "javascript": "js",
    "typescript": "js",
    "tsx": "js",
    "svelte": "js",
    "vue": "js",
    "c": "c",
    "cpp": "c",
    "objc": "c",
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
    "zig": "zig",
    "dart": "dart",
    "julia": "julia",
    "r": "r",
    "haskell": "haskell",
    "ocaml": "ocaml",
    "erlang": "erlang",
    "clojure": "clojure",
    "perl": "perl",
    "nim": "nim",
    "solidity": "solidity",
    "nix": "nix",
    "proto": "proto",
    "graphql": "graphql",
    "verilog": "verilog",
    "vhdl": "vhdl",
    "fortran": "fortran",
}
_ANY_TARGET = frozenset({"html", "makefile"})
_EXTERNAL = frozenset({"swift", "dockerfile"})
#: Languages whose only repository imports are relative paths (Nix's ``<nixpkgs>`` and
#: ``/etc/nixos/x.nix`` are outside the repository, never a file found by suffix).
_RELATIVE_ONLY = frozenset({"nix"})
_JVM = frozenset({"java", "kotlin", "scala"})
#: Other languages whose module names are dotted (``a.b.c`` is the path ``a/b/c``).
_DOTTED = frozenset({"csharp", "lua", "elixir", "haskell", "ocaml", "clojure", "perl"})
#: Languages whose imports name a unit some file defines (a VHDL package or context, a
#: Fortran module, a SystemVerilog package), not a path; how a file defines one (group 1
#: its name; VHDL and Fortran names are case-insensitive).
_DEFINES = {
    "vhdl": re.compile(rb"^[ \t]*(?:package|context)[ \t]+(\w+)[ \t\r\n]+is\b", re.I | re.M),
    "fortran": re.compile(
        rb"^[ \t]*module[ \t]+(?!(?:procedure|function|subroutine)\b)(\w+)[ \t]*(?:!.*)?\r?$",
        re.I | re.M,
    ),
    "verilog": re.compile(
        rb"^[ \t]*package[ \t]+(?:(?:static|automatic)[ \t]+)?(\w+)[ \t]*;", re.M
    ),
}
#: The most a definition scan reads of one file.
_SCAN_LIMIT = 1 << 20
_JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
#: What a relative path may omit: extensions, then index files.
_TRY = {
    "python": (".py", ".pyi", "/__init__.py", "/__init__.pyi"),
    "js": ("", *_JS_EXTENSIONS, *(f"/index{e}" for e in _JS_EXTENSIONS if e != ".d.ts")),
    "rust": (".rs", "/mod.rs"),
    "ruby": ("", ".rb"),
    "lua": (".lua", "/init.lua"),
    "css": ("", ".css"),
    "bash": ("", ".sh"),
    "php": ("", ".php"),
    "hcl": ("", "/main.tf"),
    "zig": ("",),
    "dart": ("",),
    "julia": ("",),
    "r": ("",),
    "erlang": ("",),
    "nim": ("", ".nim"),
    "solidity": ("",),
    "nix": ("", "/default.nix"),
    "proto": ("",),
    "graphql": ("",),
    "verilog": ("",),
    "fortran": ("",),
}
#: File stems that stand for their directory.
_INDEX_STEMS = frozenset({"__init__", "index", "mod", "init", "main"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_STDLIB = frozenset(getattr(sys, "stdlib_module_names", ()))
#: package.json export conditions, in the order a TypeScript build prefers them.
_CONDITIONS = ("types", "typings", "import", "module", "node", "require", "default")
#: package.json fields naming a package's entry, for a TypeScript importer and for a
#: JavaScript one (what Node loads first).
_TYPED_FIELDS = ("types", "typings", "module", "main", "source")
_RUNTIME_FIELDS = ("main", "module", "source", "types", "typings")
#: The deepest nesting of ``exports`` conditions read.
_DEEPEST_EXPORTS = 32
#: Directories a C/C++ build usually passes with ``-I``.
_INCLUDE_DIRS = frozenset({"include", "inc", "src", "lib"})


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
    theirs = _dirname(candidate).split("/")
    same = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        same += 1
    return same


def _dirname(path: str) -> str:
    """posixpath.dirname for normalised relative paths, without its overhead."""
    return path.rpartition("/")[0]


def _join(directory: str, name: str) -> str:
    return f"{directory}/{name}" if directory else name


def _ancestors(directory: str) -> Iterable[str]:
    """``directory`` and every directory above it, the root ("") last."""
    while directory:
        yield directory
        directory = _dirname(directory)
    yield ""


class Resolver:
    """Resolves the imports of files against one set of repository files."""

    def __init__(self, files: Mapping[str, str | None], root: str | None = None) -> None:
        #: Repository file -> its language.
        self.files = files
        #: The configuration files resolution reads (from ``root``).
        self.configs = ProjectConfigs(root, files)
        self._bare: dict[str, list[str]] = {}  # extension-less suffix -> files
        self._by_name: dict[str, list[str]] | None = None  # file name -> its files
        self._inside: dict[str, frozenset[str]] = {}
        self._candidates: dict[str, list[tuple[str, str]]] = {}
        self._dirs_index: dict[str, list[str]] | None = None  # directory -> its files
        self._found: dict[tuple[str, str | None], list[str]] = {}
        self._python_roots: dict[str, str] = {}
        # language -> unit name (lower case) -> files: by file stem, then by definition
        self._unit_stems: dict[str, dict[str, list[str]]] = {}
        self._unit_defs: dict[str, dict[str, list[str]]] = {}
        for path in sorted(files):
            if files[path] is None:
                continue  # no language: reached only by its full path (see _full)
            stem_path = _strip_extension(path)
            keys = list(_suffixes(stem_path))
            directory = _dirname(path)
            if directory and posixpath.basename(stem_path) in _INDEX_STEMS:
                keys.extend(_suffixes(directory))
            for key in keys:
                self._bare.setdefault(key, []).append(path)

    def _full(self, module: str) -> list[str]:
        """Files whose path ends with ``module`` (extension included)."""
        if self._by_name is None:  # built on first use: only path-like imports need it
            self._by_name = {}
            for path in sorted(self.files):
                self._by_name.setdefault(path.rpartition("/")[2], []).append(path)
        return [
            p
            for p in self._by_name.get(module.rpartition("/")[2], ())
            if p == module or p.endswith("/" + module)
        ]

    @property
    def _dirs(self) -> dict[str, list[str]]:
        if self._dirs_index is None:
            self._dirs_index = {}
            for path in sorted(self.files):
                self._dirs_index.setdefault(_dirname(path), []).append(path)
        return self._dirs_index

    # -- entry points ------------------------------------------------------------------

    def resolve(self, importer: str, language: str | None, module: str) -> list[str]:
        """The files ``module``, imported by ``importer`` (a ``language`` file), reaches
        (targets only, sorted; see :meth:`resolve_import`)."""
        found = self.resolve_import(importer, language, (module, 0, "", ()))
        return sorted({r.target for r in found if r.target != importer})

    def resolve_import(
        self, importer: str, language: str | None, raw: RawImport
    ) -> list[Resolution]:
        """Every repository file one import of ``importer`` reaches (empty: external or
        not found)."""
        module, _, text, names = raw
        if not module or language is None or language in _EXTERNAL:
            return []
        here = _dirname(importer)
        group = _GROUP.get(language)
        if language == "python":
            return self._python(importer, module, names)
        if group == "js":
            return self._js(here, module, names, _conditions(importer, language))
        if language == "rust":
            return self._rust(importer, module, names)
        if language == "go":
            return self._go(here, module)
        if language in _JVM:
            return self._jvm(here, module, names)
        if group == "c":
            return self._c(here, module, text)
        if language in _DEFINES:
            unit = _unit_name(language, module)
            if unit is not None:
                return self._defined(here, language, unit)
        if module.startswith(("./", "../")):
            return self._plain(self._relative(here, module, group))
        if language in _RELATIVE_ONLY:
            return []
        if language == "graphql" and module.startswith(("~/", "@/")):
            # A loader alias for the source root (webpack's `~`): a guess by path suffix.
            found = [p for p in self._full(module[2:]) if self._accept(p, group)]
            return self._pick(here, found, sure=0.5)
        if language in _DOTTED:
            return self._dotted(here, language, module, group)
        return self._path_like(here, language, module, group)

    def edges(self, imports: Mapping[str, Sequence[RawImport]]) -> dict[str, list[StoredEdge]]:
        """Importer -> its resolved edges (see :data:`StoredEdge`), in source order.

        An implicit edge (a parent package run by the import) is kept once, and not at all
        when the file also imports that target explicitly; no self edges."""
        out: dict[str, list[StoredEdge]] = {}
        memo: dict[tuple[Any, ...], list[Resolution]] = {}
        for importer, raws in imports.items():
            language = self.files.get(importer)
            # Neighbours import the same modules: resolve each once per directory (Rust
            # modules depend on the file's own name).
            place = importer if language == "rust" else _dirname(importer)
            edges: list[StoredEdge] = []
            explicit: set[str] = set()
            for index, raw in enumerate(raws):
                slot = (
                    place,
                    language,
                    raw[0],
                    raw[3],
                    "<" in raw[2] if language in ("c", "cpp", "objc") else False,
                )
                found = memo.get(slot)
                if found is None:
                    found = memo[slot] = self.resolve_import(importer, language, raw)
                for r in found:
                    if r.target == importer:
                        continue
                    if not r.implicit:
                        explicit.add(r.target)
                    edges.append((index, *r))
            seen: set[str] = set()
            kept: list[StoredEdge] = []
            for edge in edges:
                if edge[5]:
                    if edge[1] in explicit or edge[1] in seen:
                        continue
                    seen.add(edge[1])
                kept.append(edge)
            if kept:
                out[importer] = kept
        return out

    # -- helpers -----------------------------------------------------------------------

    def _accept(self, path: str, group: str | None) -> bool:
        if group is None:
            return True
        return _GROUP.get(self.files.get(path) or "") == group

    def _first_existing(self, base: str, group: str | None) -> list[str]:
        for ending in _TRY.get(group or "", ("",)):
            path = posixpath.normpath(base + ending)
            # A path written in full names that file whatever it is (`./data.json`).
            if path in self.files and (self._accept(path, group) or (not ending and group == "js")):
                return [path]
        if group == "js" and base.endswith((".js", ".jsx", ".mjs", ".cjs")):
            # `./x.js` in TypeScript names x.ts
            stem = _strip_extension(base)
            for ending in (".ts", ".tsx", ".d.ts", ".mts", ".cts"):
                if stem + ending in self.files:
                    return [stem + ending]
        return []

    def _relative(self, here: str, module: str, group: str | None) -> list[str]:
        target = posixpath.normpath(posixpath.join(here, module))
        if target.startswith("../") or target == "..":
            return []  # outside the repository
        return self._first_existing(target, group)

    def _plain(self, found: list[str], names: tuple[str, ...] = ()) -> list[Resolution]:
        return [Resolution(found[0], names)] if found else []

    def _pick(
        self, here: str, found: Sequence[str], names: tuple[str, ...] = (), sure: float = 1.0
    ) -> list[Resolution]:
        """One target out of ``found``: the nearest, with the others as candidates."""
        if not found:
            return []
        if len(found) == 1:
            return [Resolution(found[0], names, sure)]
        ranked = sorted(found, key=lambda path: (-_closeness(here, path), path))
        confidence = round(min(sure, 1.0 / len(ranked)), 2)
        return [Resolution(ranked[0], names, confidence, tuple(ranked[1 : MAX_CANDIDATES + 1]))]

    def _lookup(self, key: str, group: str | None) -> list[str]:
        slot = (key, group)
        found = self._found.get(slot)
        if found is None:  # the same module is imported from many files: filter it once
            found = self._found[slot] = [
                p for p in self._bare.get(key, ()) if self._accept(p, group)
            ]
        return found

    # -- Python ------------------------------------------------------------------------

    def _is_package(self, directory: str) -> bool:
        init = _join(directory, "__init__.py")
        return init in self.files or init + "i" in self.files

    def _python_root(self, directory: str) -> str:
        """The import root above ``directory``: the first directory up that is not a
        package."""
        found = self._python_roots.get(directory)
        if found is None:
            found = directory
            while found and self._is_package(found):
                found = _dirname(found)
            self._python_roots[directory] = found
        return found

    def _python_module(self, base: str) -> str | None:
        """The file of the module at ``base`` (a path without extension), if any."""
        for ending in _TRY["python"]:
            path = base + ending
            if path in self.files:
                return path
        return None

    def _python_candidates(self, key: str) -> list[tuple[str, str]]:
        """(file, its import root) of every module whose whole name is ``key``."""
        found = self._candidates.get(key)
        if found is None:
            found = []
            for path in self._lookup(key, "python"):
                stem = _strip_extension(path)
                if stem.endswith("/__init__") or stem == "__init__":
                    stem = _dirname(stem)
                prefix = stem[: len(stem) - len(key)].rstrip("/")
                if self._python_root(prefix) == prefix:
                    found.append((path, prefix))
            self._candidates[key] = found
        return found

    def _python_absolute(self, importer: str, parts: list[str]) -> list[Resolution]:
        """The file of absolute module ``parts``, the importer's own root first."""
        found = self._python_candidates("/".join(parts))
        if not found:
            return []
        here = _dirname(importer)
        own = self._python_root(here)
        mine = [path for path, root in found if root == own]
        if mine:
            return [Resolution(mine[0])]
        if parts[0] in _STDLIB:
            return []  # the standard library comes before other roots
        usual = [path for path, root in found if root in ("", "src", "lib")]
        return self._pick(here, usual or [path for path, _ in found])

    def _inside_of(self, here: str) -> frozenset[str]:
        found = self._inside.get(here)
        if found is None:
            found = self._inside[here] = frozenset(_ancestors(here))
        return found

    def _python(self, importer: str, module: str, names: tuple[str, ...]) -> list[Resolution]:
        here = _dirname(importer)
        dots = len(module) - len(module.lstrip("."))
        parts = [p for p in module[dots:].split(".") if p]
        if dots:
            base = here
            for _ in range(dots - 1):
                if not base:
                    return []
                base = _dirname(base)
            package_dir = _join(base, "/".join(parts)) if parts else base
            path = self._python_module(package_dir)
            if path is None and not names:
                return []
            main = [Resolution(path)] if path is not None else []
        else:
            if not parts:
                return []
            main = self._python_absolute(importer, parts)
            if not main:
                return []
            path = main[0].target
            package_dir = _strip_extension(path)
            if package_dir.endswith("__init__") and package_dir.rpartition("/")[2] == "__init__":
                package_dir = _dirname(package_dir)
        out: list[Resolution] = []
        rest: list[str] = []
        is_package = path is None or path.rpartition("/")[2].startswith("__init__.")
        for name in names:
            sub = self._python_module(_join(package_dir, name)) if is_package else None
            if sub is not None and name != "*":
                out.append(Resolution(sub))  # `from pkg import mod`: the module itself
            else:
                rest.append(name)
        inside = self._inside_of(here)
        if main:
            first = main[0]
            if rest or not names:
                out.insert(0, first._replace(names=tuple(rest)))
            elif _dirname(first.target) not in inside:
                out.insert(0, first._replace(implicit=True))
        # Importing a.b.c runs a/__init__.py and a/b/__init__.py.
        directory = _dirname(package_dir) if path is not None else package_dir
        parents: list[Resolution] = []
        while directory and directory not in inside:
            init = self._python_module(directory + "/__init__")
            if init is None or not self._is_package(directory):
                break
            if init != path:
                parents.append(Resolution(init, implicit=True))
            directory = _dirname(directory)
        return out + parents[::-1]

    # -- JavaScript / TypeScript -------------------------------------------------------

    def _js(
        self,
        here: str,
        module: str,
        names: tuple[str, ...],
        conditions: tuple[str, ...] = _CONDITIONS,
    ) -> list[Resolution]:
        if module in (".", "..") or (module.startswith(("./", "../")) and module.endswith("/")):
            # A directory: its index file only (`.` is never `../here.ts`).
            target = posixpath.normpath(posixpath.join(here, module))
            for ending in _TRY["js"]:
                # The root's index is `index.js`, not `./index.js`.
                candidate = posixpath.normpath(target + ending)
                if ending.startswith("/index") and candidate in self.files:
                    return [Resolution(candidate, names)]
            return []
        if module.startswith(("./", "../")):
            return self._plain(self._relative(here, module, "js"), names)
        if module.startswith("/"):
            return self._plain(self._first_existing(module.lstrip("/"), "js"), names)
        config = self.configs.tsconfig_for(here)
        if config is not None:
            for pattern, substitutions in config.paths:
                star = _match_pattern(pattern, module)
                if star is None:
                    continue
                for substitution in substitutions:
                    target = posixpath.join(config.paths_base, substitution.replace("*", star))
                    found = self._first_existing(posixpath.normpath(target), "js")
                    if found:
                        return self._plain(found, names)
            if config.base_url is not None:
                found = self._first_existing(posixpath.join(config.base_url, module), "js")
                if found:
                    return self._plain(found, names)
        package = self._js_package(module, names, conditions)
        if package is not None:
            return package
        if config is None and (module.startswith(("@/", "~/")) or "/" in module):
            # No tsconfig says where `@/x` or `components/x` live: a guess by path suffix.
            key = module[2:] if module.startswith(("@/", "~/")) else module
            if not key.startswith("@"):
                found = [p for p in self._lookup(_strip_extension(key), "js")]
                return self._pick(here, found, names, sure=0.5)
        return []

    def _js_package(
        self, module: str, names: tuple[str, ...], conditions: tuple[str, ...] = _CONDITIONS
    ) -> list[Resolution] | None:
        """An import of one of the repository's own npm packages (None: not one), the
        ``exports`` conditions tried in the order ``conditions`` gives."""
        parts = module.split("/")
        count = 2 if module.startswith("@") else 1
        name, sub = "/".join(parts[:count]), "/".join(parts[count:])
        entry = self.configs.packages.get(name)
        if entry is None:
            return None
        directory, manifest = entry
        targets: list[str] = []
        exports = manifest.get("exports")
        if exports is not None:
            targets.extend(_exported(exports, "./" + sub if sub else ".", conditions))
        if not sub:
            fields = _RUNTIME_FIELDS if conditions[0] == "node" else _TYPED_FIELDS
            for field in fields:
                if isinstance(manifest.get(field), str):
                    targets.append(manifest[field])
            targets.append("index")
        else:
            targets.append(sub)
        for target in targets:
            found = self._first_existing(
                posixpath.normpath(posixpath.join(directory, target)), "js"
            )
            if found:
                return self._plain(found, names)
        # A build output that is not in the repository: its source, by the usual layout.
        for target in targets:
            stem = _strip_extension(posixpath.normpath(target))
            stem = re.sub(r"^(dist|build|lib|out|esm|cjs)(/|$)", r"src\2", stem)
            stem = stem.removesuffix(".d")
            found = self._first_existing(posixpath.join(directory, stem or "src"), "js")
            if found:
                return [Resolution(found[0], names, 0.8)]
        found = self._first_existing(posixpath.join(directory, "src", sub or "index"), "js")
        if found:
            return [Resolution(found[0], names, 0.8)]
        return []

    # -- Rust --------------------------------------------------------------------------

    def _rust_module_file(self, directory: str) -> str | None:
        """The file of the module whose children live in ``directory``."""
        for path in (directory + ".rs", posixpath.join(directory, "mod.rs")):
            if path in self.files:
                return path
        for name in ("lib.rs", "main.rs"):
            path = posixpath.join(directory, name)
            if path in self.files:
                return path
        return None

    def _rust_crate_dir(self, here: str) -> str | None:
        for directory in _ancestors(here):
            for name in ("lib.rs", "main.rs"):
                if posixpath.join(directory, name) in self.files:
                    return directory
        return None

    def _rust_walk(self, base: str, segments: list[str]) -> tuple[str, list[str]] | None:
        """The deepest module file along ``segments`` under module directory ``base``,
        and the segments left after it."""
        best: tuple[str, list[str]] | None = None
        own = self._rust_module_file(base)
        if own is not None:
            best = (own, segments)
        directory = base
        for index, segment in enumerate(segments):
            directory = posixpath.join(directory, segment)
            found = next(
                (
                    p
                    for p in (directory + ".rs", posixpath.join(directory, "mod.rs"))
                    if p in self.files
                ),
                None,
            )
            if found is None:
                break
            best = (found, segments[index + 1 :])
        return best

    def _rust(self, importer: str, module: str, names: tuple[str, ...]) -> list[Resolution]:
        here = _dirname(importer)
        stem = posixpath.basename(_strip_extension(importer))
        own_dir = here if stem in ("lib", "main", "mod") else posixpath.join(here, stem)
        segments = [s for s in module.split("::") if s]
        if not segments:
            return []
        crate = self._rust_crate_dir(here)
        # (module directory, the path below it, whether its first segment must be a
        # module there)
        scopes: list[tuple[str, list[str], bool]] = []
        if segments[0] == "crate":
            if crate is None:
                return []
            scopes.append((crate, segments[1:], False))
        elif segments[0] in ("self", "super"):
            base = own_dir
            while segments and segments[0] in ("self", "super"):
                if segments.pop(0) == "super":
                    base = _dirname(base)
            scopes.append((base, segments, False))
        else:
            # A module in scope (2018 paths), one of the crate root (2015), another crate
            # of the repository; else an external crate.
            scopes.append((own_dir, segments, True))
            if crate is not None and crate != own_dir:
                scopes.append((crate, segments, True))
            crates = self.configs.crates
            if segments[0] in crates:
                scopes.append((posixpath.join(crates[segments[0]], "src"), segments[1:], False))
        items = [i.split("::") for n in names for i in _rust_flat(n)] if names else [[]]
        for base, path, strict in scopes:
            if strict:
                start = posixpath.join(base, path[0])
                if start + ".rs" not in self.files and start + "/mod.rs" not in self.files:
                    continue
            out: dict[str, list[str]] = {}
            for item in items:
                found = self._rust_walk(base, path + [i for i in item if i not in ("self", "*")])
                if found is None:
                    continue
                target, rest = found
                taken = out.setdefault(target, [])
                name = "*" if item == ["*"] else (rest[0] if rest else None)
                if name is not None and name not in taken:
                    taken.append(name)
            if out:
                return [Resolution(t, tuple(n)) for t, n in out.items()]
        return []

    # -- Go ----------------------------------------------------------------------------

    def _go(self, here: str, module: str) -> list[Resolution]:
        module = module.strip("/")
        modules = self.configs.go_modules
        directory: str | None = None
        sure = 1.0
        for name, root in modules:
            if module == name or module.startswith(name + "/"):
                directory = posixpath.normpath(
                    posixpath.join(root, module[len(name) :].lstrip("/"))
                )
                directory = "" if directory == "." else directory
                break
        if directory is None:
            if modules:
                return []  # the standard library or another module
            # No go.mod (GOPATH layout): the one directory whose path ends with the import.
            matches = {d for d in self._dirs if d == module or d.endswith("/" + module)}
            if len(matches) != 1:
                return []
            directory, sure = matches.pop(), 0.8
        files = [
            p
            for p in self._dirs.get(directory, ())
            if self.files.get(p) == "go" and not p.endswith("_test.go")
        ]
        return [Resolution(p, (), sure) for p in files]

    # -- Java, Kotlin, Scala -----------------------------------------------------------

    def _jvm_package(self, parts: list[str]) -> list[str]:
        """The JVM files of the one directory whose path ends with package ``parts``."""
        key = "/".join(parts)
        directories = {d for d in self._dirs if d == key or d.endswith("/" + key)}
        if len(directories) != 1:
            return []
        return [
            p for p in self._dirs[directories.pop()] if _GROUP.get(self.files.get(p) or "") == "jvm"
        ]

    def _jvm(self, here: str, module: str, names: tuple[str, ...]) -> list[Resolution]:
        parts = [p for p in module.split(".") if p]
        if len(parts) < 2:
            return []
        if names == ("*",):  # a whole package: its files
            return [Resolution(p, ("*",)) for p in self._jvm_package(parts)]
        for cut in range(len(parts), 1, -1):  # `a.b.C`, then `a.b.C.member`, `a.b.C.Inner`
            found = [
                p
                for p in self._lookup("/".join(parts[:cut]), "jvm")
                if _strip_extension(p).rpartition("/")[2] == parts[cut - 1]
            ]
            if found:
                return self._pick(here, found, (parts[-1],))
        # Kotlin: a top-level function or a class in a file named otherwise: one of the
        # package's files.
        return self._pick(here, self._jvm_package(parts[:-1]), (parts[-1],), sure=0.5)

    # -- C, C++ ------------------------------------------------------------------------

    def _c(self, here: str, module: str, text: str) -> list[Resolution]:
        system = "<" in text and '"' not in text
        if not system:
            near = posixpath.normpath(posixpath.join(here, module))
            if near in self.files:
                return [Resolution(near)]
        found = self._full(module.lstrip("/"))
        found = [p for p in found if self._accept(p, "c") or self.files.get(p) is None]
        if not found:
            return []
        # -I directories: include/, src/, lib/ (anywhere) and the root.
        prefix_of = {p: p[: len(p) - len(module.lstrip("/"))].rstrip("/") for p in found}
        usual = [
            p
            for p, prefix in prefix_of.items()
            if not prefix or posixpath.basename(prefix) in _INCLUDE_DIRS
        ]
        if usual:
            return self._pick(here, usual)
        return self._pick(here, found, sure=0.8)

    # -- the others --------------------------------------------------------------------

    def _defined(self, here: str, language: str, unit: str) -> list[Resolution]:
        """The file defining ``unit`` (a VHDL package, a Fortran module, a SystemVerilog
        package): one of the language's files named after it (``queue_pkg.vhd``), else one
        whose text defines it (``package queue_pkg is``, read from the repository)."""
        stems = self._unit_stems.get(language)
        if stems is None:
            stems = self._unit_stems[language] = {}
            for path in sorted(self.files):
                if self.files[path] == language:
                    stem = _strip_extension(path).rpartition("/")[2].lower()
                    stems.setdefault(stem, []).append(path)
        found = stems.get(unit)
        if not found:
            found = self._unit_definitions(language).get(unit)
        return self._pick(here, found or ())

    def _unit_definitions(self, language: str) -> dict[str, list[str]]:
        """Unit name -> the files of ``language`` that define it, read once on first use
        (empty without the repository's root)."""
        found = self._unit_defs.get(language)
        if found is None:
            found = self._unit_defs[language] = {}
            pattern = _DEFINES[language]
            for path in sorted(self.files):
                if self.files[path] != language:
                    continue
                text = self.configs.read(path, _SCAN_LIMIT)  # beneath the root, no link out
                if text is None:
                    continue
                for match in pattern.finditer(text):
                    name = match.group(1).decode("ascii", "replace").lower()
                    taken = found.setdefault(name, [])
                    if path not in taken:
                        taken.append(path)
        return found

    def _dotted(self, here: str, language: str, module: str, group: str | None) -> list[Resolution]:
        if language == "perl":  # Foo::Bar is Foo/Bar.pm
            module = module.replace("::", ".")
        parts = [p for p in module.split(".") if p]
        if language == "elixir":
            parts = [_CAMEL.sub("_", p).lower() for p in parts]
        elif language == "ocaml":  # module Foo_bar is foo_bar.ml
            parts = [p[:1].lower() + p[1:] for p in parts]
        elif language == "clojure":  # namespace a.b-c is a/b_c.clj
            parts = [p.replace("-", "_") for p in parts]
        found = self._lookup("/".join(parts), group)
        if not found and len(parts) > 1:  # `a.b.Item`: the module is a/b
            found = self._lookup("/".join(parts[:-1]), group)
        return self._pick(here, found)

    def _path_like(
        self, here: str, language: str, module: str, group: str | None
    ) -> list[Resolution]:
        if language == "php":
            module = module.replace("\\", "/").lstrip("/")
        target = group if language not in _ANY_TARGET else None
        if language != "php" or module.endswith(".php"):
            near = self._first_existing(posixpath.join(here, module), target)
            if near:
                return self._plain(near)
        module = module.lstrip("/")
        base = module.rsplit("/", 1)[-1]
        if "." in base.lstrip("."):
            found = [p for p in self._full(module) if self._accept(p, target)]
            return self._pick(here, found)
        found = self._lookup(module, target)
        if not found and language == "php":  # PSR-4: the vendor prefix is not a directory
            parts = module.split("/")
            for start in range(1, len(parts) - 1):
                found = self._lookup("/".join(parts[start:]), target)
                if found:
                    break
        return self._pick(here, found)


def _unit_name(language: str, module: str) -> str | None:
    """The unit an import of ``language`` names (lower case), or None for a path: VHDL's
    ``work.queue_pkg`` is ``queue_pkg`` (its library is no directory); a Fortran
    ``include 'mpif.h'`` or a Verilog ```include "defs.vh"`` is a path."""
    if language == "vhdl":
        return module.rpartition(".")[2].lower() or None
    if "." in module or "/" in module:
        return None
    return module.lower()


def _match_pattern(pattern: str, module: str) -> str | None:
    """What ``*`` stands for when ``module`` matches a tsconfig ``paths`` pattern."""
    if "*" not in pattern:
        return "" if module == pattern else None
    prefix, _, suffix = pattern.partition("*")
    if (
        module.startswith(prefix)
        and module.endswith(suffix)
        and len(module) >= len(prefix + suffix)
    ):
        return module[len(prefix) : len(module) - len(suffix) if suffix else None]
    return None


def _conditions(importer: str, language: str) -> tuple[str, ...]:
    """The ``exports`` conditions in the order an import of ``importer`` takes them: a
    TypeScript file's as its build does (declarations first); a JavaScript file's as
    Node runs it (``require`` for a CommonJS file, ``import`` for an ES module's
    ``.mjs``, declarations last), so ``require('pkg')`` inside the package ``pkg``
    reaches the ``index.js`` Node loads, not its ``index.d.ts``."""
    if language != "javascript":
        return _CONDITIONS
    if importer.endswith(".mjs"):
        return ("node", "import", "module", "default", "require", "types", "typings")
    return ("node", "require", "default", "import", "module", "types", "typings")


def _exported(exports: Any, subpath: str, conditions: tuple[str, ...] = _CONDITIONS) -> list[str]:
    """The files a package.json ``exports`` maps ``subpath`` to (best condition first)."""
    if isinstance(exports, (str, list)) or (
        isinstance(exports, dict) and not any(k.startswith(".") for k in exports)
    ):
        exports = {".": exports}
    if not isinstance(exports, dict):
        return []
    value = exports.get(subpath)
    star = ""
    if value is None:
        for key in sorted(exports, key=len, reverse=True):
            if "*" in key:
                matched = _match_pattern(key, subpath)
                if matched is not None:
                    value, star = exports[key], matched
                    break
    return [t.replace("*", star) for t in _targets(value, conditions)]


def _targets(value: Any, conditions: tuple[str, ...], depth: int = 0) -> list[str]:
    if isinstance(value, str):
        return [value]
    if depth > _DEEPEST_EXPORTS:
        return []  # a manifest nested thousands deep (a hostile one) is not walked
    if isinstance(value, list):
        return [t for item in value for t in _targets(item, conditions, depth + 1)]
    if isinstance(value, dict):
        out: list[str] = []
        for condition in conditions:
            if condition in value:
                out.extend(_targets(value[condition], conditions, depth + 1))
        for key, item in value.items():
            if key not in conditions:
                out.extend(_targets(item, conditions, depth + 1))
        return out
    return []


def _rust_flat(name: str) -> list[str]:
    """A use list's entry as the paths it names: ``a::{b, c::{d as e}}`` ->
    ``a::b``, ``a::c::d`` (rustfmt nests groups; each leaf is a name taken)."""
    name = name.strip()
    brace = name.find("{")
    if brace < 0:
        return [name.split(" as ", 1)[0].strip()] if name else []
    head = name[:brace].rstrip(":").strip()
    body = name[brace + 1 : name.rfind("}")]
    parts: list[str] = []
    depth = 0
    start = 0
    for at, char in enumerate(body):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(body[start:at])
            start = at + 1
    parts.append(body[start:])
    out = []
    for part in parts:
        for leaf in _rust_flat(part):
            if leaf == "self":
                out.append(head)
            elif leaf:
                out.append(f"{head}::{leaf}" if head else leaf)
    return out
