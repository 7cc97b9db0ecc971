"""The Python oracle's rename, carried through the imports that name the definition.

Renamed alone, a function that a package's ``__init__.py`` imports (``from .core import
encode``) breaks that one import statement: pyright reports it and types ``encode`` as
unknown there, so every ``idna.encode`` in the project is silent, and so is every use of
``encode`` in an importing module. A compiler for another language (tsc) reports those
uses; this module makes pyright do so: each ``from <the defining module> import NAME``
(no ``as``, or ``as NAME``: an explicit re-export) is renamed with the definition, so the importer's uses of ``NAME`` and the
package's ``pkg.NAME`` become errors. An importer that then reports no error (it only
passes the name on, or pyright cannot type its uses) keeps its import statement as its
use, as the rename alone would have reported it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from oracle.common import Diag, Symbol

__all__ = ["rename_imports"]


def _module_of(rel: Path) -> list[str]:
    parts = list(rel.with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return parts


def _imported_from(importer: list[str], is_package: bool, node: ast.ImportFrom) -> list[str]:
    """The dotted module an ``ImportFrom`` in module ``importer`` names."""
    if not node.level:
        return (node.module or "").split(".")
    package = importer if is_package else importer[:-1]
    base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
    return base + (node.module.split(".") if node.module else [])


def rename_imports(root: Path, bases: list[Path], symbol: Symbol, new: str) -> list[Diag]:
    """Rename ``symbol`` in the project's ``from <its module> import NAME`` statements;
    the statements renamed, as uses (see the module's docstring for which count)."""
    defining = root / symbol.file
    base = next((b for b in bases if defining.is_relative_to(b)), None)
    if base is None:
        return []
    target = _module_of(defining.relative_to(base))
    edited: list[Diag] = []
    for path in sorted(base.rglob("*.py")):
        if path == defining or any(p.startswith(".") for p in path.relative_to(root).parts):
            continue
        data = path.read_bytes()
        if symbol.name.encode() not in data:
            continue
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError, RecursionError):
            continue
        rel = path.relative_to(base)
        module, package = _module_of(rel), rel.name == "__init__.py"
        spans = []
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            if _imported_from(module, package, node) != target:
                continue
            if [a.name for a in node.names] == ["*"]:
                # A package passing the module's names on lists them in its __all__, as
                # the rename's own answer renames them (else every star import fails).
                spans += _exported(tree, symbol.name)
                continue
            for alias in node.names:
                if alias.name != symbol.name or alias.asname not in (None, symbol.name):
                    continue
                # ``import NAME as NAME`` re-exports the name itself (the form type
                # checkers read as an explicit re-export): both parts are renamed.
                end = alias.end_col_offset if alias.asname else None
                if alias.asname and (alias.end_lineno != alias.lineno or end is None):
                    continue
                spans.append((alias.lineno, alias.col_offset, end))
                edited.append(Diag(path.relative_to(root).as_posix(), node.lineno))
        if spans:
            lines = data.split(b"\n")
            for line, column, end in sorted(spans, reverse=True, key=lambda s: (s[0], s[1])):
                text = lines[line - 1]
                renamed = new.encode()
                if end is not None and text[column : column + 1] in (b"'", b'"'):
                    renamed = text[column : column + 1] + renamed + text[column : column + 1]
                elif end is None:
                    end = column + len(symbol.name.encode())
                else:
                    renamed = renamed + b" as " + renamed
                lines[line - 1] = text[:column] + renamed + text[end:]
            path.write_bytes(b"\n".join(lines))
    return edited


def _exported(tree: ast.AST, name: str) -> list[tuple[int, int, int | None]]:
    """The places of the string ``name`` in the module's ``__all__`` (``=``, ``+=``)."""
    out: list[tuple[int, int, int | None]] = []
    for node in ast.walk(tree):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AugAssign)
            else []
        )
        if not any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            continue
        value = node.value  # type: ignore[attr-defined]
        for item in value.elts if isinstance(value, (ast.List, ast.Tuple)) else []:
            if isinstance(item, ast.Constant) and item.value == name and item.end_col_offset:
                if item.end_lineno == item.lineno:
                    out.append((item.lineno, item.col_offset, item.end_col_offset))
    return out
