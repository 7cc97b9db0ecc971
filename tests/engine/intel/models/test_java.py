"""The Java model (issue #28): packages and imports (single-type, on-demand, static, fully
qualified), nested types, members through ``this``, fields, parameters, locals, ``var``
and static calls, overloads told apart by arity, overriding families, constructors with
their class, JUnit tests, the renames refused; Kotlin's imports and packages."""

from __future__ import annotations

from pathlib import Path

import pytest

import prx
from prx.engine.intel.models import BY_NAME, BY_TYPE, RESOLVED, model_for
from prx.engine.intel.project import Project, is_test_file

SHAPES = {
    "src/main/java/com/acme/shapes/Shape.java": """package com.acme.shapes;

public interface Shape {
    double area();

    default String describe() {
        return "area " + area();
    }
}
""",
    "src/main/java/com/acme/shapes/Circle.java": """package com.acme.shapes;

public class Circle implements Shape {
    public static final double PI = 3.14;
    private final double radius;

    public Circle(double radius) {
        this.radius = radius;
    }

    @Override
    public double area() {
        return PI * radius * radius;
    }

    public double scale(double by) {
        return radius * by;
    }

    public double scale(double by, double extra) {
        return scale(by) + extra;
    }

    @Override
    public String toString() {
        return "Circle";
    }

    public static Circle unit() {
        return new Circle(1);
    }

    public static class Builder {
        private double radius;

        public Builder radius(double r) {
            this.radius = r;
            return this;
        }

        public Circle build() {
            return new Circle(radius);
        }
    }
}
""",
    "src/main/java/com/acme/shapes/Square.java": """package com.acme.shapes;

class Square implements Shape {
    double side;

    public double area() {
        return side * side;
    }

    static class Builder {
        Square build() {
            return new Square();
        }
    }
}
""",
    "src/main/java/com/acme/shapes/Base.java": """package com.acme.shapes;

class Base {
    public int size() {
        return 1;
    }
}
""",
    "src/main/java/com/acme/shapes/Sized.java": """package com.acme.shapes;

interface Sized {
    int size();
}
""",
    "src/main/java/com/acme/shapes/Both.java": """package com.acme.shapes;

class Both extends Base implements Sized {
    Runnable task = new Runnable() {
        @Override
        public void run() {
            size();
        }
    };
}
""",
    "src/main/java/com/acme/app/Main.java": """package com.acme.app;

import com.acme.shapes.Circle;
import com.acme.shapes.Shape;
import java.util.ArrayList;
import java.util.List;

import static com.acme.shapes.Circle.unit;

public class Main {
    private final List<Shape> shapes = new ArrayList<>();
    private Circle first;

    public double total() {
        double sum = 0;
        for (Shape s : shapes) {
            sum += s.area();
        }
        shapes.forEach(s -> s.area());
        return sum + shapes.get(0).area();
    }

    public double run(Circle given) {
        Circle c = new Circle(2);
        var d = Circle.unit();
        first = unit();
        Circle.Builder b = new Circle.Builder();
        String text = "x";
        text.length();
        return c.scale(2) + d.scale(1, 2) + b.radius(3).build().area() + first.area()
            + given.area() + this.first.area() + Circle.PI + com.acme.shapes.Circle.PI;
    }
}
""",
    "src/main/java/com/acme/app/Star.java": """package com.acme.app;

import com.acme.shapes.*;

class Star {
    double twice(Shape s) {
        return s.area() * 2;
    }

    double area() {
        return 0;
    }
}
""",
    "src/main/java/com/acme/app/Kind.java": """package com.acme.app;

enum Kind {
    SMALL, LARGE;

    static String label(Kind kind) {
        switch (kind) {
            case SMALL:
                return "s";
            default:
                return "l";
        }
    }
}
""",
    "src/test/java/com/acme/shapes/CircleTest.java": """package com.acme.shapes;

import org.junit.Test;

public class CircleTest {
    @Test
    public void areaOfUnit() {
        Circle c = Circle.unit();
        c.area();
    }

    private void helper() {
        Circle.unit();
    }
}
""",
}


def _project(tmp_path: Path, files: dict[str, str]) -> Project:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    ws = prx.Workspace(tmp_path)
    return Project(ws, str(tmp_path))


@pytest.fixture
def shapes(tmp_path: Path) -> Project:
    return _project(tmp_path, SHAPES)


def _target(project: Project, rel: str, qualified: str, line: int | None = None):  # type: ignore[no-untyped-def]
    parsed = project.file(rel)
    assert parsed is not None
    found = [
        t
        for t in model_for("java").definitions(project, parsed)
        if t.qualified == qualified and (line is None or t.line == line)
    ]
    assert len(found) == 1, found
    return found[0]


def _sites(project: Project, target) -> dict[tuple[str, int], tuple[str, str]]:  # type: ignore[no-untyped-def]
    model = model_for("java")
    sites = model.references(project, target, model.candidate_files(project, target))
    out: dict[tuple[str, int], tuple[str, str]] = {}
    for s in sites:
        text = project.file(s.file).data[s.start : s.end].decode()  # type: ignore[union-attr]
        assert text == target.name
        out.setdefault((s.file.rsplit("/", 1)[-1], s.line), (s.how, s.role))
    return out


CIRCLE = "src/main/java/com/acme/shapes/Circle.java"
MAIN = "src/main/java/com/acme/app/Main.java"


def test_definitions_are_types_members_and_fields_not_constructors(shapes: Project) -> None:
    parsed = shapes.file(CIRCLE)
    targets = model_for("java").definitions(shapes, parsed)  # type: ignore[arg-type]
    names = [(t.qualified, t.kind) for t in targets]
    assert ("Circle", "class") in names
    assert ("Circle.PI", "const") in names
    assert ("Circle.radius", "field") in names
    assert ("Circle.Builder", "class") in names
    assert ("Circle.Builder.radius", "method") in names
    assert ("Circle.Builder.radius", "field") in names
    assert not any(q == "Circle.Circle" for q, _ in names)  # the constructor is the class's
    kinds = {t.qualified: t for t in targets}
    assert kinds["Circle.PI"].defn is not None and kinds["Circle.radius"].defn is not None
    kind = model_for("java").definitions(
        shapes, shapes.file("src/main/java/com/acme/app/Kind.java")
    )  # type: ignore[arg-type]
    assert ("Kind.SMALL", "const") in [(t.qualified, t.kind) for t in kind]


def test_a_class_is_used_through_imports_its_package_and_qualified_names(shapes: Project) -> None:
    sites = _sites(shapes, _target(shapes, CIRCLE, "Circle"))
    assert sites[("Main.java", 3)] == (RESOLVED, "import")
    assert sites[("Main.java", 8)] == (RESOLVED, "import")  # import static ...Circle.unit
    assert sites[("Main.java", 12)] == (RESOLVED, "reference")
    assert ("Main.java", 31) in sites  # com.acme.shapes.Circle.PI
    assert sites[("CircleTest.java", 8)] == (RESOLVED, "reference")  # same package, no import
    # Its constructors change with it.
    assert sites[("Circle.java", 7)] == (RESOLVED, "definition")


def test_nested_types_of_the_same_name_are_told_apart(shapes: Project) -> None:
    circle_builder = _sites(shapes, _target(shapes, CIRCLE, "Circle.Builder"))
    assert ("Main.java", 27) in circle_builder
    assert not any(f == "Square.java" for f, _ in circle_builder)
    square = _sites(
        shapes, _target(shapes, "src/main/java/com/acme/shapes/Square.java", "Square.Builder")
    )
    assert not any(f == "Main.java" for f, _ in square)


def test_members_through_this_fields_parameters_locals_var_and_static_calls(
    shapes: Project,
) -> None:
    area = _sites(shapes, _target(shapes, CIRCLE, "Circle.area"))
    assert area[("Main.java", 17)] == (RESOLVED, "reference")  # for (Shape s : shapes) s.area()
    assert area[("Main.java", 31)] == (RESOLVED, "reference")  # given.area(), this.first.area()
    assert area[("Star.java", 7)] == (RESOLVED, "reference")  # on-demand import
    assert ("Star.java", 10) not in area  # another class's own area()
    unit = _sites(shapes, _target(shapes, CIRCLE, "Circle.unit"))
    assert unit[("Main.java", 8)] == (RESOLVED, "import")
    assert unit[("Main.java", 25)] == (RESOLVED, "reference")  # Circle.unit()
    assert unit[("Main.java", 26)] == (RESOLVED, "reference")  # unit() by static import
    radius = _sites(shapes, _target(shapes, CIRCLE, "Circle.radius"))
    assert radius[("Circle.java", 8)] == (RESOLVED, "reference")  # this.radius = radius
    assert ("Circle.java", 37) not in radius and ("Circle.java", 42) not in radius  # the Builder's
    pi = _sites(shapes, _target(shapes, CIRCLE, "Circle.PI"))
    assert pi[("Circle.java", 13)] == (RESOLVED, "reference")


def test_var_and_a_container_element_are_inferred(shapes: Project) -> None:
    area = _sites(shapes, _target(shapes, CIRCLE, "Circle.area"))
    assert area[("Main.java", 20)] == (BY_TYPE, "reference")  # shapes.get(0).area()
    scale2 = _sites(shapes, _target(shapes, CIRCLE, "Circle.scale", line=20))
    assert scale2[("Main.java", 30)] == (
        BY_TYPE,
        "reference",
    )  # var d = Circle.unit(); d.scale(1, 2)


def test_a_lambda_parameter_is_typed_by_the_elements_it_is_given(shapes: Project) -> None:
    area = _sites(shapes, _target(shapes, CIRCLE, "Circle.area"))
    assert area[("Main.java", 19)] == (BY_TYPE, "reference")  # List<Shape>: s -> s.area()
    assert area[("Main.java", 17)] == (RESOLVED, "reference")  # Shape s: a stated type


def test_overloads_are_told_apart_by_their_number_of_arguments(shapes: Project) -> None:
    one = _sites(shapes, _target(shapes, CIRCLE, "Circle.scale", line=16))
    assert ("Circle.java", 21) in one  # scale(by) inside the other overload
    assert ("Circle.java", 20) not in one  # the other overload's declaration
    assert ("Main.java", 30) in one  # c.scale(2)
    two = _sites(shapes, _target(shapes, CIRCLE, "Circle.scale", line=20))
    assert ("Circle.java", 16) not in two and ("Circle.java", 21) not in two


def test_same_arity_overloads_are_told_apart_by_argument_types_or_left_unsure(
    tmp_path: Path,
) -> None:
    project = _project(
        tmp_path,
        {
            "p/A.java": "package p;\nclass A {\n  void put(int x) {}\n  void put(String s) {}\n"
            '  void go(java.util.List<Object> xs) {\n    put(1);\n    put("s");\n'
            "    xs.forEach(v -> put(v));\n  }\n}\n",
        },
    )
    sites = _sites(project, _target(project, "p/A.java", "A.put", line=3))
    assert sites[("A.java", 6)] == (RESOLVED, "reference")  # put(1)
    assert ("A.java", 7) not in sites  # put("s") is the other overload
    assert sites[("A.java", 8)] == (BY_NAME, "reference")  # an argument of unknown type
    assert ("A.java", 4) not in sites


def test_overriding_methods_are_one_family(shapes: Project) -> None:
    area = _sites(shapes, _target(shapes, "src/main/java/com/acme/shapes/Shape.java", "Shape.area"))
    assert area[("Circle.java", 12)] == (RESOLVED, "definition")
    assert area[("Square.java", 6)] == (RESOLVED, "definition")
    assert area[("Shape.java", 7)] == (RESOLVED, "reference")  # the default method's call
    # A class that inherits size() from its superclass and implements an interface that
    # declares it ties the two together.
    size = _sites(shapes, _target(shapes, "src/main/java/com/acme/shapes/Sized.java", "Sized.size"))
    assert size[("Base.java", 4)] == (RESOLVED, "definition")
    assert size[("Both.java", 7)] == (RESOLVED, "reference")  # size() from an anonymous class


def test_external_receivers_are_not_references(shapes: Project) -> None:
    project = _project(
        shapes.root and Path(shapes.root),
        {
            "src/main/java/com/acme/shapes/Len.java": "package com.acme.shapes;\nclass Len {\n"
            "  int length() { return 0; }\n  int use(String s) { return s.length(); }\n}\n"
        },
    )
    sites = _sites(
        project, _target(project, "src/main/java/com/acme/shapes/Len.java", "Len.length")
    )
    assert list(sites) == [("Len.java", 3)]


def test_renames_the_build_would_not_survive_are_refused(shapes: Project) -> None:
    model = model_for("java")
    problem = model.rename_problem(shapes, _target(shapes, CIRCLE, "Circle.toString"))  # type: ignore[attr-defined]
    assert problem is not None and "Object.toString" in problem
    problem = model.rename_problem(shapes, _target(shapes, CIRCLE, "Circle"))  # type: ignore[attr-defined]
    assert problem is not None and "Circle.java" in problem
    assert model.rename_problem(shapes, _target(shapes, CIRCLE, "Circle.area")) is None  # type: ignore[attr-defined]
    assert model.rename_problem(shapes, _target(shapes, CIRCLE, "Circle.Builder")) is None  # type: ignore[attr-defined]
    square = _target(shapes, "src/main/java/com/acme/shapes/Square.java", "Square")
    assert model.rename_problem(shapes, square) is None  # type: ignore[attr-defined]


def test_an_override_of_a_library_method_is_refused(tmp_path: Path) -> None:
    project = _project(
        tmp_path,
        {
            "p/Task.java": "package p;\nclass Task implements Runnable {\n  @Override\n"
            "  public void run() {}\n  void other() {}\n}\n"
        },
    )
    model = model_for("java")
    problem = model.rename_problem(project, _target(project, "p/Task.java", "Task.run"))  # type: ignore[attr-defined]
    assert problem is not None and "Runnable" in problem
    assert model.rename_problem(project, _target(project, "p/Task.java", "Task.other")) is None  # type: ignore[attr-defined]


def test_enum_constants_in_switch_labels(shapes: Project) -> None:
    sites = _sites(shapes, _target(shapes, "src/main/java/com/acme/app/Kind.java", "Kind.SMALL"))
    assert sites[("Kind.java", 8)] == (RESOLVED, "reference")


def test_junit_tests_are_tests(shapes: Project) -> None:
    model = model_for("java")
    rel = "src/test/java/com/acme/shapes/CircleTest.java"
    assert is_test_file(rel)
    assert is_test_file("lib/FooTest.java") and is_test_file("lib/FooTests.kt")
    assert not is_test_file("lib/Contest.java")
    data = shapes.file(rel).data  # type: ignore[union-attr]
    in_test_method = data.index(b"c.area()")
    in_helper = data.index(b"Circle.unit();\n    }\n}")
    other = "src/main/java/com/acme/shapes/Circle.java"
    assert model.in_test(shapes, rel, in_test_method)
    assert not model.in_test(shapes, rel, in_helper)
    assert not model.in_test(shapes, other, 10)


def test_kotlin_imports_and_packages(tmp_path: Path) -> None:
    project = _project(
        tmp_path,
        {
            "src/main/java/com/acme/Tool.java": "package com.acme;\npublic class Tool {\n"
            "  public static int count() { return 1; }\n}\n",
            "src/main/kotlin/app/Use.kt": "package app\n\nimport com.acme.Tool\n\n"
            "fun use() = Tool.count()\n",
            "src/main/kotlin/other/Blind.kt": "package other\n\nfun Tool() = 1\n",
            "src/main/kotlin/com/acme/Same.kt": "package com.acme\n\nfun same() = Tool.count()\n",
        },
    )
    sites = _sites(project, _target(project, "src/main/java/com/acme/Tool.java", "Tool"))
    assert sites[("Use.kt", 3)] == (RESOLVED, "import")
    assert sites[("Use.kt", 5)] == (BY_NAME, "reference")
    assert sites[("Same.kt", 3)] == (BY_NAME, "reference")  # its package: no import
    assert ("Blind.kt", 3) not in sites  # neither its package nor imported


def test_uses_are_the_calls_javac_binds_to_that_method(shapes: Project) -> None:
    """A rename changes the whole family; explain and impact list the calls that bind to
    the one method asked about: through its class, not through the base type."""
    model = model_for("java")

    def uses(target):  # type: ignore[no-untyped-def]
        sites = model.uses(shapes, target, model.candidate_files(shapes, target))
        return {(s.file.rsplit("/", 1)[-1], s.line) for s in sites if s.role == "reference"}

    circle = uses(_target(shapes, CIRCLE, "Circle.area"))
    assert ("Main.java", 31) in circle  # given.area(), given: Circle
    assert ("Main.java", 17) not in circle  # s.area(), s: Shape
    shape = uses(_target(shapes, "src/main/java/com/acme/shapes/Shape.java", "Shape.area"))
    assert ("Main.java", 17) in shape
    assert ("Main.java", 31) not in shape
    assert ("Main.java", 17) in _sites(shapes, _target(shapes, CIRCLE, "Circle.area"))  # renamed
