"""What a call to a project's Python function returns, when its code says it: the class a
return annotation names (``-> FunctionBuilder``, ``-> Self``), or the class every
``return`` constructs (``return cls(**kwargs)`` in a classmethod, ``return Table(rows)``).

``fb = FunctionBuilder.from_func(f)`` then makes ``fb`` a ``FunctionBuilder``, and
``fb.get_func()`` that class's method. Anything else (a generator, a return of another
value, a bare ``return``) says nothing, and the caller keeps the receiver unsure.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.pyexternal import BUILTIN_TYPES
from prx.engine.intel.pyfixtures import pytest_kinds
from prx.engine.intel.pyforeign import foreign_class, outside_project
from prx.engine.intel.pyreceivers import bound_in_function, top_literal
from prx.engine.intel.pytyping import annotated_class, bound_of

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = ["CallReturns"]

#: A summary meaning "an instance of the class the function was called on" (``cls(..)``,
#: ``-> Self``).
_CALLED_ON = "\0cls"

#: ``from MODULE import NAMES`` (one line, or a parenthesised list).
_FROM_IMPORT = re.compile(rb"(?m)^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)")

#: Nodes whose returns are their own, not the enclosing function's.
_OWN_SCOPES = frozenset({"function_definition", "lambda", "class_definition"})


#: Node kinds a class definition may sit in (or be).
_HOLDS_CLASSES = frozenset(
    {
        "class_definition",
        "decorated_definition",
        "function_definition",
        "block",
        "if_statement",
        "elif_clause",
        "else_clause",
        "try_statement",
        "except_clause",
        "finally_clause",
        "with_statement",
        "for_statement",
        "while_statement",
    }
)


def _aliased_module(alias: str, data: bytes) -> str | None:
    """The module an import binds to ``alias`` with ``as`` (``from rfc3986 import
    parseresult as pr``, ``import a.b.mod as alias``: ``parseresult``, ``mod``) in the
    file ``data``; None when no import does."""
    if not alias.isidentifier():
        return None
    word = re.escape(alias).encode()
    found = re.search(
        rb"(?m)^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]+(?:[^\n]*?[ \t,(])?"
        rb"|import[ \t]+(?:\w+\.)*)([A-Za-z_]\w*)[ \t]+as[ \t]+" + word + rb"\b",
        data,
    )
    return found.group(1).decode("ascii", "replace") if found is not None else None


class CallReturns:
    """The classes calls return, from the Python files of a project (read on first use)."""

    def __init__(
        self,
        file: Callable[[str], ParsedFile | None],
        files: Sequence[str],
        bases: Mapping[str, set[str]],
        every_file: Callable[[], Sequence[str]] | None = None,
    ) -> None:
        self._file = file
        self._files = files
        #: Every Python file of the project, when the caller knows them (a rename reads
        #: only the files holding the name; what they call is defined elsewhere too).
        self._every_file = every_file
        self._everything: Sequence[str] | None = None
        self._bases = bases
        self._methods: dict[tuple[str, str], list[Any]] | None = None
        self._functions: dict[str, list[Any]] = {}
        self._summaries: dict[int, str | None] = {}
        self._modules: set[str] | None = None
        self._roots: set[str] | None = None
        #: (the calling file's text, by identity; a class name) -> whether it is foreign.
        self._foreign: dict[tuple[int, str], bool] = {}
        self._standard: dict[tuple[str, str], bool] = {}
        #: (class attribute, string) -> the classes whose body sets it so.
        self._tags: dict[tuple[str, str], set[str]] | None = None
        #: A file's text, by identity -> its path (read on first use).
        self._paths: dict[int, str] | None = None
        self._classes: dict[str, list[Any]] | None = None
        #: (the calling file's text, by identity; a name) -> whether it reaches the name.
        self._reached: dict[tuple[int, str], bool] = {}
        #: A module-level name -> the builtin type every project module assigns it.
        self._literals: dict[str, str | None] = {}

    def _every(self) -> Sequence[str]:
        """The files definitions are read from: every Python file when known, else
        ``files``."""
        if self._everything is None:
            self._everything = self._every_file() if self._every_file is not None else self._files
        return self._everything

    def class_text(self, name: str) -> bytes | None:
        """The source of the project's one class ``name`` (None: no class of that name,
        or several: which one is meant is not known)."""
        places = self._class_nodes().get(name, [])
        return bytes(places[0].text or b"") if len(places) == 1 else None

    def tagged(self, attribute: str, values: tuple[str, ...]) -> tuple[str, ...]:
        """The project classes whose body sets ``attribute`` to one of the strings
        ``values`` (``type = 'import_from'``); empty when a value is no class's."""
        if self._tags is None:
            self._tags = {}
            for name, nodes in self._class_nodes().items():
                for node in nodes:
                    body = node.child_by_field_name("body")
                    for statement in body.named_children if body is not None else ():
                        if statement.type == "expression_statement" and statement.named_children:
                            statement = statement.named_children[0]
                        tag = _string_tag(statement)
                        if tag is not None:
                            self._tags.setdefault(tag, set()).add(name)
        found: set[str] = set()
        for value in values:
            classes = self._tags.get((attribute, value))
            if not classes:
                return ()
            found |= classes
        return tuple(sorted(found))

    def _class_nodes(self) -> dict[str, list[Any]]:
        """Every class of the project's files (nested ones too), by name."""
        if self._classes is None:
            self._classes = {}
            for rel in self._every():
                parsed = self._file(rel)
                if parsed is None or parsed.language != "python" or parsed.tree is None:
                    continue
                stack = [parsed.tree.root_node]  # every class, nested ones too
                while stack:
                    node = stack.pop()
                    if node.type == "class_definition":
                        named = node.child_by_field_name("name")
                        if named is not None:
                            key = bytes(named.text or b"").decode()
                            self._classes.setdefault(key, []).append(node)
                    # Statements only: no class is written inside an expression.
                    stack.extend(c for c in node.named_children if c.type in _HOLDS_CLASSES)
        return self._classes

    def bases_of(self, name: str) -> set[str]:
        """The names of the bases class ``name`` is written with (empty: none, or no
        such class)."""
        return set(self._bases.get(name, ()))

    def is_class(self, name: str) -> bool:
        """Whether ``name`` is a class of the project (calling it makes one)."""
        return name in self._bases

    def of_call(self, callee: str, owner: str | None, data: bytes) -> str | None:
        """The class ``callee(...)`` returns: ``Class.method``, ``self.method`` /
        ``cls.method`` in class ``owner``, or a function the calling file (its text
        ``data``) defines or imports from the project, when every definition of it in the
        project returns the same class; None when the code does not say."""
        parts = callee.split(".")
        if len(parts) == 2 and parts[0] not in self._bases and self._module_of(parts[0], data):
            # ``tomlkit.table(..)``: a function of a project module the file imports.
            self._index()
            made = self._one(self._functions.get(parts[1], []))
            return None if made == _CALLED_ON else made
        if len(parts) == 2:
            on = owner if parts[0] in ("self", "cls") else parts[0]
            if on is None or on not in self._bases:
                return None
            made = self._one(self._method(on, parts[1]))
            return on if made == _CALLED_ON else made
        if len(parts) == 1 and self._reaches(parts[0], data):
            self._index()
            made = self._one(self._functions.get(parts[0], []))
            return None if made == _CALLED_ON else made
        return None

    def imported_literal(self, name: str, data: bytes) -> str | None:
        """The builtin type a module-level ``name`` the calling file (its text ``data``)
        imports from the project holds: every module of the project that assigns
        ``name`` at its top assigns it a literal of that type (see
        :func:`~prx.engine.intel.pyreceivers.top_literal`), else None."""
        if not self._reaches(name, data):
            return None
        if name not in self._literals:  # the project's files read once per name
            assigned = re.compile(
                rb"(?m)^" + re.escape(name).encode() + rb"[ \t]*(?::[^=\n]*)?=(?!=)"
            )
            kinds = set()
            for rel in self._every():
                parsed = self._file(rel)
                if parsed is not None and parsed.language == "python":
                    if assigned.search(parsed.data):
                        kinds.add(top_literal(parsed.data, name))
            self._literals[name] = kinds.pop() if len(kinds) == 1 else None
        return self._literals[name]

    def return_annotation(self, callee: str, owner: str | None, data: bytes) -> str | None:
        """The return annotation's text that every project definition of ``callee(..)``
        writes (``self.get_params`` in class ``owner``, ``Class.method``, a function the
        calling file, its text ``data``, defines or imports from the project); None when
        one has none or they differ."""
        texts = set()
        for node in self.definitions(callee, owner, data):
            annotation = node.child_by_field_name("return_type")
            texts.add(bytes(annotation.text or b"").decode() if annotation is not None else None)
        return texts.pop() if len(texts) == 1 else None

    def definitions(self, callee: str, owner: str | None, data: bytes) -> list[Any]:
        """The project's definitions (overloads included) of what ``callee(..)`` calls:
        ``self.f`` in class ``owner``, ``super().f``, ``Class.method``, a function the
        calling file (its text ``data``) defines or imports from the project, or one of
        a project module it imports (``click.command``)."""
        parts = callee.split(".")
        if len(parts) == 2 and parts[0] not in self._bases and self._module_of(parts[0], data):
            self._index()
            return self._functions.get(parts[1], [])
        if len(parts) == 2:
            on = owner if parts[0] in ("self", "cls") else parts[0]
            if parts[0] == "super()" and owner is not None:
                above = self._bases.get(owner, set())  # the one base's: ``super().f``
                on = next(iter(above)) if len(above) == 1 else None
            return self._method(on, parts[1]) if on is not None and on in self._bases else []
        if len(parts) == 1 and self._reaches(parts[0], data):
            self._index()
            return self._functions.get(parts[0], [])
        return []

    def module_path(self, dotted: str, data: bytes) -> bool:
        """Whether ``dotted`` (``pkg.mod``) names a project module through one the
        calling file (its text ``data``) imports: each part a module of the project."""
        parts = dotted.split(".")
        if parts[0] not in self._module_names():
            # ``from rfc3986 import parseresult as pr``: ``pr.ParseResult`` is the module's
            real = _aliased_module(parts[0], data)
            return real is not None and all(p in self._module_names() for p in [real, *parts[1:]])
        return all(p in self._module_names() for p in parts) and self._module_of(parts[0], data)

    def foreign(self, name: str, data: bytes) -> bool:
        """Whether the calling file (its text ``data``) takes the class ``name`` from a
        module outside the project (see :func:`foreign_class`); asked once per file and
        name."""
        key = (id(data), name)
        if key not in self._foreign:
            self._foreign[key] = self._reads_foreign(name, data)
        return self._foreign[key]

    def from_library(self, parsed: ParsedFile, node: Any, name: str) -> bool:
        """Whether the plain name ``name`` at ``node`` is one the file imports from a
        library (``from flask import request``) and binds nowhere else, at its top level
        or in a function around ``node``: the library's object, whose attributes are its
        own, no project class's member."""
        if not name.isidentifier():
            return False
        names: frozenset[str] | None = parsed.memo.get("library_names")
        if names is None:
            names = self._library_names(parsed)
            parsed.memo["library_names"] = names
        return name in names and not bound_in_function(node, name)

    def _library_names(self, parsed: ParsedFile) -> frozenset[str]:
        """The names the file imports only from libraries and does not bind again."""
        from prx.engine.intel.uses import all_bindings

        library: set[str] = set()
        project: set[str] = set()
        for binding in all_bindings(parsed):
            if binding.kind != "name" or not binding.local or binding.module == "__future__":
                continue
            outside = outside_project(binding.module, self._project_roots())
            (library if outside else project).add(binding.local)
        return frozenset(
            name
            for name in library - project
            if not re.search(
                rb"(?m)^(?:(?:async[ \t]+)?def[ \t]+|class[ \t]+)?"
                + re.escape(name).encode()
                + rb"\b[ \t]*(?:\(|:|(?::[^=\n]*)?=(?!=))",
                parsed.data,
            )
        )

    def standard_attribute(self, module: str, attribute: str) -> bool:
        """Whether no project file assigns ``module.attribute`` (``sys.stdout = ..``,
        ``setattr(sys, 'stdout', ..)``, ``monkeypatch.setattr(sys, 'stdout', ..)``,
        ``patch('sys.stdout', ..)``), ``module`` a standard one the project has no module
        of the name of: then ``module.attribute`` is the library's own object. Read once
        per project and attribute."""
        key = (module, attribute)
        if key not in self._standard:
            self._standard[key] = self._standard_attribute(module, attribute)
        return self._standard[key]

    def _standard_attribute(self, module: str, attribute: str) -> bool:
        if module not in sys.stdlib_module_names or module in self._project_roots():
            return False
        word = re.escape(attribute).encode()
        assigned = re.compile(
            rb"\.[ \t]*" + word + rb"[ \t]*(?:[-+*/|&]?=(?!=))"
            rb"|attr[ \t]*\([^,()]*,[ \t]*['\"]" + word + rb"['\"]"
            rb"|patch[\w.]*[ \t]*\([ \t]*['\"][\w.]*\." + word + rb"['\"]"
        )
        for rel in self._every():
            parsed = self._file(rel)
            if parsed is not None and attribute.encode() in parsed.data:
                if assigned.search(parsed.data):
                    return False  # assigned somewhere (of that module or not: may be)
        return True

    def _project_roots(self) -> set[str]:
        """What an import's first part can name in the project: a top folder or module,
        a package under ``src/``, a module a test or script imports by its bare name (its
        folder on ``sys.path``). Not every folder: ``tests/typing/`` is no ``typing``."""
        if self._roots is None:
            self._roots = set()
            for rel in self._every():
                parts = rel.split("/")
                self._roots.add(parts[0].removesuffix(".py"))
                if parts[0] in ("src", "lib") and len(parts) > 1:
                    self._roots.add(parts[1].removesuffix(".py"))
                self._roots.add(parts[-1].removesuffix(".py"))
        return self._roots

    def _reads_foreign(self, name: str, data: bytes) -> bool:
        return foreign_class(name, data, self._project_roots())

    def _module_names(self) -> set[str]:
        """The names of the project's modules and packages (each part of a file's path)."""
        if self._modules is None:
            self._modules = {
                part.removesuffix(".py") for rel in self._every() for part in rel.split("/")
            }
        return self._modules

    def _module_of(self, name: str, data: bytes) -> bool:
        """Whether ``name`` is a module of the project that the calling file imports by
        that name (``import tomlkit``, ``from tomlkit import api``, ``import a.b as
        name``)."""
        if name not in self._module_names() or name in ("self", "cls"):
            return False
        word = re.escape(name).encode()
        return (
            re.search(
                rb"(?m)^[ \t]*(?:import[ \t]+" + word + rb"(?:\.[\w.]+)?[ \t]*(?:$|,|#)"
                rb"|import[ \t]+[\w.]+[ \t]+as[ \t]+" + word + rb"\b"
                rb"|from[ \t]+[\w.]+[ \t]+import[ \t]+[^\n]*\b" + word + rb"\b)",
                data,
            )
            is not None
        )

    def _reaches(self, name: str, data: bytes) -> bool:
        """Whether the calling file defines ``name`` or imports it from a project module
        (``from lib import make`` of a library with a namesake is not the project's);
        asked once per file and name."""
        key = (id(data), name)
        if key not in self._reached:
            self._reached[key] = self._reads(name, data)
        return self._reached[key]

    def _reads(self, name: str, data: bytes) -> bool:
        word = re.escape(name).encode()
        if re.search(rb"(?m)^(?:async[ \t]+)?def[ \t]+" + word + rb"[ \t]*\(", data):
            return True
        modules = self._module_names()
        for found in _FROM_IMPORT.finditer(data):
            module, names = found.group(1).decode(), found.group(2)
            if re.search(rb"\b" + word + rb"\b", names) and (
                module.startswith(".") or module.split(".", 1)[0] in modules
            ):
                return True
        return False

    def _method(self, kind: str, name: str) -> list[Any]:
        """``name``'s definitions in ``kind``, else in the nearest bases that define it."""
        methods = self._index()
        seen = {kind}
        level = [kind]
        while level:
            found = [node for k in level for node in methods.get((k, name), [])]
            if found:
                return found
            level = [b for k in level for b in self._bases.get(k, ()) if b not in seen]
            seen.update(level)
        return []

    def _one(self, definitions: list[Any]) -> str | None:
        """The class every one of ``definitions`` returns, if they agree."""
        made = {self._summary(node) for node in definitions}
        if len(made) != 1:
            return None
        return made.pop()

    def _index(self) -> dict[tuple[str, str], list[Any]]:
        if self._methods is not None:
            return self._methods
        self._methods = {}
        for rel in self._every():
            parsed = self._file(rel)
            if parsed is None or parsed.language != "python" or parsed.tree is None:
                continue
            if b"return" not in parsed.data:
                continue
            for owner, node in _definitions(parsed.tree.root_node):
                name = node.child_by_field_name("name")
                if name is None:
                    continue
                key = bytes(name.text or b"").decode()
                if owner is None:
                    self._functions.setdefault(key, []).append(node)
                else:
                    self._methods.setdefault((owner, key), []).append(node)
        return self._methods

    def _summary(self, node: Any) -> str | None:
        key = id(node)
        if key not in self._summaries:
            self._summaries[key] = None  # a function that returns its own result: unknown
            self._summaries[key] = _returned(node, self._bases, self._class_method_result)
        return self._summaries[key]

    def result_of(self, definition: Any) -> str | None:
        """The project class the function ``definition`` (a node) returns, when its
        annotation or every return says one."""
        made = self._summary(definition)
        return None if made == _CALLED_ON else made

    def given_by_pytest(self, data: bytes, node: Any, receiver: str) -> set[str]:
        """The classes pytest may give ``receiver``, a parameter of a test or fixture at
        ``node`` in the project file whose text is ``data`` (see :func:`pytest_kinds`)."""
        if self._paths is None:
            self._paths = {}
            for each in self._files:
                parsed = self._file(each)
                if parsed is not None:
                    self._paths[id(parsed.data)] = each
        rel = self._paths.get(id(data))
        if rel is None:
            return set()
        known = self._bases.keys() | BUILTIN_TYPES
        return pytest_kinds(self._file, rel, node, receiver, self.result_of, known)

    def _class_method_result(self, callee: str) -> str | None:
        """The class ``Class.method(..)`` returns (``return Version.parse(v)``)."""
        on, _, method = callee.rpartition(".")
        if on not in self._bases or "." in on:
            return None
        made = self._one(self._method(on, method))
        return on if made == _CALLED_ON else made


def _string_tag(statement: Any) -> tuple[str, str] | None:
    """``(name, value)`` of a class body's ``name = 'value'``, else None."""
    if statement.type != "assignment":
        return None
    left, right = statement.child_by_field_name("left"), statement.child_by_field_name("right")
    if left is None or right is None or left.type != "identifier" or right.type != "string":
        return None
    text = bytes(right.text or b"").decode("utf-8", "replace")
    if len(text) < 2 or text[0] not in "'\"" or text[-1] != text[0]:
        return None
    return bytes(left.text or b"").decode(), text[1:-1]


def _definitions(root: Any) -> Iterator[tuple[str | None, Any]]:
    """Module-level functions (owner None) and the methods of every class, with their
    class's name."""
    stack: list[tuple[str | None, Any]] = [(None, root)]
    while stack:
        owner, node = stack.pop()
        for child in node.named_children:
            definition = child
            if child.type == "decorated_definition":
                definition = child.child_by_field_name("definition") or child
            if definition.type == "function_definition":
                yield owner, definition
            elif definition.type == "class_definition":
                name = definition.child_by_field_name("name")
                body = definition.child_by_field_name("body")
                if name is not None and body is not None:
                    stack.append((bytes(name.text or b"").decode(), body))
            elif owner is None and definition.type in ("if_statement", "try_statement"):
                stack.append((None, definition))  # ``if TYPE_CHECKING:`` / ``try:`` blocks
            elif definition.type in ("block", "else_clause", "except_clause", "finally_clause"):
                stack.append((owner, definition))


def _returned(
    node: Any, bases: Mapping[str, set[str]], called: Callable[[str], str | None]
) -> str | None:
    """What the function ``node`` returns: a project class's name, :data:`_CALLED_ON`,
    or None. ``called``: what a ``Class.method(..)`` it returns returns."""
    annotation = node.child_by_field_name("return_type")
    if annotation is not None:
        text = bytes(annotation.text or b"").decode().strip("'\" ")
        return _named_class(text, bases) or _type_variable(node, text, bases)
    body = node.child_by_field_name("body")
    if body is None:
        return None
    made: set[str | None] = set()
    stack = list(body.named_children)
    while stack:
        here = stack.pop()
        if here.type in _OWN_SCOPES:
            continue
        if here.type == "yield":
            return None  # a generator
        if here.type == "return_statement":
            value = here.named_children[0] if here.named_children else None
            made.add(_constructed(value, node, bases, called))
            if None in made:
                return None
            continue
        stack.extend(here.named_children)
    return made.pop() if len(made) == 1 else None


def _sole_value(function: Any, name: bytes) -> Any:
    """The value of the one assignment ``name = value`` in ``function``'s body (not in a
    nested scope), None when it is assigned otherwise or more than once."""
    values = []
    stack = list(function.named_children)
    while stack:
        here = stack.pop()
        if here.type in _OWN_SCOPES:
            continue
        if here.type in ("assignment", "augmented_assignment", "for_statement"):
            left = here.child_by_field_name("left")
            if left is None or left.type in ("attribute", "subscript"):
                pass  # ``query._path = ..`` sets an attribute, binds no name
            elif left.type == "identifier" and left.text == name and here.type == "assignment":
                values.append(here.child_by_field_name("right"))
            elif name in bytes(left.text or b""):
                return None  # bound otherwise: a loop, an unpacking, ``+=``
        stack.extend(here.named_children)
    return values[0] if len(values) == 1 else None


def _type_variable(node: Any, text: str, bases: Mapping[str, set[str]]) -> str | None:
    """What a function annotated ``-> T`` returns, ``T`` a TypeVar: an instance of the
    class called on when the first parameter is ``cls: Type[T]`` or ``self: T``, else
    one of ``T``'s bound."""
    name = annotated_class(text)
    if name is None:
        return None
    parameters = node.child_by_field_name("parameters")
    first = parameters.named_children[0] if parameters and parameters.named_children else None
    typed = first.child_by_field_name("type") if first is not None else None
    if typed is not None:
        written = re.sub(r"[\s'\"]", "", bytes(typed.text or b"").decode())
        if re.fullmatch(r"(?:(?:\w+\.)*(?:Type|type)\[)?" + re.escape(name) + r"\]?", written):
            return _CALLED_ON
    root = node
    while root.parent is not None:
        root = root.parent
    bound = bound_of(bytes(root.text or b""), name)
    return bound if bound is not None and bound in bases else None


def _named_class(text: str, bases: Mapping[str, set[str]]) -> str | None:
    """The project class an annotation's text names (``Self``: the class called on;
    ``Optional[C]`` and ``C | None``: C)."""
    last = annotated_class(text)
    if last == "Self":
        return _CALLED_ON
    return last if last is not None and last in bases else None


def _constructed(
    value: Any,
    function: Any,
    bases: Mapping[str, set[str]],
    called: Callable[[str], str | None],
) -> str | None:
    """The class ``return value`` constructs: ``cls(..)`` in a function whose first
    parameter is ``cls``, ``type(self)(..)`` / ``self.__class__(..)`` (the class called
    on), ``Class(..)`` of a project class, ``Class.make(..)`` that makes one
    (``called``); a local the function assigns once, so (``query = type(self)()`` then
    ``return query``)."""
    if value is not None and value.type == "identifier":
        value = _sole_value(function, bytes(value.text or b""))
    if value is None or value.type != "call":
        return None
    callee = value.child_by_field_name("function")
    if callee is not None and "".join(bytes(callee.text or b"").decode().split()) in (
        "type(self)",
        "self.__class__",
    ):
        return _CALLED_ON
    if callee is None or callee.type not in ("identifier", "attribute"):
        return None
    name = bytes(callee.text or b"").decode()
    if name == "cls":
        parameters = function.child_by_field_name("parameters")
        first = parameters.named_children[0] if parameters and parameters.named_children else None
        return _CALLED_ON if first is not None and first.text == b"cls" else None
    last = name.rsplit(".", 1)[-1]
    if last in bases:
        return last
    return called(name) if callee.type == "attribute" else None
