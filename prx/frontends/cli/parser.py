"""Command-line parsing generated from operation descriptors.

Arguments are parsed by a small parser driven by the parameter dataclass (argparse and the
modules it pulls in cost ~9 ms at every start-up); argparse is built only to print
``--help``. Parameter types come from the annotation strings of the dataclass (``str``,
``int | None``, ``bool``, ``tuple[str, ...]``), so no type hints are resolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from prx.core.errors import InvalidArgumentError, did_you_mean
from prx.core.record import RecordField, fields_of, is_required
from prx.plugin.operation import Operation, ParamInfo, param_kind

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn

__all__ = ["GLOBAL_FLAGS", "build_parser", "param_kind", "params_from_mapping", "parse_params"]

#: Flags every subcommand accepts, anywhere on the line; (flag, help).
GLOBAL_FLAGS: tuple[tuple[str, str], ...] = (
    ("--text", "the model-facing text (few tokens) instead of the JSON envelope"),
    ("--plain", "human-readable output instead of the JSON envelope"),
    ("--no-fallback", "never answer with the Unix fallback; report the internal error"),
    ("--no-plugins", "load no third-party plugin"),
    ("--quiet", "accepted for compatibility; output is already minimal"),
)


def _info(field: RecordField) -> ParamInfo | None:
    info = field.metadata.get("prx")
    return info if isinstance(info, ParamInfo) else None


def build_parser(op: Operation) -> argparse.ArgumentParser:
    """The argparse parser of ``prx <op.name>``, used to print its help."""
    import argparse

    parser = argparse.ArgumentParser(
        prog=f"prx {op.name}",
        description=op.description or op.summary,
        allow_abbrev=False,
    )
    for field in fields_of(op.params):
        info = _info(field)
        if info is None:
            continue
        kind = param_kind(field.type)
        has_default = not is_required(field)
        default = field.default if has_default else None
        if info.positional:
            parser.add_argument(
                field.name,
                nargs=(argparse.REMAINDER if info.rest else "*")
                if kind == "strs"
                else "?"
                if has_default
                else None,
                default=default,
                help=info.help,
                metavar=info.metavar or field.name.upper(),
                type=int if kind == "int" else float if kind == "float" else str,
            )
            continue
        flags = [info.flag or "--" + field.name.replace("_", "-")]
        if info.short:
            flags.append(info.short)
        options: dict[str, Any] = {"dest": field.name, "help": info.help}
        if kind == "bool":
            options["action"] = "store_true"
        elif kind == "strs":
            options.update(action="append", metavar=info.metavar or "VALUE")
        else:
            options.update(
                type=int if kind == "int" else float if kind == "float" else str,
                default=default,
                metavar=info.metavar or ("N" if kind == "int" else "VALUE"),
            )
            if info.choices:
                options["choices"] = info.choices
        parser.add_argument(*flags, **options)
    group = parser.add_argument_group("global options")
    for flag, text in GLOBAL_FLAGS:
        group.add_argument(flag, action="store_true", help=text, dest="_global_" + flag[2:])
    return parser


def _usage_error(op: Operation, message: str, *, near: str | None = None) -> NoReturn:
    """A usage error; ``near`` leads the suggestion (a "did you mean")."""
    usage = f"Run `prx {op.name} --help` for usage."
    raise InvalidArgumentError(
        f"invalid argument: {message}", suggestion=f"{near} {usage}" if near else usage
    )


def _convert(op: Operation, flag: str, kind: str, info: ParamInfo, raw: str) -> Any:
    if kind in ("int", "float"):
        try:
            value: Any = int(raw) if kind == "int" else float(raw)
        except ValueError:
            _usage_error(
                op, f"{flag}: expected {'an integer' if kind == 'int' else 'a number'}, got {raw!r}"
            )
    else:
        value = raw
    if info.choices and value not in info.choices:
        _usage_error(
            op,
            f"{flag}: invalid choice {raw!r} (choose from {', '.join(info.choices)})",
            near=did_you_mean(raw, info.choices),
        )
    return value


def _remainder_field(op: Operation) -> RecordField | None:
    """The last positional when it is a ``tuple[str, ...]``: it takes the rest of the line."""
    positionals = [f for f in fields_of(op.params) if (i := _info(f)) and i.positional]
    if positionals and param_kind(positionals[-1].type) == "strs":
        info = _info(positionals[-1])
        return positionals[-1] if info is not None and info.rest else None
    return None


def parse_params(op: Operation, argv: Sequence[str]) -> Any:
    """Parse ``argv`` (after the subcommand) into ``op.params``.

    Accepts ``--flag value``, ``--flag=value``, short aliases, repeated list flags and ``--``
    before positionals that start with a dash. ``-h``/``--help`` prints help and raises
    ``SystemExit(0)``. A last positional of type ``tuple[str, ...]`` takes everything from
    its first word on, flags included (``prx run --timeout 5 pytest -q -x``).
    """
    remainder = _remainder_field(op)
    head = list(argv[: argv.index("--")] if "--" in argv else argv)
    if remainder is None and ("-h" in head or "--help" in head):
        build_parser(op).print_help()
        raise SystemExit(0)
    flags: dict[str, RecordField] = {}
    positionals: list[RecordField] = []
    for field in fields_of(op.params):
        info = _info(field)
        if info is None:
            continue
        if info.positional:
            positionals.append(field)
            continue
        flags[info.flag or "--" + field.name.replace("_", "-")] = field
        if info.short:
            flags[info.short] = field
    values: dict[str, Any] = {}
    loose: list[str] = []
    index, only_positional = 0, False
    while index < len(argv):
        arg = argv[index]
        index += 1
        if only_positional or arg == "-" or not arg.startswith("-"):
            loose.append(arg)
            if remainder is not None and len(loose) == len(positionals):
                # A trailing ``tuple[str, ...]`` positional takes everything from here on.
                values[remainder.name] = (loose.pop(), *argv[index:])
                break
            continue
        if arg == "--":
            only_positional = True
            continue
        if remainder is not None and arg in ("-h", "--help"):
            build_parser(op).print_help()
            raise SystemExit(0)
        name, has_inline, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        flagged = flags.get(name)
        if flagged is None:
            known = [*flags, *(flag for flag, _ in GLOBAL_FLAGS), "--help"]
            _usage_error(op, f"unrecognized arguments: {arg}", near=did_you_mean(name, known))
        field = flagged
        info = _info(field)
        assert info is not None
        kind = param_kind(field.type)
        if kind == "bool":
            if has_inline:
                _usage_error(op, f"{name}: takes no value")
            values[field.name] = True
            continue
        if has_inline:
            raw = inline
        elif index < len(argv):
            raw = argv[index]
            index += 1
        else:
            _usage_error(op, f"{name}: expected a value")
        if kind == "strs":
            values[field.name] = (*values.get(field.name, ()), raw)
        else:
            values[field.name] = _convert(op, name, kind, info, raw)
    for field in positionals:
        info = _info(field)
        assert info is not None
        if field is remainder and field.name in values:
            continue
        if param_kind(field.type) == "strs" and field is not remainder:
            values[field.name] = tuple(loose)  # the last positional gathers the loose words
            loose = []
            continue
        if loose:
            values[field.name] = _convert(
                op, field.name, param_kind(field.type), info, loose.pop(0)
            )
        elif is_required(field):
            _usage_error(
                op, f"the following arguments are required: {info.metavar or field.name.upper()}"
            )
    if loose:
        _usage_error(op, f"unrecognized arguments: {' '.join(loose)}")
    return op.params(**values)


def params_from_mapping(
    op: Operation, request: Mapping[str, Any], *, ignore: Sequence[str] = ()
) -> Any:
    """Build ``op.params`` from a JSON object (batch lines, MCP arguments).

    Keys are field names, their flag spellings (``hash`` for ``--hash``) or aliases.
    """
    names: dict[str, RecordField] = {}
    for field in fields_of(op.params):
        info = _info(field)
        if info is None:
            continue
        names[field.name] = field
        if info.flag:
            names[info.flag.lstrip("-").replace("-", "_")] = field
        for alias in info.aliases:
            names[alias] = field
    values: dict[str, Any] = {}
    for key, value in request.items():
        if key in ignore:
            continue
        found = names.get(key.replace("-", "_"))
        if found is None:
            fields = sorted({f.name for f in names.values()})
            raise InvalidArgumentError(
                f"invalid argument {key!r}: {op.name} takes {', '.join(fields)}",
                suggestion=did_you_mean(key, [*names, *ignore]),
            )
        info = _info(found)
        if info is not None and info.cli_only and value not in (None, False):
            flag = info.flag or "--" + found.name.replace("_", "-")
            raise InvalidArgumentError(
                f"invalid argument {key!r}: `prx {op.name} {flag}` is available on the command "
                "line only (it runs until interrupted, or changes only the process's exit code)",
                suggestion=f"Run `prx {op.name} {flag}` in a terminal of its own.",
            )
        values[found.name] = _coerce(op.name, found, value)
    try:
        return op.params(**values)
    except TypeError as exc:
        raise InvalidArgumentError(f"invalid arguments for {op.name}: {exc}") from None


def _coerce(command: str, field: RecordField, value: Any) -> Any:
    kind = param_kind(field.type)
    nullable = "None" in str(field.type)
    if value is None and (nullable or kind == "strs"):
        return None if nullable else ()
    ok = {
        "bool": isinstance(value, bool),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "float": isinstance(value, (int, float)) and not isinstance(value, bool),
        "str": isinstance(value, str),
        "strs": isinstance(value, str)
        or (isinstance(value, list) and all(isinstance(v, str) for v in value)),
        "json": isinstance(value, (str, dict))
        or (isinstance(value, list) and all(isinstance(v, dict) for v in value)),
    }[kind]
    if not ok:
        raise InvalidArgumentError(
            f"invalid argument {field.name!r} of {command}: "
            f"expected {kind}, got {type(value).__name__}"
        )
    for text in (value,) if isinstance(value, str) else value if kind == "strs" else ():
        _check_surrogates(command, field.name, text)
    if kind == "strs":
        return (value,) if isinstance(value, str) else tuple(value)
    if kind == "json" and not isinstance(value, str):
        return (value,) if isinstance(value, dict) else tuple(value)
    if kind == "float":
        return float(value)
    return value


def _check_surrogates(command: str, name: str, text: str) -> None:
    """Refuse a lone surrogate that stands for no byte.

    ``\\udc80``-``\\udcff`` are kept: they are how Python spells the bytes of a name or
    argument that is not UTF-8 (surrogateescape), and prx's own answers use them.
    """
    if text.isascii():
        return
    for char in text:
        if 0xD800 <= ord(char) <= 0xDFFF and not 0xDC80 <= ord(char) <= 0xDCFF:
            raise InvalidArgumentError(
                f"invalid argument {name!r} of {command}: lone surrogate \\u{ord(char):04x} "
                "stands for no character or byte",
                suggestion="Send text as UTF-8; a byte that is not UTF-8 is \\udc80-\\udcff.",
            )
