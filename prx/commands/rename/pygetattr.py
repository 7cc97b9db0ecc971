"""What a Python ``__getattr__`` answers to, read from its code: nothing of its own when
it forwards to another object (``return getattr(self._inner, name)``), the literal names
it compares the name with or finds in a literal table, any name some data spells when it
looks the name up in a mapping (``self._values[name]``, ``environ['ext.%s' % name]``),
or any name at all. The rename rule of :mod:`prx.commands.rename.pyunique` asks."""

from __future__ import annotations

import ast

__all__ = ["answered_by", "literal_tables"]


def literal_tables(tree: ast.AST) -> dict[str, frozenset[str]]:
    """The module's and classes' names bound to a dict literal whose keys are all
    strings (``_ALIASES = {'a': .., 'b': ..}``), each to its keys."""
    out: dict[str, frozenset[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef)):
            continue
        for statement in node.body:
            value: ast.expr | None
            if isinstance(statement, ast.Assign):
                value, targets = statement.value, list(statement.targets)
            elif isinstance(statement, ast.AnnAssign):
                value, targets = statement.value, [statement.target]
            else:
                continue
            if not isinstance(value, ast.Dict):
                continue
            keys = [k.value if isinstance(k, ast.Constant) else None for k in value.keys]
            if not all(isinstance(k, str) for k in keys):
                continue
            for target in targets:
                if isinstance(target, ast.Name):
                    out[target.id] = frozenset(str(k) for k in keys)
    return out


def answered_by(
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
    tables: dict[str, frozenset[str]],
) -> str | frozenset[str]:
    """What a ``__getattr__`` answers to: ``"forwards"`` (it hands another object's
    attribute on), the literal names it compares the name with or finds in a literal
    table, ``"keyed"`` (it looks the name up in data) or ``"open"`` (anything)."""
    if isinstance(function, ast.ClassDef):
        return "open"
    if _forwards(function):
        return "forwards"
    params = [a.arg for a in function.args.args]
    if len(params) not in (1, 2):
        return "open"
    asked = params[-1]  # a module's ``__getattr__(name)`` or a class's ``(self, name)``
    parents = {
        id(child): parent for parent in ast.walk(function) for child in ast.iter_child_nodes(parent)
    }
    literals: set[str] = set()
    keyed = False
    for use in ast.walk(function):
        if not (isinstance(use, ast.Name) and use.id == asked and isinstance(use.ctx, ast.Load)):
            continue
        found = _use_of_name(use, parents, tables)
        if found == "open":
            return "open"
        if found == "keyed":
            keyed = True
        elif isinstance(found, frozenset):
            literals |= found
    return "keyed" if keyed else frozenset(literals)


def _use_of_name(
    use: ast.Name, parents: dict[int, ast.AST], tables: dict[str, frozenset[str]]
) -> str | frozenset[str]:
    """What one use of a ``__getattr__``'s name tells: literal names it is compared with
    or found in, ``"keyed"`` (a lookup in data), ``"neutral"`` (a test of its spelling,
    an error message) or ``"open"``."""
    parent = parents.get(id(use))
    above: ast.AST | None = parent
    while above is not None and not isinstance(above, ast.stmt):
        above = parents.get(id(above))
    if isinstance(above, ast.Raise):
        return "neutral"  # ``raise AttributeError(name)``
    if isinstance(parent, ast.Compare) and len(parent.comparators) == 1:
        other = parent.comparators[0] if parent.left is use else parent.left
        words = _literal_strings(other, tables)
        if words is not None:
            return words
        return "keyed"  # ``name in self._fields``
    if isinstance(parent, ast.Subscript) and parent.slice is use:
        table = parent.value
        if isinstance(table, ast.Name) and table.id in tables:
            return tables[table.id]
        return "keyed"  # ``self._values[name]``
    if (
        isinstance(parent, ast.Call)
        and use in parent.args
        and isinstance(parent.func, ast.Attribute)
    ):
        if parent.func.attr in ("get", "pop", "__getitem__"):
            table = parent.func.value
            if isinstance(table, ast.Name) and table.id in tables:
                return tables[table.id]
            return "keyed"
    if isinstance(parent, ast.Attribute) and parent.attr in _SPELLING_TESTS:
        return "neutral"  # ``name.startswith('_')``
    return "keyed" if _in_a_key(use, parents) else "open"


def _in_a_key(use: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """Whether ``use`` is part of a key a mapping is read with, in its statement
    (``self.environ['ext.%s' % name]``, ``self._values.get(prefix + name)``)."""
    child: ast.AST = use
    parent = parents.get(id(use))
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Subscript) and parent.slice is child:
            return True
        if (
            isinstance(parent, ast.Call)
            and child in parent.args
            and isinstance(parent.func, ast.Attribute)
            and parent.func.attr in ("get", "pop", "__getitem__")
        ):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


#: Methods of a string that test its spelling (``if name.startswith('__'): raise ..``).
_SPELLING_TESTS = frozenset({"startswith", "endswith", "isupper", "islower", "isidentifier"})


def _literal_strings(node: ast.expr, tables: dict[str, frozenset[str]]) -> frozenset[str] | None:
    """The strings a literal (``'x'``, ``('a', 'b')``, a literal table's name) holds, or
    None when it is no literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return frozenset({node.value})
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        words = [e.value for e in node.elts if isinstance(e, ast.Constant)]
        if len(words) == len(node.elts) and all(isinstance(w, str) for w in words):
            return frozenset(str(w) for w in words)
        return None
    if isinstance(node, ast.Name) and node.id in tables:
        return tables[node.id]
    return None


def _forwards(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> bool:
    """Whether a ``__getattr__`` only hands the attribute of another object on
    (``return getattr(self._stream, name)``): it makes no attribute of its own, and what
    it forwards to is read like any receiver."""
    if isinstance(function, ast.ClassDef):
        return False
    params = [a.arg for a in function.args.args]
    if len(params) != 2:
        return False
    returns = [n for n in ast.walk(function) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Call)
        and isinstance(r.value.func, ast.Name)
        and r.value.func.id == "getattr"
        and len(r.value.args) == 2
        and isinstance(r.value.args[1], ast.Name)
        and r.value.args[1].id == params[1]
        for r in returns
    )
