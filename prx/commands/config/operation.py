"""The ``config`` operation: the settings in effect and where each one comes from."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.config import ConfigResult
from prx.plugin.context import Context
from prx.plugin.operation import Operation

__all__ = ["CONFIG", "ConfigParams"]


@record
class ConfigParams:
    """Parameters of ``prx config`` (none)."""


def _run(ws: Context, p: ConfigParams) -> ConfigResult:
    from prx.core.config import describe

    result: ConfigResult = describe(ws.config, ws.root_dir)
    return result


CONFIG = Operation(
    name="config",
    summary="The settings in effect and where each comes from (flag, env, project, user).",
    description=(
        "Lists every setting with its value and its source: a command-line flag, an "
        "environment variable, the project's [tool.prx] table (pyproject.toml) or "
        ".prx/config.toml, the user's config.toml, or the default, the first of them that sets "
        "it winning: flags > environment > project > user > default."
    ),
    func=_run,
    params=ConfigParams,
    result=ConfigResult,
    budget_param=None,
    record_usage=False,
    # Not an MCP tool: an agent needs no tool-list tokens for the host's configuration.
    frontends=frozenset({"cli", "batch"}),
    toolset="admin",
)
