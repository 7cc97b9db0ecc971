"""``prx mcp`` keeps the root's index current in the background, says so in answers while
it works, and reports its progress as log notifications; ``--toolsets`` selects tools."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (extra prx[mcp]) is not installed")

from prx.frontends.mcp.background import BackgroundIndex  # noqa: E402


@pytest.fixture
def tree(make_repo):
    return make_repo(
        {
            "src/app.py": "import os\n\n\ndef main():\n    return os.getcwd()\n",
            "src/util.py": "def add(a, b):\n    return a + b\n",
            "README.md": "# demo\n\nAdd numbers.\n",
        }
    )


def _workspace(root):
    from prx.app.workspace import Workspace
    from prx.core.config import Config

    return Workspace(root, config=Config.from_env())


def _service(root, background):
    from prx.frontends.mcp.service import McpService

    return McpService(_workspace(root), background)


def _search(service, query="add numbers"):
    ws = service.workspace
    return service.answer(ws.registry.operation("search"), {"query": query}).envelope


# A child that reports some progress and then waits to be stopped: a build in progress.
SLOW_CHILD = [
    sys.executable,
    "-c",
    "import json, sys, time\n"
    "print(json.dumps({'stage': 'files', 'done': 3, 'total': 40}), flush=True)\n"
    "time.sleep(120)\n",
]


def test_a_missing_index_is_built_and_then_answers(tree):
    background = BackgroundIndex(str(tree))
    service = _service(tree, background)
    first = _search(service)
    assert first["data"]["index"] == "built"  # answered at once, without an index
    status = background.wait(timeout=120)
    assert status.state == "ready" and status.message == "built", status
    assert (tree / ".prx" / "CURRENT").exists()
    second = _search(service)
    assert second["data"]["index"] == "index"  # the cached engine gave way to the index
    assert second["data"]["files"][0]["file"] == first["data"]["files"][0]["file"]
    assert "warnings" not in second


def test_a_stale_index_is_updated_after_a_search_finds_it_stale(tree):
    import prx

    prx.index(str(tree), root=str(tree))
    background = BackgroundIndex(str(tree))
    service = _service(tree, background)
    assert _search(service)["data"]["index"] == "index"
    assert background.status.state == "idle"  # nothing to do: no build started
    (tree / "src" / "util.py").write_text("def add(a, b):\n    return b + a\n")
    service.workspace.cache.pop("engines", None)  # as after the freshness interval
    stale = _search(service)
    assert stale["data"]["index"].startswith("index (stale: 1 changed")
    status = background.wait(timeout=120)
    assert status.state == "ready" and status.message == "updated", status
    assert _search(service)["data"]["index"] == "index"


def test_searches_during_a_build_say_so(tree):
    background = BackgroundIndex(str(tree), command=SLOW_CHILD)
    try:
        service = _service(tree, background)
        assert background.ensure()
        deadline = time.monotonic() + 30
        while background.status.done != 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        envelope = _search(service)
        assert envelope["data"]["index"] == "built"
        (warning,) = envelope["warnings"]
        assert "being built in the background (3 of 40 files)" in warning
        from prx.core.envelope import dumps
        from prx.core.tokens import count_fast

        assert envelope["tokens"] == count_fast(dumps(envelope))  # counted with the note
        assert not background.ensure()  # one build at a time
        literal = service.answer(
            service.workspace.registry.operation("search"), {"query": "add", "mode": "literal"}
        ).envelope
        assert "warnings" not in literal  # a literal search reads no index
    finally:
        background.close()
    assert background.status.state == "idle"


def test_a_failed_build_is_reported_and_not_retried_at_once(tree):
    failing = [
        sys.executable,
        "-c",
        "import json; print(json.dumps({'error': 'io_error', "
        "'message': 'disk full'})); raise SystemExit(1)",
    ]
    background = BackgroundIndex(str(tree), command=failing)
    assert background.ensure()
    status = background.wait(timeout=30)
    assert status.state == "failed" and status.message == "disk full"
    assert "could not be built in the background: disk full" in (background.note() or "")
    assert not background.ensure()  # each search would otherwise start one that fails


def test_an_exact_budget_drops_the_note_before_exceeding(tree):
    background = BackgroundIndex(str(tree), command=SLOW_CHILD)
    try:
        service = _service(tree, background)
        background.ensure()
        ws = service.workspace
        roomy = service.answer(ws.registry.operation("search"), {"query": "add", "budget": 4000})
        assert roomy.envelope["warnings"]
        tight = roomy.envelope["tokens"] - 5
        answer = service.answer(ws.registry.operation("search"), {"query": "add", "budget": tight})
        assert answer.envelope["tokens"] <= tight
    finally:
        background.close()


# ------------------------------------------------------------------ over stdio


def _stdio(root, prx_home, *flags, env=None):
    environ = dict(os.environ, PRX_HOME=str(prx_home), **(env or {}))
    return subprocess.Popen(
        [sys.executable, "-m", "prx", "mcp", *flags],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environ,
    )


def _exchange(proc, messages, until_id, *, timeout=120):
    """Send ``messages``; return every line read until the answer to ``until_id``."""
    for message in messages:
        proc.stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
    proc.stdin.flush()
    lines = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        lines.append(json.loads(line))  # stdout purity: JSON-RPC only
        if lines[-1].get("id") == until_id:
            return lines
    raise AssertionError("no answer")


INIT = [
    {
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    },
    {"method": "notifications/initialized"},
]


def _search_call(call_id):
    return {
        "id": call_id,
        "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": "add numbers"}},
    }


def test_the_server_builds_the_index_and_tells_the_client(tree, prx_home):
    proc = _stdio(tree, prx_home)
    try:
        lines = _exchange(proc, INIT, 1)
        assert "logging" in lines[-1]["result"]["capabilities"]
        states = []
        call = 2
        while "ready" not in states:
            for line in _exchange(proc, [_search_call(call)], call):
                if line.get("method") == "notifications/message":
                    assert line["params"]["logger"] == "prx.engine.index"
                    states.append(line["params"]["data"]["state"])
                elif line.get("id") == call:
                    answer = line["result"]["structuredContent"]
            call += 1
            time.sleep(0.2)
        assert states[0] == "building"
        assert (tree / ".prx" / "CURRENT").exists()
        last = _exchange(proc, [_search_call(call)], call)[-1]
        assert last["result"]["structuredContent"]["data"]["index"] == "index"
        assert answer["status"] == "ok"
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.parametrize("home", [False, True])
def test_no_index_is_written_without_auto_index_or_in_the_home_directory(tree, prx_home, home):
    flags = () if home else ("--no-auto-index",)
    proc = _stdio(tree, prx_home, *flags, env={"HOME": str(tree)} if home else None)
    try:
        _exchange(proc, INIT, 1)
        for call in (2, 3):
            answer = _exchange(proc, [_search_call(call)], call)[-1]
            envelope = answer["result"]["structuredContent"]
            assert envelope["data"]["index"] == "built" and "warnings" not in envelope
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()
    assert not (tree / ".prx").exists()


# ------------------------------------------------------------------ --toolsets


def _tools(root, **select):
    from prx.frontends.mcp.service import select_operations

    ws = _workspace(root)
    return sorted(op.name for op in select_operations(ws.registry.operations(), **select))


def test_toolsets_select_groups_of_tools(tree):
    assert _tools(tree, toolsets=["navigate"]) == ["exists", "find", "outline", "read"]
    assert _tools(tree, toolsets=["search"], tools=["read"]) == ["read", "search"]
    # A toolset does not lift the write and run gates.
    assert _tools(tree, toolsets=["admin", "run"]) == ["bench-ndcg"]
    assert _tools(tree, toolsets=["admin", "run"], allow_write=True, allow_run=True) == [
        "bench-ndcg",
        "index",
        "init",
        "run",
        "stats",
    ]


def test_an_unknown_toolset_is_a_usage_error(tree):
    proc = subprocess.run(
        [sys.executable, "-m", "prx", "mcp", "--toolsets", "navigate,nope"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    envelope = json.loads(proc.stdout)
    assert proc.returncode == 2
    assert envelope["error"]["code"] == "invalid_argument"
    assert "'nope'" in envelope["error"]["message"]
    assert "navigate" in envelope["error"]["suggestion"]


def _threads_after_a_product(setup):
    """The threads of a fresh process that ran ``setup`` and then a large product."""
    code = (
        f"{setup}\nimport os, numpy\n"
        "numpy.ones((256, 30000), numpy.float32).T @ numpy.ones(256, numpy.float32)\n"
        "print(len(os.listdir('/proc/self/task')), os.environ.get('OPENBLAS_NUM_THREADS'))"
    )
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    threads, variable = out.stdout.split()
    return int(threads), variable


@pytest.mark.skipif(
    not os.path.isdir("/proc/self/task") or (os.cpu_count() or 1) < 2,
    reason="counts threads through /proc, on a machine with more than one core",
)
def test_the_server_loads_numpy_with_one_blas_thread_and_leaves_the_environment():
    threads, _ = _threads_after_a_product("")
    assert threads > 1  # BLAS's own threads, one per core
    setup = "from prx.frontends.mcp.blas import one_blas_thread\nassert one_blas_thread()"
    threads, variable = _threads_after_a_product(setup)
    assert threads == 1
    assert variable == "None"  # commands the server runs see the caller's environment


def test_a_check_that_finds_the_index_up_to_date_keeps_the_cached_engine(tree):
    def child(status):
        message = {"status": status, "files_indexed": 3, "files_changed": 0}
        return [sys.executable, "-c", f"print({json.dumps(json.dumps(message))})"]

    up_to_date = BackgroundIndex(str(tree), command=child("up_to_date"))
    assert up_to_date.ensure()
    status = up_to_date.wait(timeout=30)
    assert status.state == "ready" and status.generation == 0
    updated = BackgroundIndex(str(tree), command=child("updated"))
    assert updated.ensure()
    assert updated.wait(timeout=30).generation == 1  # the next search loads the new index


def test_the_indexer_child_never_imports_from_the_root(tree):
    # A hostile repository can hold files named like modules: the child that indexes it
    # must not import them (it runs from /, without the root on its module path).
    (tree / "prx").mkdir()
    (tree / "prx" / "__init__.py").write_text(
        "import pathlib; pathlib.Path(__file__).with_name('IMPORTED').write_text('x')\n"
    )
    (tree / "json.py").write_text(
        "import pathlib; pathlib.Path(__file__).with_name('IMPORTED_JSON').write_text('x')\n"
    )
    background = BackgroundIndex(str(tree))
    assert background.ensure()
    status = background.wait(timeout=120)
    assert status.state == "ready", status
    assert not (tree / "prx" / "IMPORTED").exists()
    assert not (tree / "IMPORTED_JSON").exists()
