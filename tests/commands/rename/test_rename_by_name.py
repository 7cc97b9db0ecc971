"""Languages prx has no reference model for (C, C++ ...) are renamed by name (issue 28):
a function's prototype in a header and its body are one definition, not two unrelated
ones, and the answer says the rename went by name."""

from __future__ import annotations

import prx

C_FILES = {
    "m.h": "int add(int a, int b);\n",
    "m.c": '#include "m.h"\n\nint add(int a, int b) { return a + b; }\n',
    "main.c": '#include "m.h"\n\nint main(void) { return add(1, 2); }\n',
}


def test_a_prototype_and_its_body_are_one_definition_renamed_by_name(make_repo):
    root = make_repo(C_FILES)
    result = prx.rename("add", "plus", root=root, apply=True, check="never")
    assert result.target == "add (m.c:3)"
    assert (root / "m.h").read_text() == "int plus(int a, int b);\n"
    assert "int plus(int a, int b)" in (root / "m.c").read_text()
    assert "return plus(1, 2);" in (root / "main.c").read_text()
    assert any("c: renamed by name" in note for note in result.notes)
