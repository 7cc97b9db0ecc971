"""How MCP tool errors word parameters and commands: JSON argument names (``top_k``) and
tools (the `find` tool)."""

from __future__ import annotations

from prx.frontends.cli.wording import BatchWording

__all__ = ["McpWording"]


class McpWording(BatchWording):
    """Parameters as the tool's argument names, commands as tools."""

    def command(self, name: str) -> str:
        return f"the `{name}` tool"
