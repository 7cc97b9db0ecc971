"""From changed definitions to everything that mentions them, transitively.

A definition is affected when it changed, or when its own lines mention the name of an
affected definition and its file can see that definition: the same file, or a file that
reaches the definition's file through imports (re-exports followed), the same Go or JVM
package, the same Rust crate, a pytest ``conftest.py`` above it, or, in a language prx
reads by name (Swift, C, C# ...), any file of its language family. Names, not types, link
uses: a method is linked by its name wherever an object of any type calls it, so the
selection errs on the side of running a test.
"""

from __future__ import annotations

import posixpath
import re
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from prx.engine.affected.units import MODULE, FileUnits, Unit, identifiers, keywords_of

if TYPE_CHECKING:
    from prx.engine.intel.project import Project

__all__ = ["Reach"]

#: Whether a line uses a name the way its definition is reached.
LineTest = Callable[[str], object]

#: Methods a language's runtime or standard library calls by protocol, not by name at a
#: call site: a change to one affects every use of its type.
_PROTOCOL_METHODS = frozenset(
    "String Error Format GoString Len Less Swap Read Write Close ServeHTTP MarshalText "
    "UnmarshalText MarshalJSON UnmarshalJSON MarshalBinary UnmarshalBinary Is As Unwrap "
    "constructor toString valueOf equals hashCode compareTo toJSON compare run call iterator "
    "hasNext next close fromutc utcoffset dst tzname read write readline readlines flush seek "
    "tell fileno keys".split()
)
#: What a Python import binds: ``import a.b as c, d`` / ``from a import (b, c as d)``.
_PY_IMPORT = re.compile(r"^\s*(?:from\s+\S+\s+)?import\s+(.+)$")
_RUST_PARAMS = re.compile(r"fn\s+\w+\s*(?:<[^>]*>)?\s*\(([^)]*)")
_DUNDER = re.compile(r"^__\w+__$")
_GO_PACKAGE = re.compile(r"^package\s+([A-Za-z_]\w*)")
_GO_IMPORT_ALIAS = re.compile(r"(?m)^\s*(?:import\s+)?([A-Za-z_]\w*)\s+\"[^\"]+\"")
_GO_RECEIVER = re.compile(r"^\s*func\s*\(\s*\w*\s*\*?\s*([A-Za-z_]\w*)")
#: Module-level functions Python calls for attribute access to the module itself.
_MODULE_HOOKS = frozenset({"__getattr__", "__dir__"})
_PACKAGE_PEERS = frozenset({"go", "java", "kotlin", "scala"})
#: Components the graph joins to their modules through imports (read by name otherwise).
_COMPONENTS = frozenset({"svelte", "vue", "astro"})


class Reach:
    """The worklist: affected definitions (with the chain that reached each), whole
    modules, and the reasons the selection widened."""

    def __init__(self, project: Project, units_of: Callable[[str], FileUnits | None]) -> None:
        from prx.engine.intel.project import is_test_file

        self.is_test_file = is_test_file
        self.project = project
        self.units_of = units_of
        #: (file, definition index) -> the chain of ``file:name`` that reached it.
        self.affected: dict[tuple[str, int], tuple[str, ...]] = {}
        #: Files whose import-time code changed, with the chain that reached them.
        self.whole_modules: dict[str, tuple[str, ...]] = {}
        #: Test files selected whole by a rule (a conftest's autouse fixture ...), why.
        self.whole_files: dict[str, str] = {}
        self._queue: deque[tuple[str, str, tuple[str, ...]]] = deque()
        self._pushed: set[tuple[str, str]] = set()
        self._reverse: dict[str, frozenset[str]] = {}
        self._files_by_dir: dict[str, list[str]] | None = None
        self._module_names: frozenset[str] | None = None
        self._bound_names: dict[str, frozenset[str]] = {}
        self._languages: dict[str, str | None] = {}

    # -- seeds ------------------------------------------------------------------------

    def changed_definition(self, file: str, unit: Unit) -> None:
        self._affect(file, unit, (f"{file}:{unit.qualname}",))

    def changed_name(self, file: str, name: str) -> None:
        """A definition the change removed or renamed: its old name still links users."""
        self._push(name, file, (f"{file}:{name}",))

    def changed_module(self, file: str) -> None:
        self._whole(file, (f"{file}:<module>",))

    # -- the walk ---------------------------------------------------------------------

    def run(self) -> None:
        while self._queue:
            name, home, via = self._queue.popleft()
            seeing = self.reverse_reach(home)
            how = self._how_used(home, name)
            for file in sorted(seeing):
                units = self.units_of(file)
                if units is None:
                    continue
                owners = units.mentions.get(name, set())
                test = how(units) if how is not None and owners else None
                if test is not None:
                    owners = _owners_where(units, name, test)
                for owner in sorted(owners):
                    if owner == MODULE:
                        self._module_mention(units, name, via)
                    else:
                        unit = units.units[owner]
                        if unit.name == name and not _mentions_itself(units, unit, name):
                            continue  # a definition of that name, not a use of it
                        self._affect(file, unit, (*via, f"{file}:{unit.qualname}"))

    def _how_used(self, home: str, name: str) -> Callable[[FileUnits], LineTest | None] | None:
        """How a file's line uses ``name`` of ``home`` when writing it is not enough (a Go
        package-level name, a Rust associated function, a Python module-level name or
        method), for each file; None: any mention is a use."""
        package = self._go_package_of(home, name)
        if package is not None:
            home_dir = posixpath.dirname(home)
            same = re.compile(rf"(?<![.\w]){re.escape(name)}\b").search
            return lambda units: (
                same
                if posixpath.dirname(units.rel) == home_dir
                else _qualified(name, {package, *self._bound(units)}).search
            )
        types = self._rust_associated(home, name)
        if types:
            owners = "|".join(re.escape(t) for t in sorted({*types, "Self"}))
            path = re.compile(rf"\b(?:{owners})(?:<[^>]*>)?::{re.escape(name)}\b").search
            return lambda units: path
        if self._python_top_level(home, name):
            bare = re.compile(rf"(?<![.\w]){re.escape(name)}\b").search
            dotted = re.compile(rf"\b([A-Za-z_]\w*)(?:\.\w+)*\.{re.escape(name)}\b")

            def python_use(units: FileUnits) -> LineTest | None:
                if units.rel == home:
                    return None
                known = self._bound(units) | self._python_modules()
                return lambda text: (
                    bool(bare(text)) or any(m.group(1) in known for m in dotted.finditer(text))
                )

            return python_use
        if self._python_method(home, name):
            attribute = re.compile(rf"\.{re.escape(name)}\b|['\"]{re.escape(name)}['\"]").search
            return lambda units: attribute
        return None

    def _bound(self, units: FileUnits) -> frozenset[str]:
        """The names a file's imports bind: a Python import's (``import a.b as c`` binds
        ``c``), a Go import's alias (``cfg "example.com/m/conf"``). Read once per file."""
        known = self._bound_names.get(units.rel)
        if known is None:
            names: set[str] = set()
            if units.language == "go":
                names.update(_GO_IMPORT_ALIAS.findall("\n".join(units.lines)))
            else:
                for text in units.lines:
                    found = _PY_IMPORT.match(text)
                    if found:
                        names.update(
                            part.split(" as ")[-1].strip().split(".")[0]
                            for part in found.group(1)
                            .replace("(", " ")
                            .replace(")", " ")
                            .split(",")
                            if part.strip()
                        )
            known = self._bound_names[units.rel] = frozenset(names)
        return known

    def _python_modules(self) -> frozenset[str]:
        """The names of the project's Python modules and packages: ``pkg.mod.name`` may
        reach a module an import bound only implicitly (``from .mod import *`` binds
        ``mod`` too)."""
        if self._module_names is None:
            names: set[str] = set()
            for file in self.project.graph.files:
                if file.endswith(".py"):
                    parts = file[:-3].split("/")
                    names.update(p for p in parts if p != "__init__")
            self._module_names = frozenset(names)
        return self._module_names

    def _python_top_level(self, home: str, name: str) -> bool:
        """Whether ``name`` is only a module-level name of Python ``home`` (so another
        file uses it bare, once imported, or as ``module.name``)."""
        if not home.endswith(".py"):
            return False
        units = self.units_of(home)
        if units is None:
            return False
        # A module-level def, class or assignment (``join = curry(join)``); not a method.
        return all(u.parent == MODULE for u in units.units if u.name == name)

    def _python_method(self, home: str, name: str) -> bool:
        """Whether ``name`` is only a method of Python ``home``'s classes: read as
        ``obj.name`` (or by ``getattr`` with its name), never bare — a bare ``func`` is a
        local or a parameter of that name. (A nested class is named bare in its class.)"""
        if not home.endswith(".py"):
            return False
        units = self.units_of(home)
        if units is None:
            return False
        found = [u for u in units.units if u.name == name]
        return bool(found) and all(
            u.callable and u.parent != MODULE and not units.units[u.parent].callable for u in found
        )

    def _rust_associated(self, home: str, name: str) -> set[str]:
        """The types whose associated function (no ``self``) ``name`` is, when every
        definition of ``name`` in ``home`` is one: called as ``Type::name`` or
        ``Self::name``, never ``x.name()`` (which is some other type's ``new``)."""
        if not home.endswith(".rs"):
            return set()
        units = self.units_of(home)
        if units is None:
            return set()
        found = [u for u in units.units if u.name == name and u.kind != "doctest"]
        types: set[str] = set()
        for unit in found:
            parent = units.units[unit.parent] if unit.parent != MODULE else None
            head = " ".join(units.lines[unit.start - 1 : unit.start + 4])
            params = _RUST_PARAMS.search(head[head.find(f"fn {name}") :])
            if parent is None or parent.raw_kind != "impl" or params is None:
                return set()
            if "self" in params.group(1):
                return set()
            types.add(parent.name)
        return types

    def _go_package_of(self, home: str, name: str) -> str | None:
        """For a Go package-level name (not a method) defined in ``home``: its package's
        name, which other packages write before it; None otherwise."""
        if not home.endswith(".go"):
            return None
        units = self.units_of(home)
        if units is None or any(u.name == name and u.kind == "method" for u in units.units):
            return None
        for text in units.lines:
            found = _GO_PACKAGE.match(text)
            if found:
                return found.group(1)
        return None

    def _affect(self, file: str, unit: Unit, via: tuple[str, ...]) -> None:
        key = (file, unit.index)
        if key in self.affected:
            return
        self.affected[key] = via
        units = self.units_of(file)
        if units is None:
            return
        if unit.parent == MODULE and unit.name in _MODULE_HOOKS:
            self._whole(file, via)  # PEP 562: every attribute of the module may go through it
        for name in self._names_of(units, unit):
            self._push(name, file, via)
        for ancestor in units.ancestors(unit.index):
            if ancestor.callable:  # a nested function's change is its parent's
                self._affect(file, ancestor, via)
            break

    def _names_of(self, units: FileUnits, unit: Unit) -> Iterable[str]:
        dunder = unit.name.startswith("__") and unit.name.endswith("__")
        if not dunder or unit.parent == MODULE:
            yield unit.name  # `__name__` of a class is everyone's: its class is linked below
        parent = units.units[unit.parent] if unit.parent != MODULE else None
        protocol = unit.name.startswith("__") or unit.name in _PROTOCOL_METHODS
        if parent is not None and not parent.callable:
            header = units.lines[parent.start - 1] if parent.start - 1 < len(units.lines) else ""
            if protocol or (units.language == "rust" and " for " in header):
                yield parent.name
            if units.language == "python" and unit.name in ("__init__", "__new__", "__call__"):
                yield parent.name
            if self.is_test_file(units.rel):
                # A test class's subclasses inherit its tests, and its helpers serve them.
                yield parent.name
        if units.language == "go" and unit.kind == "method":
            found = _GO_RECEIVER.match(units.lines[unit.start - 1] if unit.start > 0 else "")
            if found and protocol:
                yield found.group(1)

    def _push(self, name: str, home: str, via: tuple[str, ...]) -> None:
        if not name or (name, home) in self._pushed or _DUNDER.match(name):
            return  # `__doc__` is every object's: a dunder links through its class
        units = self.units_of(home)
        if name in keywords_of(units.language if units is not None else None):
            return
        self._pushed.add((name, home))
        self._queue.append((name, home, via))

    def _module_mention(self, units: FileUnits, name: str, via: tuple[str, ...]) -> None:
        for number in _lines_mentioning(units, name):
            statement = units.statement_at(number)
            chain = (*via, f"{units.rel}:{number}")
            if statement.kind == "import":
                # ``from a import N as M`` / ``import {N as M}`` / ``use a::N as M``: M too.
                text = "\n".join(units.lines[statement.start - 1 : statement.end])
                for alias in re.findall(rf"\b{re.escape(name)}\s+as\s+([A-Za-z_$][\w$]*)", text):
                    self._push(alias, units.rel, chain)
                continue
            if statement.kind == "ignore":
                continue
            if statement.kind == "binding":
                for bound in statement.names:
                    self._push(bound, units.rel, chain)
            elif statement.kind == "default_export":
                self._default_export(units.rel, chain)
            else:
                self._whole(units.rel, chain)

    def _default_export(self, file: str, via: tuple[str, ...]) -> None:
        """The module's value changed: each importer names it on its import line."""
        for edge in self.project.graph.edges_to(file):
            parsed = self.project.file(edge.source)
            text = parsed.line_text(edge.line) if parsed is not None else ""
            for word in identifiers(text):
                self._push(word, edge.source, (*via, f"{edge.source}:{edge.line}"))

    def _whole(self, file: str, via: tuple[str, ...]) -> None:
        if file not in self.whole_modules:
            self.whole_modules[file] = via

    def affected_files(self) -> set[str]:
        return {file for file, _ in self.affected}

    # -- who sees a file ----------------------------------------------------------------

    def reverse_reach(self, file: str) -> frozenset[str]:
        """``file`` and every file that can see its definitions."""
        known = self._reverse.get(file)
        if known is not None:
            return known
        graph = self.project.graph
        seen = {file}
        queue = deque([file])
        while queue:
            current = queue.popleft()
            for other in (*graph.importers_of(current), *self._peers(current)):
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        found = frozenset(seen)
        self._reverse[file] = found
        return found

    def _peers(self, file: str) -> list[str]:
        """Files that see ``file`` without importing it: its Go or JVM package, its Rust
        crate, the Python files below a ``conftest.py``."""
        language = _language_of(file)
        directory = posixpath.dirname(file)
        if language in _PACKAGE_PEERS:
            return [f for f in self._by_dir().get(directory, ()) if _language_of(f) == language]
        if language == "rust":
            crate = _crate_dir(file, self.project.absolute)
            return [
                f
                for d, fs in self._by_dir().items()
                if _under(d, crate)
                for f in fs
                if f.endswith(".rs")
            ]
        if posixpath.basename(file) == "__init__.py":
            # Importing any module of a package runs the package's __init__ first.
            return [
                f
                for d, fs in self._by_dir().items()
                if _under(d, directory)
                for f in fs
                if f.endswith(".py") and f != file
            ]
        if posixpath.basename(file) == "conftest.py":
            return [
                f
                for d, fs in self._by_dir().items()
                if _under(d, directory)
                for f in fs
                if f.endswith(".py")
            ]
        if language is None:
            return self._by_name_peers(file)
        return []

    def _by_name_peers(self, file: str) -> list[str]:
        """For a language prx reads by name (no import names a file of a Swift module, a
        C source is called through its header, C# files share a namespace): every file
        of the languages that may call it (see ``callers_languages``)."""
        from prx.engine.intel.models.generic import callers_languages, reads_by_name

        spoken = self._spoken(file)
        if not reads_by_name(spoken) or spoken in _COMPONENTS:
            return []
        family = callers_languages(spoken)
        return [f for f in self.project.graph.files if f != file and self._spoken(f) in family]

    def _spoken(self, file: str) -> str | None:
        if file not in self._languages:
            parsed = self.project.file(file)
            self._languages[file] = parsed.language if parsed is not None else None
        return self._languages[file]

    def _by_dir(self) -> dict[str, list[str]]:
        if self._files_by_dir is None:
            self._files_by_dir = {}
            for file in self.project.graph.files:
                self._files_by_dir.setdefault(posixpath.dirname(file), []).append(file)
        return self._files_by_dir


def _qualified(name: str, qualifiers: set[str]) -> re.Pattern[str]:
    """``q.name`` for a Go package name or import alias ``q``; ``x.name`` on some value
    is another thing of that name (a method, a field)."""
    alternatives = "|".join(re.escape(q) for q in sorted(qualifiers))
    return re.compile(rf"\b(?:{alternatives})\.{re.escape(name)}\b")


def _owners_where(units: FileUnits, name: str, test: LineTest) -> set[int]:
    """The owners of the lines of ``units`` that mention ``name`` the way ``test`` asks."""
    return {
        units.owner[number]
        for number, text in enumerate(units.lines, start=1)
        if name in text and test(text)
    }


def _mentions_itself(units: FileUnits, unit: Unit, name: str) -> bool:
    """Whether a definition's body (beyond its first line) names itself: a recursion."""
    return any(
        name in identifiers(units.lines[n - 1])
        for n in range(unit.start + 1, min(unit.end, len(units.lines)) + 1)
        if units.owner[n] == unit.index
    )


def _lines_mentioning(units: FileUnits, name: str) -> list[int]:
    return [
        number
        for number, text in enumerate(units.lines, start=1)
        if units.owner[number] == MODULE and name in text and name in identifiers(text)
    ]


def _language_of(file: str) -> str | None:
    extension = posixpath.splitext(file)[1]
    return {
        ".go": "go",
        ".java": "java",
        ".kt": "kotlin",
        ".scala": "scala",
        ".rs": "rust",
        ".py": "python",
    }.get(extension)


def _under(directory: str, top: str) -> bool:
    return top == "" or directory == top or directory.startswith(top + "/")


def _crate_dir(file: str, absolute: Callable[[str], str]) -> str:
    """The nearest directory above ``file`` holding a ``Cargo.toml`` (the root otherwise)."""
    import os

    directory = posixpath.dirname(file)
    while directory:
        if os.path.isfile(absolute(posixpath.join(directory, "Cargo.toml"))):
            return directory
        directory = posixpath.dirname(directory)
    return ""
