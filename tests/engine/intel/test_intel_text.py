"""The text shortcuts of ``impact`` and ``explain`` (issue #15's time target): files ruled
out before a parse, Python's code told from its strings without one. Each shortcut must
give the answers the syntax trees give."""

from __future__ import annotations

import pytest

import prx
from prx.core.envelope import to_jsonable
from prx.engine.intel import prefilter
from prx.engine.intel.bindings import occurrences
from prx.engine.intel.prefilter import word_offsets
from prx.engine.intel.project import ParsedFile
from prx.engine.intel.pysource import code_word_offsets

TRICKY = r'''"""Module docstring: Price, price and price.price are words here.

    price = 1
"""
import os  # price in a comment

from shop import pricing  # noqa
from shop.pricing import (
    price,  # the one we want
    Discount as Cut,
)

x = 'price'; y = "a 'price' b"
z = f"{price(1)} and {pricing.price!r:>{width}} price {{price}}"
w = rb"price\\" + b'price\n' + Rb"""
price"""
v = pricing \
    .price(2)
u = (pricing  # a comment between
     .price)
t = price(price=3)
s = os.path.join(f"{ {'price': 1}['price'] }", r'price')


def use(price=price, *, other: price = None):
    """price in a docstring."""
    return price + pricing.price + u"price"


class Holder:
    price = staticmethod(price)
    f = 1
'''

SHOP = {
    "shop/__init__.py": "",
    "shop/pricing.py": "def price(amount):\n    return amount * 2\n\n\nclass Discount:\n    pass\n",
    "shop/tricky.py": TRICKY,
    "shop/aliased.py": ("from shop import pricing\n\n\ndef f():\n    return pricing . price(1)\n"),
    "shop/docs_only.py": (
        "from shop import pricing\n\n\ndef f():\n    "
        '"""Not pricing.price: a docstring."""\n    return pricing.Discount()\n'
    ),
    "shop/import_only.py": "from shop.pricing import price  # never called\n",
    "shop/no_attribute.py": (
        "from shop import pricing\n\nprice = 1\nprint(pricing.Discount, price, pricing.price_list)\n"
    ),
    "shop/semicolon.py": "from shop.pricing import price; price(1)\n",
    "shop/decorated.py": (
        "from shop.pricing import price\n\n\n@price\ndef f():\n    return price (2)\n"
    ),
    "shop/argument.py": "from shop.pricing import price\n\nprint(price)\n",
    "shop/elsewhere.py": (
        '"""A price list.\n\nprice, price\n"""\n\nx = """\nprice\n"""\n'
        "# price\nprice = 3\nlabel = f'{price}'\n"
    ),
}


def _parsed(text: str) -> ParsedFile:
    ws = prx.Workspace(".")
    return ParsedFile("x.py", ws.language_for("x.py"), text.encode())


@pytest.mark.parametrize("name", ["price", "pricing", "Cut", "f", "r", "b", "os", "width"])
def test_python_code_is_told_from_strings_and_comments_as_the_syntax_tree_does(name):
    parsed = _parsed(TRICKY)
    offsets = word_offsets(parsed.data, name)
    assert offsets, name
    assert code_word_offsets(parsed.data, offsets, name) == [
        occ.byte for occ in occurrences(parsed, name)
    ]


def _answers(ws: prx.Workspace) -> list[object]:
    return [
        to_jsonable(ws.impact("shop/pricing.py", symbol="price", budget=0)),
        to_jsonable(ws.impact("shop/pricing.py", symbol="Discount", budget=0)),
        to_jsonable(ws.explain("price", budget=0)),
        to_jsonable(ws.explain("Discount", budget=0)),
    ]


def test_the_text_checks_change_no_answer_of_impact_or_explain(make_repo, monkeypatch):
    root = make_repo(SHOP, git=True)
    prx.Workspace(root).index(".")
    fast = _answers(prx.Workspace(root))
    monkeypatch.setattr(prefilter, "ENABLED", False)
    slow = _answers(prx.Workspace(root))
    assert fast == slow
    users = {d["file"] for d in fast[0]["dependents"]}
    assert {"shop/tricky.py", "shop/aliased.py", "shop/semicolon.py", "shop/decorated.py"} <= users
    assert "shop/import_only.py" in fast[0]["unused_imports"]
    assert not users & {"shop/docs_only.py", "shop/no_attribute.py"}


def test_a_file_that_cannot_use_the_symbol_is_not_parsed(make_repo, monkeypatch):
    root = make_repo(SHOP, git=True)
    from prx.engine.lang import grammar

    parsed: list[bytes] = []
    real = grammar.parse

    def counting(spec, source):
        parsed.append(source)
        return real(spec, source)

    ws = prx.Workspace(root)
    ws.index(".")  # the import graph comes from the index: no file parsed to build it
    monkeypatch.setattr(grammar, "parse", counting)
    impact = ws.impact("shop/pricing.py", symbol="price", budget=0)
    read = {root.joinpath(rel).read_bytes() for rel in SHOP}
    whole = [source for source in parsed if source in read]
    # no_attribute.py imports the module and holds the word price, never pricing.price;
    # import_only.py binds price and never uses it: neither needs a syntax tree.
    assert SHOP["shop/no_attribute.py"].encode() not in whole
    assert SHOP["shop/import_only.py"].encode() not in whole
    assert SHOP["shop/aliased.py"].encode() in whole
    # decorated.py only decorates with price and calls it: its uses are read from its
    # text; argument.py passes it as an argument, which the text leaves to the parser.
    assert SHOP["shop/decorated.py"].encode() not in whole
    assert SHOP["shop/argument.py"].encode() in whole
    lines = {d.file: d.lines for d in impact.dependents}
    assert lines["shop/decorated.py"] == (4, 6)
    assert lines["shop/argument.py"] == (3,)


def test_unrelated_counts_identifiers_not_words_in_strings(make_repo):
    root = make_repo(SHOP, git=True)
    res = prx.Workspace(root).explain("price", "shop/pricing.py", budget=0)
    # elsewhere.py: the assignment and the f-string's field are code; the docstring's
    # lines, the triple-quoted string and the comment are not.
    assert res.unrelated["shop/elsewhere.py"] == 2


IMPORTS = r"""from __future__ import annotations
import os
import os.path, sys as system
import a . b
from . import sibling
from .. pkg . mod import name as alias, other  # a comment
from .pricing import (
    price,  # the one
    Discount as Cut,
    # a comment line
)
from shop.pricing import \
    price as p2
from shop import *
import json; import re
if True: import csv


def f():
    from shop.pricing import (price,
                              Discount)
    return price, Discount
"""


def test_an_import_statement_read_from_its_text_binds_what_its_syntax_tree_binds():
    from prx.engine.intel.pyimports import read_import
    from prx.engine.intel.uses import all_bindings

    parsed = _parsed(IMPORTS)
    tree = all_bindings(parsed)
    starts = sorted({b.line for b in tree} | {1, 15, 16})
    read = {line: read_import(parsed.lines, line) for line in starts}
    # What the text cannot tell (two statements on a line, an import after ``if x:``)
    # is left to the parser; every other statement reads as the tree reads it.
    assert {line for line, found in read.items() if found is None} == {15, 16}
    for line, found in read.items():
        if found is not None:
            assert found == [b for b in tree if b.line == line], line
    assert read[1] == []  # a future statement binds nothing, as in the tree
    assert read[7] is not None and read[7][-1].end_line == 11


def test_a_workspace_opens_the_trigram_filters_once_per_index(make_repo, monkeypatch):
    from prx.engine.index import probe

    root = make_repo(SHOP, git=True)
    ws = prx.Workspace(root)
    ws.index(".")
    opened: list[str] = []
    real = probe.ContentProbe.of_reader

    def counting(reader):
        opened.append(reader.directory)
        return real(reader)

    monkeypatch.setattr(probe.ContentProbe, "of_reader", counting)
    first = ws.explain("price", budget=0)
    again = ws.explain("price", budget=0)
    assert len(opened) == 1 and to_jsonable(first) == to_jsonable(again)
    # A new index is opened again: the file added since is a candidate.
    (root / "shop" / "more.py").write_text("price = 0\n")
    ws.index(".")
    found = ws.explain("price", "shop/pricing.py", budget=0)
    assert len(opened) == 2
    assert found.unrelated["shop/more.py"] == 1
