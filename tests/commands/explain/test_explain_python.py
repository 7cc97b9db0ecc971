"""``prx explain`` of Python names (issue 28): the string a ``typing`` builder is given
(``_V = TypeVar('_V')``) is a use of the name, as a type checker requires it to match."""

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
