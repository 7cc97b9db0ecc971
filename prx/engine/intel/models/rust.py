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
from collections.abc import Iterator, Sequence
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
        from prx.engine.intel.models.base import RESOLVED
        from prx.engine.intel.models.rust_sites import Reader, describe
        from prx.engine.intel.models.rust_types import Ctx

        state = _state(project)
        target, twins = _with_variants(project, target)
        sites: dict[tuple[str, int], Site] = {}
        for one in (target, *twins):
            info = describe(state.resolver, state.types, one)
            for rel in files:
                parsed = project.file(rel)
                if parsed is None or parsed.language != "rust" or parsed.tree is None:
                    continue
                reader = Reader(state.resolver, state.types, info, parsed)
                reader.read(parsed.tree.root_node, Ctx(rel), parsed.data)
                for site in reader.sites.values():
                    held = sites.get((site.file, site.start))
                    if held is None or (held.how != RESOLVED and site.how == RESOLVED):
                        sites[(site.file, site.start)] = site
            if (one.file, one.start) not in sites and one.end > one.start:
                sites[(one.file, one.start)] = Site(
                    one.file, one.line, one.start, one.end, RESOLVED, "definition"
                )
        return sorted_sites(list(sites.values()))

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

    def rename_problem(self, project: Project, target: Target) -> str | None:
        crates = _state(project).resolver.crates
        if (
            target.qualified == "main"
            and target.file in crates.roots
            and target.file not in crates.libraries.values()
        ):
            return (
                f"fn main of {target.file} is the entry point of a binary, a build script, "
                "an example or a bench: the compiler looks for it by that name"
            )
        return None

    def one_per_binding(self, targets: Sequence[Target]) -> list[Target]:
        kept: list[Target] = []
        for target in targets:
            if not any(_twins(held, target) for held in kept):
                kept.append(target)
        return kept


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
    return any(any(mark in text for mark in _TEST_ATTRIBUTE) for text in attributes_of(node))


def attributes_of(node: Any) -> Iterator[str]:
    """The attributes just before an item (``#[cfg(test)]``), without spaces; comments
    between them are skipped."""
    current = node.prev_named_sibling
    while current is not None and current.type in ("attribute_item", "line_comment"):
        if current.type == "attribute_item":
            yield bytes(current.text or b"").decode("utf-8", "replace").replace(" ", "")
        current = current.prev_named_sibling


def _twins(one: Target, other: Target) -> bool:
    return (
        one.file == other.file
        and one.qualified == other.qualified
        and one.start != other.start
        and one.defn is not None
        and other.defn is not None
        and (_cfg_gated(one.defn.node) or _cfg_gated(other.defn.node))
    )


def _cfg_gated(node: Any) -> bool:
    """Whether an item, or an item around it, carries a ``#[cfg(...)]`` attribute."""
    while node is not None:
        if any(text.startswith("#[cfg(") for text in attributes_of(node)):
            return True
        node = node.parent
    return False


def _with_variants(project: Project, target: Target) -> tuple[Target, list[Target]]:
    """``target`` with the outline definition of the file as the project reads it now,
    and the other definitions of its item under another ``#[cfg]``: the same qualified
    name in the same file, one of them (or an ``impl``/``mod`` around it) gated by
    ``#[cfg(...)]`` (``#[cfg(doc)] const EMPTY`` beside ``#[cfg(not(doc))] const
    EMPTY``). Rust allows no two items of one name in one scope otherwise: they are one
    binding, renamed, explained and counted together."""
    parsed = project.file(target.file)
    if parsed is None:
        return target, []
    found = RustModel().definitions(project, parsed)
    own = next((t for t in found if t.start == target.start and t.name == target.name), target)
    return own, [t for t in found if _twins(own, t)]


register(RustModel())
