"""Rust names in scope, and paths resolved to the items they name.

A file's facts (:class:`FileFacts`, read once from its syntax tree): its modules (the file
and its inline ``mod x { ... }``), the blocks that declare items or ``use`` their own, and
in each of these scopes the items defined and the names ``use`` brings in (use trees
expanded: nested groups, ``self``, ``as`` renames, globs).

:class:`Resolver` answers what a path written at some place names, as an entity:

- ``("mod", key)``: a module;
- ``("item", key, name)``: an item of module ``key`` (a function, type, trait, const ...);
- ``("assoc", owner, name)``: an associated item (a method, an associated const) of the
  type or trait entity ``owner``;
- ``("extern", path)``: something outside the project (``std``, a dependency);
- ``("either", entities)``: one of several, as the build's ``cfg`` chooses (two ``use``
  declarations of one name under opposite ``#[cfg]``);
- None: nothing the model can tell (a local variable, a generic parameter, a name a
  macro made).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel.models.rust_crates import CrateTree, ModKey

if TYPE_CHECKING:
    from prx.engine.intel.project import Project

__all__ = ["FileFacts", "Resolver", "Scope", "path_segments", "use_imports"]

Entity = tuple[Any, ...]

#: Items whose ``name`` field defines a name in their scope.
ITEM_KINDS = frozenset(
    {
        "function_item",
        "function_signature_item",
        "struct_item",
        "enum_item",
        "union_item",
        "trait_item",
        "type_item",
        "const_item",
        "static_item",
        "macro_definition",
        "mod_item",
    }
)
#: Items that are types: a path through them names an associated item.
TYPE_ITEMS = frozenset({"struct_item", "enum_item", "union_item", "trait_item", "type_item"})
_SKIP = frozenset({"string_literal", "raw_string_literal", "token_tree", "array_expression"})


class Scope(NamedTuple):
    """A module or a block of one file, and what it binds."""

    start: int
    end: int
    #: The module this scope is in (a block: the module around it).
    module: ModKey
    is_module: bool
    #: name -> the item nodes defining it here.
    items: dict[str, list[Any]]
    #: name -> the paths ``use`` binds it to.
    uses: dict[str, list[tuple[str, ...]]]
    #: The paths of glob imports (``use a::b::*``).
    globs: list[tuple[str, ...]]


def path_segments(node: Any) -> tuple[str, ...]:
    """The segments of a path node (``a::b::c``, ``crate::x``, ``$crate::y``); ``()`` when
    the node is not a plain path (a ``<T as Trait>``, a generic type)."""
    kind = node.type
    if kind in ("identifier", "type_identifier", "crate", "self", "super"):
        return (_text(node),)
    if kind == "metavariable":
        return ("$crate",) if _text(node) == "$crate" else ()
    if kind in ("scoped_identifier", "scoped_type_identifier", "scoped_use_list_path"):
        path = node.child_by_field_name("path")
        name = node.child_by_field_name("name")
        head = path_segments(path) if path is not None else ()
        if path is not None and not head:
            return ()
        return (*head, _text(name)) if name is not None else ()
    if kind == "generic_type":
        inner = node.child_by_field_name("type")
        return path_segments(inner) if inner is not None else ()
    return ()


def use_imports(node: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, tuple[str, ...]]]:
    """(local name or ``*``, full path) of each name a use tree binds."""
    kind = node.type
    if kind in ("identifier", "scoped_identifier", "crate", "super", "metavariable"):
        path = (*prefix, *path_segments(node))
        return [(path[-1], path)] if path else []
    if kind == "self":
        return [(prefix[-1], prefix)] if prefix else []
    if kind == "use_as_clause":
        path_node = node.child_by_field_name("path")
        alias = node.child_by_field_name("alias")
        if path_node is None or alias is None:
            return []
        path = (*prefix, *path_segments(path_node))
        if path and path[-1] == "self":
            path = path[:-1]
        return [(_text(alias), path)] if path else []
    if kind == "use_wildcard":
        inner = next((c for c in node.named_children), None)
        path = (*prefix, *(path_segments(inner) if inner is not None else ()))
        return [("*", path)]
    if kind == "scoped_use_list":
        path_node = node.child_by_field_name("path")
        listing = node.child_by_field_name("list")
        head = (*prefix, *(path_segments(path_node) if path_node is not None else ()))
        return use_imports(listing, head) if listing is not None else []
    if kind == "use_list":
        out = []
        for child in node.named_children:
            out += use_imports(child, prefix)
        return out
    return []


def _text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


class FileFacts:
    """The scopes of one file (modules and item-declaring blocks) and its ``impl`` blocks."""

    def __init__(self, rel: str, root: Any) -> None:
        self.rel = rel
        self.scopes: list[Scope] = []
        self.modules: dict[tuple[str, ...], Scope] = {}
        #: (start, end, node) of each impl block and trait.
        self.impls: list[tuple[int, int, Any]] = []
        self._read(root)

    def _new_scope(self, node: Any, module: tuple[str, ...], is_module: bool) -> Scope:
        scope = Scope(
            int(node.start_byte),
            int(node.end_byte),
            ModKey(self.rel, module),
            is_module,
            {},
            {},
            [],
        )
        self.scopes.append(scope)
        if is_module:
            self.modules[module] = scope
        return scope

    def _read(self, root: Any) -> None:
        top = self._new_scope(root, (), True)
        # (node, its module path, the scope its items go to, inside an impl or a trait:
        # its items are associated items, not the scope's)
        stack: list[tuple[Any, tuple[str, ...], Scope, bool]] = [(root, (), top, False)]
        while stack:
            node, module, scope, assoc = stack.pop()
            for child in node.named_children:
                kind = child.type
                if kind in _SKIP:
                    continue
                if kind == "use_declaration":
                    argument = child.child_by_field_name("argument")
                    for local, path in use_imports(argument) if argument is not None else []:
                        if local == "*":
                            scope.globs.append(path)
                        elif local != "_":
                            scope.uses.setdefault(local, []).append(path)
                    continue
                if kind == "extern_crate_declaration":
                    name = child.child_by_field_name("name")
                    alias = child.child_by_field_name("alias")
                    if name is not None:
                        local = _text(alias if alias is not None else name)
                        scope.uses.setdefault(local, []).append((_text(name),))
                    continue
                if kind in ITEM_KINDS:
                    name_node = child.child_by_field_name("name")
                    if name_node is not None and not assoc:
                        scope.items.setdefault(_text(name_node), []).append(child)
                    if kind == "mod_item":
                        body = child.child_by_field_name("body")
                        if body is not None and name_node is not None:
                            inner = (*module, _text(name_node))
                            stack.append((body, inner, self._new_scope(body, inner, True), False))
                        continue
                if kind in ("impl_item", "trait_item"):
                    self.impls.append((int(child.start_byte), int(child.end_byte), child))
                    stack.append((child, module, scope, True))
                    continue
                if kind == "block" and _declares(child):
                    stack.append((child, module, self._new_scope(child, module, False), False))
                    continue
                stack.append((child, module, scope, assoc and kind == "declaration_list"))
        self.scopes.sort(key=lambda s: (s.start, -s.end))

    def chain(self, offset: int) -> list[Scope]:
        """The scopes around ``offset``, innermost first, up to its module."""
        around = [s for s in self.scopes if s.start <= offset < s.end or s.start == 0]
        around.sort(key=lambda s: s.end - s.start)
        out = []
        for scope in around:
            out.append(scope)
            if scope.is_module:
                break
        return out

    def module_at(self, offset: int) -> ModKey:
        for scope in self.chain(offset):
            if scope.is_module:
                return scope.module
        return ModKey(self.rel)

    def impl_at(self, offset: int) -> Any | None:
        """The innermost ``impl`` block (or trait) around ``offset``."""
        best = None
        for start, end, node in self.impls:
            if start <= offset < end and (best is None or start >= best.start_byte):
                best = node
        return best


def _declares(block: Any) -> bool:
    """Whether a block has items or ``use`` declarations of its own."""
    return any(c.type in ITEM_KINDS or c.type == "use_declaration" for c in block.named_children)


class Resolver:
    """Paths to entities, for one project."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.crates = CrateTree(project)
        self._facts: dict[str, FileFacts | None] = {}
        self._memo: dict[tuple[Any, ...], Entity | None] = {}
        #: The block ``use`` paths being resolved (see :meth:`_resolve_once`).
        self._resolving: set[tuple[str, int, tuple[str, ...]]] = set()

    def facts(self, rel: str) -> FileFacts | None:
        if rel not in self._facts:
            parsed = self.project.file(rel)
            tree = parsed.tree if parsed is not None else None
            self._facts[rel] = FileFacts(rel, tree.root_node) if tree is not None else None
        return self._facts[rel]

    def module_scope(self, key: ModKey) -> Scope | None:
        facts = self.facts(key.file)
        return facts.modules.get(key.inline) if facts is not None else None

    # -- entities of definitions ------------------------------------------------------

    def item_entity(self, rel: str, node: Any) -> Entity | None:
        """The entity an item node defines (a module-level or block-level item)."""
        facts = self.facts(rel)
        name = node.child_by_field_name("name")
        if facts is None or name is None:
            return None
        if node.type == "mod_item":
            module = facts.module_at(int(node.start_byte))
            return ("mod", ModKey(rel, (*module.inline, _text(name))))
        scope = facts.chain(int(node.start_byte))[0]
        key = (
            scope.module
            if scope.is_module
            else ModKey(rel, (*scope.module.inline, f"{{{scope.start}}}"))
        )
        return ("item", key, _text(name))

    def self_type(self, rel: str, offset: int) -> Entity | None:
        """What ``Self`` names at ``offset``: the type of the impl block, or the trait."""
        facts = self.facts(rel)
        impl = facts.impl_at(offset) if facts is not None else None
        if impl is None:
            return None
        if impl.type == "trait_item":
            return self.item_entity(rel, impl)
        type_node = impl.child_by_field_name("type")
        return self.type_entity(rel, type_node) if type_node is not None else None

    def type_entity(self, rel: str, node: Any) -> Entity | None:
        """The entity a type node names (references and generics looked through)."""
        while node is not None and node.type in ("reference_type", "pointer_type"):
            node = node.child_by_field_name("type")
        if node is None:
            return None
        segments = path_segments(node)
        if not segments:
            return None
        return self.resolve(rel, int(node.start_byte), segments)

    # -- resolution ---------------------------------------------------------------------

    def resolve(self, rel: str, offset: int, segments: tuple[str, ...]) -> Entity | None:
        """The entity ``segments`` names when written at ``offset`` of ``rel``."""
        facts = self.facts(rel)
        if facts is None or not segments:
            return None
        first, rest = segments[0], segments[1:]
        module = facts.module_at(offset)
        current: Entity | None
        if first in ("crate", "$crate"):
            current = ("mod", self.crates.root(module))
        elif first == "self":
            current = ("mod", module)
        elif first == "super":
            parent = self.crates.parent(module)
            current = ("mod", parent) if parent is not None else None
        elif first == "Self":
            current = self.self_type(rel, offset)
        else:
            current = self._lookup_at(facts, offset, first)
        for segment in rest:
            if current is None:
                return None
            current = self.member(current, segment)
        return current

    def _lookup_at(self, facts: FileFacts, offset: int, name: str) -> Entity | None:
        chain = facts.chain(offset)
        for scope in chain:
            if scope.is_module:
                return self.lookup(scope.module, name)
            if name in scope.items:
                key = ModKey(facts.rel, (*scope.module.inline, f"{{{scope.start}}}"))
                return ("item", key, name)
            for path in scope.uses.get(name, ()):
                found = self._resolve_once(facts.rel, scope.start, path)
                if found is not None:
                    return found
            for path in scope.globs:
                target = self._resolve_once(facts.rel, scope.start, path)
                if target is not None and target[0] == "mod":
                    found = self.lookup(target[1], name, globs_only=False)
                    if found is not None and found[0] != "extern":
                        return found
                elif target is not None and self._has_variant(target, name):
                    return ("assoc", target, name)
        return self.lookup(facts.module_at(offset), name)

    def _resolve_once(self, rel: str, offset: int, path: tuple[str, ...]) -> Entity | None:
        """A block's ``use`` path resolved from the block, once: the path's first name is
        looked up in the same block, whose ``use core::ops::Bound::*`` would otherwise
        resolve itself again (a ``use`` never names what it binds)."""
        key = (rel, offset, path)
        if key in self._resolving:
            return None
        self._resolving.add(key)
        try:
            return self.resolve(rel, offset, path)
        finally:
            self._resolving.discard(key)

    def member(self, entity: Entity, name: str) -> Entity | None:
        """``name`` inside ``entity``: a module's item, a type's associated item."""
        kind = entity[0]
        if kind == "mod":
            if name == "super":
                parent = self.crates.parent(entity[1])
                return ("mod", parent) if parent is not None else None
            if name == "self":
                return entity
            return self.lookup(entity[1], name, outer=False)
        if kind == "item":
            return ("assoc", entity, name)
        if kind == "extern":
            return ("extern", f"{entity[1]}::{name}")
        if kind == "either":
            members = [self.member(e, name) for e in entity[1]]
            found = tuple(dict.fromkeys(m for m in members if m is not None))
            return ("either", found) if len(found) > 1 else (found[0] if found else None)
        return None

    def lookup(
        self, key: ModKey, name: str, *, outer: bool = True, globs_only: bool = False
    ) -> Entity | None:
        """``name`` in module ``key``: its items and child modules, its ``use`` names,
        its globs; with ``outer``, also the crates in scope (``std``, the project's own)."""
        memo = (key, name, outer)
        if memo in self._memo:
            return self._memo[memo]
        self._memo[memo] = None  # a cycle of re-exports names nothing
        found = self._lookup(key, name, outer)
        self._memo[memo] = found
        return found

    def _lookup(self, key: ModKey, name: str, outer: bool) -> Entity | None:
        scope = self.module_scope(key)
        if scope is not None:
            nodes = scope.items.get(name)
            if nodes:
                if nodes[0].type == "mod_item":
                    if nodes[0].child_by_field_name("body") is not None:
                        return ("mod", ModKey(key.file, (*key.inline, name)))
                    child = self.crates.declared_child(key, name)
                    return ("mod", child) if child is not None else ("extern", name)
                return ("item", key, name)
            bound = [self._resolve_use(key, scope, path) for path in scope.uses.get(name, ())]
            distinct = list(dict.fromkeys(b for b in bound if b is not None))
            if len(distinct) == 1:
                return distinct[0]
            if distinct:
                # `#[cfg(x)] pub use a::T; #[cfg(not(x))] pub use b::T;`: either one
                return ("either", tuple(distinct))
            for path in scope.globs:
                target = self._resolve_use(key, scope, path)
                if target is not None and target[0] == "mod" and target[1] != key:
                    found = self.lookup(target[1], name, outer=False)
                    if found is not None:
                        return found
                elif target is not None and self._has_variant(target, name):
                    return ("assoc", target, name)  # `use Enum::*`: its variants
        if not outer:
            return None
        library = self.crates.library(name, key.file)
        if library is not None:
            return ("mod", library)
        return ("extern", name)

    def _has_variant(self, entity: Entity, name: str) -> bool:
        """Whether ``entity`` is an enum of the project with a variant ``name``."""
        if entity[0] != "item":
            return False
        scope = self.module_scope(entity[1])
        for node in scope.items.get(entity[2], ()) if scope is not None else ():
            body = node.child_by_field_name("body") if node.type == "enum_item" else None
            for variant in body.named_children if body is not None else ():
                named = variant.child_by_field_name("name")
                if variant.type == "enum_variant" and named is not None and _text(named) == name:
                    return True
        return False

    def _resolve_use(self, key: ModKey, scope: Scope, path: tuple[str, ...]) -> Entity | None:
        """A ``use`` path of module ``key`` (2018 paths: a crate, ``crate``/``self``/
        ``super``, or a name in scope)."""
        if not path:
            return None
        first = path[0]
        if first in ("crate", "$crate", "self", "super", "Self"):
            return self.resolve(key.file, scope.start, path)
        if self.crates.edition_2015(key.file) and first not in ("std", "core", "alloc"):
            root = self.crates.root(key)
            if root != key or first in scope.items:
                found = self.resolve(root.file, 0, ("crate", *path))
                if found is not None and found[0] != "extern":
                    return found
        if path == (first,) and first in scope.uses and (first,) in scope.uses[first]:
            return ("extern", first)  # `use serde;`
        current: Entity | None
        if first in scope.items or any(first in s.uses for s in [scope] if first != path[-1]):
            current = self.lookup(key, first)
        else:
            library = self.crates.library(first, key.file)
            current = ("mod", library) if library is not None else None
            if current is None:
                current = self.lookup(key, first) if first in scope.items else ("extern", first)
        for segment in path[1:]:
            if current is None:
                return None
            current = self.member(current, segment)
        return current
