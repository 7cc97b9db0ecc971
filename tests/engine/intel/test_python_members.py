"""A Python method's uses through instances (issue 28): tests that call ``ctx.push()`` on a
fixture's instance are its tests; a same-named method of another type (a dict's ``pop``,
an attribute typed as another class) is not its use; each use says how sure it is."""

from __future__ import annotations

from explained import uses_by_place

import prx

PROJECT = {
    "app/__init__.py": "from .ctx import AppContext\n\n\ndef make():\n    return AppContext()\n",
    "app/ctx.py": (
        "class _Globals:\n"
        "    def pop(self, name, default=None):\n"
        "        return self.__dict__.pop(name, default)\n"
        "\n"
        "\n"
        "class AppContext:\n"
        "    def __init__(self):\n"
        "        self.g = _Globals()\n"
        "\n"
        "    def push(self):\n"
        "        return self\n"
        "\n"
        "    def pop(self, exc=None):\n"
        "        self.g.pop('x', None)\n"
        "        return exc\n"
    ),
    "tests/conftest.py": (
        "import pytest\n\nimport app\n\n\n@pytest.fixture\ndef ctx():\n    return app.make()\n"
    ),
    "tests/test_ctx.py": (
        "import app\n"
        "\n"
        "\n"
        "def test_push(ctx):\n"
        "    ctx.push()\n"
        "    ctx.push()\n"
        "    assert ctx.pop() is None\n"
        "\n"
        "\n"
        "def test_dict():\n"
        "    d = dict(a=1)\n"
        "    assert d.pop('a', 2) == 1\n"
    ),
}


def test_explain_finds_the_tests_that_call_a_method_on_a_fixtures_instance(make_repo):
    root = make_repo(PROJECT)
    result = prx.explain("AppContext.push", root=root)
    tests = {(r.file, r.line): r.certainty for r in result.tests}
    assert tests == {("tests/test_ctx.py", 5): "by_name", ("tests/test_ctx.py", 6): "by_name"}


def test_another_types_method_of_the_same_name_is_not_a_reference(make_repo):
    root = make_repo(PROJECT)
    result = prx.explain("AppContext.pop", root=root)
    places = {(r.file, r.line) for r in (*result.references, *result.tests)}
    # ctx.pop() in the test is a candidate; d.pop('a', 2) on a dict and self.g.pop on a
    # _Globals (typed in __init__) are other types' pops.
    assert places == {("tests/test_ctx.py", 7)}


def test_impact_of_a_method_names_the_files_that_use_it_through_instances(make_repo):
    root = make_repo(PROJECT)
    result = prx.impact("app/ctx.py", symbol="AppContext.push", root=root)
    assert [d.file for d in result.tests] == ["tests/test_ctx.py"]
    assert result.tests[0].certainty == "by_name"
    assert result.dependents == ()


def test_a_use_on_an_instance_built_in_the_function_is_by_type(make_repo):
    root = make_repo(
        {**PROJECT, "tool.py": "from app.ctx import AppContext\n\nc = AppContext()\nc.push()\n"}
    )
    result = prx.explain("AppContext.push", root=root)
    assert {(r.file, r.line, r.certainty) for r in result.references} == {("tool.py", 4, "by_type")}


HIERARCHY = {
    "shapes/base.py": (
        "class Shape:\n"
        "    def area(self):\n"
        "        return 0\n"
        "\n"
        "    def describe(self):\n"
        "        return self.area()\n"
        "\n"
        "\n"
        "class Other:\n"
        "    def area(self):\n"
        "        return 1\n"
    ),
    "shapes/square.py": (
        "from shapes.base import Shape\n"
        "\n"
        "\n"
        "class Square(Shape):\n"
        "    def __new__(cls, *a):\n"
        "        made = super().__new__(cls)\n"
        "        made.area()\n"
        "        return made\n"
        "\n"
        "    def twice(self):\n"
        "        return 2 * self.area()\n"
        "\n"
        "\n"
        "class Unrelated:\n"
        "    @classmethod\n"
        "    def make(cls):\n"
        "        return cls()\n"
        "\n"
        "\n"
        "def use():\n"
        "    square = Square()\n"
        "    first = square.area()\n"
        "    return first + Unrelated.area()\n"
    ),
}


def test_an_inherited_method_called_through_a_subclass_is_its_use(make_repo):
    root = make_repo(HIERARCHY)
    result = prx.explain("Shape.area", root=root)
    places = {(r.file, r.line): r.certainty for r in result.references}
    # self.area() in a subclass, super().__new__(cls)'s instance, Square(): instances of
    # Shape's subclass, which does not define area again; Unrelated.area is not its use.
    assert places[("shapes/square.py", 7)] == "by_type"
    assert places[("shapes/square.py", 11)] == "by_type"
    assert places[("shapes/square.py", 22)] == "by_type"
    assert ("shapes/base.py", 6) in places
    assert ("shapes/square.py", 23) not in places


def test_a_class_that_does_not_inherit_the_method_is_not_a_receiver_of_it(make_repo):
    root = make_repo(HIERARCHY)
    result = prx.explain("Other.area", root=root)
    places = {(r.file, r.line) for r in result.references}
    assert ("shapes/square.py", 7) not in places
    assert ("shapes/square.py", 11) not in places
    assert ("shapes/base.py", 6) not in places


def test_a_function_that_binds_the_name_locally_does_not_use_the_import(make_repo):
    root = make_repo(
        {
            "lib.py": "def merge(*ds):\n    return {}\n",
            "shadow.py": (
                "from lib import *\n"
                "\n"
                "\n"
                "def f(blob):\n"
                "    merge = load(blob)\n"
                "    return merge\n"
                "\n"
                "\n"
                "def g(merge):\n"
                "    return merge\n"
            ),
            "user.py": (
                "from lib import *\n"
                "\n"
                "\n"
                "def h():\n"
                "    global merge\n"
                "    merge = merge({})\n"
                "    return merge\n"
            ),
        }
    )
    result = prx.impact("lib.py", symbol="merge", root=root)
    users = {d.file for d in (*result.dependents, *result.tests)}
    assert users == {"user.py"}  # shadow.py's merge is a local variable or a parameter


def test_a_mixin_s_attribute_is_typed_by_what_its_subclasses_assign(make_repo):
    root = make_repo(
        {
            "flo.py": (
                "class Base:\n"
                "    def roll(self):\n"
                "        return 1\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def roll(self):\n"
                "        return 2\n"
            ),
            "tests/test_flo.py": (
                "import flo\n"
                "\n"
                "\n"
                "class Mixin:\n"
                "    def test_roll(self):\n"
                "        if self.thing:\n"
                "            assert self.thing.roll() == 1\n"
                "\n"
                "\n"
                "class TestBase(Mixin):\n"
                "    def setUp(self):\n"
                "        self.thing = flo.Base()\n"
            ),
        }
    )
    result = prx.explain("Base.roll", root=root)
    assert [(t.file, t.line, t.certainty) for t in result.tests] == [
        ("tests/test_flo.py", 7, "by_type")
    ]
    other = prx.explain("Other.roll", root=root)
    assert other.tests == ()  # ``if self.thing:`` is no annotation naming a type


JOB = (
    "class Job:\n"
    "    def run(self):\n"
    "        return self.step()\n"
    "\n"
    "\n"
    "class Copy(Job):\n"
    "    def step(self):\n"
    "        return 1\n"
)


def _stepuses_by_place(make_repo, text):  # type: ignore[no-untyped-def]
    result = prx.explain("Copy.step", root=make_repo({"job.py": text}))
    return {(r.file, r.line): r.certainty for r in (*result.references, *result.tests)}


def test_a_base_class_calling_a_method_only_one_subclass_defines_is_its_use(make_repo):
    assert _stepuses_by_place(make_repo, JOB)[("job.py", 3)] == "by_type"


def test_a_base_class_calling_a_method_two_subclasses_define_is_a_candidate(make_repo):
    more = "\n\nclass Move(Job):\n    def step(self):\n        return 2\n"
    assert _stepuses_by_place(make_repo, JOB + more)[("job.py", 3)] == "by_name"


#: A mixin of test cases that makes its cache with ``self.Cache(..)``, a class attribute
#: each test case sets; the mixin's module imports nothing of the cache classes.
CACHES = {
    "caches.py": (
        "class Cache:\n"
        "    def pop(self, key):\n"
        "        return key\n"
        "\n"
        "    def size(self):\n"
        "        return 0\n"
        "\n"
        "\n"
        "class LRU(Cache):\n"
        "    pass\n"
        "\n"
        "\n"
        "class Timed(Cache):\n"
        "    def pop(self, key):\n"
        "        return None\n"
    ),
    "tests/__init__.py": (
        "class CacheMixin:\n"
        "    Cache = None\n"
        "\n"
        "    def test_pop(self):\n"
        "        cache = self.Cache()\n"
        "        cache.pop(1)\n"
        "\n"
        "    def test_size(self):\n"
        "        assert self.Cache().size() == 0\n"
    ),
    "tests/test_lru.py": (
        "import unittest\n"
        "\n"
        "from caches import LRU\n"
        "\n"
        "from . import CacheMixin\n"
        "\n"
        "\n"
        "class LRUTest(unittest.TestCase, CacheMixin):\n"
        "    Cache = LRU\n"
    ),
    "tests/test_timed.py": (
        "import unittest\n"
        "\n"
        "from caches import Timed\n"
        "\n"
        "from . import CacheMixin\n"
        "\n"
        "\n"
        "class TimedTest(unittest.TestCase, CacheMixin):\n"
        "    Cache = Timed\n"
    ),
}


def test_an_instance_made_by_a_class_attribute_is_any_class_the_subclasses_set(make_repo):
    root = make_repo(CACHES)
    # Every test case's class inherits Cache.size: the mixin's call is its use, sure.
    assert uses_by_place(root, "Cache.size")[("tests/__init__.py", 9)] == "by_type"
    # LRU's pop is Cache.pop, Timed's is its own: the mixin's call may be either.
    assert uses_by_place(root, "Timed.pop")[("tests/__init__.py", 6)] == "by_name"
    assert uses_by_place(root, "Cache.pop")[("tests/__init__.py", 6)] == "by_name"
    impact = prx.impact("caches.py", symbol="Cache.size", root=root)
    assert "tests/__init__.py" in [d.file for d in (*impact.dependents, *impact.tests)]


def test_a_class_attribute_no_subclass_sets_to_the_class_is_not_its_use(make_repo):
    files = dict(CACHES)
    files["tests/test_timed.py"] = files["tests/test_timed.py"].replace("Timed\n", "dict\n")
    files["tests/test_lru.py"] = files["tests/test_lru.py"].replace("= LRU\n", "= dict\n")
    root = make_repo(files)
    assert ("tests/__init__.py", 6) not in uses_by_place(root, "Timed.pop")


def test_a_subclass_whose_body_assigns_the_name_has_its_own_member(make_repo):
    # ``pop = _fail`` in a subclass's body replaces the inherited method: an instance of
    # it is not a use of the base's ``pop``.
    root = make_repo(
        {
            "ctx.py": (
                "def _fail(*args):\n"
                "    raise RuntimeError\n"
                "\n"
                "\n"
                "class Context:\n"
                "    def pop(self):\n"
                "        return 1\n"
                "\n"
                "\n"
                "class Frozen(Context):\n"
                "    pop = _fail\n"
                "\n"
                "\n"
                "def use():\n"
                "    frozen = Frozen()\n"
                "    context = Context()\n"
                "    context.pop()\n"
                "    frozen.pop()\n"
            ),
        }
    )
    assert uses_by_place(root, "Context.pop") == {("ctx.py", 17): "by_type"}


def test_super_is_the_base_and_isinstance_narrows_a_name(make_repo):
    root = make_repo(
        {
            "sizes.py": (
                "class Base:\n"
                "    @property\n"
                "    def size(self):\n"
                "        return 0\n"
                "\n"
                "\n"
                "class Other:\n"
                "    size = 1\n"
                "\n"
                "\n"
                "class Timed(Base):\n"
                "    @property\n"
                "    def size(self):\n"
                "        return super().size\n"
                "\n"
                "\n"
                "def report(thing):\n"
                "    if isinstance(thing, Base):\n"
                "\n"
                "        def info():\n"
                "            return thing.size\n"
                "\n"
                "        return info()\n"
                "    elif isinstance(thing, Other):\n"
                "        return thing.size\n"
                "    return thing.size\n"
            ),
        }
    )
    uses = uses_by_place(root, "Base.size")
    assert uses[("sizes.py", 14)] == "by_type"  # super() in Timed is Base
    assert uses[("sizes.py", 21)] == "by_type"  # narrowed, in a closure that keeps it
    assert ("sizes.py", 25) not in uses  # narrowed to Other
    assert uses[("sizes.py", 26)] == "by_name"  # not narrowed


def test_a_local_class_derived_from_a_class_attribute_is_what_it_holds(make_repo):
    files = dict(CACHES)
    files["tests/__init__.py"] += (
        "\n"
        "    def test_default(self):\n"
        "        class Default(self.Cache):\n"
        "            pass\n"
        "\n"
        "        class Mine(self.Cache):\n"
        "            def pop(self, key):\n"
        "                return 0\n"
        "\n"
        "        default = Default()\n"
        "        default.size()\n"
        "        mine = Mine()\n"
        "        mine.pop(1)\n"
    )
    root = make_repo(files)
    assert uses_by_place(root, "Cache.size")[("tests/__init__.py", 20)] == "by_type"
    # Mine defines its own pop: not Cache's.
    assert ("tests/__init__.py", 22) not in uses_by_place(root, "Cache.pop")


def test_a_call_through_self_is_not_the_class_of_that_name(make_repo):
    files = {k: v for k, v in CACHES.items() if "test_" not in k}
    files["tests/__init__.py"] = "import caches\n\n\n" + files["tests/__init__.py"]
    # No class sets ``Cache``: ``self.Cache()`` is unknown, not module ``caches``'s Cache.
    root = make_repo(files)
    assert uses_by_place(root, "Cache.pop")[("tests/__init__.py", 9)] == "by_name"
    assert uses_by_place(root, "Cache.size")[("tests/__init__.py", 12)] == "by_name"


def test_a_function_decorated_by_a_class_is_its_instance(make_repo):
    root = make_repo(
        {
            "funcs.py": (
                "class curry:\n"
                "    def __init__(self, func):\n"
                "        self.func = func\n"
                "\n"
                "    def call(self, *args):\n"
                "        return self.func(*args)\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def call(self, *args):\n"
                "        return None\n"
            ),
            "test_funcs.py": (
                "from funcs import curry\n"
                "\n"
                "\n"
                "@curry\n"
                "def top(x):\n"
                "    return x\n"
                "\n"
                "\n"
                "def test_call():\n"
                "    @curry\n"
                "    def add(x, y):\n"
                "        return x + y\n"
                "\n"
                "    assert add.call(1, 2) == 3\n"
                "    assert top.call(1) == 1\n"
            ),
        }
    )
    assert uses_by_place(root, "curry.call") == {
        ("test_funcs.py", 14): "by_type",
        ("test_funcs.py", 15): "by_type",
    }
    assert uses_by_place(root, "Other.call") == {}


def test_splat_parameters_and_literals_are_builtins(make_repo):
    root = make_repo(
        {
            "counts.py": (
                "class Counts:\n"
                "    def items(self):\n"
                "        return []\n"
                "\n"
                "\n"
                "class Seen:\n"
                "    def __init__(self):\n"
                "        self.names = {}\n"
                "\n"
                "    def show(self, counts, **kwargs):\n"
                "        table = {}\n"
                "        table.items()\n"
                "        kwargs.items()\n"
                "        self.names.items()\n"
                "        counts.items()\n"
                "        {'a': 1}.items()\n"
                "        [(1, 2)].items()\n"
                "        'k=v'.items()\n"
            ),
        }
    )
    assert uses_by_place(root, "Counts.items") == {("counts.py", 15): "by_name"}


def test_a_helper_s_parameter_is_what_its_callers_give_it(make_repo):
    files = dict(CACHES)
    files["tests/__init__.py"] += (
        "\n"
        "    def _check(self, cache):\n"
        "        return cache.size()\n"
        "\n"
        "    def test_check(self):\n"
        "        self._check(self.Cache())\n"
        "\n"
        "\n"
        "def helper(thing):\n"
        "    return thing.size()\n"
        "\n"
        "\n"
        "def test_helper():\n"
        "    helper(dict())\n"
        "    helper(thing=[])\n"
    )
    uses = uses_by_place(make_repo(files), "Cache.size")
    assert uses[("tests/__init__.py", 12)] == "by_type"  # every caller gives a cache
    assert ("tests/__init__.py", 19) not in uses  # its callers give builtins


def test_a_declared_base_may_be_the_subclass_whose_override_runs(make_repo):
    root = make_repo(
        {
            "caches.py": (
                "class Cache:\n"
                "    def size(self):\n"
                "        return 0\n"
                "\n"
                "\n"
                "class Timed(Cache):\n"
                "    def size(self):\n"
                "        return 1\n"
                "\n"
                "\n"
                "def report(cache: Cache, other):\n"
                "    made = Cache()\n"
                "    made.size()\n"
                "    if isinstance(other, Cache):\n"
                "        other.size()\n"
                "    return cache.size()\n"
            ),
        }
    )
    # Declared as Cache, each may be a Timed; the one made by Cache() is not.
    assert uses_by_place(root, "Timed.size") == {
        ("caches.py", 15): "by_name",
        ("caches.py", 16): "by_name",
    }
    assert uses_by_place(root, "Cache.size") == {
        ("caches.py", 13): "by_type",
        ("caches.py", 15): "by_type",
        ("caches.py", 16): "by_type",
    }


def test_a_method_a_sibling_base_defines_too_is_a_candidate(make_repo):
    root = make_repo(
        {
            "encoders.py": (
                "class OctetEncoder:\n"
                "    def encode_value(self, value):\n"
                "        return b'octets'\n"
                "\n"
                "\n"
                "class TimeMixIn:\n"
                "    def encode_value(self, value):\n"
                "        return b'time'\n"
                "\n"
                "\n"
                "class TimeEncoder(TimeMixIn, OctetEncoder):\n"
                "    pass\n"
                "\n"
                "\n"
                "class PlainEncoder(OctetEncoder):\n"
                "    pass\n"
                "\n"
                "\n"
                "def run():\n"
                "    time = TimeEncoder()\n"
                "    time.encode_value(1)\n"
                "    plain = PlainEncoder()\n"
                "    plain.encode_value(2)\n"
            ),
        }
    )
    # Which base's method a TimeEncoder runs is its bases' order: a candidate for each.
    assert uses_by_place(root, "OctetEncoder.encode_value") == {
        ("encoders.py", 21): "by_name",
        ("encoders.py", 23): "by_type",
    }


PLUGINS = {
    "md/__init__.py": "from .core import InlineState\n",
    "md/core.py": (
        "class InlineState:\n"
        "    def __init__(self):\n"
        "        self.tokens = []\n"
        "\n"
        "    def append_token(self, token):\n"
        "        self.tokens.append(token)\n"
        "\n"
        "\n"
        "def run(text, plugins):\n"
        "    state = InlineState()\n"
        "    for plugin in plugins:\n"
        "        plugin(text, state)\n"
        "    return state.tokens\n"
    ),
    # Imports nothing of the project: the state reaches it as a callback's argument.
    "md/plugins/mark.py": (
        "def parse_mark(text, state):\n"
        "    state.append_token({'type': 'mark', 'text': text})\n"
        "\n"
        "\n"
        "def parse_list(text, out):\n"
        "    out = []\n"
        "    out.append_token = None\n"
    ),
    "md/plugins/other.py": "def count(items):\n    return len(items)\n",
}


def test_a_method_called_where_its_class_is_never_imported_is_a_candidate(make_repo):
    root = make_repo(PLUGINS)
    result = prx.explain("InlineState.append_token", root=root)
    places = {(r.file, r.line, r.certainty) for r in result.references}
    assert ("md/plugins/mark.py", 2, "by_name") in places
    # A list made in the function is no InlineState.
    assert not any(line == 7 for file, line, _ in places if file == "md/plugins/mark.py")
    impact = prx.impact("md/core.py", symbol="InlineState.append_token", root=root)
    assert [(d.file, d.certainty) for d in impact.dependents if d.hops == 1] == [
        ("md/plugins/mark.py", "by_name")
    ]


TEMPLATE = {
    "ast.py": (
        "class Node:\n"
        "    def children(self):\n"
        "        return ()\n"
        "\n"
        "    def show(self):\n"
        "        return [c.show() for c in self.children()]\n"
        "\n"
        "\n"
        "class Decl(Node):\n"
        "    def __init__(self, init):\n"
        "        self.init = init\n"
        "\n"
        "    def children(self):\n"
        "        return (self.init,)\n"
        "\n"
        "\n"
        "def plain():\n"
        "    return Node().children()\n"
    ),
}


def test_a_base_class_s_own_method_called_on_self_may_run_the_override(make_repo):
    root = make_repo(TEMPLATE)
    result = prx.explain("Decl.children", root=root)
    places = {(r.line, r.certainty) for r in result.references}
    # ``self`` in Node.show may be a Decl; ``Node()`` is a Node, whose own member runs.
    assert places == {(6, "by_name")}


def test_super_in_a_class_never_calls_its_own_or_a_subclasss_member(make_repo):
    """``super().reset()`` in Extractor runs what follows Extractor in the method order
    (a base's, or a class combined with it): not Extractor's reset, not Extra's."""
    root = make_repo(
        {
            "parse.py": (
                "from html.parser import HTMLParser\n"
                "\n"
                "\n"
                "class Extractor(HTMLParser):\n"
                "    def reset(self):\n"
                "        super().reset()\n"
                "\n"
                "\n"
                "class Extra(Extractor):\n"
                "    def reset(self):\n"
                "        super().reset()\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Both(Other, Extractor):\n"
                "    def reset(self):\n"
                "        super().reset()\n"
            ),
        }
    )
    extra = uses_by_place(root, "Extra.reset")
    assert ("parse.py", 6) not in extra and ("parse.py", 11) not in extra
    # Extra's super() is Extractor: its reset's use.
    assert ("parse.py", 11) in uses_by_place(root, "Extractor.reset")
    # Both's super() is Other (its first base): Other's, and no subclass's of Both.
    assert ("parse.py", 21) in uses_by_place(root, "Other.reset")
    assert ("parse.py", 6) not in uses_by_place(root, "Extractor.reset")  # its own method


def test_a_module_made_at_run_time_holds_no_classs_member(make_repo):
    root = make_repo(
        {
            "copy.py": (
                "import importlib\n"
                "import importlib.util\n"
                "\n"
                "spec = importlib.util.find_spec('html.parser')\n"
                "htmlparser = importlib.util.module_from_spec(spec)\n"
                "shlex = importlib.import_module('shlex')\n"
                "\n"
                "\n"
                "class Tree:\n"
                "    def unescape(self, text):\n"
                "        return text\n"
                "\n"
                "    def quote(self, text):\n"
                "        return text\n"
                "\n"
                "\n"
                "def clean(text, tree):\n"
                "    text = htmlparser.unescape(text)\n"
                "    text = shlex.quote(text)\n"
                "    return tree.unescape(text)\n"
            ),
        }
    )
    assert ("copy.py", 18) not in uses_by_place(root, "Tree.unescape")
    assert ("copy.py", 19) not in uses_by_place(root, "Tree.quote")
    assert uses_by_place(root, "Tree.unescape")[("copy.py", 20)] == "by_name"  # an untyped tree


def test_a_loop_over_an_annotated_attribute_gives_its_elements_class(make_repo):
    root = make_repo(
        {
            "core.py": (
                "from ext import Extension\n"
                "\n"
                "\n"
                "class Markdown:\n"
                "    def __init__(self):\n"
                "        self.registered: list[Extension] = []\n"
                "        self.others = []\n"
                "\n"
                "    def reset(self):\n"
                "        for extension in self.registered:\n"
                "            if hasattr(extension, 'reset'):\n"
                "                extension.reset()\n"
                "        for other in self.others:\n"
                "            other.reset()\n"
            ),
            "ext.py": (
                "class Extension:\n"
                "    def setup(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Toc(Extension):\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Parser:\n"
                "    def reset(self):\n"
                "        pass\n"
            ),
        }
    )
    # An Extension is no Parser: not its reset; Toc is an Extension: maybe its reset.
    assert ("core.py", 12) not in uses_by_place(root, "Parser.reset")
    assert ("core.py", 12) in uses_by_place(root, "Toc.reset")
    # A loop over an attribute no annotation types: a candidate for either.
    assert uses_by_place(root, "Parser.reset")[("core.py", 14)] == "by_name"


def test_an_attribute_of_an_attribute_is_typed_through_each_class(make_repo):
    """``self.parser.state.reset()``: BlockProcessor's parser is the BlockParser its
    ``__init__`` parameter is annotated as, whose state is a State: State's reset, no
    other class's; a subclass of the declared class may be there, so its override's
    use is kept as a candidate."""
    root = make_repo(
        {
            "blocks.py": (
                "from parser import BlockParser\n"
                "\n"
                "\n"
                "class BlockProcessor:\n"
                "    def __init__(self, parser: BlockParser):\n"
                "        self.parser = parser\n"
                "\n"
                "    def run(self):\n"
                "        self.parser.state.reset()\n"
                "        self.parser.other.reset()\n"
            ),
            "parser.py": (
                "class State(list):\n"
                "    def reset(self):\n"
                "        self.clear()\n"
                "\n"
                "\n"
                "class LoudState(State):\n"
                "    def reset(self):\n"
                "        print('reset')\n"
                "\n"
                "\n"
                "class BlockParser:\n"
                "    def __init__(self, other):\n"
                "        self.state = State()\n"
                "        self.other = other\n"
                "\n"
                "\n"
                "class Extractor:\n"
                "    def reset(self):\n"
                "        pass\n"
            ),
        }
    )
    assert ("blocks.py", 9) not in uses_by_place(root, "Extractor.reset")
    assert ("blocks.py", 9) in uses_by_place(root, "State.reset")
    assert ("blocks.py", 9) in uses_by_place(root, "LoudState.reset")  # declared: maybe a LoudState
    # What ``other`` holds the code does not say: a candidate for every reset.
    assert uses_by_place(root, "Extractor.reset")[("blocks.py", 10)] == "by_name"


def test_an_element_of_an_annotated_collection_may_be_a_subclass(make_repo):
    root = make_repo(
        {
            "core.py": (
                "class Extension:\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Toc(Extension):\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Markdown:\n"
                "    def __init__(self):\n"
                "        self.registered: list[Extension] = []\n"
                "\n"
                "    def reset(self):\n"
                "        for extension in self.registered:\n"
                "            extension.reset()\n"
            ),
        }
    )
    assert ("core.py", 17) in uses_by_place(root, "Toc.reset")
    assert ("core.py", 17) in uses_by_place(root, "Extension.reset")
    assert ("core.py", 17) not in uses_by_place(root, "Markdown.reset")


def test_an_attribute_assigned_two_classes_is_not_typed(make_repo):
    root = make_repo(
        {
            "parts.py": (
                "class State:\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Parser:\n"
                "    def __init__(self):\n"
                "        self.state = State()\n"
                "        self.kept = None\n"
                "        self.kept = State(\n"
                "            1,\n"
                "        )\n"
                "\n"
                "    def swap(self):\n"
                "        self.state = Other()\n"
                "\n"
                "\n"
                "class Block:\n"
                "    def __init__(self, parser: Parser):\n"
                "        self.parser = parser\n"
                "\n"
                "    def run(self):\n"
                "        self.parser.state.reset()\n"
                "        self.parser.kept.reset()\n"
            ),
        }
    )
    # state is a State or an Other: a candidate for both; kept is a State (or None).
    assert uses_by_place(root, "Other.reset")[("parts.py", 28)] == "by_name"
    assert uses_by_place(root, "State.reset")[("parts.py", 28)] == "by_name"
    assert ("parts.py", 29) not in uses_by_place(root, "Other.reset")
    assert ("parts.py", 29) in uses_by_place(root, "State.reset")


def test_an_attribute_chain_reads_the_named_class_not_one_around_it(make_repo):
    """A class nested in another, or ``class State`` in a docstring, is not the outer
    class: State's attributes are read from State's own code."""
    root = make_repo(
        {
            "parts.py": (
                "class Outer:\n"
                "    '''Holds a\n"
                "    class Other\n"
                "    in its docs.'''\n"
                "\n"
                "    def __init__(self):\n"
                "        self.flag = Flag()\n"
                "\n"
                "    class State:\n"
                "        def __init__(self):\n"
                "            self.flag = None\n"
                "\n"
                "\n"
                "class Flag:\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def reset(self):\n"
                "        pass\n"
                "\n"
                "\n"
                "class Block:\n"
                "    def __init__(self):\n"
                "        self.state = State()\n"
                "        self.other = Other()\n"
                "\n"
                "    def run(self):\n"
                "        self.state.flag.reset()\n"
                "        self.other.flag.reset()\n"
            ),
        }
    )
    # State's flag is not said (None only): a candidate for any reset, not Outer's Flag.
    assert uses_by_place(root, "Other.reset")[("parts.py", 30)] == "by_name"
    # ``class Other`` in Outer's docstring is not a second Other: Other has no flag.
    assert uses_by_place(root, "Flag.reset")[("parts.py", 31)] == "by_name"


def test_a_subclass_reads_the_attributes_its_base_sets(make_repo):
    """``self.parser.state.reset()`` in a subclass in another module: the base's
    ``__init__`` sets ``parser`` from a parameter annotated BlockParser, so it is
    BlockParser's state, not any class's reset. A class on the way that defines the name
    otherwise (a property) leaves the receiver untyped."""
    root = make_repo(
        {
            "parsing.py": (
                "class Stack(list):\n"
                "    def reset(self):\n"
                "        self.clear()\n"
                "\n"
                "\n"
                "class BlockParser:\n"
                "    def __init__(self):\n"
                "        self.state = Stack()\n"
            ),
            "base.py": (
                "from parsing import BlockParser\n"
                "\n"
                "\n"
                "class Processor:\n"
                "    def __init__(self, parser: BlockParser):\n"
                "        self.parser = parser\n"
            ),
            "lists.py": (
                "from base import Processor\n"
                "\n"
                "\n"
                "class ListProcessor(Processor):\n"
                "    def run(self):\n"
                "        self.parser.state.reset()\n"
                "\n"
                "\n"
                "class Overridden(ListProcessor):\n"
                "    @property\n"
                "    def parser(self):\n"
                "        return make()\n"
                "\n"
                "    def run(self):\n"
                "        self.parser.state.reset()\n"
                "\n"
                "\n"
                "class Extractor:\n"
                "    def reset(self):\n"
                "        pass\n"
            ),
        }
    )
    extractor = uses_by_place(root, "Extractor.reset")
    assert ("lists.py", 6) not in extractor
    assert ("lists.py", 6) in uses_by_place(root, "Stack.reset")
    assert extractor[("lists.py", 15)] == "by_name"


def test_super_in_a_class_of_another_line_is_not_a_use(make_repo):
    """``super().reset()`` in a class whose bases are a library's runs the library's
    reset: no project class combines it with Stack, so Stack's reset never comes next
    in its method order. Where a class does combine them, it is a candidate."""
    files = {
        "stack.py": ("class Stack(list):\n    def reset(self):\n        self.clear()\n"),
        "extract.py": (
            "from html import parser\n"
            "\n"
            "\n"
            "class Extractor(parser.HTMLParser):\n"
            "    def reset(self):\n"
            "        super().reset()\n"
        ),
    }
    assert ("extract.py", 6) not in uses_by_place(make_repo(files), "Stack.reset")
    files["both.py"] = (
        "from extract import Extractor\n"
        "from stack import Stack\n"
        "\n"
        "\n"
        "class Both(Extractor, Stack):\n"
        "    pass\n"
    )
    assert uses_by_place(make_repo(files), "Stack.reset")[("extract.py", 6)] == "by_name"


#: Two classes with a ``remove`` each (lines 1-8 of the file that holds them).
_HOLDER_AND_SHEET = (
    "class Holder:\n"
    "    def remove(self, key):\n"
    "        pass\n"
    "\n"
    "\n"
    "class Sheet:\n"
    "    def remove(self, key):\n"
    "        pass\n"
)


def test_an_asserted_isinstance_types_what_follows_it(make_repo):
    """``assert isinstance(table, Table)`` narrows ``table`` for the statements after it,
    until the name is bound again."""
    root = make_repo(
        {
            "docs.py": (
                _HOLDER_AND_SHEET + "\n"
                "\n"
                "def check(parse, other):\n"
                "    _, sheet = parse()\n"
                "    assert isinstance(sheet, Sheet)\n"
                "    sheet.mark(flag=True, key=sheet)\n"
                "    sheet.remove(1)\n"
                "    _, sheet = other()\n"
                "    sheet.remove(2)\n"
            ),
        }
    )
    holder = uses_by_place(root, "Holder.remove")
    # A keyword argument between is no binding of the name.
    assert ("docs.py", 15) not in holder
    assert ("docs.py", 15) in uses_by_place(root, "Sheet.remove")
    assert holder[("docs.py", 17)] == "by_name"


def test_an_isinstance_guard_that_leaves_types_what_follows_it(make_repo):
    """``if not isinstance(x, C): raise ..`` narrows ``x`` past the guard, as an assert
    does; a guard whose body goes on, or has an ``else``, does not."""
    root = make_repo(
        {
            "docs.py": (
                _HOLDER_AND_SHEET + "\n"
                "\n"
                "def check(sheet, other, rows):\n"
                "    if not isinstance(sheet, Sheet):\n"
                "        # refuse anything else\n"
                "        raise TypeError(sheet)\n"
                "    sheet.remove(1)\n"
                "    for row in rows:\n"
                "        if not (isinstance(row, Sheet)):\n"
                "            continue\n"
                "        row.remove(2)\n"
                "    if not isinstance(other, Sheet):\n"
                "        print(other)\n"
                "    other.remove(3)\n"
            ),
        }
    )
    holder = uses_by_place(root, "Holder.remove")
    assert ("docs.py", 15) not in holder
    assert ("docs.py", 19) not in holder
    assert ("docs.py", 15) in uses_by_place(root, "Sheet.remove")
    assert holder[("docs.py", 22)] == "by_name"


def test_a_name_imported_from_a_library_is_the_library_s_object(make_repo):
    """``request.files`` after ``from flask import request`` is flask's object's
    attribute, not the project's ``Request.files``; a function that binds the name
    again, or a name the project's own module gives, may hold the project's."""
    root = make_repo(
        {
            "shop.py": (
                "class Request:\n    def files(self):\n        return []\n\n\ncurrent = Request()\n"
            ),
            "app.py": (
                "from flask import (\n"
                "    request,  # the framework's\n"
                "    g as context,\n"
                ")\n"
                "from shop import Request, current\n"
                "\n"
                "\n"
                "def upload():\n"
                "    return request.files(), \\\n"
                "        context.files()\n"
                "\n"
                "\n"
                "def local():\n"
                "    request = Request()\n"
                "    return request.files(), \\\n"
                "        current.files()\n"
            ),
        }
    )
    uses = uses_by_place(root, "Request.files")
    assert ("app.py", 9) not in uses
    assert ("app.py", 10) not in uses
    assert uses[("app.py", 15)] == "by_type"
    assert ("app.py", 16) in uses


def test_a_module_function_s_result_is_the_class_it_returns(make_repo):
    """``sheet = docs.sheet()``: the function of a project module the file imports returns
    a Sheet (every definition of it says so), so ``sheet.remove`` is Sheet's; a library's
    module of another name says nothing."""
    root = make_repo(
        {
            "docs/__init__.py": "from docs.api import sheet\n",
            "docs/api.py": (
                "from docs.items import Sheet\n\n\ndef sheet() -> Sheet:\n    return Sheet()\n"
            ),
            "docs/items.py": _HOLDER_AND_SHEET,
            "test_docs.py": (
                "import docs\n"
                "import json as sheets\n"
                "\n"
                "\n"
                "def test_remove():\n"
                "    sheet = docs.sheet()\n"
                "    sheet.remove(1)\n"
                "    other = sheets.sheet()\n"
                "    other.remove(2)\n"
            ),
        }
    )
    holder = uses_by_place(root, "Holder.remove")
    assert ("test_docs.py", 7) not in holder
    assert ("test_docs.py", 7) in uses_by_place(root, "Sheet.remove")
    assert holder[("test_docs.py", 9)] == "by_name"
