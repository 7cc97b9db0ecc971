"""``prx explain`` on Java (issue #28): the references of one method are the calls its
receivers' types tie to it, each with how sure it is; a call on a receiver of unknown
type is listed ``by_name``; a call on another class's method of the same name is not a
reference; JUnit tests are listed as tests."""

from __future__ import annotations

from pathlib import Path

import prx

FILES = {
    "src/main/java/com/acme/Store.java": (
        "package com.acme;\n\npublic class Store {\n    public int count() {\n        return 1;\n    }\n}\n"
    ),
    "src/main/java/com/acme/Other.java": (
        "package com.acme;\n\nclass Other {\n    int count() {\n        return 2;\n    }\n}\n"
    ),
    "src/main/java/com/acme/app/Use.java": (
        "package com.acme.app;\n\nimport com.acme.Store;\nimport java.util.List;\n\n"
        "class Use {\n    int total(Store store, List all) {\n"
        "        all.forEach(s -> s.count());\n        return store.count();\n    }\n}\n"
    ),
    "src/test/java/com/acme/StoreTest.java": (
        "package com.acme;\n\nimport org.junit.Test;\n\npublic class StoreTest {\n"
        "    @Test\n    public void counts() {\n        new Store().count();\n        new Other().count();\n    }\n}\n"
    ),
}


def _project(root: Path) -> Path:
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_explain_lists_the_calls_tied_to_one_method(tmp_path: Path) -> None:
    res = prx.explain("Store.count", budget=0, root=_project(tmp_path))
    label = "src/main/java/com/acme/Store.java:4"
    refs = {(r.file, r.line): r.certainty for r in res.references if r.definition == label}
    assert refs[("src/main/java/com/acme/app/Use.java", 9)] == "resolved"  # store.count()
    assert refs[("src/main/java/com/acme/app/Use.java", 8)] == "by_name"  # a raw List's s.count()
    tests = {(t.file, t.line) for t in res.tests if t.definition == label}
    assert tests == {("src/test/java/com/acme/StoreTest.java", 8)}  # not Other's count()
