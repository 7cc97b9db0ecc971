"""Which accesses ``receiver.member`` reach a member's family (see
:mod:`~prx.engine.intel.models.script_members`), by the receiver's type where the file
states it: ``this`` in a family class, a parameter or variable declared ``x: T``,
``const x = new T()`` (``T`` a local name of the class: ``const LRU =
require('./lrucache')`` stands for the class that module exports), ``const x = f()`` for
a function ``f`` of the file, imported or ``require``d whose return type is stated or
whose ``return`` statements construct it (see
:mod:`~prx.engine.intel.models.script_returns`), a ``let x = null`` or untyped
parameter that the code only ever assigns ``new T()``, a field ``f: T``, ``f = new
T()`` or ``this.f = new T()`` in the constructor reached as ``this.f``, the class itself
(a static member). A receiver of another stated type (a class of the project outside the
family, ``string``, a literal object type, a known global such as ``JSON``, a module
imported from a package, a test runner's callback parameter) is something else, as is a
variable on which the code reads members only another class of the project has (see
:mod:`~prx.engine.intel.models.script_ducks`); any other is a candidate by name.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import BY_NAME, BY_TYPE, RESOLVED
from prx.engine.intel.models.script_calls import PROMISES, awaited_names, call_type, chain_length
from prx.engine.intel.models.script_ducks import another_class, lacks_every
from prx.engine.intel.models.script_jsdoc import param_type, variable_type
from prx.engine.intel.models.script_members import (
    Family,
    declared_member,
    heritage_of,
    superclasses,
)
from prx.engine.intel.models.script_prototypes import FUNCTION_NODES
from prx.engine.intel.models.script_returns import provided, provides_namespace
from prx.engine.intel.models.script_scope import (
    FUNCTIONS,
    class_name,
    declaration_of,
    declaring_scope,
    is_class,
    requires_module,
    text,
    this_class,
)
from prx.engine.intel.models.script_types import (
    BUILTIN_TYPES,
    GLOBALS,
    TEST_RUNNERS,
    constructed_types,
    element_names,
    type_argument,
    type_names,
)

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["GLOBALS", "Receivers", "type_names"]


#: Values whose type is what the object they read states (an element, a field).
_READS = frozenset({"subscript_expression", "member_expression"})


def _declared_type(
    declarator: Any, name: str, receivers: Receivers | None = None
) -> list[str] | None:
    """What the declaration of ``name`` at ``declarator`` says its type is (with
    ``receivers``: a call's declared return type too)."""
    kind = declarator.type
    if kind == "variable_declarator":
        target = declarator.child_by_field_name("name")
        if target is None or target.type != "identifier":
            return None
        annotation = declarator.child_by_field_name("type") or variable_type(declarator)
        if annotation is not None:
            return type_names(annotation)
        value = declarator.child_by_field_name("value")
        if value is not None and value.type == "await_expression" and value.named_children:
            inner = value.named_children[0]
            if receivers is not None and (
                inner.type == "call_expression"
                or (inner.type == "identifier" and text(inner) != name)
            ):
                # `await thrued`, `await x.orTee(f)`: what a thenable of its type
                # resolves to (`ResultAsync implements PromiseLike<Result>`); `await
                # this.run()` of a `run(): Promise<Maybe<T>>`: a `Maybe`.
                found = (
                    call_type(inner, receivers, awaited_names)
                    if inner.type == "call_expression"
                    else None
                ) or _types_of(inner, receivers)
                awaits = heritage_of(receivers.project).awaits
                return [awaits.get(n, n) for n in found] if isinstance(found, list) else None
            value = inner
        if receivers is not None and value is not None and value.type == "call_expression":
            return call_type(value, receivers)
        if receivers is not None and value is not None and value.type in _READS:
            # ``const last = this.args.slice(-1)[0]``, ``let up = cmd.parent``: the
            # element's or the field's stated type
            found = _types_of(value, receivers)
            return found if isinstance(found, list) else None
        return constructed_types(value)
    if kind in ("required_parameter", "optional_parameter", "public_field_definition"):
        annotation = declarator.child_by_field_name("type")
        if annotation is not None:
            return type_names(annotation)
        return constructed_types(declarator.child_by_field_name("value"))
    if kind == "field_definition":
        stated = variable_type(declarator)
        if stated is not None:
            return type_names(stated)
        return constructed_types(declarator.child_by_field_name("value"))
    return None


def _field_type(klass: Any, field: str) -> list[str] | None:
    """The stated type of field ``field`` of the class node ``klass``."""
    member = declared_member(klass, field)
    if member is None:
        return _constructor_assigned(klass, field)
    holder = member.parent
    return _declared_type(holder, field) if holder is not None else None


def _constructor_assigned(klass: Any, field: str) -> list[str] | None:
    """What the constructor assigns to ``this.field`` (JavaScript declares its fields
    so: ``this.map = new Map()``), when that is a constructed value or JSDoc states it
    (``/** @type {Argument[]} */ this.args = []``)."""
    assignment = _constructor_assignment(klass, field)
    if assignment is None:
        return None
    stated = variable_type(assignment)
    if stated is not None:
        return type_names(stated)
    return constructed_types(assignment.child_by_field_name("right"))


def _constructor_assignment(klass: Any, field: str) -> Any | None:
    """The first ``this.field = ...`` of the class's constructor (a constructor
    function's own body), or None."""
    body = klass.child_by_field_name("body")
    for member in body.named_children if body is not None else ():
        own = member.child_by_field_name("name") if member.type == "method_definition" else None
        if klass.type not in FUNCTION_NODES and (own is None or text(own) != "constructor"):
            continue
        stack = [member]
        while stack:
            node = stack.pop()
            if node.type == "assignment_expression":
                left = node.child_by_field_name("left")
                if (
                    left is not None
                    and left.type == "member_expression"
                    and text(left).replace(" ", "") == f"this.{field}"
                ):
                    return node
            stack.extend(reversed(node.named_children))
    return None


class Receivers:
    """How sure an access ``receiver.member`` in one file is to reach the family."""

    def __init__(self, project: Project, parsed: ParsedFile, family: Family) -> None:
        self.project = project
        self.parsed = parsed
        self.family = family
        self.external = _package_imports(project, parsed)
        self.runners = _package_imports(project, parsed, TEST_RUNNERS)
        self._aliases: dict[str, str] = {}
        #: (scope start, variable) -> told apart from the family by the members read.
        self.told: dict[tuple[int, str], bool] = {}
        #: (scope start, variable) -> the one class the members read show it to be.
        self.ducks: dict[tuple[int, str, int], str | None] = {}

    def imported(self, statement: Any, local: str) -> Any | None:
        """The declaration an import or ``require`` statement binds ``local`` to, in
        the project file it names (None for a package's, or one not found)."""
        found = self.imported_from(statement, local)
        return found[1] if found is not None else None

    def imported_from(self, statement: Any, local: str) -> tuple[ParsedFile, Any] | None:
        """(file, declaration) of :meth:`imported`."""
        from prx.engine.intel.uses import all_bindings

        line = int(statement.start_point[0]) + 1
        binding = next(
            (
                b
                for b in all_bindings(self.parsed)
                if b.line <= line <= b.end_line and b.local == local
            ),
            None,
        )
        if binding is None:
            return None
        if binding.kind == "require":
            wanted = "default"
        elif binding.kind == "name" and binding.imported:
            wanted = binding.imported
        else:
            return None
        for edge in self.project.graph.edges_from(self.parsed.rel):
            if edge.line == binding.line and edge.target:
                return provided(self.project, edge.target, wanted)
        return None

    def namespace(self, local: str) -> str | None:
        """The project file ``import * as local`` (or ``const local = require()`` of a
        file exporting an object) names, else None."""
        from prx.engine.intel.uses import all_bindings

        for binding in all_bindings(self.parsed):
            if binding.local != local or binding.kind not in ("module", "require"):
                continue
            for edge in self.project.graph.edges_from(self.parsed.rel):
                if edge.line == binding.line and edge.target:
                    return str(edge.target)
        return None

    def is_module(self, statement: Any, local: str) -> bool:
        """Whether the import ``statement`` binds ``local`` to a project module's
        namespace object (``import * as local``, or a name a file provides as one)."""
        from prx.engine.intel.uses import all_bindings

        line = int(statement.start_point[0]) + 1
        for binding in all_bindings(self.parsed):
            if binding.local != local or not binding.line <= line <= binding.end_line:
                continue
            for edge in self.project.graph.edges_from(self.parsed.rel):
                if edge.line != binding.line or not edge.target:
                    continue
                if binding.kind == "module":
                    return True
                if binding.kind == "name" and binding.imported:
                    return provides_namespace(self.project, edge.target, binding.imported)
        return False

    def class_named(self, node: Any) -> str | None:
        """The class an identifier names (declared in the file or imported), else None."""
        name = text(node)
        scope = declaring_scope(node, name)
        declaration = declaration_of(scope, name) if scope is not None else None
        if declaration is None:
            return None
        if _class_like(declaration):
            return class_name(declaration)
        if declaration.type == "import_statement" or requires_module(declaration):
            found = self.imported(declaration, name)
            if found is not None and _class_like(found):
                return class_name(found)
        return None

    def alias(self, name: str) -> str:
        """The class a local name stands for: ``const LRU = require('./lrucache')``
        whose module exports ``class LRUCache`` is ``LRUCache``; else the name."""
        known = self._aliases.get(name)
        if known is None:
            known = name
            tree = self.parsed.tree
            declaration = declaration_of(tree.root_node, name) if tree is not None else None
            if declaration is not None and (
                declaration.type == "import_statement" or requires_module(declaration)
            ):
                found = self.imported(declaration, name)
                if found is not None and is_class(found):
                    known = class_name(found) or name
            self._aliases[name] = known
        return known

    def types_of(self, receiver: Any) -> list[str] | None | str:
        """The receiver's type names, or a certainty / ``"other"`` (see ``_types_of``)."""
        return _types_of(receiver, self)

    def of(self, receiver: Any) -> str | None:
        """RESOLVED, BY_TYPE, BY_NAME, or None (something else)."""
        return self._classify(_types_of(receiver, self))

    def of_types(self, names: list[str] | None) -> str | None:
        return self._classify(names)

    def _classify(self, names: list[str] | None | str) -> str | None:
        if isinstance(names, str):
            return names if names != "other" else None
        if names is None:
            return BY_NAME
        unions = heritage_of(self.project).unions
        # a union alias is one of its members (`Result` is an `Ok` or an `Err`)
        names = [m for n in names for m in sorted(unions.get(n, ())) or [n]]
        names = [self.alias(n) for n in names]
        inside = [n for n in names if n in self.family.types]
        if inside and (self.family.bound or len(inside) == len(names)):
            return BY_TYPE
        if inside:
            # a union with another type: renamed, the access fails on that one
            return None if all(n in _NO_MEMBERS for n in names if n not in inside) else BY_NAME
        if all(n in BUILTIN_TYPES or self._other_class(n) for n in names):
            return None
        return BY_NAME

    def _other_class(self, name: str) -> bool:
        """A class of the project outside the family (an interface may be satisfied by
        a class without naming it: not counted as other, unless the family is bound
        to one member, which such a class's own member is not)."""
        return (
            name in self.family.known
            and name not in self.family.types
            and (
                self.family.bound
                or not self.family.structural
                or lacks_every(self.project, name, self.family)
            )
        )


#: Types with no member a rename could need (in a union beside a family type).
_NO_MEMBERS = frozenset({"void", "undefined", "null", "never"})


def _class_like(node: Any) -> bool:
    """A class, or a JavaScript constructor function (``function Ruler() {}`` given
    ``Ruler.prototype.at = ..``): ``Ruler.prototype.at`` is its member, no instance's."""
    from prx.engine.intel.models.script_prototypes import given_function, is_constructor

    if node is not None and node.type == "variable_declarator":
        node = given_function(node)  # ``var X = module.exports = function X() {..}``
    return is_class(node) or is_constructor(node)


def _types_of(receiver: Any, receivers: Receivers) -> list[str] | None | str:
    """The receiver's stated type names; ``"other"`` for a receiver that is none of the
    project's instances; RESOLVED for the family class itself; None: unknown."""
    if chain_length(receiver) > _LONGEST_CALLS:
        return None  # thousands of calls or parentheses deep: a hostile file's
    kind = receiver.type
    if kind in ("this", "super"):
        klass = this_class(receiver)
        if klass is None:
            return None
        name = class_name(klass)
        if kind == "super" and name is not None:
            return _super_types(receivers, name)
        if name in receivers.family.types:
            return BY_TYPE
        known = is_class(klass) or klass.type in FUNCTION_NODES  # a constructor
        return "other" if known and name is not None else None
    if kind in ("parenthesized_expression", "non_null_expression") and receiver.named_children:
        # ``(x)`` and ``x!`` are what ``x`` is (``new T()`` or a cast inside too)
        inner = receiver.named_children[0]
        return constructed_types(receiver) or _types_of(inner, receivers)
    if kind == "await_expression" and receiver.named_children:
        # ``(await promiseBad()).mapErr(..)``: what the promise resolves to
        return _promised_value(receiver.named_children[0], receivers)
    if kind in (
        "as_expression",
        "new_expression",
        "satisfies_expression",
        "string",
        "template_string",
        "array",
        "number",
        "regex",
    ):
        return constructed_types(receiver)
    if kind == "call_expression":
        return call_type(receiver, receivers)
    if kind == "subscript_expression":
        # ``args[0]``, ``xs.slice(-1)[0]``: an element of an array whose type is stated
        indexed = receiver.child_by_field_name("object")
        index = receiver.child_by_field_name("index")
        if indexed is None or index is None or index.type == "string":
            return None
        return _elements(indexed, receivers)
    if kind == "member_expression":
        obj = receiver.child_by_field_name("object")
        prop = receiver.child_by_field_name("property")
        if obj is not None and prop is not None and obj.type == "this":
            klass = this_class(obj)
            if klass is not None:
                return (
                    _field_type(klass, text(prop))
                    or _constructor_call(klass, text(prop), receivers.parsed.rel, receivers)
                    or _parameter_field(klass, text(prop), receivers)
                )
        if obj is not None and prop is not None and obj.type == "identifier":
            static = receivers.class_named(obj)
            if static is not None and text(prop) == "prototype":
                return [static]  # ``Right.prototype.alt``: the instances' member
            if static is not None:
                # superjson's ``SuperJSON.defaultInstance``: a static field's type
                return _class_field_type(receivers, static, text(prop), static=True)
        if (
            obj is not None
            and prop is not None
            and obj.type != "this"
            and chain_length(obj) < _LONGEST_CHAIN
        ):
            # ``superJson.symbolRegistry``: the field of the one class it is
            owner = _types_of(obj, receivers)
            if isinstance(owner, list) and len(owner) == 1:
                klass = receivers.alias(owner[0])
                return _class_field_type(
                    receivers, klass, text(prop), static=False
                ) or _assigned_field(receivers, klass, text(prop))
            if owner is None or owner == "other":  # a class, not which one
                return _field_of_any(receivers, text(prop))
        return None
    if kind != "identifier":
        return None
    found = _variable_types(receiver, receivers)
    if found is None and _told_apart(receiver, receivers):
        return "other"
    return found


def _class_field_type(
    receivers: Receivers, klass: str, field: str, static: bool
) -> list[str] | None:
    """The stated or constructed type of the field ``field`` of the project's class
    ``klass``, a static one (``static defaultInstance = new SuperJSON()``) or an
    instance's (``readonly symbolRegistry = new Registry<Symbol>(..)``)."""
    from prx.engine.intel.models.script_members import class_member

    found = class_member(receivers.project, klass, field)
    holder = found[1].parent if found is not None else None
    if holder is None or holder.type not in ("public_field_definition", "field_definition"):
        return None
    if any(child.type == "static" for child in holder.children) != static:
        return None
    return _declared_type(holder, field)


def _assigned_field(receivers: Receivers, klass: str, field: str) -> list[str] | None:
    """What the constructor of the project's class ``klass`` gives its field ``field``
    (``this.inline = new ParserInline()``), or the class a parameter given it holds
    (:func:`_parameter_field`); None when neither says."""
    from prx.engine.intel.models.script_members import owners_of

    project = receivers.project
    for rel, node in owners_of(project, heritage_of(project), receivers.alias(klass)):
        if _class_like(node):
            found = (
                _constructor_assigned(node, field)
                or _constructor_call(node, field, rel, receivers)
                or _parameter_field(node, field, receivers)
            )
            if found is not None:
                return found
    return None


def _constructor_call(klass: Any, field: str, rel: str, receivers: Receivers) -> list[str] | None:
    """What a method of the class returns when the constructor gives its result to the
    field (argparse's ``this._optionals = this.addArgumentGroup({..})``, which returns
    ``new ArgumentGroup(..)``), read in the class's own file."""
    from prx.engine.intel.models.script_calls import call_type

    assignment = _constructor_assignment(klass, field)
    value = assignment.child_by_field_name("right") if assignment is not None else None
    if value is None or value.type != "call_expression":
        return None
    callee = value.child_by_field_name("function")
    owner = callee.child_by_field_name("object") if callee is not None else None
    if callee is None or callee.type != "member_expression" or owner is None:
        return None
    if owner.type != "this":
        return None
    parsed = receivers.project.file(rel)
    if parsed is None:
        return None
    return call_type(value, type(receivers)(receivers.project, parsed, receivers.family))


def _parameter_field(klass: Any, field: str, receivers: Receivers) -> list[str] | None:
    """A JavaScript field the constructor gives an untyped parameter (markdown-it's
    ``function StateInline(src, md, ..) { this.md = md; }``) or sets to ``null`` for
    later (its ``Token``'s ``this.attrs = null``): the one class whose
    members the project reads on fields of that name (:func:`field_class`), or an
    array when those reads are an array's (:func:`array_field`); None in TypeScript (an
    unstated type there is ``any``) or for any other value."""
    from prx.engine.intel.models.script_ducks import array_field, field_class

    if receivers.parsed.language != "javascript":
        return None
    assignment = _constructor_assignment(klass, field)
    value = assignment.child_by_field_name("right") if assignment is not None else None
    if value is None or variable_type(assignment) is not None:
        return None
    if value.type not in ("null", "undefined"):  # a placeholder: what the reads show
        if value.type != "identifier":
            return None
        name = text(value)
        scope = declaring_scope(value, name)
        if scope is None or scope.type not in FUNCTIONS or declaration_of(scope, name):
            return None  # a local, a module's name: not a parameter
        if param_type(scope, name) is not None:
            return None  # stated by JSDoc (read elsewhere)
    found = field_class(receivers.project, receivers.family.known, field)
    if found is not None:
        return [found]
    # ``this.tokens = outTokens``, read as ``state.tokens.push(..)``, ``.length``
    return ["Array"] if array_field(receivers.project, receivers.family.known, field) else None


def _field_of_any(receivers: Receivers, field: str) -> list[str] | None:
    """``x.md`` on an ``x`` of unknown type, in JavaScript: when every project class that
    has a member ``field`` gets it from its constructor as one class (``this.ruler = new
    Ruler()`` in each of markdown-it's parsers, read as ``this[chain].ruler``; or an
    untyped parameter, :func:`_parameter_field`: its rule states' ``md``), that class;
    None when a class has it otherwise, or none has it."""
    from prx.engine.intel.models.script_ducks import classes_with, field_reads_fit
    from prx.engine.intel.models.script_members import owners_of

    if receivers.parsed.language != "javascript":
        return None
    project = receivers.project
    memo: dict[tuple[str, frozenset[str]], list[str] | None]
    memo = vars(project).setdefault("_script_fields_of_any", {})
    key = (field, receivers.family.known)
    if key in memo:
        return memo[key]
    memo[key] = None  # a field read while its holders are weighed is unknown
    held: set[str] = set()
    for kind in classes_with(project, receivers.family.known, field):
        for _rel, node in owners_of(project, heritage_of(project), kind):
            found = (
                _constructor_assigned(node, field) or _parameter_field(node, field, receivers)
                if _class_like(node)
                else None
            )
            if found is None:
                return None
            held.update(found)
    one = next(iter(held)) if len(held) == 1 else None
    # and no read of such a field anywhere shows it holding something else
    fits = one == "Array" or (one is not None and field_reads_fit(project, field, one))
    result = memo[key] = [one] if one is not None and fits else None
    return result


#: The longest chain of fields read to type a receiver (``a.b.c``): a longer one, as a
#: hostile file may write, is left unknown rather than read recursively.
_LONGEST_CHAIN = 8
#: The same for a chain of calls, parentheses and ``await`` (``x.a().b()``).
_LONGEST_CALLS = 32


def _super_types(receivers: Receivers, klass: str) -> str | None:
    """``super`` in class ``klass``: the class it extends, whose member ``super.m()``
    calls (not ``klass``'s own override)."""
    parents = superclasses(receivers.project, klass)
    if any(p in receivers.family.types for p in parents):
        return BY_TYPE
    return "other" if parents and all(p in receivers.family.known for p in parents) else None


def _told_apart(receiver: Any, receivers: Receivers) -> bool:
    """Whether a variable of unknown type holds another class's instance, by the
    members the code reads on it (see :mod:`~prx.engine.intel.models.script_ducks`)."""
    name = text(receiver)
    scope = declaring_scope(receiver, name)
    if scope is None:
        return False
    declaration = declaration_of(scope, name)
    if declaration is not None and (
        declaration.type not in ("variable_declarator", "required_parameter", "optional_parameter")
        or requires_module(declaration)
    ):
        return False  # a function, class or module: not an instance
    key = (int(scope.start_byte), name)
    told = receivers.told.get(key)
    if told is None:
        told = receivers.told[key] = another_class(receivers.project, receivers.family, scope, name)
    return told


def _variable_types(receiver: Any, receivers: Receivers) -> list[str] | None | str:
    """:func:`_types_of` of an identifier."""
    name = text(receiver)
    scope = declaring_scope(receiver, name)
    declaration = declaration_of(scope, name) if scope is not None else None
    instance = _imported_instance(declaration, name, receivers)
    if instance is not None:
        return instance  # purify's ``export { nothing as Nothing }``: not the class
    if name in receivers.family.types:
        return RESOLVED
    if name in receivers.external:
        return "other"
    if scope is None:
        return "other" if name in GLOBALS else None
    if declaration is None or declaration.type in ("required_parameter", "optional_parameter"):
        if scope.type in FUNCTIONS and _package_callback(scope, receivers):
            return "other"  # a parameter the package's function passes (tap's ``t``)
    if declaration is None:
        # A JavaScript parameter (no declarator node): its JSDoc ``@param {T}``, else
        # what the code assigns to it.
        if scope.type == "for_in_statement":
            return _iterated(scope, name, receivers)
        if scope.type not in FUNCTIONS:
            return None
        stated = param_type(scope, name)
        if stated is not None:
            return type_names(stated)
        return (
            _then_value(scope, name, receivers)
            or _callback_parameter(scope, name, receivers)
            or _element_parameter(scope, name, receivers)
            or _called_with(scope, name, receivers)
            or _assigned_types(scope, name, receivers)
            or _duck_parameter(receiver, scope, receivers)
        )
    if declaration.type in ("class_declaration", "abstract_class_declaration", "class"):
        return "other"  # a static member of another class
    if declaration.type in ("function_declaration", "variable_declarator"):
        # a constructor function, declared or required (``ActionStore.call(this, ..)``:
        # ``Function``'s ``call``, or a static member; never an instance's)
        named = receivers.class_named(receiver)
        if named is not None:
            return RESOLVED if receivers.alias(named) in receivers.family.types else "other"
    if declaration.type == "import_statement" and receivers.is_module(declaration, name):
        return "other"  # a module's namespace: its members are functions, not methods
    if declaration.type in ("function_declaration", "import_statement"):
        return None
    if _untyped(declaration) and scope.type in FUNCTIONS:
        resolved = (
            _then_value(scope, name, receivers)
            or _callback_parameter(scope, name, receivers)
            or _element_parameter(scope, name, receivers)
        )
        if resolved is not None:
            return resolved
    key = (int(declaration.start_byte), int(declaration.end_byte), name)
    if key in _DECLARING or len(_DECLARING) > _LONGEST_CALLS:
        return None  # ``const a = b.f(); const b = a.f()``: each read once
    _DECLARING.add(key)
    try:
        declared = _declared_type(declaration, name, receivers)
    finally:
        _DECLARING.discard(key)
    if declared is None and _untyped(declaration):
        return _assigned_types(scope, name, receivers)
    return declared


def _parameter_index(function: Any, name: str) -> int | None:
    """Where ``name`` stands among ``function``'s parameters (``x => ..`` too)."""
    parameters = function.child_by_field_name("parameters")
    if parameters is None:
        single = function.child_by_field_name("parameter")
        return 0 if single is not None and text(single) == name else None
    for index, parameter in enumerate(parameters.named_children):
        pattern = parameter.child_by_field_name("pattern")
        if text(pattern if pattern is not None else parameter) == name:
            return index
    return None


def _callback_parameter(function: Any, name: str, receivers: Receivers) -> list[str] | None:
    """The type of parameter ``name`` of a callback given to a function or method of the
    project whose parameter there states a function type: superjson's
    ``compositeTransformation(.., (v, a, superJson) => ..)`` with ``untransform: (v: O, a:
    A, superJson: SuperJSON) => I``: ``superJson`` is a ``SuperJSON``; commander's
    ``program.hook('preAction', (cmd, action) => ..)``, ``hook`` declared in its
    ``typings/index.d.ts`` with ``listener: (thisCommand: Command, actionCommand: Command)
    => void``: ``action`` is a ``Command``. A callback that is a property of an object
    given there takes the member of that name of the parameter's type
    (``configureHelp({ subcommandTerm: (cmd) => .. })`` with ``configuration:
    Partial<Help>`` and ``Help``'s ``subcommandTerm(cmd: Command)``)."""
    key, given = _option_key(function)
    holder = given.parent
    call = holder.parent if holder is not None and holder.type == "arguments" else None
    callee = call.child_by_field_name("function") if call is not None else None
    if callee is None:
        return None
    position = _parameter_index(function, name)
    if position is None:
        return None
    argument = next(i for i, n in enumerate(holder.named_children) if n == given)
    if callee.type == "member_expression":
        declarations = _method_declarations(callee, receivers)
    elif callee.type == "identifier":
        declarations = _function_declarations(callee, receivers)
    else:
        return None
    for declaration in declarations:
        if key is None:
            found = _stated_callback(declaration, argument, position)
        else:
            found = _stated_option(declaration, argument, key, position, receivers)
        if found is not None:
            return found
    return None


def _option_key(function: Any) -> tuple[str | None, Any]:
    """(the key, the object) when ``function`` is a property of an object literal
    (``{ key: (a) => .. }``, ``{ key(a) { .. } }``); else (None, ``function``)."""
    holder = function.parent
    if function.type == "method_definition" and holder is not None and holder.type == "object":
        own = function.child_by_field_name("name")
        if own is not None and own.type == "property_identifier":
            return text(own), holder
    if holder is not None and holder.type == "pair":
        key = holder.child_by_field_name("key")
        literal = holder.parent
        if key is not None and key.type == "property_identifier" and literal is not None:
            if literal.type == "object":
                return text(key), literal
    return None, function


def _stated_option(
    declaration: Any, argument: int, key: str, position: int, receivers: Receivers
) -> list[str] | None:
    """The type parameter ``position`` of the member ``key`` has in the type that
    parameter ``argument`` of ``declaration`` states (an interface or class of the
    project, or a ``Partial<T>`` of one)."""
    from prx.engine.intel.models.script_members import (
        WRAPPERS,
        declared_members,
        owners_of,
    )

    parameters = declaration.child_by_field_name("parameters")
    if parameters is None or argument >= len(parameters.named_children):
        return None
    stated = parameters.named_children[argument].child_by_field_name("type")
    node = stated.named_children[0] if stated is not None and stated.named_children else None
    if node is None:
        return None
    names = type_argument(node, WRAPPERS) or type_names(node)
    if names is None or len(names) != 1:
        return None
    heritage = heritage_of(receivers.project)
    owner = heritage.wraps.get(names[0], names[0])
    for _, klass in owners_of(receivers.project, heritage, owner):
        for member in declared_members(klass, key):
            holder = member.parent
            if holder is None:
                continue
            if holder.type in (
                "method_signature",
                "method_definition",
                "abstract_method_signature",
            ):
                found = _parameter_type(holder.child_by_field_name("parameters"), position)
            else:
                found = _function_parameter_type(holder.child_by_field_name("type"), position)
            if found is not None:
                return found
    return None


def _function_declarations(callee: Any, receivers: Receivers) -> list[Any]:
    """The declaration of the function the identifier ``callee`` names (of the file or
    imported from the project), in a list."""
    called = text(callee)
    scope = declaring_scope(callee, called)
    declaration = declaration_of(scope, called) if scope is not None else None
    if declaration is not None and declaration.type == "import_statement":
        declaration = receivers.imported(declaration, called)
    if declaration is None or declaration.type not in FUNCTIONS:
        return []
    return [declaration]


def _method_declarations(callee: Any, receivers: Receivers) -> list[Any]:
    """Every declaration of the method ``receiver.method`` calls, when the receiver is
    of one class of the project: the class's own, its declaration file's (a ``.d.ts``
    beside the JavaScript, as a package ships them) and its ancestors'."""
    from prx.engine.intel.models.script_members import declared_members, owners_of

    obj, prop = callee.child_by_field_name("object"), callee.child_by_field_name("property")
    if obj is None or prop is None or chain_length(obj) > _LONGEST_CALLS:
        return []
    if obj.type == "this":
        klass = this_class(obj)
        owner = class_name(klass) if klass is not None else None
    else:
        found = _types_of(obj, receivers)
        owner = receivers.alias(found[0]) if isinstance(found, list) and len(found) == 1 else None
    if owner is None:
        return []
    heritage = heritage_of(receivers.project)
    out: list[Any] = []
    seen: set[str] = set()
    queue = [owner]
    while queue and len(seen) < _LONGEST_CHAIN:
        current = queue.pop(0)
        if current in seen:
            continue
        seen.add(current)
        for _, node in owners_of(receivers.project, heritage, current):
            out.extend(m.parent for m in declared_members(node, text(prop)) if m.parent)
        queue.extend(sorted(heritage.parents.get(current, ())))
    return out


def _stated_callback(declaration: Any, argument: int, position: int) -> list[str] | None:
    """The type the function type of parameter ``argument`` of ``declaration`` states
    for its own parameter ``position``; None when it states none."""
    parameters = declaration.child_by_field_name("parameters")
    if parameters is None or argument >= len(parameters.named_children):
        return None
    stated = parameters.named_children[argument].child_by_field_name("type")
    return _function_parameter_type(stated, position)


def _function_parameter_type(stated: Any, position: int) -> list[str] | None:
    """The type a function type annotation (``: (a: A, b: B) => R``) states for its
    parameter ``position``; None for any other annotation."""
    shape = stated.named_children[0] if stated is not None and stated.named_children else None
    if shape is None or shape.type != "function_type":
        return None
    return _parameter_type(shape.child_by_field_name("parameters"), position)


def _parameter_type(parameters: Any, position: int) -> list[str] | None:
    """The stated type of parameter ``position`` of a parameter list."""
    if parameters is None or position >= len(parameters.named_children):
        return None
    annotation = parameters.named_children[position].child_by_field_name("type")
    return type_names(annotation) if annotation is not None else None


def _called_with(function: Any, name: str, receivers: Receivers) -> list[str] | None:
    """The type every call passes for parameter ``name`` of a local helper that is only
    ever called, never passed on nor exported (``const myParseArg = (argument, ..) =>
    ..`` called ``myParseArg(declaredArg, ..)`` with ``declaredArg`` an ``Argument``);
    None when one call passes something of unknown type, or nothing says."""
    position = _parameter_index(function, name)
    own = _helper_name(function)
    if position is None or own is None:
        return None
    scope = declaring_scope(own, text(own))
    if scope is None or (
        scope.type == "program" and not _private_to_module(own, scope, receivers.parsed)
    ):
        return None  # another module (or script) may call it
    key = (int(function.start_byte), name)
    if key in _CALLING or len(_CALLING) > _LONGEST_CHAIN:
        return None
    _CALLING.add(key)
    try:
        uses = _name_uses(scope, text(own), own)
        if uses is None:
            return None
        found: list[str] = []
        for use in uses:
            call = use.parent
            if (
                call is None
                or call.type != "call_expression"
                or call.child_by_field_name("function") != use
            ):
                return None  # passed on as a value: its callers are unknown
            arguments = call.child_by_field_name("arguments")
            given = arguments.named_children if arguments is not None else []
            if position >= len(given) or any(a.type == "spread_element" for a in given):
                return None
            types = _types_of(given[position], receivers)
            if not isinstance(types, list):
                return None
            found.extend(t for t in types if t not in found)
        return found or None
    finally:
        _CALLING.discard(key)


def _private_to_module(own: Any, program: Any, parsed: ParsedFile) -> bool:
    """Whether the top-level function named at ``own`` is the file's alone: the file is
    a module (it imports, requires or exports something, so its top level is not the
    global scope scripts share) and the function is not exported where it is declared
    (an ``export {f}`` or ``module.exports = f`` elsewhere is a use that is no call,
    which :func:`_called_with` refuses)."""
    declaration = own.parent
    holder = declaration.parent if declaration is not None else None
    while holder is not None and holder.type in ("variable_declaration", "lexical_declaration"):
        holder = holder.parent
    if holder is not None and holder.type == "export_statement":
        return False
    module: bool | None = parsed.memo.get("script_module")
    if module is None:
        module = parsed.memo["script_module"] = _is_module(program)
    return module


def _is_module(program: Any) -> bool:
    """Whether a file's top level imports, requires or exports something (the first
    telling statement says)."""
    for statement in program.named_children:
        if statement.type in ("import_statement", "export_statement"):
            return True
        if statement.type in _REQUIRING and _COMMONJS.search(text(statement)):
            return True
    return False


#: Top-level statements that may require a module or assign its exports.
_REQUIRING = frozenset({"expression_statement", "variable_declaration", "lexical_declaration"})
#: What only a CommonJS module's code has: ``require(..)``, ``module.exports``, ``exports.x``.
_COMMONJS = re.compile(r"\brequire\s*\(|\bmodule\.exports\b|\bexports\.\w")
#: The helpers whose calls are being read.
_CALLING: set[tuple[int, str]] = set()
#: The most uses of a helper weighed.
_MOST_CALLS = 64


def _helper_name(function: Any) -> Any | None:
    """The name node a function is bound to (``function f``, ``const f = (..) => ..``)."""
    if function.type in ("function_declaration", "generator_function_declaration"):
        return function.child_by_field_name("name")
    holder = function.parent
    if holder is not None and holder.type == "variable_declarator":
        target = holder.child_by_field_name("name")
        if target is not None and target.type == "identifier":
            statement = holder.parent
            if statement is not None and statement.type == "lexical_declaration":
                if text(statement).startswith("const"):
                    return target
    return None


def _name_uses(scope: Any, name: str, own: Any) -> list[Any] | None:
    """The identifiers naming the helper ``name`` declared in ``scope`` (its own name
    left out); None when there are more than :data:`_MOST_CALLS`."""
    out: list[Any] = []
    stack = [scope]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_property_identifier") and text(node) == name:
            if node != own and declaring_scope(node, name) == scope:
                out.append(node)
                if len(out) > _MOST_CALLS:
                    return None
            continue
        stack.extend(node.named_children)
    return out


#: Array methods whose callback receives an element first (``sort`` two of them).
_ELEMENT_CALLBACKS = {
    **dict.fromkeys(
        ("forEach", "map", "filter", "find", "findLast", "findIndex", "some", "every"), 1
    ),
    **dict.fromkeys(("flatMap", "findLastIndex"), 1),
    "sort": 2,
}


def _first_argument_of_method(function: Any) -> tuple[Any, Any] | None:
    """(callee, method name node) when ``function`` is the first argument of a method
    call ``x.m(function, ..)``; else None."""
    holder = function.parent
    call = holder.parent if holder is not None and holder.type == "arguments" else None
    if call is None or call.type != "call_expression" or holder.named_children[:1] != [function]:
        return None
    callee = call.child_by_field_name("function")
    prop = callee.child_by_field_name("property") if callee is not None else None
    if prop is None or callee.type != "member_expression":
        return None
    return callee, prop


def _element_parameter(function: Any, name: str, receivers: Receivers) -> list[str] | None:
    """The element type of the array a callback iterates (``this.options.forEach((o)
    => o.name())`` with ``options`` stated ``Option[]``, ``help.visibleCommands(cmd).map((c)
    => ..)`` of a method stated to return ``Command[]``), for its element parameter."""
    found = _first_argument_of_method(function)
    if found is None:
        return None
    callee, prop = found
    takes = _ELEMENT_CALLBACKS.get(text(prop), 0)
    position = _parameter_index(function, name)
    if position is None or position >= takes:
        return None
    iterated = callee.child_by_field_name("object")
    return _elements(iterated, receivers) if iterated is not None else None


#: Array methods that return an array of the same elements.
_SAME_ARRAY = frozenset(
    {"slice", "filter", "concat", "reverse", "sort", "toSorted", "toReversed", "splice"}
)


def _elements(iterated: Any, receivers: Receivers, depth: int = 0) -> list[str] | None:
    """The element type names of the array ``iterated`` is, as its declaration or (a
    call) the called function's return type states it."""
    if depth > _LONGEST_CHAIN:
        return None  # ``const a = b.filter(..); const b = a.filter(..)``: a cycle
    if iterated.type == "call_expression":
        callee = iterated.child_by_field_name("function")
        prop = callee.child_by_field_name("property") if callee is not None else None
        inner = callee.child_by_field_name("object") if callee is not None else None
        if (
            prop is not None
            and inner is not None
            and text(prop) in _SAME_ARRAY
            and chain_length(inner) < _LONGEST_CALLS
        ):
            return _elements(inner, receivers, depth + 1)  # ``xs.slice(-1)``: xs's
        # only a stated array: a return type read from the code (``return this``) is
        # no array's element
        if call_type(iterated, receivers) != ["Array"]:
            return None
        return call_type(iterated, receivers, element_names)
    annotation = _stated_annotation(iterated, receivers)
    if annotation is not None:
        return element_names(annotation)
    if iterated.type == "identifier":
        # ``const visible = cmd.commands.filter(..)``: the elements of what it was given
        name = text(iterated)
        scope = declaring_scope(iterated, name)
        declaration = declaration_of(scope, name) if scope is not None else None
        value = (
            declaration.child_by_field_name("value")
            if declaration is not None and declaration.type == "variable_declarator"
            else None
        )
        if (
            value is not None
            and value.type != "identifier"
            and chain_length(value) < _LONGEST_CALLS
        ):
            return _elements(value, receivers, depth + 1)
    return None


def _iterated(loop: Any, name: str, receivers: Receivers) -> list[str] | None:
    """The element type of ``for (const x of xs)`` for ``x``, when ``xs`` states it."""
    left, right = loop.child_by_field_name("left"), loop.child_by_field_name("right")
    operator = loop.child_by_field_name("operator")
    if left is None or right is None or left.type != "identifier" or text(left) != name:
        return None
    if operator is None or text(operator) != "of":
        return None
    return _elements(right, receivers)


def _then_value(function: Any, name: str, receivers: Receivers) -> list[str] | None:
    """What the first parameter ``name`` of ``function`` is when ``function`` is the
    callback of ``p.then(..)``: what ``p`` resolves to (purify's ``this.run().then((x) =>
    x.orDefault(d))`` with ``run(): Promise<Maybe<T>>``: a ``Maybe``); None otherwise."""
    found = _first_argument_of_method(function)
    if found is None or text(found[1]) != "then":
        return None
    callee = found[0]
    if _parameter_index(function, name) != 0:
        return None
    promised = callee.child_by_field_name("object")
    if promised is None:
        return None
    return _promised_value(promised, receivers)


def _promised_value(promised: Any, receivers: Receivers) -> list[str] | None:
    """What the promise or thenable ``promised`` resolves to: a thenable class's
    awaited type (``ResultAsync implements PromiseLike<Result>``), or the type argument
    of the ``Promise<X>`` a call returns or a field or variable states (neverthrow's
    ``private _promise: Promise<Result<T, E>>``); None otherwise (a class's own
    ``then``)."""
    called = promised.type == "call_expression"
    stated = call_type(promised, receivers) if called else _types_of(promised, receivers)
    if not isinstance(stated, list) or not stated:
        return None
    awaits = heritage_of(receivers.project).awaits
    if all(n in awaits for n in stated):  # a thenable class: what it resolves to
        return [awaits[n] for n in stated]
    if not set(stated) <= PROMISES:
        return None  # another class's own ``then``
    if called:
        found = call_type(promised, receivers, awaited_names)
    else:
        annotation = _stated_annotation(promised)
        found = awaited_names(annotation) if annotation is not None else None
    return found if found and not set(found) & PROMISES else None


def _stated_annotation(value: Any, receivers: Receivers | None = None) -> Any | None:
    """The type annotation of ``this.field`` (its class's field, or the JSDoc of the
    constructor's assignment), with ``receivers`` of ``x.field`` for an ``x`` of one
    class of the project, or of a variable or parameter ``value`` names (its JSDoc's in
    JavaScript); None when nothing states it."""
    if value.type == "member_expression":
        obj, prop = value.child_by_field_name("object"), value.child_by_field_name("property")
        if obj is None or prop is None:
            return None
        if obj.type == "this":
            klass = this_class(obj)
            classes = [klass] if klass is not None else []
        else:
            classes = _classes_of(obj, receivers) if receivers is not None else []
        for klass in classes:  # the class, then its declaration file's twin
            found = _field_annotation(klass, text(prop))
            if found is not None:
                return found
        return None
    if value.type == "identifier":
        name = text(value)
        scope = declaring_scope(value, name)
        declaration = declaration_of(scope, name) if scope is not None else None
        if declaration is None and scope is not None and scope.type in FUNCTIONS:
            return param_type(scope, name)
        if declaration is not None and declaration.type in (
            "variable_declarator",
            "required_parameter",
            "optional_parameter",
        ):
            return declaration.child_by_field_name("type") or variable_type(declaration)
    return None


def _field_annotation(klass: Any, field: str) -> Any | None:
    """The stated type of field ``field`` of a class node: its declaration's, or the
    JSDoc of the constructor's ``this.field = ..``."""
    member = declared_member(klass, field)
    holder = member.parent if member is not None else None
    if holder is None:
        assignment = _constructor_assignment(klass, field)
        return variable_type(assignment) if assignment is not None else None
    return holder.child_by_field_name("type") or variable_type(holder)


def _classes_of(value: Any, receivers: Receivers) -> list[Any]:
    """The class nodes named like the one project class ``value`` is an instance of
    (``cmd`` stated a ``Command``: its class and its ``.d.ts`` twin), or none."""
    from prx.engine.intel.models.script_members import owners_of

    if chain_length(value) > _LONGEST_CHAIN:
        return []
    found = _types_of(value, receivers)
    if not isinstance(found, list) or len(found) != 1:
        found = _duck_class(value, receivers)
        if found is None:
            return []
    owners = owners_of(receivers.project, heritage_of(receivers.project), receivers.alias(found[0]))
    return [node for _, node in owners if is_class(node)]


def _duck_parameter(receiver: Any, function: Any, receivers: Receivers) -> list[str] | None:
    """A JavaScript parameter nothing states, of the one class whose members the
    function reads on it (markdown-it's rules' ``state``, reading ``bMarks``,
    ``skipChars`` ..., which only ``StateBlock`` has); None when the reads do not tell
    one class, or the file is TypeScript (an unstated parameter there is ``any``). Two
    members read at least: one read alone is the member asked about (``x.test()``
    names a method only ``Range`` has; the call is all that ties it: by name)."""
    if receivers.parsed.language != "javascript" or function.type not in FUNCTIONS:
        return None
    return _duck_class(receiver, receivers, at_least=2)


def _duck_class(value: Any, receivers: Receivers, at_least: int = 1) -> list[str] | None:
    """The one class a variable of no stated type can be by the members the code reads
    on it (a test callback's ``cmd`` reading ``cmd.registeredArguments``), to read a
    field's stated type through it; None otherwise."""
    from prx.engine.intel.models.script_ducks import only_class

    variable = _untyped_variable(value)
    if variable is None:
        return None
    scope, name = variable
    key = (int(scope.start_byte), name, at_least)
    if key not in receivers.ducks:
        receivers.ducks[key] = only_class(
            receivers.project, receivers.family.known, scope, name, at_least
        )
    found = receivers.ducks[key]
    return [found] if found is not None else None


def outside_family_value(value: Any, receivers: Receivers) -> bool:
    """Whether the untyped variable ``value`` names reads a member no class of the
    family has (see :func:`script_ducks.outside_family`)."""
    from prx.engine.intel.models.script_ducks import outside_family

    variable = _untyped_variable(value)
    if variable is None:
        return False
    scope, name = variable
    return outside_family(receivers.project, receivers.family, scope, name)


def _untyped_variable(value: Any) -> tuple[Any, str] | None:
    """(declaring scope, name) of the variable or parameter ``value`` names when nothing
    states its type; None for another expression, or a function, a class, an import or
    a value of its own."""
    if value.type != "identifier":
        return None
    name = text(value)
    scope = declaring_scope(value, name)
    if scope is None:
        return None
    declaration = declaration_of(scope, name)
    if declaration is not None and not _untyped(declaration):
        return None
    return scope, name


def _imported_instance(declaration: Any, name: str, receivers: Receivers) -> list[str] | None:
    """The class of the instance an imported name is (``declaration``: what declares
    it), when its module provides a ``const`` made by ``new T(..)`` under that name
    (``const nothing = new Nothing()`` exported as ``Nothing``) or one of a stated type
    (purify's ``export const NonEmptyList: NonEmptyListTypeRef = ...`` beside the
    interface ``NonEmptyList``: a value's members are the stated type's); None for
    anything else."""
    if declaration is None or declaration.type != "import_statement":
        return None
    provider = receivers.imported_from(declaration, name)
    if provider is None or provider[1].type != "variable_declarator":
        return None
    parsed, found = provider
    annotation = found.child_by_field_name("type")
    if annotation is not None:
        return type_names(annotation)
    value = found.child_by_field_name("value")
    key = (parsed.rel, name)
    if value is not None and value.type == "call_expression" and key not in _READING:
        # ``export const text = Codec.custom<string>(..)``: what the call returns, read
        # in the file that makes it (once: two modules' constants may name each other)
        _READING.add(key)
        try:
            return call_type(value, Receivers(receivers.project, parsed, receivers.family))
        finally:
            _READING.discard(key)
    return constructed_types(value)


#: The imported constants whose value is being read.
_READING: set[tuple[str, str]] = set()


def _package_callback(function: Any, receivers: Receivers) -> bool:
    """Whether ``function`` is passed to a test runner's function (``test('x', t =>
    ...)`` with ``test`` from ``tap``, ``t.test('y', t2 => ...)``): its parameters are
    the runner's objects (another package's callback may well receive the project's:
    ``_.map(items, i => i.run())``)."""
    holder = function.parent
    call = holder.parent if holder is not None and holder.type == "arguments" else None
    if call is None or call.type != "call_expression":
        return False
    callee = call.child_by_field_name("function")
    while callee is not None and callee.type == "member_expression":
        callee = callee.child_by_field_name("object")
    if callee is None or callee.type != "identifier":
        return False
    name = text(callee)
    if name in receivers.runners:
        return True
    # t.test('y', t2 => ...) inside a runner's callback: t is the runner's too
    scope = declaring_scope(callee, name)
    return scope is not None and scope.type in FUNCTIONS and _package_callback(scope, receivers)


def _untyped(declaration: Any) -> bool:
    """A ``let x``/``let x = null`` or a parameter that states no type: what it holds is
    what the code assigns to it."""
    if declaration.type in ("required_parameter", "optional_parameter"):
        return declaration.child_by_field_name("type") is None
    if declaration.type != "variable_declarator" or declaration.child_by_field_name("type"):
        return False
    value = declaration.child_by_field_name("value")
    return value is None or value.type in ("null", "undefined")


def _assigned_types(scope: Any, name: str, receivers: Receivers) -> list[str] | None:
    """The types of every value assigned to its own ``name`` in ``scope`` (a variable
    that only ever receives instances of the project's classes: ``let r = null; try { r
    = new Range(x) } ...``, ``active = option.variadic ? option : null`` with ``option``
    an ``Option``); None when one assigns something of unknown type, or none assigns."""
    key = (int(scope.start_byte), name)
    if key in _ASSIGNING or len(_ASSIGNING) > _LONGEST_CHAIN:
        return None  # ``a = b; b = a``: read once
    _ASSIGNING.add(key)
    try:
        found: list[str] = []
        stack = [scope]
        while stack:
            node = stack.pop()
            if node.type == "assignment_expression":
                left = node.child_by_field_name("left")
                if left is not None and left.type == "identifier" and text(left) == name:
                    if declaring_scope(left, name) != scope:
                        continue
                    right = node.child_by_field_name("right")
                    types = _value_types(right, name, receivers) if right is not None else None
                    if types is None:
                        return None
                    found.extend(types)
            stack.extend(node.named_children)
        return found or None
    finally:
        _ASSIGNING.discard(key)


#: The declarations whose value's type is being read (by span and name).
_DECLARING: set[tuple[int, int, str]] = set()
#: The variables whose assignments are being read.
_ASSIGNING: set[tuple[int, str]] = set()


def _value_types(value: Any, name: str, receivers: Receivers) -> list[str] | None:
    """The types an assigned value has: constructed, ``null`` (none), either branch of
    ``c ? a : b``, another variable's or a call's; None when unknown."""
    kind = value.type
    if kind in ("null", "undefined"):
        return []
    if kind == "parenthesized_expression" and value.named_children:
        return _value_types(value.named_children[0], name, receivers)
    if kind == "ternary_expression":
        out: list[str] = []
        for branch in ("consequence", "alternative"):
            part = value.child_by_field_name(branch)
            types = _value_types(part, name, receivers) if part is not None else None
            if types is None:
                return None
            out.extend(types)
        return out
    found = constructed_types(value)
    if found is not None:
        return found
    if (kind == "identifier" and text(value) != name) or kind == "call_expression":
        stated = _types_of(value, receivers)
        return stated if isinstance(stated, list) else None
    return None


def _package_imports(
    project: Project, parsed: ParsedFile, only: frozenset[str] | None = None
) -> frozenset[str]:
    """Local names the file binds to modules of packages (not files of the project);
    with ``only``, to those packages."""
    from prx.engine.intel.uses import all_bindings

    out = set()
    for binding in all_bindings(parsed):
        module = binding.module
        if not module or module.startswith((".", "/", "#", "~", "@/")) or not binding.local:
            continue
        if only is not None and module not in only:
            continue
        if binding.kind in ("module", "require", "name") and not _resolved(
            project, parsed, binding
        ):
            out.add(binding.local)
    return frozenset(out)


def _resolved(project: Project, parsed: ParsedFile, binding: Any) -> bool:
    """Whether the import at the binding's line leads into the project."""
    for edge in project.graph.edges_from(parsed.rel):
        if edge.line == binding.line and edge.target:
            return True
    return False
