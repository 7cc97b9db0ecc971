"""Python identifiers rope cannot bind that the language's syntax keeps apart from the
renamed definition (prx.commands.rename.pysyntax): renamed around, never refused for.
The places that syntax cannot settle stay unsure and ``--apply`` refuses."""

from __future__ import annotations

import pytest

import prx
from prx.core.errors import AmbiguousMatchError

BAG = (
    "class Bag:\n"
    "    def __init__(self):\n"
    "        self.items_ = []\n"
    "\n"
    "    def reverse(self):\n"
    "        self.items_ = self.items_[::-1]\n"
    "\n"
    "    def count(self, item):\n"
    "        return self.items_.count(item)\n"
)


def _unsure(result) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(s.file, s.line) for s in result.left_alone if s.reason in ("unresolved", "by_name")]


def test_a_keyword_argument_of_a_builtin_call_is_no_use_of_a_method(make_repo):
    root = make_repo(
        {
            "bag.py": BAG,
            "use.py": (
                "from bag import Bag\n"
                "\n"
                "def ordered(xs):\n"
                "    return sorted(xs, reverse=True)\n"
                "\n"
                "b = Bag()\n"
                "b.reverse()\n"
            ),
        }
    )
    result = prx.rename("Bag.reverse", "flip", apply=True, root=root)
    assert _unsure(result) == []
    use = (root / "use.py").read_text()
    assert "sorted(xs, reverse=True)" in use and "b.flip()" in use


def test_a_keyword_of_a_dict_call_stays_unsure(make_repo):
    # dict(reverse=...) makes a key: a registry by name may mean the method.
    root = make_repo({"bag.py": BAG, "reg.py": "TABLE = dict(reverse=1)\n"})
    with pytest.raises(AmbiguousMatchError):
        prx.rename("Bag.reverse", "flip", apply=True, root=root)
    assert (root / "bag.py").read_text() == BAG


def test_a_bare_name_in_a_function_is_no_use_of_a_method(make_repo):
    root = make_repo(
        {
            "bag.py": BAG,
            "stats.py": ("def total(pairs):\n    return sum([count for count, _ in pairs])\n"),
        }
    )
    result = prx.rename("Bag.count", "tally", apply=True, root=root)
    assert _unsure(result) == []
    assert "count for count, _ in pairs" in (root / "stats.py").read_text()
    assert "def tally(self, item):" in (root / "bag.py").read_text()
    # list.count, reached from the method's own body, is another binding: left alone.
    assert "self.items_.count(item)" in (root / "bag.py").read_text()


def test_a_module_docstring_that_spells_the_name_binds_nothing(make_repo):
    # schema.py's docstring says "schema is a library .. = ..": no module-level binding.
    stats = (
        '"""count = the number of pairs."""\n\n\n'
        "def total(pairs):\n    return sum([count for count, _ in pairs])\n"
    )
    root = make_repo({"bag.py": BAG, "stats.py": stats})
    result = prx.rename("Bag.count", "tally", apply=True, root=root)
    assert _unsure(result) == []
    assert (root / "stats.py").read_text() == stats


def test_a_member_of_a_modules_dict_is_no_use_of_a_function(make_repo):
    root = make_repo(
        {
            "lookup.py": "def get(key, table):\n    return table[key]\n",
            "build.py": (
                "import lookup\n"
                "\n"
                "def copy(mod, other):\n"
                "    for k in mod.__dict__:\n"
                "        other[k] = mod.__dict__.get(k)\n"
                "    return lookup.get('a', other)\n"
            ),
        }
    )
    result = prx.rename("lookup.get", "fetch", apply=True, root=root)
    assert _unsure(result) == []
    build = (root / "build.py").read_text()
    assert "mod.__dict__.get(k)" in build and "lookup.fetch('a', other)" in build


def test_a_member_of_an_unknown_receiver_stays_unsure(make_repo):
    root = make_repo(
        {
            "bag.py": BAG,
            "use.py": "def n(cur, item):\n    return cur.count(item)\n",
        }
    )
    with pytest.raises(AmbiguousMatchError):
        prx.rename("Bag.count", "tally", apply=True, root=root)


def test_a_bare_name_a_module_alias_may_reach_stays_unsure(make_repo):
    # count = Bag.count at the top level: a bare count() in a function may be the method.
    root = make_repo(
        {
            "bag.py": BAG,
            "alias.py": (
                "from bag import *\n"
                "\n"
                "def total(pairs):\n"
                "    return sum([count for count, _ in pairs])\n"
            ),
        }
    )
    result = prx.rename("Bag.count", "tally", root=root)
    assert ("alias.py", 4) in _unsure(result)


def test_the_answer_says_which_places_the_syntax_settled(make_repo):
    root = make_repo({"bag.py": BAG, "use.py": "def f(xs):\n    return sorted(xs, reverse=True)\n"})
    result = prx.rename("Bag.reverse", "flip", root=root)
    assert [s.reason for s in result.left_alone if s.file == "use.py"] == ["other_binding"]
    assert any(
        "1 Python identifier(s) spelled 'reverse'" in n and "keyword" in n for n in result.notes
    )
    assert not any(n.startswith("rope bound") and "other definitions" in n for n in result.notes)
