"""``prx explain`` of Python names (issue 28): the string a ``typing`` builder is given
(``_V = TypeVar('_V')``) is a use of the name, as a type checker requires it to match; a
local assigned the function is one too; a module's function is no method's use."""

from __future__ import annotations

import prx


def test_a_typevar_s_string_is_one_of_its_references(make_repo):
    root = make_repo(
        {
            "box.pyi": (
                "from typing import Generic, NewType, TypeVar\n"
                "\n"
                "_V = TypeVar('_V')\n"
                "Other = TypeVar('_V')\n"
                "UserId = NewType('UserId', int)\n"
                "\n"
                "\n"
                "class Box(Generic[_V]):\n"
                "    def get(self) -> _V: ...\n"
            ),
        }
    )
    refs = {(r.line, r.via) for r in prx.explain("_V", root=root).references}
    assert refs == {(3, "string"), (8, "local"), (9, "local")}
    assert (5, "string") in {(r.line, r.via) for r in prx.explain("UserId", root=root).references}


def test_a_module_and_its_stub_are_one_symbol_not_an_ambiguous_name(make_repo):
    root = make_repo(
        {
            "kit/core.py": "def sieve(n):\n    return list(range(2, n))\n",
            "kit/core.pyi": "def sieve(n: int) -> list[int]: ...\n",
            "kit/other.py": "def sieve(n):\n    return []\n",
        }
    )
    assert prx.explain("sieve", root=root).ambiguous  # another module's sieve
    (root / "kit" / "other.py").unlink()
    found = prx.explain("sieve", root=root)
    assert {d.file for d in found.definitions} == {"kit/core.py", "kit/core.pyi"}
    assert not found.ambiguous
    assert any("kit/core.pyi declares it too" in note for note in found.notes)


def test_a_local_assigned_the_function_is_its_use_below_the_assignment(make_repo):
    root = make_repo(
        {
            "codec/__init__.py": "from .core import encode\n",
            "codec/core.py": "def encode(s):\n    return s.encode()\n",
            "tests/test_codec.py": (
                "import codec\n"
                "\n"
                "\n"
                "def test_encode(encode=None):\n"
                "    encode(1) if encode else None\n"
                "    if encode is None:\n"
                "        encode = codec.encode\n"
                "    assert encode('a') == b'a'\n"
                "    run = encode\n"
                "    run('b')\n"
                "\n"
                "    def inner(run):\n"
                "        return run(3)\n"
                "\n"
                "\n"
                "def test_other(encode=str):\n"
                "    encode(2)\n"
            ),
        }
    )
    tests = {(r.line, r.via, r.certainty) for r in prx.explain("encode", root=root).tests}
    # Line 5 reads the parameter, before the assignment; line 13 is a nested function's
    # parameter, line 17 another function's.
    assert tests == {(7, "module", "resolved"), (8, "alias", "by_type"), (9, "alias", "by_type")}


def test_another_assignment_to_the_local_is_no_use(make_repo):
    root = make_repo(
        {
            "msgs.py": "class Unused:\n    pass\n\n\nclass Shadowed:\n    pass\n",
            "check.py": (
                "import msgs\n"
                "\n"
                "\n"
                "def report(loop, out):\n"
                "    if loop:\n"
                "        kind = msgs.Shadowed\n"
                "    else:\n"
                "        kind = msgs.Unused\n"
                "    out.append(kind)\n"
            ),
        }
    )
    found = {(r.line, r.via) for r in prx.explain("Shadowed", root=root).references}
    # Line 8 binds the local to another class; line 9 may hold Shadowed.
    assert found == {(6, "module"), (9, "alias")}


def test_a_parameter_s_default_value_is_a_use_and_its_name_is_not(make_repo):
    root = make_repo(
        {
            "fmt.py": (
                "DEFAULT = 'g'\n"
                "\n"
                "\n"
                "def show(x, fmt=DEFAULT, *, width: int = len(DEFAULT)):\n"
                "    return format(x, fmt)\n"
                "\n"
                "\n"
                "def other(DEFAULT=None):\n"
                "    return DEFAULT\n"
            ),
        }
    )
    found = prx.explain("DEFAULT", root=root)
    assert {r.line for r in found.references} == {4}
    # A parameter named DEFAULT is another binding, and so are its uses.
    assert found.unrelated == {"fmt.py": 2}


def test_a_default_of_its_own_name_is_the_scope_around_s_use(make_repo):
    """astor: ``def dump(node, iter_node=iter_node)`` (the module's, imported or its own)
    and ``def visit(self, node, abort=abort_visit)`` (the class body's method): the
    value is read where the function is defined; the parameter and its uses in the
    body are another binding."""
    root = make_repo(
        {
            "walk.py": (
                "def iter_node(node):\n"
                "    return list(node)\n"
                "\n"
                "\n"
                "def dump(node, iter_node=iter_node):\n"
                "    return iter_node(node)\n"
                "\n"
                "\n"
                "class Visitor:\n"
                "    def abort_visit(node):\n"
                "        raise AttributeError(node)\n"
                "\n"
                "    def visit(self, node, abort=abort_visit):\n"
                "        return abort(node)\n"
            ),
            "use.py": (
                "from walk import iter_node\n"
                "\n"
                "\n"
                "def show(node, iter_node=iter_node):\n"
                "    return iter_node(node)\n"
            ),
        }
    )
    found = prx.explain("iter_node", root=root)
    assert {(r.file, r.line) for r in found.references} == {("walk.py", 5), ("use.py", 4)}
    method = prx.explain("Visitor.abort_visit", root=root)
    assert {(r.file, r.line) for r in method.references} == {("walk.py", 13)}


def test_a_dict_s_key_is_a_use_of_the_name(make_repo):
    """h11's ``EVENT_TRIGGERED_TRANSITIONS = {CLIENT: {IDLE: {Request: SEND_BODY}}}``:
    a key of a Python dict is a value, not a property name as in an object literal."""
    root = make_repo(
        {
            "state.py": (
                "class CLIENT:\n"
                "    pass\n"
                "\n"
                "\n"
                "TRANSITIONS = {CLIENT: 1}\n"
                "NAMES = dict(CLIENT=2)\n"
                "STATES = {'x': CLIENT}\n"
            ),
        }
    )
    lines = {r.line for r in prx.explain("CLIENT", root=root).references}
    assert lines == {5, 7}


def test_a_function_a_class_holds_is_used_by_the_calls_through_it(make_repo):
    """astor's tests: ``to_source = staticmethod(astor.to_source)`` in a test class,
    then ``self.to_source(tree)`` in its methods and its subclasses'. Another class's
    ``self.to_source`` is no use of it."""
    root = make_repo(
        {
            "gen.py": "def to_source(node):\n    return str(node)\n",
            "tests/test_gen.py": (
                "import unittest\n"
                "\n"
                "import gen\n"
                "\n"
                "\n"
                "class Base(unittest.TestCase):\n"
                "    to_source = staticmethod(gen.to_source)\n"
                "\n"
                "    def test_a(self):\n"
                "        assert self.to_source(1) == '1'\n"
                "\n"
                "\n"
                "class More(Base):\n"
                "    def test_b(self):\n"
                "        assert self.to_source(2) == '2'\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def render(self, x):\n"
                "        return self.to_source(x)\n"
            ),
        }
    )
    found = {(t.line, t.via) for t in prx.explain("to_source", root=root).tests}
    assert found == {(7, "module"), (10, "held"), (15, "held")}


def test_a_class_named_through_a_module_alias_or_a_class_attribute_is_known(make_repo):
    """rfc3986's tests: ``pr.ParseResult.from_string(..)`` after ``from rfc3986 import
    parseresult as pr`` is ParseResult's; a base test case's ``self.test_class
    .from_string(..)``, where every subclass says ``test_class = URIReference``, is
    URIReference's: neither is IRIReference's (they were candidates of it)."""
    root = make_repo(
        {
            "pkg/__init__.py": "",
            "pkg/parseresult.py": (
                "class ParseResult:\n"
                "    @classmethod\n"
                "    def from_string(cls, s):\n"
                "        return cls()\n"
                "\n"
                "    def resolve(self):\n"
                "        return self\n"
            ),
            "pkg/uri.py": (
                "class URIReference:\n"
                "    @classmethod\n"
                "    def from_string(cls, s):\n"
                "        return cls()\n"
            ),
            "pkg/iri.py": (
                "class IRIReference:\n"
                "    @classmethod\n"
                "    def from_string(cls, s):\n"
                "        return cls()\n"
                "\n"
                "    def resolve(self):\n"
                "        return self\n"
            ),
            "tests/__init__.py": "",
            "tests/base.py": (
                "class BaseTest:\n"
                "    test_class = None\n"
                "\n"
                "    def test_parse(self):\n"
                "        assert self.test_class.from_string('a')\n"
            ),
            "tests/test_uri.py": (
                "from pkg import parseresult as pr\n"
                "from pkg.uri import URIReference\n"
                "\n"
                "from . import base\n"
                "\n"
                "\n"
                "class TestURI(base.BaseTest):\n"
                "    test_class = URIReference\n"
                "\n"
                "\n"
                "def test_result():\n"
                "    assert pr.ParseResult.from_string('b')\n"
                "    result = pr.ParseResult.from_string('c')\n"
                "    assert result.resolve()\n"
            ),
        }
    )
    iri = prx.explain("IRIReference.from_string", root=root)
    assert [(t.file, t.line) for t in [*iri.references, *iri.tests]] == []
    uri = prx.explain("URIReference.from_string", root=root)
    assert {(t.file, t.line, t.certainty) for t in uri.tests} == {("tests/base.py", 5, "by_type")}
    # ``result`` holds what ParseResult's class method makes: a ParseResult
    resolved = prx.explain("IRIReference.resolve", root=root)
    assert [t.line for t in resolved.tests] == []


def test_the_class_of_self_is_the_class_whose_code_holds_it(make_repo):
    """rfc3986's ``other_ref = self.__class__.from_string(other)`` in IRIReference (and
    ``type(self).from_string``) call its own class method, or a subclass's override."""
    root = make_repo(
        {
            "iri.py": (
                "class IRIReference:\n"
                "    @classmethod\n"
                "    def from_string(cls, s):\n"
                "        return cls()\n"
                "\n"
                "    def resolve(self, other):\n"
                "        return self.__class__.from_string(other), type(self).from_string(other)\n"
            ),
        }
    )
    found = prx.explain("IRIReference.from_string", root=root).references
    assert {(r.line, r.certainty) for r in found} == {(7, "by_type")}


def test_a_submodule_the_package_imports_is_its_attribute(make_repo):
    """webcolors' tests: ``import webcolors`` then ``webcolors._definitions._HTML4_NAMES``;
    the package's ``from ._definitions import HTML4`` makes the submodule its attribute.
    Another submodule's name of the same spelling is no use."""
    root = make_repo(
        {
            "pkg/__init__.py": "from ._defs import PUBLIC\n",
            "pkg/_defs.py": "PUBLIC = 1\n_NAMES = {'a': 1}\n",
            "pkg/_other.py": "_NAMES = {}\n",
            "tests/test_defs.py": (
                "import pkg\n"
                "\n"
                "\n"
                "def test_names():\n"
                "    assert pkg._defs._NAMES['a'] == pkg.PUBLIC\n"
                "    assert pkg._other._NAMES == {}\n"
            ),
        }
    )
    found = prx.explain("_NAMES", root=root)
    assert [(t.file, t.line, t.definition) for t in found.tests] == [
        ("tests/test_defs.py", 5, "pkg/_defs.py:2")
    ]


def test_a_modules_function_is_not_a_methods_use(make_repo):
    root = make_repo(
        {
            "query/__init__.py": (
                "from .parser import Parsed\n"
                "\n"
                "\n"
                "def search(data, expression='.'):\n"
                "    return Parsed(expression).search(data)\n"
            ),
            "query/parser.py": (
                "class Parsed:\n"
                "    def __init__(self, expression):\n"
                "        self.expression = expression\n"
                "\n"
                "    def search(self, data):\n"
                "        return data\n"
            ),
            "bin/tool.py": (
                "import query\n"
                "import query as q\n"
                "\n"
                "\n"
                "def main(parsed, data):\n"
                "    query.search(data)\n"
                "    q.search(data)\n"
                "    parsed.search(data)\n"
                "\n"
                "\n"
                "def shadowed(query):\n"
                "    return query.search({})\n"
            ),
        }
    )
    found = prx.explain("Parsed.search", root=root).references
    assert {(r.file, r.line) for r in found} == {
        ("query/__init__.py", 5),
        ("bin/tool.py", 8),
        ("bin/tool.py", 12),  # a parameter named like the module: a candidate
    }


def test_an_annotation_written_as_a_string_is_a_reference(make_repo):
    """``other: 'Pattern'`` (a forward reference) names the class for a type checker, in
    its own module and where it is imported; a string given to another call does not."""
    root = make_repo(
        {
            "shapes.py": (
                "class Pattern:\n"
                "    def __eq__(self, other: 'Pattern') -> bool:\n"
                "        return True\n"
            ),
            "use.py": (
                "from typing import Optional, cast\n"
                "\n"
                "from shapes import Pattern\n"
                "\n"
                "\n"
                "def first(x) -> 'Optional[Pattern]':\n"
                "    print('Pattern', x.Pattern)\n"
                "    return cast('Pattern', x)\n"
            ),
        }
    )
    result = prx.explain("Pattern", root=root)
    lines = {(r.file, r.line) for r in result.references}
    assert {("shapes.py", 2), ("use.py", 6), ("use.py", 8)} <= lines
    assert ("use.py", 7) not in lines
