"""The places of a Rust file that refer to one definition, and how sure each is.

Each identifier spelled like the definition is read by where it stands:

- the name of an item: the definition itself, or one that must change with it (the
  trait's declaration of a method and every impl's method of that trait);
- in a ``use`` tree (nested groups, ``self``, ``as``, globs): an import of what its full
  path resolves to (an ``as`` alias is a new name, not a reference);
- in a path (``a::b::name``, ``Type::method``, ``Self::method``, ``<T as Trait>::m``) or
  alone (``name(..)``, ``Name { .. }``): what the path resolves to, a local binding of the
  same name shadowing it;
- after a dot (``x.name(..)``): a method call, tied to the definition through the
  receiver's type (:mod:`rust_types`) when the file says it, else a candidate by name
  when the arity matches; a free function is never called so (``path.strip_prefix(p)``
  is std's method, not the crate's ``strip_prefix``).

Identifiers inside a macro's arguments (``println!("{}", x.is_quit())``) are token trees
to tree-sitter: the arguments are parsed again on their own as expressions (a
``macro_rules!`` body as statements) and read the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel.models.base import BY_NAME, BY_TYPE, RESOLVED, Site, Target
from prx.engine.intel.models.rust_scope import ITEM_KINDS, Entity, Resolver, path_segments
from prx.engine.intel.models.rust_types import (
    STD_FINAL,
    STD_INHERENT,
    Ctx,
    Ty,
    Types,
    arguments_count,
    find_binding,
    parameters_of,
)

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = ["Reader", "TargetInfo", "describe"]

_DEFINERS = ITEM_KINDS | {"enum_variant", "field_declaration", "associated_type"}
_PATHS = frozenset({"scoped_identifier", "scoped_type_identifier"})
_USE_TREE = frozenset({"use_list", "scoped_use_list", "use_as_clause", "use_wildcard"})
_PREFIX = b"fn __prx() { __prx("
_SUFFIX = b"); }"
_BODY_PREFIX = b"fn __prx() {"
_BODY_SUFFIX = b"}"
_MACRO_DEPTH = 3


class TargetInfo(NamedTuple):
    """What the sites of one definition are compared with."""

    target: Target
    #: ``("item", module, name)``, ``("assoc", owner, name)`` ...
    entity: Entity | None
    #: The type or trait a method or associated item belongs to.
    owner: Entity | None
    #: The trait whose method this is (declared in it, or implemented from it).
    trait: Entity | None
    #: For a method: whether it takes ``self`` and how many other parameters.
    has_self: bool
    arity: int
    #: The types implementing :attr:`trait` (their entities), and whether a blanket
    #: impl makes every type a candidate.
    implementers: frozenset[Any]
    blanket: bool
    is_macro: bool
    #: A struct's field (``owner`` is the struct).
    is_field: bool = False


def _text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def describe(resolver: Resolver, types: Types, target: Target) -> TargetInfo:
    """The entity of ``target`` and, for a method, its owner and trait."""
    defn = target.defn
    node = defn.node if defn is not None else None
    empty = TargetInfo(target, None, None, None, False, 0, frozenset(), False, False)
    if node is None:
        return empty
    rel = target.file
    holder = node.parent.parent if node.parent is not None else None
    owner: Entity | None = None
    trait: Entity | None = None
    if node.type == "field_declaration":
        struct = resolver.item_entity(rel, holder) if holder is not None else None
        field: Entity | None = ("assoc", struct, target.name) if struct is not None else None
        return empty._replace(entity=field, owner=struct, is_field=True)
    if holder is not None and holder.type == "impl_item":
        type_node = holder.child_by_field_name("type")
        trait_node = holder.child_by_field_name("trait")
        owner = resolver.type_entity(rel, type_node) if type_node is not None else None
        trait = resolver.type_entity(rel, trait_node) if trait_node is not None else None
    elif holder is not None and holder.type == "trait_item":
        owner = trait = resolver.item_entity(rel, holder)
    has_self, arity = (False, 0)
    if node.type in ("function_item", "function_signature_item"):
        has_self, arity = parameters_of(node)
    if owner is not None or trait is not None:
        entity: Entity | None = ("assoc", owner or trait, target.name)
    else:
        entity = resolver.item_entity(rel, node)
    implementers: set[Any] = set()
    blanket = False
    if trait is not None:
        for _, _, implementer in types.impls.by_trait.get(trait, ()):
            if implementer is not None:
                implementers.add(implementer)
        blanket = trait in types.impls.blanket
    return TargetInfo(
        target,
        entity,
        owner,
        trait,
        has_self,
        arity,
        frozenset(implementers),
        blanket,
        node.type == "macro_definition",
    )


#: The role :meth:`Reader.classify` gives a shorthand field (``S { x }``): a reference a
#: rename writes ``new: x``.
_SHORTHAND = "shorthand"


class Reader:
    """Reads one file's identifiers for one target."""

    def __init__(
        self, resolver: Resolver, types: Types, info: TargetInfo, parsed: ParsedFile
    ) -> None:
        self.resolver = resolver
        self.types = types
        self.info = info
        self.parsed = parsed
        self.rel = parsed.rel
        self.name = info.target.name
        self.word = self.name.encode()
        self.sites: dict[int, Site] = {}
        #: Offsets of the identifiers read (a macro's words the parse did not read are
        #: read from its tokens).
        self.seen: set[int] = set()
        #: macro name -> the self types of the impls invoking it
        self._selves: dict[str, frozenset[Entity] | None] = {}
        self._lines = _line_starts(parsed.data)

    # -- walking --------------------------------------------------------------------------

    def read(self, root: Any, ctx: Ctx, data: bytes, depth: int = 0) -> None:
        """Every identifier spelled like the target in ``data`` (parsed as ``root``)."""
        from prx.engine.intel.prefilter import word_offsets

        macros: dict[int, Any] = {}
        for at in word_offsets(data, self.name):
            leaf = root.descendant_for_byte_range(at, at + len(self.word))
            if leaf is None or leaf.start_byte != at or leaf.end_byte != at + len(self.word):
                continue
            tree = _token_tree(leaf)
            if tree is not None:
                macros.setdefault(int(tree.start_byte), tree)
                continue
            if leaf.type not in (
                "identifier",
                "type_identifier",
                "field_identifier",
                "shorthand_field_identifier",
            ):
                continue
            found = self.classify(leaf, ctx)
            # A word the parse recovered from an error is no reading of it: a macro's
            # tokens read it by its neighbours instead.
            if found is not None or not _recovered(leaf):
                self.seen.add(ctx.pos(leaf))
            if found is not None:
                self._add(ctx.pos(leaf), *found)
        for tree in macros.values():
            if depth < _MACRO_DEPTH:
                self._macro(tree, ctx, data, depth)

    def _add(self, start: int, how: str, role: str) -> None:
        from bisect import bisect_right

        kept = self.sites.get(start)
        if kept is not None and kept.how == RESOLVED:
            return
        shorthand = role == _SHORTHAND
        self.sites[start] = Site(
            self.rel,
            bisect_right(self._lines, start),
            start,
            start + len(self.word),
            how,
            "reference" if shorthand else role,
            shorthand,
        )

    def _macro(self, tree: Any, ctx: Ctx, data: bytes, depth: int) -> None:
        """A macro's token tree parsed again on its own: its arguments as expressions
        (``println!``), a ``macro_rules!`` body as statements."""
        from prx.engine.lang.grammar import parse

        inner_start, inner_end = int(tree.start_byte) + 1, int(tree.end_byte) - 1
        if inner_end <= inner_start:
            return
        inner = _unrepeated(tree, data, inner_start, inner_end).replace(b"$", b" ")
        is_body = tree.parent is not None and tree.parent.type == "macro_rule"
        prefix, suffix = (_BODY_PREFIX, _BODY_SUFFIX) if is_body else (_PREFIX, _SUFFIX)
        spec = self.parsed.spec
        if spec is None:
            return
        again = parse(spec, prefix + inner + suffix)
        anchor = tree.parent if tree.parent is not None else tree
        sub = Ctx(self.rel, ctx.shift + inner_start - len(prefix), anchor, ctx)
        self.read(again.root_node, sub, prefix + inner + suffix, depth + 1)
        # Words the new parse did not show as identifiers: read from the tokens.
        from prx.engine.intel.prefilter import word_offsets

        for at in word_offsets(inner, self.name):
            start = ctx.pos(tree) + 1 + at
            if start in self.seen:
                continue
            leaf = tree.descendant_for_byte_range(
                inner_start + at, inner_start + at + len(self.word)
            )
            if leaf is None or leaf.type != "identifier":
                continue
            found = self._token(leaf, ctx)
            if found is not None and start not in self.sites:
                self._add(start, *found)

    def _token(self, leaf: Any, ctx: Ctx) -> tuple[str, str] | None:
        """An identifier of a token tree the parse could not read: by its neighbours."""
        before = leaf.prev_sibling
        if before is not None and before.type == ".":
            after = leaf.next_sibling
            # `x.name(..)`, `x.name::<T>(..)` call a method; `x.name` reads a field
            called = after is not None and (
                after.type == "::" or (after.type == "token_tree" and _text(after)[:1] == "(")
            )
            if self.info.is_field and not called:
                return BY_NAME, "reference"
            if self.info.has_self and called and _token_arity(after) in (None, self.info.arity):
                return BY_NAME, "reference"
            return None
        segments = [self.name]
        current = before
        while current is not None and current.type == "::":
            head = current.prev_sibling
            if head is None or head.type not in (
                "identifier",
                "crate",
                "self",
                "super",
                "metavariable",
            ):
                break
            segments.insert(0, "$crate" if _text(head) == "$crate" else _text(head))
            current = head.prev_sibling
        entity = self.resolver.resolve(self.rel, ctx.pos(leaf), tuple(segments))
        how = self.matches(entity)
        if how is not None:
            return how, "reference"
        if len(segments) == 1 and self.info.is_macro:
            after = leaf.next_sibling
            if after is not None and after.type == "!":
                return RESOLVED, "reference"
        return None

    # -- one identifier -----------------------------------------------------------------------

    def classify(self, leaf: Any, ctx: Ctx) -> tuple[str, str] | None:
        """(how, role) of an identifier that refers to the target, else None."""
        parent = leaf.parent
        if parent is None:
            return None
        ptype = parent.type
        info = self.info
        if ptype in _DEFINERS and parent.child_by_field_name("name") == leaf:
            return self._definition(leaf, parent, ctx)
        if ptype == "macro_invocation" and parent.child_by_field_name("macro") == leaf:
            return (RESOLVED, "reference") if info.is_macro else None
        if info.is_field:
            return self._field(leaf, parent, ctx)
        if leaf.type in ("field_identifier", "shorthand_field_identifier"):
            if ptype == "field_expression" and parent.child_by_field_name("field") == leaf:
                return self._method_call(parent, ctx)
            return None
        use = _use_declaration(leaf)
        if use is not None:
            return self._import(leaf, parent, use, ctx)
        if ptype == "macro_invocation":
            return None
        if ptype in _PATHS and parent.child_by_field_name("name") == leaf:
            path_node = parent.child_by_field_name("path")
            if path_node is not None and path_node.type == "bracketed_type":
                return self._qualified(path_node, ctx)
            if ptype == "scoped_identifier" and path_node is None:
                return None
            segments = path_segments(parent)
            if not segments:
                return None
            if len(segments) == 2 and path_node is not None:
                # `V::new()` in `fn f<V: Vector>()`: the item of V's trait bounds
                generic = self.types._generic(ctx, path_node, segments[0])
                if generic is not None:
                    how = self._receiver(generic)
                    return (how, "reference") if how is not None else None
            how = self.matches(self.resolver.resolve(ctx.rel, ctx.pos(leaf), segments))
            return (how, "reference") if how is not None else None
        # A single name: a local binding or a generic parameter may shadow it.
        if leaf.type == "identifier":
            if _binding_position(leaf):
                if info.target.kind not in ("const", "struct", "enum"):
                    return None
            elif find_binding(ctx, leaf, self.name) is not None:
                return None
        elif leaf.type == "type_identifier" and self.types._generic(ctx, leaf, self.name):
            return None
        how = self.matches(self.resolver.resolve(ctx.rel, ctx.pos(leaf), (self.name,)))
        return (how, "reference") if how is not None else None

    def _definition(self, leaf: Any, item: Any, ctx: Ctx) -> tuple[str, str] | None:
        info = self.info
        target = info.target
        start = ctx.pos(leaf)
        if self.rel == target.file and start == target.start:
            # A method of an impl of a trait from outside: renaming it breaks the impl.
            if info.trait is not None and info.trait[0] == "extern":
                return BY_NAME, "definition"
            return RESOLVED, "definition"
        if info.trait is None or item.type not in (
            "function_item",
            "function_signature_item",
            "const_item",
            "associated_type",
            "type_item",
        ):
            return None
        holder = item.parent.parent if item.parent is not None else None
        if holder is None:
            return None
        if holder.type == "trait_item":
            found = self.resolver.item_entity(self.rel, holder)
        elif holder.type == "impl_item":
            trait_node = holder.child_by_field_name("trait")
            found = self.resolver.type_entity(self.rel, trait_node) if trait_node else None
        else:
            return None
        # Another impl's method of the same trait (or the trait's declaration): it
        # changes with the target, and its file depends on the target.
        return (RESOLVED, "reference") if found == info.trait else None

    def _import(self, leaf: Any, parent: Any, use: Any, ctx: Ctx) -> tuple[str, str] | None:
        if parent.type == "use_as_clause" and parent.child_by_field_name("alias") == leaf:
            return None
        path = _use_path(leaf)
        if not path:
            return None
        facts = self.resolver.facts(self.rel)
        if facts is None:
            return None
        offset = ctx.pos(use)
        scope = facts.chain(offset)[0]
        module = facts.module_at(offset)
        if scope.is_module:
            entity = self.resolver._resolve_use(module, scope, path)
        else:
            entity = self.resolver.resolve(self.rel, offset, path)
        how = self.matches(entity)
        if how is None:
            return None
        # The last segment is the name imported; an earlier one is a module or type on
        # the way (``use crate::Walk::new`` is not an import of Walk alone). A ``pub
        # use`` re-exports it: the crate's API uses it, it is no unused import.
        exported = any(c.type == "visibility_modifier" for c in use.children)
        return how, "import" if path[-1] == self.name and not exported else "reference"

    def _qualified(self, bracketed: Any, ctx: Ctx) -> tuple[str, str] | None:
        """``<T as Trait>::name``: the trait's method."""
        qualified = next(iter(bracketed.named_children), None)
        if qualified is None or qualified.type != "qualified_type":
            return None
        trait = qualified.child_by_field_name("alias")
        entity = self.resolver.type_entity(self.rel, trait) if trait is not None else None
        if entity is None:
            return None
        how = self.matches(("assoc", entity, self.name))
        return (how, "reference") if how is not None else None

    # -- comparing --------------------------------------------------------------------------

    def matches(self, entity: Entity | None) -> str | None:
        """How sure it is that ``entity`` is the target (None: it is not)."""
        info = self.info
        if entity is None or info.entity is None:
            return None
        if entity[0] == "either":
            # The target under one cfg, something else under another: to be checked.
            found = [self.matches(e) for e in entity[1]]
            return BY_NAME if any(f is not None for f in found) else None
        if entity == info.entity:
            return RESOLVED
        if entity[0] != "assoc" or info.entity[0] != "assoc" or entity[2] != self.name:
            return None
        owner = entity[1]
        if owner == info.owner:
            return RESOLVED
        if info.trait is not None and owner == info.trait:
            return RESOLVED
        if info.trait is not None and owner in info.implementers:
            # `Small::new()` / `Self::new()`: the type's own `new` wins over its trait's
            return None if self.types.impls.inherent(owner, self.name) else RESOLVED
        alias = self.types.as_ty(owner) if owner[0] == "item" else None
        if alias is not None and alias.entity is not None and alias.entity != owner:
            return self.matches(("assoc", alias.entity, self.name))
        return None

    def _field(self, leaf: Any, parent: Any, ctx: Ctx) -> tuple[str, str] | None:
        """A use of the target field: ``x.name`` (by the receiver's type), ``S { name:
        v }`` and ``S { name: p }`` (by the struct's path). A shorthand ``S { name }``
        binds a variable of the same name: a rename writes ``S { new: name }`` there
        (a pattern's ``ref``/``mut`` one is a candidate to check)."""
        ptype = parent.type
        if ptype == "field_expression" and parent.child_by_field_name("field") == leaf:
            call = parent.parent
            if call is not None and call.type == "call_expression":
                if call.child_by_field_name("function") == parent:
                    return None  # ``x.name(..)``: a method
            how = self._receiver_of(ctx, parent.child_by_field_name("value"))
            # a macro's body is checked where it expands: any module may invoke it
            if (
                how == BY_NAME
                and not _in_macro_body(ctx)
                and not self._field_visible(ctx.pos(leaf))
            ):
                return None
            return (how, "reference") if how is not None else None
        if ptype == "field_initializer" and parent.child_by_field_name("field") == leaf:
            holder = parent.parent.parent if parent.parent is not None else None
            shorthand = False
        elif ptype == "shorthand_field_initializer":
            holder = parent.parent.parent if parent.parent is not None else None
            shorthand = True
        elif ptype == "field_pattern" and parent.child_by_field_name("name") == leaf:
            holder = parent.parent
            shorthand = leaf.type == "shorthand_field_identifier"
        else:
            return None
        if holder is None or holder.type not in ("struct_expression", "struct_pattern"):
            return None
        path = holder.child_by_field_name("name" if holder.type == "struct_expression" else "type")
        segments = path_segments(path) if path is not None else ()
        if not segments:
            return None
        struct = self.resolver.resolve(ctx.rel, ctx.pos(path), segments)
        how = self.matches(("assoc", struct, self.name)) if struct is not None else None
        if how is None:
            return None
        if not shorthand:
            return how, "reference"
        if bytes(parent.text or b"").strip() != bytes(leaf.text or b""):
            return BY_NAME, "reference"  # `S { ref mut name }`: the binding's words around
        return how, _SHORTHAND

    def _field_visible(self, offset: int) -> bool:
        """Whether the target field can be named at ``offset`` of this file: a private
        field only in its struct's module and the modules inside it."""
        target = self.info.target
        node = target.defn.node if target.defn is not None else None
        if node is None or any(c.type == "visibility_modifier" for c in node.children):
            return True
        home = self.resolver.facts(target.file)
        here = self.resolver.facts(self.rel)
        if home is None or here is None:
            return True
        owner = home.module_at(target.start)
        key: Any = here.module_at(offset)
        for _ in range(64):
            if key is None:
                return False
            if key == owner:
                return True
            key = self.resolver.crates.parent(key)
        return False

    def _method_call(self, field: Any, ctx: Ctx) -> tuple[str, str] | None:
        """``receiver.name(..)``: the target's when the receiver's type is the target's
        type; a candidate when the type is unknown and the arity matches."""
        info = self.info
        if not info.has_self:
            return None
        call = field.parent
        if call is not None and call.type == "generic_function":
            call = call.parent
        if call is None or call.type != "call_expression":
            return None
        arguments = call.child_by_field_name("arguments")
        if arguments is None or arguments_count(arguments) != info.arity:
            return None
        how = self._receiver_of(ctx, field.child_by_field_name("value"))
        return (how, "reference") if how is not None else None

    def _receiver_of(self, ctx: Ctx, value: Any) -> str | None:
        """How sure a member read on ``value`` is the target's. ``self`` in a
        ``macro_rules!`` body is each type whose impl invokes the macro."""
        if value is not None and value.type == "self" and _in_macro_body(ctx):
            owners = self._macro_selves(ctx)
            if owners is not None:
                found = {self._receiver(self.types.as_ty(owner)) for owner in owners}
                if found == {BY_TYPE}:
                    return BY_TYPE
                # shared with other types: one body, so a rename cannot take it alone
                return BY_NAME if found & {BY_TYPE, BY_NAME} else None
        return self._receiver(self.types.of_expr(ctx, value))

    def _macro_selves(self, ctx: Ctx) -> frozenset[Entity] | None:
        """The types of the impls that invoke the macro whose body holds ``ctx`` (None
        when an invocation's ``self`` is unknown: outside an impl, in another macro)."""
        rule = ctx.anchor
        while ctx.parent is not None and (rule is None or rule.type != "macro_rule"):
            ctx = ctx.parent
            rule = ctx.anchor
        definition = rule.parent if rule is not None else None
        name = definition.child_by_field_name("name") if definition is not None else None
        if name is None:
            return None
        word = _text(name)
        if word not in self._selves:
            self._selves[word] = _invokers(self.resolver, word)
        return self._selves[word]

    def _receiver(self, ty: Ty | None, depth: int = 0) -> str | None:
        info = self.info
        if ty is None or depth > 4:
            return BY_NAME
        if ty.entity is not None:
            if info.trait is not None and self.types.impls.inherent(ty.entity, self.name):
                return None  # the type's own method wins over the trait's
            if ty.entity == info.owner or (
                info.trait is not None and ty.entity in info.implementers
            ):
                return BY_TYPE
            deref = self.types.impls.deref.get(ty.entity)
            if deref is not None:
                target = self.types.of_type(Ctx(deref[0]), deref[1])
                return self._receiver(target, depth + 1) if target is not None else BY_NAME
            if info.trait is not None and info.blanket:
                return BY_NAME
            return None
        if ty.bounds or ty.generic:
            if info.trait is None:
                return None
            if info.trait in ty.bounds:
                return BY_TYPE
            return BY_NAME if not ty.bounds else self._supertrait(ty.bounds)
        if ty.name is not None:
            named = {e[1].rsplit("::", 1)[-1] for e in info.implementers if e[0] == "extern"}
            if ty.name in named:
                # `self.push(v)` in `impl Vector for Vec<T>`: Vec's own push wins
                return None if self.name in STD_INHERENT.get(ty.name, ()) else BY_TYPE
            # std's own types have std's methods; another outside type may deref to
            # anything (a guard, a smart pointer): a candidate.
            return None if ty.name in STD_FINAL else BY_NAME
        return BY_NAME

    def _supertrait(self, bounds: tuple[Entity, ...]) -> str | None:
        """A bound whose trait has the target's trait as a supertrait."""
        for bound in bounds:
            found = self.types.item_node(bound)
            if found is None:
                continue
            supers = found[1].child_by_field_name("bounds")
            if (
                supers is not None
                and self.info.trait is not None
                and self.info.trait[-1] in _text(supers)
            ):
                return BY_TYPE
        return None


def _line_starts(data: bytes) -> list[int]:
    starts = [0]
    at = data.find(b"\n")
    while at >= 0:
        starts.append(at + 1)
        at = data.find(b"\n", at + 1)
    return starts


def _token_tree(leaf: Any) -> Any | None:
    """The outermost token tree holding ``leaf`` (a macro's arguments or body)."""
    found = None
    current = leaf.parent
    while current is not None:
        if current.type == "token_tree":
            found = current
        elif found is not None or current.type in ("block", "source_file", "declaration_list"):
            break
        current = current.parent
    return found


def _token_arity(after: Any) -> int | None:
    """The number of arguments a call's token tree passes (``(a, b)``: 2), None when
    its commas may be a closure's (``|a, b|``) or the call is ``::<T>``-qualified."""
    if after.type != "token_tree":
        return None
    inner = after.children[1:-1]
    if any(c.type == "|" for c in inner):
        return None
    commas = [i for i, c in enumerate(inner) if c.type == ","]
    if not inner:
        return 0
    trailing = 1 if commas and commas[-1] == len(inner) - 1 else 0
    return len(commas) + 1 - trailing


def _invokers(resolver: Resolver, word: str) -> frozenset[Entity] | None:
    """The self types of the impls where ``word!`` is invoked (None: one is unknown)."""
    from prx.engine.intel.prefilter import word_offsets

    found: set[Entity] = set()
    for rel in resolver.crates.files:
        parsed = resolver.project.file(rel)
        if parsed is None or parsed.tree is None or word.encode() + b"!" not in parsed.data:
            continue
        root = parsed.tree.root_node
        for at in word_offsets(parsed.data, word):
            leaf = root.descendant_for_byte_range(at, at + len(word))
            holder = leaf.parent if leaf is not None else None
            if holder is None or _token_tree(leaf) is not None:
                if holder is not None and parsed.data[at + len(word) : at + len(word) + 1] == b"!":
                    return None  # invoked from another macro's tokens
                continue
            if holder.type != "macro_invocation" or holder.child_by_field_name("macro") != leaf:
                continue
            owner = resolver.self_type(rel, at)
            if owner is None:
                return None
            found.add(owner)
    return frozenset(found)


def _in_macro_body(ctx: Ctx | None) -> bool:
    """Whether ``ctx`` is a ``macro_rules!`` body parsed on its own."""
    while ctx is not None:
        if ctx.anchor is not None and ctx.anchor.type == "macro_rule":
            return True
        ctx = ctx.parent
    return False


def _recovered(leaf: Any) -> bool:
    """Whether an ERROR node holds ``leaf``: the parser guessed its role."""
    current = leaf.parent
    while current is not None:
        if current.type == "ERROR":
            return True
        current = current.parent
    return False


def _unrepeated(tree: Any, data: bytes, start: int, end: int) -> bytes:
    """``data[start:end]`` with each repetition of a macro's body (``$( ... ),*``) written
    as its content once: ``$(``, ``)``, the separator and the operator blanked, so the
    body parses as the code it expands to (offsets unchanged)."""
    text = bytearray(data[start:end])
    pending = [tree]
    while pending:
        node = pending.pop()
        pending.extend(node.children)
        if node.type != "token_repetition" or node.child_count < 3:
            continue
        children = node.children
        closing = next((c for c in reversed(children) if c.type == ")"), None)
        if children[0].type != "$" or children[1].type != "(" or closing is None:
            continue
        for first, last in (
            (children[0].start_byte, children[1].end_byte),
            (closing.start_byte, node.end_byte),
        ):
            for at in range(max(first, start), min(last, end)):
                text[at - start] = 0x20
    return bytes(text)


def _use_declaration(leaf: Any) -> Any | None:
    current = leaf.parent
    while current is not None:
        if current.type == "use_declaration":
            return current
        if current.type not in _USE_TREE and current.type not in _PATHS:
            return None
        current = current.parent
    return None


def _use_path(leaf: Any) -> tuple[str, ...]:
    """The full path of a use tree up to ``leaf`` (``use a::{b::{c}}``: ``a::b::c``)."""
    parent = leaf.parent
    if parent is not None and parent.type in _PATHS and parent.child_by_field_name("name") == leaf:
        node = parent
        path = list(path_segments(parent))
    else:
        node = leaf
        path = [_text(leaf)]
    while node.parent is not None and node.parent.type != "use_declaration":
        holder = node.parent
        if holder.type == "scoped_use_list" and holder.child_by_field_name("list") == node:
            head = holder.child_by_field_name("path")
            path = [*(path_segments(head) if head is not None else ()), *path]
        elif holder.type in _PATHS:
            pass  # leaf is a segment inside a longer path: its own prefix is the path
        node = holder
    return tuple(path)


def _binding_position(leaf: Any) -> bool:
    """An identifier that a pattern binds (``let x``, ``|x|``, ``Some(x)``)."""
    parent = leaf.parent
    if parent is None:
        return False
    kind = parent.type
    if kind in ("let_declaration", "parameter", "for_expression", "let_condition"):
        return bool(parent.child_by_field_name("pattern") == leaf)
    if kind in (
        "closure_parameters",
        "tuple_pattern",
        "slice_pattern",
        "or_pattern",
        "ref_pattern",
        "mut_pattern",
        "captured_pattern",
        "match_pattern",
        "field_pattern",
        "reference_pattern",
    ):
        return True
    if kind == "tuple_struct_pattern":
        return bool(parent.child_by_field_name("type") != leaf)
    return False
