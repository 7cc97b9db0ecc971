"""A JavaScript or TypeScript receiver of unknown type told apart by what the code reads on
it: ``for (const c of dom) { if (c.operator === '>=' && !c.test(v)) ... }`` reads
``operator`` on ``c``, which no class of ``Range.test``'s family has, while the project's
``Comparator`` has every member read there; so ``c.test`` is ``Comparator.test``, not
``Range.test``.

Only where nothing else says: the variable is never assigned again (one value, one type),
the code never asks what it holds (``instanceof``, ``typeof``, ``in``: it may hold
either), reads no member by a computed key, and every member read is on the same binding.
A family class whose members prx cannot list (it extends a class outside the project) or
an interface in the family (object literals may satisfy it) keeps the receiver a
candidate by name. Members every object has (``toString`` ...) tell nothing. A variable
named very often, or a chain of classes longer than any real one, is left to the name (a
file written to make the search slow gets no slower than without this).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel.models.script_members import MEMBER_NODES, heritage_of, owners_of
from prx.engine.intel.models.script_scope import declaring_scope, text

if TYPE_CHECKING:
    from prx.engine.intel.models.script_members import Family
    from prx.engine.intel.project import Project

__all__ = [
    "ARRAY_MEMBERS",
    "another_class",
    "array_field",
    "classes_with",
    "field_class",
    "field_reads_fit",
    "lacks_every",
    "only_class",
    "outside_family",
]

#: Members of every object: reading one says nothing about the class.
_EVERY_OBJECT = frozenset(
    {
        "constructor",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "toLocaleString",
        "toString",
        "valueOf",
        "__proto__",
    }
)

#: The longest chain of classes above one that is followed (a longer one, as a hostile
#: repository may write, leaves the class's members unknown).
_DEEPEST = 64
#: The most uses of one variable weighed (each use's scope is looked up).
_MOST_USES = 256
#: The members of an array (ECMAScript's ``Array.prototype`` and ``length``).
ARRAY_MEMBERS = frozenset(
    {
        "at", "concat", "copyWithin", "entries", "every", "fill", "filter", "find",
        "findIndex", "findLast", "findLastIndex", "flat", "flatMap", "forEach", "includes",
        "indexOf", "join", "keys", "lastIndexOf", "length", "map", "pop", "push", "reduce",
        "reduceRight", "reverse", "shift", "slice", "some", "sort", "splice", "toReversed",
        "toSorted", "toSpliced", "unshift", "values", "with",
    }
)  # fmt: skip
#: The most reads of one field name weighed across a project.
_MOST_FIELD_USES = 4096


def another_class(project: Project, family: Family, scope: Any, name: str) -> bool:
    """Whether the members the code reads on variable ``name`` of ``scope`` show it to be
    an instance of a project class outside ``family``: some member read is one no family
    class has, and one other class has every member read."""
    if family.structural and not family.bound:
        return False
    reads = _member_reads(scope, name)
    if not reads:
        return False
    telling = reads - _EVERY_OBJECT
    members = _members(project)
    for kind in sorted(family.types):  # in one order: a class's members are memoised
        has = members.of(kind)
        if has is None or telling <= has:
            return False  # this family class may be what the variable holds
    for kind in sorted(family.known - family.types):
        # what the class surely has is enough here (commander's ``Command extends
        # EventEmitter`` declares ``name``, ``opts`` and ``args`` itself)
        if telling <= members.at_least(kind):
            return True
    return False


def outside_family(project: Project, family: Family, scope: Any, name: str) -> bool:
    """Whether the code reads on variable ``name`` of ``scope`` a member that no class of
    ``family`` has (each class's members all known): the variable holds none of them
    (graphlib's ``read(json)`` reads ``json.options`` and ``json.value``, which no
    ``Graph`` has, so ``json.edges`` is no ``Graph.edges``)."""
    if family.structural and not family.bound:
        return False
    reads = _member_reads(scope, name)
    telling = reads - _EVERY_OBJECT if reads else frozenset()
    if not telling or not family.types:
        return False
    members = _members(project)
    for kind in sorted(family.types):
        has = members.of(kind)
        if has is None or telling <= has:
            return False
    return True


def only_class(
    project: Project, known: frozenset[str], scope: Any, name: str, at_least: int = 1
) -> str | None:
    """The one class of ``known`` (the project's classes) that surely has every member
    the code reads on variable ``name`` of ``scope`` (a test's ``cmd`` that reads
    ``registeredArguments``: only ``Command`` and the classes extending it have it);
    None when fewer than ``at_least`` members read tell, or none or several unrelated
    classes have them all."""
    return _one_root(project, known, _member_reads(scope, name), at_least)


def field_class(project: Project, known: frozenset[str], field: str) -> str | None:
    """The one class of ``known`` that surely has every member the project's code reads
    on a field named ``field`` (markdown-it's rule states' ``md``, given an untyped
    parameter: ``state.md.inline``, ``state.md.validateLink`` ... only ``MarkdownIt``
    has them all); None when fewer than two members read tell, the code reads one by a
    computed key, or no one class (with the classes below it) has them all. Every
    field of the name is pooled: fields of two types make the reads tell none."""
    memo: dict[tuple[str, frozenset[str]], str | None]
    memo = vars(project).setdefault("_script_field_classes", {})
    key = (field, known)
    if key not in memo:
        reads = _field_reads(project, field)
        telling = reads.members if reads is not None and not reads.indexed else None
        memo[key] = _one_root(project, known, telling, 2)
    return memo[key]


def array_field(project: Project, known: frozenset[str], field: str) -> bool:
    """Whether fields named ``field`` hold arrays by what the project reads on them
    (markdown-it's ``this.tokens = outTokens``, read as ``state.tokens.push(..)``,
    ``state.tokens.length``, ``state.tokens[i]``): every member read is an array's, and
    one of them no class of ``known`` has (so no project instance is what they hold)."""
    reads = _field_reads(project, field)
    if reads is None or not reads.members or not reads.members <= ARRAY_MEMBERS:
        return False
    return any(not classes_with(project, known, member) for member in reads.members)


def field_reads_fit(project: Project, field: str, kind: str) -> bool:
    """Whether every member the project reads on fields named ``field`` is one class
    ``kind`` surely has, none by a computed key (no ``x.field`` read holds something
    else)."""
    reads = _field_reads(project, field)
    return (
        reads is not None
        and not reads.indexed
        and reads.members - _EVERY_OBJECT <= _members(project).at_least(kind)
    )


def classes_with(project: Project, known: frozenset[str], member: str) -> list[str]:
    """The classes of ``known`` that surely have a member ``member`` (their own or a
    project class's above them), in order."""
    members = _members(project)
    return [kind for kind in sorted(known) if member in members.at_least(kind)]


class _FieldReads(NamedTuple):
    #: The member names read (not assigned) on ``x.field``.
    members: frozenset[str]
    #: Whether some read is by a computed key (``x.field[i]``).
    indexed: bool


def _field_reads(project: Project, field: str) -> _FieldReads | None:
    """What the project's script files read on ``x.field`` (memoised per project); None
    when the field is read too often to weigh."""
    memo: dict[str, _FieldReads | None] = vars(project).setdefault("_script_field_reads", {})
    if field not in memo:
        memo[field] = _read_on_fields(project, field)
    return memo[field]


def _read_on_fields(project: Project, field: str) -> _FieldReads | None:
    from prx.engine.intel.models.script_scope import identifier_nodes

    reads: set[str] = set()
    indexed = False
    uses = 0
    for rel in project.files_with(field):
        parsed = project.file(rel)
        if parsed is None or parsed.language not in ("javascript", "typescript", "tsx"):
            continue
        for node in identifier_nodes(parsed, field):
            access = node.parent
            if access is None or access.type != "member_expression":
                continue
            if access.child_by_field_name("property") != node:
                continue
            uses += 1
            if uses > _MOST_FIELD_USES:
                return None
            outer = access.parent
            if outer is None or outer.child_by_field_name("object") != access:
                continue
            if outer.type == "subscript_expression":
                indexed = True  # ``x.field[key]``
                continue
            written = outer.parent
            if outer.type != "member_expression" or (
                written is not None
                and written.type in ("assignment_expression", "augmented_assignment_expression")
                and written.child_by_field_name("left") == outer
            ):
                continue
            member = outer.child_by_field_name("property")
            if member is not None:
                reads.add(text(member))
    return _FieldReads(frozenset(reads), indexed)


def _one_root(
    project: Project, known: frozenset[str], reads: frozenset[str] | None, at_least: int
) -> str | None:
    """The one class of ``known`` (with the classes below it) that surely has every
    member of ``reads`` (at least ``at_least`` of them telling); else None."""
    telling = reads - _EVERY_OBJECT if reads else frozenset()
    if len(telling) < max(at_least, 1):
        return None
    members = _members(project)
    found = {kind for kind in sorted(known) if telling <= members.at_least(kind)}
    # the classes below one of them have its members too: that one is the type
    roots = [
        kind for kind in sorted(found) if not members.heritage.parents.get(kind, set()) & found
    ]
    return roots[0] if len(roots) == 1 else None


def lacks_every(project: Project, kind: str, family: Family) -> bool:
    """Whether the project's type ``kind`` lacks a required member of each type of the
    (structural) ``family``: then no value of ``kind`` is assignable to one of them,
    and ``kind``'s own member of the name is another binding (purify's ``EitherAsync``
    has ``mapLeft`` but none of ``Either``'s ``isLeft``, ``extract`` ...). False when
    any of the types' members cannot be listed."""
    members = _members(project)
    has = members.of(kind)
    if has is None or not family.types:
        return False
    for other in sorted(family.types):
        required = members.required(other)
        if required is None or required <= has:
            return False
    return True


#: The members of the language's own interfaces a project type may extend (purify's
#: ``interface EitherAsync<L, R> extends PromiseLike<Either<L, R>>``).
_LIBRARY_MEMBERS: dict[str, frozenset[str]] = {
    "PromiseLike": frozenset({"then"}),
    "Promise": frozenset({"then", "catch", "finally"}),
}


def _member_reads(scope: Any, name: str) -> frozenset[str] | None:
    """The member names read (not assigned) on ``name`` of ``scope``; None when the code
    assigns the variable again, asks what it holds or reads it by a computed key, or
    names it more than :data:`_MOST_USES` times."""
    reads: set[str] = set()
    uses = 0
    stack = [scope]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type == "identifier" and text(node) == name:
            uses += 1
            if uses > _MOST_USES:
                return None
            continue
        kind = node.type
        if kind == "assignment_expression" or kind == "augmented_assignment_expression":
            left = node.child_by_field_name("left")
            if _is_binding(left, name, scope):
                return None
        elif kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            if operator is not None and text(operator) in ("instanceof", "in"):
                if any(_is_binding(side, name, scope) for side in node.named_children):
                    return None
        elif kind == "unary_expression":
            argument = node.child_by_field_name("argument")
            if text(node).startswith("typeof") and _is_binding(argument, name, scope):
                return None
        elif kind == "subscript_expression":
            if _is_binding(node.child_by_field_name("object"), name, scope):
                return None
        elif kind == "member_expression":
            if not _is_binding(node.child_by_field_name("object"), name, scope):
                continue
            parent = node.parent
            if parent is not None and parent.type in (
                "assignment_expression",
                "augmented_assignment_expression",
            ):
                if parent.child_by_field_name("left") == node:
                    continue  # a write may add a member any object can take
            member = node.child_by_field_name("property")
            if member is not None:
                reads.add(text(member))
    return frozenset(reads)


def _is_binding(node: Any, name: str, scope: Any) -> bool:
    return (
        node is not None
        and node.type == "identifier"
        and text(node) == name
        and declaring_scope(node, name) == scope
    )


def _members(project: Project) -> _Members:
    """The project's one :class:`_Members` (classes' members are listed once a project)."""
    memo: dict[str, Any] = vars(project)
    found = memo.get("_script_class_members")
    if not isinstance(found, _Members):
        found = memo["_script_class_members"] = _Members(project)
    return found


class _Members:
    """Every member a class of the project has: declared in its body, assigned as
    ``this.x`` in it, or had by a class above it; None when a class above it is not the
    project's (what it brings is unknown)."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.heritage = heritage_of(project)
        self.known: dict[str, frozenset[str] | None] = {}
        self.lower: dict[str, frozenset[str]] = {}

    def of(self, kind: str, depth: int = 0) -> frozenset[str] | None:
        if kind in self.known:
            return self.known[kind]
        self.known[kind] = None  # a cycle of `extends` lists nothing
        owners = owners_of(self.project, self.heritage, kind)
        if not owners or depth > _DEEPEST:
            return None
        found: set[str] = set()
        for _rel, node in owners:
            found |= _own_members(node)
        for parent in sorted(self.heritage.parents.get(kind, ())):
            above = _LIBRARY_MEMBERS.get(parent) or self.of(parent, depth + 1)
            if above is None:
                return None
            found |= above
        result = self.known[kind] = frozenset(found)
        return result

    def at_least(self, kind: str, depth: int = 0) -> frozenset[str]:
        """The members ``kind`` surely has: its own and those of the project's classes
        above it (a class above it outside the project adds what is unknown, left out)."""
        known = self.lower.get(kind)
        if known is not None:
            return known
        self.lower[kind] = frozenset()  # a cycle of `extends` lists nothing more
        if depth > _DEEPEST:
            return frozenset()
        found: set[str] = set()
        for _rel, node in owners_of(self.project, self.heritage, kind):
            found |= _own_members(node)
        for parent in sorted(self.heritage.parents.get(kind, ())):
            found |= _LIBRARY_MEMBERS.get(parent) or self.at_least(parent, depth + 1)
        result = self.lower[kind] = frozenset(found)
        return result

    def required(self, kind: str, depth: int = 0) -> frozenset[str] | None:
        """The members a value of ``kind`` must have (its optional ``x?:`` ones left
        out), with those of the types above it; None when unknown."""
        if depth > _DEEPEST:
            return None
        owners = owners_of(self.project, self.heritage, kind)
        if not owners:
            return None
        found: set[str] = set()
        for _rel, node in owners:
            found |= _own_members(node, required=True)
        for parent in sorted(self.heritage.parents.get(kind, ())):
            above = _LIBRARY_MEMBERS.get(parent) or self.required(parent, depth + 1)
            if above is None:
                return None
            found |= above
        return frozenset(found)


def _own_members(klass: Any, required: bool = False) -> set[str]:
    """The members a class node declares or assigns to ``this``."""
    from prx.engine.intel.models.script_prototypes import prototype_members

    out: set[str] = {name for name, _ in prototype_members(klass)}
    body = klass.child_by_field_name("body")
    for member in body.named_children if body is not None else ():
        if member.type in MEMBER_NODES:
            if required and any(c.type == "?" for c in member.children):
                continue  # ``x?: T``: a value may lack it
            own = member.child_by_field_name("name") or member.child_by_field_name("property")
            if own is not None:
                out.add(text(own))
    if required:
        return out  # what the code assigns to ``this`` may be a class's private state
    stack = [klass]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type == "member_expression":
            target = node.child_by_field_name("object")
            parent = node.parent
            if (
                target is not None
                and target.type == "this"
                and parent is not None
                and parent.type == "assignment_expression"
                and parent.child_by_field_name("left") == node
            ):
                member = node.child_by_field_name("property")
                if member is not None:
                    out.add(text(member))
        elif node.type == "required_parameter" and any(
            c.type in ("accessibility_modifier", "readonly") for c in node.children
        ):
            pattern = node.child_by_field_name("pattern")
            if pattern is not None:
                out.add(text(pattern))  # a constructor's parameter property
    return out
