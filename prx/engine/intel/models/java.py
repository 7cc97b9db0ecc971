"""The Java model (Kotlin: its imports and packages, references by name).

- Definitions: the types (nested ones qualified by their outer type, ``Outer.Inner``),
  methods, fields, constants and enum constants of each file; a constructor is its
  class's (renaming a class renames its constructors and every ``new T(..)``); the
  members of local and anonymous classes are not named from outside and are left out.
- References: each identifier spelled like the definition, resolved as javac would:
  packages (a file sees its own package's types without an import), single-type,
  on-demand and static imports, fully qualified names, member types, and members reached
  through ``this``, ``super``, a type (``T.m()``) or a receiver whose type the file states
  (a field, a parameter, a local ``T x``, ``var x = new T()``, a cast, a method's declared
  result). Overloads are told apart by their number of arguments; a method is renamed
  with the methods that override it and those it overrides (``extends``/``implements``).
  A call on a receiver of unknown type is a :data:`BY_NAME` candidate.
- Tests: JUnit's ``@Test`` methods and the test files (``src/test/java``, ``*Test.java``).

A rename the build would not survive is refused (:meth:`JavaModel.rename_problem`): a
method that overrides one the project does not declare (``toString``, a library
interface's), a public top-level type (javac wants it in a file of its name).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.files.text import read_regular
from prx.engine.intel.models.base import LanguageModel, Site, Target, register, sorted_sites

if TYPE_CHECKING:
    from prx.engine.intel.models.java_facts import JType
    from prx.engine.intel.models.java_index import JavaIndex
    from prx.engine.intel.models.java_sites import Wanted
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["JavaModel"]

#: JUnit's annotations of a test (4 and 5).
_TEST_ANNOTATIONS = frozenset(
    {"Test", "ParameterizedTest", "RepeatedTest", "TestFactory", "TestTemplate", "Theory"}
)
_KINDS = {
    "class": "class",
    "interface": "trait",
    "annotation": "trait",
    "enum": "enum",
    "record": "struct",
}


class JavaModel(LanguageModel):
    """Definitions and references of java, kotlin."""

    LANGUAGES = frozenset({"java", "kotlin"})
    RESOLVES = True
    SEPARATOR = "."

    def definitions(self, project: Project | None, parsed: ParsedFile) -> list[Target]:
        if parsed.language != "java":
            return super().definitions(project, parsed)
        from prx.engine.intel.models.java_facts import facts_of

        facts = facts_of(parsed)
        outline = _outline_by_node(parsed)
        out: list[Target] = []
        for jtype in facts.types:
            if jtype.local or not jtype.name:
                continue
            container = jtype.outer.name if jtype.outer is not None else None
            defn = outline.get(_key(jtype.node))
            out.append(
                _target(
                    parsed,
                    jtype.name,
                    jtype.qualified,
                    _KINDS[jtype.kind],
                    jtype.name_start,
                    container,
                    defn or _definition(jtype.node, jtype.name, _KINDS[jtype.kind]),
                )
            )
            members: list[tuple[int, Target]] = []
            for methods in jtype.methods.values():
                for method in methods:
                    defn = outline.get(_key(method.node)) or _definition(
                        method.node, method.name, "method"
                    )
                    members.append(
                        (
                            method.start,
                            _member(parsed, jtype, method.name, method.start, "method", defn),
                        )
                    )
            for field in jtype.fields.values():
                if field.kind == "component":
                    continue
                kind = "field" if field.kind == "field" else "const"
                defn = outline.get(_key(field.decl))
                if defn is None or defn.name != field.name:
                    defn = _definition(field.decl, field.name, kind)
                members.append(
                    (field.start, _member(parsed, jtype, field.name, field.start, kind, defn))
                )
            out += [t for _, t in sorted(members, key=lambda pair: pair[0])]
        return out

    def references(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        from prx.engine.intel.models.java_index import index_of
        from prx.engine.intel.models.java_sites import file_sites

        index = index_of(project)
        wanted = self._wanted(index, target)
        if wanted is None:
            defining = project.file(target.file)
            if defining is not None and defining.language == "kotlin":
                from prx.engine.intel.models.kotlin_imports import kotlin_target_sites

                return sorted_sites(kotlin_target_sites(project, target, files))
            return super().references(project, target, files)
        sites: list[Site] = []
        for rel in files:
            parsed = project.file(rel)
            if parsed is None:
                continue
            if parsed.language == "kotlin":
                sites += _kotlin_sites(project, parsed, target, wanted)
                continue
            facts = index.facts(rel)
            if facts is not None:
                sites += file_sites(index, facts, wanted)
        return sorted_sites(sites)

    def uses(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        """The references, less the calls javac binds to another method of the family:
        through a base type (``ValueConverter.convert`` for an implementation's
        ``convert``), to an override (``sub.m()``), ``super.m()`` in an override."""
        from prx.engine.intel.models.base import BY_NAME
        from prx.engine.intel.models.java_family import OBJECT_METHODS
        from prx.engine.intel.models.java_index import index_of
        from prx.engine.intel.models.java_sites import binding

        sites = self.references(project, target, files)
        index = index_of(project)
        wanted = self._wanted(index, target)
        if wanted is None or not wanted.methods:
            return sites
        own = next(
            (
                m
                for m in wanted.methods
                if m.start == target.start and m.owner.facts.rel == target.file
            ),
            None,
        )
        family = {id(m) for m in wanted.methods}
        # ``x.toString()`` on a receiver of unknown type binds to Object's if not to this.
        of_object = own is not None and (own.name, own.arity) in OBJECT_METHODS
        out = []
        for site in sites:
            if site.role == "reference" and site.how == BY_NAME and of_object:
                continue
            if site.role == "reference" and site.how != BY_NAME and own is not None:
                facts = index.facts(site.file)
                bound = binding(index, facts, site.start, target.name, family) if facts else None
                if bound is not None and bound is not own:
                    continue
            out.append(site)
        return out

    def candidate_files(self, project: Project, target: Target) -> list[str]:
        files = super().candidate_files(project, target)
        return [f for f in files if f.endswith((".java", ".kt", ".kts")) or f == target.file]

    def renames_by_name(self, target: Target) -> bool:
        return False

    def in_test(self, project: Project, rel: str, offset: int) -> bool:
        parsed = project.file(rel)
        if parsed is None or parsed.language != "java" or parsed.tree is None:
            return False
        from prx.engine.intel.models.java_facts import modifiers_of

        node = parsed.tree.root_node.named_descendant_for_byte_range(offset, offset)
        while node is not None:
            if node.type == "method_declaration":
                return bool(modifiers_of(node)[1] & _TEST_ANNOTATIONS)
            node = node.parent
        return False

    def rename_problem(self, project: Project, target: Target) -> str | None:
        """Why renaming ``target`` would break the build or change what the program
        does, or None."""
        from prx.engine.intel.models.java_family import (
            field_problem,
            rename_problem,
            static_import_problem,
        )
        from prx.engine.intel.models.java_index import index_of

        index = index_of(project)
        wanted = self._wanted(index, target)
        if wanted is None:
            return None
        renamed = {id(m) for m in wanted.methods} | ({id(wanted.field)} if wanted.field else set())
        if renamed:
            clash = static_import_problem(index, target.name, renamed)
            if clash is not None:
                return clash
        entry = next((m for m in wanted.methods if _entry_point(m)), None)
        if entry is not None:
            return (
                f"{target.qualified} is a program's entry point (static void main(String[])): "
                "the java launcher looks for it by that name"
            )
        if wanted.methods:
            problem = rename_problem(index, list(wanted.methods))
            if problem is None:
                spelled = _string_named(index, target.name)
                if spelled is not None:
                    problem = (
                        f'{spelled} has the string "{target.name}": a method found by its '
                        "name at run time (reflection) would no longer be found"
                    )
            return problem
        if wanted.field is not None:
            return field_problem(wanted.field, lambda name: _in_strings(index, name))
        jtype = wanted.jtype
        if jtype is not None and jtype.outer is None and jtype.public:
            return (
                f"{jtype.name} is a public top-level type: javac wants it in a file named "
                f"{jtype.name}.java, and prx renames identifiers, not files"
            )
        if jtype is not None:
            named = _named_by_text(project, index, jtype.fqn)
            if named is not None:
                return (
                    f"{named} spells {jtype.fqn}: a class name read at run time (a message "
                    "key, a service, Class.forName) that a rename would no longer match"
                )
        return None

    def _wanted(self, index: JavaIndex, target: Target) -> Wanted | None:
        from prx.engine.intel.models.java_family import family
        from prx.engine.intel.models.java_sites import Wanted

        facts = index.facts(target.file)
        if facts is None:
            return None
        for jtype in facts.types:
            if jtype.name_start == target.start and jtype.name == target.name:
                return Wanted(target.name, jtype=jtype)
            for method in jtype.methods.get(target.name, ()):
                if method.start == target.start:
                    return Wanted(target.name, methods=tuple(family(index, method)))
            field = jtype.fields.get(target.name)
            if field is not None and field.start == target.start:
                return Wanted(target.name, field=field)
        return None


def _key(node: Any) -> tuple[int, int, str]:
    return int(node.start_byte), int(node.end_byte), str(node.type)


def _outline_by_node(parsed: ParsedFile) -> dict[tuple[int, int, str], Any]:
    from prx.engine.intel.models.generic import walk_definitions

    return {_key(defn.node): defn for defn, _ in walk_definitions(parsed.definitions())}


def _definition(node: Any, name: str, kind: str) -> Any:
    from prx.engine.lang.outline import Definition

    return Definition(node=node, kind=kind, name=name, body=None, raw_kind=kind)


def _target(
    parsed: ParsedFile,
    name: str,
    qualified: str,
    kind: str,
    start: int,
    container: str | None,
    defn: Any,
) -> Target:
    end = start + len(name.encode())
    line = parsed.data.count(b"\n", 0, start) + 1
    return Target(parsed.rel, name, qualified, kind, line, start, end, container, defn)


def _member(
    parsed: ParsedFile, owner: JType, name: str, start: int, kind: str, defn: Any
) -> Target:
    return _target(parsed, name, f"{owner.qualified}.{name}", kind, start, owner.name, defn)


#: Files that name classes for the program to find at run time.
_RESOURCES = (".properties", ".xml", ".json", ".yml", ".yaml", ".conf", ".cfg")


def _named_by_text(project: Project, index: JavaIndex, fqn: str) -> str | None:
    """The first resource file, or Java file's string, that spells the qualified name
    ``fqn`` (``pkg.Outer.Inner`` also as ``pkg.Outer$Inner``), or None."""
    spellings = [fqn.encode()]
    if fqn.count(".") > 1:
        head, _, tail = fqn.rpartition(".")
        spellings.append(f"{head}${tail}".encode())
    pattern = re.compile(
        rb"(?<![\w$.])(?:" + b"|".join(re.escape(w) for w in spellings) + rb")(?![\w$])"
    )
    for rel in project.graph.files:
        if rel.endswith(_RESOURCES) or "META-INF/services/" in rel:
            try:
                data = read_regular(project.absolute(rel), 1 << 20)
            except OSError:
                continue
            if pattern.search(data):
                return rel
    strings = re.compile(rb'"[^"\n]*' + pattern.pattern + rb'[^"\n]*"')
    for facts in index.files.values():
        data = facts.parsed.data
        if spellings[0] in data and strings.search(data):
            return facts.rel
    return None


def _string_named(index: JavaIndex, name: str) -> str | None:
    """The first Java file with a string literal that is exactly ``name`` outside a
    ``@MethodSource`` (which the references rename), or None."""
    literal = re.compile(rb'(?<!MethodSource\()"' + re.escape(name.encode()) + rb'"')
    quoted = b'"' + name.encode() + b'"'
    for facts in index.files.values():
        data = facts.parsed.data
        if quoted in data and literal.search(data):
            return facts.rel
    return None


def _in_strings(index: JavaIndex, name: str) -> bool:
    """Whether a string literal of a Java file spells ``name`` as a word (any case)."""
    word = re.compile(rb'"[^"\n]*\b' + re.escape(name.encode()) + rb'\b[^"\n]*"', re.IGNORECASE)
    lowered = name.lower().encode()
    for facts in index.files.values():
        data = facts.parsed.data
        if lowered in data.lower() and word.search(data):
            return True
    return False


def _kotlin_sites(
    project: Project, parsed: ParsedFile, target: Target, wanted: Wanted
) -> list[Site]:
    """A Kotlin file's identifiers spelled like a Java definition: the import naming it,
    and (when the file's package or imports let it see the type) candidates by name."""
    from prx.engine.intel.models.kotlin_imports import kotlin_sites

    owner = wanted.jtype or (wanted.field.owner if wanted.field is not None else None)
    if owner is None and wanted.methods:
        owner = wanted.methods[0].owner
    top = owner
    while top is not None and top.outer is not None:
        top = top.outer
    if top is None:
        return []
    return kotlin_sites(parsed, target.name, top.facts.package, top.name)


register(JavaModel())


def _entry_point(method: Any) -> bool:
    """``static void main(String[] args)`` (or ``String...``)."""
    if method.name != "main" or not method.static or method.arity != 1:
        return False
    node = method.node
    kind = node.child_by_field_name("type")
    parameters = node.child_by_field_name("parameters")
    spelled = bytes(parameters.text or b"").decode() if parameters is not None else ""
    return (
        kind is not None
        and kind.type == "void_type"
        and re.search(r"\bString\s*(\[\s*\]|\.\.\.)", spelled) is not None
    )
