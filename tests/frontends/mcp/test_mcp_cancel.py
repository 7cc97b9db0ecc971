"""Over MCP, a cancelled call stops its work and gives the server back; a client that leaves
takes the server and everything it runs with it.

Every test talks to a real ``prx mcp`` subprocess: through the SDK's own stdio client
(cancelling the caller's task makes it send ``notifications/cancelled``), or line by line
where the test must close the pipe or kill a process itself. Commands write their pid to
a file so the test can see them live and die.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (extra prx[mcp]) is not installed")
pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads process states from /proc"
)

#: Seconds any wait may last before the test fails (never reached when all is well).
PATIENCE = 30.0
#: A command that writes its pid, then sleeps for ever in place of its shell.
SLEEPER = ["sh", "-c", "echo $$ > sleeper.pid; exec sleep 1000"]
#: A command that leaves a grandchild in its group, writes both pids, then waits.
FAMILY = ["sh", "-c", "sleep 1000 & echo $! > grandchild.pid; echo $$ > sleeper.pid; wait"]

WAIT_PLUGIN = '''
import time
from dataclasses import dataclass
from pathlib import Path

from prx.plugin import Operation, hookimpl
from prx.core.progress import report


@dataclass(frozen=True, slots=True, kw_only=True)
class StubbornParams:
    seconds: float = 120.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Done:
    slept: float


def _stubborn(ws, params):
    """Sleeps, never looking at the cancellation (a loop someone forgot to check)."""
    report("sleeping", 1)
    (Path(ws.root_dir) / "stubborn.started").write_text("yes")
    time.sleep(params.seconds)
    (Path(ws.root_dir) / "stubborn.ended").write_text("yes")
    return Done(slept=params.seconds)


@hookimpl
def prx_register_operations():
    return Operation(
        name="stubborn", summary="Sleep, deaf to cancellation.", func=_stubborn,
        params=StubbornParams, result=Done,
    )
'''


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie has died)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            state = fh.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def wait_for(predicate, what: str, patience: float = PATIENCE) -> None:
    deadline = time.monotonic() + patience
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.02)


def read_pid(path: Path) -> int:
    wait_for(lambda: path.exists() and path.read_text().strip(), f"{path.name} to be written")
    return int(path.read_text())


def kill_quietly(*pids: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture
def tree(make_repo):
    return make_repo({"README.md": "# demo\n\nAdd numbers.\n", "src/util.py": "x = 1\n"})


def _environment(prx_home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    return {
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        "PRX_HOME": str(prx_home),
        "PRX_DISABLE_PLUGIN_AUTOLOAD": os.environ.get("PRX_DISABLE_PLUGIN_AUTOLOAD", "1"),
        "PATH": os.environ.get("PATH", ""),
        **(extra or {}),
    }


def _sdk_session(root, prx_home, work, *flags, env=None, errlog):
    """``work(session)`` in an initialised session of the SDK's stdio client with
    ``prx mcp --root root --no-auto-index --no-warm-socket FLAGS``."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable,
        args=[
            "-P",
            "-m",
            "prx",
            "mcp",
            "--root",
            str(root),
            "--no-auto-index",
            "--no-warm-socket",
            *flags,
        ],
        env=_environment(prx_home, env),
        cwd=root,
    )

    async def go():
        with errlog.open("w") as err:
            async with stdio_client(params, errlog=err) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await work(session)

    return anyio.run(go)


async def _cancelled_after(session, tool, arguments, started):
    """Call ``tool``, wait until ``started()`` holds, then cancel the call (the SDK sends
    notifications/cancelled)."""
    import anyio

    async def call():
        await session.call_tool(tool, arguments)

    async with anyio.create_task_group() as group:
        group.start_soon(call)
        with anyio.fail_after(PATIENCE):
            while not started():
                await anyio.sleep(0.02)
        group.cancel_scope.cancel()


# ------------------------------------------------------------------ cancellation


def test_a_cancelled_run_kills_its_command_and_the_server_answers_the_next_call(
    tree, prx_home, tmp_path
):
    pidfile = tree / "sleeper.pid"
    pids: list[int] = []

    async def work(session):
        import anyio

        def started():
            if pidfile.exists() and pidfile.read_text().strip():
                pids.append(int(pidfile.read_text()))
                return True
            return False

        await _cancelled_after(session, "run", {"command": SLEEPER, "timeout": 0}, started)
        with anyio.fail_after(PATIENCE):
            read = await session.call_tool("read", {"path": "README.md"})
            listing = await session.list_tools()
        return read, listing

    try:
        read, listing = _sdk_session(
            tree, prx_home, work, "--allow-run", errlog=tmp_path / "stderr.txt"
        )
        assert read.is_error is False, (tmp_path / "stderr.txt").read_text()
        assert read.structured_content["data"]["file"] == "README.md"
        assert "run" in [tool.name for tool in listing.tools]
        wait_for(lambda: not alive(pids[0]), "the cancelled command to die", 10)
    finally:
        kill_quietly(*pids)


@pytest.mark.slow  # ~7 s
def test_a_cancelled_call_that_never_stops_does_not_hold_the_server(
    tree, prx_home, tmp_path, plugin_dist
):
    """The server's calls share one workspace, one at a time; a cancelled call that never
    checks its cancellation is left its workspace, and the next call gets a fresh one."""
    import anyio

    site = plugin_dist("stubborn", "stubborn_plugin", modules={"stubborn_plugin": WAIT_PLUGIN})
    paths = [str(site), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]

    async def work(session):
        await _cancelled_after(
            session, "stubborn", {}, lambda: (tree / "stubborn.started").exists()
        )
        with anyio.fail_after(PATIENCE):
            return await session.call_tool("read", {"path": "README.md"})

    after = _sdk_session(
        tree,
        prx_home,
        work,
        env={"PRX_DISABLE_PLUGIN_AUTOLOAD": "0", "PYTHONPATH": os.pathsep.join(paths)},
        errlog=tmp_path / "stderr.txt",
    )
    assert after.is_error is False, (tmp_path / "stderr.txt").read_text()
    assert after.structured_content["data"]["file"] == "README.md"
    assert not (tree / "stubborn.ended").exists()  # answered while it still slept


def test_a_cancelled_search_of_a_large_tree_gives_the_server_back(make_repo, prx_home, tmp_path):
    files = {
        f"pkg{d}/mod{f}.py": "".join(
            f"def helper_{d}_{f}_{k}(x):\n    return x * {k}  # value total count\n\n"
            for k in range(10)
        )
        for d in range(30)
        for f in range(100)
    }
    tree = make_repo(files)
    progressed: list[float] = []

    async def work(session):
        import anyio

        async def call():
            async def on_progress(progress, total, message):
                progressed.append(progress)

            await session.call_tool(
                "search", {"query": "value total count"}, progress_callback=on_progress
            )

        async with anyio.create_task_group() as group:
            group.start_soon(call)
            with anyio.fail_after(PATIENCE * 2):
                while not progressed:
                    await anyio.sleep(0.01)
            group.cancel_scope.cancel()
        with anyio.fail_after(PATIENCE):
            return await session.call_tool("read", {"path": "pkg0/mod0.py", "budget": 4000})

    after = _sdk_session(tree, prx_home, work, errlog=tmp_path / "stderr.txt")
    assert after.is_error is False, (tmp_path / "stderr.txt").read_text()
    assert after.structured_content["data"]["file"] == "pkg0/mod0.py"


# ------------------------------------------------------------------ the client leaves


class RawServer:
    """``prx mcp`` spoken to line by line, so the test can close its stdin or kill it."""

    def __init__(self, root: Path, prx_home: Path, *flags: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "prx", "mcp", "--no-auto-index", "--no-warm-socket", *flags],
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=dict(os.environ, PRX_HOME=str(prx_home)),
        )
        self.send(
            {
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "test", "version": "1"},
                },
            }
        )
        assert self.proc.stdout is not None
        assert json.loads(self.proc.stdout.readline())["id"] == 1
        self.send({"method": "notifications/initialized"})

    def send(self, message: dict) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
        self.proc.stdin.flush()

    def call(self, call_id: int, tool: str, arguments: dict) -> None:
        self.send(
            {
                "id": call_id,
                "method": "tools/call",
                "params": {"name": tool, "arguments": arguments},
            }
        )

    def exited(self) -> bool:
        return self.proc.poll() is not None

    def end(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass


@pytest.mark.parametrize("command", [SLEEPER, FAMILY], ids=["command", "its group"])
def test_a_client_that_leaves_ends_the_server_and_its_command(tree, prx_home, command):
    server = RawServer(tree, prx_home, "--allow-run")
    pids: list[int] = []
    try:
        server.call(2, "run", {"command": command, "timeout": 0})
        pids.append(read_pid(tree / "sleeper.pid"))
        if command is FAMILY:
            pids.append(read_pid(tree / "grandchild.pid"))
        server.proc.stdin.close()  # type: ignore[union-attr]
        wait_for(server.exited, "the server to exit once its client left")
        for pid in pids:
            wait_for(lambda pid=pid: not alive(pid), f"process {pid} to die", 10)
    finally:
        server.end()
        kill_quietly(*pids)


@pytest.mark.slow  # ~6 s
def test_a_client_that_leaves_during_a_call_that_never_stops_ends_the_server(
    tree, prx_home, plugin_dist, monkeypatch
):
    site = plugin_dist("stubborn", "stubborn_plugin", modules={"stubborn_plugin": WAIT_PLUGIN})
    paths = [str(site), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    monkeypatch.setenv("PRX_DISABLE_PLUGIN_AUTOLOAD", "0")
    server = RawServer(tree, prx_home)
    try:
        server.call(2, "stubborn", {})
        wait_for((tree / "stubborn.started").exists, "the call to start")
        server.proc.stdin.close()  # type: ignore[union-attr]
        wait_for(server.exited, "the server to exit once its client left")
        assert not (tree / "stubborn.ended").exists()
    finally:
        server.end()


def test_a_killed_server_takes_its_command_and_the_commands_group_along(tree, prx_home):
    """prx mcp killed outright (SIGKILL): its commands' watchdog ends their groups."""
    server = RawServer(tree, prx_home, "--allow-run")
    pids: list[int] = []
    try:
        server.call(2, "run", {"command": FAMILY, "timeout": 0})
        pids += [read_pid(tree / "sleeper.pid"), read_pid(tree / "grandchild.pid")]
        server.proc.kill()
        for pid in pids:
            wait_for(lambda pid=pid: not alive(pid), f"process {pid} to die", 10)
    finally:
        server.end()
        kill_quietly(*pids)


def test_a_long_run_does_not_keep_other_calls_waiting(tree, prx_home):
    """A command runs for minutes (a test suite); reads are answered meanwhile."""
    server = RawServer(tree, prx_home, "--allow-run")
    pids: list[int] = []
    try:
        server.call(2, "run", {"command": SLEEPER, "timeout": 0})
        pids.append(read_pid(tree / "sleeper.pid"))
        server.call(3, "read", {"path": "README.md"})
        import selectors

        assert server.proc.stdout is not None
        with selectors.DefaultSelector() as sel:
            sel.register(server.proc.stdout, selectors.EVENT_READ)
            assert sel.select(PATIENCE), "the read was not answered while the command ran"
        reply = json.loads(server.proc.stdout.readline())
        assert reply["id"] == 3
        assert reply["result"]["structuredContent"]["data"]["file"] == "README.md"
    finally:
        server.end()
        kill_quietly(*pids)
