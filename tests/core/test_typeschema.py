"""prx.core.jsonschema: the JSON Schema of what ``to_jsonable`` writes for a type, checked
against real values (with jsonschema, installed with the MCP SDK)."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Literal, Optional

import pytest

from prx.core.envelope import to_jsonable
from prx.core.jsonschema import json_schema, record_fields, union_members
from prx.core.record import INTERNAL, OMIT_WHEN, record
from prx.core.record import field as record_field

jsonschema = pytest.importorskip("jsonschema")


class Colour(str, enum.Enum):  # a str enum: json writes its value
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Leaf:
    name: str
    weight: float = 1.0


@dataclass(frozen=True)
class Plugin:
    """A plugin's own result: every kind of field a result type uses."""

    title: str
    count: int
    ratio: float
    flag: bool
    note: Optional[str]  # noqa: UP045  (the old spelling, as a plugin may write it)
    maybe: int | None
    leaves: tuple[Leaf, ...]
    pair: tuple[str, int]
    names: list[str]
    by_name: dict[str, int]
    leaf: Leaf | None
    kind: Literal["a", "b"]
    colour: Colour
    anything: object = None
    tags: list[str] = field(default_factory=list)


@record
class Tree:
    """A recursive record with omissible and internal fields."""

    label: str
    children: tuple[Tree, ...] = ()
    extra: str | None = record_field(default=None, metadata={OMIT_WHEN: None})
    secret: str = record_field(default="", metadata={INTERNAL: True}, compare=False)


def _valid(schema, value):
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return not list(cls(schema).iter_errors(json.loads(json.dumps(to_jsonable(value)))))


def test_every_kind_of_field_type():
    schema = json_schema(Plugin)
    props = schema["properties"]
    assert props["title"] == {"type": "string"}
    assert props["count"] == {"type": "integer"}
    assert props["ratio"] == {"type": "number"}
    assert props["flag"] == {"type": "boolean"}
    assert props["note"] == {"type": ["string", "null"]}
    assert props["maybe"] == {"type": ["integer", "null"]}
    assert props["leaves"]["items"]["required"] == ["name", "weight"]
    assert props["pair"] == {
        "type": "array",
        "prefixItems": [{"type": "string"}, {"type": "integer"}],
        "minItems": 2,
    }
    assert props["names"] == {"type": "array", "items": {"type": "string"}}
    assert props["by_name"] == {"type": "object", "additionalProperties": {"type": "integer"}}
    assert props["leaf"]["type"] == ["object", "null"]
    assert props["kind"] == {"enum": ["a", "b"]}
    assert props["colour"] == {"enum": ["red", "blue"]}
    assert props["anything"] == {}
    assert props["tags"] == {"type": "array", "items": {"type": "string"}}
    assert schema["required"] == list(props)  # a dataclass writes every field


def test_real_values_validate_and_wrong_ones_do_not():
    value = Plugin(
        title="t",
        count=2,
        ratio=0.5,
        flag=True,
        note=None,
        maybe=3,
        leaves=(Leaf(name="x"),),
        pair=("a", 1),
        names=["n"],
        by_name={"a": 1},
        leaf=None,
        kind="b",
        colour=Colour.RED,
    )
    schema = json_schema(Plugin)
    assert _valid(schema, value)
    assert not _valid(schema, {**to_jsonable(value), "count": "2"})
    assert not _valid(schema, {**to_jsonable(value), "kind": "c"})
    assert not _valid(schema, {**to_jsonable(value), "colour": "green"})
    assert not _valid(schema, {**to_jsonable(value), "pair": [1, "a"]})
    assert not _valid(schema, {k: v for k, v in to_jsonable(value).items() if k != "title"})


def test_records_follow_the_serialiser():
    schema = json_schema(Tree)
    assert "secret" not in schema["properties"]  # INTERNAL: never in the JSON
    assert schema["required"] == ["label", "children"]  # OMIT_WHEN: not always there
    # A record inside itself is not described again.
    assert schema["properties"]["children"]["items"] == {"type": "object"}
    tree = Tree(label="a", children=(Tree(label="b", extra="e"),))
    assert _valid(schema, tree) and _valid(schema, Tree(label="c"))
    assert [name for name, _, _ in record_fields(Tree)] == ["label", "children", "extra"]


def test_depth_summarises_nested_records():
    assert json_schema(Plugin, depth=0) == {"type": "object"}
    shallow = json_schema(Plugin, depth=1)["properties"]
    assert shallow["leaves"] == {"type": "array", "items": {"type": "object"}}
    assert shallow["leaf"] == {"type": ["object", "null"]}
    assert "required" not in json_schema(Plugin, required=False)


def test_prx_result_types_resolve_and_unions_split():
    from prx.types import FindResult, SearchExistsResult, SearchResult

    # find.py imports Any only for type checkers: its `tree` field still resolves.
    assert json_schema(FindResult)["properties"]["tree"] == {"type": ["object", "null"]}
    assert union_members(SearchResult | SearchExistsResult) == (SearchResult, SearchExistsResult)
    assert union_members(SearchResult) == (SearchResult,)
    either = json_schema(SearchResult | SearchExistsResult)
    assert [len(option["required"]) > 1 for option in either["anyOf"]] == [True, True]


def test_an_annotation_that_does_not_resolve_accepts_anything():
    @dataclass
    class Odd:
        value: NotDefinedAnywhere  # type: ignore[name-defined]  # noqa: F821

    assert json_schema(Odd)["properties"]["value"] == {}
