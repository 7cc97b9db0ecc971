"""``prx mcp``: tools generated from the operations, answering the CLI's data; confinement,
budgets, tool selection, the stdio transport (handshake, stdout purity), plugin tools and
the schema snapshot (regenerate: python -m prx.frontends.mcp.schema > tests/golden/mcp/tools.json).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import locations
import pytest
from programs import needs

from prx.core.tokens import count_exact
from prx.frontends.mcp.schema import builtin_specs

GOLDEN = locations.GOLDEN / "mcp" / "tools.json"
SAMPLES = locations.SAMPLES

pytest.importorskip("mcp", reason="the MCP SDK (extra prx[mcp]) is not installed")


def test_every_tool_schema_matches_the_snapshot():
    expected = json.loads(GOLDEN.read_text())
    assert builtin_specs() == expected, (
        "tool schemas changed: python -m prx.frontends.mcp.schema > tests/golden/mcp/tools.json"
    )


def _builtin_operations():
    from prx.app.builtins import BUILTIN_OPERATIONS, load

    return [load(target) for target in BUILTIN_OPERATIONS.values()]


def _listed_tokens(operations, output="names"):
    """Tokens of ``tools/list`` serving ``operations``, counted as the SDK sends it:
    compact JSON (as benchmarks/mcp_server.py counts the client's copy)."""
    from prx.core.tokens import count_exact
    from prx.frontends.mcp.schema import tool_spec

    listed = {"tools": [tool_spec(op, output) for op in operations]}
    return count_exact(json.dumps(listed, separators=(",", ":")))


def test_the_tool_list_stays_small():
    from prx.frontends.mcp.service import TOOLSETS, select_operations

    ops = _builtin_operations()
    # What a client lists by default (the read-only tools but the admin ones), and with
    # both gates open: output schemas included, at most 3,000 tokens either way.
    assert _listed_tokens(select_operations(ops)) <= 3000
    assert _listed_tokens(select_operations(ops, allow_write=True, allow_run=True)) <= 3000
    # Everything, with --toolsets (every group) --allow-write --allow-run.
    every = select_operations(ops, toolsets=TOOLSETS, allow_write=True, allow_run=True)
    assert _listed_tokens(every) <= 4000
    # Without output schemas the list is smaller still; with full ones, larger.
    assert _listed_tokens(every, "off") < _listed_tokens(every) < _listed_tokens(every, "full")


def test_tool_texts_name_arguments_not_command_line_flags():
    for spec in builtin_specs():
        texts = [spec["description"]]
        texts += [p["description"] for p in spec["inputSchema"]["properties"].values()]
        flags = [text for text in texts if re.search(r"--[a-z]|\bCLI\b|repeatable", text)]
        assert not flags, spec["name"]


def test_annotations_say_only_what_differs_from_the_protocols_defaults():
    for spec in builtin_specs():
        if spec["name"] in ("edit", "rename", "run", "index", "init", "stats"):
            # Not read-only, destructive, not idempotent: the defaults.
            assert spec["annotations"] == {"openWorldHint": False}, spec["name"]
        else:
            assert spec["annotations"] == {"readOnlyHint": True, "openWorldHint": False}


# ------------------------------------------------------------------ in memory


@pytest.fixture
def tree(make_repo):
    return make_repo(
        {
            "src/app.py": "import os\n\n\ndef main():\n    return os.getcwd()\n",
            "src/util.py": "def add(a, b):\n    return a + b\n\n\nclass Box:\n    pass\n",
            "README.md": "# demo\n\nAdd numbers.\n",
        }
    )


def _workspace(root):
    from prx.app.workspace import Workspace
    from prx.core.config import Config

    return Workspace(root, config=Config.from_env())


def _call(root, tool, arguments, result_text="text", **select):
    import anyio
    from mcp import Client

    from prx.frontends.mcp.server import build_server
    from prx.frontends.mcp.service import McpService, select_operations

    ws = _workspace(root)
    service = McpService(ws, result_text=result_text)
    server = build_server(service, select_operations(ws.registry.operations(), **select))

    async def go():
        async with Client(server) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            if tool is None:
                return names
            result = await client.call_tool(tool, arguments)
            return result

    return anyio.run(go)


def _cli_text(root, *argv):
    """The CLI's ``--text`` answer to ``argv``."""
    from prx.frontends.cli.frontend import CliFrontend

    out = io.StringIO()
    CliFrontend(_workspace(root), stdout=out).main(["--text", *argv])
    return out.getvalue().rstrip("\n")


def _cli(root, *argv):
    from prx.frontends.cli.frontend import CliFrontend

    out = io.StringIO()
    CliFrontend(_workspace(root), stdout=out).main(list(argv))
    return json.loads(out.getvalue())


CALLS = [
    ("read", {"path": "src/util.py", "budget": 2000}, ["read", "src/util.py", "--budget", "2000"]),
    (
        "read",
        {"path": "src/util.py", "lines": "1-2", "budget": 2000},
        ["read", "src/util.py", "--lines", "1-2", "--budget", "2000"],
    ),
    ("find", {"path": ".", "budget": 2000}, ["find", ".", "--budget", "2000"]),
    ("outline", {"path": "src/util.py"}, ["outline", "src/util.py"]),
    ("exists", {"pattern": "getcwd"}, ["exists", "getcwd"]),
    (
        "search",
        {"query": "add", "mode": "literal", "budget": 2000},
        ["search", "add", "--literal", "--budget", "2000"],
    ),
    ("bench-ndcg", {"dataset": "missing.json"}, ["bench-ndcg", "missing.json"]),
    ("diff", {}, ["diff"]),  # not a git repository: the same git_error
    ("context", {"path": "src"}, ["context", "src"]),
    ("impact", {"file": "src/util.py"}, ["impact", "src/util.py"]),
    ("explain", {"symbol": "add"}, ["explain", "add"]),
]


@pytest.mark.parametrize(("tool", "arguments", "argv"), CALLS)
def test_each_read_only_tool_answers_the_clis_data(tree, tool, arguments, argv):
    # The strict form: the text content is the envelope, as the CLI's JSON.
    result = _call(tree, tool, arguments, result_text="json", tools=[tool])
    cli = _cli(tree, *argv)
    envelope = result.structured_content
    assert json.loads(result.content[0].text) == envelope
    assert result.is_error == (cli["status"] == "error")
    if cli["status"] == "ok":
        assert envelope["data"] == cli["data"]
    else:
        assert envelope["error"]["code"] == cli["error"]["code"]
    # The default form: the text content is the model-facing text, as the CLI's --text.
    result = _call(tree, tool, arguments, tools=[tool])
    if cli["status"] == "ok":  # (an error's wording is the front-end's own)
        assert result.content[0].text == _cli_text(tree, *argv)
    assert result.is_error == (cli["status"] == "error")
    assert result.structured_content["status"] == cli["status"]


def test_every_read_only_tool_is_listed_and_writers_are_not(tree):
    names = _call(tree, None, {})
    assert set(names) == {
        "context",
        "diff",
        "exists",
        "explain",
        "find",
        "impact",
        "outline",
        "read",
        "search",
    }
    assert "edit" in _call(tree, None, {}, allow_write=True)
    assert "index" not in _call(tree, None, {}, allow_write=True)  # admin: when asked for
    admin = _call(tree, None, {}, toolsets=["admin"], allow_write=True)
    assert {"bench-ndcg", "index", "init", "stats"} <= set(admin)
    assert "run" in _call(tree, None, {}, allow_run=True)
    assert _call(tree, None, {}, tools=["read", "find"]) == ["find", "read"]


def test_errors_are_tool_errors_worded_with_argument_names(tree):
    result = _call(tree, "search", {"query": "add", "top_k": "ten"})
    assert result.is_error
    error = result.structured_content["error"]
    assert error["code"] == "invalid_argument" and "--" not in error["message"]


def test_a_default_budget_bounds_answers(make_repo):
    big = make_repo({f"d{i}/file_{j}.py": "x = 1\n" for i in range(60) for j in range(40)})
    # The budget bounds what the model reads: the text, or the envelope in the strict form.
    result = _call(big, "find", {"path": "."})
    envelope = result.structured_content
    assert envelope["status"] == "ok" and envelope["data"]["continuation_token"]
    assert count_exact(result.content[0].text) <= 6000
    envelope = _call(big, "find", {"path": "."}, result_text="json").structured_content
    assert envelope["status"] == "ok" and envelope["tokens"] <= 6000
    assert envelope["data"]["continuation_token"]


# ------------------------------------------------------------------ output schemas

#: A successful call of every built-in tool (the writers' as dry runs), and of the other
#: result types an operation may answer with (search's exists answer).
SUCCESSFUL_CALLS = [
    ("read", {"path": "src/util.py"}),
    ("read", {"path": "src/util.py", "lines": "1-2", "outline_only": True}),
    ("find", {"path": ".", "view": "both"}),
    ("outline", {"path": "src"}),
    ("outline", {"path": "src/util.py"}),
    ("exists", {"pattern": "getcwd"}),
    ("search", {"query": "add", "mode": "literal"}),
    ("search", {"query": "add numbers"}),
    ("search", {"query": "add", "exists": True}),
    ("diff", {"paths": ["src/util.py", "src/app.py"], "no_index": True}),
    ("context", {"path": "src"}),
    ("impact", {"path": "src/util.py"}),
    ("explain", {"symbol": "add"}),
    ("edit", {"path": "src/util.py", "find": "a + b", "replace": "b + a"}),
    ("rename", {"old": "add", "new": "plus"}),
    ("run", {"command": [sys.executable, "-c", "print('hi')"]}),
    ("index", {}),
    ("stats", {}),
    ("init", {"client": ["cursor"]}),  # named: a client found in HOME would vary
    ("bench-ndcg", {"dataset": "labels.json"}),
]
LABELS = {"queries": [{"query": "add", "category": "symbol", "relevant": [
    {"file": "src/util.py", "relevance": 2}]}]}  # fmt: skip


def _validator(schema):
    from jsonschema.validators import validator_for

    cls = validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _every_tool(root, work, output_schemas="names"):
    """``work(client, schemas)`` with every tool served (each toolset, both gates open)."""
    import anyio
    from mcp import Client

    from prx.frontends.mcp.server import build_server
    from prx.frontends.mcp.service import TOOLSETS, McpService, select_operations

    ws = _workspace(root)
    ops = select_operations(
        ws.registry.operations(), toolsets=TOOLSETS, allow_write=True, allow_run=True
    )
    server = build_server(McpService(ws), ops, output_schemas=output_schemas)

    async def go():
        async with Client(server) as client:
            tools = (await client.list_tools()).tools
            return await work(client, {t.name: t.output_schema for t in tools})

    return anyio.run(go)


@pytest.mark.parametrize("mode", ["names", "full"])
def test_every_successful_answer_matches_its_tools_output_schema(tree, mode):
    (tree / "labels.json").write_text(json.dumps(LABELS))

    async def work(client, schemas):
        assert {name for name, _ in SUCCESSFUL_CALLS} == set(schemas)  # every tool is called
        answers = []
        for name, arguments in SUCCESSFUL_CALLS:
            # The SDK's client checks the answer against the schema too (and raises).
            result = await client.call_tool(name, arguments)
            answers.append((name, arguments, result))
        return schemas, answers

    schemas, answers = _every_tool(tree, work, mode)
    for name, arguments, result in answers:
        assert not result.is_error, (name, result.structured_content)
        assert schemas[name]["type"] == "object"
        errors = list(_validator(schemas[name]).iter_errors(result.structured_content))
        assert not errors, (name, arguments, errors[0].message)
    data = {name: schemas[name]["properties"]["data"] for name in schemas}
    if mode == "names":
        assert data["read"]["anyOf"][0]["required"][:3] == ["file", "meta", "content"]
        assert data["context"]["required"][:2] == ["target", "kind"]  # no Unix fallback
        assert data["bench-ndcg"] == {"type": "object"}  # a dict: nothing more to say
    else:
        meta = data["read"]["anyOf"][0]["properties"]["meta"]
        assert meta["properties"]["lines"] == {"type": "integer"}


def test_answers_unlike_the_result_type_fail_the_schema(tree):
    async def work(client, schemas):
        return schemas

    for mode in ("names", "full"):
        schemas = _every_tool(tree, work, mode)
        search = _validator(schemas["search"])
        assert not search.is_valid({"status": "ok", "data": {"query": "x"}})
        assert not search.is_valid({"status": "ok", "data": {"exists": True}})
        assert search.is_valid({"status": "ok", "data": {"exists": True, "confidence": "exact"}})
        assert not _validator(schemas["context"]).is_valid({"data": {"raw": "x", "source": "s"}})
    assert "read" not in {
        name for name, schema in _every_tool(tree, work, "off").items() if schema is not None
    }


@pytest.mark.parametrize(
    ("tool", "method", "arguments"),
    [
        ("read", "prx.commands.read.engine.read_file", {"path": "src/util.py"}),
        ("find", "prx.commands.find.engine.find_files", {"path": "."}),
        ("outline", "prx.commands.outline.engine.outline_path", {"path": "src/util.py"}),
        ("exists", "prx.commands.exists.engine.check_exists", {"pattern": "getcwd"}),
        (
            "search",
            "prx.commands.search.engine.run_search",
            {"query": "add", "mode": "literal"},
        ),
        # (git diff exits 1 for files that differ, which the fallback takes as a failure.)
        pytest.param(
            "diff",
            "prx.commands.diff.answer.diff_changes",
            {"paths": ["src/util.py", "src/util.py"], "no_index": True},
            marks=needs("git"),  # the fallback is git diff
        ),
    ],
)
def test_a_fallback_answer_matches_the_output_schema(tree, monkeypatch, tool, method, arguments):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(method, broken)  # the engine the operation calls breaks
    monkeypatch.chdir(tree)  # the Unix tool runs in the process's directory

    async def work(client, schemas):
        return schemas[tool], await client.call_tool(tool, arguments)

    for mode in ("names", "full"):
        schema, result = _every_tool(tree, work, mode)
        envelope = result.structured_content
        assert not result.is_error and envelope["fallback"] is True, envelope
        assert _validator(schema).is_valid(envelope)


def test_a_tool_error_carries_its_envelope_and_the_client_accepts_it(tree):
    async def work(client, schemas):
        missing = await client.call_tool("read", {"path": "missing.py"})
        wrong = await client.call_tool("search", {"query": "add", "top_k": "ten"})
        return schemas, missing, wrong

    schemas, missing, wrong = _every_tool(tree, work)
    assert schemas["read"] is not None and schemas["search"] is not None
    for result, code in ((missing, "file_not_found"), (wrong, "invalid_argument")):
        assert result.is_error  # not checked against the schema: the SDK returns it as is
        error = result.structured_content["error"]
        assert error["code"] == code and error["message"]
    assert missing.structured_content["error"]["suggestion"]
    # No field outside data is required: a client that checks error results all the same
    # (older TypeScript SDKs did) still accepts them.
    assert _validator(schemas["read"]).is_valid(missing.structured_content)


# ------------------------------------------------------------------ stdio


class Stdio:
    """A raw JSON-RPC session with ``python -m prx mcp`` (every stdout line is checked)."""

    def __init__(self, root, *flags, env=None):
        environ = dict(os.environ, **(env or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "prx", "mcp", *flags],
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environ,
        )
        self.next_id = 0
        self.lines: list[str] = []

    def send(self, method, params=None, *, notify=False):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        if not notify:
            self.next_id += 1
            message["id"] = self.next_id
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        if notify:
            return None
        while True:
            line = self.proc.stdout.readline()
            assert line, self.proc.stderr.read()
            self.lines.append(line)
            reply = json.loads(line)  # stdout purity: every line is JSON-RPC
            assert reply["jsonrpc"] == "2.0"
            if reply.get("id") == self.next_id:
                return reply

    def initialize(self, version="2025-06-18"):
        reply = self.send(
            "initialize",
            {
                "protocolVersion": version,
                "capabilities": {},
                "clientInfo": {"name": "test", "version": "1"},
            },
        )
        self.send("notifications/initialized", notify=True)
        return reply

    def tool(self, name, arguments):
        return self.send("tools/call", {"name": name, "arguments": arguments})["result"]

    def tools(self):
        return [t["name"] for t in self.listing()]

    def listing(self):
        return self.send("tools/list", {})["result"]["tools"]

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()


@pytest.fixture
def stdio(tree, prx_home):
    sessions = []

    def start(*flags, root=None, env=None):
        session = Stdio(root or tree, *flags, env={"PRX_HOME": str(prx_home), **(env or {})})
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        session.close()


@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25"])
def test_handshake_over_stdio(stdio, version):
    session = stdio()
    reply = session.initialize(version)
    assert reply["result"]["protocolVersion"] == version
    assert reply["result"]["serverInfo"]["name"] == "prx"
    assert "tools" in reply["result"]["capabilities"]
    result = session.tool("read", {"path": "README.md"})
    assert result["isError"] is False
    assert result["structuredContent"]["data"]["file"] == "README.md"
    assert all(json.loads(line)["jsonrpc"] == "2.0" for line in session.lines)


def test_confinement(stdio, tree, make_repo):
    outside = make_repo({"secret.txt": "s\n"})
    sibling = Path(str(tree) + "-other")
    sibling.mkdir()
    (sibling / "x.txt").write_text("x\n")
    (tree / "escape").symlink_to(outside)
    (tree / "inside").symlink_to(tree / "src")
    session = stdio()
    session.initialize()
    for arguments in (
        {"path": "../x"},
        {"path": str(outside / "secret.txt")},
        {"path": "escape/secret.txt"},
        {"path": "escape/new-file"},
        {"path": str(sibling / "x.txt")},
        {"path": "README.md\x00"},
        {"file": "../x"},
    ):
        result = session.tool("read", arguments)
        assert result["isError"], arguments
        assert result["structuredContent"]["error"]["code"] == "permission_denied", arguments
    for tool, arguments in (
        ("find", {"path": str(sibling)}),
        ("search", {"query": "secret", "path": "escape"}),
        ("outline", {"path": "../"}),
        ("exists", {"pattern": "x", "path": "/"}),
    ):
        result = session.tool(tool, arguments)
        assert result["structuredContent"]["error"]["code"] == "permission_denied", tool
    # Inside the root, a link that stays inside and an absolute path are fine.
    assert not session.tool("read", {"path": "inside/util.py"})["isError"]
    assert not session.tool("read", {"path": str(tree / "README.md")})["isError"]


def test_run_is_listed_only_with_allow_run(stdio):
    plain = stdio()
    plain.initialize()
    assert "run" not in plain.tools() and "index" not in plain.tools()
    allowed = stdio("--allow-run", "--tools", "run,read")
    allowed.initialize()
    assert allowed.tools() == ["read", "run"]
    result = allowed.tool("run", {"command": [sys.executable, "-c", "print('hi')"]})
    assert result["isError"] is False
    assert result["structuredContent"]["data"]["exit_code"] == 0


def test_a_per_call_budget_is_honoured(stdio, tree):
    for i in range(30):
        (tree / f"mod_{i}.py").write_text(f"def add_{i}(a, b):\n    return a + b + {i}\n")
    session = stdio()
    session.initialize()
    result = session.tool("search", {"query": "add", "mode": "literal", "budget": 400})
    envelope = result["structuredContent"]
    assert envelope["status"] == "ok" and envelope["data"]["continuation_token"]
    assert count_exact(result["content"][0]["text"]) <= 400


def test_a_plugin_operation_is_a_tool(stdio, plugin_dist, monkeypatch):
    site = plugin_dist(
        "greet", "greet_plugin", modules={"greet_plugin": (SAMPLES / "greet_plugin.py").read_text()}
    )
    paths = [str(site), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]
    session = stdio(env={"PRX_DISABLE_PLUGIN_AUTOLOAD": "0", "PYTHONPATH": os.pathsep.join(paths)})
    session.initialize()
    (greet,) = [tool for tool in session.listing() if tool["name"] == "greet"]
    # Its output schema comes from its result dataclass, with no MCP code in the plugin.
    assert greet["outputSchema"] == {
        "type": "object",
        "properties": {"data": {"required": ["text"]}},
    }
    result = session.tool("greet", {"name": "x", "shout": True})
    assert result["structuredContent"]["data"] == {"text": "HELLO, X"}


def test_output_schemas_are_chosen_with_a_flag(stdio, tree):
    for flag, declared in (("names", True), ("off", False)):
        session = stdio("--output-schemas", flag, "--tools", "read")
        session.initialize()
        (read,) = session.listing()
        assert ("outputSchema" in read) == declared
    full = stdio("--output-schemas=full", "--tools", "read")
    full.initialize()
    (read,) = full.listing()
    data = read["outputSchema"]["properties"]["data"]["anyOf"][0]
    assert data["properties"]["file"] == {"type": "string"}
    proc = subprocess.run(
        [sys.executable, "-m", "prx", "mcp", "--output-schemas", "typed"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    error = json.loads(proc.stdout)["error"]
    assert error["code"] == "invalid_argument" and "names, full, off" in error["message"]


def test_without_the_sdk_prx_mcp_says_how_to_install_it(tree):
    code = "import sys; sys.modules['mcp'] = None; from prx.frontends.cli import main; sys.exit(main(['mcp']))"
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=False
    )
    envelope = json.loads(proc.stdout)
    assert proc.returncode == 2
    assert envelope["error"]["code"] == "invalid_argument"
    assert "pip install 'prx[mcp]'" in envelope["error"]["suggestion"]


def test_index_progress_reaches_the_client_as_notifications(tree):
    import anyio
    from mcp import Client

    from prx.frontends.mcp.server import build_server
    from prx.frontends.mcp.service import McpService, select_operations

    ws = _workspace(tree)
    ops = select_operations(ws.registry.operations(), tools=["index"], allow_write=True)
    server = build_server(McpService(ws), ops)
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress, total, message):
        seen.append((progress, total))

    async def go():
        async with Client(server) as client:
            return await client.call_tool("index", {}, progress_callback=on_progress)

    result = anyio.run(go)
    assert result.structured_content["data"]["status"] == "built"
    files = result.structured_content["data"]["files_indexed"]
    assert seen and seen[-1] == (float(files), float(files))
    assert [p for p, _ in seen] == sorted(p for p, _ in seen)


# ------------------------------------------------------------------ the SDK's stdio client


def _sdk_session(root, prx_home, work, *flags, env=None, errlog):
    """``work(session)`` in an initialised session of the SDK's own stdio client with
    ``python -m prx mcp --root root`` (the client passes on only the variables it names
    safe, so the ones prx needs are given)."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    environ = {
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        "PRX_HOME": str(prx_home),
        "PRX_DISABLE_PLUGIN_AUTOLOAD": os.environ.get("PRX_DISABLE_PLUGIN_AUTOLOAD", "1"),
        **(env or {}),
    }
    params = StdioServerParameters(
        command=sys.executable,
        args=["-P", "-m", "prx", "mcp", "--root", str(root), *flags],
        env=environ,
        cwd=root,
    )

    async def go():
        with errlog.open("w") as err:
            async with stdio_client(params, errlog=err) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await work(session)

    return anyio.run(go)


def test_the_sdk_stdio_client_gets_the_clis_answers(tree, prx_home, tmp_path):
    async def work(session):
        tools = [t.name for t in (await session.list_tools()).tools]
        search = await session.call_tool(
            "search", {"query": "add", "mode": "literal", "budget": 2000}
        )
        read = await session.call_tool("read", {"path": "src/util.py", "budget": 2000})
        escape = await session.call_tool("read", {"path": "../x"})
        return tools, search, read, escape

    tools, search, read, escape = _sdk_session(tree, prx_home, work, errlog=tmp_path / "stderr.txt")
    assert set(tools) == {
        "context",
        "diff",
        "exists",
        "explain",
        "find",
        "impact",
        "outline",
        "read",
        "search",
    }
    for result, argv in (
        (search, ["search", "add", "--literal", "--budget", "2000"]),
        (read, ["read", "src/util.py", "--budget", "2000"]),
    ):
        assert result.is_error is False
        assert result.content[0].text == _cli_text(tree, *argv)
        assert result.structured_content["status"] == "ok"
    assert search.structured_content["data"]["files"]
    assert escape.is_error is True
    assert escape.structured_content["error"]["code"] == "permission_denied"


WAIT_PLUGIN = '''
import time
from dataclasses import dataclass
from pathlib import Path

from prx.core.errors import CancelledError
from prx.plugin import Operation, hookimpl
from prx.core.progress import check_cancelled, report


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitParams:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Waited:
    ended: str


def _wait(ws, params):
    """Waits until cancelled (at most 120 s), and says how it ended in ended.txt."""
    report("waiting", 1)
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            check_cancelled()
            time.sleep(0.01)
    except CancelledError:
        (Path(ws.root_dir) / "ended.txt").write_text("cancelled")
        raise
    (Path(ws.root_dir) / "ended.txt").write_text("timed out")
    return Waited(ended="timed out")


@hookimpl
def prx_register_operations():
    return Operation(
        name="wait", summary="Wait until cancelled.", func=_wait, params=WaitParams, result=Waited
    )
'''


def test_a_cancelled_call_stops_and_the_server_answers_the_next(
    tree, prx_home, tmp_path, plugin_dist
):
    import anyio

    site = plugin_dist("wait", "wait_plugin", modules={"wait_plugin": WAIT_PLUGIN})
    paths = [str(site), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]

    async def work(session):
        started = anyio.Event()

        async def on_progress(progress, total, message):
            started.set()

        async def wait():
            await session.call_tool("wait", {}, progress_callback=on_progress)

        async with anyio.create_task_group() as group:
            group.start_soon(wait)
            await started.wait()  # the call runs on the server
            # Cancelling the caller makes the SDK send notifications/cancelled.
            group.cancel_scope.cancel()
        # Calls run one at a time: this one is answered only once `wait` has stopped.
        return await session.call_tool("read", {"path": "README.md"}, read_timeout_seconds=60)

    after = _sdk_session(
        tree,
        prx_home,
        work,
        env={"PRX_DISABLE_PLUGIN_AUTOLOAD": "0", "PYTHONPATH": os.pathsep.join(paths)},
        errlog=tmp_path / "stderr.txt",
    )
    assert after.is_error is False, (tmp_path / "stderr.txt").read_text()
    assert after.structured_content["data"]["file"] == "README.md"
    assert (tree / "ended.txt").read_text() == "cancelled"


def test_the_newest_protocol_the_sdk_serves(tree, prx_home):
    """The SDK's own client, left to negotiate, speaks its newest version (2026-07-28 and
    its ``server/discover`` probe at the time of writing) with the stdio server."""
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters
    from mcp_types.version import LATEST_PROTOCOL_VERSION

    params = StdioServerParameters(
        command=sys.executable,
        args=["-P", "-m", "prx", "mcp", "--root", str(tree), "--no-auto-index"],
        env={
            "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
            "PRX_HOME": str(prx_home),
            "PRX_DISABLE_PLUGIN_AUTOLOAD": "1",
        },
        cwd=tree,
    )

    async def go():
        async with Client(params) as client:
            result = await client.call_tool("read", {"path": "README.md"})
            return client.protocol_version, result

    version, result = anyio.run(go)
    assert version == LATEST_PROTOCOL_VERSION
    assert result.is_error is False
    assert result.structured_content["data"]["file"] == "README.md"


def test_edit_is_listed_only_with_allow_write_and_takes_a_list_of_edits(tree):
    assert "edit" not in _call(tree, None, {})
    edits = [
        {"file": "src/util.py", "find": "a + b", "replace": "b + a"},
        {"file": "src/app.py", "find": "os.getcwd()", "replace": "os.getcwdb()"},
    ]
    result = _call(tree, "edit", {"edits": edits, "apply": True}, allow_write=True)
    assert not result.is_error, result.structured_content
    data = result.structured_content["data"]
    assert [f["file"] for f in data["files"]] == ["src/util.py", "src/app.py"]
    assert "return b + a" in (tree / "src/util.py").read_text()
    assert "os.getcwdb()" in (tree / "src/app.py").read_text()
    # A bad edit is an error worded with the tool's argument names; nothing is written.
    result = _call(
        tree, "edit", {"path": "src/util.py", "find": "b + a", "apply": True}, allow_write=True
    )
    assert result.is_error
    assert "replace" in result.structured_content["error"]["message"]


def test_edit_files_named_inside_arguments_are_confined(tree, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "victim.py"
    outside.write_text("x = 1\n")
    for arguments in (
        {"edits": [{"file": str(outside), "find": "x = 1", "replace": "x = 2"}]},
        {"edits": json.dumps([{"file": "../" * 8 + str(outside), "find": "x", "replace": "y"}])},
        {"patch": str(outside)},
    ):
        result = _call(tree, "edit", {**arguments, "apply": True}, allow_write=True)
        assert result.is_error, arguments
        assert result.structured_content["error"]["code"] == "permission_denied"
    assert outside.read_text() == "x = 1\n"


@needs("git")
def test_affected_tests_through_a_real_client(tmp_path):
    # The same parameters as the CLI and the library: impact's `tests`, run's `affected`.
    import sys

    from gitrepo import Repo

    repo = Repo(tmp_path / "work")
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    repo.write(
        "test_calc.py", "from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n"
    )
    repo.write("test_other.py", "def test_other():\n    assert True\n")
    repo.commit("first")
    (repo.path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    impact = _call(repo.path, "impact", {"tests": True}, result_text="json", tools=["impact"])
    selection = json.loads(impact.content[0].text)["data"]["selection"]
    assert [t["id"] for t in selection["tests"]] == ["test_calc.py::test_add"]
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    run = _call(
        repo.path,
        "run",
        {"command": command, "affected": True},
        result_text="json",
        tools=["run"],
        allow_run=True,
    )
    data = json.loads(run.content[0].text)["data"]
    assert data["command"][-1] == "test_calc.py::test_add"
    assert (data["failed"], data["affected"]["selected"]) == (1, 1)


def test_several_roots_are_searched_and_only_they_can_be_named(stdio, tree, make_repo):
    there = make_repo(
        {"lib/beta.py": "def beta_total(values):\n    return sum(values)\n"}, git=True
    )
    undeclared = make_repo({"x.py": "def beta_total(): pass\n"}, git=True)
    label = os.path.relpath(there, tree)
    session = stdio("--root", ".", "--root", str(there), "--no-auto-index")
    session.initialize()
    answer = session.tool("search", {"query": "beta_total"})
    assert not answer["isError"], answer
    data = answer["structuredContent"]["data"]
    assert f"{label}//lib/beta.py" in [f["file"] for f in data["files"]]
    assert [r["root"] for r in data["roots"]] == [".", label]
    read = session.tool("read", {"path": f"{label}//lib/beta.py"})
    assert not read["isError"], read
    for path in (
        f"{os.path.relpath(undeclared, tree)}//x.py",  # a project, but not one of the server's
        f"{label}//../{os.path.basename(undeclared)}/x.py",
        "/etc//passwd",
    ):
        result = session.tool("read", {"path": path})
        assert result["structuredContent"]["error"]["code"] == "permission_denied", path
    refused = session.tool("search", {"query": "x", "roots": [str(undeclared)]})
    assert refused["isError"]
    # ``fusion`` is left out of the tool list (its tokens) and still accepted by name.
    listed = {tool["name"]: tool for tool in session.listing()}
    assert "fusion" not in listed["search"]["inputSchema"]["properties"]
    ranked = {}
    for fusion in ("joint", "evidence"):
        answer = session.tool(
            "search", {"query": "sum the values", "mode": "hybrid", "fusion": fusion}
        )
        assert not answer["isError"], answer
        files = answer["structuredContent"]["data"]["files"]
        ranked[fusion] = [m["relevance"] for f in files for m in f["matches"]]
    # Each root's best hit is 1.0 when they are merged; one 1.0 when ranked as one.
    assert ranked["evidence"].count(1.0) == 2 and ranked["joint"].count(1.0) == 1
    bad = session.tool("search", {"query": "x", "fusion": "loudest"})
    assert bad["structuredContent"]["error"]["code"] == "invalid_argument"


def test_a_folder_search_answers_from_the_roots_index(make_repo):
    # Issue 30: an agent narrowing to a folder gets the root's index, kept to the folder.
    import prx

    root = make_repo(
        {
            "crates/ignore/src/walk.rs": "pub fn walk_dir() {\n    // gitignore matched\n}\n",
            "crates/searcher/src/lib.rs": "pub fn search() {\n    // gitignore matched files\n}\n",
        }
    )
    prx.Workspace(root).index()
    result = _call(root, "search", {"query": "gitignore matched", "path": "crates/searcher"})
    data = result.structured_content["data"]
    assert data["index"] == "index"
    assert [f["file"] for f in data["files"]] == ["crates/searcher/src/lib.rs"]
