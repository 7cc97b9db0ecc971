"""The MCP front-end: ``prx mcp``, a stdio MCP server with one tool per operation.

Only :mod:`prx.frontends.mcp.server` imports the MCP SDK (the ``prx[mcp]`` extra); the schemas,
the path confinement and the answer budgets are plain code, testable without it.
"""
