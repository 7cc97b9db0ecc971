"""Whether a Python project handles a module as a value: passes it to a function
(``shut(a)``), stores it (``x = a``, ``self.mod = a``) or imports it by a call
(``importlib.import_module``, ``__import__``, ``sys.modules``, except a test file's
``sys.modules[__name__]``, which is itself). Then any receiver may
hold that module, and ``handle.close()`` may be its function ``close``; otherwise a
module's function is reached as an attribute through the module's imported name only.

Read from every Python file under the renamed path, by its syntax: the names a file's
imports bind the module to (``import a.mod``, ``from a import mod as m``), and each use
of such a name that Python's scopes resolve to that import, other than as ``mod.attr``.
A function's parameter or local spelled like the module is not the module; words in
strings and comments are no code.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator

from prx.engine.files.text import read_regular
from prx.engine.files.walk import walk

__all__ = ["module_as_value"]

_DYNAMIC = (b"import_module", b"__import__", b"sys.modules")
#: A file larger than this is not parsed (answered "may": the site stays unsure).
_LARGEST = 4 * 1024 * 1024
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def module_as_value(target: str, stem: str, defining: str) -> bool:
    """Whether a Python file under ``target`` imports modules by a call, or imports the
    module ``stem`` (the file ``defining``) and uses it other than as ``stem.attr``."""
    word = stem.encode()
    walked = walk(target, max_file_size=_LARGEST, directories=True)
    if any(rel.endswith((".py", ".pyi")) for rel in walked.large):
        return True  # a file too large to read may
    for item in walked.files:
        if not item.rel.endswith((".py", ".pyi")):
            continue
        try:
            data = read_regular(str(item.path))
        except OSError:
            return True  # unreadable: cannot say no
        if word not in data and not any(call in data for call in _DYNAMIC):
            continue
        own = os.path.realpath(str(item.path)) == defining
        if _handles_modules(data, stem, own):
            return True
    return False


def _handles_modules(data: bytes, stem: str, own: bool) -> bool:
    """Whether the file imports by a call, or uses the module ``stem`` as a value (a
    file Python cannot parse may). ``own``: the file is the module itself, whose every
    ``sys.modules`` may be its own entry."""
    if len(data) > _LARGEST:
        return True
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True  # a hostile nesting depth included
    try:
        if _imports_by_call(tree, own):
            return True
        names = dict(_bound_to(tree, stem))
        return (bool(names) and _used_as_value(tree, names)) or _reached_as_value(tree, stem)
    except RecursionError:
        return True


def _imports_by_call(tree: ast.AST, own: bool) -> bool:
    """``import_module(..)``, ``__import__(..)``, or ``sys.modules`` other than the
    module's own entry (``sys.modules[__name__]``, the unittest idiom)."""
    own_entries: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Name)
            and node.slice.id == "__name__"
            and not own
        ):
            own_entries.add(id(node.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee = node.func
            called = callee.attr if isinstance(callee, ast.Attribute) else ""
            called = callee.id if isinstance(callee, ast.Name) else called
            if called in ("import_module", "__import__"):
                return True
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "modules"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
            and id(node) not in own_entries
        ):
            return True
    return False


def _bound_to(tree: ast.AST, stem: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each name an import of the file binds that reaches the module ``stem``, with the
    attributes after it that name the module (``import a.stem``: ``a``, ``("stem",)``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if stem not in parts:
                    continue
                at = parts.index(stem)
                if alias.asname is not None:
                    if at == len(parts) - 1:
                        yield alias.asname, ()
                else:
                    yield parts[0], tuple(parts[1 : at + 1])
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name in (stem, "*"):  # a star import may bind it too
                    yield alias.asname or stem, ()


def _used_as_value(tree: ast.AST, names: dict[str, tuple[str, ...]]) -> bool:
    """Whether a name of ``names`` that resolves to the module's import (not to a
    parameter or local of the function it is in) is used other than to reach an
    attribute of the module."""
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    scopes = _Scopes(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Name) or node.id not in names:
            continue
        if not isinstance(node.ctx, ast.Load) or not scopes.reaches_import(node, parents):
            continue
        current: ast.AST = node
        for step in names[node.id]:
            parent = parents.get(id(current))
            if not isinstance(parent, ast.Attribute) or parent.attr != step:
                break  # another attribute of the package: not the module
            current = parent
        else:
            parent = parents.get(id(current))
            if not (isinstance(parent, ast.Attribute) and parent.value is current):
                return True
    return False


def _reached_as_value(tree: ast.AST, stem: str) -> bool:
    """Whether an attribute ``stem`` of a chain rooted in an imported name
    (``pkg.stem``, ``import pkg`` having bound ``pkg``) is used other than to reach an
    attribute of it: the submodule as a value."""
    imported = {
        (alias.asname or alias.name).split(".", 1)[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    receivers = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or node.attr != stem or id(node) in receivers:
            continue
        root: ast.AST = node
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in imported:
            return True
    return False


class _Scopes:
    """Python's scopes, as far as a name spelled like the module needs them: the names
    each function (lambda, comprehension) binds for itself, and which of them an import
    binds."""

    def __init__(self, tree: ast.AST) -> None:
        self._bound: dict[int, set[str]] = {}
        self._imported: dict[int, set[str]] = {}
        self._declared: dict[int, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, (*_FUNCTIONS, *_COMPREHENSIONS)):
                self._read(node)

    def _read(self, scope: ast.AST) -> None:
        bound: set[str] = set()
        imported: set[str] = set()
        declared: set[str] = set()
        if isinstance(scope, _FUNCTIONS):
            arguments = scope.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            bound |= {a.arg for a in every}
            body: list[ast.AST] = (
                [scope.body] if isinstance(scope, ast.Lambda) else list(scope.body)
            )
        else:
            body = [g.target for g in scope.generators]  # type: ignore[attr-defined]
        for node in _own_nodes(body):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                bound.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    local = alias.asname or alias.name.split(".")[0]
                    bound.add(local)
                    imported.add(local)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                declared |= set(node.names)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                bound.add(node.name)
        self._bound[id(scope)] = bound - declared
        self._imported[id(scope)] = imported
        self._declared[id(scope)] = declared

    def reaches_import(self, name: ast.Name, parents: dict[int, ast.AST]) -> bool:
        """Whether ``name`` resolves to a binding an import made: the first enclosing
        function that binds it, else the module (whose imports are known to bind it)."""
        child: ast.AST = name
        parent = parents.get(id(name))
        while parent is not None:
            if id(parent) in self._bound and self._holds(parent, child):
                if name.id in self._declared[id(parent)]:
                    return True  # global or nonlocal: assume the module's
                if name.id in self._bound[id(parent)]:
                    return name.id in self._imported[id(parent)]
            child, parent = parent, parents.get(id(parent))
        return True

    @staticmethod
    def _holds(scope: ast.AST, child: ast.AST) -> bool:
        """Whether ``child`` is inside the scope's own body, not its defaults,
        decorators or (for a comprehension) its first iterable, which the enclosing
        scope evaluates."""
        if isinstance(scope, _FUNCTIONS):
            return child is not scope.args and child not in getattr(scope, "decorator_list", [])
        generators = scope.generators  # type: ignore[attr-defined]
        return not (generators and child is generators[0])


def _own_nodes(body: list[ast.AST]) -> Iterator[ast.AST]:
    """The nodes of a scope's body, not those of the functions, classes, lambdas and
    comprehensions nested in it (their names, and a nested definition's own name, are
    the enclosing scope's)."""
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (*_FUNCTIONS, ast.ClassDef, *_COMPREHENSIONS)):
            if isinstance(node, _COMPREHENSIONS):
                first = node.generators[0].iter if node.generators else None
                if first is not None:
                    stack.append(first)
            elif isinstance(node, ast.ClassDef):
                stack.extend(node.decorator_list + node.bases)
            elif not isinstance(node, ast.Lambda):
                stack.extend(node.decorator_list)
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))
