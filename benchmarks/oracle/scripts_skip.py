"""Symbols the TypeScript and JavaScript oracles cannot measure."""

from __future__ import annotations

import re
from pathlib import Path

from oracle.common import Symbol


def default_export(roots: list[Path], symbol: Symbol) -> str | None:
    """A top-level definition exported under a name its rename does not change: only as
    the default (``export default X``, ``module.exports = X``: importers name it as they
    like) or as a property (``exports.x = x``): renaming it is no error anywhere, so the
    compiler names none of its users."""
    if not roots or "." in symbol.qualified:
        return None
    import prx
    from prx.engine.intel.bindings import exported_names
    from prx.engine.intel.project import ParsedFile

    root = roots[0]
    path = root / symbol.file
    data = path.read_bytes()
    spec = prx.Workspace(root).language_for(str(path))
    parsed = ParsedFile(symbol.file, spec, data)
    names = exported_names(parsed, symbol.name)
    if not names:
        return None
    if symbol.name not in names:
        return "exported under another name"
    text = data.decode("utf-8", "replace")
    word = re.escape(symbol.name)
    property_only = re.search(rf"\bexports\s*\.\s*{word}\s*=", text) and not re.search(
        rf"\bexport\b[^\n;]*\b{word}\b|module\.exports\s*=\s*\{{[^}}]*(?<![\w$:]\s)\b{word}\s*[,}}\n]",
        text,
    )
    return "exported as a property" if property_only else None


def overloaded(roots: list[Path], symbol: Symbol) -> str | None:
    """An overloaded function or method: its signatures and implementation are one
    binding; renaming one of their names is an error at the others only."""
    if not roots:
        return None
    import prx
    from prx.engine.intel.models.generic import outline_targets
    from prx.engine.intel.project import ParsedFile

    root = roots[0]
    path = root / symbol.file
    spec = prx.Workspace(root).language_for(str(path))
    parsed = ParsedFile(symbol.file, spec, path.read_bytes())
    same = [t for t in outline_targets(parsed) if t.qualified == symbol.qualified]
    return "overloaded" if len(same) > 1 else None


#: Members every object has (``Object.prototype``): renaming a class's own is no error.
OBJECT_MEMBERS = frozenset(
    {
        "toString",
        "valueOf",
        "toLocaleString",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "constructor",
        "toJSON",
    }
)


def commonjs_export(roots: list[Path], symbol: Symbol) -> str | None:
    """A JavaScript name its file exports through ``module.exports``/``exports``: tsc
    reports the export of the missing name in that file and types the export ``any``,
    so no importer's use is an error (checked on node-semver: none is)."""
    if not roots or "." in symbol.qualified or not symbol.file.endswith((".js", ".cjs")):
        return None
    import prx
    from prx.engine.intel.bindings import exported_names
    from prx.engine.intel.project import ParsedFile

    root = roots[0]
    path = root / symbol.file
    data = path.read_bytes()
    parsed = ParsedFile(symbol.file, prx.Workspace(root).language_for(str(path)), data)
    if exported_names(parsed, symbol.name) and b"exports" in data:
        return "CommonJS export"
    return None


def object_member(symbol: Symbol) -> str | None:
    if "." in symbol.qualified and symbol.name in OBJECT_MEMBERS:
        return "a member every object has"
    return None


def not_measured(roots: list[Path], symbol: Symbol) -> str | None:
    """Why the oracle cannot measure ``symbol`` (None: it can)."""
    return (
        default_export(roots, symbol)
        or overloaded(roots, symbol)
        or commonjs_export(roots, symbol)
        or object_member(symbol)
    )
