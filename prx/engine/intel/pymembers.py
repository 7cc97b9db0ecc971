"""Python methods and attributes used through instances: ``ctx.push()`` where ``ctx`` is
an ``AppContext`` (a fixture, a factory's result, a parameter), in any file that reaches
the class's module through its imports.

Python does not say a receiver's type, so each use is weighed: ``by_type`` when the code
near it does (``self`` in the class, ``x = AppContext(..)``, ``x: AppContext``,
``self.x = AppContext(..)`` in the class that holds it), dropped when it names another
type, else ``by_name`` when the call's arguments fit the method's parameters (the
``pop(name, default)`` of a dict is not ``AppContext.pop(exc=None)``).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from prx.engine.intel.bindings import Occurrence, occurrences
from prx.engine.intel.pyattributes import (
    ANNOTATED,
    OWN_CLASS,
    UNKNOWN_RESULT,
    attribute_annotation,
    attribute_chain,
    class_name,
    enclosing,
    iterated_attribute,
    sets_attribute,
)
from prx.engine.intel.pycallers import caller_arguments
from prx.engine.intel.pyclassattrs import (
    ClassAttributes,
    derived_from_attribute,
    made_by_attribute,
    with_base_files,
)
from prx.engine.intel.pydecorators import decorated_kind
from prx.engine.intel.pyexternal import BUILTIN_TYPES, LIBRARY, external_result
from prx.engine.intel.pyforeign import imported_modules
from prx.engine.intel.pyloops import iterated_kind, subscript_kind, unpacked_kind
from prx.engine.intel.pyreceivers import (
    binds_name,
    bound_in_function,
    builtin_kind,
    decorated_by,
    imported_module,
    narrowed,
    narrowed_kinds,
    top_literal,
)
from prx.engine.intel.pyreturns import CallReturns
from prx.engine.intel.pyscopes import sole_alias
from prx.engine.intel.pytyping import bound_of

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = [
    "Arity",
    "aliased_class",
    "ancestors",
    "arity_of",
    "class_bases",
    "classes_defining",
    "classes_of",
    "in_local_class",
    "member_uses",
    "on_self",
    "member_files",
    "reaching_files",
]

#: Importer files followed back from the defining file, at most (a large project's core
#: module is reached by most files: past this, the files found so far answer).
MAX_REACHING = 3000


class Files(Protocol):
    """Where parsed files come from (a :class:`Project`, or a rename's files)."""

    def file(self, rel: str) -> ParsedFile | None: ...


class Arity(NamedTuple):
    """What a function accepts: positional arguments from ``least`` to ``most`` (None:
    any number), the keyword names it has, and whether it takes any keyword."""

    least: int
    most: int | None
    keywords: frozenset[str]
    any_keyword: bool


def arity_of(defn_node: Any, method: bool) -> Arity | None:
    """The arity of a Python ``function_definition`` (``self``/``cls`` not counted for a
    method, unless it is a ``staticmethod``)."""
    params = defn_node.child_by_field_name("parameters")
    if params is None:
        return None
    decorated = defn_node.parent is not None and defn_node.parent.type == "decorated_definition"
    static = decorated and b"staticmethod" in bytes(defn_node.parent.text or b"")
    least, most, names = 0, 0, set()
    unbounded = any_keyword = keyword_only = False
    skip_first = method and not static
    for child in params.named_children:
        kind = child.type
        if kind in ("list_splat_pattern",):
            unbounded = True
            keyword_only = True
            continue
        if kind == "dictionary_splat_pattern":
            any_keyword = True
            continue
        if kind == "keyword_separator":
            keyword_only = True
            continue
        if kind == "positional_separator":
            continue
        name_node = child if kind == "identifier" else child.child_by_field_name("name")
        if name_node is None and child.named_child_count:
            name_node = child.named_children[0]
        name = bytes(name_node.text or b"").decode() if name_node is not None else ""
        if skip_first:
            skip_first = False
            continue
        names.add(name)
        if keyword_only:
            continue
        most += 1
        if kind in ("identifier", "typed_parameter"):
            least += 1
    return Arity(least, None if unbounded else most, frozenset(names), any_keyword)


def widest(arities: list[Arity | None]) -> Arity | None:
    """An arity every call that fits one of ``arities`` fits (None, any call, when one
    is unknown): the methods a rename takes together answer calls any of them can
    take."""
    if not arities or any(a is None for a in arities):
        return None
    known = [a for a in arities if a is not None]
    most = [a.most for a in known]
    return Arity(
        least=min(a.least for a in known),
        most=None if any(m is None for m in most) else max(m for m in most if m is not None),
        keywords=frozenset().union(*(a.keywords for a in known)),
        any_keyword=any(a.any_keyword for a in known),
    )


def _fits(call: Any, arity: Arity) -> bool:
    """Whether the arguments of ``call`` (an ``argument_list``) fit ``arity``."""
    positional = 0
    for arg in call.named_children:
        if arg.type in ("list_splat", "dictionary_splat", "parenthesized_list_splat"):
            return True  # the count is not known here
        if arg.type == "keyword_argument":
            key = arg.child_by_field_name("name")
            word = bytes(key.text or b"").decode() if key is not None else ""
            if word not in arity.keywords and not arity.any_keyword:
                return False
            continue
        if arg.type != "comment":
            positional += 1
    if arity.most is not None and positional > arity.most:
        return False
    return (
        positional >= arity.least
        or positional + sum(1 for a in call.named_children if a.type == "keyword_argument")
        >= arity.least
    )


def reaching_files(project: Project, defining: str) -> list[str]:
    """The files whose imports reach ``defining``, directly or through other modules, and
    the modules of their mixins (see :func:`~prx.engine.intel.pyclassattrs.with_base_files`)."""
    seen = {defining}
    queue = [defining]
    while queue and len(seen) < MAX_REACHING:
        here = queue.pop()
        for edge in project.graph.edges_to(here):
            if edge.source not in seen:
                seen.add(edge.source)
                queue.append(edge.source)
    seen.discard(defining)
    return sorted(with_base_files(project, sorted(seen)))


def member_files(project: Project, defining: str, name: str) -> list[str]:
    """The files where an instance's ``.name`` may be the member of ``defining``'s class:
    those whose imports reach it, and every other Python file that spells the name. An
    instance reaches a file its class's module is not imported by (a plugin's parameter,
    a callback's argument); there its receiver's type decides, as anywhere."""
    reaching = reaching_files(project, defining)
    spelled = {rel for rel in project.files_with(name) if rel != defining and _python(project, rel)}
    return sorted(set(reaching) | spelled)


def in_local_class(member: Any) -> bool:
    """Whether the member ``member`` (a node) belongs to a class defined inside a
    function (a test's own ``class Storage``): its instances live in that function, and
    no other file's ``.name`` is its."""
    owner = enclosing(member, ("class_definition",))
    return owner is not None and enclosing(owner, ("function_definition",)) is not None


def _python(project: Project, rel: str) -> bool:
    spec = project.ws.language_for(rel)
    return spec is not None and spec.name == "python"


def _receiver_type(
    data: bytes, node: Any, receiver: str, returns: CallReturns | None = None
) -> str | None:
    """The class the code near ``node`` says ``receiver`` is (``x = C(..)``, ``x: C``,
    ``with C(..) as x``; ``self.x = C(..)`` in the enclosing class; ``x = C.make(..)``
    where ``returns`` says what ``make`` returns), else None."""
    found = _assigned(node, receiver)
    if found is None:
        return None
    callee = next(g for g in found.groups() if g).decode()
    kind = callee.rsplit(".", 1)[-1]
    kind = bound_of(data, kind) or kind  # ``x: T``, T a TypeVar bound to a class
    if kind in UNKNOWN_RESULT:
        return None
    if kind in OWN_CLASS:  # ``x = super().__new__(cls)``, ``x = cls(..)``
        return class_name(enclosing(node, ("class_definition",)))
    if found.group(1) is None:  # made by a call: ``open(..)``, ``codecs.lookup(..)``
        external = external_result(callee, data)
        if external is not None:
            return external
    through_self = callee.split(".", 1)[0] in OWN_CLASS | {"self"}
    if returns is not None and (through_self or not returns.is_class(kind)):
        owner = class_name(enclosing(node, ("class_definition",)))
        made = returns.of_call(callee, owner, data)
        if made is not None:
            return made
    # ``self.make(..)`` is a method's or an attribute's result, not a class of that name.
    return None if through_self else kind


def _assigned(node: Any, receiver: str) -> re.Match[bytes] | None:
    """Where the code near ``node`` says what ``receiver`` holds: its first group that
    matched is the dotted name of the class or the callee."""
    word = re.escape(receiver.split(".")[-1]).encode()
    # ``x: T`` / ``x = T(..)`` / ``x = mod.make(..)`` at the start of a line (``if x:`` is
    # no annotation).
    typed = rb"[ \t]*(?::[ \t]*" + ANNOTATED + rb"|=[ \t]*((?:\w+\.)*[A-Za-z_]\w*)[ \t]*\()"
    if receiver.startswith("self.") and receiver.count(".") == 1:
        scope = enclosing(node, ("class_definition",))
        pattern = rb"(?m)^[ \t]*self\." + word + typed
    elif receiver.isidentifier():
        scope = enclosing(node, ("function_definition",)) or enclosing(node, ("module",))
        pattern = (
            rb"(?m)^[ \t]*"
            + word
            + typed
            + rb"|((?:\w+\.)*[A-Za-z_]\w*)[ \t]*\([^\n]*\)[ \t]+as[ \t]+"
            + word
            + rb"\b"
            # a parameter's annotation: ``def f(ctx: AppContext)``
            + rb"|[(,][ \t\n]*"
            + word
            + rb"[ \t]*:[ \t]*"
            + ANNOTATED
        )
    else:
        return None
    if scope is None:
        return None
    found = re.search(pattern, bytes(scope.text or b""))
    while found is None and receiver.isidentifier() and scope.type == "function_definition":
        # A closure's free name: what the enclosing function says it is, when the inner
        # function binds it nowhere (``def get(s): return db.get(..)``).
        if binds_name(scope, receiver):
            return None
        scope = enclosing(scope, ("function_definition",))
        if scope is None:
            return None
        found = re.search(pattern, bytes(scope.text or b""))
    return found


def _declared(
    node: Any,
    receiver: str,
    data: bytes,
    returns: CallReturns,
    bases: Mapping[str, set[str]],
    container: str,
) -> bool:
    """Whether the code near ``node`` declares ``receiver``'s class rather than making it
    (``x: C``, ``def f(x: C)``, ``isinstance(x, C)``, a function's result ``x = make()``
    typed by its return annotation): an instance of a subclass fits."""
    if narrowed(node, receiver, returns.tagged) is not None:
        return True
    returned, attributed = _readers(data, node, container, bases, returns)
    if (
        receiver.count(".") > 1
        or _SUBSCRIPT.fullmatch(receiver)
        or iterated_attribute(node, receiver)
        or iterated_kind(node, receiver, returned, attributed)
        or unpacked_kind(node, receiver, returned)
    ):
        return True  # typed by annotations on the way (an element's, an attribute's)
    if _called(receiver) is not None:
        return _constructed(receiver) not in bases  # ``make().x``, not ``C().x``
    found = _assigned(node, receiver)
    if found is None:
        # ``self.x`` or ``ctx.command`` typed by a parameter's annotation or by a base's
        # code: a subclass's instance fits.
        return "." in receiver
    if found.group(2) is not None:  # ``x = make(..)``, not ``x = C(..)``
        return found.group(2).decode().rsplit(".", 1)[-1] not in bases
    annotations = (1,) if receiver.startswith("self.") else (1, 4)
    return any(found.group(g) is not None for g in annotations)


def _made_like(node: Any, receiver: str) -> str | None:
    """``y`` when the code says ``receiver = type(y)(..)`` (an instance of ``y``'s class),
    ``y`` being ``self``, ``self.attr`` or a name."""
    found = _assigned(node, receiver)
    if found is None or found.group(2) is None or found.group(2) != b"type":
        return None
    scope_text = found.string
    rest = re.match(rb"[ \t]*(self\.\w+|\w+)[ \t]*\)[ \t]*\(", scope_text[found.end() :])
    return rest.group(1).decode() if rest is not None else None


#: How many ``x = type(y)(..)`` a receiver is followed through.
_MADE_LIKE_HOPS = 3


def classes_of(parsed: ParsedFile | None) -> Iterator[tuple[str, Any]]:
    """Each class a Python file defines (nested ones too): its name and its node."""
    if parsed is None or parsed.language != "python" or parsed.tree is None:
        return
    if b"class" not in parsed.data:
        return
    found: list[tuple[str, Any]] | None = parsed.memo.get("python_classes")
    if found is None:
        found = parsed.memo["python_classes"] = []
        stack = [parsed.tree.root_node]
        while stack:
            node = stack.pop()
            if node.type == "class_definition":
                name = class_name(node)
                if name:
                    found.append((name, node))
            # Classes are statements: no expression holds one.
            stack.extend(c for c in node.named_children if c.type in _HOLDS_STATEMENTS)
    yield from found


#: The nodes a class definition can be found in (statements and their blocks).
_HOLDS_STATEMENTS = frozenset(
    {
        "class_definition",
        "function_definition",
        "decorated_definition",
        "block",
        "if_statement",
        "elif_clause",
        "else_clause",
        "for_statement",
        "while_statement",
        "try_statement",
        "except_clause",
        "except_group_clause",
        "finally_clause",
        "with_statement",
        "match_statement",
        "case_clause",
    }
)


def class_bases(project: Files, files: list[str]) -> dict[str, set[str]]:
    """Each class defined in ``files`` (by name) and the names of its bases (the last
    part of a dotted base: ``ctx.AppContext`` is ``AppContext``)."""
    out: dict[str, set[str]] = {}
    for rel in files:
        parsed = project.file(rel)
        for name, node in classes_of(parsed):
            supers = node.child_by_field_name("superclasses")
            bases = out.setdefault(name, set())
            for arg in supers.named_children if supers is not None else ():
                if arg.type == "subscript":  # ``Base[T]``: a generic base
                    arg = arg.child_by_field_name("value") or arg
                text = bytes(arg.text or b"").decode()
                # ``class Default(self.Cache)`` derives from what an attribute holds.
                if arg.type in ("identifier", "attribute") and not on_self(text):
                    bases.add(text.rsplit(".", 1)[-1])
                if arg.type == "identifier" and parsed is not None:
                    bases |= aliased_class(parsed.data, text)
    return out


def aliased_class(data: bytes, name: str) -> set[str]:
    """The class a module-level ``name`` stands for as a base: ``TableBase: Type[Table]
    = with_typehint(Table)`` (a type checker derives from ``Table``), ``Base = Table``,
    ``from .peg import ParserPEG as ParserPEGOrig`` (a subclass may take its base's
    name: arpeggio's ``class ParserPEG(ParserPEGOrig)``)."""
    word = re.escape(name).encode()
    if b" as " in data:
        imported = re.search(
            rb"(?m)^(?:[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t]+\(?(?:[^#\n]*?,)?|[ \t]+)"
            rb"[ \t]*([A-Za-z_]\w*)[ \t]+as[ \t]+" + word + rb"\b",
            data,
        )
        if imported is not None:
            return {imported.group(1).decode()}
    found = re.search(
        rb"(?m)^" + word + rb"[ \t]*:[ \t]*['\"]?(?:\w+\.)*(?:Type|type)\[['\"]?(?:\w+\.)*"
        rb"([A-Za-z_]\w*)['\"]?\]"
        rb"|^" + word + rb"[ \t]*=[ \t]*(?:\w+\.)*([A-Z]\w*)[ \t]*(?:#[^\n]*)?$",
        data,
    )
    if found is None:
        return set()
    return {(found.group(1) or found.group(2)).decode()}


_ON_SELF = re.compile(r"(?:self|cls)\.")


def on_self(dotted: str) -> bool:
    """Whether a dotted name is reached through ``self.``/``cls.``: an attribute's value
    (``class Default(self.Cache)``), not the class of that name."""
    return _ON_SELF.match(dotted) is not None


def classes_defining(project: Files, files: list[str], name: str) -> frozenset[str]:
    """The classes of ``files`` whose body defines ``name`` (a method or an attribute)."""
    out: set[str] = set()
    wanted = name.encode()
    for rel in files:
        parsed = project.file(rel)
        if parsed is None or wanted not in parsed.data:
            continue
        for owner, node in classes_of(parsed):
            body = node.child_by_field_name("body")
            if body is not None and any(_defines(child, wanted) for child in body.children):
                out.add(owner)
    return frozenset(out)


def _defines(node: Any, wanted: bytes) -> bool:
    """Whether a statement of a class body defines ``wanted``."""
    if node.type == "decorated_definition":
        node = node.child_by_field_name("definition") or node
    if node.type == "function_definition":
        named = node.child_by_field_name("name")
        return named is not None and named.text == wanted
    if node.type == "expression_statement" and node.named_children:
        node = node.named_children[0]  # the grammar's older form
    if node.type == "assignment":
        left = node.child_by_field_name("left")
        return left is not None and left.type == "identifier" and left.text == wanted
    return False


def ancestors(kind: str, bases: Mapping[str, set[str]]) -> set[str]:
    """Every base of ``kind``, by name, through ``bases`` (class -> its bases)."""
    seen: set[str] = set()
    queue = [kind]
    while queue:
        for base in bases.get(queue.pop(), ()):
            if base not in seen:
                seen.add(base)
                queue.append(base)
    return seen


def _weigh(
    kind: str,
    container: str,
    classes: frozenset[str],
    bases: dict[str, set[str]],
    family: frozenset[str] = frozenset(),
) -> str:
    """``by_type`` when an instance of ``kind`` has ``container``'s member (or that of a
    class of its ``family``: the overrides renamed with it), ``other`` when it has
    another class's member of the name, else ``by_name``."""
    if kind == container or kind in family:
        return "by_type"
    if kind == LIBRARY:
        return "unrelated"  # a standard library's object: a rename still weighs it
    if "Protocol" in bases.get(kind, ()) and kind not in ancestors(container, bases):
        # A protocol's member: pyright reads the call as the protocol's; a class that
        # matches it without deriving from it is a candidate at most.
        return "unrelated"
    if (
        kind in classes
        and kind not in ancestors(container, bases)
        and any(kind in ancestors(c, bases) and container in ancestors(c, bases) for c in bases)
    ):
        # Its own member of the name, but an instance may be of a class below it that
        # takes ``container``'s (``class Identifier(NameAliasMixin, TokenList)``): which
        # runs is that class's bases' order.
        return "by_name"
    if kind in classes or kind in BUILTIN_TYPES:
        return "other"
    if kind not in bases:
        return "by_name"  # a class prx does not see: a library's
    above = ancestors(kind, bases)
    if family & above and not (classes & above):
        return "by_type"
    if container in above:
        # Inherited, unless a class between them defines the name again; or maybe not,
        # when another base ``kind`` combines with it defines the name too (which of the
        # two runs is the bases' order's: ``class T(TimeMixIn, OctetEncoder)``).
        between = {c for c in above if container in ancestors(c, bases)}
        if between & classes:
            return "other"
        rivals = (above & classes) - family - ancestors(container, bases)
        return "by_name" if rivals else "by_type"
    if kind in ancestors(container, bases):
        # Code of a base class, dispatching to the override: to the renamed family's
        # only, when no other class below it defines the name.
        if not any(kind in ancestors(c, bases) for c in classes):
            return "by_type"
        return "by_name"
    # An abstract step's caller (arpeggio's ``Match.parse`` calls ``self._parse``, which
    # only its subclasses define): the override that runs is one the rename takes, when
    # every class below it that defines the name is of the renamed family.
    renamed = family | {container}
    below = {c for c in bases if kind in ancestors(c, bases)} & (classes | renamed)
    if below and below <= renamed and not (above & (classes - renamed)):
        return "by_type"
    return "unrelated"  # a project class that has no member of the name


#: A literal argument's type, by its node's type.
_LITERALS = {
    "list": "list",
    "list_comprehension": "list",
    "dictionary": "dict",
    "dictionary_comprehension": "dict",
    "set": "set",
    "set_comprehension": "set",
    "tuple": "tuple",
    "string": "str",
    "concatenated_string": "str",
    "integer": "int",
    "float": "float",
}


class MemberUse(NamedTuple):
    """A use of a member through an instance, and how sure it is."""

    file: str
    occurrence: Occurrence
    certainty: str


def member_uses(
    project: Files,
    files: list[str],
    container: str,
    name: str,
    arity: Arity | None,
    classes: frozenset[str],
    bases: dict[str, set[str]] | None = None,
    family: frozenset[str] = frozenset(),
    unrelated_is_candidate: bool = False,
    attributes: ClassAttributes | None = None,
    home: str | None = None,
    every_file: Callable[[], list[str]] | None = None,
) -> list[MemberUse]:
    """The ``.name`` uses in ``files`` that may be the member ``container.name``.

    :param classes: the project's classes that define a member ``name`` too: a receiver
        known to be one of them is another member's use.
    :param bases: each class's bases, by name (default: the classes of ``files``).
    :param family: the classes whose member of the name goes with ``container``'s (the
        overrides a rename renames with it): an instance of one is a use too.
    :param unrelated_is_candidate: a receiver typed as a project class that has no member
        of the name is a ``by_name`` candidate (the typing may be wrong: a rename must not
        leave it alone on that word), rather than no use.
    :param attributes: what class bodies assign to their attributes (default: those of
        ``files``).
    :param home: the file that defines ``container``: another file that defines a class
        of that name at its top level means its own class by the name (``PlyLogger`` of
        ``lex.py`` and of ``yacc.py``), not ``container``.
    :param every_file: every Python file of the project, when ``files`` are only some
        (what a call returns is read from every definition of the callee).
    """
    from prx.engine.intel.models.base import BY_NAME, BY_TYPE

    if bases is None:
        bases = class_bases(project, files)
    returns = CallReturns(project.file, files, bases, every_file)
    assigned = attributes or ClassAttributes(project, lambda: files, bases)
    texts: dict[str, list[bytes]] = {}
    forwards: list[frozenset[str]] = []

    def forwarding() -> frozenset[str]:
        """The classes that define ``__getattr__`` (read once, when first asked)."""
        if not forwards:
            forwards.append(classes_defining(project, files, "__getattr__"))
        return forwards[0]

    def weigh(kind: str, rel: str, data: bytes, node: Any) -> str:
        if (
            kind == container
            and home is not None
            and rel != home
            and _defines_class(data, kind, node)
        ):
            return "other"  # this file's own class of the name
        if kind not in bases and kind not in BUILTIN_TYPES and returns.foreign(kind, data):
            # A library's object (``self.buffer: BinaryIO``): the member runs on it only
            # when the member's class derives from the library's class.
            lineage = set().union(*(ancestors(k, bases) for k in {container, *family}))
            return "by_name" if kind in lineage else "unrelated"
        weight = _weigh(kind, container, classes, bases, family)
        lineage = ancestors(kind, bases) | {kind}
        if (
            weight == "unrelated"
            and forwarding() & lineage
            and not classes & lineage
            and not any(sets_attribute(returns.class_text(k) or b"", name) for k in lineage)
        ):
            # Its ``__getattr__`` may hand back anything's member, when no class of its
            # line has one of the name (Python asks ``__getattr__`` only then).
            return "by_name"
        return weight

    def weight_at(rel: str, data: bytes, node: Any, receiver: str, calls: dict[Any, Any]) -> str:
        after = _super_of(node, receiver)
        if after is not None and (
            _above_every(after, {container, *family}, bases)
            or _out_of_line(after, {container, *family}, bases)
        ):
            return "other"
        held = (
            _held_by_attribute(node, receiver, assigned, classes)
            or _held_by_callers(
                data, node, receiver, _Typing(assigned, classes, container, bases, returns), calls
            )
            or returns.given_by_pytest(data, node, receiver)
        )
        if held:
            return _combined({weigh(k, rel, data, node) for k in held})
        several = narrowed_kinds(node, receiver, returns.tagged)
        if len(several) > 1:  # ``isinstance(x, (A, B))``: x may be a subclass of either
            return _combined({declared(k, weigh(k, rel, data, node)) for k in several})
        kind, receiver = _kind_of(data, node, receiver, container, bases, returns)
        if kind is None and receiver.startswith("self.") and receiver.count(".") == 1:
            return _set_below(
                project, files, node, receiver[5:], container, classes, bases, texts, family
            )
        if kind is None:
            return BY_NAME
        weight = weigh(kind, rel, data, node)
        if weight == "other" and (
            receiver in _OWN_CLASS or _declared(node, receiver, data, returns, bases, container)
        ):
            return declared(kind, weight)
        return weight

    def declared(kind: str, weight: str) -> str:
        """The weight of a receiver declared ``kind`` (``x: Cache``, ``self`` in Cache's
        code): an instance of a subclass fits, whose override may run."""
        return BY_NAME if weight == "other" and kind in ancestors(container, bases) else weight

    out = []
    for rel in files:
        parsed = project.file(rel)
        if parsed is None or parsed.language != "python" or name.encode() not in parsed.data:
            continue
        calls: dict[Any, Any] = {}  # this file's calls of a function, by scope
        for occ in occurrences(parsed, name):
            if occ.receiver is None or occ.in_import or occ.defining:
                continue
            node = _node_at(parsed, occ.byte)
            if node is None or imported_module(parsed, node, occ.receiver):
                continue  # ``json.loads(..)``: a module's function, no class's member
            if returns.from_library(parsed, node, occ.receiver):
                continue  # ``request.files`` after ``from bottle import request``
            if _on_literal(node):
                continue  # ``'xn--'.encode(..)``: a builtin's member
            weight = weight_at(rel, parsed.data, node, occ.receiver, calls)
            if weight == BY_TYPE:
                out.append(MemberUse(rel, occ, BY_TYPE))
                continue
            if weight == "unrelated" and unrelated_is_candidate:
                weight = BY_NAME
            if weight != BY_NAME:
                continue  # another type's member
            call = node.parent.parent if node.parent is not None else None
            if arity is not None and call is not None and call.type == "call":
                arguments = call.child_by_field_name("arguments")
                if arguments is not None and arguments.type == "argument_list":
                    if not _fits(arguments, arity):
                        continue
            out.append(MemberUse(rel, occ, BY_NAME))
    return out


#: ``super(Class, self)`` / ``super(Class, cls)`` (whitespace removed): the first group
#: is the class whose successors in the method order are searched.
_SUPER_OF = re.compile(r"super\((?:\w+\.)*([A-Za-z_]\w*),\w+\)")


def _super_of(node: Any, receiver: str) -> str | None:
    """The class after which ``receiver.name`` is looked up when the receiver is
    ``super()`` (the class whose code holds ``node``) or ``super(Class, obj)``
    (``Class``), else None."""
    if receiver == "super()":
        return class_name(enclosing(node, ("class_definition",)))
    named = _SUPER_OF.fullmatch(receiver)
    return named.group(1) if named is not None else None


def _above_every(after: str, classes: set[str], bases: Mapping[str, set[str]]) -> bool:
    """Whether class ``after`` is each of ``classes`` or a base of each: ``super().name``
    there runs what comes after that class in the instance's method order, never that
    class's own member nor a subclass's."""
    return all(kind == after or after in ancestors(kind, bases) for kind in classes)


def _out_of_line(after: str, classes: set[str], bases: Mapping[str, set[str]]) -> bool:
    """Whether ``super().name`` after class ``after`` can reach none of ``classes``: none
    is a base of that class, and no class of the project descends from both (the only way
    another line's member comes after it in an instance's method order)."""
    if classes & ancestors(after, bases):
        return False
    for kind in bases:
        lineage = ancestors(kind, bases) | {kind}
        if after in lineage and any(c in lineage and c != kind for c in classes):
            return False
    return True


def _constructed(receiver: str) -> str | None:
    """The name ``C`` of a receiver that is a call ``C(..)`` (the whole receiver: not
    ``C(..).make(..)``; not ``self.C(..)``, whatever a class attribute holds), else None."""
    called = _called(receiver)
    return called if called is not None and "." not in called else None


def _called(receiver: str) -> str | None:
    """The callee of a receiver that is a call (the whole receiver): ``mod.func`` of
    ``mod.func(..)``, ``v.bump().bump`` of ``v.bump().bump(..)``; else None."""
    if not receiver.endswith(")"):
        return None
    depth = 0
    for at in range(len(receiver) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(receiver[at], 0)
        if depth == 0:
            callee = receiver[:at]
            head, _, last = callee.rpartition(".")
            if not last.isidentifier() or (head and not _CALLEE_HEAD.fullmatch(head)):
                return None
            return callee
    return None


#: What a callee's dotted head may be: names, and calls of them (``v.bump()``).
_CALLEE_HEAD = re.compile(r"[A-Za-z_]\w*(?:\(.*\))?(?:\.[A-Za-z_]\w*(?:\(.*\))?)*")


def _defines_class(data: bytes, kind: str, node: Any) -> bool:
    """Whether ``data`` defines a class ``kind`` at its top level, or a function around
    ``node`` does (a test that defines its own subclass of the name)."""
    word = re.escape(kind.encode())
    if re.search(rb"(?m)^class[ \t]+" + word + rb"\b", data) is not None:
        return True
    here = enclosing(node, ("function_definition",))
    while here is not None:
        if re.search(rb"(?m)^[ \t]+class[ \t]+" + word + rb"\b", bytes(here.text or b"")):
            return True
        here = enclosing(here, ("function_definition",))
    return False


#: Receivers that are the instance or the class whose code holds them (an instance of a
#: subclass too): ``self.__class__.from_string(..)`` in IRIReference is its own.
_OWN_CLASS = frozenset({"self", "cls", "self.__class__", "type(self)"})


def _kind_of(
    data: bytes,
    node: Any,
    receiver: str,
    container: str,
    bases: Mapping[str, set[str]],
    returns: CallReturns,
) -> tuple[str | None, str]:
    """The class ``receiver`` is at ``node`` (None: the code does not say), and the
    receiver that says it: ``x = type(y)(..)`` makes ``x`` what ``y`` is."""
    for _ in range(_MADE_LIKE_HOPS):
        owner = class_name(enclosing(node, ("class_definition",)))
        if receiver in _OWN_CLASS and owner is not None:
            return owner, receiver
        after = _super_of(node, receiver)
        if after is not None:  # the base's member, when the class has one base
            above = bases.get(after, ())
            return (next(iter(above)) if len(above) == 1 else None), receiver
        if receiver == container or receiver in bases:
            return receiver, receiver  # called on the class itself: ``Table.from_data(..)``
        path, _, last = receiver.rpartition(".")
        if path and last in bases and returns.module_path(path, data):
            return last, last  # the class through its modules: ``semver.version.Version``
        made = _constructed(receiver)
        if made is not None and made in bases:
            return made, receiver  # ``Node().children()``: an instance made there
        called = _called(receiver)
        if called is not None:
            made = external_result(called, data) or _call_result(
                data, node, called, container, bases, returns
            )
            if made is not None:  # ``codecs.lookup(name).name``, ``C.parse(v).bump()``
                return made, receiver
        made = _assigned_call_result(data, node, receiver, container, bases, returns)
        if made is not None:  # ``table = db.table('t')`` with ``db``'s class known
            return made, receiver
        returned, attributed = _readers(data, node, container, bases, returns)
        kind = (
            narrowed(node, receiver, returns.tagged)
            or _receiver_type(data, node, receiver, returns)
            or iterated_attribute(node, receiver)
            or iterated_kind(node, receiver, returned, attributed)
            or unpacked_kind(node, receiver, returned)
            or attribute_chain(
                node, receiver, returns, _heads(data, node, container, bases, returns)
            )
            or _subscripted(receiver, attributed)
            or decorated_by(node, receiver, bases)
            or decorated_kind(node, receiver, _definitions(node, data, returns))
            or builtin_kind(node, receiver)
            or _global_builtin(data, node, receiver, returns)
            or _library_attribute(data, node, receiver)
            or _standard_module_attribute(data, node, receiver, returns)
            or _one(returns.given_by_pytest(data, node, receiver))
        )
        like = (_made_like(node, receiver) or sole_alias(node, receiver)) if kind is None else None
        if like is None:
            return kind, receiver
        receiver = like
    return None, receiver


def _definitions(node: Any, data: bytes, returns: CallReturns) -> Callable[[str], list[Any]]:
    """A callee's definitions, read from the code around ``node``."""
    owner = class_name(enclosing(node, ("class_definition",)))
    return lambda callee: returns.definitions(callee, owner, data)


def _heads(
    data: bytes, node: Any, container: str, bases: Mapping[str, set[str]], returns: CallReturns
) -> Callable[[str], str | None]:
    """The class a name is at ``node`` (the first of an attribute chain); None while that
    very question is being answered (``_, y = y.split()`` reads ``y`` through itself)."""

    def head(name: str) -> str | None:
        return _once(
            (id(data), node.start_byte, name),
            lambda: _kind_of(data, node, name, container, bases, returns)[0],
        )

    return head


#: The (file, place, question) each thread is answering, to stop a cycle (a warm server
#: answers several calls at once).
_ASKING = threading.local()


def _once(key: tuple[int, int, str], answer: Callable[[], str | None]) -> str | None:
    """``answer()``, or None when the same question is already being answered further
    up (``x = x.copy()``, ``_, y = y.split()``: a name read through itself)."""
    asking: set[tuple[int, int, str]] = _ASKING.__dict__.setdefault("keys", set())
    if key in asking:
        return None
    asking.add(key)
    try:
        return answer()
    finally:
        asking.discard(key)


def _readers(
    data: bytes, node: Any, container: str, bases: Mapping[str, set[str]], returns: CallReturns
) -> tuple[Callable[[str], str | None], Callable[[str], str | None]]:
    """The annotations the code around ``node`` gives a callee's result and an
    attribute (``cmd.params``)."""
    head = _heads(data, node, container, bases, returns)
    returned = _returned_by(node, data, returns)

    def through_head(callee: str) -> str | None:
        found = returned(callee)
        first, _, method = callee.partition(".")
        if found is None and method.isidentifier() and first.isidentifier():
            kind = head(first)  # ``ctx.resolve()`` with ``ctx: Other``
            found = returned(f"{kind}.{method}") if kind is not None else None
        return found

    return through_head, lambda expression: attribute_annotation(node, expression, returns, head)


#: ``x.items[0]``: an item of an attribute, taken by one index (the groups: the attribute's
#: expression, the index).
_SUBSCRIPT = re.compile(r"((?:self|[A-Za-z_]\w*)(?:\.[A-Za-z_]\w*)+)\[([^\[\]]*)\]")


def _subscripted(receiver: str, attributed: Callable[[str], str | None]) -> str | None:
    """The class of ``x.attr[i]`` when ``x``'s class annotates ``attr`` (a sequence's
    item, a mapping's value, a tuple's member)."""
    taken = _SUBSCRIPT.fullmatch(receiver)
    annotation = attributed(taken.group(1)) if taken is not None else None
    return subscript_kind(annotation, taken.group(2)) if annotation and taken else None


def _returned_by(node: Any, data: bytes, returns: CallReturns) -> Callable[[str], str | None]:
    """A callee's return annotation, read from the code around ``node`` (``self.x`` is
    the enclosing class's ``x``)."""
    owner = class_name(enclosing(node, ("class_definition",)))
    return lambda callee: returns.return_annotation(callee, owner, data)


def _call_result(
    data: bytes,
    node: Any,
    called: str,
    container: str,
    bases: Mapping[str, set[str]],
    returns: CallReturns,
) -> str | None:
    """The class a receiver that is a call returns (``Version.parse(v)``,
    ``self.copy()``, ``make()``, ``v.bump()`` where ``v``'s class is known), as its
    return annotation or its returns say (see :class:`CallReturns`)."""
    owner = class_name(enclosing(node, ("class_definition",)))
    made = returns.of_call(called, owner, data)
    if made is not None:
        return made
    head, _, method = called.rpartition(".")
    if not head or head in ("self", "cls") or head in bases:
        return None  # ``of_call`` read those
    kind, _ = _kind_of(data, node, head, container, bases, returns)
    return returns.of_call(f"{kind}.{method}", None, data) if kind in bases else None


def _one(kinds: set[str]) -> str | None:
    return next(iter(kinds)) if len(kinds) == 1 else None


def _library_attribute(data: bytes, node: Any, receiver: str) -> str | None:
    """:data:`LIBRARY` for ``self.X`` / ``cls.X`` where the enclosing class's body assigns
    ``X`` what a standard-library call makes (``_REGEX = re.compile(..)``), else None."""
    first, _, attribute = receiver.partition(".")
    if first not in ("self", "cls") or not attribute.isidentifier():
        return None
    owner = enclosing(node, ("class_definition",))
    body = owner.child_by_field_name("body") if owner is not None else None
    for statement in body.named_children if body is not None else ():
        assignment = statement
        if statement.type == "expression_statement" and statement.named_children:
            assignment = statement.named_children[0]
        if assignment.type != "assignment":
            continue
        left, right = (
            assignment.child_by_field_name("left"),
            assignment.child_by_field_name("right"),
        )
        if left is None or left.text != attribute.encode() or right is None:
            continue
        callee = right.child_by_field_name("function") if right.type == "call" else None
        made = external_result(bytes(callee.text or b"").decode(), data) if callee else None
        return LIBRARY if made == LIBRARY else None
    return None


def _standard_module_attribute(
    data: bytes, node: Any, receiver: str, returns: CallReturns
) -> str | None:
    """:data:`LIBRARY` for ``sys.path`` or ``os.environ`` (``sys.path.insert(..)``): an
    attribute of a standard module the file imports (``import sys``), when the name is
    the module there (no parameter or local of the function spells it) and no project
    file assigns that attribute (``sys.stdout = ..`` makes it anything), else None."""
    head, _, attribute = receiver.partition(".")
    first = attribute.split(".", 1)[0]
    if not head.isidentifier() or not first.isidentifier() or "(" in receiver:
        return None
    module = imported_modules(data).get(head)
    if module is None or "." in module:
        return None
    if re.search(rb"(?m)^[ \t]*" + re.escape(head).encode() + rb"[ \t]*(?::[^=\n]*)?=(?!=)", data):
        return None  # the file binds the name to something else too
    function = enclosing(node, ("function_definition",))
    while function is not None:
        if binds_name(function, head):
            return None
        function = enclosing(function, ("function_definition",))
    return LIBRARY if returns.standard_attribute(module, first) else None


def _assigned_call_result(
    data: bytes,
    node: Any,
    receiver: str,
    container: str,
    bases: Mapping[str, set[str]],
    returns: CallReturns,
) -> str | None:
    """The class of a name assigned the result of a method called on another name
    (``table = db.table('t')``), as :func:`_call_result` reads it; None for anything
    else (``self.make()``, ``mod.make()``: :func:`_receiver_type` reads those)."""
    found = _assigned(node, receiver) if receiver.isidentifier() else None
    callee = found.group(2).decode() if found is not None and found.group(2) else ""
    first = callee.split(".", 1)[0]
    method = callee.rpartition(".")[2]
    if "." not in callee or not method.isidentifier() or first in ("self", "cls") or first in bases:
        return None
    if returns.module_path(first, data) and callee.count(".") < 2:
        return None  # ``mod.make()``; ``pr.ParseResult.from_string(..)`` goes on
    return _once(
        (id(data), node.start_byte, f"{receiver}={callee}"),
        lambda: _call_result(data, node, callee, container, bases, returns),
    )


def _global_builtin(data: bytes, node: Any, receiver: str, returns: CallReturns) -> str | None:
    """The builtin type of a module-level name (this module's, or one it imports from
    the project: ``CUSTOM_ENCODERS: list[E] = []``) when no function around ``node``
    binds the name."""
    if not receiver.isidentifier() or bound_in_function(node, receiver):
        return None
    return top_literal(data, receiver) or returns.imported_literal(receiver, data)


def _held_by_attribute(
    node: Any, receiver: str, attributes: ClassAttributes, classes: frozenset[str]
) -> set[str]:
    """The classes a receiver made by calling a class attribute may be (``self.Cache(..)``
    in a mixin: see :mod:`prx.engine.intel.pyclassattrs`), or a local class derived from
    one (``class Default(self.Cache)``; itself when it defines the name: in ``classes``);
    empty when it is not so made."""
    callee = None
    if receiver.isidentifier():
        found = _assigned(node, receiver)
        callee = found.group(2).decode() if found is not None and found.group(2) else None
    attribute = made_by_attribute(receiver, callee)
    if attribute is None and callee is not None and callee.isidentifier():
        scope = enclosing(node, ("function_definition",))
        attribute = derived_from_attribute(bytes(scope.text or b"") if scope else b"", callee)
        if attribute is not None and callee in classes:
            return {callee}
    owner = class_name(enclosing(node, ("class_definition",))) if attribute else None
    if attribute is None or owner is None:
        return set()
    return attributes.held_classes(owner, attribute)


class _Typing(NamedTuple):
    """What the rules that type a receiver read."""

    attributes: ClassAttributes
    #: The classes that define the member's name too.
    classes: frozenset[str]
    #: The member's class.
    container: str
    bases: Mapping[str, set[str]]
    returns: CallReturns


def _held_by_callers(
    data: bytes,
    node: Any,
    receiver: str,
    typing: _Typing,
    calls: dict[Any, Any],
    hops: int = 2,
) -> set[str]:
    """The classes a parameter may be, from what every call of its function in the file
    gives it (see :mod:`prx.engine.intel.pycallers`), following a caller's own parameter
    passed on (``_words(cli)`` calling ``_completions(cli)``) up to ``hops`` functions;
    empty when any call does not say."""
    attributes, classes, container, bases, returns = typing
    arguments = caller_arguments(node, receiver, calls)
    out: set[str] = set()
    for argument in arguments or ():
        text = bytes(argument.text or b"").decode()
        if argument.type == "identifier":
            kind, _ = _kind_of(data, argument, text, container, bases, returns)
            found = {kind} if kind else _held_by_attribute(argument, text, attributes, classes)
            if not found and hops > 1:
                found = _held_by_callers(data, argument, text, typing, calls, hops - 1)
        elif argument.type == "call":
            found = _held_by_attribute(argument, text, attributes, classes)
            callee = argument.child_by_field_name("function")
            name = bytes(callee.text or b"").decode() if callee is not None else ""
            known = bases.keys() | BUILTIN_TYPES
            if not found and name.rsplit(".", 1)[-1] in known and not on_self(name):
                found = {name.rsplit(".", 1)[-1]}
        else:
            literal = _LITERALS.get(argument.type)
            found = {literal} if literal else set()
        if not found:
            return set()
        out |= found
    return out


def _set_below(
    project: Files,
    files: list[str],
    node: Any,
    attribute: str,
    container: str,
    classes: frozenset[str],
    bases: dict[str, set[str]],
    texts: dict[str, list[bytes]],
    family: frozenset[str],
) -> str:
    """How sure ``self.attribute.NAME`` in a class (a mixin, a base test case) is, from
    what its subclasses assign to ``self.attribute`` (``self.flo = SpooledBytesIO()`` in
    each test case's ``setUp``) or to the class attribute (``test_class =
    URIReference``, rfc3986's test cases: the class itself, whose class methods are
    called): ``by_type`` when every one is ``container``'s, ``other`` when none is,
    else ``by_name``."""
    owner = class_name(enclosing(node, ("class_definition",)))
    if owner is None:
        return "by_name"
    if not texts:
        texts.update(_class_texts(project, files))
    below = [k for k in bases if k == owner or owner in ancestors(k, bases)]
    pattern = re.compile(
        rb"(?m)^[ \t]*self\."
        + re.escape(attribute).encode()
        + rb"[ \t]*=[ \t]*(?:\w+\.)*([A-Za-z_]\w*)[ \t]*\("
    )
    held = re.compile(
        rb"(?m)^[ \t]+"
        + re.escape(attribute).encode()
        + rb"[ \t]*=[ \t]*(?:\w+\.)*([A-Za-z_]\w*)[ \t]*(?:#[^\n]*)?$"
    )
    return _combined(
        {
            _weigh(found.group(1).decode(), container, classes, bases, family)
            for kind in below
            for text in texts.get(kind, ())
            for found in [*pattern.finditer(text), *held.finditer(text)]
            if found.group(1) not in (b"None", b"True", b"False")
        }
    )


def _combined(weights: set[str]) -> str:
    """One weight for a receiver that may be any of several classes: ``by_type`` when
    each is, ``other``/``unrelated`` when none may be, else ``by_name``."""
    if weights == {"by_type"}:
        return "by_type"
    if weights and "by_type" not in weights and "by_name" not in weights:
        return "unrelated" if "unrelated" in weights else "other"
    return "by_name"


def _class_texts(project: Files, files: list[str]) -> dict[str, list[bytes]]:
    """The text of each class of ``files``, by class name."""
    out: dict[str, list[bytes]] = {}
    for rel in files:
        for name, node in classes_of(project.file(rel)):
            out.setdefault(name, []).append(bytes(node.text or b""))
    return out


def _on_literal(node: Any) -> bool:
    """Whether the name at ``node`` is an attribute of a literal (``'.'.join``, ``[].count``,
    ``{}.get``)."""
    parent = node.parent
    if parent is None or parent.type != "attribute":
        return False
    value = parent.child_by_field_name("object")
    return value is not None and value.type in _LITERALS


def _node_at(parsed: ParsedFile, offset: int) -> Any:
    tree = parsed.tree
    if tree is None:
        return None
    return tree.root_node.named_descendant_for_byte_range(offset, offset + 1)
