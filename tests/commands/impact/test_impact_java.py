"""``prx impact FILE --symbol`` on Java (issue #28): the files that use a class through its
package (no import), an import or a qualified name are dependents; a file whose import
of it is never used is not; a file that uses another class of the same name is not."""

from __future__ import annotations

from pathlib import Path

import prx

FILES = {
    "src/main/java/com/acme/util/Text.java": (
        "package com.acme.util;\n\npublic class Text {\n    public static String trim(String s) {\n"
        "        return s.trim();\n    }\n}\n"
    ),
    "src/main/java/com/acme/util/Same.java": (
        'package com.acme.util;\n\nclass Same {\n    String go() {\n        return Text.trim(" a ");\n    }\n}\n'
    ),
    "src/main/java/com/acme/app/Imports.java": (
        "package com.acme.app;\n\nimport com.acme.util.Text;\n\nclass Imports {\n"
        '    String go() {\n        return Text.trim("b");\n    }\n}\n'
    ),
    "src/main/java/com/acme/app/Qualified.java": (
        "package com.acme.app;\n\nclass Qualified {\n    String go() {\n"
        '        return com.acme.util.Text.trim("c");\n    }\n}\n'
    ),
    "src/main/java/com/acme/app/Unused.java": (
        "package com.acme.app;\n\nimport com.acme.util.Text;\n\nclass Unused {\n}\n"
    ),
    "src/main/java/com/acme/other/Text.java": (
        "package com.acme.other;\n\nclass Text {\n    static String trim(String s) {\n        return s;\n    }\n}\n"
    ),
    "src/main/java/com/acme/other/Near.java": (
        'package com.acme.other;\n\nclass Near {\n    String go() {\n        return Text.trim("d");\n    }\n}\n'
    ),
}


def test_impact_of_a_method_follows_packages_imports_and_qualified_names(tmp_path: Path) -> None:
    for rel, text in FILES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    res = prx.impact(
        "src/main/java/com/acme/util/Text.java", symbol="Text.trim", budget=0, root=tmp_path
    )
    dependents = {d.file for d in res.dependents if d.hops == 1}
    assert dependents == {
        "src/main/java/com/acme/util/Same.java",
        "src/main/java/com/acme/app/Imports.java",
        "src/main/java/com/acme/app/Qualified.java",
    }
    res = prx.impact(
        "src/main/java/com/acme/util/Text.java", symbol="Text", budget=0, root=tmp_path
    )
    dependents = {d.file for d in res.dependents if d.hops == 1}
    assert "src/main/java/com/acme/other/Near.java" not in dependents
    assert "src/main/java/com/acme/app/Unused.java" not in dependents
    assert "src/main/java/com/acme/app/Imports.java" in dependents


OVERLOADS = {
    "src/main/java/com/acme/Chunk.java": (
        "package com.acme;\n\npublic class Chunk {\n"
        "    public int verify(String target) {\n        return verify(target, 0);\n    }\n\n"
        "    public int verify(String target, int fuzz) {\n        return fuzz;\n    }\n}\n"
    ),
    "src/main/java/com/acme/One.java": (
        "package com.acme;\n\nclass One {\n    int go(Chunk c) {\n"
        '        return c.verify("a");\n    }\n}\n'
    ),
    "src/main/java/com/acme/Two.java": (
        "package com.acme;\n\nclass Two {\n    int go(Chunk c) {\n"
        '        return c.verify("a", 2);\n    }\n}\n'
    ),
}


def test_name_and_line_pick_one_overload(tmp_path: Path) -> None:
    for rel, text in OVERLOADS.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    def users(symbol: str) -> set[str]:
        res = prx.impact("src/main/java/com/acme/Chunk.java", symbol=symbol, root=tmp_path)
        return {Path(d.file).stem for d in res.dependents if d.hops == 1}

    assert users("Chunk.verify") == {"One", "Two"}  # by name: every overload
    assert users("Chunk.verify:4") == {"One"}
    assert users("Chunk.verify:8") == {"Two"}
    assert users("Chunk.verify:5") == {"One"}  # a line inside the definition names it too
    try:
        users("Chunk.verify:2")
    except prx.PrxError as err:
        assert err.code == "invalid_argument" and "lines 4, 8" in str(err.suggestion)
    else:
        raise AssertionError("a line with no definition of the name is refused")
