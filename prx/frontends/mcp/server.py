"""The MCP server on the official SDK (``prx[mcp]``): one tool per operation.

Tools are built from the operation descriptors rather than from Python signatures: the
input schema is :func:`prx.frontends.mcp.schema.input_schema`, the arguments reach
:meth:`prx.frontends.mcp.service.McpService.answer` as given (``params_from_mapping``
validates them, as for a batch line).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from prx._version import __version__
from prx.core.progress import Progress, reporting
from prx.frontends.mcp.background import IndexStatus
from prx.frontends.mcp.schema import (
    MAX_BUDGET,
    describe,
    input_schema,
    output_schema,
    tool_annotations,
)
from prx.frontends.mcp.service import Answer, McpService
from prx.plugin.operation import Operation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from mcp.server import MCPServer
    from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
    from mcp.server.mcpserver.tools.base import Tool
    from mcp.types import LoggingLevel

__all__ = ["IndexNotifier", "build_server"]

INSTRUCTIONS = (
    "prx answers in short text (the JSON envelope is the structured content) about the "
    "project under its root: prefer its read, find, search, outline and exists tools to "
    "shell commands. "
    f"Paths are relative to the root; answers are cut to a token budget (at most {MAX_BUDGET}) "
    "and a cut answer ends saying how to get the rest: `continue TOKEN` is the "
    "continue_token argument of the same tool, `lines A-B` read's lines argument."
)


def build_server(
    service: McpService, operations: Sequence[Operation], *, output_schemas: str = "names"
) -> MCPServer:
    """An MCP server answering ``operations`` through ``service``; with a background
    index, its progress goes to the client as log notifications (:class:`IndexNotifier`).

    :param output_schemas: what the tools' output schemas say (``names``, ``full``,
        ``off``: :func:`prx.frontends.mcp.schema.output_schema`).
    """
    from mcp.server import MCPServer

    server: MCPServer = MCPServer(
        name="prx",
        version=__version__,
        instructions=INSTRUCTIONS,
        tools=[_tool(service, op, output_schemas) for op in operations],
    )
    if service.background is not None:
        notifier = IndexNotifier()
        service.background.listener = notifier.publish
        notifier.install(server)
    return server


#: Log levels in increasing severity (RFC 5424, as MCP orders them).
_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")


class IndexNotifier:
    """Sends the background index's progress as ``notifications/message`` (logger
    ``prx.index``) once the client has initialized the connection.

    Progress outside any request has no progress token to ride on, so it goes out as log
    messages on the connection: the one channel protocol versions up to 2025-11-25 offer
    for it. From 2026-07-28 logs exist only inside requests; there the answers' warnings
    are the only report.
    """

    #: The least time between two progress messages (state changes always go out).
    INTERVAL_SECONDS = 1.0

    def __init__(self) -> None:
        self.level = "info"  # logging/setLevel moves it
        self._session: Any = None
        self._token: Any = None
        self._lock = threading.Lock()
        self._latest: IndexStatus | None = None
        self._sent_state = ""
        self._sent_at = 0.0

    def install(self, server: MCPServer) -> None:
        """Watch for the connection's start, and declare the logging capability."""
        import mcp.types as types

        server.middleware.append(self._watch)
        # MCPServer has no public hook for logging/setLevel (deprecated from 2026-07-28):
        # the low-level server's handler table is what declares the capability.
        lowlevel = getattr(server, "_lowlevel_server", None)
        if lowlevel is not None and hasattr(lowlevel, "add_request_handler"):
            lowlevel.add_request_handler(
                "logging/setLevel", types.SetLevelRequestParams, self._set_level
            )

    async def _set_level(self, ctx: ServerRequestContext[Any], params: Any) -> HandlerResult:
        import mcp.types as types

        self.level = str(params.level)
        return types.EmptyResult()

    async def _watch(self, ctx: ServerRequestContext[Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        if ctx.method == "notifications/initialized" and self._session is None:
            from anyio.lowlevel import current_token
            from mcp_types.version import MODERN_PROTOCOL_VERSIONS

            if ctx.session.protocol_version not in MODERN_PROTOCOL_VERSIONS:
                self._token = current_token()
                self._session = ctx.session
                with self._lock:
                    pending = self._latest
                    if pending is not None:
                        self._sent_state, self._sent_at = pending.state, time.monotonic()
                if pending is not None:
                    await self._send(pending)
        return result

    def publish(self, status: IndexStatus) -> None:
        """Called from any thread but the event loop's with each new status."""
        with self._lock:
            self._latest = status
            now = time.monotonic()
            changed = status.state != self._sent_state
            if self._session is None or (
                not changed and now - self._sent_at < self.INTERVAL_SECONDS
            ):
                return
            self._sent_state, self._sent_at = status.state, now
        import anyio.from_thread

        try:
            anyio.from_thread.run(self._send, status, token=self._token)
        except Exception:  # noqa: BLE001  (the connection is gone: nobody to tell)
            pass

    async def _send(self, status: IndexStatus) -> None:
        import mcp.types as types

        level: LoggingLevel = "warning" if status.state == "failed" else "info"
        if _LEVELS.index(level) < _LEVELS.index(self.level if self.level in _LEVELS else "info"):
            return
        notification = types.LoggingMessageNotification(
            params=types.LoggingMessageNotificationParams(
                level=level, logger="prx.engine.index", data=status.as_json()
            )
        )
        await self._session.send_notification(notification)


def _result(answer: Answer) -> Any:
    from mcp.types import CallToolResult, TextContent

    # The text is what the model reads; the envelope, for programs (McpService.result_text).
    return CallToolResult(
        content=[TextContent(type="text", text=answer.text)],
        structured_content=answer.envelope,
        is_error=answer.is_error,
    )


def _tool(service: McpService, op: Operation, output_schemas: str) -> Tool:
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
            # Runs on the worker thread: hand the notification to the event loop (nothing
            # once the call is cancelled: the request is over, the loop may be ending).
            if cancel.is_set():
                return
            total = float(progress.total) if progress.total is not None else None
            try:
                anyio.from_thread.run(
                    ctx.report_progress, float(progress.done), total, progress.message or None
                )
            except Exception:  # noqa: BLE001  (progress is best-effort; the loop is gone)
                pass

        def work() -> Answer:
            with reporting(forward, cancel=cancel):
                return service.answer(op, arguments)

        try:
            # Abandoned on cancellation (notifications/cancelled, or the client leaving):
            # the server answers other requests while the worker stops at its next check.
            answer = await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
        except anyio.get_cancelled_exc_class():
            cancel.set()  # the core stops at its next check; a command's group is killed
            raise
        return _result(answer)

    hints = tool_annotations(op)
    return Tool(
        fn=call,
        name=op.name,
        title=None,
        description=describe(op),
        parameters=input_schema(op),
        # A schema without an output model: the SDK lists it and checks nothing (the
        # answers are the envelopes McpService builds; tests/frontends/mcp/test_mcp.py
        # validates them).
        fn_metadata=FuncMetadata(
            arg_model=Arguments, output_schema=output_schema(op, output_schemas)
        ),
        is_async=True,
        context_kwarg="ctx",
        annotations=ToolAnnotations(
            read_only_hint=hints.get("readOnlyHint"),
            destructive_hint=hints.get("destructiveHint"),
            idempotent_hint=hints.get("idempotentHint"),
            open_world_hint=hints.get("openWorldHint"),
        ),
    )
