"""A Rust file's outline as ``context`` shows it: each type once, with the methods of its
``impl`` blocks under it, and the file's public API (``pub`` items, never a module or an
``impl``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = ["folded", "public_items"]

_TYPES = frozenset({"struct_item", "enum_item", "union_item", "trait_item", "type_item"})


def folded(parsed: ParsedFile) -> list[Any]:
    """The outline's definitions with each ``impl`` block's members moved under the type
    it implements when the file defines it (one entry per type; the outline's own
    definitions are left as they are: copies are made)."""
    from prx.engine.lang.outline import Definition

    out: list[Any] = []
    types: dict[str, Any] = {}
    impls: dict[str, Any] = {}
    for defn in parsed.definitions():
        if defn.node.type in _TYPES:
            copy = _copy(defn, Definition)
            types.setdefault(defn.name, copy)
            out.append(copy)
        elif defn.node.type == "impl_item":
            owner = types.get(defn.name) or impls.get(defn.name)
            if owner is None:
                owner = impls[defn.name] = _copy(defn, Definition)
                out.append(owner)
            else:
                owner.children.extend(defn.children)
        else:
            out.append(defn)
    # An impl before its type (rare): fold it into the type too.
    for name, impl in impls.items():
        if name in types and impl in out:
            types[name].children.extend(impl.children)
            out.remove(impl)
    return out


def _copy(defn: Any, cls: Any) -> Any:
    copy = cls(
        node=defn.node, kind=defn.kind, name=defn.name, body=defn.body, raw_kind=defn.raw_kind
    )
    copy.children = list(defn.children)
    return copy


def public_items(parsed: ParsedFile) -> list[Any]:
    """The file's top-level ``pub`` items (types, functions, traits, consts, macros
    exported with ``#[macro_export]``), modules and impl blocks left out."""
    out = []
    for defn in parsed.definitions():
        node = defn.node
        if node.type in ("impl_item", "mod_item"):
            continue
        if _is_pub(node) or (node.type == "macro_definition" and _exported_macro(node)):
            out.append(defn)
    return out


def _is_pub(node: Any) -> bool:
    for child in node.children:
        if child.type == "visibility_modifier":
            return bytes(child.text or b"").decode().strip() == "pub"
    return False


def _exported_macro(node: Any) -> bool:
    previous = node.prev_named_sibling
    while previous is not None and previous.type == "attribute_item":
        if b"macro_export" in bytes(previous.text or b""):
            return True
        previous = previous.prev_named_sibling
    return False
