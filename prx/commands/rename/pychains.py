"""Whether an attribute chain rooted in an imported name (``T.Keyword.DDL``, with ``from
sqlparse import tokens as T``) can reach a module, step by step through the project's
files: ``T`` is the module ``sqlparse/tokens.py``, whose top level binds ``Keyword`` by an
assignment (``Keyword = Token.Keyword``), so ``T.Keyword`` is no module and its ``DDL`` is
no module-level definition of any file.

Asked only when the project never handles the renamed definition's module as a value
(:mod:`prx.commands.rename.pymodvalues`): then no object but a module (or an import's
name) can be that module, and a name a module binds by a ``def``, a ``class`` or an
assignment holds no module. A step stays unsure where the code can say more than its
syntax: an import the project cannot resolve, a star import, a module-level
``__getattr__``, a package whose folder may hold the name.
"""

from __future__ import annotations

import ast
import posixpath
from collections.abc import Callable, Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.intel.bindings import Binding

__all__ = ["ModuleChains"]

#: What a step reached: a module of the project (its path), or one of these.
NOT_A_MODULE = ""
UNSURE = None
#: A file larger than this is not parsed (its steps stay unsure).
_LARGEST = 4 * 1024 * 1024
#: Top-level statements whose own statements bind at the top level too.
_BLOCKS = (ast.If, ast.Try, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While)
#: Bindings that may hold a module: an import, a loop's or a with's target.
_MAY_BIND_MODULES = (
    (ast.Import, ast.ImportFrom, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)
    + (ast.Global,)  # a function's ``global x`` may bind it to anything, an import too
)


class ModuleChains:
    """The project's Python modules, read when a chain steps into them.

    :param every_file: the project's Python files, as answers show them.
    :param source: a file's bytes (None: unreadable).
    """

    def __init__(
        self, every_file: Callable[[], list[str]], source: Callable[[str], bytes | None]
    ) -> None:
        self._every_file = every_file
        self._source = source
        self._files: frozenset[str] | None = None
        self._tops: dict[str, dict[str, list[ast.stmt]] | None] = {}
        self._found: dict[tuple[str, str], list[str]] = {}

    def holds_no_module(self, importer: str, bound: Binding, steps: Sequence[str]) -> bool:
        """Whether ``root.steps[0]...steps[-1]`` is certainly no module, ``root`` being
        the first part of what the import ``bound`` of ``importer`` binds."""
        reached = self._imported(importer, bound)
        for step in steps:
            if not reached:  # UNSURE, or NOT_A_MODULE (not reached: a step says so)
                break
            reached = self._step(reached, step)
        return reached == NOT_A_MODULE

    def _imported(self, importer: str, bound: Binding) -> str | None:
        module, taken = bound.module, bound.imported
        if bound.kind == "module":
            # ``import a.b`` binds the package ``a``; ``import a.b as c`` the module.
            aliased = bound.local is not None and "." not in bound.local
            return self._module(importer, module if aliased else module.split(".", 1)[0])
        if bound.kind != "name" or taken is None:
            return UNSURE
        joined = module + taken if module.endswith(".") else f"{module}.{taken}"
        submodules = self._modules(importer, joined)
        if submodules:
            return submodules[0] if len(submodules) == 1 else UNSURE
        holder = self._module(importer, module)
        return self._step(holder, taken) if holder else UNSURE

    def _step(self, module: str, name: str) -> str | None:
        """What ``module.name`` is: a module of the project, NOT_A_MODULE or UNSURE."""
        tops = self._top_level(module)
        if tops is None or "*" in tops or "__getattr__" in tops:
            return UNSURE
        statements = tops.get(name, [])
        package = posixpath.basename(module) == "__init__.py"
        member = package and self._in_folder(posixpath.dirname(module), name)
        if not statements:
            # Nothing binds it: only a submodule, once imported, is reached through it.
            return self._package_member(module, name) if member else NOT_A_MODULE
        if member or any(isinstance(s, _MAY_BIND_MODULES) for s in statements):
            return UNSURE  # an import, a loop's target; a submodule imported rebinds it
        return NOT_A_MODULE

    def _package_member(self, package: str, name: str) -> str | None:
        folder = posixpath.dirname(package)
        for candidate in (f"{name}.py", f"{name}/__init__.py"):
            path = posixpath.join(folder, candidate) if folder else candidate
            if path in self._python_files():
                return path
        return UNSURE

    def _in_folder(self, folder: str, name: str) -> bool:
        """Whether the package's folder may hold a submodule ``name`` (a stub too: a
        compiled module)."""
        prefix = f"{folder}/{name}" if folder else name
        return any(p.startswith((prefix + ".", prefix + "/")) for p in self._every_file())

    def _module(self, importer: str, dotted: str) -> str | None:
        """The project file a module name written in ``importer`` names, or UNSURE:
        none, or more than one."""
        found = self._modules(importer, dotted)
        return found[0] if len(found) == 1 else UNSURE

    def _modules(self, importer: str, dotted: str) -> list[str]:
        """The project files a module name written in ``importer`` (absolute, or
        relative with leading dots) may name."""
        key = (posixpath.dirname(importer) if dotted.startswith(".") else "", dotted)
        if key not in self._found:
            self._found[key] = self._search(importer, dotted)
        return self._found[key]

    def _search(self, importer: str, dotted: str) -> list[str]:
        level = len(dotted) - len(dotted.lstrip("."))
        parts = [p for p in dotted.lstrip(".").split(".") if p]
        if level:
            base = posixpath.dirname(importer)
            for _ in range(level - 1):
                base = posixpath.dirname(base)
            stem = posixpath.join(base, *parts) if parts else base
            return [p for p in (f"{stem}.py", f"{stem}/__init__.py") if p in self._python_files()]
        if not parts:
            return []
        tail = "/".join(parts)
        return [
            p
            for p in sorted(self._python_files())
            for ending in (f"{tail}.py", f"{tail}/__init__.py")
            if p == ending or p.endswith("/" + ending)
        ]

    def _python_files(self) -> frozenset[str]:
        if self._files is None:
            self._files = frozenset(p for p in self._every_file() if p.endswith(".py"))
        return self._files

    def _top_level(self, module: str) -> dict[str, list[ast.stmt]] | None:
        """The statements of ``module``'s top level (``if``/``try`` blocks included) by
        the names they bind (``*`` for a star import), or None: unreadable."""
        if module not in self._tops:
            self._tops[module] = _bindings(self._source(module))
        return self._tops[module]


def _bindings(data: bytes | None) -> dict[str, list[ast.stmt]] | None:
    if data is None or len(data) > _LARGEST:
        return None
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    found: dict[str, list[ast.stmt]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            for name in node.names:
                found.setdefault(name, []).append(node)
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        statement = stack.pop()
        if isinstance(statement, ast.Match) or type(statement).__name__ == "TryStar":
            found.setdefault("*", []).append(statement)  # blocks not read: unsure
        for name in _names(statement):
            found.setdefault(name, []).append(statement)
        if isinstance(statement, _BLOCKS):
            for field in ("body", "orelse", "finalbody"):
                stack.extend(getattr(statement, field, []))
            for handler in getattr(statement, "handlers", []):
                stack.extend(handler.body)
    return found


def _names(statement: ast.stmt) -> list[str]:
    """The names a top-level statement binds (its own blocks aside)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [statement.name]
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return [
            "*" if a.name == "*" else (a.asname or a.name.split(".", 1)[0]) for a in statement.names
        ]
    targets: list[ast.AST] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        targets = [statement.target]
    elif isinstance(statement, (ast.For, ast.AsyncFor)):
        targets = [statement.target]
    elif isinstance(statement, (ast.With, ast.AsyncWith)):
        targets = [i.optional_vars for i in statement.items if i.optional_vars is not None]
    names = []
    for target in targets:
        names += [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
    # A walrus or a global statement elsewhere binds too: any name it writes.
    if not isinstance(statement, _BLOCKS):  # a block's statements are read on their own
        names += [
            n.target.id
            for n in ast.walk(statement)
            if isinstance(n, ast.NamedExpr) and isinstance(n.target, ast.Name)
        ]
    return names
