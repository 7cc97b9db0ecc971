"""MCP tool descriptions generated from operation descriptors (no SDK needed).

A tool's input schema lists the operation's parameters (command-line shorthands and
command-line-only parameters left out) with their help as description, their choices as
an enum and their defaults; every tool takes ``budget``.
"""

from __future__ import annotations

from prx._record import MISSING, fields_of
from prx.cli.parser import param_kind
from prx.plugin._operation import Operation, ParamInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_BUDGET",
    "budget_field",
    "describe",
    "input_schema",
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
    "outline": " Use instead of reading a whole file to see its symbols.",
    "exists": " Use instead of test -e/grep -l.",
}

_BUDGET_HELP = (
    f"cap the answer at N tokens (default {DEFAULT_BUDGET}, at most {MAX_BUDGET}); "
    "a cut answer carries a continuation_token"
)
#: For an operation without continuation (``run``, ``rename``): its answer says what it cut.
_BUDGET_HELP_NO_TOKEN = (
    f"cap the answer at N tokens (default {DEFAULT_BUDGET}, at most {MAX_BUDGET})"
)
_BUDGET_HELP_NO_CUT = f"refuse an answer over N tokens (default and at most {MAX_BUDGET})"


def budget_field(op: Operation) -> str | None:
    """The parameter that cuts ``op``'s answer to a budget, when its parameters have it
    (a plugin's operation may keep the default ``budget_param`` without such a field)."""
    names = {field.name for field in fields_of(op.params)}
    return op.budget_param if op.budget_param in names else None


def describe(op: Operation) -> str:
    """The tool's description: the operation's summary and when to use it."""
    return op.summary + _INSTEAD.get(op.name, "")


def _property(kind: str, info: ParamInfo, default: Any) -> dict[str, Any]:
    prop: dict[str, Any] = (
        {"type": "array", "items": {"type": "string"}}
        if kind == "strs"
        else {"type": "array", "items": {"type": "object"}}
        if kind == "json"
        else {"type": _JSON_TYPES[kind]}
    )
    if info.choices:
        prop["enum"] = list(info.choices)
    prop["description"] = info.help
    if default is not MISSING and default is not None and default != ():
        prop["default"] = list(default) if isinstance(default, tuple) else default
    return prop


def input_schema(op: Operation) -> dict[str, Any]:
    """The JSON schema of ``op``'s tool arguments."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    budget = budget_field(op)
    names = {field.name for field in fields_of(op.params)}
    cut_help = _BUDGET_HELP if "continue_token" in names else _BUDGET_HELP_NO_TOKEN
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        if not isinstance(info, ParamInfo) or info.cli_only or info.shorthand:
            continue
        prop = _property(param_kind(field.type), info, field.default)
        if field.name == budget:
            prop["description"] = cut_help
        properties[field.name] = prop
        if field.default is MISSING:
            required.append(field.name)
    if budget is None:
        properties["budget"] = {"type": "integer", "description": _BUDGET_HELP_NO_CUT}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


def tool_spec(op: Operation) -> dict[str, Any]:
    """Everything ``tools/list`` says about ``op``'s tool (the golden file's entries)."""
    return {
        "name": op.name,
        "description": describe(op),
        "inputSchema": input_schema(op),
        "annotations": {
            "readOnlyHint": op.read_only,
            "destructiveHint": not op.read_only,
            "idempotentHint": op.read_only,
            "openWorldHint": False,
        },
    }


def builtin_specs() -> list[dict[str, Any]]:
    """The specs of every built-in operation offered to MCP (tests/golden/mcp/tools.json)."""
    from prx.plugin.builtins import BUILTIN_OPERATIONS, load

    ops = [load(target) for target in BUILTIN_OPERATIONS.values()]
    return [tool_spec(op) for op in sorted(ops, key=lambda op: op.name) if "mcp" in op.frontends]


if __name__ == "__main__":  # python -m prx.mcpfront.schema > tests/golden/mcp/tools.json
    import json
    import sys

    sys.stdout.write(json.dumps(builtin_specs(), indent=2, ensure_ascii=False) + "\n")
