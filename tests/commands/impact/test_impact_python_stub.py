"""A Python stub (``core.pyi``) declares its module's interface: code imports the module,
so ``impact core.pyi --symbol f`` answers the module's dependents."""

from __future__ import annotations

import prx

PROJECT = {
    "kit/__init__.py": "from kit.core import sieve\n",
    "kit/core.py": "def sieve(n):\n    return list(range(2, n))\n",
    "kit/core.pyi": "def sieve(n: int) -> list[int]: ...\n",
    "tests/test_kit.py": "import kit\n\n\ndef test_sieve():\n    assert kit.sieve(4) == [2, 3]\n",
}


def test_the_stub_s_dependents_are_its_module_s(make_repo):
    root = make_repo(PROJECT)
    stub = prx.impact("kit/core.pyi", symbol="sieve", root=root)
    module = prx.impact("kit/core.py", symbol="sieve", root=root)
    assert [t.file for t in stub.tests] == [t.file for t in module.tests] == ["tests/test_kit.py"]
    assert any("stub" in note for note in stub.notes)


ALIASED = {
    "kit/__init__.py": "from kit.core import *\n",
    "kit/core.py": (
        "class View:\n    pass\n\n\ndef pad(xs):\n    return View()\n\n\npadnone = pad\n"
    ),
    "kit/core.pyi": (
        "class View: ...\n"
        "\n"
        "def pad(xs: list[int]) -> View: ...\n"
        "def padnone(xs: list[int]) -> View: ...\n"
    ),
    "tests/test_kit.py": "import kit\n\n\ndef test_pad():\n    assert kit.padnone([])\n",
}


def test_an_alias_the_module_assigns_is_its_symbol_for_the_stub_too(make_repo):
    root = make_repo(ALIASED)
    for path in ("kit/core.py", "kit/core.pyi"):
        found = prx.impact(path, symbol="padnone", root=root)
        assert [t.file for t in found.tests] == ["tests/test_kit.py"], path


def test_the_stub_that_uses_a_module_s_class_is_its_dependent(make_repo):
    root = make_repo(ALIASED)
    found = prx.impact("kit/core.py", symbol="View", root=root)
    stub = [d for d in found.dependents if d.file == "kit/core.pyi"]
    assert [d.lines for d in stub] == [(3, 4)]
    # A name the stub only declares is not its use.
    assert "kit/core.pyi" not in [
        d.file for d in prx.impact("kit/core.py", symbol="pad", root=root).dependents
    ]
