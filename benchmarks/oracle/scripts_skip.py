"""Symbols the TypeScript and JavaScript oracles cannot measure (an overloaded function
and a CommonJS export of its own name are measured: see
:mod:`~oracle.scripts_rename`)."""

from __future__ import annotations

from pathlib import Path

from oracle.common import Symbol


def default_export(roots: list[Path], symbol: Symbol) -> str | None:
    """A top-level definition exported only under another name (``export default X``,
    ``module.exports = X``, ``export {X as Y}``: importers name it as they like):
    renaming it is no error anywhere but its own file, so the compiler names none of
    its users."""
    if not roots or "." in symbol.qualified:
        return None
    import prx
    from prx.engine.intel.bindings import exported_names
    from prx.engine.intel.project import ParsedFile

    root = roots[0]
    path = root / symbol.file
    spec = prx.Workspace(root).language_for(str(path))
    parsed = ParsedFile(symbol.file, spec, path.read_bytes())
    names = exported_names(parsed, symbol.name)
    if names and symbol.name not in names:
        return "exported under another name"
    return None


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


def object_member(symbol: Symbol) -> str | None:
    if "." in symbol.qualified and symbol.name in OBJECT_MEMBERS:
        return "a member every object has"
    if symbol.name in OBJECT_MEMBERS:
        # The global object has them too (pako's `const toString =
        # Object.prototype.toString`): renamed, its uses name the global's.
        return "a name the global object has"
    return None


def not_measured(roots: list[Path], symbol: Symbol) -> str | None:
    """Why the oracle cannot measure ``symbol`` (None: it can)."""
    return default_export(roots, symbol) or object_member(symbol)
