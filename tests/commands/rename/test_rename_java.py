"""``prx rename`` on Java (issue #28): a method renamed with the methods that override it
and every call the receivers' types tie to it, an overload left alone, a class renamed
with its constructors and imports; the renames javac would refuse are refused, with their
reason."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import prx
from prx.core.errors import InvalidArgumentError

FILES = {
    "src/main/java/com/acme/shapes/Shape.java": (
        "package com.acme.shapes;\n\npublic interface Shape {\n    double area();\n}\n"
    ),
    "src/main/java/com/acme/shapes/Circle.java": (
        "package com.acme.shapes;\n\npublic class Circle implements Shape {\n"
        "    private final double radius;\n\n"
        "    public Circle(double radius) {\n        this.radius = radius;\n    }\n\n"
        "    @Override\n    public double area() {\n        return radius * radius;\n    }\n\n"
        "    public double scale(double by) {\n        return radius * by;\n    }\n\n"
        "    public double scale(double by, double extra) {\n        return scale(by) + extra;\n    }\n\n"
        '    @Override\n    public String toString() {\n        return "Circle";\n    }\n\n'
        "    static class Helper {\n        Circle make() {\n            return new Circle(1);\n        }\n    }\n}\n"
    ),
    "src/main/java/com/acme/app/Main.java": (
        "package com.acme.app;\n\nimport com.acme.shapes.Circle;\nimport com.acme.shapes.Shape;\n\n"
        "public class Main {\n    public static double run() {\n"
        "        Shape s = new Circle(2);\n        Circle c = new Circle(3);\n"
        "        return s.area() + c.area() + c.scale(2) + c.scale(1, 2);\n    }\n\n"
        "    double area() {\n        return 0;\n    }\n\n    static class Helper {\n    }\n}\n"
    ),
}


@pytest.fixture
def shapes(tmp_path: Path) -> Path:
    for rel, text in FILES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def _read(root: Path, rel: str) -> str:
    return (root / rel).read_text()


def test_a_method_is_renamed_with_its_overrides_and_calls(shapes: Path) -> None:
    res = prx.rename("Shape.area", "surface", ".", apply=True, check="never", root=shapes)
    assert res.applied
    assert "double surface();" in _read(shapes, "src/main/java/com/acme/shapes/Shape.java")
    circle = _read(shapes, "src/main/java/com/acme/shapes/Circle.java")
    assert "public double surface()" in circle
    main = _read(shapes, "src/main/java/com/acme/app/Main.java")
    assert "s.surface() + c.surface()" in main
    assert "double area() {" in main  # Main's own area() is another method


def test_one_overload_is_renamed_alone(shapes: Path) -> None:
    place = "src/main/java/com/acme/shapes/Circle.java:15"
    res = prx.rename(place, "grow", ".", apply=True, check="never", root=shapes)
    assert res.applied
    circle = _read(shapes, "src/main/java/com/acme/shapes/Circle.java")
    assert "public double grow(double by)" in circle
    assert "public double scale(double by, double extra)" in circle
    assert "return grow(by) + extra;" in circle
    main = _read(shapes, "src/main/java/com/acme/app/Main.java")
    assert "c.grow(2) + c.scale(1, 2)" in main


def test_a_nested_class_is_renamed_with_its_constructor_uses(shapes: Path) -> None:
    res = prx.rename("Circle.Helper", "Maker", ".", apply=True, check="never", root=shapes)
    assert res.applied
    circle = _read(shapes, "src/main/java/com/acme/shapes/Circle.java")
    assert "static class Maker {" in circle
    assert "static class Helper {" in _read(shapes, "src/main/java/com/acme/app/Main.java")


def test_an_override_of_object_is_refused(shapes: Path) -> None:
    before = _read(shapes, "src/main/java/com/acme/shapes/Circle.java")
    with pytest.raises(InvalidArgumentError, match="Object.toString"):
        prx.rename("Circle.toString", "show", ".", apply=True, check="never", root=shapes)
    assert _read(shapes, "src/main/java/com/acme/shapes/Circle.java") == before


def test_a_public_top_level_class_is_refused(shapes: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="Circle.java"):
        prx.rename("Circle", "Round", ".", apply=True, check="never", root=shapes)


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not installed")
def test_the_renamed_project_still_compiles(
    shapes: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    prx.rename("Shape.area", "surface", ".", apply=True, check="never", root=shapes)
    prx.rename(
        "src/main/java/com/acme/shapes/Circle.java:15",
        "grow",
        ".",
        apply=True,
        check="never",
        root=shapes,
    )
    out = tmp_path_factory.mktemp("classes")
    sources = [str(p) for p in shapes.rglob("*.java")]
    done = subprocess.run(["javac", "-d", str(out), *sources], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_class_named_by_a_resource_file_is_refused(shapes: Path) -> None:
    """A message bundle keyed by class names (``pkg.Name.message = ..``): renaming the
    class would leave its message behind, so the rename is refused."""
    bundle = shapes / "src/main/resources/Messages.properties"
    bundle.parent.mkdir(parents=True)
    bundle.write_text("com.acme.shapes.Circle.Helper.message = a helper\n")
    main = _read(shapes, "src/main/java/com/acme/shapes/Circle.java")
    with pytest.raises(InvalidArgumentError, match="Messages.properties"):
        prx.rename("Circle.Helper", "Maker", ".", apply=True, check="never", root=shapes)
    assert _read(shapes, "src/main/java/com/acme/shapes/Circle.java") == main
    res = prx.rename("Main.Helper", "Maker", ".", apply=True, check="never", root=shapes)
    assert res.applied  # another class of the same simple name, not in the bundle


def test_a_method_named_by_a_string_is_refused(shapes: Path) -> None:
    """``getMethod("scale", ..)`` finds the method by its name at run time."""
    path = shapes / "src/main/java/com/acme/app/Reflect.java"
    path.write_text(
        "package com.acme.app;\n\nclass Reflect {\n    Object find(Class<?> c) throws Exception {\n"
        '        return c.getMethod("area");\n    }\n}\n'
    )
    with pytest.raises(InvalidArgumentError, match='"area"'):
        prx.rename("Shape.area", "surface", ".", apply=True, check="never", root=shapes)


@pytest.mark.skipif(shutil.which("javac") is None, reason="javac is not installed")
def test_a_field_and_a_method_of_the_same_name_are_renamed_apart(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    files = {
        "p/Box.java": "package p;\npublic class Box {\n  private int size;\n"
        "  public Box size(int size) { this.size = size; return this; }\n"
        "  public int get() { return size; }\n}\n",
        "p/Use.java": "package p;\nclass Use {\n  int go() { return new Box().size(2).get(); }\n}\n",
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    res = prx.rename("p/Box.java:3", "count", ".", apply=True, check="never", root=tmp_path)
    assert res.applied
    box = _read(tmp_path, "p/Box.java")
    assert "private int count;" in box and "this.count = size;" in box
    assert "return count;" in box and "public Box size(int size)" in box
    assert "new Box().size(2)" in _read(tmp_path, "p/Use.java")
    out = tmp_path_factory.mktemp("classes")
    sources = [str(p) for p in tmp_path.rglob("*.java")]
    done = subprocess.run(["javac", "-d", str(out), *sources], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
