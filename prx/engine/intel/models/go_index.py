"""What a Go project declares, package by package: the index the Go model resolves with.

Every ``.go`` file of the project is read once per call: its package (directory and
``package`` clause: a directory's external tests ``<name>_test`` are a package of their
own), its imports (to a package of the project by the module path of ``go.mod``, or
external), and its package-level declarations: functions, types (struct fields, embedded
types, interface methods), methods by their receiver's type, constants and variables.

Types are plain tuples (see :data:`Type`); :meth:`GoIndex.member` finds a field or method
the way the compiler does, through embedded types, shallowest first.
"""

from __future__ import annotations

import posixpath
import weakref
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel.models.go_defs import (
    base_type_name,
    file_imports,
    node_text,
    package_name,
    receiver_type,
)

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["EXTERNAL", "GoFile", "GoIndex", "Member", "PkgKey", "TypeInfo", "go_index"]

#: A package: (its directory, its package name).
PkgKey = tuple[str, str]
#: A type: ``("named", key, name)`` (key ``("ext", path)`` for another module's),
#: ``("ptr", t)``, ``("slice", t)``, ``("map", k, v)``, ``("chan", t)``, ``("func",
#: results)``, ``("tuple", items)``, ``("pkg", key)`` (an imported package's name),
#: ``("typename", t)`` (a name that denotes a type), ``("struct", node, file)``,
#: ``("basic", name)``, :data:`EXTERNAL` (something of another module, whose members are
#: none of the project's), or None (unknown).
Type = Any
EXTERNAL = ("ext",)
_BASIC = frozenset(
    "bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune "
    "string uint uint8 uint16 uint32 uint64 uintptr any comparable".split()
)


class GoFile:
    """One parsed Go file and what its package clause and imports say."""

    def __init__(self, rel: str, parsed: ParsedFile, root: Any) -> None:
        self.rel = rel
        self.parsed = parsed
        self.root = root
        self.package = package_name(root)
        self.directory = posixpath.dirname(rel)
        self.key: PkgKey = (self.directory, self.package)
        self.test = rel.endswith("_test.go")
        #: Import name -> the package's type (``("pkg", key)`` or :data:`EXTERNAL`);
        #: filled by the index once every package is known.
        self.imports: dict[str, Type] = {}
        #: Packages imported with ``.`` (their names are this file's).
        self.dots: list[PkgKey] = []
        #: Import paths by spec, for import sites.
        self.specs: list[tuple[str | None, str, Any]] = file_imports(root)


class TypeInfo:
    """A package-level type: its fields, embedded types and methods."""

    def __init__(self, name: str, spec: Any, file: GoFile) -> None:
        self.name = name
        self.spec = spec
        self.file = file
        body = spec.child_by_field_name("type")
        self.alias = spec.type == "type_alias"
        self.underlying = body
        self.kind = {"struct_type": "struct", "interface_type": "interface"}.get(
            body.type if body is not None else "", "other"
        )
        #: Field name -> (name node, type node).
        self.fields: dict[str, tuple[Any, Any]] = {}
        #: Embedded types (struct fields without a name, interfaces in an interface):
        #: (the field's name, the type node).
        self.embeds: list[tuple[str, Any]] = []
        #: Method name -> name node (declared on the type, or in the interface).
        self.methods: dict[str, Any] = {}
        #: Method name -> the declaration (for its signature).
        self.declarations: dict[str, Any] = {}
        #: Method name -> the file declaring it (a method may live in another file).
        self.method_files: dict[str, GoFile] = {}
        if self.kind == "struct":
            _read_struct(body, self.fields, self.embeds)
        elif self.kind == "interface":
            for elem in body.named_children:
                if elem.type == "method_elem":
                    name_node = elem.child_by_field_name("name")
                    if name_node is not None:
                        self.methods[node_text(name_node)] = name_node
                        self.declarations[node_text(name_node)] = elem
                elif elem.type in ("type_elem", "constraint_elem"):
                    for part in elem.named_children:
                        embedded = base_type_name(part)
                        if embedded is not None:
                            self.embeds.append((embedded, part))


def _read_struct(
    body: Any, fields: dict[str, tuple[Any, Any]], embeds: list[tuple[str, Any]]
) -> None:
    declarations = next(
        (c for c in body.named_children if c.type == "field_declaration_list"), None
    )
    for field in declarations.named_children if declarations is not None else ():
        if field.type != "field_declaration":
            continue
        type_node = field.child_by_field_name("type")
        names = [
            field.children[i]
            for i in range(field.child_count)
            if field.field_name_for_child(i) == "name"
        ]
        if not names and type_node is not None:
            name = base_type_name(type_node)
            if name is not None:
                embeds.append((name, type_node))
        for name_node in names:
            fields[node_text(name_node)] = (name_node, type_node)


class Member(NamedTuple):
    """A field or method found on a type."""

    #: The type that declares it: (package, type name); for an anonymous struct, None.
    owner: tuple[PkgKey, str] | None
    name: str
    #: ``field``, ``method`` or ``embed`` (an embedded field, named by its type).
    kind: str
    #: The declaring file and the member's type node (a field's) or declaration (a method's).
    file: GoFile | None
    node: Any


class Package:
    """The package-level declarations of one package."""

    def __init__(self, key: PkgKey) -> None:
        self.key = key
        self.files: list[GoFile] = []
        self.types: dict[str, TypeInfo] = {}
        #: Name -> function declaration.
        self.funcs: dict[str, tuple[GoFile, Any]] = {}
        #: Name -> (file, spec, position among the spec's names) of a constant or variable.
        self.values: dict[str, tuple[GoFile, Any, int]] = {}
        #: Name -> every declaration's (file, name node): several for a name declared in
        #: files of different build constraints.
        self.declared: dict[str, list[tuple[GoFile, Any]]] = {}

    def declare(self, name: str, file: GoFile, name_node: Any) -> None:
        if name != "_":
            self.declared.setdefault(name, []).append((file, name_node))


class GoIndex:
    """Every Go package of a project (see the module)."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.files: dict[str, GoFile] = {}
        self.packages: dict[PkgKey, Package] = {}
        #: Directory -> the key of its (non-test) package.
        self.by_dir: dict[str, PkgKey] = {}
        #: (module path, its directory) of every ``go.mod``, longest path first.
        self.modules: list[tuple[str, str]] = []
        # Methods wait for every type of their package: (package, type, name node, declaration).
        self._methods: list[tuple[Package, str, Any, Any, GoFile]] = []
        rels = [r for r in project.graph.files if r.endswith(".go") or r.endswith("go.mod")]
        for rel in rels:
            if posixpath.basename(rel) == "go.mod":
                self._read_module(rel)
        self.modules.sort(key=lambda m: -len(m[0]))
        for rel in rels:
            if rel.endswith(".go"):
                self._read_file(rel)
        for package, owner, name_node, node, file in self._methods:
            info = package.types.get(owner)
            if info is not None:
                info.methods[node_text(name_node)] = name_node
                info.declarations[node_text(name_node)] = node
                info.method_files[node_text(name_node)] = file
        for key in self.packages:
            if not key[1].endswith("_test"):
                self.by_dir.setdefault(key[0], key)
        for file in self.files.values():
            self._bind_imports(file)

    # -- reading ---------------------------------------------------------------------

    def _read_module(self, rel: str) -> None:
        parsed = self.project.file(rel)
        if parsed is None:
            return
        for line in parsed.data.decode("utf-8", "replace").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] == "module":
                self.modules.append((words[1].strip('"'), posixpath.dirname(rel)))
                return

    def _read_file(self, rel: str) -> None:
        parsed = self.project.file(rel)
        if parsed is None or parsed.language != "go" or parsed.tree is None:
            return
        file = GoFile(rel, parsed, parsed.tree.root_node)
        self.files[rel] = file
        package = self.packages.setdefault(file.key, Package(file.key))
        package.files.append(file)
        for node in file.root.named_children:
            self._declare(package, file, node)

    def _declare(self, package: Package, file: GoFile, node: Any) -> None:
        kind = node.type
        if kind == "function_declaration":
            name = node.child_by_field_name("name")
            if name is not None:
                package.funcs[node_text(name)] = (file, node)
                package.declare(node_text(name), file, name)
        elif kind == "method_declaration":
            owner = receiver_type(node)
            name = node.child_by_field_name("name")
            if owner is not None and name is not None:
                self._methods.append((package, owner, name, node, file))
        elif kind == "type_declaration":
            for spec in node.named_children:
                if spec.type in ("type_spec", "type_alias"):
                    name = spec.child_by_field_name("name")
                    if name is not None:
                        package.types[node_text(name)] = TypeInfo(node_text(name), spec, file)
                        package.declare(node_text(name), file, name)
        elif kind in ("const_declaration", "var_declaration"):
            for spec in _specs(node):
                names = [
                    spec.children[i]
                    for i in range(spec.child_count)
                    if spec.field_name_for_child(i) == "name"
                ]
                for position, name in enumerate(names):
                    package.values[node_text(name)] = (file, spec, position)
                    package.declare(node_text(name), file, name)

    def _bind_imports(self, file: GoFile) -> None:
        for name, path, _spec in file.specs:
            key = self.import_key(path)
            if name == "_":
                continue
            if name == ".":
                if key is not None:
                    file.dots.append(key)
                continue
            if key is None:
                file.imports[name or posixpath.basename(path)] = EXTERNAL
            else:
                file.imports[name or key[1]] = ("pkg", key)

    def import_key(self, path: str) -> PkgKey | None:
        """The package of the project an import path names (None: another module's)."""
        for module, directory in self.modules:
            if path == module or path.startswith(module + "/"):
                rest = path[len(module) :].lstrip("/")
                found = posixpath.normpath(posixpath.join(directory, rest)) if rest else directory
                return self.by_dir.get("" if found == "." else found)
        return None

    # -- lookups ---------------------------------------------------------------------

    def type_info(self, t: Type) -> TypeInfo | None:
        """The declaration of a named project type (through a pointer)."""
        if t is not None and t[0] == "ptr":
            t = t[1]
        if t is None or t[0] != "named":
            return None
        package = self.packages.get(t[1])
        return package.types.get(t[2]) if package is not None else None

    def resolve_type(self, node: Any, file: GoFile, local: Any = None) -> Type:
        """The type a type expression denotes in ``file`` (``local(name)`` answers for
        the names declared in a function: type parameters, local types)."""
        if node is None:
            return None
        kind = node.type
        if kind == "type_identifier" or kind == "identifier":
            name = node_text(node)
            if local is not None:
                found = local(name)
                if found is not False:
                    return found
            return self.package_type(file, name)
        if kind == "qualified_type":
            alias = node.child_by_field_name("package")
            name = node.child_by_field_name("name")
            imported = file.imports.get(node_text(alias)) if alias is not None else None
            if imported is None or name is None:
                return None
            if imported == EXTERNAL:
                return EXTERNAL
            return ("named", imported[1], node_text(name))
        if kind == "generic_type":
            return self.resolve_type(node.child_by_field_name("type"), file, local)
        if kind == "pointer_type":
            inner = self.resolve_type(_last(node), file, local)
            return ("ptr", inner) if inner is not None else None
        if kind in ("slice_type", "array_type", "implicit_length_array_type"):
            return ("slice", self.resolve_type(node.child_by_field_name("element"), file, local))
        if kind == "map_type":
            return (
                "map",
                self.resolve_type(node.child_by_field_name("key"), file, local),
                self.resolve_type(node.child_by_field_name("value"), file, local),
            )
        if kind == "channel_type":
            return ("chan", self.resolve_type(node.child_by_field_name("value"), file, local))
        if kind in ("parenthesized_type", "type_elem"):
            return self.resolve_type(_last(node), file, local)
        if kind == "function_type":
            return ("func", self.results(node, file, local))
        if kind == "struct_type":
            return ("struct", node, file)
        if kind == "interface_type":
            return EXTERNAL if not node.named_children else ("iface", node, file)
        return None

    def package_type(self, file: GoFile, name: str) -> Type:
        """A type name at the package level of ``file`` (its package, dot imports, the
        language's own)."""
        for key in (file.key, *file.dots):
            package = self.packages.get(key)
            if package is not None and name in package.types:
                return ("named", key, name)
        if name in _BASIC:
            return ("basic", name)
        return None

    def results(self, signature: Any, file: GoFile, local: Any = None) -> tuple[Type, ...]:
        """The result types of a function or method declaration, literal or type."""
        result = signature.child_by_field_name("result")
        if result is None:
            return ()
        if result.type != "parameter_list":
            return (self.resolve_type(result, file, local),)
        out: list[Type] = []
        for param in result.named_children:
            if param.type not in ("parameter_declaration", "variadic_parameter_declaration"):
                continue
            t = self.resolve_type(param.child_by_field_name("type"), file, local)
            names = sum(
                1 for i in range(param.child_count) if param.field_name_for_child(i) == "name"
            )
            out.extend([t] * max(names, 1))
        return tuple(out)

    def member(self, t: Type, name: str) -> tuple[Member | None, bool]:
        """The field or method ``name`` of a value of type ``t``, and whether the answer
        is known (False: ``t`` is unknown; a type of another module has none of ours)."""
        if t is None:
            return None, False
        if t[0] == "ptr":
            t = t[1]
            if t is None:
                return None, False
        if t[0] in ("ext", "basic", "slice", "map", "chan", "func", "tuple", "pkg", "typename"):
            return None, True
        if t[0] == "struct":
            fields: dict[str, tuple[Any, Any]] = {}
            embeds: list[tuple[str, Any]] = []
            _read_struct(t[1], fields, embeds)
            if name in fields:
                return Member(None, name, "field", t[2], fields[name][1]), True
            for embedded, type_node in embeds:
                if embedded == name:
                    return Member(None, name, "embed", t[2], type_node), True
                inner = self.resolve_type(type_node, t[2])
                found, known = self.member(inner, name)
                if found is not None or not known:
                    return found, known
            return None, True
        if t[0] == "iface":
            return None, True
        if t[0] != "named":
            return None, False
        return self._member_of(t, name)

    def _member_of(self, t: Type, name: str) -> tuple[Member | None, bool]:
        level: list[Type] = [t]
        seen: set[tuple[Any, str]] = set()
        known = True
        for _depth in range(8):
            following: list[Type] = []
            for current in level:
                if current is not None and current[0] == "ptr":
                    current = current[1]
                if current is None:
                    known = False
                    continue
                if current[0] != "named" or current[1][0] == "ext":
                    continue  # another module's type: none of ours
                if (current[1], current[2]) in seen:
                    continue
                seen.add((current[1], current[2]))
                info = self.type_info(current)
                if info is None:
                    known = False
                    continue
                owner = (current[1], current[2])
                if name in info.fields:
                    return Member(owner, name, "field", info.file, info.fields[name][1]), True
                if name in info.methods:
                    file = info.method_files.get(name, info.file)
                    return Member(owner, name, "method", file, info.declarations.get(name)), True
                for embedded, type_node in info.embeds:
                    if embedded == name and info.kind == "struct":
                        return Member(owner, name, "embed", info.file, type_node), True
                    following.append(self.resolve_type(type_node, info.file))
                if info.kind == "other" and info.underlying is not None:
                    under = self.resolve_type(info.underlying, info.file)
                    if info.alias:
                        following.append(under)
                    elif under is not None and under[0] == "named":
                        base = self.type_info(under)
                        if base is not None and base.kind != "other":
                            for field, (_n, type_node) in base.fields.items():
                                if field == name:
                                    return Member(
                                        (under[1], under[2]), name, "field", base.file, type_node
                                    ), True
                            following.extend(
                                self.resolve_type(n, base.file) for _, n in base.embeds
                            )
            if not following:
                break
            level = following
        return None, known

    def method_names(self, t: Type) -> set[str]:
        """Every method of a named project type, promoted ones included."""
        names: set[str] = set()
        level: list[Type] = [t]
        seen: set[tuple[Any, str]] = set()
        for _depth in range(8):
            following: list[Type] = []
            for current in level:
                if current is not None and current[0] == "ptr":
                    current = current[1]
                if current is None or current[0] != "named" or current[1][0] == "ext":
                    continue
                if (current[1], current[2]) in seen:
                    continue
                seen.add((current[1], current[2]))
                info = self.type_info(current)
                if info is None:
                    continue
                names.update(info.methods)
                following.extend(self.resolve_type(n, info.file) for _, n in info.embeds)
                if info.alias and info.underlying is not None:
                    following.append(self.resolve_type(info.underlying, info.file))
            if not following:
                break
            level = following
        return names

    def all_types(self) -> Iterator[tuple[PkgKey, TypeInfo]]:
        for key, package in self.packages.items():
            for info in package.types.values():
                yield key, info


def _specs(node: Any) -> Iterator[Any]:
    for child in node.named_children:
        if child.type in ("const_spec", "var_spec"):
            yield child
        elif child.type == "var_spec_list":
            yield from _specs(child)


def _last(node: Any) -> Any:
    return node.named_children[-1] if node.named_children else None


_INDEXES: weakref.WeakKeyDictionary[Any, GoIndex] = weakref.WeakKeyDictionary()


def go_index(project: Project) -> GoIndex:
    """The project's index, read once per call (per :class:`Project`)."""
    found = _INDEXES.get(project)
    if found is None:
        found = _INDEXES[project] = GoIndex(project)
    return found
