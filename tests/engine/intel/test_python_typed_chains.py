"""Python receivers typed through what the code declares on the way (issue 28): a
library's class, an ``isinstance`` inside an ``and``, a ``TypeVar`` bound to ``Type[C]``,
attribute chains from an annotated name, items of annotated attributes (by loop and by
index), a tuple unpacked from an annotated call, a plain alias, and a typed decorator
factory. Each was a use listed wrongly on a held-out project (click)."""

from __future__ import annotations

from explained import uses_by_place

import prx

#: ``Base.name`` is overridden by ``Special``; ``Other`` has a ``name`` of its own and a
#: ``params`` list of ``Other``.
CLASSES = (
    "from typing import List, Optional, Tuple\n"
    "\n"
    "\n"
    "class Base:\n"
    "    def name(self):\n"
    "        return 'base'\n"
    "\n"
    "\n"
    "class Special(Base):\n"
    "    def name(self):\n"
    "        return 'special'\n"
    "\n"
    "\n"
    "class Other:\n"
    "    def __init__(self, inner: 'Other', params: List['Other']):\n"
    "        self.inner = inner\n"
    "        self.params: List['Other'] = params\n"
    "\n"
    "    def name(self):\n"
    "        return 'other'\n"
    "\n"
    "    def resolve(self) -> Tuple[str, Optional['Other'], List[str]]:\n"
    "        return '', self, []\n"
)


def test_a_library_class_runs_no_project_member_unless_the_member_derives_from_it(make_repo):
    """``self.buffer`` set from ``stream: BinaryIO`` and ``isinstance(x, (io.IOBase,
    Other)) and ...`` are no ``Special``; a receiver annotated with a library class the
    member's class derives from stays a candidate."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "lib.py": (
                "import io\n"
                "import typing as t\n"
                "from collections import UserString\n"
                "from kinds import Other, Special\n"
                "\n"
                "\n"
                "class Stream:\n"
                "    def __init__(self, stream: t.BinaryIO):\n"
                "        self.buffer = stream\n"
                "\n"
                "    def label(self):\n"
                "        return self.buffer.name()\n"
                "\n"
                "\n"
                "def shown(value: t.Any):\n"
                "    if isinstance(value, (io.IOBase, Other)) and hasattr(value, 'x'):\n"
                "        return value.name()\n"
                "    return value.name()\n"
                "\n"
                "\n"
                "def text(value: UserString):\n"
                "    return value.name()\n"
            ),
            "derived.py": (
                "from collections import UserString\n"
                "\n"
                "\n"
                "class Word(UserString):\n"
                "    def name(self):\n"
                "        return self.data\n"
                "\n"
                "\n"
                "def spelled(value: UserString):\n"
                "    return value.name()\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    assert ("lib.py", 12) not in special
    assert ("lib.py", 17) not in special
    assert special[("lib.py", 18)] == "by_name"  # ``t.Any`` says nothing
    assert ("lib.py", 22) not in special
    assert uses_by_place(root, "Word.name")[("derived.py", 10)] == "by_name"


def test_a_typevar_bound_to_a_class_object_is_that_class(make_repo):
    """``cls: T`` with ``T = TypeVar('T', bound='Type[Other]')``: ``cls.name`` is Other's."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "register.py": (
                "import typing as t\n"
                "from kinds import Other\n"
                "\n"
                'T = t.TypeVar("T", bound="t.Type[Other]")\n'
                "\n"
                "\n"
                "def register(cls: T) -> T:\n"
                "    cls.name(None)\n"
                "    return cls\n"
            ),
        }
    )
    assert ("register.py", 8) not in uses_by_place(root, "Special.name")
    assert uses_by_place(root, "Other.name")[("register.py", 8)] == "by_type"


def test_chains_items_unpacking_and_aliases_read_the_annotations_on_the_way(make_repo):
    """``ctx.inner.name()`` (``ctx: Other``), ``for p in ctx.params``, ``ctx.params[0]``,
    ``_, found, _ = ctx.resolve()`` and ``alias = ctx`` are all ``Other``; an unannotated
    head says nothing."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "use.py": (
                "from kinds import Base, Other\n"
                "\n"
                "\n"
                "def chain(ctx: Other, untyped):\n"
                "    ctx.inner.name()\n"
                "    for param in ctx.inner.params:\n"
                "        param.name()\n"
                "    ctx.params[0].name()\n"
                "    _, found, _ = ctx.resolve()\n"
                "    found.name()\n"
                "    alias = ctx\n"
                "    alias.name()\n"
                "    untyped.inner.name()\n"
                "    for each in untyped.params:\n"
                "        each.name()\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    other = uses_by_place(root, "Other.name")
    for line in (5, 7, 8, 10, 12):
        assert ("use.py", line) not in special, line
        assert other[("use.py", line)] == "by_type", line
    for line in (13, 15):
        assert special[("use.py", line)] == "by_name", line


def test_an_item_declared_as_a_base_may_be_a_subclass(make_repo):
    """``for p in holder.items`` with ``items: List[Base]``: ``p.name()`` may run
    ``Special``'s override (a candidate), as a parameter annotated ``Base`` would."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "holder.py": (
                "from typing import List\n"
                "from kinds import Base\n"
                "\n"
                "\n"
                "class Holder:\n"
                "    def __init__(self, items: List[Base]):\n"
                "        self.items: List[Base] = items\n"
                "\n"
                "\n"
                "def names(holder: Holder):\n"
                "    for item in holder.items:\n"
                "        item.name()\n"
                "    return holder.items[0].name()\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    assert special[("holder.py", 12)] == "by_name"
    assert special[("holder.py", 13)] == "by_name"


def test_a_typed_decorator_factory_makes_the_class_its_result_names(make_repo):
    """``@command()`` where every overload of ``command`` returns ``Callable[[F],
    Command]`` (or a TypeVar bound to it) makes the function a ``Command``; a decorator
    that returns what it was given says nothing."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "deco.py": (
                "import typing as t\n"
                "from kinds import Other\n"
                "\n"
                'C = t.TypeVar("C", bound=Other)\n'
                'F = t.TypeVar("F", bound=t.Callable[..., t.Any])\n'
                "\n"
                "\n"
                "@t.overload\n"
                "def command(name: t.Callable[..., t.Any]) -> Other: ...\n"
                "\n"
                "\n"
                "@t.overload\n"
                "def command(name: str = ..., cls: t.Type[C] = ...) -> t.Callable[[F], C]: ...\n"
                "\n"
                "\n"
                "def command(name=None, cls=None):\n"
                "    return lambda f: Other(None, [])\n"
                "\n"
                "\n"
                "def keep(f: F) -> F:\n"
                "    return f\n"
            ),
            "cli.py": (
                "import deco\n"
                "\n"
                "\n"
                "@deco.command()\n"
                "def cli():\n"
                "    pass\n"
                "\n"
                "\n"
                "@deco.keep\n"
                "def plain():\n"
                "    pass\n"
                "\n"
                "\n"
                "cli.name()\n"
                "plain.name()\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    assert ("cli.py", 14) not in special
    assert uses_by_place(root, "Other.name")[("cli.py", 14)] == "by_type"
    assert special[("cli.py", 15)] == "by_name"


def test_a_name_typed_through_itself_says_nothing(make_repo):
    """``_, rest = rest.split()`` and ``a = b`` / ``b = a`` end, as candidates."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "loop.py": (
                "def walk(rest):\n"
                "    _, rest = rest.resolve()\n"
                "    rest.name()\n"
                "\n"
                "\n"
                "def swap():\n"
                "    a = b\n"
                "    b = a\n"
                "    a.name()\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    assert special[("loop.py", 3)] == "by_name"
    assert special[("loop.py", 9)] == "by_name"


def test_a_parameter_passed_on_is_typed_by_the_callers_of_its_caller(make_repo):
    """``_name(obj)`` is only called by ``_names(obj)``, which every test calls with an
    ``Other``: ``obj.name()`` is Other's. One caller giving something unknown leaves it a
    candidate."""
    helpers = (
        "from kinds import Other\n"
        "\n"
        "\n"
        "def _name(obj):\n"
        "    return obj.name()\n"
        "\n"
        "\n"
        "def _names(obj):\n"
        "    return [_name(obj)]\n"
        "\n"
        "\n"
    )
    calls = "".join(
        f"def test_{n}():\n    obj = Other(None, [])\n    _names(obj)\n\n\n" for n in range(50)
    )
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "test_typed.py": helpers + calls,
            "test_open.py": helpers + calls + "def test_unknown(thing):\n    _names(thing)\n",
        }
    )
    assert ("test_typed.py", 5) not in uses_by_place(root, "Special.name")
    assert uses_by_place(root, "Other.name")[("test_typed.py", 5)] == "by_type"
    assert uses_by_place(root, "Special.name")[("test_open.py", 5)] == "by_name"


def test_pytest_gives_a_test_its_fixture_and_its_parametrized_values(make_repo):
    """A test's parameter named after a fixture (the module's, else the nearest
    conftest's) is what the fixture returns; one a parametrize lists is each value's
    class; a parameter nothing fills in stays a candidate."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "tests/conftest.py": (
                "import pytest\n"
                "from kinds import Other\n"
                "\n"
                "\n"
                "@pytest.fixture\n"
                "def other():\n"
                "    return Other(None, [])\n"
            ),
            "tests/test_use.py": (
                "import pytest\n"
                "from kinds import Other, Special\n"
                "\n"
                "\n"
                "def test_fixture(other):\n"
                "    other.name()\n"
                "\n"
                "\n"
                "@pytest.mark.parametrize(\n"
                '    "obj, label", [(Other(None, []), "a"), pytest.param(Other(None, []), "b")]\n'
                ")\n"
                "def test_cases(obj, label):\n"
                "    obj.name()\n"
                "\n"
                "\n"
                '@pytest.mark.parametrize("obj", [Other(None, []), Special()])\n'
                "def test_mixed(obj):\n"
                "    obj.name()\n"
                "\n"
                "\n"
                "def test_unknown(thing):\n"
                "    thing.name()\n"
                "\n"
                "\n"
                '@pytest.mark.parametrize("other", [1], indirect=True)\n'
                "def test_indirect(other):\n"
                "    other.name()\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    other = uses_by_place(root, "Other.name")
    for line in (6, 13):
        assert ("tests/test_use.py", line) not in special, line
        assert other[("tests/test_use.py", line)] == "by_type", line
    assert special[("tests/test_use.py", 18)] == "by_name"  # Other or Special
    assert special[("tests/test_use.py", 22)] == "by_name"
    assert special[("tests/test_use.py", 27)] == "by_name"  # indirect: the fixture decides


def test_a_call_on_a_calls_result_is_typed_by_each_return_annotation(make_repo):
    """``v.bump().bump()``: each call's class from the annotation before it."""
    root = make_repo(
        {
            "version.py": (
                "class Version:\n"
                "    def bump(self) -> 'Version':\n"
                "        return Version()\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def bump(self):\n"
                "        return self\n"
                "\n"
                "\n"
                "def make():\n"
                "    return Version()\n"
                "\n"
                "\n"
                "make().bump().bump().bump()\n"
            ),
        }
    )
    assert ("version.py", 15) not in uses_by_place(root, "Other.bump")
    assert uses_by_place(root, "Version.bump")[("version.py", 15)] == "by_type"


def test_a_class_attribute_made_by_the_standard_library_is_no_project_object(make_repo):
    """``cls._REGEX.match(..)`` with ``_REGEX = re.compile(..)`` in the class body is a
    pattern's ``match``, not a project class's (a rename still weighs it)."""
    root = make_repo(
        {
            "version.py": (
                "import re\n"
                "\n"
                "\n"
                "class Version:\n"
                '    _REGEX = re.compile("x")\n'
                "    _OTHER = make_pattern()\n"
                "\n"
                "    def match(self, text):\n"
                "        return text\n"
                "\n"
                "    @classmethod\n"
                "    def parse(cls, text):\n"
                "        cls._OTHER.match(text)\n"
                "        return cls._REGEX.match(text)\n"
            ),
        }
    )
    uses = uses_by_place(root, "Version.match")
    assert ("version.py", 14) not in uses
    assert uses[("version.py", 13)] == "by_name"


def test_a_base_named_through_a_typed_alias_is_the_class_it_stands_for(make_repo):
    """``class Db(TableBase)`` with ``TableBase: Type[Table] = hint(Table)``: a type
    checker derives ``Db`` from ``Table``, so ``db.insert()`` on a ``Db`` is Table's;
    a yield fixture's instance, a method's annotated result assigned to a name and a
    ``with`` whose call holds a call are typed too."""
    root = make_repo(
        {
            "table.py": (
                "from typing import Type\n"
                "\n"
                "\n"
                "class Table:\n"
                "    def insert(self, row):\n"
                "        return row\n"
                "\n"
                "\n"
                "class Log:\n"
                "    def insert(self, row):\n"
                "        return None\n"
                "\n"
                "\n"
                "def hint(cls):\n"
                "    return object\n"
                "\n"
                "\n"
                "TableBase: Type[Table] = hint(Table)\n"
                "\n"
                "\n"
                "class Db(TableBase):\n"
                "    def __init__(self, log=None):\n"
                "        self.log = log\n"
                "\n"
                "    def table(self, name) -> Table:\n"
                "        return Table()\n"
                "\n"
                "    def __enter__(self):\n"
                "        return self\n"
                "\n"
                "    def __exit__(self, *args):\n"
                "        return None\n"
            ),
            "tests/conftest.py": (
                "import pytest\n"
                "from table import Db\n"
                "\n"
                "\n"
                "@pytest.fixture(params=['a', 'b'])\n"
                "def db(request):\n"
                "    if request.param == 'a':\n"
                "        made = Db()\n"
                "    else:\n"
                "        made = Db(log=1)\n"
                "    yield made\n"
            ),
            "tests/test_db.py": (
                "from table import Db, Log\n"
                "\n"
                "\n"
                "def test_insert(db):\n"
                "    db.insert(1)\n"
                "    table = db.table('t')\n"
                "    table.insert(2)\n"
                "    with Db(log=Log()) as other:\n"
                "        other.insert(3)\n"
            ),
        }
    )
    log = uses_by_place(root, "Log.insert")
    table = uses_by_place(root, "Table.insert")
    for line in (5, 7, 9):
        assert ("tests/test_db.py", line) not in log, line
        assert table[("tests/test_db.py", line)] == "by_type", line


def test_an_object_that_forwards_unknown_attributes_may_have_any_member(make_repo):
    """A class with ``__getattr__`` and no ``read`` of its own hands ``wrapped.read()``
    to what it wraps: a candidate, where a class with neither is no use."""
    root = make_repo(
        {
            "store.py": (
                "class Store:\n"
                "    def read(self):\n"
                "        return 1\n"
                "\n"
                "\n"
                "class Proxy:\n"
                "    def __init__(self, inner):\n"
                "        self.inner = inner\n"
                "\n"
                "    def __getattr__(self, name):\n"
                "        return getattr(self.inner, name)\n"
                "\n"
                "\n"
                "class Plain:\n"
                "    pass\n"
                "\n"
                "\n"
                "Proxy(Store()).read()\n"
                "Plain().read()\n"
            ),
        }
    )
    uses = uses_by_place(root, "Store.read")
    assert uses[("store.py", 18)] == "by_name"
    assert ("store.py", 19) not in uses


def test_a_property_s_annotation_and_an_attribute_s_declaration_type_it(make_repo):
    """``self.store.close()`` where ``store`` is a property annotated ``-> Store``, and
    ``self.inner.close()`` where ``self.inner: Store = None`` is later assigned what a
    factory makes: both Store's, not Db's own ``close``. A forwarding ``__getattr__``
    is not asked for a name its instances set or its line defines."""
    root = make_repo(
        {
            "db.py": (
                "class Store:\n"
                "    def close(self):\n"
                "        return None\n"
                "\n"
                "\n"
                "class Db:\n"
                "    def __init__(self, make):\n"
                "        self._store = Store()\n"
                "        self.inner: Store = None\n"
                "        self.inner = make()\n"
                "\n"
                "    @property\n"
                "    def store(self) -> Store:\n"
                "        return self._store\n"
                "\n"
                "    def close(self):\n"
                "        self.store.close()\n"
                "        self.inner.close()\n"
                "\n"
                "\n"
                "class Wrapper:\n"
                "    def __init__(self, store):\n"
                "        self.store = store\n"
                "\n"
                "    def __getattr__(self, name):\n"
                "        return getattr(self.store, name)\n"
                "\n"
                "\n"
                "class Sub(Db):\n"
                "    def __getattr__(self, name):\n"
                "        return None\n"
                "\n"
                "\n"
                "def use(db: Db):\n"
                "    Wrapper(Store()).store\n"
                "    Sub(None).close()\n"
            ),
        }
    )
    db = uses_by_place(root, "Db.close")
    store = uses_by_place(root, "Store.close")
    for line in (17, 18):
        assert ("db.py", line) not in db, line
        assert store[("db.py", line)] == "by_type", line
    assert ("db.py", 36) not in store  # Sub inherits Db.close: its __getattr__ is not asked
    assert db[("db.py", 36)] == "by_type"
    assert ("db.py", 35) not in uses_by_place(root, "Db.store")  # Wrapper sets its own


def test_a_compared_tag_narrows_like_isinstance(make_repo):
    """``node.type == 'import_from' and node.level`` narrows ``node`` to the class whose
    body says ``type = 'import_from'`` (in that branch, and right of the ``and``); a
    string no class sets narrows nothing."""
    root = make_repo(
        {
            "tree.py": (
                "class Node:\n"
                "    type = 'node'\n"
                "\n"
                "\n"
                "class ImportFrom(Node):\n"
                "    type = 'import_from'\n"
                "\n"
                "    @property\n"
                "    def level(self):\n"
                "        return 0\n"
                "\n"
                "\n"
                "class Call(Node):\n"
                "    type = 'call'\n"
                "\n"
                "    @property\n"
                "    def level(self):\n"
                "        return 1\n"
                "\n"
                "\n"
                "def levels(node, other):\n"
                "    if node.type == 'import_from' and node.level == 0:\n"
                "        return node.level\n"
                "    if other.type in ('call',):\n"
                "        return other.level\n"
                "    if other.type == 'nothing':\n"
                "        return other.level\n"
            ),
        }
    )
    imports = uses_by_place(root, "ImportFrom.level")
    calls = uses_by_place(root, "Call.level")
    for line in (22, 23):
        assert imports[("tree.py", line)] == "by_type", line
        assert ("tree.py", line) not in calls, line
    assert calls[("tree.py", 25)] == "by_type"
    assert ("tree.py", 25) not in imports
    assert imports[("tree.py", 27)] == "by_name"


def test_an_attribute_no_class_defines_is_what_getattr_makes(make_repo):
    """``Query().key.one_of(..)``: ``key`` is no attribute of ``Query``, so Python asks
    ``__getattr__``, which returns ``type(self)()`` through a local: a ``Query``."""
    root = make_repo(
        {
            "query.py": (
                "class Query:\n"
                "    def __init__(self):\n"
                "        self._path = ()\n"
                "\n"
                "    def __getattr__(self, item):\n"
                "        query = type(self)()\n"
                "        query._path = self._path + (item,)\n"
                "        return query\n"
                "\n"
                "    def one_of(self, items):\n"
                "        return items\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def one_of(self, items):\n"
                "        return None\n"
                "\n"
                "\n"
                "Query().key.deeper.one_of([1])\n"
            ),
        }
    )
    assert uses_by_place(root, "Query.one_of")[("query.py", 19)] == "by_type"
    assert ("query.py", 19) not in uses_by_place(root, "Other.one_of")


def test_a_class_a_test_defines_for_itself_takes_no_other_file_s_uses(make_repo):
    """A test's own ``class Store`` (inside the test function) beside the project's
    ``Store``: ``db.store.close()`` in the project is the project's ``Store.close``."""
    root = make_repo(
        {
            "store.py": "class Store:\n    def close(self):\n        return None\n",
            "db.py": (
                "from store import Store\n"
                "\n"
                "\n"
                "class Db:\n"
                "    def __init__(self, store: Store):\n"
                "        self.store = store\n"
                "\n"
                "    def shut(self):\n"
                "        self.store.close()\n"
            ),
            "tests/test_db.py": (
                "from db import Db\n"
                "\n"
                "\n"
                "def test_closed_once():\n"
                "    class Store:\n"
                "        def close(self):\n"
                "            self.closed = True\n"
                "\n"
                "    Db(Store()).shut()\n"
                "    Store().close()\n"
                "    Store().close()\n"
                "    Store().close()\n"
            ),
        }
    )
    result = prx.explain("Store.close", root=root)
    owners = {(r.file, r.line): r.definition for r in (*result.references, *result.tests)}
    assert owners[("db.py", 9)] == "store.py:2"


def test_a_name_assigned_its_own_method_s_result_ends(make_repo):
    """``version = version.replace(..)`` reads ``version`` through itself: the answer
    comes back (a candidate), with no endless recursion."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "loop.py": (
                "def again(version):\n"
                "    version = version.resolve()\n"
                "    version.name()\n"
                "    a = b.resolve()\n"
                "    b = a.resolve()\n"
                "    b.name()\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    assert special[("loop.py", 3)] == "by_name"
    assert special[("loop.py", 6)] == "by_name"


#: Instance attributes declared in the class body (PEP 526): ``pattern: Special`` with an
#: unannotated assignment in ``__init__``, and a configuration's list of ``Rule``.
DECLARED = (
    "from typing import Collection, ClassVar\n"
    "from kinds import Other, Special\n"
    "\n"
    "\n"
    "class Rule:\n"
    "    pattern: Special\n"
    "    shared: ClassVar[Other]\n"
    "\n"
    "    def __init__(self, pattern):\n"
    "        self.pattern = pattern\n"
    "\n"
    "\n"
    "class Conf:\n"
    "    rules: Collection[Rule]\n"
    "\n"
    "\n"
)


def test_key_functions_local_copies_and_body_annotations_type_the_items(make_repo):
    """``xs.sort(key=lambda x: ..)``, ``sorted``, ``max(.., key=)``, ``map`` and
    ``filter`` give a lambda the items of ``xs``; ``rules = list(conf.rules)`` holds
    what ``conf.rules`` holds; ``pattern: Special`` in a class's body types
    ``rule.pattern``. (lark's ``terminals.sort(key=lambda x: -x.pattern.max_width)``.)"""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "rules.py": DECLARED
            + (
                "def order(conf: Conf, specials: list[Special], untyped):\n"
                "    rules = list(conf.rules)\n"
                "    rules.sort(key=lambda r: r.pattern.name())\n"
                "    sorted(specials, key=lambda s: s.name())\n"
                "    max(specials, key=lambda s: s.name())\n"
                "    list(map(lambda s: s.name(), specials))\n"
                "    list(filter(lambda s: s.name(), specials))\n"
                "    for rule in rules:\n"
                "        rule.pattern.name()\n"
                "    untyped.sort(key=lambda u: u.name())\n"
                "    rules[0].shared.name()\n"
                "    sorted(specials, key=lambda s, t=None: s.name())\n"
            ),
        }
    )
    special = uses_by_place(root, "Special.name")
    other = uses_by_place(root, "Other.name")
    for line in (19, 20, 21, 22, 23, 25):
        assert special[("rules.py", line)] == "by_type", line
        assert ("rules.py", line) not in other, line
    assert special[("rules.py", 26)] == "by_name"  # ``untyped`` says nothing
    assert special[("rules.py", 27)] == "by_name"  # a ClassVar is not read
    assert special[("rules.py", 28)] == "by_name"  # two parameters: no key function


def test_an_item_of_a_declared_mapping_and_a_mixin_below_the_receiver(make_repo):
    """``lexer = self.lexers[i]`` with ``lexers: Dict[int, Special]`` in the class body is
    a ``Special`` (lark's ``ContextualLexer``); ``self.name()`` in a class that defines
    ``name`` itself may still run a mixin's when a class below it takes the mixin first
    (sqlparse's ``class Identifier(NameAliasMixin, TokenList)``): a candidate."""
    root = make_repo(
        {
            "kinds.py": CLASSES,
            "lex.py": (
                "from typing import Dict\n"
                "from kinds import Special\n"
                "\n"
                "\n"
                "class Contextual:\n"
                "    lexers: Dict[int, Special]\n"
                "\n"
                "    def __init__(self):\n"
                "        self.lexers = {}\n"
                "\n"
                "    def next(self, state):\n"
                "        lexer = self.lexers[state]\n"
                "        return lexer.name()\n"
            ),
            "mixed.py": (
                "class Mixin:\n"
                "    def real(self):\n"
                "        return 'mixin'\n"
                "\n"
                "\n"
                "class Listing:\n"
                "    def real(self):\n"
                "        return 'listing'\n"
                "\n"
                "    def shown(self):\n"
                "        return self.real()\n"
                "\n"
                "\n"
                "class Plain:\n"
                "    def real(self):\n"
                "        return 'plain'\n"
                "\n"
                "    def shown(self):\n"
                "        return self.real()\n"
                "\n"
                "\n"
                "class Identifier(Mixin, Listing):\n"
                "    pass\n"
            ),
        }
    )
    assert uses_by_place(root, "Special.name")[("lex.py", 13)] == "by_type"
    assert ("lex.py", 13) not in uses_by_place(root, "Other.name")
    mixin = uses_by_place(root, "Mixin.real")
    assert mixin[("mixed.py", 11)] == "by_name"
    assert ("mixed.py", 19) not in mixin  # nothing below Plain takes the mixin


def test_an_attribute_of_a_standard_module_is_the_library_s_object(make_repo):
    """``sys.path.insert(..)`` and ``os.environ.get(..)`` run no project ``insert`` or
    ``get`` (pyparsing's docs/conf.py); unless the project assigns that attribute
    (``sys.stdout = Writer()``), the name is a parameter there, or the project has a
    module of the standard one's name."""
    root = make_repo(
        {
            "store.py": (
                "class Store:\n"
                "    def insert(self, i, x):\n"
                "        return x\n"
                "\n"
                "    def get(self, key):\n"
                "        return key\n"
                "\n"
                "    def write(self, text):\n"
                "        return text\n"
            ),
            "conf.py": (
                "import os\n"
                "import sys\n"
                "import sys as system\n"
                "\n"
                "sys.path.insert(0, '..')\n"
                "HOME = os.environ.get('HOME')\n"
                "system.stdout.write('x')\n"
                "\n"
                "\n"
                "def shadowed(sys):\n"
                "    return sys.path.insert(0, 'x')\n"
            ),
            "mocked.py": (
                "import os\nfrom unittest import mock\n\nos = mock.Mock()\nos.environ.get('x')\n"
            ),
            "capture.py": ("import sys\nfrom store import Store\n\nsys.stdout = Store()\n"),
        }
    )
    assert ("conf.py", 5) not in uses_by_place(root, "Store.insert")
    assert ("conf.py", 6) not in uses_by_place(root, "Store.get")
    assert uses_by_place(root, "Store.write")[("conf.py", 7)] == "by_name"  # assigned
    assert uses_by_place(root, "Store.insert")[("conf.py", 11)] == "by_name"  # a parameter
    assert uses_by_place(root, "Store.get")[("mocked.py", 5)] == "by_name"  # rebound
