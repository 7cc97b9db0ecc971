"""Records behave like frozen, slotted, keyword-only dataclasses, and work with their API."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import subprocess
import sys
from typing import ClassVar

import pytest

import prx.types
from prx.core.record import MISSING, FrozenInstanceError, field, fields_of, record, replace


@record
class Point:
    """A point."""

    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    notes: dict[str, int] = field(default_factory=dict)
    kind: ClassVar[str] = "point"

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)


@record(kw_only=False)
class Pair:
    left: str
    right: str = "-"


@record(eq=False)
class Handle:
    name: str


@record
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low > high")


def test_fields_defaults_and_methods():
    p = Point(x=3, y=-4)
    assert (p.x, p.y, p.tags, p.notes, p.norm1()) == (3, -4, (), {}, 7)
    assert Point.kind == "point" and [f.name for f in fields_of(p)] == ["x", "y", "tags", "notes"]
    assert repr(p) == "Point(x=3, y=-4, tags=(), notes={})"
    assert Point.__doc__ == "A point."
    assert Point(x=1).notes is not Point(x=1).notes  # a fresh value per instance


def test_keyword_only_unless_asked():
    with pytest.raises(TypeError):
        Point(1)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Point(y=1)  # type: ignore[call-arg]
    assert Pair("a") == Pair(left="a", right="-") and Pair("a", "b").right == "b"
    assert Pair.__match_args__ == ("left", "right")


def test_frozen_and_slotted():
    p = Point(x=1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):  # callers of the dataclasses API
        del p.y  # type: ignore[misc]
    assert not hasattr(p, "__dict__")


def test_value_equality_and_hash():
    a, b = Point(x=1, tags=("t",)), Point(x=1, tags=("t",))
    assert a == b and a != Point(x=2, tags=("t",))
    with pytest.raises(TypeError, match="unhashable"):  # as a dataclass with a dict field
        hash(a)
    assert hash(Pair("a", "b")) == hash(Pair("a", "b")) and len({Pair("a"), Pair("a")}) == 1
    assert Pair("a") != ("a", "-")
    h = Handle(name="n")
    assert h != Handle(name="n") and h == h and len({h, Handle(name="n")}) == 2


def test_post_init_runs():
    with pytest.raises(ValueError, match="low > high"):
        Checked(low=2, high=1)


def test_mutable_defaults_are_refused():
    with pytest.raises(TypeError, match="mutable default list"):

        @record
        class Bad:
            items: list[int] = []  # noqa: RUF012


def test_positional_record_refuses_required_after_default():
    with pytest.raises(TypeError, match="follows a default"):

        @record(kw_only=False)
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]


def test_replace():
    p = Point(x=1, y=2)
    assert replace(p, y=5) == Point(x=1, y=5) and p.y == 2
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(p, z=1)


def test_the_dataclasses_api_works_on_records():
    p = Point(x=1, tags=("a",))
    assert dataclasses.is_dataclass(p) and dataclasses.is_dataclass(Point)
    table = {f.name: f for f in dataclasses.fields(p)}
    assert list(table) == ["x", "y", "tags", "notes"]
    assert table["y"].default == 0 and table["x"].default is dataclasses.MISSING
    assert table["notes"].default_factory is dict
    assert dataclasses.asdict(p) == {"x": 1, "y": 0, "tags": ("a",), "notes": {}}
    assert dataclasses.replace(p, x=9) == Point(x=9, tags=("a",))


def test_field_metadata_is_kept():
    @record
    class WithMeta:
        a: int = field(default=1, metadata={"k": "v"})

    (only,) = fields_of(WithMeta)
    assert only.default == 1 and only.metadata == {"k": "v"}
    assert dataclasses.fields(WithMeta)[0].metadata["k"] == "v"
    with pytest.raises(ValueError):
        field(default=1, default_factory=int)


def test_fields_of_reads_plain_dataclasses_too():
    @dataclasses.dataclass
    class Plain:
        a: int
        b: int = 2

    assert [(f.name, f.default) for f in fields_of(Plain)] == [("a", MISSING), ("b", 2)]
    assert replace(Plain(a=1), b=3) == Plain(a=1, b=3)


def test_pickle_and_copy_round_trip():
    p = Point(x=1, y=2, tags=("a",), notes={"n": 1})
    assert pickle.loads(pickle.dumps(p)) == p
    assert copy.deepcopy(p) == p and copy.copy(p) == p
    assert pickle.loads(pickle.dumps(Pair("a", "b"))) == Pair("a", "b")


def test_every_public_type_is_a_dataclass_for_its_users():
    for name in prx.types.__all__:
        cls = getattr(prx.types, name)
        if isinstance(cls, type) and hasattr(cls, "__record_fields__"):
            assert dataclasses.is_dataclass(cls), name
            assert [f.name for f in dataclasses.fields(cls)] == [f.name for f in fields_of(cls)]


def test_records_do_not_import_dataclasses():
    probe = (
        "import sys\n"
        "from prx.core.record import record, replace\n"
        "@record\n"
        "class A:\n"
        "    a: int\n"
        "    b: str = 'x'\n"
        "r = replace(A(a=1), b='y')\n"
        "assert r == A(a=1, b='y') and hash(r) == hash(A(a=1, b='y'))\n"
        "print('dataclasses' in sys.modules, 'inspect' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_fields_left_out_of_comparison():
    @record(kw_only=False)
    class Seen:
        name: str
        when: int = field(default=0, compare=False)

    a, b = Seen("x", 1), Seen("x", 2)
    assert a == b and hash(a) == hash(b) and repr(a) == "Seen(name='x', when=1)"
    assert Seen.__getstate__(a) == ("x", 1)  # pickling keeps every field
    assert dataclasses.fields(Seen)[1].compare is False and fields_of(Seen)[1].compare is False

    @record(kw_only=False)
    class FromDataclassField:
        name: str
        when: int = dataclasses.field(default=0, compare=False)

    assert FromDataclassField("x", 1) == FromDataclassField("x", 2)


def test_a_mutable_record_is_assignable_unhashable_and_still_a_dataclass_to_the_api():
    from prx.core.record import field, record

    @record(frozen=False, kw_only=False)
    class Tally:
        name: str
        seen: list[int] = field(default_factory=list)

    tally = Tally("a")
    tally.seen.append(1)
    tally.name = "b"  # no FrozenInstanceError
    assert (tally.name, tally.seen) == ("b", [1]) and Tally("b", [1]) == tally
    assert Tally("x").seen is not Tally("x").seen  # a fresh default each time
    with pytest.raises(TypeError):
        hash(tally)
    with pytest.raises(AttributeError):
        tally.other = 1  # type: ignore[attr-defined]  # slotted
    assert dataclasses.replace(tally, name="c").name == "c"
    assert [f.name for f in dataclasses.fields(Tally)] == ["name", "seen"]


def test_search_and_index_modules_do_not_import_dataclasses():
    import subprocess
    import sys

    code = (
        "import sys; import prx.commands.search.engine, prx.engine.retrieval.engine, prx.engine.index.build;"
        " print('dataclasses' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
