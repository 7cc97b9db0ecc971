"""Operation descriptors and their parameters."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence

from prx.core.record import MISSING, field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import UnionType
    from typing import Any

    from prx.plugin.context import Context

__all__ = ["Baseline", "Operation", "ParamInfo", "param", "param_kind"]


@record
class ParamInfo:
    """How one parameter of an operation appears on the command line and in MCP schemas."""

    #: One-line help text.
    help: str
    #: A positional argument rather than a ``--flag``.
    positional: bool = False
    #: The long flag, default ``--<name with dashes>``.
    flag: str | None = None
    #: A one-letter alias such as ``-k``.
    short: str | None = None
    #: Allowed values, when restricted.
    choices: tuple[str, ...] | None = None
    #: Placeholder shown in help.
    metavar: str | None = None
    #: Other names accepted in batch requests and MCP arguments (``file`` for ``path``).
    aliases: tuple[str, ...] = ()
    #: Only the command line may set it (a mode that runs until interrupted, such as
    #: ``index --watch``, or one that changes only the process's exit code, such as
    #: ``run --exit-zero``): batch lines and MCP calls that set it answer
    #: ``invalid_argument``, and the Python API does not offer it.
    cli_only: bool = False
    #: Setting it makes the operation act outside the project's root (``init --user``
    #: changes the user's own configuration files): a person may ask for that on the
    #: command line, in a batch or from Python; the MCP server neither offers nor accepts
    #: it, since its clients must stay inside the root.
    beyond_root: bool = False
    #: For a ``bool``: the name (in :mod:`prx.types`) of the result type the operation
    #: answers with when it is set (``search``'s ``exists``); the Python API says so in
    #: its types.
    selects: str | None = None
    #: A command-line shorthand for a value of another parameter (``--literal`` for
    #: ``mode="literal"``): the Python API and MCP schemas offer only that parameter;
    #: batch lines still accept it.
    shorthand: bool = False
    #: Whether the MCP tool list shows it. False for a choice few calls make (how a search
    #: over several roots merges them): every client pays for the list's tokens, and the
    #: server still accepts it by name.
    listed: bool = True
    #: For a last positional of type ``tuple[str, ...]``: True (the default) when it takes
    #: the rest of the command line from its first word on, flags included (``prx run``);
    #: False when it gathers the loose words only and flags anywhere are still parsed
    #: (``prx diff a.py --staged``).
    rest: bool = True


def param_kind(annotation: object) -> str:
    """``bool``, ``int``, ``float``, ``str``, ``strs`` or ``json`` (a list of objects, or
    its JSON text) for a parameter's annotation."""
    # A plugin may not use `from __future__ import annotations`: accept real types too.
    name = annotation.__name__ if isinstance(annotation, type) else str(annotation)
    text = name.replace("typing.", "").replace(" ", "")
    if text.startswith(("tuple[str", "Sequence[str", "list[str")):
        return "strs"
    if "Mapping[" in text:
        # A list of JSON objects (edit's edits): its JSON text on the command line.
        return "json"
    base = text.replace("|None", "").replace("None|", "").replace("Optional[", "").rstrip("]")
    if base in ("bool", "int", "float", "str"):
        return base
    raise TypeError(f"unsupported parameter annotation {annotation!r}")


def param(default: Any = MISSING, *, help: str, **info: Any) -> Any:
    """Declare a field of an operation's parameter dataclass (or record).

    :param default: the default value; omit for a required parameter.
    :param help: one-line help text.
    :param info: further :class:`ParamInfo` fields (``positional``, ``flag``, ``short`` ...).
    """
    meta = {"prx": ParamInfo(help=help, **info)}
    if isinstance(default, (list, dict, set)):
        raise TypeError("use an immutable default (a tuple) for a parameter")
    dataclasses = sys.modules.get("dataclasses")
    if dataclasses is None:
        # Nothing has imported dataclasses, so the caller is a record (prx's own fast path).
        return field(default=default, metadata=meta)
    # A dataclasses.Field serves both: @dataclass needs one and @record reads it.
    missing = dataclasses.MISSING
    return dataclasses.field(default=missing if default is MISSING else default, metadata=meta)


@record
class Baseline:
    """What the plain Unix tool would have returned for the same call (for ``prx stats``)."""

    #: Tokens of the Unix tool's output.
    tokens: int
    #: How the figure was obtained: ``measured`` (what the command prints), ``lower_bound``
    #: (it prints at least this), ``estimate`` (a documented conservative estimate) or
    #: ``continuation`` (0: a later page, the first page counted the whole output).
    strategy: str
    #: The equivalent command, for the record.
    command: str


@record
class Operation:
    """A command: one typed core function, exposed by every front-end.

    .. versionadded:: 0.1
    """

    #: Command name (``read``); also the CLI subcommand and the MCP tool name.
    name: str
    #: One-line description.
    summary: str
    #: The core function, called as ``func(workspace, params)``.
    func: Callable[[Context, Any], Any]
    #: Dataclass of parameters; its fields carry :func:`param` metadata.
    params: type
    #: Type of the result (a dataclass from :mod:`prx.types` or the plugin's own), or the
    #: union of the types it may return (``SearchResult | SearchExistsResult``); the MCP
    #: tool's output schema is made from it.
    result: type | UnionType
    #: False when the operation writes files (no fallback, MCP destructive hint).
    read_only: bool = True
    #: Front-ends that expose it.
    frontends: frozenset[str] = frozenset({"cli", "mcp", "batch"})
    #: The Unix command (argv) that may answer when the operation fails internally.
    fallback: Callable[[Any], Sequence[str] | None] | None = None
    #: What the Unix tool would have returned (for ``prx stats``), called as
    #: ``baseline(params, result)``; None here, or returned, records the call at parity.
    baseline: Callable[[Any, Any], Baseline | None] | None = None
    #: Name of the parameter holding a token budget; when set, counts become exact.
    budget_param: str | None = "budget"
    #: Longer description for ``--help`` and the MCP tool description.
    description: str = ""
    #: False for an operation whose calls ``prx stats`` should not count (``stats`` itself).
    record_usage: bool = True
    #: The command line's exit status for a successful answer, from ``(params, result)``
    #: (``prx run`` exits with its command's code); None: 0. Batch and MCP ignore it.
    exit_status: Callable[[Any, Any], int] | None = None
    #: The group ``prx mcp --toolsets`` selects it by: ``navigate``, ``search``,
    #: ``understand``, ``edit``, ``run``, ``admin``; a plugin may join one or name its own.
    toolset: str = "plugins"
    #: The model-facing rendering of a successful answer, called with the envelope's
    #: ``data`` (JSON values): the same facts as the JSON without repeated keys, nulls or
    #: metadata the call did not ask for (the MCP text content, ``prx --text``); None: a
    #: generic rendering of ``data`` (``key: value`` lines, empty fields left out).
    #:
    #: .. versionadded:: 0.2
    text: Callable[[Mapping[str, Any]], str] | None = None
