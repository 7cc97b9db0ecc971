"""Regenerate the parts of ``docs/`` that list what the registry holds.

Each such part sits between ``<!-- generated: NAME -->`` and ``<!-- end generated: NAME -->``
in a Markdown file and is rewritten from the built-in components (no third-party plugin):
the ``prx --help`` text and each command's ``--help`` (at 80 columns), the CLI and MCP
references, the functions of the Python API with their signatures, the result types, the
retrievers, the rerank stages, the runner parsers and their priorities.
``python -m prx.docs_gen`` rewrites the files; ``--check`` only reports the sections that
differ (exit 1), which the test suite runs so that the docs cannot drift.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prx.app.workspace import Workspace

__all__ = ["SECTIONS", "main", "render_sections", "update_text"]

_MARKED = re.compile(
    r"(<!-- generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- end generated: (?P=name) -->)",
    re.DOTALL,
)
_OPENING = re.compile(r"<!-- generated: ([\w-]+) -->")


def _workspace() -> Workspace:
    from prx.app.workspace import Workspace
    from prx.core.config import Config

    home = "/path/to/prx-home"
    config = Config(
        home=home,
        stats_file=f"{home}/stats.jsonl",
        errors_file=f"{home}/errors.jsonl",
        autoload_plugins=False,
    )
    return Workspace(".", config=config)


def _names(names: Sequence[str]) -> str:
    quoted = [f"`{name}`" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _cli_help(ws: Workspace) -> str:
    from prx.frontends.cli.frontend import CliFrontend

    return f"```console\n$ prx --help\n{CliFrontend(ws)._help()}\n```\n"


def _command_help(ws: Workspace, name: str) -> str:
    import io
    from contextlib import redirect_stdout

    from prx.frontends.cli.frontend import CliFrontend

    out = io.StringIO()
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "80"  # argparse wraps to the terminal's width
    try:
        with redirect_stdout(out):
            CliFrontend(ws, stdout=out).main([name, "--help"])
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return f"```console\n$ prx {name} --help\n{out.getvalue()}```\n"


def _retrievers(ws: Workspace) -> str:
    names = [cls.NAME for cls in ws.registry.retrievers()]
    return f"Built in: {_names(names)}.\n"


def _rerankers(ws: Workspace) -> str:
    from prx.engine.ranking.stages import DEFAULT_PIPELINE

    names = [cls.NAME for cls in ws.registry.rerankers()]
    idle = [name for name in names if name not in DEFAULT_PIPELINE]
    text = f"Built in, run in this order by default: {_names(DEFAULT_PIPELINE)}."
    if idle:
        text += f" Registered but not run by default: {_names(idle)}."
    return text + "\n"


def _parser_order(ws: Workspace, extra: Sequence[Any] = ()) -> list[Any]:
    parsers = [*ws.registry.runner_parsers(), *extra]
    return sorted(parsers, key=lambda p: (-p.PRIORITY, p.NAME))  # as the registry sorts


def _runner_demo(ws: Workspace) -> str:
    # The output of the tutorial's demo: the built-ins plus its `wc` parser (PRIORITY 10).
    wc = type("WcParser", (), {"NAME": "wc", "PRIORITY": 10})
    names = [p.NAME for p in _parser_order(ws, [wc])]
    return f"```console\n$ python demo_runner.py\n{names!r}\n```\n"


def _parser_priorities(ws: Workspace) -> str:
    rows: dict[int, list[str]] = {}
    for parser in _parser_order(ws):
        rows.setdefault(parser.PRIORITY, []).append(f"`{parser.NAME}`")
    lines = ["| `PRIORITY` | Built-in parsers, in the order they are tried |", "| --- | --- |"]
    lines += [f"| {priority} | {', '.join(names)} |" for priority, names in rows.items()]
    return "\n".join(lines) + "\n"


def _parsed_fields(ws: Workspace) -> str:
    import dataclasses

    from prx.engine.runner.model import Parsed

    names = [f"`{field.name}`" for field in dataclasses.fields(Parsed)]
    return f"Its fields, all with defaults: {', '.join(names)}.\n"


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _cli_reference(ws: Workspace) -> str:
    """Every command of the CLI with its parameters, from the operations."""
    from prx.core.record import MISSING, fields_of

    out: list[str] = []
    for op in ws.registry.operations():
        if "cli" not in op.frontends:
            continue
        out += [f"### `prx {op.name}`", "", _cell(op.summary), ""]
        rows = []
        for f in fields_of(op.params):
            info = f.metadata.get("prx")
            if info is None:
                continue
            if info.positional:
                spelling = f"`{info.metavar or f.name.upper()}`"
            else:
                spelling = f"`{info.flag or '--' + f.name.replace('_', '-')}`"
                if info.short:
                    spelling += f", `{info.short}`"
            default = "required" if f.default is MISSING else f"`{f.default!r}`"
            if f.default_factory is not MISSING:
                default = f"`{f.default_factory()!r}`"
            rows.append(f"| {spelling} | `{_cell(f.type)}` | {default} | {_cell(info.help)} |")
        if rows:
            out += ["| Parameter | Type | Default | Meaning |", "| --- | --- | --- | --- |", *rows]
        else:
            out.append("No parameters.")
        out.append("")
    return "\n".join(out)


def _mcp_reference(ws: Workspace) -> str:
    """Every MCP tool with its arguments and the shape of its answer's ``data``, from the
    operations (``tools/list``)."""
    import json

    from prx.app.builtins import BUILTIN_OPERATIONS, load
    from prx.frontends.mcp.schema import builtin_specs

    operations = {op.name: op for op in map(load, BUILTIN_OPERATIONS.values())}
    out: list[str] = []
    for spec in builtin_specs():
        schema = spec["inputSchema"]
        required = set(schema.get("required", ()))
        hints = ", ".join(f"`{k}: {json.dumps(v)}`" for k, v in spec["annotations"].items())
        out += [f"### `{spec['name']}`", "", _cell(spec["description"]), ""]
        if hints:
            out += [f"Annotations: {hints}.", ""]
        out += [
            "| Argument | Type | Required | Default | Meaning |",
            "| --- | --- | --- | --- | --- |",
        ]
        for name, prop in schema.get("properties", {}).items():
            kind = prop.get("type", "")
            if kind == "array":
                kind = f"array of {prop.get('items', {}).get('type', 'any')}"
            if isinstance(kind, list):
                kind = " or ".join(kind)
            default = f"`{json.dumps(prop['default'])}`" if "default" in prop else ""
            yes = "yes" if name in required else ""
            meaning = _cell(prop.get("description", ""))
            out.append(f"| `{name}` | {_cell(kind)} | {yes} | {default} | {meaning} |")
        out += ["", f"Answer `data`: {_data_shape(operations[spec['name']].result)}", ""]
    return "\n".join(out)


def _data_shape(result: Any) -> str:
    """The fields of an answer's ``data`` with their types, from the result type (a field
    marked ``?`` is left out when it says nothing; nested objects are summarised)."""
    from prx.core.jsonschema import json_schema, union_members

    shapes = []
    for member in union_members(result):
        schema = json_schema(member, depth=1)
        always = set(schema.get("required", ()))
        fields = [
            f"`{name}{'' if name in always else '?'}` {_schema_type(prop)}"
            for name, prop in schema.get("properties", {}).items()
        ]
        shapes.append(", ".join(fields) if fields else _schema_type(schema))
    return " — or — ".join(shapes) + "."


def _schema_type(schema: dict[str, Any]) -> str:
    """A JSON schema's type in words (``string or null``, ``array of object``)."""
    import json

    if "enum" in schema:
        return " or ".join(f"`{json.dumps(value)}`" for value in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(_schema_type(option) for option in schema["anyOf"])
    kinds = schema.get("type")
    if kinds is None:
        return "any"
    words = []
    for kind in [kinds] if isinstance(kinds, str) else kinds:
        if kind == "array" and "items" in schema:
            words.append(f"array of {_schema_type(schema['items'])}")
        elif kind == "object" and isinstance(schema.get("additionalProperties"), dict):
            words.append(f"object of {_schema_type(schema['additionalProperties'])}")
        else:
            words.append(kind)
    return " or ".join(words)


def _default(value: object) -> str:
    """A default as the docs write it: strings in double quotes, like the examples."""
    if isinstance(value, str) and '"' not in value and "\\" not in value:
        return f'"{value}"'
    return repr(value)


def _python_signature(function: Callable[..., Any]) -> tuple[str, list[str]]:
    """``prx.read(path, *, lines=None, ...)`` (names and defaults, no annotations: they are
    in the reference) and the types it returns, as the function declares them."""
    import inspect

    signature = inspect.signature(function)
    parts: list[str] = []
    star = False
    for parameter in signature.parameters.values():
        if parameter.kind is parameter.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        text = parameter.name
        if parameter.default is not parameter.empty:
            text += f"={_default(parameter.default)}"
        parts.append(text)
    returned = signature.return_annotation
    if not isinstance(returned, str):
        returned = getattr(returned, "__name__", str(returned))
    return f"prx.{function.__name__}({', '.join(parts)})", _union_members(returned)


def _union_members(annotation: str) -> list[str]:
    """``A | B[C | D]`` -> ``["A", "B[C | D]"]``: the members of a union written as text."""
    members, depth, start = [], 0, 0
    for index, char in enumerate(annotation):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "|" and depth == 0:
            members.append(annotation[start:index].strip())
            start = index + 1
    return [*members, annotation[start:].strip()]


def _python_functions(ws: Workspace) -> str:
    """One row per function of the Python API (``prx/app/api.py``, generated from the
    commands' parameter records): its signature, what it returns, its command's summary.
    (No ``|`` in a cell: GitHub and MkDocs read an escaped one differently in code.)"""
    from prx.app import api
    from prx.app.library import python_name

    rows = ["| Function | Returns | What |", "| --- | --- | --- |"]
    for op in sorted(ws.registry.operations(), key=lambda op: python_name(op.name)):
        function = getattr(api, python_name(op.name), None)
        if function is None:
            continue
        signature, types = _python_signature(function)
        returns = " or ".join(f"`{name}`" for name in types)
        rows.append(f"| `{_cell(signature)}` | {returns} | `prx {op.name}`: {_cell(op.summary)} |")
    return "\n".join(rows) + "\n"


def _exported_types() -> list[str]:
    """The names :mod:`prx.types` exports, read from its source: nothing in prx imports the
    public facades (tests/project/test_layering.py), the docs generator included."""
    import ast

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "types.py")
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            return [str(name) for name in ast.literal_eval(node.value)]
    raise LookupError(f"no __all__ in {path}")


def _result_types(ws: Workspace) -> str:
    """Every type of :mod:`prx.types`, grouped as ``prx/core/results`` groups them (one
    module per command or group of commands): what returns them, what they are made of."""
    import importlib
    import pkgutil

    from prx.app.library import python_name
    from prx.core import results
    from prx.core.jsonschema import union_members

    returned: dict[type, list[str]] = {}
    for op in ws.registry.operations():
        for member in union_members(op.result):
            returned.setdefault(member, []).append(f"`prx.{python_name(op.name)}()`")
    exported = set(_exported_types())
    rows: list[tuple[bool, str, str]] = []
    for info in sorted(pkgutil.iter_modules(results.__path__), key=lambda info: info.name):
        module = importlib.import_module(f"{results.__name__}.{info.name}")
        classes = [getattr(module, name) for name in sorted(module.__all__) if name in exported]
        exported -= {cls.__name__ for cls in classes}
        answers = [cls for cls in classes if cls in returned]
        parts = ", ".join(f"`{cls.__name__}`" for cls in classes if cls not in returned)
        if answers:
            types = ", ".join(f"`{cls.__name__}`" for cls in answers)
            by = ", ".join(dict.fromkeys(f for cls in answers for f in sorted(returned[cls])))
        else:
            doc = (module.__doc__ or "").strip().split("\n")[0].rstrip(".")
            types, by = "", f"no command ({doc.removeprefix('Results of ')})"
        rows.append((not answers, types or parts, f"| {types} | {by} | {parts} |"))
    if exported:
        raise LookupError(f"prx.types exports types outside prx/core/results: {sorted(exported)}")
    lines = ["| Result | Returned by | Made of |", "| --- | --- | --- |"]
    return "\n".join(lines + [row for _, _, row in sorted(rows)]) + "\n"


#: Section name -> what renders it.
def _languages(ws: Workspace) -> str:
    """Every built-in language and what prx does with it, from the catalogue: the
    outline's source (hand-written queries or the generic rules), imports, and what
    follows from an outline (symbols, skeleton, chunks at definitions)."""
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES
    from prx.engine.lang.generic import GeneratedQueries

    rows = []
    for spec in sorted(BUILTIN_LANGUAGES, key=lambda s: s.name):
        found = " ".join(spec.extensions)
        if spec.filenames:
            found = ", ".join(filter(None, [found, " ".join(spec.filenames)]))
        generic = isinstance(spec.queries, GeneratedQueries)
        outlined = "outline" in spec.queries
        how = ("generic" if generic else "hand-written") if outlined else "—"
        derived = "yes" if outlined else "—"
        imports = "yes" if "imports" in spec.queries else "—"
        chunks = "definitions" if outlined else "lines"
        rows.append(
            f"| {spec.name} | `{_cell(found)}` | {how} | {derived} | {derived} | {imports} "
            f"| yes | {chunks} |"
        )
    head = (
        "| language | extensions, file names | outline | symbols | skeleton | imports "
        "| syntax check | chunks at |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n"
    )
    return head + "\n".join(rows) + "\n"


SECTIONS: dict[str, Callable[[Workspace], str]] = {
    "cli-reference": _cli_reference,
    "mcp-reference": _mcp_reference,
    "cli-help": _cli_help,
    "python-functions": _python_functions,
    "result-types": _result_types,
    "retrievers": _retrievers,
    "rerankers": _rerankers,
    "runner-demo": _runner_demo,
    "parser-priorities": _parser_priorities,
    "parsed-fields": _parsed_fields,
    "languages": _languages,
}


def render_sections() -> dict[str, str]:
    """The text of every section, from the built-in registry: :data:`SECTIONS`, and
    ``help-NAME`` for each command."""
    from prx.frontends.cli.frontend import CLI_COMMANDS

    ws = _workspace()
    sections = {name: render(ws) for name, render in SECTIONS.items()}
    commands = [op.name for op in ws.registry.operations() if "cli" in op.frontends]
    for command in [*commands, *CLI_COMMANDS]:
        sections[f"help-{command}"] = _command_help(ws, command)
    return sections


def update_text(text: str, sections: dict[str, str]) -> tuple[str, list[str]]:
    """``text`` with its generated sections rewritten, and the names of those that changed.

    :raises KeyError: a marker names no known section, or has no end marker.
    """
    for name in _OPENING.findall(text):
        if name not in sections:
            raise KeyError(f"unknown generated section {name!r}")
    changed: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name = match.group("name")
        if match.group("body") != sections[name]:
            changed.append(name)
        return match.group(1) + sections[name] + match.group(4)

    updated = _MARKED.sub(replace, text)
    ends = len(re.findall(r"<!-- end generated: [\w-]+ -->", text))
    if ends != len(_OPENING.findall(text)):
        raise KeyError("a generated section has no end marker")
    return updated, changed


def _markdown_files(docs: str) -> list[str]:
    found = []
    for directory, _, files in os.walk(docs):
        found += [os.path.join(directory, f) for f in files if f.endswith(".md")]
    return sorted(found)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m prx.docs_gen [--check] [DOCS_DIR]``; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    rest = [a for a in args if a != "--check"]
    docs = rest[0] if rest else os.path.join(os.path.dirname(__file__), os.pardir, "docs")
    sections = render_sections()
    seen: set[str] = set()
    stale: list[str] = []
    for path in _markdown_files(docs):
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        seen.update(_OPENING.findall(text))
        updated, changed = update_text(text, sections)
        if changed:
            stale += [f"{os.path.relpath(path, docs)}: {name}" for name in changed]
            if not check:
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(updated)
    missing = sorted(set(sections) - seen)
    for name in missing:
        sys.stderr.write(f"no marker for the generated section {name!r}\n")
    for entry in stale:
        sys.stderr.write(f"{'out of date' if check else 'rewritten'}: {entry}\n")
    return 1 if missing or (check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
