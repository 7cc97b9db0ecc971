"""``prx mcp``: the MCP front-end, started from the command line.

Its options and usage errors are the command line's (hence here, in :mod:`prx.cli`); the
server itself is :mod:`prx.mcpfront`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from prx.errors import InvalidArgumentError
from prx.plugin._frontends import Frontend

__all__ = ["McpFrontend", "McpOptions", "parse_options"]

USAGE = "prx mcp [--root DIR] [--tools a,b] [--allow-run] [--allow-write]"
HELP = f"""usage: {USAGE}

Serve prx's commands as MCP tools over stdio (JSON-RPC on stdout, nothing else); needs
the extra prx[mcp]. See docs/mcp.md.

options:
  --root DIR     the directory every path must stay inside (default: .)
  --tools a,b    serve only these tools (default: every read-only one)
  --allow-run    also serve `run` (runs commands)
  --allow-write  also serve the tools that write (`index`, `stats`, `init`, `rename`)
"""


class McpOptions:
    """The flags of ``prx mcp``."""

    def __init__(
        self,
        root: str = ".",
        tools: tuple[str, ...] | None = None,
        allow_run: bool = False,
        allow_write: bool = False,
    ) -> None:
        self.root = root
        self.tools = tools
        self.allow_run = allow_run
        self.allow_write = allow_write


def parse_options(argv: Sequence[str]) -> McpOptions:
    """The options of ``prx mcp``; a usage error is ``invalid_argument``."""
    options = McpOptions()
    args = list(argv)
    while args:
        arg = args.pop(0)
        flag, eq, inline = arg.partition("=")
        if flag in ("--root", "--tools"):
            value = inline if eq else (args.pop(0) if args else None)
            if not value:
                raise InvalidArgumentError(
                    f"invalid argument {flag}: a value is required", suggestion=f"Usage: {USAGE}"
                )
            if flag == "--root":
                options.root = value
            else:
                options.tools = tuple(t.strip() for t in value.split(",") if t.strip())
        elif arg == "--allow-run":
            options.allow_run = True
        elif arg == "--allow-write":
            options.allow_write = True
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
        try:
            import mcp  # noqa: F401  (the extra's presence, checked before anything starts)
        except ImportError:
            raise InvalidArgumentError(
                "invalid argument: `prx mcp` needs the MCP SDK, which is not installed",
                suggestion="Install it with: pip install 'prx[mcp]'",
            ) from None
        from prx.mcpfront.server import build_server
        from prx.mcpfront.service import McpService, select_operations
        from prx.workspace import Workspace

        root = os.path.abspath(options.root)
        if not os.path.isdir(root):
            raise InvalidArgumentError(f"invalid argument --root: not a directory: {root}")
        ws = self.workspace
        if os.path.abspath(ws.root_dir) != root:
            ws = Workspace(root, config=ws.config, plugins=ws._plugins)
        operations = select_operations(
            ws.registry.operations(),
            tools=options.tools,
            allow_run=options.allow_run,
            allow_write=options.allow_write,
        )
        if options.tools is not None:
            known = {op.name for op in ws.registry.operations() if "mcp" in op.frontends}
            unknown = sorted(set(options.tools) - known)
            if unknown:
                raise InvalidArgumentError(
                    f"invalid argument --tools: unknown tool {unknown[0]!r}",
                    suggestion=f"Known tools: {', '.join(sorted(known))}.",
                )
        build_server(McpService(ws), operations).run()  # stdio until the client leaves
        return 0
