"""The shipped attribute names of Python's standard library and pytest, with the modules
that give them, and the standard modules' imports (prx.engine.intel.pylibrary), which a
rename reads where a receiver's type is unknown."""

from __future__ import annotations

import io
import re

from prx.engine.intel.pylibrary import (
    LIB_IMPORTS_PATH,
    LIB_MEMBERS_PATH,
    library_members,
    library_modules,
    reached_modules,
)


def test_the_list_holds_what_standard_objects_answer_to_and_nothing_else() -> None:
    names = library_members()
    # Methods of builtins and of standard classes, attributes their sources set, pytest's.
    for name in (
        "append",
        "readline",
        "getvalue",
        "group",
        "fullmatch",
        "setattr",
        "syspathinsert",
    ):
        assert name in names, name
    assert set(dir(io.StringIO)) <= names
    for name in ("user_repr", "get_last_leaf", "next_token"):
        assert name not in names, name
    for path in (LIB_MEMBERS_PATH, LIB_IMPORTS_PATH):
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        assert lines == sorted(set(lines))
        assert all(re.fullmatch(r"\w+\t[\w ]*", line) for line in lines), path


def test_each_name_comes_with_the_modules_whose_objects_answer_to_it() -> None:
    modules = library_modules()
    assert {"collections", "decimal"} <= modules["subtract"]
    assert "symtable" in modules["get_symbols"]
    assert "builtins" in modules["append"]
    assert "_pytest" in modules["syspathinsert"] or "pytest" in modules["syspathinsert"]


def test_a_standard_module_s_objects_are_reached_through_its_import() -> None:
    alone = reached_modules([])
    # The builtins, files and paths, pytest's objects: no import needed.
    assert {"builtins", "io", "pathlib", "pytest"} <= alone
    assert "collections" not in alone and "symtable" not in alone
    # An import reaches the module and the private modules it is made of, not every
    # module it imports (``csv`` hands out ``_csv``'s readers, not ``re``'s patterns).
    through_csv = reached_modules(["csv"])
    assert {"csv", "_csv"} <= through_csv
    assert "re" not in through_csv
