"""The MCP server seen by a real client: what its tool list costs, how fast a warm search
answers, beside the command line.

    python benchmarks/mcp_server.py [--corpus DIR] [--calls N] [--runs N]

(Not ``mcp.py``: a script's directory comes first on ``sys.path``, so ``import mcp`` would
import the script instead of the SDK.)

``python -m prx mcp --root TREE`` runs as a stdio subprocess driven by the official SDK's
client (``mcp.client.stdio.stdio_client`` and ``ClientSession``), with a private
``PRX_HOME``. Default tree: the django 5.2.8 sdist (``fetch_corpus`` of parse.py); the tree
is indexed first with ``prx index .`` when it has no index (said so when done).

- tool list: the whole ``tools/list`` result as the client receives it (its compact JSON),
  counted with ``prx.core.tokens.count_exact`` (cl100k), for the default tools and with
  ``--allow-run --allow-write`` (target: at most 3,000 tokens), with the default output
  schemas (``names``) and, for comparison, ``--output-schemas off`` and ``full``;
- warm search: one warm-up ``search`` call, then ``--calls`` calls cycling through a few
  queries, each timed from the client's ``call_tool`` to its parsed result (the JSON-RPC
  round trip through the pipes included); p50 and p95 (target: p50 at most 15 ms);
- the same queries through the command line, ``python -m prx search Q .`` in a fresh
  process each (``--runs`` of them), in the same run: p50, p95 and the ratio CLI / MCP;
- and, to tell the transport from the tool, the same calls answered in this process by the
  server's ``McpService`` (no SDK, no pipes), numpy loaded as the server loads it (one
  BLAS thread: ``prx.frontends.mcp.blas``).

The machine's state (machine.py) is printed before and after: on a busy machine every
figure grows.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from machine import state  # noqa: E402
from search import percentile  # noqa: E402

QUERIES = [
    "QuerySet",
    "where is the CSRF token checked",
    "get_object_or_404",
    "password hashing algorithms",
    "cache backend configuration",
]
#: -P: run in the tree without putting it on sys.path (its modules would shadow the stdlib's).
PYTHON_FLAGS = ["-P"]
TARGET_TOOLS_TOKENS = 3000
TARGET_P50_MS = 15.0


def _environment() -> dict[str, str]:
    """The server's and the CLI's environment: this checkout's prx, a private PRX_HOME."""
    import prx

    return {
        "PYTHONPATH": str(Path(prx.__file__).resolve().parent.parent),
        "PRX_HOME": tempfile.mkdtemp(prefix="prx-mcp-bench-"),
        "PRX_DISABLE_PLUGIN_AUTOLOAD": "1",
    }


def _ensure_index(tree: Path, env: dict[str, str]) -> None:
    if (tree / ".prx").is_dir():
        return
    print(f"{tree} has no index: building it with `prx index .` (not timed)")
    subprocess.run(
        [sys.executable, *PYTHON_FLAGS, "-m", "prx", "index", "."],
        cwd=tree,
        env=dict(os.environ, **env),
        stdout=subprocess.DEVNULL,
        check=True,
    )


#: The background index's states the server reported (``notifications/message``).
INDEX_STATES: list[str] = []


async def _on_log(params: Any) -> None:
    if getattr(params, "logger", None) == "prx.engine.index" and isinstance(params.data, dict):
        INDEX_STATES.append(str(params.data.get("state")))


async def _session_run(tree: Path, env: dict[str, str], flags: list[str], work: Any) -> Any:
    """``work(session)`` inside an initialised SDK client session with ``prx mcp``."""
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable,
        args=[*PYTHON_FLAGS, "-m", "prx", "mcp", "--root", str(tree), *flags],
        env=env,
        cwd=tree,
    )
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write, logging_callback=_on_log) as session:
                await session.initialize()
                return await work(session)


def tool_list_tokens(tree: Path, env: dict[str, str], flags: list[str]) -> tuple[int, int]:
    """The number of tools listed and the tokens of the whole ``tools/list`` result."""
    import anyio

    from prx.core.tokens import count_exact

    async def listed(session: Any) -> tuple[int, int]:
        result = await session.list_tools()
        text = result.model_dump_json(by_alias=True, exclude_none=True)
        return len(result.tools), count_exact(text)

    return anyio.run(_session_run, tree, env, flags, listed)


def _server_cpu_ms() -> float | None:
    """CPU time (user + system) of the ``prx mcp`` child of this process, from /proc (None
    elsewhere): unlike wall time, what the other work on the machine does not blur."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != os.getpid():
                continue
            if b"mcp" not in Path(f"/proc/{entry}/cmdline").read_bytes():
                continue
        except (OSError, IndexError, ValueError):
            continue
        return (int(fields[11]) + int(fields[12])) * 1000 / tick
    return None


#: CPU per timed call of the last mcp_search_ms: (server, client) in ms, server None
#: without /proc.
CPU_PER_CALL: list[tuple[float | None, float]] = []


def mcp_search_ms(tree: Path, env: dict[str, str], calls: int) -> list[float]:
    """Round trips of warm ``search`` tool calls, in milliseconds."""
    import anyio

    async def searches(session: Any) -> list[float]:
        import anyio

        warm_up = await session.call_tool("search", {"query": QUERIES[0]})
        if warm_up.is_error:
            raise SystemExit(f"the search tool failed: {warm_up.structured_content}")
        # The server checks the index in the background when it starts: measure after that
        # (a warm server), not while it competes for the cores.
        with anyio.move_on_after(60):
            while not {"ready", "failed"} & set(INDEX_STATES):
                await anyio.sleep(0.1)
        times = []
        server, client = _server_cpu_ms(), time.process_time()
        for n in range(calls):
            started = time.perf_counter()
            result = await session.call_tool("search", {"query": QUERIES[n % len(QUERIES)]})
            times.append((time.perf_counter() - started) * 1000)
            assert not result.is_error, result.structured_content
        after = _server_cpu_ms()
        server_ms = None if server is None or after is None else (after - server) / calls
        CPU_PER_CALL[:] = [(server_ms, (time.process_time() - client) * 1000 / calls)]
        return times

    return anyio.run(_session_run, tree, env, [], searches)


def in_process_ms(tree: Path, env: dict[str, str], calls: int) -> list[float]:
    """The same calls answered in this process by the server's ``McpService`` (no SDK, no
    pipes): what the tool costs before the transport."""
    os.environ.update(env)
    from prx.frontends.mcp.blas import one_blas_thread

    if not one_blas_thread():
        print("  (numpy was loaded already: the in-process figures use its BLAS threads)")
    from prx.app.workspace import Workspace
    from prx.core.config import Config
    from prx.frontends.mcp.service import McpService

    ws = Workspace(str(tree), config=Config.from_env())
    service = McpService(ws)
    (search,) = [op for op in ws.registry.operations() if op.name == "search"]
    service.answer(search, {"query": QUERIES[0]})
    times = []
    cpu = time.process_time()
    for n in range(calls):
        started = time.perf_counter()
        service.answer(search, {"query": QUERIES[n % len(QUERIES)]})
        times.append((time.perf_counter() - started) * 1000)
    IN_PROCESS_CPU[:] = [(time.process_time() - cpu) * 1000 / calls]
    return times


#: CPU per call of the last in_process_ms, in ms.
IN_PROCESS_CPU: list[float] = []


def cli_search_ms(tree: Path, env: dict[str, str], runs: int) -> list[float]:
    """``python -m prx search Q .`` in a fresh process each, in milliseconds."""
    times = []
    for n in range(runs):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, *PYTHON_FLAGS, "-m", "prx", "search", QUERIES[n % len(QUERIES)], "."],
            cwd=tree,
            env=dict(os.environ, **env),
            stdout=subprocess.DEVNULL,
            check=True,
        )
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, help="a source tree (default: the django sdist)")
    parser.add_argument("--calls", type=int, default=30, help="warm MCP search calls")
    parser.add_argument("--runs", type=int, default=10, help="fresh-process CLI searches")
    parser.add_argument("--cache", type=Path, default=Path(__file__).parent / ".corpora")
    args = parser.parse_args()
    if args.corpus is None:
        from parse import DJANGO, fetch_corpus

        args.corpus = fetch_corpus(*DJANGO, base=args.cache)
    tree = args.corpus.resolve()
    env = _environment()
    _ensure_index(tree, env)
    print(f"corpus {tree}; {len(QUERIES)} queries")
    print(f"before: {state()}")

    for schemas in ("names", "off", "full"):
        for label, flags in (
            ("default", []),
            ("--allow-run --allow-write", ["--allow-run", "--allow-write"]),
        ):
            listed = [*flags, "--output-schemas", schemas, "--no-auto-index"]
            tools, tokens = tool_list_tokens(tree, env, listed)
            target = f" (target <= {TARGET_TOOLS_TOKENS:,})" if schemas == "names" else ""
            print(
                f"tools/list ({label}, --output-schemas {schemas}): {tools} tools,"
                f" {tokens:,} tokens{target}"
            )

    mcp = mcp_search_ms(tree, env, args.calls)
    cli = cli_search_ms(tree, env, args.runs)
    local = in_process_ms(tree, env, args.calls)
    mcp_p50, cli_p50 = statistics.median(mcp), statistics.median(cli)
    print(
        f"warm MCP search (stdio round trip, {len(mcp)} calls): p50 {mcp_p50:.2f} ms,"
        f" p95 {percentile(mcp, 0.95):.2f} ms (target p50 <= {TARGET_P50_MS:.0f} ms)"
    )
    print(
        f"  the same calls in-process (McpService.answer, no transport): p50"
        f" {statistics.median(local):.2f} ms, p95 {percentile(local, 0.95):.2f} ms"
    )
    (server_cpu, client_cpu), (local_cpu,) = CPU_PER_CALL[0], IN_PROCESS_CPU
    shown = "?" if server_cpu is None else f"{server_cpu:.2f}"
    print(
        f"  CPU per call: server process {shown} ms, its client {client_cpu:.2f} ms,"
        f" in-process answer {local_cpu:.2f} ms"
    )
    print(
        f"CLI search (fresh process, {len(cli)} runs): p50 {cli_p50:.0f} ms,"
        f" p95 {percentile(cli, 0.95):.0f} ms"
    )
    print(f"ratio CLI / MCP at p50: {cli_p50 / mcp_p50:.0f}x")
    print(f"after: {state()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
