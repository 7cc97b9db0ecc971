"""``prx mcp``: the MCP front-end, started from the command line.

Its options and usage errors are the command line's (hence here, in :mod:`prx.frontends.cli`); the
server itself is :mod:`prx.frontends.mcp`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from prx.core.errors import InvalidArgumentError
from prx.plugin.frontends import Frontend

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.frontends.mcp.service import McpService
    from prx.frontends.warm.server import WarmServer
    from prx.plugin.context import Context

__all__ = ["LEAVE_SECONDS", "McpFrontend", "McpOptions", "broad_root", "parse_options"]

#: Once the client has left, how long running calls have to stop (a command's process
#: group gets SIGTERM, then SIGKILL 2 s later) before the server exits without them.
LEAVE_SECONDS = 5.0

USAGE = (
    "prx mcp [--root DIR] [--tools a,b] [--toolsets a,b] [--allow-run] [--allow-write] "
    "[--no-auto-index] [--output-schemas names|full|off] [--result-text text|json] "
    "[--no-warm-socket] [--no-ledger]"
)
HELP = f"""usage: {USAGE}

Serve prx's commands as MCP tools over stdio (JSON-RPC on stdout, nothing else); needs
the extra prx[mcp]. See docs/mcp.md.

options:
  --root DIR        the directory every path must stay inside (default: .); given
                    again, more roots: searches cover them all, their files named
                    ROOT//PATH (ROOT as given here)
  --tools a,b       serve only these tools
  --toolsets a,b    serve only these groups of tools: navigate (read, find, outline,
                    exists), search, understand (context, impact, explain), edit (diff,
                    edit, rename), run, admin (index, stats, init, config, plugins,
                    bench-ndcg), plugins (third-party operations); with --tools, both.
                    Default: every group but admin
  --allow-run       also serve `run` (runs commands)
  --allow-write     also serve the tools that write (`edit`, `rename`; `index`, `stats`,
                    `init` when admin is served)
  --no-auto-index   never build or update the root's index (.prx/) in the background
  --output-schemas names|full|off
                    what each tool's output schema says: the fields every answer's
                    data has, by name (default: the tool list stays small); every
                    field with its type, nested ones included; or no schema
  --result-text text|json
                    what a result's text content is: the model-facing text (default;
                    the envelope is the structured content) or the envelope as JSON
                    (the MCP specification's backwards-compatible form)
  --no-warm-socket  do not answer `prx search` (and other read-only commands) run in the
                    root by other processes from this server's warm index
  --no-ledger       send every read's text: no stubs or diffs for re-reads of text this
                    client was sent (docs/ledger.md)
"""


class McpOptions:
    """The flags of ``prx mcp``."""

    def __init__(
        self,
        root: str = ".",
        tools: tuple[str, ...] | None = None,
        toolsets: tuple[str, ...] | None = None,
        allow_run: bool = False,
        allow_write: bool = False,
        auto_index: bool = True,
        output_schemas: str = "names",
        warm_socket: bool = True,
        result_text: str = "text",
        ledger: bool = True,
    ) -> None:
        self.root = root
        #: Roots after the first ``--root``: searched with it; their files named ROOT//PATH.
        self.more_roots: list[str] = []
        self.root_given = False
        self.tools = tools
        self.toolsets = toolsets
        self.allow_run = allow_run
        self.allow_write = allow_write
        self.auto_index = auto_index
        self.output_schemas = output_schemas
        self.warm_socket = warm_socket
        self.result_text = result_text
        self.ledger = ledger


def parse_options(argv: Sequence[str]) -> McpOptions:
    """The options of ``prx mcp``; a usage error is ``invalid_argument``."""
    options = McpOptions()
    args = list(argv)
    while args:
        arg = args.pop(0)
        flag, eq, inline = arg.partition("=")
        if flag in ("--root", "--tools", "--toolsets", "--output-schemas", "--result-text"):
            value = inline if eq else (args.pop(0) if args else None)
            if not value:
                raise InvalidArgumentError(
                    f"invalid argument {flag}: a value is required", suggestion=f"Usage: {USAGE}"
                )
            names = tuple(t.strip() for t in value.split(",") if t.strip())
            if flag == "--root" and options.root_given:
                options.more_roots.append(value)
            elif flag == "--root":
                options.root, options.root_given = value, True
            elif flag == "--output-schemas":
                options.output_schemas = _output_schemas(value)
            elif flag == "--result-text":
                options.result_text = _result_text(value)
            elif flag == "--tools":
                options.tools = names
            else:
                options.toolsets = names
        elif arg == "--allow-run":
            options.allow_run = True
        elif arg == "--allow-write":
            options.allow_write = True
        elif arg == "--no-auto-index":
            options.auto_index = False
        elif arg == "--no-warm-socket":
            options.warm_socket = False
        elif arg == "--no-ledger":
            options.ledger = False
        else:
            raise InvalidArgumentError(
                f"invalid argument: unknown option {arg!r}", suggestion=f"Usage: {USAGE}"
            )
    return options


class McpFrontend(Frontend):
    """A stdio MCP server over the workspace's operations (JSON-RPC on stdout only)."""

    NAME = "mcp"

    def main(self, argv: Sequence[str]) -> int:
        if list(argv[:1]) in (["-h"], ["--help"]):
            import sys

            sys.stdout.write(HELP)
            return 0
        options = parse_options(argv)
        from prx.frontends.mcp.blas import one_blas_thread

        one_blas_thread()  # before anything loads numpy
        try:
            import mcp  # noqa: F401  (the extra's presence, checked before anything starts)
        except ImportError:
            raise InvalidArgumentError(
                "invalid argument: `prx mcp` needs the MCP SDK, which is not installed",
                suggestion="Install it with: pip install 'prx[mcp]'",
            ) from None
        from prx.frontends.mcp.background import BackgroundIndex
        from prx.frontends.mcp.server import build_server
        from prx.frontends.mcp.service import TOOLSETS, McpService, select_operations

        root = os.path.abspath(options.root)
        if not os.path.isdir(root):
            raise InvalidArgumentError(f"invalid argument --root: not a directory: {root}")
        ws = self.workspace
        if os.path.abspath(ws.root_dir) != root:
            ws = ws.at(root)
        offered = [op for op in ws.registry.operations() if "mcp" in op.frontends]
        _check_names("--tools", options.tools, {op.name for op in offered}, "tool")
        known_sets = set(TOOLSETS) | {op.toolset for op in offered}
        _check_names("--toolsets", options.toolsets, known_sets, "toolset")
        operations = select_operations(
            offered,
            tools=options.tools,
            toolsets=options.toolsets,
            allow_run=options.allow_run,
            allow_write=options.allow_write,
        )
        # A client that starts servers in the home directory (or /) must not get it indexed.
        broad = broad_root(root)
        background = BackgroundIndex(ws.root_dir) if options.auto_index and not broad else None
        if background is not None:
            background.ensure()  # a missing or stale index is brought up to date at once
        ws.other_roots = _more_roots(ws, options.more_roots)
        service = McpService(ws, background, result_text=options.result_text, ledger=options.ledger)
        warm = _warm_server(service) if options.warm_socket else None
        ended = False
        try:
            server = build_server(service, operations, output_schemas=options.output_schemas)
            server.run()  # until the client leaves
        finally:
            # The client is gone: nobody will read what running calls answer. They are
            # cancelled (a command's process group is killed) and given a little time.
            ended = service.close(LEAVE_SECONDS)
            if warm is not None:
                warm.close()
            if background is not None:
                background.close()
        if not ended:
            _exit_now()
        return 0


def _more_roots(ws: Context, given: Sequence[str]) -> dict[str, str]:
    """The labels (relative to the first root, as qualified paths name them) and
    directories of the roots after the first; each must be a project directory."""
    from prx.core.roots import is_project_root

    roots: dict[str, str] = {}
    for value in given:
        directory = os.path.abspath(value)
        if not is_project_root(directory):
            raise InvalidArgumentError(
                f"invalid argument --root: {value} is not a project (no .git or .prx)",
                suggestion="Give a project's directory, or run `prx index` there first.",
            )
        label = os.path.relpath(directory, ws.root_dir).replace(os.sep, "/")
        roots[label] = directory
    return roots


def _exit_now() -> None:
    """End the process although a call still runs (one that never checks its
    cancellation): the interpreter would otherwise wait for its thread for ever. A command
    it ran is killed by its watchdog once this process is gone."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (AttributeError, OSError, ValueError):
            pass
    os._exit(0)


def broad_root(root: str) -> bool:
    """Whether ``root`` is ``/`` or the user's home directory, however it is reached: a
    symbolic link, ``..`` or a bind mount leads to the same directory (compared by real
    path and by device and inode)."""
    real = os.path.realpath(root)
    for broad in (os.sep, os.path.expanduser("~")):
        if real == os.path.realpath(broad):
            return True
        try:
            if os.path.samefile(root, broad):
                return True
        except OSError:  # either is missing: not the same directory
            continue
    return False


def _result_text(value: str) -> str:
    if value not in ("text", "json"):
        raise InvalidArgumentError(
            f"invalid argument --result-text: {value!r} is not one of text, json",
            suggestion=f"Usage: {USAGE}",
        )
    return value


def _output_schemas(value: str) -> str:
    from prx.frontends.mcp.schema import OUTPUT_SCHEMAS

    if value not in OUTPUT_SCHEMAS:
        raise InvalidArgumentError(
            f"invalid argument --output-schemas: {value!r} is not one of "
            + ", ".join(OUTPUT_SCHEMAS),
            suggestion=f"Usage: {USAGE}",
        )
    return value


def _warm_server(service: McpService) -> WarmServer | None:
    """Serve the root's warm socket from a thread, on the server's own warm Workspace
    (each request takes it as a tool call does, one at a time); None when there is none.
    Silent: the MCP client owns stdout, and stderr is its log."""
    from prx.frontends.warm.answer import CliAnswerer
    from prx.frontends.warm.server import Unavailable, WarmServer

    root = service.workspace.root_dir
    if os.path.realpath(root) != root:
        return None  # a CLI call's working directory is a real path: it could never match
    server = WarmServer(root, CliAnswerer(root, service.exclusive))
    try:
        server.start()
    except Unavailable as why:
        if os.environ.get("PRX_DEBUG"):
            import sys

            sys.stderr.write(f"prx mcp: no warm socket: {why}\n")
        return None
    return server


def _check_names(flag: str, given: tuple[str, ...] | None, known: set[str], what: str) -> None:
    unknown = sorted(set(given or ()) - known)
    if unknown:
        raise InvalidArgumentError(
            f"invalid argument {flag}: unknown {what} {unknown[0]!r}",
            suggestion=f"Known {what}s: {', '.join(sorted(known))}.",
        )
