"""benchmarks/oracle: the Python oracle's rename carried through the imports that name
the definition (python_reexports.py), and the runtime trace's caller
(python_trace.py): the project's line that passed the function to a test harness, with
every line of a call over several lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from oracle.common import Diag, Symbol  # noqa: E402
from oracle.python_reexports import rename_imports  # noqa: E402
from oracle.python_trace import traced_callers  # noqa: E402


def _symbol(file: str, name: str, line: int) -> Symbol:
    return Symbol(file, name, name, "function", line, 0, 0)


def test_the_imports_that_name_the_definition_are_renamed_with_it(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "core.py").write_text("def encode(s):\n    return s\n")
    (tmp_path / "pkg" / "__init__.py").write_text(
        "from .core import (\n    decode,\n    encode,\n)\n__all__ = ['encode']\n"
        "from .core import encode as encode\n"
    )
    (tmp_path / "pkg" / "user.py").write_text(
        "from pkg.core import encode\nfrom .core import encode as e\n\nencode(1)\n"
    )
    (tmp_path / "other.py").write_text("from elsewhere import encode\n")
    edited = rename_imports(
        tmp_path, [tmp_path], _symbol("pkg/core.py", "encode", 1), "encode_prxoracle"
    )
    assert edited == [
        Diag("pkg/__init__.py", 1),
        Diag("pkg/__init__.py", 6),
        Diag("pkg/user.py", 1),
    ]
    init = (tmp_path / "pkg" / "__init__.py").read_text()
    assert "    encode_prxoracle,\n" in init and "['encode']" in init
    # ``as NAME``, an explicit re-export, is the name itself.
    assert "import encode_prxoracle as encode_prxoracle\n" in init
    user = (tmp_path / "pkg" / "user.py").read_text()
    assert "__all__ = ['encode']" in init  # no star import of core: its own entry
    # An alias binds another name, whose uses the rename alone already breaks.
    assert user.startswith("from pkg.core import encode_prxoracle\nfrom .core import encode as e")
    assert (tmp_path / "other.py").read_text() == "from elsewhere import encode\n"


def test_a_package_passing_names_on_by_a_star_import_lists_the_new_name(tmp_path):
    (tmp_path / "pp").mkdir()
    (tmp_path / "pp" / "core.py").write_text("class NoMatch:\n    pass\n")
    (tmp_path / "pp" / "__init__.py").write_text(
        "from .core import *\n\n__all__ = [\n    'NoMatch',\n    \"Other\",\n]\n"
    )
    edited = rename_imports(
        tmp_path, [tmp_path], Symbol("pp/core.py", "NoMatch", "NoMatch", "class", 1, 0, 0), "X"
    )
    assert edited == []
    assert "    'X',\n" in (tmp_path / "pp" / "__init__.py").read_text()


def test_the_trace_records_the_line_that_passed_the_function_to_a_harness(tmp_path):
    (tmp_path / "lib.py").write_text("def target(x):\n    return x.real\n")
    (tmp_path / "test_lib.py").write_text(
        "import unittest\n"
        "\n"
        "from lib import target\n"
        "\n"
        "\n"
        "class T(unittest.TestCase):\n"
        "    def test_it(self):\n"
        "        self.assertEqual(\n"
        "            target(1), 1)\n"
        "        self.assertRaises(\n"
        "            AttributeError,\n"
        "            target,\n"
        "            None)\n"
        "        self.assertTrue(\n"
        "            target(2))\n"
        "        list(map(target, [1]))\n"
    )

    def run_tests(root: Path) -> None:
        subprocess.run(
            [sys.executable, "-m", "unittest", "-q", "test_lib"],
            cwd=root,
            check=False,
            capture_output=True,
        )

    found = traced_callers(tmp_path, _symbol("lib.py", "target", 1), run_tests)
    # Line 12 passed it to assertRaises (whose call spans lines 10-13), which called it;
    # map (no Python frame) calls it on line 16's behalf.
    assert found == {
        ("test_lib.py", 9),
        ("test_lib.py", 12),
        ("test_lib.py", 15),
        ("test_lib.py", 16),
    }


def test_a_context_manager_is_called_from_its_with_line_not_its_block(tmp_path):
    (tmp_path / "lib.py").write_text(
        "from contextlib import contextmanager\n"
        "\n"
        "\n"
        "@contextmanager\n"
        "def shift(state, n=1):\n"
        "    state['offset'] += n\n"
        "    yield\n"
        "    state['offset'] -= n\n"
    )
    (tmp_path / "test_lib.py").write_text(
        "from lib import shift\n"
        "\n"
        "\n"
        "def test_it():\n"
        "    state = {'offset': 0}\n"
        "    with shift(state, 2):\n"
        "        for done in [state]:\n"
        "            assert callable(shift) and done['offset'] == 2\n"
        "    with shift(\n"
        "        state\n"
        "    ), open(__file__):\n"
        "        assert callable(shift)\n"
    )

    def run_tests(root: Path) -> None:
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_lib.py"],
            cwd=root,
            check=False,
            capture_output=True,
        )

    found = traced_callers(tmp_path, _symbol("lib.py", "shift", 5), run_tests)
    # Entered from the with statement: the lines of its call, not those of the block
    # below that spell the name (Python 3.11 places entering at the whole statement).
    assert found == {("test_lib.py", 6), ("test_lib.py", 9)}


def test_a_parameter_pytest_numbers_is_left_out_of_the_test_s_name(tmp_path):
    from oracle.python import tests

    (tmp_path / "test_cases.py").write_text(
        "from datetime import date\n"
        "\n"
        "import pytest\n"
        "\n"
        "CASES = {(n, date(2000, 1, n)) for n in (1, 2, 3)}  # a set: no fixed order\n"
        "\n"
        "\n"
        "@pytest.mark.parametrize('n,day', CASES)\n"
        "def test_case(n, day):\n"
        "    assert n < 3\n"
        "\n"
        "\n"
        "@pytest.mark.parametrize('value', [object()])\n"
        "def test_object(value):\n"
        "    assert value\n"
    )
    found = tests(tmp_path)
    # pytest numbers each date in the set's order (day0, day1 ...): named without it.
    assert found is not None
    assert {name: outcome for name, outcome in found.items() if "::test_case[" in name} == {
        "test_cases::test_case[1-day#]": "passed",
        "test_cases::test_case[2-day#]": "passed",
        "test_cases::test_case[3-day#]": "failed",
    }
    assert found["test_cases::test_object[value#]"] == "passed"


def test_an_error_that_names_neither_the_symbol_nor_sits_on_its_line_is_no_use(tmp_path):
    """Renaming a base class breaks its subclass wherever the subclass is used: those
    errors are consequences, not uses of the base."""
    from oracle.python import uses_at

    (tmp_path / "use.py").write_text(
        "from pat import Base, Sub\npatterns = list(map(Sub, lines))\nBase.make(1)\n"
    )
    errors = [
        Diag("use.py", 1, '"Base" is unknown import symbol'),
        Diag("use.py", 2, 'Argument of type "type[Sub]" cannot be assigned to parameter'),
        Diag("use.py", 3, "Expected 0 positional arguments"),
    ]
    found = uses_at(tmp_path, _symbol("pat.py", "Base", 1), errors)
    assert found == [errors[0], errors[2]]


def test_a_script_beside_the_tests_is_not_imported_to_find_import_errors(tmp_path):
    """astor's ``tests/check_expressions.py`` builds every expression when imported (for
    minutes, writing files): of a test folder, only what pytest imports is imported."""
    from oracle import python

    for rel in ("pkg/__init__.py", "pkg/core.py", "tests/__init__.py", "tests/support.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    for rel in ("tests/test_core.py", "tests/conftest.py", "tests/check_expressions.py"):
        (tmp_path / rel).write_text("")
    assert python._modules(tmp_path) == [
        "pkg",
        "pkg.core",
        "tests",
        "tests.conftest",
        "tests.test_core",
    ]


def test_the_folders_pyright_leaves_out_are_not_judged(tmp_path):
    """h11's ``docs/source/_examples/myclient.py`` uses ``Connection.send``: pyright is
    told not to check ``docs/``, so prx's answer there has no truth to be held to."""
    from oracle import python

    assert python.unchecked(tmp_path, "docs/source/_examples/myclient.py", 0)
    assert python.unchecked(tmp_path, ".github/x.py", 3)
    assert not python.unchecked(tmp_path, "h11/_connection.py", 0)
    assert not python.unchecked(tmp_path, "src/docs_helper/docs.py", 0)
