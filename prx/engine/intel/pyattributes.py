"""What a Python class says its attributes hold: ``self.x: C``, ``self.x = C(..)``,
``self.x = param`` with ``param: C``, a property's return annotation, read in the class
or the nearest of its bases that sets the attribute; and through them, the class of an
attribute chain (``self.parser.state``, ``ctx.command``, ``Query().key`` where
``__getattr__`` makes it) and the annotation of an attribute (``self.params:
List["Parameter"]``), whose items a loop or an index takes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.engine.intel.pyreturns import CallReturns

__all__ = [
    "ANNOTATED",
    "OWN_CLASS",
    "UNKNOWN_RESULT",
    "annotation_text",
    "attribute_annotation",
    "attribute_chain",
    "attribute_kind",
    "class_name",
    "enclosing",
    "iterated_attribute",
    "sets_attribute",
]

#: Calls whose result is an instance of the class the code is in.
OWN_CLASS = frozenset({"super", "cls"})
#: Calls whose result's type the call's name does not say (``type(x)(...)``).
UNKNOWN_RESULT = frozenset({"type", "getattr", "copy", "deepcopy"})


def enclosing(node: Any, kinds: tuple[str, ...]) -> Any:
    """The nearest node above ``node`` of one of ``kinds``, else None."""
    here = node.parent
    while here is not None and here.type not in kinds:
        here = here.parent
    return here


def class_name(node: Any) -> str | None:
    """The name of a class (or function) node, else None."""
    name = node.child_by_field_name("name") if node is not None else None
    return bytes(name.text or b"").decode() if name is not None else None


#: A collection annotation's element type: ``list[C]``, ``Sequence['C']``,
#: ``tuple[C, ...]`` (the first group: C, maybe dotted).
_ELEMENT = (
    rb"[ \t]*:[ \t]*['\"]?(?:typing\.)?"
    rb"(?:list|List|Sequence|MutableSequence|set|Set|frozenset|FrozenSet|Iterable|Iterator"
    rb"|Collection|tuple|Tuple|deque)\[['\"]?((?:\w+\.)*[A-Za-z_]\w*)['\"]?(?:\]|,[ \t]*\.\.\.\])"
)


#: The class an annotation names, its first group: ``C``, ``mod.C``, ``'C'``, ``C | None``,
#: ``Optional[C]``, ``t.Optional["C"]``; ``Type[C]`` (the class itself: its members are
#: looked up the same way).
ANNOTATED = rb"['\"]?(?:\w+\.)*(?:(?:Optional|Type|type)\[['\"]?(?:\w+\.)*)?([A-Za-z_]\w*)"


def attribute_kind(class_text: bytes, attribute: str) -> str | None:
    """The class the code of a class says its instances' ``attribute`` holds:
    ``self.attribute: C`` (or ``attribute: C`` in its body), ``self.attribute = C(..)``,
    or ``self.attribute = name``
    where a method's parameter ``name`` is annotated ``C``; None when it does not say,
    or when its assignments do not agree (``= None`` aside). An annotation, where there
    is one, is what every assignment must fit (``self.storage: Storage = None`` then
    ``self.storage = self._storage_cls()``): it decides."""
    word = re.escape(attribute).encode()
    kinds: set[str | None] = set()
    annotated: set[str | None] = set()
    for found in re.finditer(
        rb"(?m)^[ \t]*self\." + word + rb"[ \t]*(:|=(?!=))[ \t]*([^\n]*)", class_text
    ):
        annotation = found.group(1) == b":"
        stated = _stated_kind(class_text, annotation, found.group(2))
        (annotated if annotation else kinds).add(stated)
    declared = _body_annotation(class_text, attribute) if not annotated else None
    if declared is not None:  # ``pattern: Pattern`` in the body declares it (PEP 526)
        annotated.add(_stated_kind(class_text, True, declared))
    kinds = annotated or kinds
    kinds.discard("None")
    return kinds.pop() if len(kinds) == 1 else None


def _stated_kind(class_text: bytes, annotation: bool, value: bytes) -> str | None:
    """The class one ``self.x: value`` / ``self.x = value`` line says (see
    :func:`attribute_kind`), ``"None"`` for ``= None``, else None."""
    if annotation:
        named = re.match(ANNOTATED, value)
        return named.group(1).decode() if named is not None else None
    value = value.split(b"#", 1)[0].strip()
    if value == b"None":
        return "None"
    made = re.match(rb"((?:\w+\.)*[A-Za-z_]\w*)[ \t]*\(", value)
    if made is not None and not re.search(rb"\)[ \t]*[.\[]", value):  # not ``C().make()``
        callee = made.group(1).decode()
        return None if callee.split(".", 1)[0] in ("self", "cls") else callee.rsplit(".", 1)[-1]
    if not re.fullmatch(rb"[A-Za-z_]\w*", value):
        return None
    annotated = re.search(
        rb"[(,][ \t\n]*" + re.escape(value) + rb"[ \t]*:[ \t]*" + ANNOTATED + rb"['\"]?\]?"
        rb"[ \t]*[,)=]",
        class_text,
    )
    return annotated.group(1).decode() if annotated is not None else None


def attribute_chain(
    node: Any, receiver: str, returns: CallReturns, head: Callable[[str], str | None]
) -> str | None:
    """The class of ``self.a`` or ``x.a.b`` (and so on) when each class on the way, or
    the nearest of its bases that sets the attribute, says what it holds
    (:func:`attribute_kind`; the first, the class whose code this is for ``self``, else
    what ``head`` says the first name is: ``ctx.command`` with ``ctx: Context``)."""
    split = _CHAIN.fullmatch(receiver)
    if split is None or not (split.group(1).isidentifier() or split.group(1).endswith(")")):
        return None
    parts = [split.group(1), *split.group(2)[1:].split(".")]
    kind, text = _start_of_chain(node, parts[0], returns, head)
    for attribute in parts[1:]:
        if text is None or kind is None:
            return None
        owner = kind
        kind = _inherited(text, owner, attribute, returns, attribute_kind)
        if kind is None and not _has_attribute(text, owner, attribute, returns):
            # Not an attribute of its class: Python asks ``__getattr__`` (tinydb's
            # ``Query().key1`` is the Query ``__getattr__`` makes).
            kind = returns.of_call(f"{owner}.__getattr__", None, b"")
        if kind is None or kind in UNKNOWN_RESULT or kind in OWN_CLASS:
            return None
        text = returns.class_text(kind)
    return kind


#: An attribute chain: its head (a name, or a call: ``Query()``) and its ``.names``.
_CHAIN = re.compile(r"(.+?)((?:\.[A-Za-z_]\w*)+)")


def _has_attribute(text: bytes, name: str, attribute: str, returns: CallReturns) -> bool:
    """Whether class ``name`` (its code ``text``) or a project base of it sets or
    defines ``attribute``; True when a base is not the project's (it may)."""
    for level in _lineage(text, name, returns):
        if level is None:
            return True
        if any(
            sets_attribute(body, attribute) or _defines_otherwise(body, attribute)
            for body, _ in level
        ):
            return True
    return False


def _lineage(
    text: bytes, name: str, returns: CallReturns
) -> Iterator[list[tuple[bytes, str]] | None]:
    """Class ``name`` (its code ``text``), then each generation of its bases read from
    the project (their code and names), nearest first; None, last, when a base is not
    the project's one class of its name (``object`` aside)."""
    level = [(text, name)]
    seen = {name, "object"}
    for _ in range(_MAX_GENERATIONS):
        yield level
        above = []
        for _, kind in level:
            for base in sorted(returns.bases_of(kind) - seen):
                seen.add(base)
                body = returns.class_text(base)
                if body is None:
                    yield None
                    return
                above.append((body, base))
        if not above:
            return
        level = above


def _start_of_chain(
    node: Any, first: str, returns: CallReturns, head: Callable[[str], str | None]
) -> tuple[str | None, bytes | None]:
    """The class an attribute chain's first name is, and its code: ``self``'s class (the
    code around ``node``), else the project's one class ``head`` says."""
    if first == "self":
        owner = enclosing(node, ("class_definition",))
        return class_name(owner), bytes(owner.text or b"") if owner is not None else None
    kind = head(first)
    return (kind, returns.class_text(kind)) if kind is not None else (None, None)


def attribute_annotation(
    node: Any, expression: str, returns: CallReturns, head: Callable[[str], str | None]
) -> str | None:
    """The annotation's text of ``x.attr`` (``self.params: List["Parameter"]`` in the
    class ``x`` is, or the nearest base that sets it), ``x`` a name or a chain
    :func:`attribute_chain` types; None when the code does not say."""
    owner, _, attribute = expression.rpartition(".")
    if not owner or not attribute.isidentifier():
        return None
    if "." in owner:
        kind = attribute_chain(node, owner, returns, head)
        text = returns.class_text(kind) if kind is not None else None
    elif owner.isidentifier():
        kind, text = _start_of_chain(node, owner, returns, head)
    else:
        return None
    if text is None or kind is None:
        return None
    return _inherited(text, kind, attribute, returns, annotation_text)


def annotation_text(class_text: bytes, attribute: str) -> str | None:
    """The annotation the code of a class gives ``self.attribute`` (one, or None), else
    the one its body declares the attribute with (``pattern: Pattern``, PEP 526)."""
    found = {
        m.group(1).strip()
        for m in re.finditer(
            rb"(?m)^[ \t]*self\." + re.escape(attribute).encode() + rb"[ \t]*:[ \t]*([^=\n]+)",
            class_text,
        )
    }
    if not found:
        declared = _body_annotation(class_text, attribute)
        found = {declared} if declared is not None else set()
    return found.pop().decode("utf-8", "replace") if len(found) == 1 else None


def _body_annotation(class_text: bytes, attribute: str) -> bytes | None:
    """The annotation of ``attribute: T`` (with a value or without) at the class body's
    own indentation: an instance attribute it declares (a dataclass's field). Not a
    ``ClassVar``."""
    indent = _body_indent(class_text)
    if indent is None:
        return None
    found = [
        m.group(1).strip()
        for m in re.finditer(
            rb"(?m)^" + indent + re.escape(attribute).encode() + rb"[ \t]*:[ \t]*([^=\n#]+)",
            class_text,
        )
    ]
    if len(found) != 1 or b"ClassVar" in found[0]:
        return None
    return found[0]


def _body_indent(class_text: bytes) -> bytes | None:
    """A pattern of the indentation of a class's body (its first line is the header)."""
    lines = class_text.split(b"\n")[1:]
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    return rb"[ \t]{" + str(min(indents)).encode() + rb"}" if indents else None


#: How many generations of bases are searched for the class that sets an attribute.
_MAX_GENERATIONS = 4


def _inherited(
    text: bytes,
    name: str,
    attribute: str,
    returns: CallReturns,
    read: Callable[[bytes, str], str | None],
) -> str | None:
    """What ``read`` finds of ``attribute`` in class ``name`` (its code ``text``), else
    in the nearest generation of its bases, read from the project, that sets
    ``attribute`` (``self.parser`` of a subclass is what its base's ``__init__`` set).
    A property annotated with its result (``def storage(self) -> Storage``) gives that;
    None when the class or a base it goes through defines the name otherwise (a method,
    another property, a class attribute), or a base is not the project's one class of
    its name."""
    for level in _lineage(text, name, returns):
        if level is None:
            return None  # not the project's, or which one is not known
        stating = [body for body, _ in level if sets_attribute(body, attribute)]
        if stating:
            kinds = {read(body, attribute) for body in stating}
            return kinds.pop() if len(kinds) == 1 else None
        if any(_defines_otherwise(body, attribute) for body, _ in level):
            properties = {_property_annotation(body, attribute) for body, _ in level}
            properties.discard(None)
            if len(properties) != 1:
                return None
            annotation = properties.pop() or ""
            if read is annotation_text:
                return annotation
            named = re.match(ANNOTATED.decode(), annotation)
            return named.group(1) if named is not None else None
    return None


def _property_annotation(class_text: bytes, attribute: str) -> str | None:
    """The return annotation of a ``@property`` named ``attribute`` in a class's code
    (``def storage(self) -> Storage``), or None."""
    found = re.search(
        rb"(?m)^[ \t]*@property[ \t]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*def[ \t]+"
        + re.escape(attribute).encode()
        + rb"[ \t]*\([ \t]*self[ \t]*\)[ \t]*->[ \t]*([^:\n]+?)[ \t]*:",
        class_text,
    )
    return found.group(1).decode("utf-8", "replace") if found is not None else None


def sets_attribute(class_text: bytes, attribute: str) -> bool:
    """Whether the code of a class assigns or annotates ``self.attribute``, or its body
    declares it with an annotation (``pattern: Pattern``)."""
    return (
        re.search(
            rb"(?m)^[ \t]*self\." + re.escape(attribute).encode() + rb"[ \t]*(?::|=(?!=))",
            class_text,
        )
        is not None
        or _body_annotation(class_text, attribute) is not None
    )


def _defines_otherwise(class_text: bytes, attribute: str) -> bool:
    """Whether a class's body defines ``attribute`` as a method, a property or a class
    attribute (at the body's own indentation: a method's local of the name is not)."""
    indent = _body_indent(class_text)
    if indent is None:
        return False
    word = re.escape(attribute).encode()
    return (
        re.search(
            rb"(?m)^"
            + indent
            + rb"(?:(?:async[ \t]+)?def[ \t]+"
            + word
            + rb"\b|"
            + word
            + rb"[ \t]*[:=](?!=))",
            class_text,
        )
        is not None
    )


def iterated_attribute(node: Any, receiver: str) -> str | None:
    """The class of ``receiver`` when the function around ``node`` binds it by ``for
    receiver in self.items:`` and the class annotates ``self.items`` as a collection of
    that class (``self.items: list[C] = []``), else None."""
    if not receiver.isidentifier():
        return None
    scope = enclosing(node, ("function_definition",))
    owner = enclosing(node, ("class_definition",))
    if scope is None or owner is None:
        return None
    word = re.escape(receiver).encode()
    loop = re.search(
        rb"(?m)^[ \t]*(?:async[ \t]+)?for[ \t]+" + word + rb"[ \t]+in[ \t]+self\.(\w+)[ \t]*:",
        bytes(scope.text or b""),
    )
    if loop is None:
        return None
    annotated = re.search(
        rb"(?m)^[ \t]*self\." + re.escape(loop.group(1)) + _ELEMENT, bytes(owner.text or b"")
    )
    return annotated.group(1).decode().rsplit(".", 1)[-1] if annotated is not None else None
