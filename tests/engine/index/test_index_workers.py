"""A killed ``prx index`` or cold ``prx search`` leaves no worker behind and no lock held;
a lock another process holds is waited for a bounded time, and the answer names it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import prx
from prx.core.errors import PrxIOError
from prx.engine.index import units
from prx.engine.index.lock import writer_lock

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or units.worker_count() < 2,
    reason="needs /proc and two cores (workers start only then)",
)

#: Bounds on waits for a condition (never asserted as durations).
SETTLE_SECONDS = 30
RUN_SECONDS = 300
#: How long a command that waits for a lock may take before the test calls it hung.
LOCKED_SECONDS = 90


def _big_repo(make_repo):
    """About 3 MB of Python: far above the size at which index and search fork workers."""
    body = "".join(
        f"def function_{j}(alpha, beta):\n    '''Docs for {j}.'''\n    return alpha * {j} + beta\n\n"
        for j in range(120)
    )
    return make_repo({f"pkg{i % 10}/mod{i}.py": f"# module {i}\n{body}" for i in range(320)})


def _cli(*args, cwd, **env):
    """``prx ARGS`` in a session of its own: its workers share its process group."""
    code = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **env},
        start_new_session=True,
    )


def _stat(pid):
    """(state, parent pid, process group) of a process from /proc, or None once gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1]), int(fields[2])


def _alive(pid):
    found = _stat(pid)
    return found is not None and found[0] not in ("Z", "X")


def _group(leader):
    """The live processes of ``leader``'s process group, other than the leader."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != leader:
            info = _stat(int(name))
            if info is not None and info[2] == leader and info[0] not in ("Z", "X"):
                found.append(int(name))
    return found


def _wait_for(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    return condition()


def _kill_while_workers_run(proc):
    """SIGKILL ``proc`` as soon as its workers exist, then wait (bounded) for its whole
    process group to end; the pids still alive then."""
    workers = _wait_for(lambda: _group(proc.pid), RUN_SECONDS)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=SETTLE_SECONDS)  # not its pipes: surviving workers hold them open
    proc.stdout.close()
    proc.stderr.close()
    assert workers, "the command ended before it started workers"
    _wait_for(lambda: not _group(proc.pid), SETTLE_SECONDS)
    return _group(proc.pid)


def _reap(pids):
    for pid in pids:  # only processes this test started, if a failure left them
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_a_killed_index_leaves_no_worker_and_the_next_index_completes(make_repo):
    repo = _big_repo(make_repo)
    proc = _cli("index", ".", "--rebuild", cwd=repo)
    survivors = _kill_while_workers_run(proc)
    after = None
    try:
        assert survivors == []
        after = _cli("index", ".", cwd=repo, PRX_INDEX_LOCK_TIMEOUT="20")
        out, _ = after.communicate(timeout=LOCKED_SECONDS)
        answer = json.loads(out)
        assert answer["status"] == "ok", answer
        assert answer["data"]["files_indexed"] == 320
    finally:
        if after is not None:
            after.kill()
        _reap(survivors)


def test_a_killed_cold_search_leaves_no_worker(make_repo):
    repo = _big_repo(make_repo)
    proc = _cli("search", "alpha beta docs", ".", cwd=repo)
    survivors = _kill_while_workers_run(proc)
    try:
        assert survivors == []
    finally:
        _reap(survivors)


_HOLDER = """
import sys
from prx.engine.index.lock import writer_lock
with writer_lock(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.read()
"""


def test_a_lock_held_by_another_process_is_waited_for_then_named(make_repo):
    repo = make_repo({"app.py": "def main():\n    return 1\n"})
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(repo)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    waiting = None
    try:
        assert holder.stdout.readline() == "held\n"
        waiting = _cli("index", ".", cwd=repo, PRX_INDEX_LOCK_TIMEOUT="0.5")
        out, _ = waiting.communicate(timeout=LOCKED_SECONDS)
        answer = json.loads(out)
        assert answer["status"] == "error"
        message = answer["error"]["message"]
        assert f"pid {holder.pid}" in message and "running" in message
        assert answer["error"]["suggestion"]
    finally:
        if waiting is not None:
            waiting.kill()
        holder.stdin.close()
        holder.wait(timeout=SETTLE_SECONDS)
    # Released: the next one goes through.
    assert prx.Workspace(repo).index().status == "built"


def test_a_lock_wait_is_bounded_within_one_process_too(make_repo):
    repo = make_repo({"app.py": "x = 1\n"})
    held, release = threading.Event(), threading.Event()

    def hold():
        with writer_lock(str(repo)):
            held.set()
            release.wait(SETTLE_SECONDS)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert held.wait(SETTLE_SECONDS)
        with pytest.raises(PrxIOError) as caught, writer_lock(str(repo), timeout=0.2):
            pass
        assert f"pid {os.getpid()}" in caught.value.message
    finally:
        release.set()
        thread.join()
    with writer_lock(str(repo), timeout=0.2) as got:
        assert got


_FORKER = """
import os, sys, time
from prx.engine.index.lock import writer_lock
with writer_lock(sys.argv[1]):
    child = os.fork()
    if child == 0:
        time.sleep(60)
        os._exit(0)
    print(child, flush=True)
    time.sleep(60)
"""


def test_a_killed_writers_forked_child_does_not_keep_its_lock(make_repo):
    repo = make_repo({"app.py": "x = 1\n"})
    writer = subprocess.Popen(
        [sys.executable, "-c", _FORKER, str(repo)], stdout=subprocess.PIPE, text=True
    )
    child = int(writer.stdout.readline())
    try:
        writer.send_signal(signal.SIGKILL)  # no unlock: only closing every copy frees it
        writer.wait(timeout=SETTLE_SECONDS)
        assert _alive(child)
        with writer_lock(str(repo), timeout=5) as got:
            assert got
    finally:
        os.kill(child, signal.SIGKILL)


def test_the_holder_is_described_from_the_pid_in_the_lock_file(tmp_path):
    from prx.engine.index.lock import holder

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait(timeout=SETTLE_SECONDS)
    path = tmp_path / "lock"
    for content, expected in (
        (f"{os.getpid()}\n", f"pid {os.getpid()}, running"),
        (f"{gone.pid}\n", f"pid {gone.pid}, no longer running"),
        ("", "holder unknown"),
    ):
        path.write_text(content)
        fd = os.open(path, os.O_RDONLY)
        try:
            assert holder(fd).startswith(expected)
        finally:
            os.close(fd)


def test_workers_start_while_another_thread_is_blocked_reading_stdin():
    # prx mcp reads its requests on a thread; a search that builds a corpus in workers
    # forks meanwhile. A worker used to close the stdin it inherited, whose lock the
    # reading thread held: it waited forever, and the search with it.
    import subprocess
    import sys
    import textwrap

    code = textwrap.dedent(
        """
        import sys, threading, time
        threading.Thread(target=sys.stdin.buffer.readline, daemon=True).start()
        time.sleep(0.3)  # the reader is blocked inside readline(), holding the lock
        from prx.core.pool import process_pool
        with process_pool(2) as pool:
            print(sum(pool.map(abs, [-1, -2, -3])))
        """
    )
    keep_open, writer = os.pipe()  # never written, kept open: the reader stays blocked
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            stdin=keep_open,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError("the workers hung on the inherited stdin") from None
    finally:
        os.close(keep_open)
        os.close(writer)
    assert done.stdout.strip() == "6", done.stderr
