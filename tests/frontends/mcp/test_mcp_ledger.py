"""The MCP server's read ledger, through the real MCP client: a re-read answers a stub, an
edit through the edit tool shows in the next read, fresh answers the text, two sessions
(two servers, as two clients get) never mix, and ``prx mcp --no-ledger`` turns it off."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (extra prx[mcp]) is not installed")

#: 40 lines: eight small functions.
BODY = "".join(
    f"def f{i}(a, b):\n    total = a + b * {i}\n    total += {i}\n    return total\n\n"
    for i in range(8)
)


@pytest.fixture
def tree(make_repo):
    return make_repo({"src/mod.py": BODY, "README.md": "# demo\n"})


def _server(root, **service):
    from prx.app.workspace import Workspace
    from prx.core.config import Config
    from prx.frontends.mcp.server import build_server
    from prx.frontends.mcp.service import McpService, select_operations

    ws = Workspace(root, config=Config.from_env())
    ops = select_operations(ws.registry.operations(), allow_write=True)
    return build_server(McpService(ws, **service), ops)


def _session(root, calls, **service):
    """The text contents and envelopes of ``calls`` (tool, arguments) made in order by
    one client of one server."""
    import anyio
    from mcp import Client

    server = _server(root, **service)

    async def go():
        answers = []
        async with Client(server) as client:
            for tool, arguments in calls:
                result = await client.call_tool(tool, arguments)
                assert not result.is_error, result.structured_content
                answers.append((result.content[0].text, result.structured_content))
        return answers

    return anyio.run(go)


def test_read_stub_edit_diff_fresh(tree):
    read = ("read", {"path": "src/mod.py"})
    edit = (
        "edit",
        {"path": "src/mod.py", "find": "total += 5\n", "replace": "total -= 5\n", "apply": True},
    )
    answers = _session(
        tree,
        [read, read, ("read", {"path": "src/mod.py", "lines": "6-9"}), edit, read, read,
         ("read", {"path": "src/mod.py", "fresh": True})],
    )  # fmt: skip
    texts = [text for text, _ in answers]
    first, stub, inside, _, changed, after, fresh = texts
    stub_env, changed_env, fresh_env = answers[1][1], answers[4][1], answers[6][1]
    assert first == BODY[:-1]  # the text, as cat prints it
    assert stub.startswith("src/mod.py:1-40 unchanged since read #1")
    assert "fresh" in stub and "def f0" not in stub
    assert stub_env["data"]["ledger"]["status"] == "unchanged"
    assert stub_env["data"]["content"] is None
    assert inside.startswith("src/mod.py:6-9 unchanged since read #1")
    # The edit shows: a diff with the current numbers (line 28 is f5's total += 5).
    assert changed.startswith("src/mod.py:1-40 changed since read #1")
    assert "-    total += 5\n+    total -= 5" in changed and "@@ -26,5 +26,5 @@" in changed
    assert changed_env["data"]["content"]["mode"] == "changes"
    assert after.startswith("src/mod.py:1-40 unchanged since read #")  # the diff was sent
    now = (tree / "src/mod.py").read_text()
    assert fresh == now[:-1] and "ledger" not in fresh_env["data"]


def test_two_sessions_are_independent(tree):
    import anyio
    from mcp import Client

    one, two = _server(tree), _server(tree)
    read = {"path": "src/mod.py"}

    async def go():
        async with Client(one) as first, Client(two) as second:
            a = await first.call_tool("read", read)
            b = await second.call_tool("read", read)
            c = await first.call_tool("read", read)
            d = await second.call_tool("read", read)
        return [r.content[0].text for r in (a, b, c, d)]

    a, b, c, d = anyio.run(go)
    assert a == b == BODY[:-1]  # the second client's first read: the text
    assert "unchanged since read #1" in c and "unchanged since read #1" in d


def test_without_a_ledger_every_read_sends_the_text(tree):
    read = ("read", {"path": "src/mod.py"})
    answers = _session(tree, [read, read], ledger=False)
    assert [text for text, _ in answers] == [BODY[:-1]] * 2


def test_an_error_is_not_counted_as_a_read(tree):
    import anyio
    from mcp import Client

    server = _server(tree)

    async def go():
        async with Client(server) as client:
            await client.call_tool("read", {"path": "README.md"})
            error = await client.call_tool("read", {"path": "src/mod.py", "lines": "99"})
            await client.call_tool("read", {"path": "src/mod.py"})
            return error, await client.call_tool("read", {"path": "src/mod.py"})

    error, stub = anyio.run(go)
    assert error.is_error
    assert stub.content[0].text.startswith("src/mod.py:1-40 unchanged since read #2")


def _stdio_reads(root, home, *flags):
    """Two reads of src/mod.py over stdio from ``python -m prx mcp FLAGS``."""
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "1"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        *(
            {
                "jsonrpc": "2.0",
                "id": n,
                "method": "tools/call",
                "params": {"name": "read", "arguments": {"path": "src/mod.py"}},
            }
            for n in (2, 3)
        ),
    ]
    proc = subprocess.Popen(
        [sys.executable, "-m", "prx", "mcp", "--no-auto-index", "--no-warm-socket", *flags],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PRX_HOME=str(home)),
    )
    texts = {}
    try:
        for message in messages:
            proc.stdin.write(json.dumps(message) + "\n")
            proc.stdin.flush()
            if "id" not in message:
                continue
            while True:
                reply = json.loads(proc.stdout.readline())
                if reply.get("id") == message["id"]:
                    break
            if message["method"] == "tools/call":
                texts[message["id"]] = reply["result"]["content"][0]["text"]
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()
    return texts[2], texts[3]


def test_prx_mcp_keeps_a_ledger_unless_told_not_to(tree, prx_home):
    first, second = _stdio_reads(tree, prx_home)
    assert first == BODY[:-1] and second.startswith("src/mod.py:1-40 unchanged")
    assert _stdio_reads(tree, prx_home, "--no-ledger") == (first, first)
