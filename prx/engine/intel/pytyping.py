"""Names Python's ``typing`` builds from a string: ``_V = TypeVar('_V')``, ``UserId =
NewType('UserId', int)``, the functional ``NamedTuple``/``namedtuple``/``TypedDict`` and
``Enum`` forms. A type checker refuses one whose string is not the name it is assigned
to, so that string is a use of the name: a rename changes it, ``explain`` lists it.

And annotations written as strings (``other: 'Pattern'``, ``-> 'Optional[Node]'``,
``cast('Node', x)``): forward references, read with the module's names by type checkers
and ``typing.get_type_hints``; a bare name there is a use of the module's binding."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = [
    "TypingString",
    "annotated_class",
    "annotation_uses",
    "bound_of",
    "in_annotation",
    "typing_strings",
]

#: ``NAME = [module.]Builder('NAME'``: the string must be the name it is assigned to.
_BUILT = re.compile(
    rb"(?m)^[ \t]*(?P<name>[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)*"
    rb"(?P<builder>[A-Za-z_]\w*)[ \t]*\([ \t]*(?P<quote>['\"])(?P<string>\w+)(?P=quote)"
)
#: The builders whose string a type checker holds to the name: ``typing``'s, the
#: functional ``Enum`` forms, and ``type(name, bases, namespace)``. A class called
#: with its own name (astor's ``MetaFlatten = MetaFlatten('MetaFlatten', (object,),
#: {})``, a metaclass making the class that takes its name) is one too.
_BUILDERS = frozenset(
    {
        b"TypeVar",
        b"ParamSpec",
        b"TypeVarTuple",
        b"NewType",
        b"NamedTuple",
        b"namedtuple",
        b"TypedDict",
        b"Enum",
        b"IntEnum",
        b"StrEnum",
        b"Flag",
        b"IntFlag",
        b"type",
    }
)


class TypingString(NamedTuple):
    """A ``NAME = Builder('NAME' ...)`` statement: where the name and its string start."""

    name: int
    string: int


def typing_strings(data: bytes, name: str | None = None) -> list[TypingString]:
    """Each statement of ``data`` (Python source) that builds a name from the same string
    (only ``name``'s, when given)."""
    out = []
    for found in _BUILT.finditer(data):
        if found.group("name") != found.group("string"):
            continue
        builder = found.group("builder")
        if builder not in _BUILDERS and builder != found.group("name"):
            continue
        if name is not None and found.group("name") != name.encode():
            continue
        out.append(TypingString(found.start("name"), found.start("string")))
    return out


def bound_of(data: bytes, name: str) -> str | None:
    """The class a module-level ``name = TypeVar('name', bound=C)`` of ``data`` (Python
    source) is bound to (``C``'s last dotted part; the bound may be a string, or
    ``Type[C]``: then ``x`` is the class or a subclass, whose members are looked up the
    same way): an annotation ``x: name`` says ``x`` is an instance of ``C`` or of a
    subclass. None when
    ``data`` has no such TypeVar, or it has no bound."""
    if not name.isidentifier() or name.encode() not in data:
        return None
    word = re.escape(name).encode()
    found = re.search(
        rb"(?m)^" + word + rb"[ \t]*(?::[^=\n]*)?=[ \t]*(?:\w+\.)*TypeVar[ \t]*\([^)]*?"
        rb"\bbound[ \t]*=[ \t]*['\"]?(?:\w+\.)*(?:(?:Type|type)\[['\"]?(?:\w+\.)*)?"
        rb"([A-Za-z_]\w*)['\"]?\]?['\"]?[ \t]*[,)]",
        data,
    )
    return found.group(1).decode() if found is not None else None


#: ``Optional[C]`` (``typing.``/``t.`` before it, quotes inside): the first group is C.
_OPTIONAL = re.compile(r"(?:\w+\.)*Optional\[\s*['\"]?([\w.]+)['\"]?\s*\]")


def annotated_class(text: str) -> str | None:
    """The one class an annotation's text names (its dotted name's last part): ``C``,
    ``mod.C``, ``'C'``, ``Optional[C]``, ``C | None``; None for anything else (a union of
    classes, a generic, a callable)."""
    depth, parts, start = 0, [], 0
    text = text.strip().strip("'\"")
    for at, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "|" and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    named = [p.strip().strip("'\"") for p in parts if p.strip().strip("'\"") != "None"]
    if len(named) != 1:
        return None
    optional = _OPTIONAL.fullmatch(named[0])
    one = optional.group(1) if optional is not None else named[0]
    return one.rsplit(".", 1)[-1] if re.fullmatch(r"[A-Za-z_][\w.]*", one) else None


#: Nodes an annotation never spans past: a string in another call or a statement is no
#: annotation.
_NOT_ANNOTATION = frozenset({"call", "block", "module", "expression_statement"})


def in_annotation(node: Any) -> bool:
    """Whether ``node`` (in a Python tree) lies in a string that is an annotation: inside
    tree-sitter's ``type`` (a parameter's, a return's, a variable's), or the type
    ``cast`` is given first."""
    while node is not None and node.type not in _NOT_ANNOTATION:
        if node.type == "type" or (node.type == "string" and _cast_type(node)):
            return True
        node = node.parent
    return False


def _cast_type(string: Any) -> bool:
    arguments = string.parent
    call = arguments.parent if arguments is not None else None
    if arguments is None or arguments.type != "argument_list" or call is None:
        return False
    function = call.child_by_field_name("function")
    named = bytes(function.text or b"") if function is not None else b""
    first = arguments.named_children[0] if arguments.named_children else None
    return named.rsplit(b".", 1)[-1] == b"cast" and first == string


def annotation_uses(parsed: ParsedFile, name: str) -> list[int]:
    """Where ``name`` is written, as a bare name (not ``x.name``), inside an annotation
    string of the Python file ``parsed`` (byte offsets in ``parsed.data``)."""
    tree = parsed.tree
    if tree is None or name.encode() not in parsed.data:
        return []
    out = []
    word = re.compile(rb"(?<![\w.$])" + re.escape(name.encode()) + rb"(?![\w$])")
    for found in word.finditer(parsed.data):
        node = tree.root_node.descendant_for_byte_range(found.start(), found.end())
        if node is not None and node.type in ("string_content", "string") and in_annotation(node):
            out.append(found.start())
    return out
