"""The Java model's types of arguments and lambda parameters (issue #28): a lambda's
parameter is typed by its target type (a declared functional interface, a project
interface, a JDK collection's, stream's or map's operation), and a call binds to the
overload javac would choose (``null`` is no primitive, an array is an array, a class
that is only ``Serializable`` is no ``Iterable``, the most specific overload wins); a
method reference stands for the overload whose parameters its target type's function
takes."""

from __future__ import annotations

from pathlib import Path

import prx
from prx.engine.intel.models import BY_NAME, BY_TYPE, RESOLVED, model_for
from prx.engine.intel.project import Project

ITEM = """package p;

public class Item {
    public String name() {
        return "";
    }

    public boolean ok() {
        return true;
    }
}
"""
VISITOR = """package p;

interface Visitor<T> {
    void visit(T item, int depth);
}
"""
USE = """package p;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.lib.Runner;

class Use {
    static final Function<Item, String> NAME = o -> o.name();
    private BiFunction<Item, Boolean, String> format;

    void go(List<Item> items, Map<String, Item> byName, boolean flag) {
        format = flag ? null : (o, b) -> o.name();
        byName.forEach((k, v) -> v.name());
        items.stream().filter(o -> o.ok()).forEach(o -> o.name());
        walk((i, d) -> i.name());
        Runner.run(o -> o.name());
    }

    void walk(Visitor<Item> visitor) {
    }

    void keep(Item item) {
    }

    void keep(Item item, int times) {
    }

    void all(List<Item> items) {
        items.forEach(this::keep);
    }
}
"""
OVERLOADS = """package p;

import java.io.Serializable;
import java.util.Properties;

class Overloads implements Serializable {
    Object value(String s, Object o) {
        return o;
    }

    Object value(String s, Class<?> c) {
        return c;
    }

    int take(Iterable<Item> items) {
        return 1;
    }

    int take(Overloads self) {
        return 2;
    }

    int parse(String[] args, boolean stop) {
        return 1;
    }

    int parse(String[] args, Properties props) {
        return 2;
    }

    int use(Object any) {
        value("a", String.class);
        value("b", any);
        take(this);
        parse(new String[] {"x"}, null);
        return parse(new String[0], true);
    }
}
"""


def _project(tmp_path: Path) -> Project:
    files = {
        "src/p/Item.java": ITEM,
        "src/p/Visitor.java": VISITOR,
        "src/p/Use.java": USE,
        "src/p/Overloads.java": OVERLOADS,
    }
    for rel, body in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    return Project(prx.Workspace(tmp_path), str(tmp_path))


def _lines(project: Project, rel: str, qualified: str, line: int, where: str) -> dict[int, str]:
    model = model_for("java")
    parsed = project.file(rel)
    assert parsed is not None
    (target,) = [
        t for t in model.definitions(project, parsed) if t.qualified == qualified and t.line == line
    ]
    sites = model.references(project, target, model.candidate_files(project, target))
    return {s.line: s.how for s in sites if s.file == where and s.role == "reference"}


def test_lambda_parameters_are_typed_by_their_target_type(tmp_path: Path) -> None:
    project = _project(tmp_path)
    name = _lines(project, "src/p/Item.java", "Item.name", 4, "src/p/Use.java")
    assert name[10] == BY_TYPE  # Function<Item, String> NAME = o -> o.name()
    assert name[14] == BY_TYPE  # format = flag ? null : (o, b) -> o.name()
    assert name[15] == BY_TYPE  # Map<String, Item>.forEach((k, v) -> v.name())
    assert name[16] == BY_TYPE  # items.stream().filter(..).forEach(o -> o.name())
    assert name[17] == BY_TYPE  # walk(Visitor<Item>): (i, d) -> i.name()
    assert name[18] == BY_NAME  # a library's method: the lambda's type is not known
    ok = _lines(project, "src/p/Item.java", "Item.ok", 8, "src/p/Use.java")
    assert ok == {16: BY_TYPE}  # filter(o -> o.ok()) on a stream of Item


def test_a_call_binds_to_the_overload_javac_chooses(tmp_path: Path) -> None:
    project = _project(tmp_path)
    rel = "src/p/Overloads.java"
    by_object = _lines(project, rel, "Overloads.value", 7, rel)
    by_class = _lines(project, rel, "Overloads.value", 11, rel)
    assert by_class == {32: RESOLVED}  # value("a", String.class): Class<?> is more specific
    assert by_object == {33: RESOLVED}  # value("b", any): only Object takes an Object
    # Overloads is Serializable only: no Iterable.
    assert _lines(project, rel, "Overloads.take", 15, rel) == {}
    assert _lines(project, rel, "Overloads.take", 19, rel) == {34: RESOLVED}
    # null is no boolean; new String[0] is an array; true is no Properties.
    assert _lines(project, rel, "Overloads.parse", 23, rel) == {36: RESOLVED}
    assert _lines(project, rel, "Overloads.parse", 27, rel) == {35: RESOLVED}


def test_a_method_reference_binds_to_the_overload_of_its_arity(tmp_path: Path) -> None:
    project = _project(tmp_path)
    rel = "src/p/Use.java"
    assert _lines(project, rel, "Use.keep", 24, rel) == {31: RESOLVED}  # forEach: one parameter
    assert _lines(project, rel, "Use.keep", 27, rel) == {}


BOXES = """package p;

class Boxes {
    static boolean isBreak(final char c) {
        return c == '\\n';
    }

    static boolean isBreak(final Character c) {
        return c != null && isBreak(c.charValue());
    }

    boolean use(char raw) {
        boolean a = isBreak(Character.valueOf(raw));
        boolean b = isBreak(Integer.valueOf(1).intValue() == 1 ? raw : 'x');
        return a && b;
    }
}
"""


def test_a_boxed_value_and_an_unboxed_one_choose_their_overload(tmp_path: Path) -> None:
    """``Character.valueOf(c)`` is a ``Character``, ``c.charValue()`` a ``char``: each
    call binds the overload of that type, as javac chooses (commons-csv's
    ``isLineBreak``)."""
    (tmp_path / "src/p").mkdir(parents=True)
    (tmp_path / "src/p/Boxes.java").write_text(BOXES)
    project = Project(prx.Workspace(tmp_path), str(tmp_path))
    rel = "src/p/Boxes.java"
    assert _lines(project, rel, "Boxes.isBreak", 4, rel) == {9: RESOLVED, 14: RESOLVED}
    assert _lines(project, rel, "Boxes.isBreak", 8, rel) == {13: RESOLVED}


ARRAYS = """package p;

class Octets {
    static boolean is(final byte octet) {
        return true;
    }

    static boolean is(final byte[] octets) {
        return true;
    }

    static boolean is(final String text) {
        return true;
    }

    void use(byte one, byte[] many) {
        final String empty = "";
        is(empty);
        is(many);
        is(one);
    }
}
"""


def test_an_array_of_primitives_takes_only_such_an_array(tmp_path: Path) -> None:
    """``is(String)``, ``is(byte[])`` and ``is(byte)``: a ``String`` argument binds the
    first, a ``byte[]`` the second (commons-codec's ``isBase64Url``)."""
    (tmp_path / "src/p").mkdir(parents=True)
    (tmp_path / "src/p/Octets.java").write_text(ARRAYS)
    project = Project(prx.Workspace(tmp_path), str(tmp_path))
    rel = "src/p/Octets.java"
    assert _lines(project, rel, "Octets.is", 12, rel) == {18: RESOLVED}
    assert _lines(project, rel, "Octets.is", 8, rel) == {19: RESOLVED}
    assert _lines(project, rel, "Octets.is", 4, rel) == {20: RESOLVED}


VARARGS = """package p;

import java.sql.ResultSet;
import java.util.Arrays;
import java.util.stream.Stream;

class Printer {
    void print(final Iterable<?> values) {
    }

    void print(final Object... values) {
        print(Arrays.asList(values));
    }

    void print(final ResultSet rows) {
    }

    void print(final Stream<?> values) {
    }

    void print(final ResultSet rows, final boolean header) {
        print(rows);
    }
}
"""


def test_a_fixed_arity_overload_that_surely_applies_wins_over_varargs(tmp_path: Path) -> None:
    """javac tries a varargs overload only when no other applies: ``print(rows)`` with a
    ``ResultSet`` binds ``print(ResultSet)`` (its own type), ``print(Arrays.asList(xs))``
    binds ``print(Iterable<?>)`` (a List is one), not ``print(Object...)`` (commons-csv's
    ``CSVPrinter.printRecords``)."""
    (tmp_path / "src/p").mkdir(parents=True)
    (tmp_path / "src/p/Printer.java").write_text(VARARGS)
    project = Project(prx.Workspace(tmp_path), str(tmp_path))
    rel = "src/p/Printer.java"
    assert _lines(project, rel, "Printer.print", 8, rel) == {12: RESOLVED}
    assert _lines(project, rel, "Printer.print", 11, rel) == {}
    assert _lines(project, rel, "Printer.print", 15, rel) == {22: RESOLVED}
    assert _lines(project, rel, "Printer.print", 18, rel) == {}
