"""The type of a Rust receiver, where the file says it.

``self`` is its impl's type; a parameter or a ``let`` with a type has it; ``let x =
T::new(..)``, ``T { .. }``, ``f(..)``, ``x.method(..)`` have the return type of what they
call when the project defines it; ``self.field`` has the field's declared type; ``&x``,
``*x``, ``x?``, ``x.clone()``, ``x.unwrap()`` and ``Box``/``Rc``/``Arc`` are looked
through. Anything else is unknown (None): the caller then goes by name.

A type is a :class:`Ty`: a project item (``entity``), a generic parameter, ``dyn`` or
``impl`` type with its trait bounds (``bounds``), or a type from outside (``name``, its
arguments kept for ``Option``/``Result``/``Vec``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel.models.rust_scope import Entity, Resolver, path_segments

if TYPE_CHECKING:
    pass

__all__ = ["STD_FINAL", "Ctx", "ImplIndex", "Ty", "Types"]

#: Wrappers a method call looks through (their own methods are not the project's).
_DEREF = frozenset({"Box", "Rc", "Arc", "Ref", "RefMut", "MutexGuard", "Cow", "Pin"})
#: Methods that return their receiver's type (std's, on any type).
_SAME = frozenset({"clone", "to_owned", "borrow", "borrow_mut", "as_ref", "as_mut", "by_ref"})
#: Methods that take the value out of an Option or a Result.
_UNWRAP = frozenset(
    {"unwrap", "expect", "unwrap_or", "unwrap_or_default", "unwrap_or_else", "unwrap_unchecked"}
)
_WRAPPERS = frozenset({"Option", "Result"})
#: Methods of an Option that give an Option of the same type.
_OPTION_SAME = frozenset({"take", "cloned", "copied", "as_deref", "as_deref_mut", "or", "xor"})
#: Methods of std's types that give a string.
_STRINGS = {
    "to_string": "String",
    "as_str": "str",
    "to_lowercase": "String",
    "to_uppercase": "String",
    "trim": "str",
    "into_string": "String",
}
#: Sequences of std, and their methods that give an element (as an Option).
_SEQUENCES = frozenset({"Vec", "VecDeque", "slice"})
_ELEMENT_ACCESS = frozenset(
    {"pop", "last", "first", "get", "last_mut", "first_mut", "get_mut", "pop_front", "pop_back"}
)
#: Iterating over a sequence, the adapters that keep the element type, what gives one
#: element, the methods whose closure takes an element.
_ITERATE = frozenset({"iter", "iter_mut", "into_iter", "drain"})
_ADAPTERS = frozenset(
    {
        "filter",
        "skip",
        "take",
        "rev",
        "peekable",
        "skip_while",
        "take_while",
        "cloned",
        "copied",
        "by_ref",
        "inspect",
        "step_by",
        "fuse",
        "chain",
        "cycle",
    }
)
_ITER_ELEMENT = frozenset({"next", "last", "nth", "find", "max", "min", "next_back", "peek"})
_ELEMENT_CLOSURES = frozenset(
    {
        "fold",
        "map",
        "filter",
        "for_each",
        "any",
        "all",
        "find",
        "position",
        "filter_map",
        "flat_map",
        "take_while",
        "skip_while",
        "inspect",
        "max_by_key",
        "min_by_key",
        "partition",
        "map_while",
        "find_map",
    }
)
_SEQUENCE_CLOSURES = frozenset(
    {
        "retain",
        "retain_mut",
        "sort_by_key",
        "sort_unstable_by_key",
        "dedup_by_key",
        "binary_search_by_key",
    }
)
#: Functions of a type from outside that make one of it.
_CONSTRUCTORS = frozenset({"new", "with_capacity", "default", "from", "from_iter"})
#: Macros that make a value of a std type.
_MACROS = {"vec": "Vec", "format": "String"}
#: Cells and locks: their access methods hand out (a guard of) what they hold.
_CELLS = frozenset({"RefCell", "Mutex", "RwLock", "Cell", "OnceCell", "UnsafeCell"})
_CELL_ACCESS = frozenset({"borrow", "borrow_mut", "lock", "read", "write", "get", "get_mut"})
_LOCKS = frozenset({"lock", "read", "write"})
#: The inherent methods of std's collections and strings that a project trait often
#: names too: called on one, they are std's own (an inherent method wins over a trait's).
STD_INHERENT: dict[str, frozenset[str]] = {
    "Vec": frozenset(
        {
            "new",
            "with_capacity",
            "push",
            "pop",
            "insert",
            "remove",
            "len",
            "is_empty",
            "clear",
            "truncate",
            "capacity",
            "reserve",
            "extend_from_slice",
            "drain",
            "retain",
            "dedup",
            "split_off",
            "append",
            "as_slice",
            "as_mut_slice",
            "swap_remove",
            "shrink_to_fit",
            "into_boxed_slice",
        }
    ),
    "String": frozenset(
        {"new", "with_capacity", "push", "push_str", "pop", "insert", "remove", "len"}
        | {"is_empty", "clear", "truncate", "capacity", "reserve", "as_str", "drain"}
    ),
    "VecDeque": frozenset(
        {"new", "with_capacity", "push_back", "push_front", "pop_back", "pop_front"}
        | {"insert", "remove", "len", "is_empty", "clear", "truncate", "drain"}
    ),
}
#: Types from std whose methods (and those of what they deref to) are std's own: a
#: method called on one is not a project's, unless a project trait is implemented for it.
STD_FINAL = frozenset(
    {
        "String",
        "str",
        "Vec",
        "Option",
        "Result",
        "slice",
        "HashMap",
        "BTreeMap",
        "HashSet",
        "BTreeSet",
        "VecDeque",
        "BinaryHeap",
        "Path",
        "PathBuf",
        "OsStr",
        "OsString",
        "char",
        "bool",
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "f32",
        "f64",
        "Duration",
        "Instant",
        "Formatter",
        "Arguments",
        "Ordering",
        "Range",
        "File",
    }
)
_COMMENTS = frozenset({"line_comment", "block_comment"})
#: Literals and std's type of each (an integer's exact type does not matter: std's).
_LITERALS = {
    "string_literal": "str",
    "raw_string_literal": "str",
    "char_literal": "char",
    "boolean_literal": "bool",
    "integer_literal": "usize",
    "float_literal": "f64",
}
#: Depth of the inference (a chain of calls, a binding of a binding ...).
_DEPTH = 16


class Ty(NamedTuple):
    """A type as far as the model knows it."""

    #: A project item (struct, enum, union, trait, type alias).
    entity: Entity | None = None
    #: A type from outside the project, by its last name (``String``, ``Option``).
    name: str | None = None
    args: tuple[Ty | None, ...] = ()
    #: A generic parameter, ``dyn`` or ``impl`` type: its trait bounds.
    bounds: tuple[Entity, ...] = ()
    generic: bool = False
    #: A generic parameter's name (``I``: an impl's ``I: Interval`` bounds the struct's).
    param: str | None = None


class Ctx(NamedTuple):
    """Where a node is: its file, the shift of its offsets (a macro's arguments parsed on
    their own), and, for such a parse, the node of the enclosing parse it stands in."""

    rel: str
    shift: int = 0
    anchor: Any = None
    parent: Ctx | None = None

    def pos(self, node: Any) -> int:
        return int(node.start_byte) + self.shift


class ImplIndex:
    """Every ``impl`` block of the project's Rust files: by the type it implements, by
    the trait it implements, and each type's ``Deref`` target."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        #: type entity -> (file, impl node)
        self.by_type: dict[Entity, list[tuple[str, Any]]] = {}
        #: trait entity (or ("extern", name)) -> (file, impl node, type entity or None)
        self.by_trait: dict[Entity, list[tuple[str, Any, Entity | None]]] = {}
        #: trait entities with a blanket impl (``impl<T: X> Trait for T``).
        self.blanket: set[Entity] = set()
        #: type entity -> (file, the Deref target's type node)
        self.deref: dict[Entity, tuple[str, Any]] = {}
        for rel in resolver.crates.files:
            parsed = resolver.project.file(rel)
            if parsed is None or b"impl" not in parsed.data:
                continue
            facts = resolver.facts(rel)
            if facts is None:
                continue
            for _, _, node in facts.impls:
                if node.type == "impl_item":
                    self._add(rel, node)

    def _add(self, rel: str, node: Any) -> None:
        type_node = node.child_by_field_name("type")
        trait_node = node.child_by_field_name("trait")
        owner = self.resolver.type_entity(rel, type_node) if type_node is not None else None
        generic = type_node is not None and _generic_names(node) & {_text(type_node)}
        if owner is not None and not generic:
            self.by_type.setdefault(owner, []).append((rel, node))
        if trait_node is None:
            return
        trait = self.resolver.type_entity(rel, trait_node)
        if trait is None:
            return
        self.by_trait.setdefault(trait, []).append((rel, node, None if generic else owner))
        if generic:
            self.blanket.add(trait)
        if owner is not None and path_segments(trait_node)[-1:] == ("Deref",):
            body = node.child_by_field_name("body")
            for item in body.named_children if body is not None else ():
                if item.type == "type_item":
                    target = item.child_by_field_name("type")
                    if target is not None:
                        self.deref[owner] = (rel, target)

    def methods(self, owner: Entity, name: str) -> list[tuple[str, Any]]:
        """The functions ``name`` of ``owner``'s impl blocks (inherent and trait)."""
        found = []
        for rel, impl in self.by_type.get(owner, ()):
            body = impl.child_by_field_name("body")
            for item in body.named_children if body is not None else ():
                if item.type == "function_item" and _name(item) == name:
                    found.append((rel, item))
        return found

    def inherent(self, owner: Entity, name: str) -> bool:
        """Whether ``owner`` has an inherent method ``name`` (it wins over a trait's)."""
        for _, impl in self.by_type.get(owner, ()):
            if impl.child_by_field_name("trait") is not None:
                continue
            body = impl.child_by_field_name("body")
            for item in body.named_children if body is not None else ():
                if item.type == "function_item" and _name(item) == name:
                    return True
        return False

    def traits_of(self, owner: Entity) -> list[Entity]:
        """The traits ``owner`` implements (in the project)."""
        return [t for t, impls in self.by_trait.items() if any(o == owner for _, _, o in impls)]


def _name(node: Any) -> str:
    name = node.child_by_field_name("name")
    return _text(name) if name is not None else ""


def _text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def _generic_names(node: Any) -> set[str]:
    params = node.child_by_field_name("type_parameters")
    out = set()
    for param in params.named_children if params is not None else ():
        name = param.child_by_field_name("name")
        if name is None and param.type == "type_identifier":
            name = param
        if name is not None:
            out.add(_text(name))
    return out


def arguments_count(arguments: Any) -> int:
    return sum(1 for c in arguments.named_children if c.type not in _COMMENTS)


def parameters_of(fn: Any) -> tuple[bool, int]:
    """Whether a function takes ``self``, and how many other parameters it has."""
    params = fn.child_by_field_name("parameters")
    has_self = False
    count = 0
    for child in params.named_children if params is not None else ():
        if child.type == "self_parameter":
            has_self = True
        elif child.type in ("parameter", "variadic_parameter"):
            pattern = child.child_by_field_name("pattern")
            if pattern is not None and pattern.type == "self":
                has_self = True
            else:
                count += 1
    return has_self, count


class Types:
    """Type inference over one project (memoised per node)."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self._impls: ImplIndex | None = None

    @property
    def impls(self) -> ImplIndex:
        if self._impls is None:
            self._impls = ImplIndex(self.resolver)
        return self._impls

    # -- items --------------------------------------------------------------------------

    def item_node(self, entity: Entity) -> tuple[str, Any] | None:
        """The defining node of an ``("item", module, name)`` entity."""
        if entity[0] != "item":
            return None
        key, name = entity[1], entity[2]
        facts = self.resolver.facts(key.file)
        if facts is None:
            return None
        for scope in facts.scopes:
            module = scope.module.inline
            inline = module if scope.is_module else (*module, f"{{{scope.start}}}")
            if inline == key.inline and name in scope.items:
                return key.file, scope.items[name][0]
        return None

    def is_trait(self, entity: Entity | None) -> bool:
        found = self.item_node(entity) if entity is not None else None
        return found is not None and found[1].type == "trait_item"

    def as_ty(self, entity: Entity | None, args: tuple[Ty | None, ...] = ()) -> Ty | None:
        if entity is None:
            return None
        if entity[0] == "extern":
            return Ty(name=str(entity[1]).rsplit("::", 1)[-1], args=args)
        if entity[0] != "item":
            return None
        found = self.item_node(entity)
        if found is not None and found[1].type == "trait_item":
            return Ty(bounds=(entity,), generic=True)
        if found is not None and found[1].type == "type_item":
            return self._alias(found[0], found[1], entity, args)
        return Ty(entity=entity, args=args)

    def _alias(self, rel: str, item: Any, entity: Entity, args: tuple[Ty | None, ...]) -> Ty | None:
        """What a type alias stands for, its parameters replaced by ``args``
        (``type Result<T> = result::Result<T, Error>``)."""
        target = item.child_by_field_name("type")
        if target is None or _text(target) == entity[2]:
            return Ty(entity=entity, args=args)
        aliased = self.of_type(Ctx(rel), target)
        if aliased is None or not args or not aliased.args:
            return aliased
        params = item.child_by_field_name("type_parameters")
        names = [
            _text(p.child_by_field_name("name") or p)
            for p in (params.named_children if params is not None else ())
            if p.type != "lifetime"
        ]
        inner = target.child_by_field_name("type_arguments")
        written = [
            _text(a)
            for a in (inner.named_children if inner is not None else ())
            if a.type != "lifetime"
        ]
        replaced = tuple(
            args[names.index(w)] if w in names and names.index(w) < len(args) else old
            for w, old in zip(written, aliased.args, strict=False)
        )
        return aliased._replace(args=replaced)

    # -- types written in the source ------------------------------------------------------

    def of_type(self, ctx: Ctx, node: Any, depth: int = 0) -> Ty | None:
        """The type a type node names."""
        if node is None or depth > _DEPTH:
            return None
        kind = node.type
        if kind in ("reference_type", "pointer_type"):
            return self.of_type(ctx, node.child_by_field_name("type"), depth + 1)
        if kind in ("dynamic_type", "abstract_type"):
            trait = node.child_by_field_name("trait")
            bounds = self._bounds(ctx, trait)
            return Ty(bounds=bounds, generic=True)
        if kind == "primitive_type":
            return Ty(name=_text(node))
        if kind == "tuple_type":
            return Ty(
                name="tuple",
                args=tuple(self.of_type(ctx, c, depth + 1) for c in node.named_children),
            )
        if kind in ("array_type", "slice_type"):
            return Ty(
                name="slice",
                args=(self.of_type(ctx, node.child_by_field_name("element"), depth + 1),),
            )
        if kind == "generic_type":
            base = node.child_by_field_name("type")
            arguments = node.child_by_field_name("type_arguments")
            args = tuple(
                self.of_type(ctx, a, depth + 1)
                for a in (arguments.named_children if arguments is not None else ())
                if a.type not in ("lifetime", "type_binding")
            )
            segments = path_segments(base) if base is not None else ()
            if segments and segments[-1] in _DEREF and args:
                return args[0]
            entity = self.resolver.resolve(ctx.rel, ctx.pos(node), segments) if segments else None
            return self.as_ty(entity, args)
        if kind == "type_identifier":
            name = _text(node)
            generic = self._generic(ctx, node, name)
            if generic is not None:
                return generic
        segments = path_segments(node)
        if not segments:
            return None
        return self.as_ty(self.resolver.resolve(ctx.rel, ctx.pos(node), segments))

    def _bounds(self, ctx: Ctx, node: Any) -> tuple[Entity, ...]:
        if node is None:
            return ()
        if node.type == "trait_bounds":
            out: list[Entity] = []
            for child in node.named_children:
                out += self._bounds(ctx, child)
            return tuple(out)
        if node.type == "generic_type":
            node = node.child_by_field_name("type") or node
        segments = path_segments(node)
        entity = self.resolver.resolve(ctx.rel, ctx.pos(node), segments) if segments else None
        return (entity,) if entity is not None else ()

    def _generic(self, ctx: Ctx, node: Any, name: str) -> Ty | None:
        """A generic parameter ``name`` of the items around ``node``, with its bounds."""
        current = node.parent
        while current is not None:
            if current.type in (
                "function_item",
                "impl_item",
                "trait_item",
                "struct_item",
                "enum_item",
                "function_signature_item",
            ):
                params = current.child_by_field_name("type_parameters")
                for param in params.named_children if params is not None else ():
                    pname = param.child_by_field_name("name")
                    if pname is not None and _text(pname) == name:
                        bounds = self._bounds(ctx, param.child_by_field_name("bounds"))
                        bounds += self._where_bounds(ctx, current, name)
                        return Ty(bounds=bounds, generic=True, param=name)
                if current.type == "trait_item" and name == "Self":
                    return None
            current = current.parent
        return None

    def _where_bounds(self, ctx: Ctx, item: Any, name: str) -> tuple[Entity, ...]:
        out: tuple[Entity, ...] = ()
        for child in item.named_children:
            if child.type != "where_clause":
                continue
            for predicate in child.named_children:
                left = predicate.child_by_field_name("left")
                if left is not None and _text(left) == name:
                    out += self._bounds(ctx, predicate.child_by_field_name("bounds"))
        return out

    # -- expressions ----------------------------------------------------------------------

    def of_expr(self, ctx: Ctx, node: Any, depth: int = 0) -> Ty | None:
        """The type of an expression, where the code says it."""
        if node is None or depth > _DEPTH:
            return None
        kind = node.type
        if kind == "self":
            return self.self_ty(ctx, node)
        if kind == "identifier":
            if _text(node) == "None":
                return Ty(name="Option", args=(None,))
            return self._of_name(ctx, node, depth)
        if kind in ("reference_expression", "parenthesized_expression", "unary_expression"):
            inner = node.child_by_field_name("value") or next(iter(node.named_children), None)
            return self.of_expr(ctx, inner, depth + 1)
        if kind == "try_expression":
            return _unwrapped(self.of_expr(ctx, next(iter(node.named_children), None), depth + 1))
        if kind == "type_cast_expression":
            return self.of_type(ctx, node.child_by_field_name("type"), depth + 1)
        if kind in _LITERALS:
            return Ty(name=_LITERALS[kind])
        if kind == "struct_expression":
            name = node.child_by_field_name("name")
            segments = path_segments(name) if name is not None else ()
            return self.as_ty(self.resolver.resolve(ctx.rel, ctx.pos(node), segments))
        if kind == "field_expression":
            return self._of_field(ctx, node, depth)
        if kind == "index_expression":
            base = self.of_expr(ctx, next(iter(node.named_children), None), depth + 1)
            index = node.named_children[-1] if node.named_children else None
            if index is not None and index.type == "range_expression":
                return base  # a slice of it
            if base is not None and base.name in ("Vec", "slice", "VecDeque") and base.args:
                return base.args[0]
            return None
        if kind == "call_expression":
            return self._of_call(ctx, node, depth)
        if kind == "tuple_expression":
            return Ty(
                name="tuple",
                args=tuple(self.of_expr(ctx, c, depth + 1) for c in node.named_children),
            )
        if kind in ("block", "unsafe_block"):
            last = node.named_children[-1] if node.named_children else None
            if last is not None and last.type == "block":
                return self.of_expr(ctx, last, depth + 1)
            if last is None or last.type.endswith(("statement", "declaration", "_item")):
                return None
            return self.of_expr(ctx, last, depth + 1)
        if kind == "if_expression":
            for part in (
                node.child_by_field_name("consequence"),
                node.child_by_field_name("alternative"),
            ):
                if part is not None and part.type == "else_clause":
                    part = part.named_children[-1] if part.named_children else None
                found = self.of_expr(ctx, part, depth + 1)
                if found is not None:
                    return found
            return None
        if kind == "match_expression":
            body = node.child_by_field_name("body")
            arms = [
                self.of_expr(ctx, arm.child_by_field_name("value"), depth + 1)
                for arm in (body.named_children if body is not None else ())
            ]
            return _merged([a for a in arms if a is not None])
        if kind == "macro_invocation":
            macro = node.child_by_field_name("macro")
            made = _MACROS.get(_text(macro)) if macro is not None else None
            return Ty(name=made) if made else None
        if kind == "scoped_identifier":
            entity = self.resolver.resolve(ctx.rel, ctx.pos(node), path_segments(node))
            if entity is not None and entity[0] == "assoc" and entity[1][0] == "item":
                owner = self.item_node(entity[1])
                if owner is not None and owner[1].type == "enum_item":
                    return Ty(entity=entity[1])  # a unit variant
            item = self.item_node(entity) if entity is not None else None
            if item is not None and item[1].type in ("const_item", "static_item"):
                return self.of_type(Ctx(item[0]), item[1].child_by_field_name("type"), depth + 1)
            return None
        return None

    def self_ty(self, ctx: Ctx, node: Any) -> Ty | None:
        """The type ``self`` has at ``node``."""
        return self.as_ty(self.resolver.self_type(ctx.rel, ctx.pos(node)))

    def _rebound(self, ctx: Ctx, node: Any, ty: Ty | None) -> Ty | None:
        """A struct's generic parameter as the code around ``node`` bounds it (``impl<I:
        Interval> IntervalSet<I>``: a field ``Vec<I>`` holds ``Interval``s)."""
        if ty is None:
            return None
        if ty.generic and not ty.bounds and ty.param:
            return self._generic(ctx, node, ty.param) or ty
        if ty.args:
            return ty._replace(args=tuple(self._rebound(ctx, node, a) for a in ty.args))
        return ty

    def _of_field(self, ctx: Ctx, node: Any, depth: int) -> Ty | None:
        return self._rebound(ctx, node, self._field(ctx, node, depth))

    def _field(self, ctx: Ctx, node: Any, depth: int) -> Ty | None:
        base = self.of_expr(ctx, node.child_by_field_name("value"), depth + 1)
        field = node.child_by_field_name("field")
        if base is None or base.entity is None or field is None:
            return None
        found = self.item_node(base.entity)
        if found is None:
            return None
        rel, item = found
        body = item.child_by_field_name("body")
        if body is None:
            return None
        wanted = _text(field)
        if body.type == "field_declaration_list":
            for decl in body.named_children:
                name = decl.child_by_field_name("name")
                if name is not None and _text(name) == wanted:
                    return self.of_type(Ctx(rel), decl.child_by_field_name("type"), depth + 1)
        elif body.type == "ordered_field_declaration_list" and wanted.isdigit():
            types = body.children_by_field_name("type")
            index = int(wanted)
            if index < len(types):
                return self.of_type(Ctx(rel), types[index], depth + 1)
        return None

    def _of_call(self, ctx: Ctx, node: Any, depth: int) -> Ty | None:
        function = node.child_by_field_name("function")
        if function is not None and function.type == "generic_function":
            function = function.child_by_field_name("function")
        if function is None:
            return None
        if function.type == "field_expression":
            method = function.child_by_field_name("field")
            name = _text(method) if method is not None else ""
            receiver = self.of_expr(ctx, function.child_by_field_name("value"), depth + 1)
            if name == "to_string":
                return Ty(name="String")
            if receiver is None:
                return None
            if receiver.name in _CELLS and receiver.args and name in _CELL_ACCESS:
                inner = receiver.args[0]
                return Ty(name="Result", args=(inner,)) if name in _LOCKS else inner
            if name in _SAME or (receiver.name == "Option" and name in _OPTION_SAME):
                return receiver
            if name in _STRINGS and receiver.entity is None:
                return Ty(name=_STRINGS[name])
            if name == "to_vec" and receiver.name in _SEQUENCES:
                return Ty(name="Vec", args=receiver.args)
            if receiver.name in _SEQUENCES and receiver.args and name in _ELEMENT_ACCESS:
                return Ty(name="Option", args=(receiver.args[0],))
            if receiver.name in _SEQUENCES and receiver.args and name in _ITERATE:
                return Ty(name="Iter", args=(receiver.args[0],))
            if receiver.name == "Iter" and name in _ADAPTERS:
                return receiver
            if receiver.name == "Iter" and receiver.args and name in _ITER_ELEMENT:
                return Ty(name="Option", args=receiver.args[:1])
            if receiver.name == "Iter" and name == "enumerate":
                return Ty(
                    name="Iter",
                    args=(Ty(name="tuple", args=(Ty(name="usize"), *receiver.args[:1])),),
                )
            if name in _UNWRAP:
                return _unwrapped(receiver)
            return self.returned(receiver, name, depth)
        segments = path_segments(function)
        if not segments:
            return None
        if segments[-1] in ("Some", "Ok") and len(segments) == 1:
            args = node.child_by_field_name("arguments")
            inner = next(iter(args.named_children), None) if args is not None else None
            wrapper = "Option" if segments[-1] == "Some" else "Result"
            return Ty(name=wrapper, args=(self.of_expr(ctx, inner, depth + 1),))
        entity = self.resolver.resolve(ctx.rel, ctx.pos(function), segments)
        if entity is None:
            return None
        if entity[0] == "extern" and len(segments) >= 2 and segments[-1] in _CONSTRUCTORS:
            return Ty(name=segments[-2])  # Vec::new(), String::with_capacity(n)
        if entity[0] == "assoc":
            owner = self.as_ty(entity[1])
            if owner is None:
                return None
            found = self.item_node(entity[1])
            if found is not None and found[1].type == "enum_item":
                return owner  # a tuple variant
            return self.returned(owner, entity[2], depth)
        found = self.item_node(entity)
        if found is None:
            return None
        rel, item = found
        if item.type in ("struct_item",):
            return Ty(entity=entity)
        if item.type == "function_item":
            return self.of_type(Ctx(rel), item.child_by_field_name("return_type"), depth + 1)
        return None

    def returned(self, owner: Ty, name: str, depth: int) -> Ty | None:
        """The return type of method ``name`` of ``owner`` (``Self`` is ``owner``)."""
        fn = self.method(owner, name)
        if fn is None:
            return None
        rel, item = fn
        ret = item.child_by_field_name("return_type")
        if ret is None:
            return None
        if _text(ret) == "Self":
            return owner
        found = self.of_type(Ctx(rel), ret, depth + 1)
        if found is not None and found.name in _WRAPPERS and found.args and found.args[0] is None:
            inner = ret.child_by_field_name("type_arguments")
            first = next(iter(inner.named_children), None) if inner is not None else None
            if first is not None and _text(first) == "Self":
                return Ty(name=found.name, args=(owner, *found.args[1:]))
        return found

    def item_of(self, owner: Entity, depth: int) -> Ty | None:
        """What a project type yields when iterated (its ``impl Iterator``'s ``Item``)."""
        for trait, impls in self.impls.by_trait.items():
            if trait[0] != "extern" or not str(trait[1]).endswith(("Iterator", "IntoIterator")):
                continue
            for rel, impl, implementer in impls:
                if implementer == owner:
                    node = _item_type(impl)
                    if node is not None:
                        return self.of_type(Ctx(rel), node, depth + 1)
        return None

    def method(self, owner: Ty, name: str) -> tuple[str, Any] | None:
        """The definition of method ``name`` of a type: its impls, then its traits'."""
        if owner.entity is not None:
            found = self.impls.methods(owner.entity, name)
            if found:
                return found[0]
            traits = self.impls.traits_of(owner.entity)
        else:
            traits = list(owner.bounds)
        for trait in traits:
            item = self.item_node(trait)
            if item is None:
                continue
            body = item[1].child_by_field_name("body")
            for child in body.named_children if body is not None else ():
                if (
                    child.type in ("function_item", "function_signature_item")
                    and _name(child) == name
                ):
                    return item[0], child
        return None

    def _of_name(self, ctx: Ctx, node: Any, depth: int) -> Ty | None:
        name = _text(node)
        binding = find_binding(ctx, node, name)
        if binding is not None:
            bctx, kind, holder = binding
            return self._of_binding(bctx, kind, holder, depth, name)
        entity = self.resolver.resolve(ctx.rel, ctx.pos(node), (name,))
        found = self.item_node(entity) if entity is not None else None
        if found is None:
            return None
        rel, item = found
        if item.type in ("const_item", "static_item"):
            return self.of_type(Ctx(rel), item.child_by_field_name("type"), depth + 1)
        if item.type == "struct_item":
            return Ty(entity=entity)
        return None

    def _in_pattern(self, ctx: Ctx, pattern: Any, name: str, value: Any, depth: int) -> Ty | None:
        """The type ``name`` gets in ``pattern`` matched against ``value``: the value's
        own (``x``, ``ref x``), an Option's or Result's (``Some(x)``), a tuple's element,
        an enum variant's or a struct's field (``Imp::NFA(ref nfa)``, ``Op { lhs, .. }``)."""
        return self._match(ctx, pattern, name, lambda: self.of_expr(ctx, value, depth + 1), depth)

    def _match(
        self, ctx: Ctx, pattern: Any, name: str, value: Callable[[], Ty | None], depth: int
    ) -> Ty | None:
        while pattern is not None and pattern.type in _PATTERN_WRAPPERS:
            pattern = pattern.named_children[-1] if pattern.named_children else None
        if pattern is None or depth > _DEPTH:
            return None
        kind = pattern.type
        if kind in ("identifier", "shorthand_field_identifier"):
            return value() if _text(pattern) == name else None
        if kind == "captured_pattern":  # x @ Some(_)
            first = next(iter(pattern.named_children), None)
            if first is not None and _text(first) == name:
                return value()
            return None
        if kind == "tuple_pattern":
            parts = list(pattern.named_children)
            for index, part in enumerate(parts):
                if binds(part, name):

                    def element(index: int = index) -> Ty | None:
                        whole = value()
                        if whole is not None and whole.name == "tuple" and index < len(whole.args):
                            return whole.args[index]
                        return None

                    return self._match(ctx, part, name, element, depth + 1)
            return None
        if kind not in ("tuple_struct_pattern", "struct_pattern"):
            return None
        path = pattern.child_by_field_name("type")
        segments = path_segments(path) if path is not None else ()
        if not segments:
            return None
        if kind == "tuple_struct_pattern":
            fields = [c for c in pattern.named_children if c != path]
            found = next((i for i, f in enumerate(fields) if binds(f, name)), None)
            if found is None:
                return None
            index = found
            if segments[-1] in ("Some", "Ok") and len(segments) == 1:
                return self._match(ctx, fields[index], name, lambda: _unwrapped(value()), depth + 1)
            if segments[-1] == "Err" and len(segments) == 1:
                return self._match(ctx, fields[index], name, lambda: _error(value()), depth + 1)
            typed = self._variant_field(ctx, path, segments, index, depth)
            return self._match(ctx, fields[index], name, lambda: typed, depth + 1)
        for field in pattern.named_children:
            if field.type != "field_pattern" or not binds(field, name):
                continue
            named = field.child_by_field_name("name")
            inner = field.child_by_field_name("pattern") or named
            if named is None:
                return None
            named_ty = self._variant_field(ctx, path, segments, _text(named), depth)
            return self._match(ctx, inner, name, _const(named_ty), depth + 1)
        return None

    def _variant_field(
        self, ctx: Ctx, path: Any, segments: tuple[str, ...], field: int | str, depth: int
    ) -> Ty | None:
        """The type of field ``field`` (a position or a name) of the enum variant or the
        struct ``segments`` names."""
        entity = self.resolver.resolve(ctx.rel, ctx.pos(path), segments)
        if entity is None:
            return None
        if entity[0] == "assoc":
            found = self.item_node(entity[1])
            if found is None or found[1].type != "enum_item":
                return None
            rel, enum = found
            body = enum.child_by_field_name("body")
            holder = None
            for variant in body.named_children if body is not None else ():
                if variant.type == "enum_variant" and _name(variant) == entity[2]:
                    holder = variant
        else:
            found = self.item_node(entity)
            if found is None:
                return None
            rel, holder = found
        listed = holder.child_by_field_name("body") if holder is not None else None
        if listed is None:
            return None
        if isinstance(field, int):
            types = listed.children_by_field_name("type")
            return self.of_type(Ctx(rel), types[field], depth + 1) if field < len(types) else None
        for decl in listed.named_children:
            named = decl.child_by_field_name("name")
            if decl.type == "field_declaration" and named is not None and _text(named) == field:
                return self.of_type(Ctx(rel), decl.child_by_field_name("type"), depth + 1)
        return None

    def _of_binding(
        self, ctx: Ctx, kind: str, holder: Any, depth: int, name: str = ""
    ) -> Ty | None:
        if kind == "self":
            return self.self_ty(ctx, holder)
        if kind in ("parameter", "let"):
            declared = holder.child_by_field_name("type")
            if declared is not None:
                return self.of_type(ctx, declared, depth + 1)
            if kind == "let":
                pattern = holder.child_by_field_name("pattern")
                value = holder.child_by_field_name("value")
                return self._in_pattern(ctx, pattern, name, value, depth)
            return None
        if kind in ("let_condition", "match"):
            if kind == "match":
                pattern = holder.child_by_field_name("pattern")
                pattern = next(iter(pattern.named_children), None) if pattern is not None else None
                block = holder.parent
                owner = block.parent if block is not None else None
                value = owner.child_by_field_name("value") if owner is not None else None
            else:
                pattern = holder.child_by_field_name("pattern")
                value = holder.child_by_field_name("value")
            return self._in_pattern(ctx, pattern, name, value, depth)
        if kind == "for":

            def element() -> Ty | None:
                ty = self.of_expr(ctx, holder.child_by_field_name("value"), depth + 1)
                if ty is not None and ty.name in ("Vec", "slice", "VecDeque", "Option", "Iter"):
                    return ty.args[0] if ty.args else None
                if ty is not None and ty.entity is not None:
                    return self.item_of(ty.entity, depth)
                return None

            # `for x in ..`, `for (i, x) in ...enumerate()`
            return self._match(ctx, holder.child_by_field_name("pattern"), name, element, depth)
        if kind == "closure":
            return self._closure_parameter(ctx, holder, depth)
        return None

    def _callback_parameter(
        self, ctx: Ctx, function: Any, index: int, position: int, depth: int
    ) -> Ty | None:
        """Parameter ``position`` of a closure passed as argument ``index`` of a project
        function whose parameter is an ``Fn(A, ..)`` (``where F: FnMut(&mut B)``)."""
        segments = path_segments(function)
        entity = self.resolver.resolve(ctx.rel, ctx.pos(function), segments)
        found = self.item_node(entity) if entity is not None else None
        if found is None and entity is not None and entity[0] == "assoc":
            owner = self.as_ty(entity[1])
            found = self.method(owner, entity[2]) if owner is not None else None
        return self._bound_input(found, index, position, depth)

    def _bound_input(
        self, found: tuple[str, Any] | None, index: int, position: int, depth: int
    ) -> Ty | None:
        """Input ``position`` of the ``Fn(..)`` type of parameter ``index`` of the
        function ``found`` (``self`` not counted)."""
        if found is None or found[1].type != "function_item":
            return None
        rel, fn = found
        listed = [
            p for p in fn.child_by_field_name("parameters").named_children if p.type == "parameter"
        ]
        if index >= len(listed):
            return None
        declared = listed[index].child_by_field_name("type")
        bound = None
        if declared is not None and declared.type == "abstract_type":
            bound = declared.child_by_field_name("trait")
        elif declared is not None and declared.type == "type_identifier":
            bound = _fn_bound(fn, _text(declared))
        if bound is None or bound.type != "function_type":
            return None
        inputs = bound.child_by_field_name("parameters")
        types = list(inputs.named_children) if inputs is not None else []
        return self.of_type(Ctx(rel), types[position], depth + 1) if position < len(types) else None

    def _closure_parameter(self, ctx: Ctx, param: Any, depth: int) -> Ty | None:
        """The first parameter of a closure given to an iterator's method (``v.iter()
        .map(|x| ..)``): the iterator's element."""
        params = param.parent
        closure = params.parent if params is not None else None
        arguments = closure.parent if closure is not None else None
        call = arguments.parent if arguments is not None else None
        if call is None or arguments is None or call.type != "call_expression":
            return None
        position = params.named_children.index(param) if param in params.named_children else 0
        function = call.child_by_field_name("function")
        if function is not None and function.type in ("identifier", "scoped_identifier"):
            index = list(arguments.named_children).index(closure)
            return self._callback_parameter(ctx, function, index, position, depth)
        if function is None or function.type != "field_expression":
            return None
        method = function.child_by_field_name("field")
        owner = self.of_expr(ctx, function.child_by_field_name("value"), depth + 1)
        if owner is not None and owner.entity is not None and method is not None:
            # `self.with_entries(|entries| ..)`: the project method's `F: FnOnce(&mut [T])`
            index = list(arguments.named_children).index(closure)
            found = self.method(owner, _text(method))
            return self._bound_input(found, index, position, depth)
        # `fold(init, |acc, x| ..)`: x is the element (acc is not); elsewhere the first
        if method is None or position != (1 if _text(method) == "fold" else 0):
            return None
        if method is None or _text(method) not in _ELEMENT_CLOSURES | _SEQUENCE_CLOSURES:
            return None
        receiver = self.of_expr(ctx, function.child_by_field_name("value"), depth + 1)
        if receiver is not None and receiver.name in ("Iter", "Option") and receiver.args:
            return receiver.args[0]
        if receiver is not None and receiver.name == "Result" and _text(method) == "map":
            return receiver.args[0] if receiver.args else None
        if receiver is not None and receiver.name in _SEQUENCES and receiver.args:
            if _text(method) in _SEQUENCE_CLOSURES:
                return receiver.args[0]
        return None


def _fn_bound(fn: Any, name: str) -> Any | None:
    """The ``Fn(..)`` bound of generic parameter ``name`` of ``fn`` (inline or where)."""
    candidates = []
    params = fn.child_by_field_name("type_parameters")
    for param in params.named_children if params is not None else ():
        pname = param.child_by_field_name("name")
        if pname is not None and _text(pname) == name:
            candidates.append(param.child_by_field_name("bounds"))
    for child in fn.named_children:
        if child.type == "where_clause":
            for predicate in child.named_children:
                left = predicate.child_by_field_name("left")
                if left is not None and _text(left) == name:
                    candidates.append(predicate.child_by_field_name("bounds"))
    for bounds in candidates:
        for bound in bounds.named_children if bounds is not None else ():
            if bound.type == "function_type":
                return bound
    return None


def _merged(types: list[Ty]) -> Ty | None:
    """What several branches give: the first's type, a tuple's or an Option's parts
    filled from the others where the first cannot tell (``(a, None)``/``(a, Some(b))``)."""
    if not types:
        return None
    first = types[0]
    if first.name not in ("tuple", "Option"):
        return first
    same = [t for t in types if t.name == first.name and len(t.args) == len(first.args)]
    args = tuple(
        _merged([a for a in (t.args[i] for t in same) if a is not None])
        for i in range(len(first.args))
    )
    return first._replace(args=args)


def _const(ty: Ty | None) -> Callable[[], Ty | None]:
    return lambda: ty


def _item_type(impl: Any) -> Any | None:
    """The ``type Item = X`` of an ``impl Iterator for T`` block."""
    body = impl.child_by_field_name("body")
    for item in body.named_children if body is not None else ():
        if item.type == "type_item" and _name(item) == "Item":
            return item.child_by_field_name("type")
    return None


def _error(ty: Ty | None) -> Ty | None:
    """The error type of a ``Result``."""
    if ty is not None and ty.name == "Result" and len(ty.args) > 1:
        return ty.args[1]
    return None


def _unwrapped(ty: Ty | None) -> Ty | None:
    if ty is not None and ty.name in _WRAPPERS and ty.args:
        return ty.args[0]
    return None


# -- local bindings -------------------------------------------------------------------------

_PATTERN_WRAPPERS = frozenset({"ref_pattern", "mut_pattern", "reference_pattern"})
_PATTERN_HOLDERS = frozenset(
    {
        "let_declaration",
        "parameter",
        "for_expression",
        "let_condition",
        "match_arm",
        "closure_parameters",
        "self_parameter",
    }
)


def binds(pattern: Any, name: str) -> bool:
    """Whether a pattern binds ``name`` (an identifier in it that is not a path)."""
    if pattern is None:
        return False
    stack = [pattern]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "identifier" and _text(node) == name:
            parent = node.parent
            if (
                parent is None
                or parent.type not in ("scoped_identifier", "scoped_type_identifier")
                and not (
                    parent.type == "tuple_struct_pattern"
                    and parent.child_by_field_name("type") == node
                )
            ):
                return True
        if kind in ("scoped_identifier", "scoped_type_identifier", "type_identifier", "token_tree"):
            continue
        if kind == "shorthand_field_identifier" and _text(node) == name:
            return True
        stack.extend(node.named_children)
    return False


def find_binding(ctx: Ctx, node: Any, name: str) -> tuple[Ctx, str, Any] | None:
    """The local binding of ``name`` that ``node`` sees: (its context, ``parameter``,
    ``let``, ``let_condition``, ``for``, ``match`` or ``closure``, the node holding it)."""
    before = int(node.start_byte)
    current = node.parent
    previous = node
    while current is not None:
        kind = current.type
        if kind == "block":
            lets = [
                c
                for c in current.named_children
                if c.type == "let_declaration"
                and int(c.end_byte) <= before
                and binds(c.child_by_field_name("pattern"), name)
            ]
            if lets:
                return ctx, "let", lets[-1]
        elif kind in ("function_item", "closure_expression"):
            params = current.child_by_field_name("parameters")
            for param in params.named_children if params is not None else ():
                if param.type == "self_parameter" and name == "self":
                    return ctx, "self", param
                if param.type == "parameter" and binds(param.child_by_field_name("pattern"), name):
                    return ctx, "parameter", param
                if param.type == "identifier" and _text(param) == name:
                    return ctx, "closure", param
            if kind == "function_item":
                if _name(current) == "__prx" and ctx.anchor is not None and ctx.parent is not None:
                    return find_binding(ctx.parent, ctx.anchor, name)
                return None
        elif kind == "for_expression" and previous == current.child_by_field_name("body"):
            if binds(current.child_by_field_name("pattern"), name):
                return ctx, "for", current
        elif kind in (
            "if_expression",
            "while_expression",
        ) and previous != current.child_by_field_name("condition"):
            condition = current.child_by_field_name("condition")
            for cond in _let_conditions(condition):
                if binds(cond.child_by_field_name("pattern"), name):
                    return ctx, "let_condition", cond
        elif kind == "match_arm":
            pattern = current.child_by_field_name("pattern")
            guard = pattern.child_by_field_name("condition") if pattern is not None else None
            inside = previous != pattern or (
                guard is not None and guard.start_byte <= before < guard.end_byte
            )
            if (
                inside
                and pattern is not None
                and binds(next(iter(pattern.named_children), None), name)
            ):
                return ctx, "match", current
        previous = current
        current = current.parent
    if ctx.anchor is not None and ctx.parent is not None:
        return find_binding(ctx.parent, ctx.anchor, name)
    return None


def _let_conditions(node: Any) -> list[Any]:
    if node is None:
        return []
    if node.type == "let_condition":
        return [node]
    if node.type == "let_chain":
        return [c for c in node.named_children if c.type == "let_condition"]
    return []
