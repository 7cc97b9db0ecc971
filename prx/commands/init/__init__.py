"""``prx init``: register prx's MCP server with agent clients and add its usage guide."""
