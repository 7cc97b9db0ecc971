"""Where a Python parameter's values come from: the arguments its function's callers in
the same file give it. A test helper ``def _check(self, cache)`` called as
``self._check(self.Cache(maxsize=3))`` receives what those arguments are.

Only a parameter with no annotation and no default, never assigned in its function, of a
function called by its name in the file (``helper(..)``, or ``self.helper(..)`` in its
class) is followed; any call that does not give it positionally or by keyword (``*args``,
``**kwargs``) leaves it unknown.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["assigns", "caller_arguments"]

#: Calls read for one parameter, at most (a helper called everywhere says little).
MAX_CALLERS = 100


def caller_arguments(
    node: Any, receiver: str, seen: dict[tuple[int, int, bytes], list[Any]] | None = None
) -> list[Any] | None:
    """The argument node each call of the function around ``node`` gives its parameter
    ``receiver``; None when it is not such a parameter or a call does not say.

    :param seen: the calls found so far in ``node``'s file, by scope and callee (a file's
        uses ask for the same function's calls again and again).
    """
    if not receiver.isidentifier():
        return None
    function = node.parent
    while function is not None and function.type not in ("function_definition", "module"):
        function = function.parent
    if function is None or function.type != "function_definition":
        return None
    position = _position(function, receiver)
    name_node = function.child_by_field_name("name")
    if position is None or name_node is None or assigns(function, receiver):
        return None
    name = bytes(name_node.text or b"").decode()
    owner = _owning_class(function)
    scope = owner if owner is not None else function
    while owner is None and scope.parent is not None:
        scope = scope.parent  # a plain function: called anywhere in its module
    callee = f"self.{name}" if owner is not None else name
    if owner is not None:
        position -= 1  # ``self`` is not passed
    wanted = callee.encode()
    key = (int(scope.start_byte), int(scope.end_byte), wanted)
    calls = seen.get(key) if seen is not None else None
    if calls is None:
        text = bytes(scope.text or b"")
        calls = _calls(scope, wanted) if wanted + b"(" in text else []
        if seen is not None:
            seen[key] = calls
    out: list[Any] = []
    for call in calls:
        argument = _argument(call, position, receiver.encode())
        if argument is None or len(out) >= MAX_CALLERS:
            return None
        out.append(argument)
    return out or None


def _position(function: Any, receiver: str) -> int | None:
    params = function.child_by_field_name("parameters")
    for index, param in enumerate(params.named_children if params is not None else ()):
        if param.type == "identifier" and param.text == receiver.encode():
            return index
        if param.type not in ("identifier", "typed_parameter", "default_parameter"):
            return None  # past ``*``, ``*args`` or ``/``: not followed
    return None


def assigns(function: Any, receiver: str) -> bool:
    """Whether a statement of ``function``'s body assigns ``receiver`` (``x = ...``,
    ``x: T = ...``)."""
    body = function.child_by_field_name("body")
    text = bytes(body.text or b"") if body is not None else b""
    word = re.escape(receiver).encode()
    return re.search(rb"(?m)^[ \t]*" + word + rb"[ \t]*(?::[^=\n]*)?=(?!=)", text) is not None


def _owning_class(function: Any) -> Any:
    parent = function.parent
    if parent is not None and parent.type == "decorated_definition":
        return None  # a static or class method, a property: not called as self.NAME(..)
    if parent is not None and parent.type == "block" and parent.parent is not None:
        if parent.parent.type == "class_definition":
            return parent.parent
    return None


def _calls(scope: Any, callee: bytes) -> list[Any]:
    out = []
    stack = [scope]
    while stack:
        here = stack.pop()
        if here.type == "call":
            function = here.child_by_field_name("function")
            if function is not None and function.text == callee:
                out.append(here)
        stack.extend(here.named_children)
    return out


def _argument(call: Any, position: int, keyword: bytes) -> Any:
    arguments = call.child_by_field_name("arguments")
    if arguments is None or arguments.type != "argument_list":
        return None
    index = 0
    for argument in arguments.named_children:
        if argument.type in ("list_splat", "dictionary_splat"):
            return None
        if argument.type == "keyword_argument":
            name = argument.child_by_field_name("name")
            if name is not None and name.text == keyword:
                return argument.child_by_field_name("value")
            continue
        if index == position:
            return argument
        index += 1
    return None
