"""The Rust model: definitions as Rust means them, references resolved through modules,
``use`` trees and receiver types.

- Definitions: the outline's items, less ``impl`` blocks and modules: a method of ``impl
  Foo`` or ``impl Trait for Foo`` is ``Foo.method``, an item of ``mod a { }`` is
  ``a.item``; and the named fields of a struct (``Foo.field``).
- References (:mod:`rust_sites`): paths resolved through the crate's module tree
  (:mod:`rust_crates`) and each scope's items and ``use`` names (:mod:`rust_scope`);
  method calls through the receiver's type (:mod:`rust_types`), by name when it is
  unknown. A rename of a trait's method renames the trait's declaration and every impl's
  method of that trait together.
- Test code: files declared under ``#[cfg(test)]``, and code inside a ``#[cfg(test)]``
  module or a ``#[test]`` function.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import LanguageModel, Site, Target, register, sorted_sites

if TYPE_CHECKING:
    from prx.engine.intel.models.rust_scope import Resolver
    from prx.engine.intel.models.rust_types import Types
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["RustModel"]

#: What the outline calls an ``impl`` block and a module: containers, not definitions.
_NOT_DEFINITIONS = frozenset({"impl_item", "mod_item"})
_TEST_ATTRIBUTE = ("#[test]", "#[cfg(test)]", "#[bench]", "::test]", "#[rstest]")


class _State:
    """What one call's project needs resolved once: the module tree, scopes, impls."""

    def __init__(self, project: Project) -> None:
        from prx.engine.intel.models.rust_scope import Resolver
        from prx.engine.intel.models.rust_types import Types

        self.resolver: Resolver = Resolver(project)
        self.types: Types = Types(self.resolver)


_STATES: weakref.WeakKeyDictionary[Any, _State] = weakref.WeakKeyDictionary()


def _state(project: Project) -> _State:
    found = _STATES.get(project)
    if found is None:
        found = _STATES[project] = _State(project)
    return found


class RustModel(LanguageModel):
    """Definitions and references of Rust."""

    LANGUAGES = frozenset({"rust"})
    RESOLVES = True
    SEPARATOR = "::"

    def definitions(self, project: Project | None, parsed: ParsedFile) -> list[Target]:
        from prx.engine.intel.models.generic import name_span, walk_definitions

        out = []
        data = parsed.data
        for defn, owners in walk_definitions(parsed.definitions()):
            if defn.node.type in _NOT_DEFINITIONS:
                continue
            start, end = name_span(data, defn)
            name_node = defn.node.child_by_field_name("name")
            if name_node is not None and bytes(name_node.text or b"").decode() == defn.name:
                start, end = int(name_node.start_byte), int(name_node.end_byte)
            out.append(
                Target(
                    file=parsed.rel,
                    name=defn.name,
                    qualified=".".join((*owners, defn.name)),
                    kind=defn.kind,
                    line=data.count(b"\n", 0, start) + 1,
                    start=start,
                    end=end,
                    container=owners[-1] if owners else None,
                    defn=defn,
                )
            )
            if defn.node.type == "struct_item":
                out += _fields(parsed, defn, (*owners, defn.name))
        return out

    def candidate_files(self, project: Project, target: Target) -> list[str]:
        from prx.engine.intel.prefilter import word_offsets

        state = _state(project)
        word = target.name.encode()
        found = {target.file}
        for rel in state.resolver.crates.files:
            parsed = project.file(rel)
            if (
                parsed is not None
                and word in parsed.data
                and word_offsets(parsed.data, target.name)
            ):
                found.add(rel)
        return sorted(found)

    def references(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        from prx.engine.intel.models.rust_sites import Reader, describe
        from prx.engine.intel.models.rust_types import Ctx

        state = _state(project)
        target = _with_defn(project, target)
        info = describe(state.resolver, state.types, target)
        sites: list[Site] = []
        for rel in files:
            parsed = project.file(rel)
            if parsed is None or parsed.language != "rust" or parsed.tree is None:
                continue
            reader = Reader(state.resolver, state.types, info, parsed)
            reader.read(parsed.tree.root_node, Ctx(rel), parsed.data)
            sites += reader.sites.values()
        own = [s for s in sites if s.file == target.file and s.start == target.start]
        if not own and target.end > target.start:
            from prx.engine.intel.models.base import RESOLVED

            sites.append(
                Site(target.file, target.line, target.start, target.end, RESOLVED, "definition")
            )
        return sorted_sites(sites)

    def in_test(self, project: Project, rel: str, offset: int) -> bool:
        state = _state(project)
        if rel in state.resolver.crates.test_files:
            return True
        parsed = project.file(rel)
        tree = parsed.tree if parsed is not None else None
        if tree is None:
            return False
        node = tree.root_node.descendant_for_byte_range(offset, offset)
        while node is not None:
            if node.type in ("mod_item", "function_item") and _is_test_item(node):
                return True
            node = node.parent
        return False

    def renames_by_name(self, target: Target) -> bool:
        return False


def _fields(parsed: ParsedFile, struct: Any, owners: tuple[str, ...]) -> list[Target]:
    """The named fields of a struct (``Point.x``): definitions a rename can take (the
    outline lists none)."""
    from prx.engine.lang.outline import Definition

    out = []
    body = struct.node.child_by_field_name("body")
    for field in body.named_children if body is not None else ():
        name = field.child_by_field_name("name") if field.type == "field_declaration" else None
        if name is None:
            continue
        text = bytes(name.text or b"").decode("utf-8", "replace")
        defn = Definition(node=field, kind="field", name=text, body=None, raw_kind="field")
        start = int(name.start_byte)
        out.append(
            Target(
                file=parsed.rel,
                name=text,
                qualified=".".join((*owners, text)),
                kind="field",
                line=parsed.data.count(b"\n", 0, start) + 1,
                start=start,
                end=int(name.end_byte),
                container=owners[-1],
                defn=defn,
            )
        )
    return out


def _is_test_item(node: Any) -> bool:
    """An item with a test attribute just before it (``#[test]``, ``#[cfg(test)]``)."""
    current = node.prev_named_sibling
    while current is not None and current.type in ("attribute_item", "line_comment"):
        if current.type == "attribute_item":
            text = bytes(current.text or b"").decode("utf-8", "replace").replace(" ", "")
            if any(mark in text for mark in _TEST_ATTRIBUTE):
                return True
        current = current.prev_named_sibling
    return False


def _with_defn(project: Project, target: Target) -> Target:
    """``target`` with the outline definition of the file as the project reads it now."""
    parsed = project.file(target.file)
    if parsed is None:
        return target
    for found in RustModel().definitions(project, parsed):
        if found.start == target.start and found.name == target.name:
            return found
    return target


register(RustModel())
