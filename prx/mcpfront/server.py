"""The MCP server on the official SDK (``prx[mcp]``): one tool per operation.

Tools are built from the operation descriptors rather than from Python signatures: the
input schema is :func:`prx.mcpfront.schema.input_schema`, the arguments reach
:meth:`prx.mcpfront.service.McpService.answer` as given (``params_from_mapping``
validates them, as for a batch line).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from prx._version import __version__
from prx.mcpfront.schema import describe, input_schema
from prx.mcpfront.service import Answer, McpService
from prx.plugin._operation import Operation
from prx.progress import Progress, reporting

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from mcp.server import MCPServer
    from mcp.server.mcpserver.tools.base import Tool

__all__ = ["build_server"]

INSTRUCTIONS = (
    "prx answers with JSON envelopes (status, tokens, data) about the project under its "
    "root: prefer its read, find, search, outline and exists tools to shell commands. "
    "Paths are relative to the root; answers are cut to a token budget and a cut answer "
    "carries a continuation_token for the rest."
)


def build_server(service: McpService, operations: Sequence[Operation]) -> MCPServer:
    """An MCP server answering ``operations`` through ``service``."""
    from mcp.server import MCPServer

    return MCPServer(
        name="prx",
        version=__version__,
        instructions=INSTRUCTIONS,
        tools=[_tool(service, op) for op in operations],
    )


def _result(answer: Answer) -> Any:
    from mcp.types import CallToolResult, TextContent

    return CallToolResult(
        content=[TextContent(type="text", text=answer.text)],
        structured_content=answer.envelope,
        is_error=answer.is_error,
    )


def _tool(service: McpService, op: Operation) -> Tool:
    import anyio
    from mcp.server.mcpserver import Context
    from mcp.server.mcpserver.tools.base import Tool
    from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
    from mcp.types import ToolAnnotations
    from pydantic import ConfigDict

    class Arguments(ArgModelBase):
        """Every argument, passed on unvalidated: the operation's parser checks them."""

        model_config = ConfigDict(extra="allow", arbitrary_types_allowed=True)

        def model_dump_one_level(self) -> dict[str, Any]:
            return {"arguments": dict(self.model_extra or {})}

    async def call(arguments: dict[str, Any], ctx: Context) -> Any:
        cancel = threading.Event()

        def forward(progress: Progress) -> None:
            # Runs on the worker thread: hand the notification to the event loop.
            total = float(progress.total) if progress.total is not None else None
            anyio.from_thread.run(
                ctx.report_progress, float(progress.done), total, progress.message or None
            )

        def work() -> Answer:
            with reporting(forward, cancel=cancel):
                return service.answer(op, arguments)

        try:
            answer = await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
        except anyio.get_cancelled_exc_class():
            cancel.set()  # the core stops at its next check
            raise
        return _result(answer)

    return Tool(
        fn=call,
        name=op.name,
        title=None,
        description=describe(op),
        parameters=input_schema(op),
        fn_metadata=FuncMetadata(arg_model=Arguments),
        is_async=True,
        context_kwarg="ctx",
        annotations=ToolAnnotations(
            read_only_hint=op.read_only,
            destructive_hint=not op.read_only,
            idempotent_hint=op.read_only,
            open_world_hint=False,
        ),
    )
