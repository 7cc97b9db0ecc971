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
