"""The shipped attribute names of Python's standard library and pytest
(prx.engine.intel.pylibrary), which a rename reads where a receiver's type is unknown."""

from __future__ import annotations

import io
import re

from prx.engine.intel.pylibrary import LIB_MEMBERS_PATH, library_members


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
    with open(LIB_MEMBERS_PATH, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    assert lines == sorted(set(lines)) and all(re.fullmatch(r"\w+", n) for n in lines)
