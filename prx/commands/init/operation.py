"""The ``init`` operation."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.init import InitResult
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["INIT", "InitParams"]


@record
class InitParams:
    """Parameters of ``prx init``."""

    client: tuple[str, ...] = param(
        (),
        help="client to configure (repeatable; default: all found; docs/init.md)",
        metavar="NAME",
        aliases=("clients",),
    )
    user: bool = param(
        False,
        help="the user's configuration files instead of the project's",
        beyond_root=True,
    )
    apply: bool = param(False, help="write the changes (default: only show them)")
    uninstall: bool = param(False, help="remove what prx init added")
    hooks: bool = param(False, help="the shell hook instead (prx hook)")


def _run(ws: Context, p: InitParams) -> InitResult:
    from pathlib import Path

    from prx.commands.init.plan import init

    return init(
        Path(ws.root_dir),
        clients=p.client,
        user=p.user,
        apply=p.apply,
        uninstall=p.uninstall,
        hooks=p.hooks,
    )


INIT = Operation(
    name="init",
    summary="Register prx's MCP server with the agent clients found, and add its usage guide.",
    description=(
        "Register prx's MCP server (`prx mcp`) with the agent clients found (or named), in "
        "the project's configuration files or the user's, and add a usage guide to "
        "AGENTS.md. A dry run by default: the answer shows each file's change as a diff; "
        "--apply writes them (atomically, with FILE.prx-backup), --uninstall removes them. "
        "--hooks installs instead the hook that rewrites the agent's grep, cat, sed -n, head, "
        "tail and find into prx commands (docs/hooks.md). See docs/init.md."
    ),
    func=_run,
    params=InitParams,
    result=InitResult,
    read_only=False,
    budget_param=None,
    record_usage=False,
    toolset="admin",
)
