"""The ``plugins`` operation: the installed plugins, their versions, what each registers
and the ones that failed to load."""

from __future__ import annotations

from prx._record import record
from prx.plugin._operation import Operation
from prx.types import PluginsResult
from prx.workspace import Workspace

__all__ = ["PLUGINS", "PluginsParams"]


@record
class PluginsParams:
    """Parameters of ``prx plugins`` (none)."""


def _run(ws: Workspace, p: PluginsParams) -> PluginsResult:
    return ws.plugins()


PLUGINS = Operation(
    name="plugins",
    summary="Installed plugins: versions, what each registers, and load failures.",
    func=_run,
    params=PluginsParams,
    result=PluginsResult,
    budget_param=None,
    record_usage=False,
    # Not an MCP tool: the agent needs the components, not their inventory.
    frontends=frozenset({"cli", "batch"}),
    toolset="admin",
)
