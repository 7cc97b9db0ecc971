"""The ``plugins`` operation: the installed plugins, their versions, what each registers
and the ones that failed to load."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.plugins import PluginsResult
from prx.plugin.context import Context
from prx.plugin.operation import Operation

__all__ = ["PLUGINS", "PluginsParams"]


@record
class PluginsParams:
    """Parameters of ``prx plugins`` (none)."""


def _run(ws: Context, p: PluginsParams) -> PluginsResult:
    from prx._version import __version__
    from prx.core.results.plugins import PluginEntry, PluginFailure

    registry = ws.registry
    registers = registry.registrations()
    entries = []
    for info in registry.plugins():
        dist = registry.distribution(info.name)
        name = info.name.split(":", 1)[1] if dist is not None else info.name
        if dist is None and info.origin == "builtin":
            dist = ("prx", __version__)
        entries.append(
            PluginEntry(
                name=name,
                origin=info.origin,
                dist=dist[0] if dist else None,
                version=dist[1] if dist else None,
                registers=registers.get(info.name, {}),
            )
        )
    failures = tuple(
        PluginFailure(name=f.name, dist=f.dist, error=f.error) for f in registry.failures
    )
    notes = tuple(w for w in registry.warnings if w not in {f.warning() for f in registry.failures})
    return PluginsResult(plugins=tuple(entries), failures=failures, notes=notes)


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
