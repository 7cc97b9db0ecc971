"""What the code around a Python name says its object is, beyond an assignment: an
``if isinstance(x, C):`` branch narrows ``x`` to ``C`` (``(A, B)``: to one of them); a
function decorated by a class (``@curry def add``) is an instance of that class;
``**kwargs``, ``*args`` and a literal assigned (``x = {}``, in the function or at a
module's top) are builtins; a name an ``import`` statement binds is a module."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from prx.engine.intel.pycallers import assigns
from prx.engine.intel.pydecorators import outermost_decorator
from prx.engine.intel.pyscopes import binds
from prx.engine.intel.uses import all_bindings

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = [
    "binds_name",
    "bound_in_function",
    "builtin_kind",
    "decorated_by",
    "imported_module",
    "narrowed",
    "narrowed_kinds",
    "parameter_names",
    "top_literal",
]


#: The classes whose body sets a class attribute to one of some strings: (attribute,
#: strings) -> class names (``type = 'import_from'``: parso's node classes).
Tags = Callable[[str, tuple[str, ...]], tuple[str, ...]]


def _no_tags(attribute: str, values: tuple[str, ...]) -> tuple[str, ...]:
    return ()


def narrowed(node: Any, receiver: str, tags: Tags = _no_tags) -> str | None:
    """The class ``if isinstance(receiver, C):`` says ``receiver`` is, for ``node`` in
    that branch, or ``assert isinstance(receiver, C)`` before it in a block around it
    (nothing between binding the name again); a tag compared (``receiver.type ==
    'import_from'``) says it as well, for the classes ``tags`` finds."""
    kinds = narrowed_kinds(node, receiver, tags)
    return kinds[0] if len(kinds) == 1 else None


def narrowed_kinds(node: Any, receiver: str, tags: Tags = _no_tags) -> tuple[str, ...]:
    """The classes :func:`narrowed` reads, ``isinstance(receiver, (A, B))`` giving
    several (the receiver is one of them); empty when nothing narrows it. The right
    side of an ``and`` is narrowed by its left (``x.type == 'param' and x.name``)."""
    if not receiver.isidentifier():
        return ()
    inner, here = node, node.parent
    while here is not None and here.type != "module":
        if here.type == "function_definition" and binds_name(here, receiver):
            return ()  # a parameter or a local of the function, not the narrowed name
        if here.type == "block":
            kinds = _asserted(here, inner, receiver, tags)
            if kinds:
                return kinds
        if here.type in ("if_statement", "elif_clause"):
            test = here.child_by_field_name("condition")
            if inner == here.child_by_field_name("consequence") and test is not None:
                kinds = _isinstance_of(test, receiver, tags)
                if kinds:
                    return kinds
        operator = here.child_by_field_name("operator") if here.type == "boolean_operator" else None
        if operator is not None and operator.type == "and":
            left = here.child_by_field_name("left")
            if inner == here.child_by_field_name("right") and left is not None:
                kinds = _isinstance_of(left, receiver, tags)
                if kinds:
                    return kinds
        inner, here = here, here.parent
    return ()


def _asserted(block: Any, inner: Any, receiver: str, tags: Tags) -> tuple[str, ...]:
    """The classes of ``assert isinstance(receiver, C)`` (or ``(A, B)``), or of a guard
    ``if not isinstance(receiver, C): raise ..``, when it is a statement of ``block``
    before ``inner`` (its child) and none after it binds ``receiver``; else empty."""
    before = []
    for child in block.named_children:
        if child == inner:
            break
        before.append(child)
    else:
        return ()
    for statement in reversed(before):
        if statement.type == "assert_statement" and statement.named_children:
            kinds = _isinstance_of(statement.named_children[0], receiver, tags)
            if kinds:
                return kinds
        kinds = _guarded(statement, receiver, tags)
        if kinds:
            return kinds
        if _rebinds(statement, receiver.encode()):
            return ()
    return ()


#: Statements after which a block's code does not go on.
_EXITS = frozenset({"raise_statement", "return_statement", "continue_statement", "break_statement"})


def _guarded(statement: Any, receiver: str, tags: Tags) -> tuple[str, ...]:
    """The classes of a guard ``if not isinstance(receiver, C): raise ..`` (its body
    ending in ``raise``, ``return``, ``continue`` or ``break``; no ``else``): past it, the
    receiver is a ``C``. Empty for any other statement."""
    if statement.type != "if_statement" or statement.child_by_field_name("alternative"):
        return ()
    test = statement.child_by_field_name("condition")
    while test is not None and test.type == "parenthesized_expression" and test.named_children:
        test = test.named_children[0]
    body = statement.child_by_field_name("consequence")
    done = [c for c in body.named_children if c.type != "comment"] if body is not None else []
    if test is None or test.type != "not_operator" or not done or done[-1].type not in _EXITS:
        return ()
    argument = test.child_by_field_name("argument")
    return _isinstance_of(argument, receiver, tags) if argument is not None else ()


#: Scopes of their own: a name bound inside is not the statement's.
_OWN_SCOPES = frozenset(
    {"function_definition", "class_definition", "lambda"}
    | {"list_comprehension", "set_comprehension", "dictionary_comprehension"}
    | {"generator_expression"}
)


def _rebinds(statement: Any, name: bytes) -> bool:
    """Whether ``statement`` binds ``name`` (an assignment, a loop, ``with .. as``,
    ``:=``, ``del``: :func:`~prx.engine.intel.pyscopes.binds`), outside the scopes of
    its own it holds."""
    stack = [statement]
    while stack:
        node = stack.pop()
        if node.type in _OWN_SCOPES:
            continue
        if node.type == "identifier" and node.text == name:
            parent = node.parent
            if binds(node) or (parent is not None and parent.type == "delete_statement"):
                return True
        stack.extend(node.named_children)
    return False


def binds_name(function: Any, name: str) -> bool:
    """Whether ``function`` has a parameter or an assignment named ``name`` (a name in a
    parameter's annotation or default, ``os`` of ``path: os.PathLike``, is no
    parameter)."""
    return name.encode() in parameter_names(function) or assigns(function, name)


def parameter_names(function: Any) -> set[bytes]:
    """The names of ``function``'s parameters (``*args`` and ``**kwargs`` too)."""
    params = function.child_by_field_name("parameters")
    out = set()
    for param in params.named_children if params is not None else ():
        named = param.child_by_field_name("name")
        if named is None and param.named_children:  # typed and splat forms
            named = param.named_children[0]
            if named.type in ("list_splat_pattern", "dictionary_splat_pattern"):
                named = named.named_children[0] if named.named_children else None
        if param.type == "identifier":
            named = param
        if named is not None and named.type == "identifier":
            out.add(bytes(named.text or b""))
    return out


def _isinstance_of(test: Any, receiver: str, tags: Tags = _no_tags) -> tuple[str, ...]:
    """``(C,)`` when ``test`` is ``isinstance(receiver, C)`` (or ``mod.C``), ``(A, B)``
    for ``isinstance(receiver, (A, B))``, either of them a conjunct of an ``and``
    (``isinstance(x, C) and hasattr(x, "name")``); empty for anything else."""
    if test.type == "parenthesized_expression" and test.named_children:
        return _isinstance_of(test.named_children[0], receiver, tags)
    if test.type == "comparison_operator":
        return _tag_compared(test, receiver, tags)
    operator = test.child_by_field_name("operator") if test.type == "boolean_operator" else None
    if operator is not None and operator.type == "and":
        for side in ("left", "right"):
            conjunct = test.child_by_field_name(side)
            found = _isinstance_of(conjunct, receiver, tags) if conjunct is not None else ()
            if found:
                return found
        return ()
    if test.type != "call":
        return ()
    function = test.child_by_field_name("function")
    arguments = test.child_by_field_name("arguments")
    if function is None or function.text != b"isinstance" or arguments is None:
        return ()
    args = arguments.named_children
    if len(args) != 2 or args[0].type != "identifier" or args[0].text != receiver.encode():
        return ()
    kinds = args[1].named_children if args[1].type == "tuple" else [args[1]]
    if not kinds or any(k.type not in ("identifier", "attribute") for k in kinds):
        return ()
    return tuple(bytes(k.text or b"").decode().rsplit(".", 1)[-1] for k in kinds)


def _tag_compared(test: Any, receiver: str, tags: Tags) -> tuple[str, ...]:
    """The classes ``receiver.attr == 'value'`` (or ``in ('a', 'b')``) says ``receiver``
    is: those whose body sets that class attribute to the string (see :data:`Tags`)."""
    parts = test.named_children
    operators = [c for c in test.children if not c.is_named]
    if len(parts) != 2 or len(operators) != 1 or operators[0].type not in ("==", "in"):
        return ()
    left, right = parts
    value = left.child_by_field_name("object") if left.type == "attribute" else None
    attribute = left.child_by_field_name("attribute") if left.type == "attribute" else None
    if value is None or attribute is None or value.text != receiver.encode():
        return ()
    strings = [right] if operators[0].type == "==" else list(right.named_children)
    if right.type not in ("string", "tuple", "list", "set") or not strings:
        return ()
    if operators[0].type == "in" and right.type == "string":
        return ()
    texts = []
    for string in strings:
        if string.type != "string":
            return ()
        text = bytes(string.text or b"").decode("utf-8", "replace")
        if len(text) < 2 or text[0] not in "'\"" or text[-1] != text[0]:
            return ()
        texts.append(text[1:-1])
    return tags(bytes(attribute.text or b"").decode(), tuple(texts))


def decorated_by(node: Any, receiver: str, classes: Mapping[str, set[str]]) -> str | None:
    """The class ``receiver`` is an instance of when the code near ``node`` defines it as
    a function whose outermost decorator is a bare class of ``classes`` (``@curry``)."""
    decorator = outermost_decorator(node, receiver)
    if decorator is None or decorator[1]:
        return None
    kind = decorator[0].rsplit(".", 1)[-1]
    return kind if kind in classes else None


#: ``x = {`` / ``x = [`` / ``x = '...`` (a literal): a builtin, whose members no project
#: class defines.
_LITERAL = {ord("{"): "dict", ord("["): "list", ord("'"): "str", ord('"'): "str"}


def builtin_kind(node: Any, receiver: str) -> str | None:
    """The builtin type ``receiver`` is when its function says so: a ``**kwargs``
    (``dict``) or ``*args`` (``tuple``) parameter, or a literal assigned to it first
    (``x = {}``, ``self.seen = []`` in the class)."""
    attribute = receiver.startswith("self.") and receiver.count(".") == 1
    if not attribute and not receiver.isidentifier():
        return None
    kinds = ("class_definition",) if attribute else ("function_definition",)
    scope = node.parent
    while scope is not None and scope.type not in kinds:
        scope = scope.parent
    if scope is None:
        return None
    if not attribute:
        params = scope.child_by_field_name("parameters")
        for param in params.named_children if params is not None else ():
            splat = {"dictionary_splat_pattern": "dict", "list_splat_pattern": "tuple"}
            if param.type in splat and param.named_children:
                if param.named_children[0].text == receiver.encode():
                    return splat[param.type]
    word = re.escape(receiver).encode()
    found = re.search(
        rb"(?m)^[ \t]*" + word + rb"[ \t]*(?::[^=\n]*)?=[ \t]*([\[{'\"])", scope.text or b""
    )
    return _LITERAL[found.group(1)[0]] if found is not None else None


def top_literal(data: bytes, name: str) -> str | None:
    """The builtin type a module-level ``name`` of ``data`` (Python source) holds when
    every assignment to it at the module's top is a literal of that type (``ENCODERS:
    list[E] = []``), else None."""
    if not name.isidentifier() or name.encode() not in data:
        return None
    kinds = {
        _LITERAL.get(found.group(1)[0])
        for found in re.finditer(
            rb"(?m)^" + re.escape(name).encode() + rb"[ \t]*(?::[^=\n]*)?=(?!=)[ \t]*(\S)", data
        )
    }
    return kinds.pop() if len(kinds) == 1 else None


def bound_in_function(node: Any, name: str) -> bool:
    """Whether a function around ``node`` has a parameter or an assignment ``name``
    (there, the name is not the module's)."""
    here = node.parent
    while here is not None:
        if here.type == "function_definition" and binds_name(here, name):
            return True
        here = here.parent
    return False


#: A module-level name bound to a module made at run time: ``m =
#: importlib.util.module_from_spec(spec)``, ``importlib.import_module(name)``,
#: ``__import__(name)``, ``types.ModuleType(name)``.
_MADE_MODULE = re.compile(
    rb"(?m)^([A-Za-z_]\w*)[ \t]*=[ \t]*(?:[\w.]+\.)?"
    rb"(?:module_from_spec|import_module|__import__|ModuleType)\("
)


def imported_module(parsed: ParsedFile, node: Any, receiver: str) -> bool:
    """Whether ``receiver`` at ``node`` is a module the file imports (``import json``,
    ``import a.b``, ``import numpy as np``) or makes at its top level
    (``importlib.import_module``, ``module_from_spec`` ...): its attributes are the
    module's names, no class's members. A function that rebinds the name holds something
    else there."""
    names: frozenset[str] | None = parsed.memo.get("module_names")
    if names is None:
        bound = {b.local for b in all_bindings(parsed) if b.kind == "module" and b.local}
        bound |= {m.group(1).decode() for m in _MADE_MODULE.finditer(parsed.data)}
        names = frozenset(bound | {name.split(".", 1)[0] for name in bound})
        parsed.memo["module_names"] = names
    if receiver not in names:
        return False
    return not bound_in_function(node, receiver.split(".", 1)[0])
