"""Edit requests: one change to one file, from keyword arguments or a JSON object."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from prx.core.errors import InvalidArgumentError, NotFoundError, PrxIOError
from prx.core.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.core.confined import ConfinedRoot

__all__ = ["EditRequest", "load_edit_list", "request_from_mapping"]


@record
class EditRequest:
    """One edit of one file: exactly one of ``find``, ``lines``, ``insert_after``, ``symbol``."""

    file: str
    find: str | None = None
    replace: str | None = None
    regex: bool = False
    replace_all: bool = False
    occurrence: int | None = None
    within: str | None = None
    lines: str | None = None
    content: str | None = None
    insert_after: str | None = None
    symbol: str | None = None
    body: str | None = None
    expect_hash: str | None = None

    @property
    def kind(self) -> str:
        """``find``, ``lines``, ``insert_after`` or ``symbol``."""
        for name in ("find", "lines", "insert_after", "symbol"):
            if getattr(self, name) is not None:
                return name
        return ""

    def validate(self) -> None:
        """Refuse a request that names no edit, several, or lacks a value it needs."""
        kinds = [
            n for n in ("find", "lines", "insert_after", "symbol") if getattr(self, n) is not None
        ]
        if not kinds:
            raise InvalidArgumentError(
                f"invalid argument: no edit for {self.file}: give {{param:find}} with "
                "{param:replace}, {param:lines} with {param:content}, {param:insert_after} "
                "with {param:content}, or {param:symbol} with {param:body}",
                param="find",
            )
        if len(kinds) > 1:
            raise InvalidArgumentError(
                "invalid argument: one edit takes one of {param:find}, {param:lines}, "
                "{param:insert_after} and {param:symbol}, not "
                + " and ".join(f"{{param:{kind}}}" for kind in kinds),
                param="find",
                suggestion="Send several edits as a list ({param:edits}).",
            )
        needs = {"find": "replace", "lines": "content", "insert_after": "content", "symbol": "body"}
        needed = needs[kinds[0]]
        if getattr(self, needed) is None:
            raise InvalidArgumentError(
                f"invalid argument {{param:{kinds[0]}}} needs {{param}}",
                param=needed,
            )
        extra = [
            name
            for name, value in (
                ("replace", self.replace),
                ("content", self.content),
                ("body", self.body),
            )
            if value is not None and name != needed
        ]
        if extra:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: it goes with another kind of edit than "
                f"{{param:{kinds[0]}}}",
                param=extra[0],
            )
        if self.kind != "find":
            for name in ("regex", "replace_all", "occurrence", "within"):
                if getattr(self, name) not in (None, False):
                    raise InvalidArgumentError(
                        "invalid argument {param}: it applies to {param:find} edits only",
                        param=name,
                    )
        if self.find == "":
            raise InvalidArgumentError("invalid argument {param}: empty find text", param="find")
        if self.replace_all and self.occurrence is not None:
            raise InvalidArgumentError(
                "invalid argument: {param:replace_all} and {param:occurrence} exclude each other",
                param="occurrence",
            )
        if self.occurrence is not None and self.occurrence < 1:
            raise InvalidArgumentError(
                "invalid argument {param}: occurrences are numbered from 1", param="occurrence"
            )


#: Keys of a JSON edit object, with the names other tools use.
_KEYS = {
    "file": "file",
    "path": "file",
    "find": "find",
    "old_str": "find",
    "old_string": "find",
    "replace": "replace",
    "new_str": "replace",
    "new_string": "replace",
    "regex": "regex",
    "all": "replace_all",
    "replace_all": "replace_all",
    "occurrence": "occurrence",
    "in": "within",
    "within": "within",
    "lines": "lines",
    "content": "content",
    "insert_after": "insert_after",
    "symbol": "symbol",
    "body": "body",
    "expect_hash": "expect_hash",
}
_TYPES: dict[str, tuple[type, ...]] = {
    "regex": (bool,),
    "replace_all": (bool,),
    "occurrence": (int,),
    "lines": (str, int),
    "insert_after": (str, int),
}


def request_from_mapping(
    item: Mapping[str, Any], default_file: str | None, index: int
) -> EditRequest:
    """The request a JSON edit object describes (``file`` defaults to ``default_file``)."""
    if not isinstance(item, Mapping):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: edit {index + 1} is not an object", param="edits"
        )
    values: dict[str, Any] = {}
    for key, value in item.items():
        name = _KEYS.get(str(key))
        if name is None:
            from prx.core.errors import did_you_mean

            raise InvalidArgumentError(
                f"invalid argument {{param}}: edit {index + 1} has an unknown key {key!r}",
                param="edits",
                suggestion=did_you_mean(str(key), _KEYS)
                or f"Keys: {', '.join(sorted(set(_KEYS)))}.",
            )
        allowed = _TYPES.get(name, (str,))
        if value is not None and (
            not isinstance(value, allowed) or isinstance(value, bool) is not (bool in allowed)
        ):
            raise InvalidArgumentError(
                f"invalid argument {{param}}: edit {index + 1}: {key!r} must be "
                f"{' or '.join(t.__name__ for t in allowed)}",
                param="edits",
            )
        if name in ("lines", "insert_after") and isinstance(value, int):
            value = str(value)
        values[name] = value
    values.setdefault("file", default_file)
    if not values.get("file"):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: edit {index + 1} names no file", param="edits"
        )
    request = EditRequest(**values)
    request.validate()
    return request


def load_edit_list(
    edits: str | Sequence[Mapping[str, Any]], root: ConfinedRoot
) -> list[Mapping[str, Any]]:
    """The edit objects ``edits`` holds: a list already, the JSON text of one, or the path
    of a JSON file inside ``root`` (relative to it) holding one."""
    if not isinstance(edits, str):
        return list(edits)
    text = edits
    if not edits.strip():
        raise InvalidArgumentError("invalid argument {param}: no edits given", param="edits")
    if edits == "-":
        raise InvalidArgumentError(
            "invalid argument {param}: '-' (standard input) is for the command line; pass "
            "the list itself",
            param="edits",
        )
    if not edits.lstrip().startswith(("[", "{")):
        try:
            data = root.read_bytes(root.resolve(edits, param="edits"))
        except NotFoundError:
            raise NotFoundError(f"file not found: {edits}", param="edits") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PrxIOError(f"cannot read {edits}: {exc}") from None
    try:
        loaded = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: not JSON ({exc.msg}, line {exc.lineno})",
            param="edits",
            suggestion='A JSON list of edits: [{"file": "a.py", "find": "x", "replace": "y"}, ...]',
        ) from None
    if isinstance(loaded, Mapping):
        loaded = loaded.get("edits", [loaded]) if "edits" in loaded else [loaded]
    if not isinstance(loaded, list) or not loaded:
        raise InvalidArgumentError(
            "invalid argument {param}: expected a non-empty JSON list of edit objects",
            param="edits",
        )
    return loaded
