"""A Python member only the renamed class family declares (prx.commands.rename.pyunique):
its ``x.name`` places whose receiver prx cannot type are renamed when nothing else in
the project, in Python's standard library or in a library the project imports could
answer to the name; each thing that could leaves them unsure (``--apply`` refuses), with
the reason in the answer. Checked by the project's own tests after the rename."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import prx

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("rope") is None, reason="rope is not installed"
)

#: ``Terminal.user_repr`` and its override; ``describe`` calls it on whatever it is given.
PROJECT = {
    "grammar/__init__.py": "",
    "grammar/terminals.py": (
        "class Terminal:\n"
        "    def __init__(self, name):\n"
        "        self.name = name\n"
        "\n"
        "    def user_repr(self):\n"
        "        return self.name\n"
        "\n"
        "\n"
        "class Quoted(Terminal):\n"
        "    def user_repr(self):\n"
        "        return repr(self.name)\n"
    ),
    "grammar/errors.py": (
        "def describe(by_name, wanted):\n"
        "    return ', '.join(by_name[w].user_repr() for w in wanted)\n"
    ),
    "tests/test_errors.py": (
        "from grammar.errors import describe\n"
        "from grammar.terminals import Quoted, Terminal\n"
        "\n"
        "\n"
        "def test_describe():\n"
        "    found = {'a': Terminal('A'), 'b': Quoted('B')}\n"
        "    assert describe(found, ['a', 'b']) == \"A, 'B'\"\n"
    ),
}


def _pytest(root: Path) -> int:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=root,
        capture_output=True,
        check=False,
    ).returncode


def test_a_member_only_its_family_declares_is_renamed_where_the_receiver_is_unknown(make_repo):
    root = make_repo(PROJECT)
    done = prx.rename("Terminal.user_repr", "shown", root=root, apply=True, check="never")
    assert done.applied
    assert "by_name[w].shown()" in (root / "grammar/errors.py").read_text()
    assert any("only the definitions renamed declare it" in note for note in done.notes)
    assert _pytest(root) == 0


@pytest.mark.parametrize(
    ("file", "text", "reason"),
    [
        (
            "grammar/other.py",
            "class Other:\n    def user_repr(self):\n        return ''\n",
            "defines another",
        ),
        (
            "grammar/other.py",
            "class Other:\n    user_repr = None\n",
            "gives its class an attribute",
        ),
        ("grammar/other.py", "def mark(x):\n    x.user_repr = str\n", "assigns an attribute"),
        (
            "grammar/other.py",
            "import types\nT = types.SimpleNamespace(user_repr=str)\n",
            "keyword argument",
        ),
        (
            "grammar/other.py",
            "def make(**values):\n    return values\n\n\nT = make(user_repr=str)\n",
            "keyword argument",
        ),
        (
            "grammar/other.py",
            "import argparse\np = argparse.ArgumentParser()\np.add_argument('--user-repr')\n",
            "in a string",
        ),
        (
            "grammar/other.py",
            "from collections import namedtuple\nP = namedtuple('P', 'name user_repr')\n",
            "in a string",
        ),
        # A maker of attributes by name, and data that spells this one: a string of the
        # code (in any case) or a data file of the project.
        (
            "grammar/other.py",
            "def load(x, key, value):\n    setattr(x, key, value)\n\nKEYS = ['User_Repr']\n",
            "computed name",
        ),
        (
            "grammar/other.py",
            "def load(x, values):\n    x.__dict__.update(values)\n\n"
            "DEFAULTS = {'shown as user_repr()': 1}\n",
            "through __dict__",
        ),
        (
            "grammar/other.py",
            "class Row:\n    def __getattr__(self, name):\n        return self._values[name]\n\n"
            "COLUMNS = 'id; USER_REPR'\n",
            "looks names up",
        ),
        (
            "grammar/other.py",
            "class Request:\n    def __getattr__(self, name):\n"
            "        return self.environ['ext.%s' % name]\n\n\n"
            "def extend(environ):\n    environ['ext.user_repr'] = str\n",
            "looks names up",
        ),
        (
            "grammar/other.py",
            "class Picked:\n    def __getattr__(self, name):\n"
            "        if name in ('user_repr', 'other'):\n            return str\n"
            "        raise AttributeError(name)\n",
            "__getattr__",
        ),
        (
            "grammar/other.py",
            "class Any:\n    def __getattr__(self, name):\n        return lambda: name\n",
            "__getattr__",
        ),
        ("grammar/other.py", "import attr\nimport grammar.errors\n", "imports attr"),
        (
            "grammar/other.py",
            "try:\n    import ujson as json\nexcept ImportError:\n    import json\n"
            "import grammar.errors\n",
            "imports ujson",
        ),
    ],
)
def test_anything_else_that_may_answer_to_the_name_leaves_the_places_unsure(
    make_repo, file: str, text: str, reason: str
):
    root = make_repo({**PROJECT, file: text})
    with pytest.raises(prx.PrxError, match="could not be tied"):
        prx.rename("Terminal.user_repr", "shown", root=root, apply=True, check="never")
    dry = prx.rename("Terminal.user_repr", "shown", root=root, check="never")
    assert any(reason in note and "left to you" in note for note in dry.notes), dry.notes
    assert (root / "grammar/errors.py").read_text() == PROJECT["grammar/errors.py"]


def test_a_name_the_standard_library_gives_its_objects_leaves_the_places_unsure(make_repo):
    files = {k: v.replace("user_repr", "readline") for k, v in PROJECT.items()}
    root = make_repo(files)
    dry = prx.rename("Terminal.readline", "shown", root=root, check="never")
    assert any("standard library" in note for note in dry.notes), dry.notes
    assert [s.line for s in dry.left_alone if s.reason == "unresolved"] == [2]


@pytest.mark.parametrize(
    ("file", "text"),
    [
        # Forwards to another object: makes no attribute of its own.
        (
            "grammar/wrap.py",
            "class Wrap:\n    def __init__(self, inner):\n        self._inner = inner\n\n"
            "    def __getattr__(self, name):\n        return getattr(self._inner, name)\n",
        ),
        # Test data that imports neither the project nor is imported by it; a build script.
        ("tests/data/sample.py", "import somelib\n\nprint(somelib.VERSION)\n"),
        ("setup.py", "import setuptools\nimport grammar\n"),
        # Prose that holds the word; a build script's strings and keywords.
        ("grammar/about.py", 'ABOUT = """Terminals: call user_repr to show one."""\n'),
        ("setup.py", "from setuptools import setup\n\nsetup(name='g', user_repr='user_repr')\n"),
        # A keyword argument a project function takes as its parameter.
        (
            "grammar/show.py",
            "def show(terminal, user_repr=None):\n    return user_repr or terminal.name\n\n\n"
            "def both(terminal):\n    return show(terminal, user_repr='x')\n",
        ),
        # A backport's fallback for a standard module.
        (
            "grammar/compat.py",
            "try:\n    from contextlib import ExitStack\nexcept ImportError:\n"
            "    from contextlib2 import ExitStack\n\nimport grammar.errors\n",
        ),
        # A docstring's example that imports a library.
        (
            "grammar/regexes.py",
            'def compile_with(module):\n    """Use another module:\n\n'
            '        import regex\n        compile_with(regex)\n    """\n'
            "    return module\n\n\nimport grammar.errors\n",
        ),
        # A docstring that mentions it; one whose line starts like an import.
        ("grammar/doc.py", '"""Call user_repr on a terminal."""\n'),
        (
            "grammar/doc.py",
            '"""Terminals, adapted\nfrom https://example.org/terminals\n"""\n'
            "import grammar.errors\n",
        ),
        # Makers of attributes by name when no data spells this one.
        ("grammar/other.py", "def load(x, key, value):\n    setattr(x, key, value)\n"),
        ("grammar/other.py", "def load(x, values):\n    x.__dict__.update(values)\n"),
        (
            "grammar/other.py",
            "class Row:\n    def __getattr__(self, name):\n"
            "        if name.startswith('_'):\n            raise AttributeError(name)\n"
            "        return self._values[name]\n",
        ),
        ("grammar/settings.json", '{"user": 1, "repr": 2}\n'),
        # bottle's request: a key made of the name (no string spells this one).
        (
            "grammar/other.py",
            "class Request:\n    def __getattr__(self, name):\n"
            "        return self.environ['ext.%s' % name]\n",
        ),
        # A __getattr__ that answers only to other literal names.
        (
            "grammar/other.py",
            "class Picked:\n    def __getattr__(self, name):\n"
            "        if name == 'other':\n            return str\n"
            "        raise AttributeError(f'no {name}')\n",
        ),
        (
            "grammar/other.py",
            "_ALIASES = {'other': 'x'}\n\n\n"
            "def __getattr__(name):\n    return globals()[_ALIASES[name]]\n",
        ),
    ],
)
def test_what_cannot_answer_to_the_name_does_not_stop_the_rename(make_repo, file, text):
    root = make_repo({**PROJECT, file: text})
    done = prx.rename("Terminal.user_repr", "shown", root=root, apply=True, check="never")
    assert done.applied
    assert _pytest(root) == 0


def test_a_python_file_too_large_to_read_leaves_the_places_unsure(make_repo):
    # It may define anything: the rule cannot say nothing else answers to the name.
    root = make_repo({**PROJECT, "grammar/tables.py": "X = 1\n" + "# pad\n" * 800_000})
    dry = prx.rename("Terminal.user_repr", "shown", root=root, check="never")
    assert any("too large to read" in note for note in dry.notes), dry.notes


def test_a_data_file_that_spells_the_name_with_a_maker_by_name_leaves_the_places_unsure(
    make_repo,
):
    maker = "def load(x, values):\n    for key in values:\n        setattr(x, key, values[key])\n"
    root = make_repo(
        {**PROJECT, "grammar/load.py": maker, "grammar/defaults.yaml": "user_repr: plain\n"}
    )
    dry = prx.rename("Terminal.user_repr", "shown", root=root, check="never")
    assert any(
        "computed name" in note and "defaults.yaml spells user_repr" in note for note in dry.notes
    ), dry.notes
    assert [s.line for s in dry.left_alone if s.reason == "unresolved"] == [2]


def test_the_attribute_the_family_sets_itself_is_no_other_answer(make_repo):
    # ``self.user_repr = ..`` in Terminal's own code is the renamed member, not another.
    terminals = PROJECT["grammar/terminals.py"].replace(
        "        self.name = name\n",
        "        self.name = name\n        if name == 'EOF':\n            self.user_repr = lambda: 'end'\n",
    )
    root = make_repo({**PROJECT, "grammar/terminals.py": terminals})
    done = prx.rename("Terminal.user_repr", "shown", root=root, apply=True, check="never")
    assert done.applied, done.notes
    assert "by_name[w].shown()" in (root / "grammar/errors.py").read_text()
    assert "self.shown = lambda: 'end'" in (root / "grammar/terminals.py").read_text()
    assert _pytest(root) == 0


def test_a_call_only_an_override_can_take_is_renamed_with_the_family(make_repo):
    # ``user_repr(quote=..)`` fits Quoted's override, not Terminal's own method: the
    # rename takes both methods, so it takes the call too.
    files = {
        **PROJECT,
        "grammar/terminals.py": PROJECT["grammar/terminals.py"].replace(
            "    def user_repr(self):\n        return repr(self.name)\n",
            '    def user_repr(self, quote="\'"):\n        return quote + self.name + quote\n',
        ),
        "grammar/errors.py": PROJECT["grammar/errors.py"]
        + "\n\ndef quoted(by_name, w):\n    return by_name[w].user_repr(quote='\"')\n",
        "tests/test_quoted.py": (
            "from grammar.errors import quoted\n"
            "from grammar.terminals import Quoted\n"
            "\n"
            "\n"
            "def test_quoted():\n"
            "    assert quoted({'b': Quoted('B')}, 'b') == '\"B\"'\n"
        ),
    }
    root = make_repo(files)
    done = prx.rename("Terminal.user_repr", "shown", root=root, apply=True, check="never")
    assert done.applied, done.notes
    assert "by_name[w].shown(quote=" in (root / "grammar/errors.py").read_text()
    assert _pytest(root) == 0


@pytest.mark.parametrize(
    ("name", "file", "text", "module"),
    [
        ("get_symbols", "grammar/tables.py", "import symtable\n", "symtable"),
        ("getMessage", "tests/test_log.py", "def test_log(caplog):\n    pass\n", "logging"),
    ],
)
def test_a_standard_name_stops_the_rule_only_where_the_project_reaches_its_objects(
    make_repo, name: str, file: str, text: str, module: str
):
    # No file imports the module whose objects answer to the name: the places are the
    # family's. Once one does (or a test asks for the fixture that hands them out), not.
    files = {k: v.replace("user_repr", name) for k, v in PROJECT.items()}
    done = prx.rename(f"Terminal.{name}", "shown", root=make_repo(files), check="never")
    assert not [s for s in done.left_alone if s.reason == "unresolved"], done.notes
    dry = prx.rename(
        f"Terminal.{name}", "shown", root=make_repo({**files, file: text}), check="never"
    )
    assert any(module in note and "left to you" in note for note in dry.notes), dry.notes
    assert [s.line for s in dry.left_alone if s.reason == "unresolved"] == [2]


def test_a_module_an_import_hook_makes_from_a_project_file_answers_what_the_file_spells(
    make_repo,
):
    # pyparsing's state machine example imports ``documentsignoffstate``, which its
    # import hook makes from ``documentsignoffstate.pystate``: no library, the project's.
    runner = "import door\nimport grammar.errors\n"
    quiet = {**PROJECT, "grammar/run.py": runner, "grammar/door.pystate": "open -> shut\n"}
    done = prx.rename("Terminal.user_repr", "shown", root=make_repo(quiet), check="never")
    assert not [s for s in done.left_alone if s.reason == "unresolved"], done.notes
    spelled = {**quiet, "grammar/door.pystate": "open -> user_repr\n"}
    dry = prx.rename("Terminal.user_repr", "shown", root=make_repo(spelled), check="never")
    assert any("made from grammar/door.pystate" in note for note in dry.notes), dry.notes
    library = {**quiet, "grammar/run.py": "import somelib\nimport grammar.errors\n"}
    dry = prx.rename("Terminal.user_repr", "shown", root=make_repo(library), check="never")
    assert any("imports somelib, a library" in note for note in dry.notes), dry.notes


def test_a_class_that_finds_children_by_name_and_has_the_member_is_no_other_answer(make_repo):
    # arpeggio's NonTerminal: a ``__getattr__`` that finds child nodes by rule name, and
    # its own ``position_end`` (renamed with its family): Python never asks __getattr__
    # for a name the class has, so the places it cannot type are the family's.
    files = {
        "tree/__init__.py": "",
        "tree/nodes.py": (
            "class Node:\n"
            "    rule = ''\n"
            "\n"
            "    @property\n"
            "    def span_end(self):\n"
            "        return 1\n"
            "\n"
            "\n"
            "class Branch(Node, list):\n"
            "    def __getattr__(self, rule):\n"
            "        return self.child(rule)\n"
            "\n"
            "    def child(self, rule):\n"
            "        for child in self:\n"
            "            if child.rule == rule:\n"
            "                return child\n"
            "        raise AttributeError(rule)\n"
            "\n"
            "    @property\n"
            "    def span_end(self):\n"
            "        return self[-1].span_end if self else 0\n"
        ),
        "tests/test_nodes.py": (
            "from tree.nodes import Branch, Node\n"
            "\n"
            "\n"
            "def test_end():\n"
            "    tree = Branch([Node(), Branch([Node()])])\n"
            "    assert tree[1].span_end == 1 and tree.span_end == 1\n"
        ),
    }
    root = make_repo(files)
    done = prx.rename("Branch.span_end", "finish", root=root, apply=True, check="never")
    assert done.applied, done.notes
    assert "tree[1].finish == 1 and tree.finish == 1" in (root / "tests/test_nodes.py").read_text()
    assert _pytest(root) == 0
    # A class with no such member of its own or from its bases: its __getattr__ may
    # answer to the name where the receiver is unknown.
    files["tree/nodes.py"] = (
        files["tree/nodes.py"]
        .replace("class Branch(Node, list):", "class Branch(list):")
        .split("\n    @property\n    def span_end(self):\n        return self[-1]")[0]
        + "\n\ndef last_end(items):\n    return items[-1].span_end\n"
    )
    root = make_repo(files)
    kept = prx.rename("Node.span_end", "finish", root=root, check="never")
    assert any("__getattr__" in note for note in kept.notes), kept.notes
    assert ("tree/nodes.py", "unresolved") in [(a.file, a.reason) for a in kept.left_alone]


def test_an_abstract_step_is_renamed_where_a_base_between_calls_it(make_repo):
    # arpeggio: ParsingExpression.parse and Match.parse call ``self._parse``, which only
    # the subclasses define; Parser has a ``_parse`` of its own, another family.
    files = {
        "peg/__init__.py": "",
        "peg/expr.py": (
            "class Expression:\n"
            "    def parse(self, text):\n"
            "        return self._parse(text)\n"
            "\n"
            "\n"
            "class Match(Expression):\n"
            "    def parse(self, text):\n"
            "        return self._parse(text.strip())\n"
            "\n"
            "\n"
            "class Word(Match):\n"
            "    def _parse(self, text):\n"
            "        return 'word:' + text\n"
            "\n"
            "\n"
            "class Sequence(Expression):\n"
            "    def _parse(self, text):\n"
            "        return 'sequence:' + text\n"
            "\n"
            "\n"
            "class Parser:\n"
            "    def _parse(self):\n"
            "        return 'parser'\n"
            "\n"
            "    def run(self):\n"
            "        return self._parse()\n"
        ),
        "tests/test_expr.py": (
            "from peg.expr import Parser, Sequence, Word\n"
            "\n"
            "\n"
            "def test_parse():\n"
            "    assert Word().parse(' a ') == 'word:a'\n"
            "    assert Sequence().parse('b') == 'sequence:b'\n"
            "    assert Parser().run() == 'parser'\n"
        ),
    }
    root = make_repo(files)
    done = prx.rename("Sequence._parse", "_match", root=root, apply=True, check="never")
    assert done.applied, done.notes
    text = (root / "peg/expr.py").read_text()
    assert "return self._match(text.strip())" in text and "return self._parse()" in text
    assert _pytest(root) == 0
