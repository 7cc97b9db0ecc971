"""What pytest gives a test's parameter: the value of the fixture of that name (in the
test's module, else in the nearest ``conftest.py`` above it), or each value a
``@pytest.mark.parametrize`` over that name lists. ``def test_dict(version):`` with a
fixture ``def version(): return Version(...)`` receives a ``Version``."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from prx.engine.intel.pycallers import assigns
from prx.engine.intel.pyreceivers import parameter_names

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = ["pytest_kinds"]

#: ``@pytest.fixture`` / ``@fixture`` with or without arguments, then its function's name.
_FIXTURE = re.compile(
    rb"(?m)^[ \t]*@[ \t]*(?:pytest\.)?fixture\b([^\n]*)\n(?:[ \t]*@[^\n]*\n)*"
    rb"[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\("
)
#: A literal argument's builtin type, by its node's type.
_LITERALS = {
    "string": "str",
    "concatenated_string": "str",
    "integer": "int",
    "float": "float",
    "true": "bool",
    "false": "bool",
    "list": "list",
    "dictionary": "dict",
    "tuple": "tuple",
    "set": "set",
}


def pytest_kinds(
    file: Callable[[str], ParsedFile | None],
    rel: str,
    node: Any,
    receiver: str,
    result_of: Callable[[Any], str | None],
    known: Collection[str],
) -> set[str]:
    """The classes pytest may give ``receiver``, a parameter of the test or fixture
    around ``node`` in the test file ``rel``: a fixture's result (``result_of`` a
    definition), or the values a parametrize lists (``known`` classes made there, or
    literals); empty when it is no such parameter or something is not known."""
    if not _test_file(rel) or not receiver.isidentifier():
        return set()
    function = _function_of(node)
    while function is not None and receiver.encode() not in parameter_names(function):
        if assigns(function, receiver):
            return set()
        function = _function_of(function)  # a closure's free name: the test's parameter
    if function is None or not _bare_parameter(function, receiver):
        return set()
    listed = _parametrized(function, receiver, known)
    if listed is not None:
        return listed
    definition = _fixture(file, rel, receiver)
    if definition is None:
        return set()
    made = result_of(definition) or _yielded(definition, known)
    return {made} if made is not None else set()


def _yielded(definition: Any, known: Collection[str]) -> str | None:
    """The class a ``yield`` fixture gives: every ``yield`` of it yields an instance of
    that class made there (``yield Store()``), or a name the fixture assigns only
    instances of it (``db_ = TinyDB(..)`` in each branch, then ``yield db_``)."""
    body = definition.child_by_field_name("body")
    text = bytes(body.text or b"") if body is not None else b""
    kinds: set[str | None] = set()
    stack = list(body.named_children) if body is not None else []
    while stack:
        here = stack.pop()
        if here.type in ("function_definition", "class_definition", "lambda"):
            continue
        if here.type == "yield":
            value = here.named_children[0] if here.named_children else None
            if value is None:
                return None
            if value.type == "identifier":
                kinds |= _assigned_kinds(text, bytes(value.text or b""), known)
            else:
                kinds.add(_kind(value, known))
        stack.extend(here.named_children)
    return kinds.pop() if len(kinds) == 1 else None


def _assigned_kinds(text: bytes, name: bytes, known: Collection[str]) -> set[str | None]:
    """What each assignment of ``name`` in ``text`` makes (None: not a known class's
    constructor call)."""
    out: set[str | None] = set()
    for found in re.finditer(
        rb"(?m)^[ \t]*" + re.escape(name) + rb"[ \t]*=(?!=)[ \t]*([^\n]*)", text
    ):
        called = re.match(rb"((?:\w+\.)*(\w+))[ \t]*\(", found.group(1))
        kind = called.group(2).decode() if called is not None else None
        out.add(kind if kind in known else None)
    return out or {None}


def _test_file(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return name == "conftest.py" or (
        name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))
    )


def _function_of(node: Any) -> Any:
    here = node.parent
    while here is not None and here.type not in ("function_definition", "lambda"):
        here = here.parent
    return here if here is not None and here.type == "function_definition" else None


def _bare_parameter(function: Any, name: str) -> bool:
    """Whether ``name`` is a parameter of ``function`` with no annotation and no default
    (what pytest fills in), never assigned in its body."""
    params = function.child_by_field_name("parameters")
    if params is None or not any(
        p.type == "identifier" and p.text == name.encode() for p in params.named_children
    ):
        return False
    return not assigns(function, name)


def _fixture(file: Callable[[str], ParsedFile | None], rel: str, name: str) -> Any:
    """The nearest fixture function called ``name``: the test's module's, else the
    ``conftest.py`` of its folder or of the nearest folder above that has one."""
    folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
    places = [rel]
    while True:
        places.append(f"{folder}/conftest.py" if folder else "conftest.py")
        if not folder:
            break
        folder = folder.rsplit("/", 1)[0] if "/" in folder else ""
    for place in places:
        parsed = file(place)
        if parsed is None or parsed.tree is None or b"fixture" not in parsed.data:
            continue
        for found in _FIXTURE.finditer(parsed.data):
            if found.group(2).decode() != name or b"name=" in found.group(1):
                continue
            named = parsed.tree.root_node.named_descendant_for_byte_range(
                found.start(2), found.end(2)
            )
            definition = named.parent if named is not None else None
            if definition is not None and definition.type == "function_definition":
                return definition
    return None


def _parametrized(function: Any, name: str, classes: Collection[str]) -> set[str] | None:
    """The classes of the values ``@pytest.mark.parametrize`` lists for ``name`` over
    ``function``; None when no parametrize names it, empty when a value is not known."""
    decorated = function.parent
    if decorated is None or decorated.type != "decorated_definition":
        return None
    for decorator in decorated.named_children:
        call = decorator.named_children[0] if decorator.named_children else None
        if call is None or call.type != "call":
            continue
        callee = bytes(call.child_by_field_name("function").text or b"")
        if not callee.endswith(b"parametrize"):
            continue
        args = call.child_by_field_name("arguments").named_children
        if len(args) < 2:
            continue
        names = _names(args[0])
        if name not in names:
            continue
        if any(a.type == "keyword_argument" and a.text.startswith(b"indirect") for a in args):
            return set()  # the values go to a fixture of the name, which makes the object
        return _values(args[1], names.index(name), len(names), classes)
    return None


def _names(node: Any) -> list[str]:
    """The parameter names a parametrize's first argument gives (``"a, b"`` or a list
    of strings)."""
    if node.type == "string":
        text = bytes(node.text or b"").decode().strip("'\"")
        return [part.strip() for part in text.split(",")]
    if node.type in ("list", "tuple"):
        return [bytes(c.text or b"").decode().strip("'\"") for c in node.named_children]
    return []


def _values(node: Any, index: int, width: int, classes: Collection[str]) -> set[str]:
    """The classes of the ``index``-th value of each case a parametrize lists."""
    if node.type not in ("list", "tuple"):
        return set()
    out: set[str] = set()
    for case in node.named_children:
        items = [case] if width == 1 else None
        if case.type == "call" and bytes(case.child_by_field_name("function").text or b"").endswith(
            b"param"
        ):  # ``pytest.param(a, b, id=..)``
            items = [a for a in case.child_by_field_name("arguments").named_children]
            if any(a.type in ("list_splat", "dictionary_splat") for a in items):
                return set()
            items = [a for a in items if a.type != "keyword_argument"]
        elif width > 1:
            items = list(case.named_children) if case.type in ("tuple", "list") else None
        if items is None or len(items) != width:
            return set()
        kind = _kind(items[index], classes)
        if kind is None:
            return set()
        out.add(kind)
    return out


def _kind(value: Any, classes: Collection[str]) -> str | None:
    if value.type == "call":
        callee = bytes(value.child_by_field_name("function").text or b"").decode()
        last = callee.rsplit(".", 1)[-1]
        return last if last in classes else None
    return _LITERALS.get(value.type)
