"""Rust's module tree: which file is which module of which crate.

A crate's root is ``src/lib.rs``, ``src/main.rs``, ``src/bin/*.rs``, ``tests/*.rs``,
``examples/*.rs``, ``benches/*.rs`` or ``build.rs`` of a package (a directory with a
``Cargo.toml``); its other files are the modules its ``mod name;`` declarations reach
(``name.rs`` or ``name/mod.rs`` beside the declaring module, or a ``#[path]``). Only the
declarations are read (a regular expression over the text), never a whole tree: the
module tree costs one read of each Rust file.

A module is named by its key: the file and the names of the inline modules (``mod x {
... }``) that lead to it inside that file (``("src/walk.rs", ())``, ``("src/lib.rs",
("tests",))``).
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from prx.engine.intel.project import Project

__all__ = ["CrateTree", "ModKey"]


class ModKey(NamedTuple):
    """A module: its file and the inline modules leading to it in that file."""

    file: str
    inline: tuple[str, ...] = ()


# A `mod name;` declaration with the attributes on the lines just before it.
_MOD_DECL = re.compile(
    rb"(?m)^(?P<attrs>(?:[ \t]*#\[[^\n]*\][ \t]*\n)*)[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?"
    rb"mod[ \t]+(?P<name>(?:r#)?[A-Za-z_]\w*)[ \t]*;"
)
_PATH_ATTR = re.compile(rb'#\[\s*path\s*=\s*"([^"]+)"\s*\]')
_CFG_TEST = re.compile(rb"#\[\s*cfg\s*\(\s*test\s*\)\s*\]")
_PACKAGE_NAME = re.compile(r'(?ms)^\[(?:package|lib)\][^\[]*?^\s*name\s*=\s*"([^"]+)"')
_EDITION = re.compile(r'(?m)^\s*edition\s*=\s*"(\d+)"')
_TARGET_PATH = re.compile(r'(?m)^\s*path\s*=\s*"([^"]+\.rs)"')
#: Roots of a package's crates, relative to its directory (a ``*`` is any file name).
_ROOT_PATTERNS = (
    "src/lib.rs",
    "src/main.rs",
    "build.rs",
    "src/bin/*.rs",
    "src/bin/*/main.rs",
    "tests/*.rs",
    "examples/*.rs",
    "examples/*/main.rs",
    "benches/*.rs",
)


class CrateTree:
    """The modules of every crate of a project's Rust files."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.files = tuple(sorted(f for f in project.graph.files if f.endswith(".rs")))
        self._fileset = frozenset(self.files)
        #: file -> the module key that declares it (a crate root has none).
        self.parent_of: dict[str, ModKey] = {}
        #: (declaring file, name) -> the declared module's file.
        self.declared: dict[tuple[str, str], str] = {}
        #: files declared under ``#[cfg(test)]`` (and the modules below them).
        self.test_files: set[str] = set()
        #: crate name -> its library's root file (the repository's own crates).
        self.libraries: dict[str, str] = {}
        #: file -> the directory of its package (None outside any).
        self._package: dict[str, str | None] = {}
        #: Packages of the 2015 edition (their ``use`` paths start at the crate root).
        self._old: set[str] = set()
        self.roots: list[str] = []
        self._build()

    # -- building -------------------------------------------------------------------

    def _package_dir(self, rel: str) -> str | None:
        here = posixpath.dirname(rel)
        seen = []
        while True:
            if here in self._package:
                found = self._package[here]
                break
            seen.append(here)
            if _exists(self.project, posixpath.join(here, "Cargo.toml")):
                found = here
                break
            if not here:
                found = None
                break
            here = posixpath.dirname(here)
        for directory in seen:
            self._package[directory] = found
        return found

    def _build(self) -> None:
        packages: set[str] = set()
        for rel in self.files:
            package = self._package_dir(rel)
            if package is not None:
                packages.add(package)
        roots: list[str] = []
        for package in sorted(packages):
            manifest = self._manifest(package)
            edition = _EDITION.search(manifest)
            if edition is None or edition.group(1) == "2015":
                self._old.add(package)
            for pattern in _ROOT_PATTERNS:
                roots += self._glob(posixpath.join(package, pattern) if package else pattern)
            for extra in _TARGET_PATH.findall(manifest):
                path = posixpath.normpath(posixpath.join(package, extra))
                if path in self._fileset:
                    roots.append(path)
            lib = posixpath.join(package, "src/lib.rs") if package else "src/lib.rs"
            named = _PACKAGE_NAME.search(manifest)
            if lib in self._fileset and named:
                self.libraries[named.group(1).replace("-", "_")] = lib
        seen: set[str] = set()
        queue = [r for r in dict.fromkeys(roots)]
        self.roots = list(queue)
        while queue:
            rel = queue.pop()
            if rel in seen:
                continue
            seen.add(rel)
            for name, child, is_test in self._declarations(rel):
                self.declared[(rel, name)] = child
                if child not in self.parent_of and child not in self.roots:
                    self.parent_of[child] = ModKey(rel)
                if is_test or rel in self.test_files:
                    self.test_files.add(child)
                queue.append(child)
        # Files no crate root reaches: each its own crate (a file of a build script's
        # output, a fixture): their paths still resolve within them.
        for rel in self.files:
            if rel not in seen and rel not in self.parent_of:
                self.roots.append(rel)

    def _manifest(self, package: str) -> str:
        parsed = self.project.file(posixpath.join(package, "Cargo.toml"))
        return parsed.data.decode("utf-8", "replace") if parsed is not None else ""

    def _glob(self, pattern: str) -> list[str]:
        if "*" not in pattern:
            return [pattern] if pattern in self._fileset else []
        regex = re.compile("^" + re.escape(pattern).replace(r"\*", "[^/]+") + "$")
        return [f for f in self.files if regex.match(f)]

    def _declarations(self, rel: str) -> list[tuple[str, str, bool]]:
        """(name, file, under cfg(test)) of each ``mod name;`` of ``rel``."""
        parsed = self.project.file(rel)
        if parsed is None or b"mod" not in parsed.data:
            return []
        out = []
        here = posixpath.dirname(rel)
        stem = posixpath.basename(rel)[: -len(".rs")]
        own = here if self.is_mod_rs(rel) else posixpath.join(here, stem)
        for match in _MOD_DECL.finditer(parsed.data):
            name = match.group("name").decode().removeprefix("r#")
            attrs = match.group("attrs")
            path_attr = _PATH_ATTR.search(attrs)
            if path_attr is not None:
                options = [posixpath.normpath(posixpath.join(here, path_attr.group(1).decode()))]
            else:
                options = [posixpath.join(own, name + ".rs"), posixpath.join(own, name, "mod.rs")]
            child = next((o for o in options if o in self._fileset), None)
            if child is not None and child != rel:
                out.append((name, child, bool(_CFG_TEST.search(attrs))))
        return out

    # -- questions --------------------------------------------------------------------

    def is_mod_rs(self, rel: str) -> bool:
        """Whether ``rel``'s child modules live in its own directory (``mod.rs``, a crate
        root) rather than in a directory named after it."""
        base = posixpath.basename(rel)
        return (
            base == "mod.rs"
            or rel in self.roots
            or rel not in self.parent_of
            and base
            in (
                "lib.rs",
                "main.rs",
            )
        )

    def edition_2015(self, rel: str) -> bool:
        """Whether ``rel``'s package is of the 2015 edition (``use a::b`` is
        ``crate::a::b`` there)."""
        package = self._package_dir(rel)
        return package is not None and package in self._old

    def parent(self, key: ModKey) -> ModKey | None:
        if key.inline:
            return ModKey(key.file, key.inline[:-1])
        return self.parent_of.get(key.file)

    def root(self, key: ModKey) -> ModKey:
        """The crate root module of ``key``."""
        file = key.file
        seen = {file}
        while file in self.parent_of:
            file = self.parent_of[file].file
            if file in seen:
                break
            seen.add(file)
        return ModKey(file)

    def declared_child(self, key: ModKey, name: str) -> ModKey | None:
        """The file module ``mod name;`` of ``key`` declares (top level of a file only)."""
        if key.inline:
            return None
        child = self.declared.get((key.file, name))
        return ModKey(child) if child is not None else None

    def library(self, name: str, importer: str) -> ModKey | None:
        """The root of the repository's own crate ``name`` (its package's library for a
        test, example or binary naming its own package)."""
        found = self.libraries.get(name)
        return ModKey(found) if found is not None else None

    def path_of(self, key: ModKey) -> tuple[str, ...]:
        """The module's path from its crate root (``("hir", "translate")``)."""
        parts: list[str] = list(key.inline)
        file = key.file
        seen = {file}
        while file in self.parent_of:
            parent = self.parent_of[file].file
            name = next((n for (f, n), c in self.declared.items() if f == parent and c == file), "")
            parts.insert(0, name)
            if parent in seen:
                break
            seen.add(parent)
            file = parent
        return tuple(parts)


def _exists(project: Project, rel: str) -> bool:
    import os

    return os.path.isfile(project.absolute(rel))
