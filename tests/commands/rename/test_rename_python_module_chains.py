"""A module-level definition renamed where other attribute chains spell its name (issue
28): ``T.Keyword.DDL`` is no use of the module-level ``DDL`` when ``T``'s module binds
``Keyword`` by an assignment (prx.commands.rename.pychains), and a parameter or a word in
a docstring spelled like the module does not make the project handle the module as a
value (prx.commands.rename.pymodvalues). A package that passes a definition on by a star
import lists it in its ``__all__`` under the new name (prx.commands.rename.exports). Checked by the project's own tests after the
rename; what could reach the module stays unsure and ``--apply`` refuses."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import prx
from prx.commands.rename.pychains import ModuleChains
from prx.engine.intel.bindings import Binding

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("rope") is None, reason="rope is not installed"
)

#: Token kinds made on first use by a ``__getattr__`` (sqlparse's tokens, in small).
KINDS = {
    "kinds/__init__.py": "",
    "kinds/tokens.py": (
        "class _Kind(tuple):\n"
        "    def __getattr__(self, name):\n"
        "        if name.startswith('_'):\n"
        "            raise AttributeError(name)\n"
        "        made = _Kind(self + (name,))\n"
        "        setattr(self, name, made)\n"
        "        return made\n"
        "\n"
        "\n"
        "Kind = _Kind()\n"
        "Keyword = Kind.Keyword\n"
        "DDL = Keyword.DDL\n"
        "DML = Keyword.DML\n"
    ),
    "kinds/lexer.py": (
        '"""Kinds are looked up in sys.modules by no one: this is prose."""\n'
        "from kinds import tokens as T\n"
        "\n"
        "\n"
        "def kind_of(word):\n"
        "    if word in ('CREATE', 'DROP'):\n"
        "        return T.Keyword.DDL\n"
        "    return T.DML\n"
    ),
    "test_lexer.py": (
        "from kinds import tokens\n"
        "from kinds.lexer import kind_of\n"
        "\n"
        "\n"
        "def count(tokens):\n"
        "    return len(tokens)\n"
        "\n"
        "\n"
        "def test_ddl():\n"
        "    assert kind_of('CREATE') is tokens.DDL\n"
        "    assert kind_of('DROP') is tokens.Keyword.DDL\n"
        "    assert count([tokens.DML]) == 1\n"
    ),
}
DDL_LINE = "kinds/tokens.py:12"


def _pytest(root: Path) -> int:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_lexer.py"],
        cwd=root,
        capture_output=True,
        check=False,
    )
    return done.returncode


def _reasons(result: prx.RenameResult, text: str) -> set[str]:
    return {s.reason for s in result.left_alone if text in s.text}


def test_a_chain_through_an_assigned_name_is_no_use_of_the_module_level_name(make_repo):
    root = make_repo(KINDS)
    assert _pytest(root) == 0
    done = prx.rename(DDL_LINE, "DDL_KIND", root=root, apply=True, check="never")
    assert done.applied
    assert "DDL_KIND = Keyword.DDL" in (root / "kinds/tokens.py").read_text()
    assert "return T.Keyword.DDL" in (root / "kinds/lexer.py").read_text()
    test = (root / "test_lexer.py").read_text()
    assert "is tokens.DDL_KIND" in test and "is tokens.Keyword.DDL" in test
    assert _pytest(root) == 0


def test_a_chain_through_a_name_a_module_imports_is_renamed(make_repo):
    files = dict(KINDS)
    # ``R.current`` is the tokens module itself: its DDL is the one renamed.
    files["kinds/registry.py"] = "from kinds import tokens as current\n"
    files["kinds/lexer.py"] += (
        "\n\ndef current_ddl():\n    from kinds import registry as R\n\n    return R.current.DDL\n"
    )
    files["test_lexer.py"] += (
        "\n\ndef test_current():\n    from kinds.lexer import current_ddl\n\n"
        "    assert current_ddl() is tokens.DDL\n"
    )
    root = make_repo(files)
    done = prx.rename(DDL_LINE, "DDL_KIND", root=root, apply=True, check="never")
    assert done.applied
    assert "return R.current.DDL_KIND" in (root / "kinds/lexer.py").read_text()
    assert _pytest(root) == 0


def _chains(files: dict[str, str]) -> ModuleChains:
    return ModuleChains(lambda: sorted(files), lambda rel: files[rel].encode())


def _binding(module: str, imported: str | None, local: str) -> Binding:
    kind = "module" if imported is None else "name"
    return Binding(1, 1, module, kind, imported, local)


def test_each_step_of_a_chain_is_read_from_the_module_it_is_in() -> None:
    files = {k: v for k, v in KINDS.items() if k.endswith(".py")}
    files["kinds/registry.py"] = (
        "from kinds import tokens as current\n"
        "try:\n    from kinds import fast\nexcept ImportError:\n    fast = None\n"
        "for each in ():\n    pass\n"
    )
    files["kinds/star.py"] = "from kinds.tokens import *\n"
    chains = _chains(files)
    tokens = _binding("kinds", "tokens", "T")
    registry = _binding("kinds", "registry", "R")
    # Bound by an assignment, or by nothing: no module is reached.
    assert chains.holds_no_module("kinds/lexer.py", tokens, ["Keyword"])
    assert chains.holds_no_module("kinds/lexer.py", tokens, ["Keyword", "DDL"])
    assert chains.holds_no_module("kinds/lexer.py", tokens, ["Missing"])
    assert chains.holds_no_module("kinds/lexer.py", _binding("kinds.tokens", "Kind", "K"), [])
    # An import, a fallback of one, a loop's target, a star import: unsure.
    assert not chains.holds_no_module("x.py", registry, ["current"])
    assert not chains.holds_no_module("x.py", registry, ["fast"])
    assert not chains.holds_no_module("x.py", registry, ["each"])
    assert not chains.holds_no_module("x.py", _binding("kinds", "star", "S"), ["Keyword"])
    # A package's submodule, reached through the package, is followed.
    package = _binding("kinds", None, "kinds")
    assert not chains.holds_no_module("x.py", package, ["tokens"])
    assert chains.holds_no_module("x.py", package, ["tokens", "Keyword"])
    # A module the project does not have, or has twice: unsure.
    assert not chains.holds_no_module("x.py", _binding("os", "path", "P"), ["sep"])
    files["vendor/kinds/tokens.py"] = files["kinds/tokens.py"]
    assert not _chains(files).holds_no_module("kinds/lexer.py", tokens, ["Keyword"])


def test_a_module_reached_as_a_value_through_its_package_keeps_receivers_unsure(make_repo):
    files = dict(KINDS)
    files["kinds/lexer.py"] += (
        "\n\ndef ddl_of(table):\n    return table.DDL\n"
        "\n\ndef table():\n    import kinds.tokens\n\n    return ddl_of(kinds.tokens)\n"
    )
    root = make_repo(files)
    # ``table`` may be the tokens module: its DDL the one renamed.
    with pytest.raises(prx.PrxError, match="could not be tied"):
        prx.rename(DDL_LINE, "DDL_KIND", root=root, apply=True, check="never")
    assert (root / "kinds/tokens.py").read_text() == KINDS["kinds/tokens.py"]


@pytest.mark.parametrize(
    ("use", "why"),
    [
        ("def handler(tokens=tokens):\n    return tokens.DDL\n", "a default is the module"),
        ("def handler():\n    global tokens\n    return pick(tokens)\n", "a global is"),
        ("modules = [tokens]\n", "stored in a list"),
        ("import importlib\n\nloaded = importlib.import_module('kinds.tokens')\n", "by a call"),
    ],
)
def test_the_module_as_a_value_keeps_a_parameters_attribute_unsure(make_repo, use, why):
    files = dict(KINDS)
    files["use.py"] = (
        "from kinds import tokens\n\n\ndef pick(anything):\n    return anything.DDL\n\n\n" + use
    )
    root = make_repo(files)
    with pytest.raises(prx.PrxError, match="could not be tied"):
        prx.rename(DDL_LINE, "DDL_KIND", root=root, apply=True, check="never")


def test_a_name_a_function_binds_with_global_stays_unsure() -> None:
    files = {
        "kinds/__init__.py": "",
        "kinds/tokens.py": "DDL = 1\n",
        "kinds/late.py": "def load():\n    global current\n    from kinds import tokens as current\n",
    }
    chains = _chains(files)
    assert not chains.holds_no_module("x.py", _binding("kinds", "late", "L"), ["current"])
    assert chains.holds_no_module("x.py", _binding("kinds", "late", "L"), ["load"])


#: pyparsing's layout: the package star-imports its modules and lists their names.
STARRED = {
    "pp/__init__.py": (
        "from .core import *\nfrom .other import *\n\n__all__ = ['NoMatch', 'Token', 'Empty']\n"
    ),
    "pp/core.py": "class Token:\n    pass\n\n\nclass NoMatch(Token):\n    pass\n",
    "pp/other.py": "class Empty:\n    pass\n",
    "pp/compat.py": "from os.path import *\n\n__all__ = ['Empty', 'join']\n",
    "test_star.py": (
        "from pp import *\n\n\ndef test_star():\n    assert issubclass(NoMatch, Token) and Empty\n"
    ),
}


def test_a_package_passing_a_class_on_by_a_star_import_lists_its_new_name(make_repo):
    root = make_repo(STARRED)
    done = prx.rename("NoMatch", "Nothing", root=root, apply=True, check="never")
    assert done.applied
    assert "__all__ = ['Nothing', 'Token', 'Empty']" in (root / "pp/__init__.py").read_text()
    done = prx.rename("pp/other.py:1", "Blank", root=root, apply=True, check="never")
    # compat.py takes nothing from pp/other.py: its own 'Empty' entry stays.
    assert (root / "pp/compat.py").read_text() == STARRED["pp/compat.py"]
    assert "'Blank'" in (root / "pp/__init__.py").read_text()
    test = (root / "test_star.py").read_text()
    assert "issubclass(Nothing, Token) and Blank" in test
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_star.py"],
        cwd=root,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout


def test_a_module_too_large_to_read_keeps_its_chains_unsure() -> None:
    files = {"kinds/__init__.py": "", "kinds/huge.py": "", "kinds/small.py": "X = 1\n"}
    unread = ModuleChains(
        lambda: sorted(files), lambda rel: None if rel == "kinds/huge.py" else files[rel].encode()
    )
    package = _binding("kinds", None, "kinds")
    assert not unread.holds_no_module("x.py", package, ["huge", "X"])
    assert unread.holds_no_module("x.py", package, ["small", "X"])
