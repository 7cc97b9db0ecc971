"""Java's static imports (issue #28): a constant and a method imported one by one or on
demand (``import static a.B.*``) are references resolved to their class's member, a
namesake of another class imported the same way is not; ``impact`` of a method
lists the JUnit test that calls it through an instance; a ``@MethodSource("name")``
string is a reference to the method it names (renamed with it, or the test no longer
runs)."""

from __future__ import annotations

from pathlib import Path

import prx
from prx.engine.intel.models import RESOLVED, model_for
from prx.engine.intel.project import Project

FILES = {
    "src/main/java/com/acme/Limits.java": (
        "package com.acme;\n\npublic final class Limits {\n"
        "    public static final int MAX = 10;\n\n"
        "    public static int clamp(int x) {\n        return Math.min(x, MAX);\n    }\n}\n"
    ),
    "src/main/java/com/acme/Other.java": (
        "package com.acme;\n\npublic final class Other {\n"
        "    public static final int MAX = 99;\n\n"
        "    public static int clamp(int x) {\n        return x;\n    }\n}\n"
    ),
    "src/main/java/com/acme/app/One.java": (
        "package com.acme.app;\n\nimport static com.acme.Limits.MAX;\nimport static com.acme.Limits.clamp;\n\n"
        "class One {\n    int go() {\n        return clamp(MAX);\n    }\n}\n"
    ),
    "src/main/java/com/acme/app/All.java": (
        "package com.acme.app;\n\nimport static com.acme.Limits.*;\n\n"
        "class All {\n    int go() {\n        return clamp(MAX + 1);\n    }\n}\n"
    ),
    "src/main/java/com/acme/app/Elsewhere.java": (
        "package com.acme.app;\n\nimport static com.acme.Other.*;\n\n"
        "class Elsewhere {\n    int go() {\n        return clamp(MAX);\n    }\n}\n"
    ),
    "src/main/java/com/acme/Counter.java": (
        "package com.acme;\n\npublic class Counter {\n    private int n;\n\n"
        "    public int next() {\n        return ++n;\n    }\n}\n"
    ),
    "src/test/java/com/acme/CounterTest.java": (
        "package com.acme;\n\nimport org.junit.jupiter.api.Test;\n\nclass CounterTest {\n"
        "    private final Counter counter = new Counter();\n\n"
        "    @Test\n    void counts() {\n        counter.next();\n    }\n}\n"
    ),
    "src/test/java/com/acme/LimitsTest.java": (
        "package com.acme;\n\nimport java.util.stream.Stream;\n"
        "import org.junit.jupiter.params.ParameterizedTest;\n"
        "import org.junit.jupiter.params.provider.MethodSource;\n\nclass LimitsTest {\n"
        "    static Stream<Integer> values() {\n        return Stream.of(1, 20);\n    }\n\n"
        '    @ParameterizedTest\n    @MethodSource("values")\n    void clamps(int x) {\n'
        "        Limits.clamp(x);\n    }\n}\n"
    ),
}


def _write(root: Path) -> Path:
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _sites(project: Project, rel: str, qualified: str) -> dict[tuple[str, int], tuple[str, str]]:
    model = model_for("java")
    parsed = project.file(rel)
    assert parsed is not None
    (target,) = [t for t in model.definitions(project, parsed) if t.qualified == qualified]
    sites = model.references(project, target, model.candidate_files(project, target))
    return {(s.file.rsplit("/", 1)[-1], s.line): (s.how, s.role) for s in sites}


def test_static_imports_one_by_one_and_on_demand(tmp_path: Path) -> None:
    project = Project(prx.Workspace(_write(tmp_path)), str(tmp_path))
    limits = "src/main/java/com/acme/Limits.java"
    maximum = _sites(project, limits, "Limits.MAX")
    assert maximum[("One.java", 3)] == (RESOLVED, "import")
    assert maximum[("One.java", 8)] == (RESOLVED, "reference")  # clamp(MAX)
    assert maximum[("All.java", 7)] == (RESOLVED, "reference")  # import static ...Limits.*
    assert ("Elsewhere.java", 7) not in maximum  # Other.MAX, imported on demand
    clamp = _sites(project, limits, "Limits.clamp")
    assert clamp[("One.java", 4)] == (RESOLVED, "import")
    assert clamp[("One.java", 8)] == (RESOLVED, "reference")
    assert clamp[("All.java", 7)] == (RESOLVED, "reference")
    assert not any(f == "Elsewhere.java" for f, _ in clamp)


def test_impact_lists_the_junit_test_that_calls_through_an_instance(tmp_path: Path) -> None:
    _write(tmp_path)
    res = prx.impact(
        "src/main/java/com/acme/Counter.java", symbol="Counter.next", budget=0, root=tmp_path
    )
    assert {t.file for t in res.tests} == {"src/test/java/com/acme/CounterTest.java"}
    res = prx.impact(
        "src/main/java/com/acme/Limits.java", symbol="Limits.MAX", budget=0, root=tmp_path
    )
    assert {d.file for d in res.dependents if d.hops == 1} == {
        "src/main/java/com/acme/app/One.java",
        "src/main/java/com/acme/app/All.java",
    }


def test_a_method_source_string_names_its_method(tmp_path: Path) -> None:
    project = Project(prx.Workspace(_write(tmp_path)), str(tmp_path))
    sites = _sites(project, "src/test/java/com/acme/LimitsTest.java", "LimitsTest.values")
    assert sites[("LimitsTest.java", 13)] == (RESOLVED, "reference")
    data = project.file("src/test/java/com/acme/LimitsTest.java").data  # type: ignore[union-attr]
    model = model_for("java")
    (target,) = [
        t
        for t in model.definitions(project, project.file("src/test/java/com/acme/LimitsTest.java"))  # type: ignore[arg-type]
        if t.name == "values"
    ]
    spans = {
        data[s.start : s.end]
        for s in model.references(project, target, ["src/test/java/com/acme/LimitsTest.java"])
    }
    assert spans == {b"values"}  # the name inside the quotes, not the quotes


def test_a_static_import_of_overloads_refuses_renaming_one(tmp_path: Path) -> None:
    """``import static a.B.of;`` imports both ``of`` overloads: renaming one would change
    the import line the other's calls need."""
    files = {
        "p/B.java": "package p;\npublic class B {\n  public static int of(int x) { return x; }\n"
        "  public static int of(String s) { return 0; }\n  public static int solo() { return 1; }\n}\n",
        "q/Use.java": "package q;\nimport static p.B.of;\nimport static p.B.solo;\n"
        'class Use {\n  int go() { return of(1) + of("a") + solo(); }\n}\n',
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    project = Project(prx.Workspace(tmp_path), str(tmp_path))
    model = model_for("java")
    targets = {
        (t.qualified, t.line): t
        for t in model.definitions(project, project.file("p/B.java"))  # type: ignore[arg-type]
    }
    problem = model.rename_problem(project, targets[("B.of", 3)])
    assert problem is not None and "q/Use.java" in problem
    assert model.rename_problem(project, targets[("B.solo", 5)]) is None
