"""The project files import resolution reads: ``tsconfig.json``/``jsconfig.json``
(``baseUrl``, ``paths``, ``extends``), ``package.json`` (workspace packages, ``exports``,
``main``), ``go.mod`` (module paths) and ``Cargo.toml`` (crate names).

Only files of the repository are read (a ``tsconfig`` extending a package in
``node_modules`` keeps its own settings). :attr:`ProjectConfigs.digest` changes when any of
them does, so an index update knows when unchanged files must be resolved again.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping
from typing import Any

from prx.core.errors import PrxError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.core.confined import ConfinedRoot

__all__ = ["ProjectConfigs", "TsConfig", "is_config"]

_NAMES = frozenset({"tsconfig.json", "jsconfig.json", "package.json", "go.mod", "Cargo.toml"})
_TSCONFIG = re.compile(r"^tsconfig(\.[\w.-]+)?\.json$")
_TOML_NAME = re.compile(r"""^name\s*=\s*["']([^"']+)["']""")
_GO_MODULE = re.compile(r"^\s*module\s+\"?([^\s\"]+)\"?", re.M)


def is_config(path: str) -> bool:
    """Whether resolution reads ``path``."""
    base = posixpath.basename(path)
    return base in _NAMES or bool(_TSCONFIG.match(base))


def _jsonc(text: str) -> Any:
    """JSON with comments and trailing commas (tsconfig's dialect)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", "".join(out)))


class TsConfig:
    """The module settings of one tsconfig/jsconfig, ``extends`` followed."""

    __slots__ = ("base_url", "paths", "paths_base")

    def __init__(self, base_url: str | None, paths: list[tuple[str, list[str]]], base: str) -> None:
        #: Directory non-relative names resolve against (root-relative), if set.
        self.base_url = base_url
        #: (pattern, substitutions), longest prefix first.
        self.paths = paths
        #: Directory the substitutions are relative to.
        self.paths_base = base


class ProjectConfigs:
    """The configuration files of one repository, parsed on first use."""

    def __init__(self, root: str | None, files: Mapping[str, object]) -> None:
        self.root = root
        self.paths = sorted(p for p in files if is_config(p))
        self._texts: dict[str, str | None] = {}
        self._ts: dict[str, TsConfig | None] = {}
        self._ts_dirs: set[str] | None = None
        self._packages: dict[str, tuple[str, dict[str, Any]]] | None = None
        self._go: list[tuple[str, str]] | None = None
        self._crates: dict[str, str] | None = None
        self._confined: ConfinedRoot | None = None

    def read(self, path: str, limit: int = -1) -> bytes | None:
        """The bytes of the repository's file ``path`` (at most ``limit``), opened beneath
        the root: a link out of it, a missing file or no root is None."""
        if self.root is None:
            return None
        if self._confined is None:
            from prx.core.confined import ConfinedRoot

            self._confined = ConfinedRoot(self.root)
        try:
            return self._confined.read_tree_file(path, limit)
        except (OSError, PrxError):
            return None

    def text(self, path: str) -> str | None:
        if path not in self._texts:
            data = self.read(path)
            try:
                self._texts[path] = data.decode("utf-8") if data is not None else None
            except UnicodeDecodeError:
                self._texts[path] = None
        return self._texts[path]

    @property
    def digest(self) -> str:
        """Changes whenever a configuration file resolution reads does."""
        import xxhash

        digest = xxhash.xxh3_64()
        for path in self.paths:
            digest.update(path.encode("utf-8", "surrogateescape") + b"\0")
            digest.update((self.text(path) or "").encode("utf-8", "surrogateescape") + b"\0")
        return digest.hexdigest()

    def _json(self, path: str) -> dict[str, Any] | None:
        text = self.text(path)
        if text is None:
            return None
        try:
            value = _jsonc(text) if not path.endswith("package.json") else json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested beyond the parser
            return None
        return value if isinstance(value, dict) else None

    # -- TypeScript / JavaScript -------------------------------------------------------

    def tsconfig_for(self, directory: str) -> TsConfig | None:
        """The tsconfig/jsconfig governing files of ``directory`` (the nearest one up)."""
        if self._ts_dirs is None:
            self._ts_dirs = {
                posixpath.dirname(p)
                for p in self.paths
                if posixpath.basename(p) in ("tsconfig.json", "jsconfig.json")
            }
        current = directory
        while True:
            if current in self._ts_dirs:
                for name in ("tsconfig.json", "jsconfig.json"):
                    path = posixpath.join(current, name)
                    if path in self.paths:
                        return self._tsconfig(path)
            if not current:
                return None
            current = posixpath.dirname(current)

    def _tsconfig(self, path: str, depth: int = 0) -> TsConfig | None:
        if path in self._ts:
            return self._ts[path]
        self._ts[path] = None  # a cycle of `extends` ends here
        data = self._json(path)
        if data is None:
            return None
        here = posixpath.dirname(path)
        parent: TsConfig | None = None
        extends = data.get("extends")
        for item in extends if isinstance(extends, list) else [extends]:
            if isinstance(item, str) and item.startswith(".") and depth < 8:
                target = posixpath.normpath(posixpath.join(here, item))
                if not target.endswith(".json"):
                    target += ".json"
                parent = self._tsconfig(target, depth + 1) or parent
        options = data.get("compilerOptions")
        options = options if isinstance(options, dict) else {}
        base_url = parent.base_url if parent else None
        paths = parent.paths if parent else []
        paths_base = parent.paths_base if parent else here
        if isinstance(options.get("baseUrl"), str):
            base_url = posixpath.normpath(posixpath.join(here, options["baseUrl"]))
            base_url = "" if base_url == "." else base_url
        if isinstance(options.get("paths"), dict):
            paths = [
                (pattern, [s for s in subs if isinstance(s, str)])
                for pattern, subs in options["paths"].items()
                if isinstance(subs, list)
            ]
            paths.sort(key=lambda item: -len(item[0].split("*")[0]))
            paths_base = base_url if base_url is not None else here
        elif isinstance(options.get("baseUrl"), str) and parent is not None and parent.paths:
            paths_base = base_url if base_url is not None else here
        found = TsConfig(base_url, paths, paths_base)
        references = data.get("references")
        if base_url is None and not paths and isinstance(references, list) and depth < 8:
            # A solution-style tsconfig (Vite's templates): the settings are in the
            # configs it references (tsconfig.app.json ...); the first that has some.
            for reference in references:
                written = reference.get("path") if isinstance(reference, dict) else None
                if not isinstance(written, str):
                    continue
                target = posixpath.normpath(posixpath.join(here, written))
                if not target.endswith(".json"):
                    target = posixpath.join(target, "tsconfig.json")
                referenced = self._tsconfig(target, depth + 1)
                if referenced is not None and (referenced.base_url is not None or referenced.paths):
                    found = referenced
                    break
        self._ts[path] = found
        return found

    @property
    def packages(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """npm package name -> (its directory, its package.json) for the repository's
        own packages (workspace members)."""
        if self._packages is None:
            self._packages = {}
            for path in self.paths:
                if posixpath.basename(path) != "package.json":
                    continue
                data = self._json(path)
                name = data.get("name") if data else None
                if isinstance(name, str) and name and data is not None:
                    self._packages.setdefault(name, (posixpath.dirname(path), data))
        return self._packages

    # -- Go, Rust ----------------------------------------------------------------------

    @property
    def go_modules(self) -> list[tuple[str, str]]:
        """(module path, its directory), longest module path first."""
        if self._go is None:
            self._go = []
            for path in self.paths:
                if posixpath.basename(path) == "go.mod":
                    match = _GO_MODULE.search(self.text(path) or "")
                    if match:
                        self._go.append((match.group(1), posixpath.dirname(path)))
            self._go.sort(key=lambda item: -len(item[0]))
        return self._go

    @property
    def crates(self) -> dict[str, str]:
        """Rust crate name (``-`` as ``_``) -> the directory of its Cargo.toml."""
        if self._crates is None:
            self._crates = {}
            for path in self.paths:
                if posixpath.basename(path) != "Cargo.toml":
                    continue
                sections: dict[str, str] = {}
                section = ""
                for line in (self.text(path) or "").splitlines():
                    line = line.strip()
                    if line.startswith("["):
                        section = line.strip("[] ")
                        continue
                    match = _TOML_NAME.match(line)
                    if match and section in ("package", "lib"):
                        sections.setdefault(section, match.group(1))
                name = sections.get("lib") or sections.get("package")
                if name:
                    self._crates.setdefault(name.replace("-", "_"), posixpath.dirname(path))
        return self._crates
