"""Python receivers typed by what annotations and module-level code say (issue 28): a loop
over an annotated parameter, a TypeVar's bound, a protocol, ``super(Class, self)`` and
a module-level literal, each found on a held-out project as a use listed wrongly."""

from __future__ import annotations

from explained import uses_by_place

import prx

#: Two classes with a ``match`` each; ``Special`` overrides ``Base``'s.
CLASSES = (
    "class Base:\n"
    "    def match(self, path):\n"
    "        return path\n"
    "\n"
    "\n"
    "class Special(Base):\n"
    "    def match(self, path):\n"
    "        return super(Special, self).match(path)\n"
    "\n"
    "\n"
    "class Other:\n"
    "    def match(self, path):\n"
    "        return None\n"
)


def test_a_loop_over_an_annotated_parameter_types_its_items(make_repo):
    """``for i, p in patterns`` where ``patterns: Iterable[tuple[int, Other]]`` makes ``p``
    an ``Other``; ``enumerate``, ``.values()`` and a comprehension read the same way; an
    unannotated parameter says nothing."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "use.py": (
                "from typing import Iterable, Tuple\n"
                "from kinds import Other\n"
                "\n"
                "\n"
                "def pairs(patterns: Iterable[Tuple[int, 'Other']], path):\n"
                "    for index, pattern in patterns:\n"
                "        pattern.match(path)\n"
                "\n"
                "\n"
                "def counted(patterns: list[Other], table: dict[str, Other], untyped):\n"
                "    for index, pattern in enumerate(patterns):\n"
                "        pattern.match(index)\n"
                "    for each in table.values():\n"
                "        each.match(1)\n"
                "    found = [p.match(2) for p in patterns]\n"
                "    for thing in untyped:\n"
                "        thing.match(3)\n"
                "    return found\n"
            ),
        }
    )
    base = uses_by_place(root, "Base.match")
    for line in (7, 12, 14, 15):
        assert ("use.py", line) not in base
        assert uses_by_place(root, "Other.match")[("use.py", line)] == "by_type"
    assert base[("use.py", 17)] == "by_name"


def test_two_argument_super_runs_the_member_after_the_class_it_names(make_repo):
    """``super(Special, self).match`` in Special's override is Base's, never Special's."""
    root = make_repo({"kinds.py": CLASSES})
    assert ("kinds.py", 8) not in uses_by_place(root, "Special.match")
    assert uses_by_place(root, "Base.match")[("kinds.py", 8)] == "by_type"


def test_an_annotation_naming_a_bound_typevar_is_its_bound(make_repo):
    """``def f(item: T)`` with ``T = TypeVar('T', bound='Other')`` makes ``item`` an
    ``Other``; a protocol's member called through it is no class's that only matches the
    protocol, and a rename still weighs it."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "wrap.py": (
                "from typing import Protocol, TypeVar\n"
                "\n"
                "T = TypeVar('T', bound='Other')\n"
                "W = TypeVar('W', bound='Matcher')\n"
                "\n"
                "\n"
                "class Matcher(Protocol[T]):\n"
                "    def match(self: W, path: str) -> W: ...\n"
                "\n"
                "\n"
                "def one(item: T):\n"
                "    return item.match(1)\n"
                "\n"
                "\n"
                "def wrapped(method):\n"
                "    def wrapper(self: W, path):\n"
                "        return self.match(path)\n"
                "\n"
                "    return wrapper\n"
            ),
        }
    )
    assert ("wrap.py", 12) not in uses_by_place(root, "Base.match")
    assert uses_by_place(root, "Other.match")[("wrap.py", 12)] == "by_type"
    assert ("wrap.py", 17) not in uses_by_place(root, "Other.match")
    assert ("wrap.py", 17) not in uses_by_place(root, "Base.match")


def test_a_module_level_literal_is_a_builtin_here_and_where_it_is_imported(make_repo):
    """``ENCODERS: list = []`` at a module's top: ``ENCODERS.remove`` there, and in a module
    that imports it, is a list's; a function that binds the name holds its own."""
    root = make_repo(
        {
            "registry.py": (
                "class Registry:\n"
                "    def remove(self, item):\n"
                "        pass\n"
                "\n"
                "\n"
                "ENCODERS: list = []\n"
                "\n"
                "\n"
                "def drop(encoder):\n"
                "    ENCODERS.remove(encoder)\n"
            ),
            "api.py": (
                "from registry import ENCODERS\n"
                "\n"
                "\n"
                "def unregister(encoder):\n"
                "    ENCODERS.remove(encoder)\n"
                "\n"
                "\n"
                "def local(ENCODERS):\n"
                "    ENCODERS.remove(1)\n"
            ),
        }
    )
    uses = uses_by_place(root, "Registry.remove")
    assert ("registry.py", 10) not in uses
    assert ("api.py", 5) not in uses
    assert uses[("api.py", 9)] == "by_name"


def test_a_module_named_in_a_parameter_s_annotation_is_still_the_module(make_repo):
    """``path: os.PathLike`` names ``os`` without binding it: ``os.name`` in that function
    is the module's, not a class's ``name``; a parameter called ``os`` binds it."""
    root = make_repo(
        {
            "kinds.py": "class Kind:\n    @property\n    def name(self):\n        return 'kind'\n",
            "use.py": (
                "import os\n"
                "\n"
                "\n"
                "def opened(path: 'os.PathLike[str]', mode: str = os.sep):\n"
                "    return os.name\n"
                "\n"
                "\n"
                "def shadowed(os):\n"
                "    return os.name\n"
            ),
        }
    )
    uses = uses_by_place(root, "Kind.name")
    assert ("use.py", 5) not in uses
    assert uses[("use.py", 9)] == "by_name"


def test_optional_type_and_a_tuple_of_classes_say_what_a_receiver_is(make_repo):
    """``Optional['Other']``, ``Type[T]`` (T bound to a class) and a return annotation
    ``Other | None`` name the class; ``isinstance(x, (Other, str))`` makes ``x`` one of
    them; a builtin's and a standard module's result are no project class."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "use.py": (
                "import codecs\n"
                "import typing as t\n"
                "from kinds import Base, Other\n"
                "\n"
                "T = t.TypeVar('T', bound='Other')\n"
                "\n"
                "\n"
                "def find(name) -> 'Other | None':\n"
                "    return None\n"
                "\n"
                "\n"
                "def one(item: t.Optional['Other'], kind: t.Type[T], thing):\n"
                "    item.match(1)\n"
                "    kind.match(2)\n"
                "    found = find('x')\n"
                "    found.match(3)\n"
                "    if isinstance(thing, (Other, str)):\n"
                "        thing.match(4)\n"
                "    if isinstance(thing, (Other, Base)):\n"
                "        thing.match(5)\n"
                "    opened = open('f')\n"
                "    opened.match(6)\n"
                "    codecs.lookup('x').match(7)\n"
            ),
        }
    )
    base = uses_by_place(root, "Base.match")
    other = uses_by_place(root, "Other.match")
    for line in (13, 14, 16):
        assert ("use.py", line) not in base
        assert other[("use.py", line)] == "by_type"
    # An Other or a str: not Base's; Other's, or no project member.
    assert ("use.py", 18) not in base
    assert other[("use.py", 18)] == "by_name"
    assert base[("use.py", 20)] == other[("use.py", 20)] == "by_name"
    for line in (22, 23):
        assert ("use.py", line) not in base
        assert ("use.py", line) not in other


def test_a_loop_over_a_call_reads_the_call_s_return_annotation(make_repo):
    """``for p in self.parts()`` with ``def parts(self) -> List['Other']`` makes ``p`` an
    ``Other``; a function without a return annotation says nothing."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "holder.py": (
                "from typing import List\n"
                "from kinds import Other\n"
                "\n"
                "\n"
                "class Holder:\n"
                "    def parts(self) -> List['Other']:\n"
                "        return []\n"
                "\n"
                "    def loose(self):\n"
                "        return []\n"
                "\n"
                "    def run(self):\n"
                "        for part in self.parts():\n"
                "            part.match(1)\n"
                "        for thing in self.loose():\n"
                "            thing.match(2)\n"
            ),
        }
    )
    base = uses_by_place(root, "Base.match")
    assert ("holder.py", 14) not in base
    assert uses_by_place(root, "Other.match")[("holder.py", 14)] == "by_type"
    assert base[("holder.py", 16)] == "by_name"


def test_a_class_a_test_defines_and_a_class_through_its_modules_are_those_classes(make_repo):
    """A test function that defines its own ``Special`` calls its own class's member; a
    class reached through its package's modules (``pkg.kinds.Base.match``) is that
    class, not a subclass's override."""
    root = make_repo(
        {
            "pkg/__init__.py": "",
            "pkg/kinds.py": CLASSES,
            "test_own.py": (
                "import pkg.kinds\n"
                "from pkg.kinds import Base\n"
                "\n"
                "\n"
                "def test_own():\n"
                "    class Special(Base):\n"
                "        def match(self, path):\n"
                "            return path\n"
                "\n"
                "    Special.match(None, 1)\n"
                "    pkg.kinds.Base.match(None, 2)\n"
            ),
        }
    )
    result = prx.explain("Special.match", root=root)
    home = {
        (r.file, r.line)
        for r in (*result.references, *result.tests)
        if r.definition.startswith("pkg/kinds.py")
    }
    assert ("test_own.py", 10) not in home
    assert ("test_own.py", 11) not in home
    assert uses_by_place(root, "Base.match")[("test_own.py", 11)] == "by_type"


def test_a_call_s_result_is_its_return_annotation_s_class_or_a_subclass(make_repo):
    """``Other.create(1).match()`` and ``made.again().match()`` are Other's; a function
    annotated ``-> Base`` may return a Special, whose override then runs: a candidate for
    Special's ``match``, never left out of its rename."""
    root = make_repo(
        {
            "kinds.py": CLASSES
            + (
                "\n"
                "    @classmethod\n"
                "    def create(cls, n) -> 'Other':\n"
                "        return cls()\n"
                "\n"
                "    def again(self) -> 'Other':\n"
                "        return self\n"
                "\n"
                "\n"
                "def make() -> Base:\n"
                "    return Special()\n"
            ),
            "use.py": (
                "from kinds import Other, make\n"
                "\n"
                "\n"
                "def run():\n"
                "    Other.create(1).match(1)\n"
                "    made = Other.create(2)\n"
                "    made.again().match(2)\n"
                "    make().match(3)\n"
                "    some = make()\n"
                "    some.match(4)\n"
            ),
        }
    )
    other = uses_by_place(root, "Other.match")
    base = uses_by_place(root, "Base.match")
    for line in (5, 7):
        assert other[("use.py", line)] == "by_type"
        assert ("use.py", line) not in base
    special = uses_by_place(root, "Special.match")
    for line in (8, 10):
        assert base[("use.py", line)] == "by_type"
        assert special[("use.py", line)] == "by_name"
