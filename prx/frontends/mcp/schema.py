"""MCP tool descriptions generated from operation descriptors (no SDK needed).

A tool's input schema lists the operation's parameters (command-line shorthands and
command-line-only parameters left out) with their help as description, their choices as
an enum and their defaults; every tool takes ``budget``. Its output schema comes from the
operation's result type (:func:`output_schema`). Every token here is paid by every client
in its context: nothing is said twice (a default stated by ``default`` is not repeated in
the description, ``false`` is not stated for a flag, annotations equal to the protocol's
defaults are left out).
"""

from __future__ import annotations

import json
import re

from prx.core.record import MISSING, fields_of
from prx.plugin.operation import Operation, ParamInfo, param_kind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_BUDGET",
    "OUTPUT_SCHEMAS",
    "budget_field",
    "describe",
    "input_schema",
    "output_schema",
    "tool_annotations",
    "tool_spec",
]

#: Tokens an answer is cut to when the caller names no budget: well below the 8,000
#: tokens a single answer should stay under.
DEFAULT_BUDGET = 6_000
#: Tokens no answer may exceed (clients reject answers over ~25,000 tokens).
MAX_BUDGET = 25_000

_JSON_TYPES = {"bool": "boolean", "int": "integer", "float": "number", "str": "string"}

#: One line telling an agent when to prefer the tool over a shell command.
_INSTEAD = {
    "read": " Use instead of cat/head/sed.",
    "find": " Use instead of find/ls.",
    "search": " Use instead of grep/rg.",
    "outline": " Use instead of reading a whole file.",
    "exists": " Use instead of test -e/grep -l.",
}

#: For an operation that cuts its answer to the budget. The server's instructions say, once
#: for every tool, that a cut answer carries a ``continuation_token`` (the tools that take
#: ``continue_token``) and that no budget exceeds MAX_BUDGET.
_BUDGET_HELP = f"answer token cap (default {DEFAULT_BUDGET})"
#: For an operation that cannot cut its answer: the service refuses one over the budget.
_BUDGET_HELP_NO_CUT = f"refuse answers over N tokens (default {MAX_BUDGET})"
#: A help text's own note of the default (and what follows it), for when ``default``
#: states it.
_DEFAULT_NOTE = re.compile(r"\s*\(default:? (?P<value>[^();]+)(?:; (?P<rest>[^()]+))?\)$")
#: What only the command line needs: how to pass a list there, a note for it.
_CLI_ONLY = re.compile(r";? repeatable$|(?<=\()repeatable; |\s*\(CLI: [^()]*\)")

#: ``--output-schemas``: ``names`` (each answer's always-present ``data`` fields), ``full``
#: (every field with its type, nested ones included) or ``off``.
OUTPUT_SCHEMAS = ("names", "full", "off")
#: What marks a fallback answer's ``data``: the Unix tool's output (``source`` names it).
_FALLBACK_FIELDS = ["raw"]


def budget_field(op: Operation) -> str | None:
    """The parameter that cuts ``op``'s answer to a budget, when its parameters have it
    (a plugin's operation may keep the default ``budget_param`` without such a field)."""
    names = {field.name for field in fields_of(op.params)}
    return op.budget_param if op.budget_param in names else None


def describe(op: Operation) -> str:
    """The tool's description: the operation's summary and when to use it."""
    return _argument_names(op, op.summary) + _INSTEAD.get(op.name, "")


_FLAG = re.compile(r"--[a-z][a-z0-9-]*")


def _argument_names(op: Operation, text: str) -> str:
    """``text`` (written for the command line) with ``op``'s flags spelt as the tool's
    argument names: ``--apply`` is ``apply``, ``--top-k`` is ``top_k``."""
    if "--" not in text:
        return text
    names = {}
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        if isinstance(info, ParamInfo):
            names[info.flag or "--" + field.name.replace("_", "-")] = field.name
    return _FLAG.sub(lambda flag: names.get(flag[0], flag[0]), text)


def _property(op: Operation, kind: str, info: ParamInfo, default: Any) -> dict[str, Any]:
    prop: dict[str, Any] = (
        {"type": "array", "items": {"type": "string"}}
        if kind == "strs"
        else {"type": "array", "items": {"type": "object"}}
        if kind == "json"
        else {"type": _JSON_TYPES[kind]}
    )
    if info.choices:
        prop["enum"] = list(info.choices)
    # None, () and False (an unset flag) go without saying.
    stated = default is not MISSING and default is not None and default is not False
    stated = stated and default != ()
    prop["description"] = _help(op, info, default if stated else MISSING)
    if isinstance(default, float) and default.is_integer():
        default = int(default)  # 300, not 300.0: one token, not three
    if stated:
        prop["default"] = list(default) if isinstance(default, tuple) else default
    return prop


def _help(op: Operation, info: ParamInfo, default: Any) -> str:
    """A parameter's help as its tool's argument description: its flags as argument names,
    without what only the command line needs, nor what ``enum`` and ``default`` say."""
    text = _CLI_ONLY.sub("", _argument_names(op, info.help))
    note = _DEFAULT_NOTE.search(text)
    if default is not MISSING and note and note["value"] in (str(default), json.dumps(default)):
        text = text[: note.start()] + (f" ({note['rest']})" if note["rest"] else "")
    if info.choices and len(info.choices) > 1:
        listed = ", ".join(info.choices[:-1]) + " or " + info.choices[-1]
        if text.startswith(listed):
            text = text[len(listed) :].strip()
            if text.startswith("(") and text.endswith(")"):
                text = text[1:-1]
    return text


def input_schema(op: Operation) -> dict[str, Any]:
    """The JSON schema of ``op``'s tool arguments."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    budget = budget_field(op)
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        if not isinstance(info, ParamInfo) or info.cli_only or info.shorthand or info.beyond_root:
            continue
        if not info.listed:
            continue
        prop = _property(op, param_kind(field.type), info, field.default)
        if field.name == budget:
            prop["description"] = _BUDGET_HELP
        properties[field.name] = prop
        if field.default is MISSING:
            required.append(field.name)
    if budget is None:
        properties["budget"] = {"type": "integer", "description": _BUDGET_HELP_NO_CUT}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


def tool_annotations(op: Operation) -> dict[str, bool]:
    """The tool's behaviour hints, those that differ from the protocol's defaults (not
    read-only, destructive, not idempotent, open world) and mean something: the
    destructive and idempotent hints only count for a tool that is not read-only."""
    if op.read_only:
        return {"readOnlyHint": True, "openWorldHint": False}
    return {"openWorldHint": False}


def output_schema(op: Operation, mode: str = "names") -> dict[str, Any] | None:
    """The JSON schema of the structured content (the envelope) of ``op``'s successful
    answers, from its result type; None with ``mode`` ``off``.

    ``names`` lists the fields of ``data`` an answer always has (by name: the tool list
    stays small), ``full`` every field of ``data`` with its type, nested ones included,
    and the envelope's own fields. An operation that may answer through its Unix fallback
    also allows that answer's ``data`` (``raw``, ``source``). Nothing is required outside
    ``data``, and ``data`` itself is not: an error envelope (a tool error, which clients
    must not check against the schema) still passes where a client checks it all the same.
    """
    from prx.core.jsonschema import json_schema, union_members

    if mode == "off":
        return None
    falls_back = op.fallback is not None and op.read_only
    data: dict[str, Any]
    if mode == "full":
        data = json_schema(op.result)
        if falls_back:
            data = {"anyOf": [data, _FALLBACK_SCHEMA]}
        return {"type": "object", "properties": {**_ENVELOPE_FIELDS, "data": data}}
    shapes = [json_schema(member, depth=1) for member in union_members(op.result)]
    if all(shape.get("type") == "object" for shape in shapes):
        options = [{"required": s["required"]} if "required" in s else {} for s in shapes]
        if falls_back:
            options.append({"required": _FALLBACK_FIELDS})
        # ("required" says enough: "type": "object" would cost every tool four tokens.)
        if {} in options:
            data = {"type": "object"}
        elif len(options) == 1:
            data = options[0]
        else:
            data = {"anyOf": options}
    else:  # a plugin's result that is not an object
        data = json_schema(op.result, depth=0)
        if falls_back and data:
            data = {"anyOf": [data, {"required": _FALLBACK_FIELDS}]}
    return {"type": "object", "properties": {"data": data}}


#: The envelope's fields besides ``data`` (:mod:`prx.core.envelope`), for ``full`` schemas.
_ENVELOPE_FIELDS: dict[str, Any] = {
    "version": {"type": "string"},
    "command": {"type": "string"},
    "status": {"type": "string"},
    "tokens": {"type": "integer"},
    "warnings": {"type": "array", "items": {"type": "string"}},
    "fallback": {"type": "boolean"},
}
_FALLBACK_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"raw": {"type": "string"}, "source": {"type": "string"}},
    "required": ["raw", "source"],
}


def tool_spec(op: Operation, output: str = "names") -> dict[str, Any]:
    """Everything ``tools/list`` says about ``op``'s tool (the golden file's entries)."""
    spec: dict[str, Any] = {
        "name": op.name,
        "description": describe(op),
        "inputSchema": input_schema(op),
    }
    schema = output_schema(op, output)
    if schema is not None:
        spec["outputSchema"] = schema
    spec["annotations"] = tool_annotations(op)
    return spec


def builtin_specs(output: str = "names") -> list[dict[str, Any]]:
    """The specs of every built-in operation offered to MCP (tests/golden/mcp/tools.json)."""
    from prx.app.builtins import BUILTIN_OPERATIONS, load

    ops = [load(target) for target in BUILTIN_OPERATIONS.values()]
    return [
        tool_spec(op, output) for op in sorted(ops, key=lambda op: op.name) if "mcp" in op.frontends
    ]


if __name__ == "__main__":  # python -m prx.frontends.mcp.schema > tests/golden/mcp/tools.json
    import sys

    sys.stdout.write(json.dumps(builtin_specs(), indent=2, ensure_ascii=False) + "\n")
