"""The sites of one JavaScript or TypeScript definition: its own file's references in
scope, the importers the import machinery of :mod:`prx.engine.intel.uses` binds it in
(re-exports, ``export *``, CommonJS ``require`` followed), and a class member's accesses
by receiver (see :mod:`~prx.engine.intel.models.script_members`).

What a rename must change, and only that:

- a top-level name exported under its own name (``export function f``, ``export {f}``,
  CommonJS ``module.exports = {f}``) changes in every importer that names it (the import
  specifier, the uses of the local it binds, ``ns.f``); exported under another name
  (``export default f``, ``export {f as g}``, ``exports.g = f``, ``module.exports = f``),
  only in its own file: importers name it themselves;
- a shorthand property ``{f}`` outside an exports object is the property ``f`` too: a
  rename would change the property's name, so it is a candidate (:data:`BY_NAME`), which
  a rename does not take without being told;
- a member changes with every declaration of its family and every access whose receiver
  is of a family type; an access through a receiver of unknown type is a candidate.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import BY_NAME, BY_TYPE, RESOLVED, Site, Target, sorted_sites
from prx.engine.intel.models.script_library import es_members
from prx.engine.intel.models.script_members import (
    Family,
    ancestors_of,
    declared_members,
    family_of,
    overrides_above,
    seen_from,
    typed_by_nothing,
)
from prx.engine.intel.models.script_prototypes import constructor_of_member, prototype_owner
from prx.engine.intel.models.script_receivers import (
    Receivers,
    outside_family_value,
    type_names,
)
from prx.engine.intel.models.script_scope import (
    FUNCTIONS,
    class_name,
    declaring_scope,
    identifier_nodes,
    text,
    this_class,
)

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["declared_static", "member_owner", "member_sites", "name_node", "scoped_sites"]

_SCRIPTS = frozenset({"javascript", "typescript", "tsx"})
_BODIES = frozenset({"class_body", "interface_body", "object_type"})
_IMPORT_NAMES = frozenset({"import_specifier", "export_specifier"})


def _line(node: Any) -> int:
    return int(node.start_point[0]) + 1


def _site(rel: str, node: Any, how: str, role: str = "reference") -> Site:
    return Site(rel, _line(node), int(node.start_byte), int(node.end_byte), how, role)


def name_node(parsed: ParsedFile, target: Target) -> Any | None:
    """The identifier node of the target's name in the project's parse of its file."""
    tree = parsed.tree
    if tree is None:
        return None
    node = tree.root_node.named_descendant_for_byte_range(target.start, target.end)
    if node is None or node.start_byte != target.start or node.end_byte != target.end:
        return None
    return node


def member_owner(node: Any) -> tuple[str, Any] | None:
    """For a class or interface member's name node: the name of its class, interface or
    object type, and that node; None for another definition."""
    if prototype_owner(node) is not None:  # ``X.prototype.m = ..``: a constructor's
        return constructor_of_member(node)
    declaration = node.parent
    if declaration is None or declaration.parent is None:
        return None
    body = declaration.parent
    if body.type not in _BODIES or body.parent is None:
        return None
    owner = body.parent
    if body.type == "object_type":
        if owner.type != "type_alias_declaration":
            return None
        alias = owner.child_by_field_name("name")
        return (text(alias), owner) if alias is not None else None
    name = class_name(owner)
    return (name, owner) if name is not None else None


# -- a name in its scope, and its importers ---------------------------------------


def _in_exports_object(node: Any) -> bool:
    """``{f}`` is the object assigned to ``module.exports`` (the export named ``f``)."""
    obj = node.parent
    holder = obj.parent if obj is not None else None
    if holder is None or holder.type != "assignment_expression":
        return False
    left = holder.child_by_field_name("left")
    return left is not None and text(left).replace(" ", "") in ("module.exports", "exports")


def _exports_own_name(node: Any, own: bool) -> bool:
    """Whether this site makes the export's name the local name: ``export function f``,
    ``export {f}`` (no ``as``), ``module.exports = {f}``."""
    parent = node.parent
    if parent is None:
        return False
    if own:
        holder = parent.parent
        if holder is not None and holder.type in ("lexical_declaration", "variable_declaration"):
            holder = holder.parent
        return (
            holder is not None
            and holder.type == "export_statement"
            and not any(c.type == "default" for c in holder.children)
        )
    if parent.type == "export_specifier":
        return parent.child_by_field_name("alias") is None
    return node.type == "shorthand_property_identifier" and _in_exports_object(node)


def _from_another_module(node: Any) -> bool:
    """Inside an import or an ``export ... from`` statement (names of another module)."""
    current = node.parent
    for _ in range(5):
        if current is None:
            return False
        if current.type == "import_statement":
            return True
        if current.type == "export_statement":
            return current.child_by_field_name("source") is not None
        current = current.parent
    return False


def _local_sites(
    rel: str, parsed: ParsedFile, name: str, scope: Any, own_start: int | None
) -> tuple[list[Site], bool]:
    """Identifiers ``name`` of ``parsed`` bound to ``scope``'s declaration; and whether
    one of them exports the name as itself."""
    sites = []
    coupled = False
    for node in identifier_nodes(parsed, name):
        if node.type in ("property_identifier", "private_property_identifier"):
            continue
        if _qualified_type(node) or _from_another_module(node):
            continue
        found = declaring_scope(node, name)
        if found is None or found.id != scope.id:
            continue
        own = (own_start is not None and node.start_byte == own_start) or _signature(node)
        coupled = coupled or _exports_own_name(node, own)
        site = _site(rel, node, RESOLVED, "definition" if own else "reference")
        if node.type == "shorthand_property_identifier" and not _in_exports_object(node):
            # ``return { decode, encode }``: the binding renamed, the key stays
            site = site._replace(keeps_key=True)
        sites.append(site)
    return sites, coupled


def _signature(node: Any) -> bool:
    """The name of an overload signature (``function f(a: string): void;``): it declares
    the function with its implementation, it does not use it."""
    parent = node.parent
    return (
        parent is not None
        and parent.type == "function_signature"
        and parent.child_by_field_name("name") == node
    )


def _qualified_type(node: Any) -> bool:
    """The name part of ``ns.T`` in a type (``Kind.ZodVoid``): a member of ``ns``."""
    parent = node.parent
    return (
        parent is not None
        and parent.type == "nested_type_identifier"
        and parent.child_by_field_name("name") == node
    )


def _import_site(node: Any) -> bool:
    """The imported name's place in an import statement (``{f}``, ``{f as g}``'s ``f``,
    ``export {f} from``, ``const {f} = require()``, ``const {f: g} = require()``)."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type in _IMPORT_NAMES:
        return bool(parent.child_by_field_name("name") == node)
    if node.type == "shorthand_property_identifier_pattern":
        return True
    return bool(parent.type == "pair_pattern" and parent.child_by_field_name("key") == node)


def scoped_sites(project: Project, target: Target, node: Any, files: Sequence[str]) -> list[Site]:
    """The sites of a function, class, type or variable (not a member)."""
    parsed = project.file(target.file)
    assert parsed is not None
    name = target.name
    scope = declaring_scope(node, name)
    if scope is None:
        return [_site(target.file, node, RESOLVED, "definition")]
    sites, coupled = _local_sites(target.file, parsed, name, scope, target.start)
    namespace = _namespace_of(scope)
    if namespace is not None:
        # ``export const f`` in ``namespace util``: used as ``util.f`` wherever util is
        sites.extend(_qualified_uses(project, files, namespace, name))
        return sorted_sites(sites)
    if scope.type != "program" or not coupled:
        return sorted_sites(sites)
    from prx.engine.intel.uses import edge_bindings, find_users

    users = find_users(project, target.file, name)
    wanted = set(files)
    involved = set(users.users) | set(users.unused) | set(users.reexports) | set(users.providers)
    for rel in sorted(involved - {target.file}):
        user = project.file(rel)
        if rel not in wanted or user is None or user.language not in _SCRIPTS:
            continue
        statements: list[tuple[int, int]] = []
        bound = False
        for edge in project.graph.edges_from(rel):
            provided = users.providers.get(edge.target or "")
            if provided is None or name not in provided:
                continue
            for binding in edge_bindings(user, edge):
                if binding.kind in ("name", "reexport") and binding.imported == name:
                    statements.append((binding.line, binding.end_line))
                    bound = bound or (binding.kind == "name" and binding.local == name)
        for found in identifier_nodes(user, name):
            line = _line(found)
            if any(first <= line <= last for first, last in statements) and _import_site(found):
                sites.append(_site(rel, found, RESOLVED, "import"))
        if bound:
            program = user.tree.root_node if user.tree is not None else None
            if program is not None:
                local, _ = _local_sites(rel, user, name, program, None)
                sites.extend(s for s in local if not _on(s, statements))
        use = users.users.get(rel)
        for occ, how in use.refs if use is not None else ():
            if (
                how == "module"
                and user.data[occ.byte : occ.byte + len(name.encode())] == name.encode()
            ):
                sites.append(Site(rel, occ.line, occ.byte, occ.byte + len(name.encode()), RESOLVED))
    sites.extend(_keys_in_holders(project, users.providers, name, set(files), sites))
    return sorted_sites(sites)


def _keys_in_holders(
    project: Project,
    providers: dict[str, set[str]],
    name: str,
    wanted: set[str],
    sites: list[Site],
) -> list[Site]:
    """The object keys spelled ``name`` in the files that hold a module providing it as
    one object (``const constants = require('./constants')``), see :func:`_keys_named`."""
    from prx.engine.intel.uses import edge_bindings

    out: list[Site] = []
    for provider in sorted(providers):
        if name not in providers[provider]:
            continue
        for edge in project.graph.edges_to(provider):
            rel = edge.source
            user = project.file(rel)
            if rel not in wanted or user is None or user.language not in _SCRIPTS:
                continue
            if not any(b.kind in _WHOLE_MODULE for b in edge_bindings(user, edge)):
                continue
            taken = {s.start for s in sites + out if s.file == rel}
            out.extend(_keys_named(rel, user, name, taken))
    return out


#: Imports that bind the module object itself (``import * as m``, ``const m = require()``).
_WHOLE_MODULE = frozenset({"module", "require", "namespace"})


def _keys_named(rel: str, user: ParsedFile, name: str, taken: set[int]) -> list[Site]:
    """Object keys spelled ``name`` in a file that holds the module exporting it as an
    object (``t.match(constants, { NAME: Number })``): they may describe the module's
    exports, so they are unsure places, never silently left."""
    out = []
    for node in identifier_nodes(user, name):
        parent = node.parent
        if (
            node.type == "property_identifier"
            and parent is not None
            and parent.type == "pair"
            and parent.child_by_field_name("key") == node
            and node.start_byte not in taken
        ):
            out.append(_site(rel, node, BY_NAME))
    return out


def _namespace_of(scope: Any) -> str | None:
    """The name of the TypeScript namespace whose body ``scope`` is, else None."""
    holder = scope.parent
    if scope.type != "statement_block" or holder is None or holder.type != "internal_module":
        return None
    own = holder.child_by_field_name("name")
    return text(own) if own is not None else None


def _qualified_uses(
    project: Project, files: Sequence[str], namespace: str, name: str
) -> list[Site]:
    """``namespace.name`` (a value or a type) in ``files``: the namespace's member."""
    out = []
    for rel in files:
        parsed = project.file(rel)
        if (
            parsed is None
            or parsed.language not in _SCRIPTS
            or namespace.encode() not in parsed.data
        ):
            continue
        for node in identifier_nodes(parsed, name):
            parent = node.parent
            if parent is None:
                continue
            if (
                parent.type == "member_expression"
                and parent.child_by_field_name("property") == node
            ):
                head = parent.child_by_field_name("object")
            elif _qualified_type(node):
                head = parent.child_by_field_name("module")
            else:
                continue
            if head is not None and text(head) == namespace:
                out.append(_site(rel, node, RESOLVED))
    return out


def _on(site: Site, statements: list[tuple[int, int]]) -> bool:
    return any(first <= site.line <= last for first, last in statements)


# -- class members ------------------------------------------------------------------


def _reaching(project: Project, files: frozenset[str]) -> tuple[set[str], set[str]]:
    """``files`` and every file whose imports reach one of them, however indirectly;
    and beside them every JavaScript file those import: JavaScript hands values to the
    modules it imports with no type naming them (markdown-it's parser passes its
    ``StateBlock`` to each rule's file, which imports nothing of it), so such a file
    may hold an instance as well."""
    seen = set(files)
    queue = deque(sorted(files))
    while queue:
        for edge in project.graph.edges_to(queue.popleft()):
            if edge.source not in seen:
                seen.add(edge.source)
                queue.append(edge.source)
    importing = set(seen)
    queue = deque(sorted(seen))
    while queue:
        for imported in project.graph.imports_of(queue.popleft()):
            if (
                imported not in seen
                and imported.endswith(_UNTYPED)
                and "node_modules" not in imported.split("/")  # a dependency's code
            ):
                seen.add(imported)
                queue.append(imported)
    return importing, seen


#: The files whose parameters state no type (JavaScript's).
_UNTYPED = (".js", ".cjs", ".mjs", ".jsx")


def _declarations(project: Project, family: Family, name: str, static: bool) -> list[Site]:
    out = []
    for rel, start in sorted(family.declaring):
        parsed = project.file(rel)
        if parsed is None or parsed.tree is None:
            continue
        owner = parsed.tree.root_node.named_descendant_for_byte_range(start, start)
        while owner is not None and int(owner.start_byte) == start and owner.parent is not None:
            if owner.type in (
                "class_declaration",
                "abstract_class_declaration",
                "class",
                "interface_declaration",
                "function_declaration",  # a constructor function's prototype
                "function_expression",  # ``var X = function ..``'s
                "function",
            ):
                break
            owner = owner.parent
        for member in declared_members(owner, name) if owner is not None else ():
            if declared_static(member) == static:  # a static and an instance m are two
                out.append(_site(rel, member, RESOLVED, "definition"))
    return out


def _constructor_of(node: Any) -> bool:
    """``x.constructor``: a class (a function), whose members are its statics and
    ``Function``'s (``name``, ``length``), never its instances'."""
    prop = node.child_by_field_name("property") if node.type == "member_expression" else None
    return prop is not None and text(prop) == "constructor"


def _destructured(node: Any, receivers: Receivers) -> str | None:
    """How sure ``const {m} = value`` or a parameter ``{m}: T`` takes the member."""
    pattern = node.parent
    while pattern is not None and pattern.type in ("pair_pattern", "object_assignment_pattern"):
        pattern = pattern.parent
    if pattern is None or pattern.type != "object_pattern":
        return BY_NAME
    holder = pattern.parent
    if holder is None:
        return BY_NAME
    if holder.type == "variable_declarator":
        value = holder.child_by_field_name("value")
        if value is not None and _requires_package(value, receivers):
            return None  # const {test} = require('tap'): the package's
        if value is not None and _module_exports(value, text(node), receivers):
            return None  # const { make } = require('./index'), index exporting `make`
        return receivers.of(value) if value is not None else BY_NAME
    if holder.type in ("required_parameter", "optional_parameter"):
        annotation = holder.child_by_field_name("type")
        if annotation is None:
            return BY_NAME
        return receivers.of_types(type_names(annotation))
    return BY_NAME


def _module_exports(value: Any, name: str, receivers: Receivers) -> bool:
    """Whether ``value`` is a project module's exports object (``require('./m')``, or a
    name an import or ``require`` binds to one) that has its own export ``name``: a
    destructuring of it takes that export, no class's member."""
    from prx.engine.intel.bindings import exports_name
    from prx.engine.intel.uses import all_bindings

    parsed = receivers.parsed
    if value.type == "call_expression":
        callee = value.child_by_field_name("function")
        if callee is None or text(callee) != "require":
            return False
        line = int(value.start_point[0]) + 1
    elif value.type == "identifier":
        local = text(value)
        binding = next(
            (
                b
                for b in all_bindings(parsed)
                if b.local == local
                and (
                    b.kind in ("module", "require")
                    or (b.kind == "name" and b.imported == "default")
                )
            ),
            None,
        )
        if binding is None:
            return False
        line = binding.line
    else:
        return False
    for edge in receivers.project.graph.edges_from(parsed.rel):
        if edge.line == line and edge.target:
            provider = receivers.project.file(edge.target)
            return provider is not None and exports_name(provider, name)
    return False


def _a_module_s_export(obj: Any, name: str, receivers: Receivers) -> bool:
    """Whether ``obj.name`` is a module's export, no instance's member: ``obj`` is this
    module's exports object (``module.exports``, ``exports``) or a project module's that
    exports ``name`` (``require('./rules/em').tokenize``)."""
    if text(obj).replace(" ", "") in ("module.exports", "exports"):
        free = obj if obj.type == "identifier" else obj.child_by_field_name("object")
        # CommonJS's own names, unless the file declares one of its own
        return free is not None and declaring_scope(free, text(free)) is None
    return _module_exports(obj, name, receivers)


def _requires_package(value: Any, receivers: Receivers) -> bool:
    """``require('pkg')`` of a module outside the project."""
    if value.type != "call_expression":
        return False
    callee = value.child_by_field_name("function")
    arguments = value.child_by_field_name("arguments")
    if callee is None or text(callee) != "require" or arguments is None:
        return False
    source = arguments.named_children[0] if arguments.named_children else None
    if source is None or source.type != "string":
        return False
    module = text(source).strip("'\"`")
    return not module.startswith((".", "/"))


def member_sites(
    project: Project, target: Target, owner: str, files: Sequence[str], own: bool = False
) -> list[Site]:
    """The declarations of a member's family and the accesses that reach it (``own``:
    only the accesses the compiler binds to this member, through its own class or those
    below it that do not declare it again; a rename takes the whole family)."""
    name = target.name
    family = family_of(project, owner, name)
    overrides = own and overrides_above(project, owner, name)
    seen = seen_from(project, owner, name, family, overrides) if own else None
    declared = parsed_name(project, target)
    own_static = declared_static(declared)
    sites = _declarations(project, family, name, own_static)
    sites.append(Site(target.file, target.line, target.start, target.end, RESOLVED, "definition"))
    importing, reach = _reaching(project, family.files | {target.file})
    # where no import names the class, a member name of the language's own built-ins
    # (``result.push(..)`` on an array) is no candidate for explain and impact: only a
    # typed access is a use (a rename still weighs it, and stops there)
    library = es_members() if own and reach - importing else frozenset()
    # a candidate by name is an override's ancestor's as the compiler reads it, and no
    # use at all of a member of interfaces no value is typed with
    sure_only = overrides or (seen is not None and typed_by_nothing(project, seen, sorted(reach)))
    # JavaScript binds ``this.m()`` at run time: in a method of a class above the
    # override's, it may call the override (argparse's ``HelpFormatter`` calling
    # ``this._splitLines(..)``, overridden by ``RawTextHelpFormatter``): a candidate
    above = ancestors_of(project, owner) if overrides else frozenset()
    shape = _shape(declared)
    static = _static(declared)
    other = _other_shapes(project, family, name, [f for f in files if f in reach])
    for rel in files:
        parsed = project.file(rel)
        if rel not in reach or parsed is None or parsed.language not in _SCRIPTS:
            continue
        receivers: Receivers | None = None
        for node in identifier_nodes(parsed, name):
            parent = node.parent
            if parent is None:
                continue
            if receivers is None:
                receivers = Receivers(project, parsed, seen or family)
            how: str | None = None
            kind = node.type
            if (
                parent.type == "member_expression"
                and parent.child_by_field_name("property") == node
            ):
                obj = parent.child_by_field_name("object")
                how = receivers.of(obj) if obj is not None else None
                if obj is not None and _a_module_s_export(obj, name, receivers):
                    how = None  # module.exports.m = .., require('./x').m: an export
                if obj is not None and _constructor_of(obj) and not static:
                    how = None  # obj.constructor.name: the class's own, no instance's
                if how == BY_NAME and _other_shaped(parent, shape, other):
                    how = None  # x.m where only another type's m has that shape
                if how == BY_NAME and own and obj is not None:
                    if outside_family_value(obj, receivers):
                        how = None  # x reads what no family class has (a rename weighs it)
                if how is None and above and _dispatched(obj, above, parsed):
                    sites.append(_site(rel, node, BY_NAME))
                    continue
                if how == RESOLVED and not static:
                    how = None  # Klass.m is a static member, never an instance's
                elif how == BY_TYPE and own_static and obj is not None and obj.type != "this":
                    how = None  # an instance's m is never the static one
            elif kind == "shorthand_property_identifier_pattern" or (
                parent.type == "pair_pattern" and parent.child_by_field_name("key") == node
            ):
                how = _destructured(node, receivers)
            elif kind in ("property_identifier", "shorthand_property_identifier") and (
                parent.type in ("pair", "method_definition", "object")
                and (parent.type != "method_definition" or _in_object(parent))
            ):
                stated = _literal_type(parent if parent.type == "object" else parent.parent)
                if stated and all(receivers.alias(t) in family.types for t in stated):
                    how = BY_TYPE  # ``const Maybe: MaybeTypeRef = { fromNullable(..) {..} }``
                else:
                    how = BY_NAME if family.structural else None
            if how == BY_NAME and name in library and rel not in importing:
                how = None
            if how is not None and not (sure_only and how == BY_NAME):
                sites.append(_site(rel, node, how))
                if kind == "shorthand_property_identifier_pattern":
                    # `const { m } = value` binds a local `m` too: renamed with the key,
                    # its uses are renamed along (else they name nothing).
                    sites.extend(_pattern_local_uses(rel, parsed, node, name, how))
    return sorted_sites(sites)


def _dispatched(obj: Any, above: frozenset[str], parsed: ParsedFile) -> bool:
    """Whether ``obj`` is ``this`` in a JavaScript method of a class in ``above``."""
    if obj is None or obj.type != "this" or parsed.language != "javascript":
        return False
    klass = this_class(obj)
    return klass is not None and class_name(klass) in above


def _pattern_local_uses(rel: str, parsed: ParsedFile, node: Any, name: str, how: str) -> list[Site]:
    """The uses of the local a shorthand destructuring pattern ``{ name }`` binds, as
    sure as the key itself."""
    scope = declaring_scope(node, name)
    if scope is None:
        return []
    local, _ = _local_sites(rel, parsed, name, scope, node.start_byte)
    return [
        Site(s.file, s.line, s.start, s.end, how, s.role)
        for s in local
        if s.start != node.start_byte
    ]


_METHODS = frozenset({"method_definition", "method_signature", "abstract_method_signature"})
_FIELDS = frozenset({"public_field_definition", "field_definition", "property_signature"})
_SIGNATURES = frozenset({"method_signature", "property_signature", "abstract_method_signature"})


def parsed_name(project: Project, target: Target) -> Any | None:
    parsed = project.file(target.file)
    return name_node(parsed, target) if parsed is not None else None


def declared_static(node: Any | None) -> bool:
    """Whether the member whose name is ``node`` is declared ``static``."""
    parent = node.parent if node is not None else None
    return parent is not None and any(child.type == "static" for child in parent.children)


def _static(node: Any | None) -> bool:
    """Whether the member whose name is ``node`` is declared ``static`` (or is no class
    member: an object type's, a namespace's, read through its owner's name)."""
    parent = node.parent if node is not None else None
    if node is not None and prototype_owner(node) is not None:
        return False  # ``X.prototype.m``: its instances'
    if parent is None or parent.type not in _METHODS | _FIELDS:
        return True
    in_class = parent.parent is not None and parent.parent.type == "class_body"
    if not in_class and parent.type in _SIGNATURES:
        return True  # an interface's or object type's member
    # a class body's signature is a declaration file's (or an overload's) member
    return any(child.type == "static" for child in parent.children)


def _shape(node: Any | None) -> str | None:
    """``method`` or ``field``: how the member whose name is ``node`` is declared."""
    parent = node.parent if node is not None else None
    if parent is None:
        return None
    if parent.type in _METHODS:
        accessor = any(c.type in ("get", "set") for c in parent.children)
        return "field" if accessor else "method"  # a getter is read as a field
    return "field" if parent.type in _FIELDS else None


def _other_shapes(project: Project, family: Family, name: str, files: Sequence[str]) -> set[str]:
    """The shapes (method, field) of the members ``name`` that classes, interfaces and
    object types outside the family declare in ``files``."""
    out: set[str] = set()
    for rel in files:
        parsed = project.file(rel)
        if parsed is None or parsed.language not in _SCRIPTS:
            continue
        for node in identifier_nodes(parsed, name):
            shape = _shape(node)
            if shape is None:
                klass = _assigned_field(node)
                if klass is not None and class_name(klass) not in family.types:
                    out.add("field")  # JavaScript: this.name = ... in another class
                continue
            owner = member_owner(node)
            if owner is None or owner[0] not in family.types:
                out.add(shape)
    return out


def _assigned_field(node: Any) -> Any | None:
    """The class whose method assigns ``this.<node> = ...`` (a JavaScript field)."""
    access = node.parent
    holder = access.parent if access is not None else None
    if (
        access is None
        or access.type != "member_expression"
        or holder is None
        or holder.type != "assignment_expression"
        or holder.child_by_field_name("left") != access
    ):
        return None
    obj = access.child_by_field_name("object")
    return this_class(obj) if obj is not None and obj.type == "this" else None


def _other_shaped(access: Any, own: str | None, other: set[str]) -> bool:
    """Whether the access ``x.m`` has the shape of another type's member and not the
    target's: a call of a method when the target is a field, a plain read of a field
    when the target is a method (``schema._def.innerType`` is no call of the method
    ``innerType()``)."""
    holder = access.parent
    called = (
        holder is not None
        and holder.type == "call_expression"
        and holder.child_by_field_name("function") == access
    )
    if own == "method":
        return not called and "field" in other
    if own == "field":
        return called and "method" in other
    return False


def _literal_type(literal: Any) -> list[str] | None:
    """The type an object literal is stated to be: the ``const`` it initialises
    (``const Maybe: MaybeTypeRef = {..}``), the function it is returned from (``custom<T>
    (..): Codec<T> { return { decode, encode } }``), or an ``as``/``satisfies``; None
    when nothing states it."""
    holder = literal.parent if literal is not None else None
    while holder is not None and holder.type == "parenthesized_expression":
        holder = holder.parent
    if holder is None:
        return None
    annotation = None
    if holder.type == "variable_declarator":
        annotation = holder.child_by_field_name("type")
    elif holder.type in ("as_expression", "satisfies_expression"):
        annotation = holder.named_children[-1] if len(holder.named_children) > 1 else None
    elif holder.type == "return_statement" or (
        holder.type == "arrow_function" and holder.child_by_field_name("body") == literal
    ):
        function = holder
        while function is not None and function.type not in FUNCTIONS:
            function = function.parent
        annotation = function.child_by_field_name("return_type") if function else None
    return type_names(annotation) if annotation is not None else None


def _in_object(method: Any) -> bool:
    return method.parent is not None and method.parent.type == "object"
