"""What a Python rename changes with the definition asked for (issue 28): the same method
in its class hierarchy, a same-named module-level alias built from it, the doctests of the
module; and what it refuses: a method that overrides a library's."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import prx
from prx.core.errors import ConflictError

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("rope") is None, reason="rope is not installed"
)

HIERARCHY = {
    "shapes/__init__.py": "",
    "shapes/base.py": (
        "class Shape:\n"
        "    def area(self):\n"
        "        return 0\n"
        "\n"
        "    def report(self):\n"
        "        return self.area()\n"
    ),
    "shapes/square.py": (
        "from shapes.base import Shape\n"
        "\n"
        "\n"
        "class Square(Shape):\n"
        "    def __init__(self, side):\n"
        "        self.side = side\n"
        "\n"
        "    def area(self):\n"
        "        return self.side * self.side\n"
    ),
    "test_shapes.py": (
        "from shapes.square import Square\n"
        "\n"
        "\n"
        "def test_report_uses_the_override():\n"
        "    assert Square(3).report() == 9\n"
    ),
}


def _pytest(root: Path, name: str = "test_shapes.py") -> int:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", name],
        cwd=root,
        capture_output=True,
        check=False,
    )
    return done.returncode


def test_renaming_an_override_renames_the_base_method_too(make_repo):
    root = make_repo(HIERARCHY)
    result = prx.rename("Square.area", "surface", root=root, apply=True, check="never")
    text = (root / "shapes/base.py").read_text()
    assert "def surface(self)" in text and "return self.surface()" in text
    assert "def surface(self)" in (root / "shapes/square.py").read_text()
    assert any("class hierarchy" in note for note in result.notes)
    # The override still overrides: the project's own test says so.
    assert _pytest(root) == 0


def test_renaming_the_base_method_renames_its_overrides(make_repo):
    root = make_repo(HIERARCHY)
    prx.rename("Shape.area", "surface", root=root, apply=True, check="never")
    assert "def surface(self)" in (root / "shapes/square.py").read_text()
    assert _pytest(root) == 0


MIRROR = {
    "tools/__init__.py": "from .core import *\n",
    "tools/core.py": (
        "__all__ = ['topk']\n"
        "\n"
        "\n"
        "def topk(k, seq):\n"
        '    """The k largest.\n'
        "\n"
        "    >>> topk(2, [1, 3, 2])\n"
        "    (3, 2)\n"
        '    """\n'
        "    return tuple(sorted(seq, reverse=True)[:k])\n"
    ),
    "tools/curried.py": (
        "import functools\n\nimport tools\n\ntopk = functools.partial(tools.topk)\n"
    ),
    "tools/compat.py": (
        "from tools import core\n"
        "\n"
        "__all__ = ['topk']\n"
        "\n"
        "\n"
        "def topk(k, seq):\n"
        "    return core.topk(k, list(seq))\n"
    ),
    "use.py": "from tools.curried import topk\n\nprint(topk(1, [5, 4]))\n",
}


def test_a_same_named_alias_and_the_doctests_change_with_the_definition(make_repo):
    root = make_repo(MIRROR)
    result = prx.rename("core.topk", "top_k", root=root, apply=True, check="never")
    assert "top_k = functools.partial(tools.top_k)" in (root / "tools/curried.py").read_text()
    assert "from tools.curried import top_k" in (root / "use.py").read_text()
    core = (root / "tools/core.py").read_text()
    assert ">>> top_k(2, [1, 3, 2])" in core and "__all__ = ['top_k']" in core
    # A same-named wrapper delegating to it is a mirror too, its __all__ with it.
    compat = (root / "tools/compat.py").read_text()
    assert "def top_k(k, seq):" in compat and "__all__ = ['top_k']" in compat
    assert any("mirror" in note for note in result.notes)
    done = subprocess.run(
        [sys.executable, "-m", "doctest", "-v", "tools/core.py"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout


LIBRARY = {
    "enc.py": (
        "import json\n"
        "\n"
        "\n"
        "class Encoder(json.JSONEncoder):\n"
        "    def default(self, o):\n"
        "        return str(o)\n"
        "\n"
        "\n"
        "def dump(x):\n"
        "    return json.dumps(x, cls=Encoder)\n"
    ),
}


def test_a_method_that_overrides_a_librarys_is_a_conflict(make_repo):
    root = make_repo(LIBRARY)
    before = (root / "enc.py").read_bytes()
    dry = prx.rename("Encoder.default", "fallback", root=root)
    assert [c.kind for c in dry.conflicts] == ["overrides_library"]
    assert "JSONEncoder.default" in dry.conflicts[0].message
    with pytest.raises(ConflictError):
        prx.rename("Encoder.default", "fallback", root=root, apply=True)
    assert (root / "enc.py").read_bytes() == before


LOADER = {
    "loader.py": (
        "import sys\n"
        "\n"
        "\n"
        "class Loader:\n"
        "    def create_module(self, spec):\n"
        "        return None\n"
        "\n"
        "    def exec_module(self, module):\n"
        "        module.answer = 42\n"
        "\n"
        "    def load(self, module):\n"
        "        self.exec_module(module)\n"
        "\n"
        "\n"
        "def install(finder):\n"
        "    sys.meta_path.append(finder)\n"
    ),
    "conftest.py": (
        "import pytest\n"
        "\n"
        "\n"
        "@pytest.fixture\n"
        "def loader():\n"
        "    from loader import Loader\n"
        "\n"
        "    return Loader()\n"
    ),
}


@pytest.mark.parametrize(
    ("old", "why"),
    [
        ("Loader.exec_module", "import system"),  # importlib calls it by name
        ("conftest.loader", "fixture"),  # pytest passes it by parameter name
    ],
)
def test_what_is_called_by_its_name_is_refused_unless_forced(make_repo, old, why):
    root = make_repo(LOADER)
    before = _snapshot(root)
    dry = prx.rename(old, "renamed", root=root)
    assert any(why in n for n in dry.notes)
    with pytest.raises(ConflictError) as info:
        prx.rename(old, "renamed", root=root, apply=True, check="never")
    assert why in info.value.message
    assert _snapshot(root) == before
    forced = prx.rename(old, "renamed", root=root, apply=True, force=True, check="never")
    assert forced.applied and _snapshot(root) != before


def _printed(root: Path, code: str) -> str:
    """What ``code`` prints, run by Python in ``root``."""
    ran = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    return ran.stdout.strip()


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(root.glob("*.py"))}


def test_renaming_a_mirror_renames_what_it_mirrors(make_repo):
    root = make_repo(MIRROR)
    prx.rename("compat.topk", "top_k", root=root, apply=True, check="never")
    assert "def top_k(k, seq):" in (root / "tools/core.py").read_text()
    assert "top_k = functools.partial(tools.top_k)" in (root / "tools/curried.py").read_text()
    assert "return core.top_k(k, list(seq))" in (root / "tools/compat.py").read_text()


def test_an_instance_made_by_type_of_something_is_what_that_something_is(make_repo):
    # ``type(x)(...)`` makes an instance of x's class, not of the class the code is in:
    # here x is the mixin's ``self.flo``, a Flo in every subclass that sets it.
    root = make_repo(
        {
            "flo.py": "class Flo:\n    def roll(self):\n        return 1\n",
            "test_flo.py": (
                "from flo import Flo\n"
                "\n"
                "\n"
                "class Mixin:\n"
                "    def test_again(self):\n"
                "        again = type(self.flo)()\n"
                "        return again.roll()\n"
                "\n"
                "\n"
                "class TestFlo(Mixin):\n"
                "    def setUp(self):\n"
                "        self.flo = Flo()\n"
            ),
        }
    )
    dry = prx.rename("Flo.roll", "turn", root=root)
    changed = {(f.file, line.line) for f in dry.changes for line in f.lines}
    assert ("test_flo.py", 7) in changed
    assert not [s for s in dry.left_alone if s.reason in ("unresolved", "by_name")]


def test_an_instance_made_by_type_of_an_unknown_is_unsure(make_repo):
    root = make_repo(
        {
            "flo.py": "class Flo:\n    def roll(self):\n        return 1\n",
            # Another class answers to ``roll``: an unknown receiver may be either.
            "dice.py": "class Dice:\n    def roll(self):\n        return 6\n",
            "use.py": ("def again(thing):\n    other = type(thing)()\n    return other.roll()\n"),
        }
    )
    dry = prx.rename("Flo.roll", "turn", root=root)
    reasons = {(s.file, s.line): s.reason for s in dry.left_alone}
    assert reasons[("use.py", 3)] in ("unresolved", "by_name")


def test_a_prefix_dispatch_name_is_refused_only_under_a_library_class(make_repo):
    root = make_repo(
        {
            "shell.py": (
                "import cmd\n"
                "\n"
                "\n"
                "class Shell(cmd.Cmd):\n"
                "    def do_quit(self, arg):\n"
                "        return True\n"
                "\n"
                "\n"
                "class Job:\n"
                "    def do_work(self):\n"
                "        return 1\n"
                "\n"
                "\n"
                "def run(job: Job):\n"
                "    return job.do_work()\n"
            ),
        }
    )
    with pytest.raises(ConflictError) as info:
        prx.rename("Shell.do_quit", "do_exit", root=root, apply=True, check="never")
    assert "Cmd" in info.value.message  # cmd.Cmd finds do_* methods by name
    done = prx.rename("Job.do_work", "perform", root=root, apply=True, check="never")
    assert done.applied and "return job.perform()" in (root / "shell.py").read_text()


STEPS = {
    "steps/__init__.py": "",
    "steps/base.py": (
        "class Reader:\n"
        "    def read_all(self, rows):\n"
        "        return [self.entry(row) for row in rows]\n"
    ),
    "steps/kinds.py": (
        "from steps.base import Reader\n"
        "\n"
        "\n"
        "class DictReader(Reader):\n"
        "    def entry(self, row):\n"
        "        return dict(row)\n"
        "\n"
        "\n"
        "class ListReader(Reader):\n"
        "    def entry(self, row):\n"
        "        return list(row)\n"
    ),
    "test_steps.py": (
        "from steps.kinds import DictReader, ListReader\n"
        "\n"
        "\n"
        "def test_each_reader_reads_its_entries():\n"
        "    assert DictReader().read_all([[('a', 1)]]) == [{'a': 1}]\n"
        "    assert ListReader().read_all([(1, 2)]) == [[1, 2]]\n"
    ),
}


def test_a_step_a_base_class_calls_is_renamed_in_every_subclass(make_repo):
    # Reader.read_all calls self.entry, which only its subclasses define: renaming one
    # subclass's entry alone would break the other's; the base's call and every
    # subclass's definition are one family.
    root = make_repo(STEPS)
    result = prx.rename("DictReader.entry", "make_entry", root=root, apply=True, check="never")
    assert result.applied
    assert "self.make_entry(row)" in (root / "steps/base.py").read_text()
    assert (root / "steps/kinds.py").read_text().count("def make_entry(self, row)") == 2
    assert _pytest(root, "test_steps.py") == 0


def test_a_step_that_is_also_assigned_as_an_attribute_stays_unsure(make_repo):
    files = dict(STEPS)
    files["steps/other.py"] = (
        "from steps.base import Reader\n"
        "\n"
        "\n"
        "class Plain(Reader):\n"
        "    def __init__(self):\n"
        "        self.entry = str\n"
    )
    root = make_repo(files)
    dry = prx.rename("DictReader.entry", "make_entry", root=root)
    unsure = {(s.file, s.line) for s in dry.left_alone if s.reason in ("unresolved", "by_name")}
    assert ("steps/base.py", 3) in unsure


STUBBED = {
    "kit/__init__.py": "from kit.core import Meter, sieve\n",
    "kit/core.py": (
        "def sieve(n):\n"
        "    return [k for k in range(2, n) if all(k % d for d in range(2, k))]\n"
        "\n"
        "\n"
        "class Meter:\n"
        "    def read(self):\n"
        "        return sieve(10)\n"
    ),
    "kit/core.pyi": (
        "def sieve(n: int) -> list[int]: ...\n"
        "\n"
        "class Meter:\n"
        "    def read(self) -> list[int]: ...\n"
    ),
    "test_kit.py": (
        "import kit\n"
        "\n"
        "\n"
        "def test_meter_reads_primes():\n"
        "    assert kit.Meter().read() == kit.sieve(10) == [2, 3, 5, 7]\n"
    ),
}


@pytest.mark.parametrize(
    ("asked", "old", "new"),
    [
        ("kit/core.py:1", "sieve", "primes"),  # the module's: its stub declares it too
        ("kit/core.pyi:1", "sieve", "primes"),  # the stub's: the module defines it
        ("Meter.read", "read", "measure"),  # a method, declared in the stub's class
    ],
)
def test_a_module_and_its_stub_are_renamed_together(make_repo, asked, old, new):
    root = make_repo(STUBBED)
    result = prx.rename(asked, new, root=root, apply=True, check="never")
    assert result.applied
    module = (root / "kit/core.py").read_text()
    stub = (root / "kit/core.pyi").read_text()
    assert f"def {new}(" in module and f"def {new}(" in stub
    assert f"def {old}(" not in module and f"def {old}(" not in stub
    assert _pytest(root, "test_kit.py") == 0


@pytest.mark.parametrize(
    ("line", "old", "expected"),
    [
        ("T = TypeVar('T')", "T", "Item = TypeVar('Item')"),
        ('UserId = typing.NewType("UserId", int)', "UserId", 'Item = typing.NewType("Item", int)'),
        (
            "Pair = NamedTuple('Pair', [('a', int)])",
            "Pair",
            "Item = NamedTuple('Item', [('a', int)])",
        ),
        # A string that is not the assigned name is text, left alone.
        ("T = TypeVar('Other')", "T", "Item = TypeVar('Other')"),
    ],
)
def test_the_string_typing_builds_a_name_from_is_renamed_with_it(make_repo, line, old, expected):
    # A type checker refuses ``X = TypeVar('Y')``: the string is the name it is assigned to.
    source = (
        "import typing\n"
        "from typing import NamedTuple, TypeVar\n"
        "\n"
        f"{line}\n"
        "\n"
        "\n"
        f"def first(items: list[{old}]) -> {old}:\n"
        "    return items[0]\n"
    )
    root = make_repo({"kinds.py": source})
    prx.rename(old, "Item", root=root, apply=True, check="never")
    text = (root / "kinds.py").read_text()
    assert expected in text.splitlines()
    assert "def first(items: list[Item]) -> Item:" in text


def test_a_src_layout_package_is_bound_where_its_tests_import_it(make_repo):
    # ``import kit`` finds src/kit/ (what pytest's pythonpath or an install does): rope
    # must look there, or the tests' uses stay unbound (or bound to an installed copy).
    root = make_repo(
        {
            "pyproject.toml": "[tool.pytest.ini_options]\npythonpath = ['src']\n",
            # A module at the top and tests as a package: rope then looks for packages
            # at the top only.
            "setup.py": "import setuptools\n\nsetuptools.setup()\n",
            "tests/__init__.py": "",
            "src/kit/__init__.py": "from kit.core import sieve\n",
            "src/kit/core.py": "def sieve(n):\n    return list(range(2, n))\n",
            "tests/test_kit.py": (
                "import kit\nfrom kit.core import sieve\n\n\n"
                "def test_sieve():\n    assert kit.sieve(4) == sieve(4) == [2, 3]\n"
            ),
        }
    )
    result = prx.rename("src/kit/core.py:1", "primes", root=root, apply=True, check="never")
    assert result.applied
    test = (root / "tests/test_kit.py").read_text()
    assert "from kit.core import primes" in test and "kit.primes(4) == primes(4)" in test
    assert _pytest(root, "tests/test_kit.py") == 0


PARSER = {
    "parser.py": (
        "class Parser:\n"
        "    def led(self, token, left):\n"
        "        handler = getattr(self, '_token_led_%s' % token, None)\n"
        "        return handler(left) if handler else self.fallback(left)\n"
        "\n"
        "    def _token_led_dot(self, left):\n"
        "        return left\n"
        "\n"
        "    def fallback(self, left):\n"
        "        return None\n"
    ),
}


@pytest.mark.parametrize(
    "lookup", ["'_token_led_%s' % token", "'_token_led_' + token", "f'_token_led_{token}'"]
)
def test_a_method_looked_up_by_a_built_name_is_not_renamed(make_repo, lookup):
    files = {"parser.py": PARSER["parser.py"].replace("'_token_led_%s' % token", lookup)}
    root = make_repo(files)
    with pytest.raises(ConflictError, match="builds from the string '_token_led_'"):
        prx.rename("Parser._token_led_dot", "_led_dot", root=root, apply=True, check="never")
    assert (root / "parser.py").read_text() == files["parser.py"]
    # A method the built name cannot reach is renamed.
    done = prx.rename("Parser.fallback", "default", root=root, apply=True, check="never")
    assert done.applied


FILTER = {
    "sql.py": ("class IdentifierList:\n    pass\n\n\nclass Where:\n    pass\n"),
    "reindent.py": (
        "from sql import IdentifierList, Where\n"
        "\n"
        "\n"
        "class Reindent:\n"
        "    def process(self, tlist):\n"
        "        func_name = '_process_{cls}'.format(cls=type(tlist).__name__)\n"
        "        func = getattr(self, func_name.lower(), self._process_default)\n"
        "        return func(tlist)\n"
        "\n"
        "    def _process_identifierlist(self, tlist):\n"
        "        return 'list'\n"
        "\n"
        "    def _process_default(self, tlist):\n"
        "        return 'default'\n"
        "\n"
        "\n"
        "def run():\n"
        "    return Reindent().process(IdentifierList()), Reindent().process(Where())\n"
    ),
}


def test_a_name_built_in_two_steps_keeps_its_handlers_and_their_classes(make_repo):
    root = make_repo(FILTER)
    with pytest.raises(ConflictError, match="builds from the string '_process_'"):
        prx.rename(
            "Reindent._process_identifierlist", "_list", root=root, apply=True, check="never"
        )
    # The class's name builds the handler's: renamed, the handler would not be found.
    with pytest.raises(ConflictError, match="reindent.py defines _process_identifierlist"):
        prx.rename("IdentifierList", "Items", root=root, apply=True, check="never")
    assert {p: (root / p).read_text() for p in FILTER} == FILTER
    # No handler is named after Where; process is no handler.
    assert prx.rename("Where", "Filter", root=root, apply=True, check="never").applied
    assert prx.rename("Reindent.process", "run_on", root=root, apply=True, check="never").applied


VISITED_GRAMMAR = {
    "engine.py": (
        "class Node:\n"
        "    def __init__(self, rule, text):\n"
        "        self.rule_name = rule.__name__\n"
        "        self.text = text\n"
        "\n"
        "    def visit(self, visitor):\n"
        "        visit_name = 'visit_%s' % self.rule_name\n"
        "        if hasattr(visitor, visit_name):\n"
        "            return getattr(visitor, visit_name)(self)\n"
        "        return self.text\n"
    ),
    "rules.py": ("def number():\n    return r'\\d+'\n\n\ndef word():\n    return r'\\w+'\n"),
    "calc.py": (
        "from engine import Node\n"
        "from rules import number, word\n"
        "\n"
        "\n"
        "class Calc:\n"
        "    def visit_number(self, node):\n"
        "        return int(node.text)\n"
        "\n"
        "\n"
        "def run():\n"
        "    return Node(number, '42').visit(Calc()), Node(word, 'x').visit(Calc())\n"
    ),
}


def test_a_handler_another_file_finds_by_a_built_name_keeps_it_and_its_rule(make_repo):
    # arpeggio: a grammar rule is a function whose name (__name__) is the rule's; the
    # visitor's handler is found as 'visit_' + that name by the parse tree's module.
    root = make_repo(VISITED_GRAMMAR)
    with pytest.raises(ConflictError, match="calc.py defines visit_number"):
        prx.rename("rules.number", "integer", root=root, apply=True, check="never")
    with pytest.raises(ConflictError, match="engine.py looks methods up by .* 'visit_'"):
        prx.rename("Calc.visit_number", "on_number", root=root, apply=True, check="never")
    assert {p: (root / p).read_text() for p in VISITED_GRAMMAR} == VISITED_GRAMMAR
    # A rule no handler is named after is renamed, and the program still runs the same.
    assert prx.rename("rules.word", "identifier", root=root, apply=True, check="never").applied
    assert _printed(root, "import calc; print(calc.run())") == "(42, 'x')"


def test_a_subclass_named_as_the_base_it_imports_under_an_alias_is_its_family(make_repo):
    # arpeggio's cleanpeg: ``from .peg import ParserPEG as ParserPEGOrig`` then
    # ``class ParserPEG(ParserPEGOrig)`` overriding the method the base's __init__ calls.
    files = {
        "base.py": (
            "class Parser:\n"
            "    def __init__(self):\n"
            "        self.model = self._build()\n"
            "\n"
            "    def _build(self):\n"
            "        return 'base'\n"
        ),
        "clean.py": (
            "from base import Parser as ParserOrig\n"
            "\n"
            "\n"
            "class Parser(ParserOrig):\n"
            "    def _build(self):\n"
            "        return 'clean'\n"
        ),
    }
    root = make_repo(files)
    done = prx.rename("clean.py:5", "_make_model", root=root, apply=True, check="never")
    assert done.applied
    assert {c.file for c in done.changes} == {"base.py", "clean.py"}
    assert _printed(root, "import clean; print(clean.Parser().model)") == "clean"


def test_a_definition_rope_cannot_read_is_renamed_from_the_outline(make_repo):
    # rope's tree patcher fails on an empty tuple holding a comment: every name of the
    # module is unbound to it, the definition's own name too.
    files = {
        "margin.py": (
            "class RightMargin:\n"
            "    keep = (\n"
            "        # none yet\n"
            "    )\n"
            "\n"
            "    def __init__(self, width=79):\n"
            "        self.width = width\n"
        ),
        "app.py": "import margin\n\nFILTER = margin.RightMargin(width=60)\n",
    }
    root = make_repo(files)
    done = prx.rename("RightMargin", "Margin", root=root, apply=True, check="never")
    assert done.applied and not done.left_alone
    assert (root / "margin.py").read_text().startswith("class Margin:\n")
    assert "margin.Margin(width=60)" in (root / "app.py").read_text()


MATCHER = {
    "matcher.py": (
        "import re\n"
        "\n"
        "\n"
        "class Parser:\n"
        "    def __init__(self, pattern):\n"
        "        self._re = re.compile(pattern)\n"
        "\n"
        "    def search(self, text):\n"
        "        return self._re.search(text)\n"
        "\n"
        "\n"
        "def search(pattern, text):\n"
        "    return re.search(pattern, text)\n"
    ),
    "test_matcher.py": (
        "import matcher\n"
        "\n"
        "\n"
        "def check(parser, text):\n"
        "    return parser.search(text)\n"
        "\n"
        "\n"
        "def test_search():\n"
        "    assert matcher.search('a', 'cat')\n"
        "    assert check(matcher.Parser('a'), 'cat')\n"
    ),
}


def test_a_module_level_function_is_no_attribute_of_what_holds_no_module(make_repo):
    files = dict(MATCHER)
    # A test module loading itself names no other module; a string names none.
    files["test_suite.py"] = (
        "import sys\n"
        "import unittest\n"
        "\n"
        "import matcher\n"
        "\n"
        "HELP = 'see matcher for the syntax'\n"
        "suite = unittest.TestLoader().loadTestsFromModule(sys.modules[__name__])\n"
    )
    root = make_repo(files)
    done = prx.rename("matcher.py:12", "find", root=root, apply=True, check="never")
    assert done.applied
    source = (root / "matcher.py").read_text()
    assert "def find(pattern, text):" in source
    assert "self._re.search(text)" in source and "def search(self, text)" in source
    assert "return re.search(pattern, text)" in source
    test = (root / "test_matcher.py").read_text()
    assert "matcher.find('a', 'cat')" in test and "parser.search(text)" in test
    assert _pytest(root, "test_matcher.py") == 0


def test_a_file_that_handles_modules_as_values_stays_unsure(make_repo):
    files = dict(MATCHER)
    files["test_matcher.py"] = files["test_matcher.py"].replace(
        "def test_search():\n", "def test_search():\n    assert check(matcher, 'cat') is None\n"
    )
    root = make_repo(files)
    with pytest.raises(prx.PrxError, match="could not be tied"):
        prx.rename("matcher.py:12", "find", root=root, apply=True, check="never")


def test_a_module_level_mirror_of_a_method_keeps_its_receivers_unsure(make_repo):
    files = dict(MATCHER)
    files["matcher.py"] = files["matcher.py"].replace(
        "return re.search(pattern, text)", "return Parser(pattern).search(text)"
    )
    root = make_repo(files)
    # Renamed with the method it delegates to: ``parser.search`` may be that method.
    with pytest.raises(prx.PrxError, match="could not be tied"):
        prx.rename("matcher.py:12", "find", root=root, apply=True, check="never")


def test_a_doctest_s_module_named_like_the_function_keeps_its_name(make_repo):
    root = make_repo(
        {
            "parse.py": (
                '"""Parse strings.\n'
                "\n"
                ">>> import parse\n"
                ">>> from parse import parse as p\n"
                ">>> parse.parse('{}', 'a').fixed\n"
                "('a',)\n"
                ">>> parse('{}', 'b').fixed\n"
                "('b',)\n"
                '"""\n'
                "\n"
                "\n"
                "class Result:\n"
                "    def __init__(self, fixed):\n"
                "        self.fixed = fixed\n"
                "\n"
                "\n"
                "def parse(format, text):\n"
                "    return Result((text,))\n"
            ),
        }
    )
    prx.rename("parse.py:17", "match", root=root, apply=True, check="never")
    text = (root / "parse.py").read_text()
    assert ">>> import parse\n>>> from parse import match as p\n" in text
    # The module's function by its import path (``parse.parse``): renamed with it.
    assert ">>> parse.match('{}', 'a')" in text
    assert ">>> match('{}', 'b')" in text and "def match(format, text):" in text


ENCODERS = {
    "ber.py": (
        "class ItemEncoder:\n"
        "    def encode_value(self, value):\n"
        "        return b'item'\n"
        "\n"
        "    def encode(self, value):\n"
        "        return self.encode_value(value)\n"
        "\n"
        "\n"
        "class OctetEncoder(ItemEncoder):\n"
        "    def encode_value(self, value):\n"
        "        return b'octets'\n"
        "\n"
        "\n"
        "class NullEncoder(ItemEncoder):\n"
        "    def encode_value(self, value):\n"
        "        return b''\n"
    ),
    "cer.py": (
        "from ber import OctetEncoder\n"
        "\n"
        "\n"
        "class TimeMixIn:\n"
        "    def encode_value(self, value):\n"
        "        return b'time'\n"
        "\n"
        "\n"
        "class TimeEncoder(TimeMixIn, OctetEncoder):\n"
        "    pass\n"
    ),
    "test_cer.py": (
        "from ber import NullEncoder\n"
        "from cer import TimeEncoder\n"
        "\n"
        "\n"
        "def test_encoders():\n"
        "    assert TimeEncoder().encode(1) == b'time'\n"
        "    assert NullEncoder().encode(None) == b''\n"
    ),
}


@pytest.mark.parametrize("asked", ["TimeMixIn.encode_value", "NullEncoder.encode_value"])
def test_a_mixin_s_method_and_the_base_it_overrides_in_a_subclass_are_one_family(make_repo, asked):
    root = make_repo(ENCODERS)
    done = prx.rename(asked, "value_bytes", root=root, apply=True, check="never")
    assert done.applied
    assert (root / "ber.py").read_text().count("def value_bytes(self, value)") == 3
    assert "def value_bytes(self, value)" in (root / "cer.py").read_text()
    assert _pytest(root, "test_cer.py") == 0


def test_a_name_a_string_gives_to_setattr_or_patch_is_not_renamed(make_repo):
    files = {
        "tz.py": "STD = 1\nDIFF = 2\nOTHER = 3\n\n\ndef dst():\n    return DIFF\n",
        "test_tz.py": (
            "import tz\n"
            "from unittest import mock\n"
            "\n"
            "\n"
            "def test_dst(monkeypatch):\n"
            "    monkeypatch.setattr(tz, 'DIFF', 5)\n"
            "    assert tz.dst() == 5\n"
            "\n"
            "\n"
            "def test_std():\n"
            "    with mock.patch('tz.STD', 4):\n"
            "        assert tz.STD == 4\n"
        ),
    }
    root = make_repo(files)
    for name, place in (("DIFF", "test_tz.py:6"), ("STD", "test_tz.py:11")):
        with pytest.raises(ConflictError, match=f"{place} names it in a string"):
            prx.rename(name, "X", root=root, apply=True, check="never")
    assert {p: (root / p).read_text() for p in files} == files
    assert prx.rename("OTHER", "THIRD", root=root, apply=True, check="never").applied


def test_a_patch_of_a_module_s_name_is_no_method_s_string(make_repo):
    # colorama's tests patch ``colorama.initialise.reset_all``, a module's function:
    # ``WinTerm.reset_all`` is another thing; ``patch('term.WinTerm.reset_all')`` is not.
    files = {
        "term.py": (
            "def reset_all():\n    return 'module'\n\n\n"
            "class WinTerm:\n    def reset_all(self):\n        return 'method'\n"
        ),
        "test_term.py": (
            "from unittest import mock\n"
            "\n"
            "import term\n"
            "\n"
            "\n"
            "@mock.patch('term.reset_all', lambda: 'patched')\n"
            "def test_module():\n"
            "    assert term.reset_all() == 'patched'\n"
            "    assert term.WinTerm().reset_all() == 'method'\n"
        ),
    }
    root = make_repo(files)
    done = prx.rename("WinTerm.reset_all", "reset", root=root, apply=True, check="never")
    assert done.applied
    assert "term.WinTerm().reset() == 'method'" in (root / "test_term.py").read_text()
    assert _pytest(root, "test_term.py") == 0
    on_class = {
        **files,
        "test_term.py": files["test_term.py"]
        .replace("'term.reset_all'", "'term.WinTerm.reset_all'")
        .replace("lambda: 'patched'", "lambda self: 'patched'"),
    }
    root = make_repo(on_class)
    with pytest.raises(ConflictError, match="test_term.py:6 names it in a string"):
        prx.rename("WinTerm.reset_all", "reset", root=root, apply=True, check="never")


def test_a_class_whose_repr_prints_its_name_is_not_renamed_under_a_test_s_string(make_repo):
    files = {
        "duration.py": (
            "class Duration:\n"
            "    def __repr__(self):\n"
            "        return '%s()' % self.__class__.__name__\n"
            "\n"
            "\n"
            "class Period:\n"
            "    def __repr__(self):\n"
            "        return 'Period()'\n"
        ),
        "test_duration.py": (
            "from duration import Duration, Period\n"
            "\n"
            "\n"
            "def test_repr():\n"
            "    assert repr(Duration()) == 'Duration()'\n"
            "    assert repr(Period()) == 'Period()'\n"
        ),
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match="part of what it prints"):
        prx.rename("Duration", "Span", root=root, apply=True, check="never")
    # Period's repr is a literal: its test's string is no use of the class's name.
    assert prx.rename("Period", "Term", root=root, apply=True, check="never").applied


def test_a_class_a_base_s_repr_names_is_not_renamed_under_a_test_s_string(make_repo):
    # sqlparse's TokenList prints ``type(self).__name__`` for each group class below it.
    files = {
        "tree.py": (
            "class Group:\n"
            "    def _kind(self):\n"
            "        return type(self).__name__\n"
            "\n"
            "    def shown(self):\n"
            "        return '|- ' + self._kind()\n"
            "\n"
            "\n"
            "class Comparison(Group):\n"
            "    pass\n"
            "\n"
            "\n"
            "class Where:\n"
            "    def shown(self):\n"
            "        return '|- Where'\n"
            "\n"
            "\n"
            "def helper(self):\n"
            "    return type(self).__name__\n"
        ),
        "test_tree.py": (
            "from tree import Comparison, Where\n"
            "\n"
            "\n"
            "def test_shown():\n"
            "    assert Comparison().shown() == '|- Comparison'\n"
            "    assert Where().shown() == '|- Where'\n"
        ),
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match="Group's code at tree.py:3 reads"):
        prx.rename("Comparison", "Compared", root=root, apply=True, check="never")
    # No base of Where reads the name (the module-level helper is no class's code).
    assert prx.rename("Where", "Filter", root=root, apply=True, check="never").applied


def test_a_function_a_namespace_lookup_builds_the_name_of_is_refused(make_repo):
    # pyparsing's ebnf example: ``action = vars()["do_" + name]`` for each rule's name.
    files = {
        "ebnf.py": (
            "def do_term(toks):\n"
            "    return toks\n"
            "\n"
            "\n"
            "def helper(toks):\n"
            "    return toks\n"
            "\n"
            "\n"
            "ACTIONS = {name: vars()['do_' + name] for name in ['term']}\n"
        ),
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match="builds from the string 'do_'"):
        prx.rename("do_term", "on_term", root=root, apply=True, check="never")
    assert prx.rename("helper", "aid", root=root, apply=True, check="never").applied


def test_a_method_a_file_spells_and_looks_up_by_a_computed_name_is_refused(make_repo):
    # bottle's test: ``apis = 'add_header', 'set_header'`` then ``getattr(rs, api)``.
    files = {
        "response.py": (
            "class Response:\n"
            "    def add_header(self, name, value):\n"
            "        return (name, value)\n"
            "\n"
            "    def clear(self):\n"
            "        return None\n"
        ),
        "test_response.py": (
            "from response import Response\n"
            "\n"
            "\n"
            "def test_each_api():\n"
            "    for api in ('add_header',):\n"
            "        assert getattr(Response(), api)('a', 'b') == ('a', 'b')\n"
            "    assert Response().clear() is None\n"
        ),
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match="spells add_header in a string"):
        prx.rename("Response.add_header", "put", root=root, apply=True, check="never")
    assert prx.rename("Response.clear", "reset", root=root, apply=True, check="never").applied


def test_a_function_is_looked_up_by_a_computed_name_in_its_own_module_only(make_repo):
    # A module-level function is an attribute of its module: another file's
    # ``getattr(obj, name)`` beside a string 'test' looks up something else (lark's
    # examples/calc.py ``test`` and tests/test_trees.py).
    files = {
        "calc.py": "def test():\n    return 1\n\n\ndef other():\n    return 2\n",
        "trees.py": ("def visit(tree, name='test'):\n    return getattr(tree, name)\n"),
        "commands.py": (
            "import sys\n"
            "\n"
            "\n"
            "def other_cmd():\n"
            "    return 3\n"
            "\n"
            "\n"
            "def run(which='other_cmd'):\n"
            "    return getattr(sys.modules[__name__], which)()\n"
        ),
    }
    root = make_repo(files)
    assert prx.rename("calc.py:1", "check", root=root, apply=True, check="never").applied
    with pytest.raises(ConflictError, match="spells other_cmd in a string"):
        prx.rename("other_cmd", "another", root=root, apply=True, check="never")


def test_an_export_list_is_no_string_a_computed_lookup_may_read(make_repo):
    # configobj lists flatten_errors in __all__ and reads attributes of values it
    # builds by computed names; the entry is renamed with the function, so no string is
    # left for a lookup to miss. A file taking the module by a star import names it bare
    # in its doctests: renamed with it.
    files = {
        "conf/__init__.py": (
            "__all__ = [\n"
            "    'flatten',\n"
            "]\n"
            "\n"
            "\n"
            "def build(parent, attr):\n"
            "    return getattr(parent, attr)\n"
            "\n"
            "\n"
            "def flatten(rows):\n"
            "    return [x for row in rows for x in row]\n"
        ),
        "conf_doctests.py": (
            "from conf import *\n"
            "\n"
            "\n"
            "def _flat():\n"
            '    """\n'
            "    >>> flatten([[1], [2]])\n"
            "    [1, 2]\n"
            '    """\n'
        ),
    }
    root = make_repo(files)
    done = prx.rename("flatten", "flat", root=root, apply=True, check="never")
    assert done.applied
    assert "    'flat',\n" in (root / "conf/__init__.py").read_text()
    assert ">>> flat([[1], [2]])" in (root / "conf_doctests.py").read_text()
    ran = subprocess.run(
        [sys.executable, "-m", "doctest", "conf_doctests.py"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout


def test_a_file_nested_too_deep_for_python_s_parser_keeps_the_sites_unsure(make_repo):
    files = dict(MATCHER)
    # ``import matcher`` and a nesting no parser reads: cannot say it holds no module.
    files["deep.py"] = "import matcher\n\nx = 1" + " + 1" * 200_000 + "\n"
    root = make_repo(files)
    with pytest.raises(prx.PrxError, match="could not be tied"):
        prx.rename("matcher.py:12", "find", root=root, apply=True, check="never")


RENDERER = {
    "core.py": (
        "class BaseRenderer:\n"
        "    def _get_method(self, name):\n"
        "        return object.__getattribute__(self, name)\n"
        "\n"
        "    def render_token(self, token):\n"
        "        return self._get_method(token['type'])(token['text'])\n"
    ),
    "markup.py": (
        "from core import BaseRenderer\n"
        "\n"
        "\n"
        "class HTMLRenderer(BaseRenderer):\n"
        "    def paragraph(self, text):\n"
        "        return '<p>' + self.escape(text) + '</p>'\n"
        "\n"
        "    def escape(self, text):\n"
        "        return text.replace('<', '&lt;')\n"
    ),
    "parser.py": (
        "def parse(text):\n"
        "    return [{'type': 'paragraph', 'text': line} for line in text.splitlines()]\n"
    ),
    "test_render.py": (
        "from markup import HTMLRenderer\n"
        "from parser import parse\n"
        "\n"
        "\n"
        "def test_render():\n"
        "    renderer = HTMLRenderer()\n"
        "    assert [renderer.render_token(t) for t in parse('a<')] == ['<p>a&lt;</p>']\n"
    ),
}


@pytest.mark.parametrize(
    "lookup",
    [
        "object.__getattribute__(self, name)",
        "getattr(self, name)",
        "getattr(type(self), name).__get__(self)",
        "self.__getattribute__(name)",
    ],
)
def test_a_method_a_class_looks_up_by_a_name_data_spells_is_not_renamed(make_repo, lookup):
    files = {
        **RENDERER,
        "core.py": RENDERER["core.py"].replace("object.__getattribute__(self, name)", lookup),
    }
    root = make_repo(files)
    assert _pytest(root, "test_render.py") == 0
    with pytest.raises(
        ConflictError,
        match=r"core.py:3 looks BaseRenderer's methods up .* parser.py:2 spells paragraph",
    ):
        prx.rename("HTMLRenderer.paragraph", "para", root=root, apply=True, check="never")
    assert {p: (root / p).read_text() for p in files} == files
    # No string spells escape: the lookup cannot reach it by that name.
    assert prx.rename("HTMLRenderer.escape", "quote", root=root, apply=True, check="never").applied
    assert _pytest(root, "test_render.py") == 0


def test_a_lookup_on_another_object_holds_no_method_of_the_class(make_repo):
    core = RENDERER["core.py"].replace(
        "object.__getattribute__(self, name)", "getattr(self.handlers, name)"
    )
    # A top-level function after the class is none of its code.
    core += "\n\ndef template(cls, name):\n    return getattr(cls, name)\n"
    root = make_repo({**RENDERER, "core.py": core})
    assert prx.rename(
        "HTMLRenderer.paragraph", "para", root=root, apply=True, check="never"
    ).applied


NAMESAKES = {
    "lex.py": (
        "class Logger:\n"
        "    def warning(self, msg):\n"
        "        return 'lex: ' + msg\n"
        "\n"
        "\n"
        "class Lexer:\n"
        "    def __init__(self, log=None):\n"
        "        self.log = Logger() if log is None else log\n"
        "\n"
        "    def lex(self):\n"
        "        return self.log.warning('x')\n"
        "\n"
        "\n"
        "def lex():\n"
        "    return Lexer().lex()\n"
    ),
    "yacc.py": (
        "class Logger:\n"
        "    def warning(self, msg):\n"
        "        return 'yacc: ' + msg\n"
        "\n"
        "\n"
        "def yacc():\n"
        "    log = Logger()\n"
        "    return log.warning('y')\n"
    ),
    "test_logs.py": (
        "from lex import lex\n"
        "from yacc import yacc\n"
        "\n"
        "\n"
        "def test_logs():\n"
        "    assert (lex(), yacc()) == ('lex: x', 'yacc: y')\n"
    ),
}


def test_a_namesake_class_of_another_file_keeps_its_member(make_repo):
    root = make_repo(NAMESAKES)
    done = prx.rename("yacc.py:2", "warn", root=root, apply=True, check="never")
    assert done.applied
    assert (root / "lex.py").read_text() == NAMESAKES["lex.py"]
    assert "log.warn('y')" in (root / "yacc.py").read_text()
    assert _pytest(root, "test_logs.py") == 0


GRAMMAR = {
    "yacc.py": (
        "def rules(namespace):\n    return sorted(n for n in namespace if n.startswith('p_'))\n"
    ),
    "lex.py": "def tokens(namespace):\n    return sorted(n for n in namespace if n[:2] == 't_')\n",
    "parser.py": (
        "import yacc\n"
        "import lex\n"
        "\n"
        "\n"
        "def p_expr(p):\n"
        "    return p\n"
        "\n"
        "\n"
        "def t_NUMBER(t):\n"
        "    return t\n"
        "\n"
        "\n"
        "def grammar():\n"
        "    return yacc.rules(globals()), lex.tokens(globals())\n"
    ),
    "test_parser.py": (
        "from parser import grammar\n"
        "\n"
        "\n"
        "def test_grammar():\n"
        "    rules, tokens = grammar()\n"
        "    assert (len(rules), len(tokens)) == (1, 1)\n"
    ),
}


@pytest.mark.parametrize(
    ("old", "dropped", "kept"),
    [("p_expr", "expr", "p_expression"), ("t_NUMBER", "NUMBER", "t_NUM")],
)
def test_a_name_collected_by_its_prefix_keeps_the_prefix(make_repo, old, dropped, kept):
    root = make_repo(GRAMMAR)
    with pytest.raises(ConflictError, match=f"collects the names that start with '{old[:2]}'"):
        prx.rename(old, dropped, root=root, apply=True, check="never")
    assert {p: (root / p).read_text() for p in GRAMMAR} == GRAMMAR
    assert prx.rename(old, kept, root=root, apply=True, check="never").applied
    assert _pytest(root, "test_parser.py") == 0


def test_a_test_renamed_without_its_prefix_is_refused(make_repo):
    root = make_repo(GRAMMAR)
    with pytest.raises(ConflictError, match="collect tests by the prefix 'test'"):
        prx.rename("test_grammar", "grammar_ok", root=root, apply=True, check="never")
    assert prx.rename("test_grammar", "test_rules", root=root, apply=True, check="never").applied


CHECKER = {
    "checker.py": (
        "import ast\n"
        "\n"
        "\n"
        "class Checker:\n"
        "    def __init__(self, tree):\n"
        "        self.seen = []\n"
        "        for node in ast.walk(tree):\n"
        "            self.handler(type(node))(node)\n"
        "\n"
        "    def handler(self, node_class):\n"
        "        node_type = node_class.__name__.upper()\n"
        "        return getattr(\n"
        "            self, node_type, self.ignore\n"
        "        )\n"
        "\n"
        "    def YIELD(self, node):\n"
        "        self.seen.append('yield')\n"
        "\n"
        "    def ignore(self, node):\n"
        "        pass\n"
    ),
    "test_checker.py": (
        "import ast\n"
        "\n"
        "from checker import Checker\n"
        "\n"
        "\n"
        "def test_yield():\n"
        "    assert Checker(ast.parse('def f():\\n    yield 1\\n')).seen == ['yield']\n"
    ),
}


def test_a_handler_named_after_a_class_as_the_lookup_spells_it_is_not_renamed(make_repo):
    root = make_repo(CHECKER)
    assert _pytest(root, "test_checker.py") == 0
    with pytest.raises(ConflictError, match=r"checker.py:12 looks Checker's methods up .*__name__"):
        prx.rename("Checker.YIELD", "YIELD_EXPR", root=root, apply=True, check="never")
    assert {p: (root / p).read_text() for p in CHECKER} == CHECKER
    # No class's name upper-cased is ``ignore``.
    assert prx.rename("Checker.ignore", "skip", root=root, apply=True, check="never").applied
    assert _pytest(root, "test_checker.py") == 0


FIXTURED = {
    "store.py": (
        "class Store:\n"
        "    def fetch(self, key):\n"
        "        return key\n"
        "\n"
        "\n"
        "class Cache:\n"
        "    def fetch(self, key):\n"
        "        return None\n"
    ),
    "tests/conftest.py": (
        "import pytest\n"
        "from store import Store\n"
        "\n"
        "\n"
        "@pytest.fixture\n"
        "def store():\n"
        "    return Store()\n"
    ),
    "tests/test_store.py": ("def test_fetch(store):\n    assert store.fetch(3) == 3\n"),
}


def test_a_method_called_on_a_fixture_is_renamed_by_what_the_fixture_returns(make_repo):
    """``store.fetch(3)`` in a test taking the ``store`` fixture (a conftest's, which no
    file holding ``fetch`` names) is Store's: renaming Store.fetch renames it and the
    tests still pass; renaming Cache.fetch leaves it alone instead of refusing."""
    root = make_repo(FIXTURED)
    prx.rename("Cache.fetch", "lookup", apply=True, root=root)
    assert "store.fetch(3)" in (root / "tests/test_store.py").read_text()
    prx.rename("Store.fetch", "get", apply=True, root=root)
    assert "store.get(3)" in (root / "tests/test_store.py").read_text()
    assert _pytest(root, "tests/test_store.py") == 0


def test_a_module_copy_of_a_class_member_is_renamed_alone(make_repo):
    """``NEWLINE = Kinds.NEWLINE`` keeps a module-level copy of an enum's member:
    renaming the copy renames its uses, never the member (which the package may look up
    by name) nor another module's copy of it."""
    root = make_repo(
        {
            "pkg/__init__.py": "",
            "pkg/token.py": (
                "from enum import Enum\n\n\nclass Kinds(Enum):\n    NEWLINE = 1\n    NAME = 2\n"
            ),
            "pkg/tokenize.py": (
                "from pkg.token import Kinds\n"
                "\n"
                "NEWLINE = Kinds.NEWLINE\n"
                "\n"
                "\n"
                "def kinds():\n"
                "    return [NEWLINE, Kinds.NEWLINE]\n"
            ),
            "pkg/diff.py": "from pkg.token import Kinds\n\nNEWLINE = Kinds.NEWLINE\n",
        }
    )
    prx.rename("pkg/tokenize.py:3", "LINE_END", apply=True, root=root)
    assert (root / "pkg/tokenize.py").read_text().count("LINE_END") == 2
    assert "Kinds.NEWLINE" in (root / "pkg/tokenize.py").read_text()
    assert "    NEWLINE = 1" in (root / "pkg/token.py").read_text()
    assert "NEWLINE = Kinds.NEWLINE" in (root / "pkg/diff.py").read_text()


def test_a_member_a_data_file_of_the_package_names_is_refused(make_repo):
    """A method spelled in a file the package ships (``pkg/events.txt``), while the
    package looks attributes up by names it reads (``getattr(handlers, line)``): an
    applied rename is refused (the lookup would miss it); docs naming it refuse
    nothing."""
    files = {
        "pkg/__init__.py": "",
        "pkg/events.txt": "on_start\n",
        "pkg/handlers.py": (
            "class Handlers:\n"
            "    def on_start(self):\n"
            "        return 1\n"
            "\n"
            "    def on_stop(self):\n"
            "        return 2\n"
        ),
        "pkg/run.py": (
            "from pathlib import Path\n"
            "from pkg.handlers import Handlers\n"
            "\n"
            "\n"
            "def run():\n"
            "    handlers = Handlers()\n"
            "    for line in (Path(__file__).parent / 'events.txt').read_text().split():\n"
            "        getattr(handlers, line)()\n"
            "    return handlers.on_start() + handlers.on_stop()\n"
        ),
        "docs/usage.md": "Call `on_stop` to stop.\n",
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match="data the package ships"):
        prx.rename("Handlers.on_start", "begin", apply=True, root=root)
    assert "def on_start" in (root / "pkg/handlers.py").read_text()
    prx.rename("Handlers.on_stop", "end", apply=True, root=root)
    assert "def end" in (root / "pkg/handlers.py").read_text()


def test_what_a_fixture_s_method_returns_is_read_from_a_file_without_the_name(make_repo):
    """``store = factory.make()`` with ``make`` annotated ``-> Store`` in a file that
    never spells ``fetch``, then ``store.fetch(3)``, and ``fetch`` in a closure over
    ``store``: both Store's, renamed with it."""
    files = dict(FIXTURED)
    files["factory.py"] = (
        "from store import Store\n\n\nclass Factory:\n    def make(self) -> Store:\n"
        "        return Store()\n"
    )
    files["tests/conftest.py"] = (
        "import pytest\nfrom factory import Factory\n\n\n@pytest.fixture\n"
        "def factory():\n    return Factory()\n"
    )
    files["tests/test_store.py"] = (
        "def test_fetch(factory):\n"
        "    store = factory.make()\n"
        "    assert store.fetch(3) == 3\n"
        "\n"
        "    def get(key):\n"
        "        return store.fetch(key)\n"
        "\n"
        "    assert get(4) == 4\n"
    )
    root = make_repo(files)
    prx.rename("Store.fetch", "get", apply=True, root=root)
    assert (root / "tests/test_store.py").read_text().count("store.get(") == 2
    assert _pytest(root, "tests/test_store.py") == 0


def test_a_linked_init_makes_no_package_data(make_repo, tmp_path):
    """A folder whose ``__init__.py`` is a link (here to a file outside the root) is no
    package: the data beside it refuses nothing, and the link is not followed."""
    outside = tmp_path / "outside.py"
    outside.write_text("")
    root = make_repo(
        {
            "pkg/handlers.py": "class Handlers:\n    def on_start(self):\n        return 1\n",
            "pkg/events.txt": "on_start\n",
            "pkg/run.py": (
                "from pkg.handlers import Handlers\n"
                "\n"
                "\n"
                "def run(line):\n"
                "    return getattr(Handlers(), line)()\n"
            ),
        }
    )
    (root / "pkg/__init__.py").symlink_to(outside)
    prx.rename("Handlers.on_start", "begin", apply=True, root=root, check="never")
    assert "def begin" in (root / "pkg/handlers.py").read_text()


def test_a_name_a_string_formatted_with_a_namespace_reads_is_refused(make_repo):
    # h11's grammar: ``r"{OWS}".format(**globals())``; renamed alone, the field asks for
    # a name no longer there (KeyError on import). A name no field spells is renamed.
    files = {
        "abnf.py": (
            'OWS = r"[ \\t]*"\n'
            'token = r"[a-z]+"\n'
            "header = (\n"
            '    r"{token}"\n'
            '    r"{OWS}".format(\n'
            "        **globals()\n"
            "    )\n"
            ")\n"
        ),
        "banner.py": ('NAME = "prx"\nLINE = "%(NAME)s!" % vars()\nWIDTH = 4\n'),
        "use.py": "from abnf import header\n\nprint(header)\n",
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match=r"abnf.py:5 reads OWS by name in a string"):
        prx.rename("OWS", "SPACE", root=root, apply=True, check="never")
    with pytest.raises(ConflictError, match=r"abnf.py:4 reads token by name"):
        prx.rename("token", "word", root=root, apply=True, check="never")
    with pytest.raises(ConflictError, match=r"banner.py:2 reads NAME by name"):
        prx.rename("NAME", "TITLE", root=root, apply=True, check="never")
    assert prx.rename("WIDTH", "SIZE", root=root, apply=True, check="never").applied
    assert prx.rename("header", "line", root=root, apply=True, check="never").applied
    done = subprocess.run([sys.executable, "use.py"], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_default_value_is_the_name_of_the_scope_around_the_function(make_repo):
    # astor: ``def dump_tree(node, iter_node=iter_node)`` keeps the module's function in
    # a parameter of its name; ``def visit(self, node, abort=abort_visit)`` the class
    # body's. rope bound each value to the parameter beside it: the ``def`` was renamed
    # alone and the module failed on import (NameError).
    files = {
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
            "        return getattr(self, 'visit_x', abort)(node)\n"
        ),
        "use.py": (
            "from walk import Visitor, dump, iter_node\n"
            "\n"
            "\n"
            "def show(node, iter_node=iter_node):\n"
            "    return iter_node(node)\n"
            "\n"
            "\n"
            "assert dump('ab') == show('ab') == ['a', 'b']\n"
        ),
    }
    root = make_repo(files)
    prx.rename("iter_node", "each_child", root=root, apply=True, check="never")
    walk = (Path(root) / "walk.py").read_text()
    assert "def dump(node, iter_node=each_child):\n    return iter_node(node)\n" in walk
    use = (Path(root) / "use.py").read_text()
    assert "def show(node, iter_node=each_child):\n    return iter_node(node)\n" in use
    prx.rename("Visitor.abort_visit", "refuse", root=root, apply=True, check="never")
    walk = (Path(root) / "walk.py").read_text()
    assert "    def visit(self, node, abort=refuse):\n" in walk
    done = subprocess.run([sys.executable, "use.py"], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_default_of_an_assigned_module_name_is_renamed_with_it(make_repo):
    # ``LIMIT = 3`` then ``def f(x, LIMIT=LIMIT)``: the module binds the name by an
    # assignment, which the header's value reads (rope bound it to the parameter).
    root = make_repo(
        {
            "limits.py": "LIMIT = 3\n\n\ndef f(x, LIMIT=LIMIT):\n    return x + LIMIT\n\n\nassert f(1) == 4\n"
        }
    )
    prx.rename("LIMIT", "CAP", root=root, apply=True, check="never")
    assert "def f(x, LIMIT=CAP):\n    return x + LIMIT\n" in (Path(root) / "limits.py").read_text()
    done = subprocess.run([sys.executable, "limits.py"], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_class_made_under_its_own_name_keeps_the_string_with_the_name(make_repo):
    # astor's ``MetaFlatten = MetaFlatten('MetaFlatten', (object,), {})``: the metaclass
    # makes the class that takes its name; a type checker holds the string to the name
    # (as for ``type('X', ..)`` and ``TypeVar('T')``). Another string stays.
    files = {
        "meta.py": (
            "class MetaFlatten(type):\n"
            "    pass\n"
            "\n"
            "\n"
            "MetaFlatten = MetaFlatten('MetaFlatten', (object,), {})\n"
            "Plain = type('Plain', (object,), {})\n"
            "LABEL = 'MetaFlatten'\n"
        ),
    }
    root = make_repo(files)
    prx.rename("MetaFlatten", "Flattening", root=root, apply=True, check="never")
    prx.rename("Plain", "Simple", root=root, apply=True, check="never")
    assert (Path(root) / "meta.py").read_text() == (
        "class Flattening(type):\n"
        "    pass\n"
        "\n"
        "\n"
        "Flattening = Flattening('Flattening', (object,), {})\n"
        "Simple = type('Simple', (object,), {})\n"
        "LABEL = 'MetaFlatten'\n"
    )


def test_a_name_spelled_in_code_a_file_runs_with_exec_is_refused(make_repo):
    # astor's ``deprecated = '''parsefile = code_to_ast.parse_file'''`` then
    # ``exec(deprecated)``: renamed, the string still says the old name.
    files = {
        "core.py": "class Reader:\n    def parse_file(self, f):\n        return f\n\n"
        "    def close(self):\n        return None\n",
        "api.py": (
            "from core import Reader\n"
            "\n"
            "reader = Reader()\n"
            "deprecated = '''\n"
            "parsefile = reader.parse_file\n"
            "'''\n"
            "exec(deprecated)\n"
        ),
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match=r"api.py:5 spells parse_file in a string"):
        prx.rename("Reader.parse_file", "read", root=root, apply=True, check="never")
    assert prx.rename("Reader.close", "shut", root=root, apply=True, check="never").applied


def test_a_base_list_holding_a_call_still_names_its_bases(make_repo):
    # rfc3986: ``class IRIReference(namedtuple("IRIReference", ..), uri.URIMixin)``; the
    # mixin calls ``self._match_subauthority()``, which the class overrides. The call's
    # parentheses ended the base list: the override was renamed alone (tests broke).
    files = {
        "mixin.py": (
            "class URIMixin:\n"
            "    def authority_info(self):\n"
            "        return self._match_subauthority()\n"
            "\n"
            "    def _match_subauthority(self):\n"
            "        return 'uri'\n"
        ),
        "uri.py": "from mixin import URIMixin\n",
        "iri.py": (
            "from collections import namedtuple\n"
            "\n"
            "import uri\n"
            "\n"
            "\n"
            "class IRIReference(\n"
            '    namedtuple("IRIReference", ["scheme", "host"]), uri.URIMixin\n'
            "):\n"
            "    def _match_subauthority(self):\n"
            "        return 'iri'\n"
            "\n"
            "\n"
            "assert IRIReference('a', 'b').authority_info() == 'iri'\n"
        ),
    }
    root = make_repo(files)
    prx.rename("IRIReference._match_subauthority", "_sub", root=root, apply=True, check="never")
    assert "return self._sub()" in (Path(root) / "mixin.py").read_text()
    done = subprocess.run([sys.executable, "iri.py"], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_method_a_subscripted_abstract_base_requires_is_refused(make_repo):
    # uritemplate's ``class OrderedSet(t.MutableSet[str])`` defines ``add`` and
    # ``discard``, which MutableSet requires: renamed, ``OrderedSet()`` fails (pyright:
    # "Cannot instantiate abstract class"). rope could not follow the subscripted base.
    files = {
        "oset.py": (
            "import typing as t\n"
            "\n"
            "\n"
            "class OrderedSet(t.MutableSet[str]):\n"
            "    def __init__(self):\n"
            "        self._items = {}\n"
            "\n"
            "    def add(self, key):\n"
            "        self._items[key] = None\n"
            "\n"
            "    def discard(self, key):\n"
            "        self._items.pop(key, None)\n"
            "\n"
            "    def __contains__(self, key):\n"
            "        return key in self._items\n"
            "\n"
            "    def __iter__(self):\n"
            "        return iter(self._items)\n"
            "\n"
            "    def __len__(self):\n"
            "        return len(self._items)\n"
            "\n"
            "    def first(self):\n"
            "        return next(iter(self._items))\n"
            "\n"
            "\n"
            "s = OrderedSet()\n"
            "s.add('a')\n"
            "assert s.first() == 'a'\n"
        ),
    }
    root = make_repo(files)
    with pytest.raises(ConflictError, match=r"implements MutableSet.add"):
        prx.rename("OrderedSet.add", "put", root=root, apply=True, check="never")
    assert prx.rename("OrderedSet.first", "head", root=root, apply=True, check="never").applied
    done = subprocess.run([sys.executable, "oset.py"], cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
