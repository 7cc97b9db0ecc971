"""`prx index --watch`: a real change is picked up, the index's own writes and ignored
files never trigger a re-index, Ctrl-C ends with an envelope, a missing extra is an
answer."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time

import pytest

import prx
from prx.core.errors import InvalidArgumentError
from prx.engine.index.store import current_dir
from prx.engine.index.watch import Relevance, watch_index

from envelopes import hits

FILES = {
    "app.py": "def original():\n    return 1\n",
    "lib/util.py": "def helper():\n    return 2\n",
    ".gitignore": "build/\n*.log\n",
    "sub/.gitignore": "generated.py\n",
}


def test_without_the_extra_watch_is_an_invalid_argument_with_a_suggestion(make_repo, monkeypatch):
    repo = make_repo(FILES)
    monkeypatch.setitem(sys.modules, "watchfiles", None)  # import fails
    with pytest.raises(InvalidArgumentError) as info:
        watch_index(prx.Workspace(repo), ".")
    assert info.value.code == "invalid_argument" and "prx[watch]" in info.value.suggestion
    assert current_dir(str(repo)) is None  # nothing was built


def test_relevance_ignores_own_writes_vcs_and_ignored_files(make_repo):
    repo = make_repo(FILES)
    relevant = Relevance(str(repo))
    path = lambda rel: os.path.join(str(repo), rel)  # noqa: E731
    assert relevant(None, path("app.py")) and relevant(None, path("lib/new.py"))
    assert not relevant(None, path(".prx/index-1/manifest.json"))
    assert not relevant(None, path(".prx/CURRENT"))
    assert not relevant(None, path(".git/index"))
    assert not relevant(None, path("build/out.py"))
    assert not relevant(None, path("debug.log"))
    assert not relevant(None, path("sub/generated.py")) and relevant(None, path("sub/kept.py"))
    assert not relevant(None, os.path.join(os.path.dirname(str(repo)), "elsewhere.py"))


def _wait(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_a_change_is_indexed_and_the_watch_does_not_loop_on_its_own_writes(make_repo):
    pytest.importorskip("watchfiles")
    repo = make_repo(FILES)
    ws = prx.Workspace(repo)
    stop = threading.Event()
    updates = []
    done = {}

    def run():
        done["result"] = watch_index(
            ws, ".", debounce_ms=400, quiet_ms=100, stop=stop, on_update=updates.append
        )

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert _wait(lambda: current_dir(str(repo)) is not None)
        time.sleep(1.0)  # the watcher is running
        (repo / "build").mkdir()
        (repo / "build" / "out.py").write_text("ignored = True\n")  # ignored: no update
        (repo / "app.py").write_text("def renamed_function():\n    return 1\n")
        assert _wait(lambda: len(updates) >= 1)
        assert updates[0].status == "updated" and updates[0].files_changed == 1
        found = prx.Workspace(repo).search("renamed_function")
        assert found.index == "index" and hits(found)[0].file == "app.py"
        time.sleep(2.5)  # the update wrote a new index under .prx: no further update
        assert len(updates) == 1
    finally:
        stop.set()
        thread.join(timeout=30)
    assert not thread.is_alive()
    assert done["result"].status == "watch_stopped" and done["result"].updates == 1


def test_ctrl_c_ends_the_cli_watch_with_an_envelope(make_repo):
    watchfiles = pytest.importorskip("watchfiles")
    repo = make_repo(FILES)
    env = dict(os.environ)
    extra = os.path.dirname(os.path.dirname(watchfiles.__file__))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH"), extra) if p)
    code = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "index", ".", "--watch"],
        cwd=repo,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stderr], daemon=True).start()

    def expect(fragment, timeout=60.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if fragment in line:
                return line
        raise AssertionError(f"no stderr line with {fragment!r}")

    try:
        expect("watching for changes")
        time.sleep(1.0)
        (repo / "lib" / "util.py").write_text("def helper():\n    return 3\n")
        assert "1 changed" in expect("re-indexed")
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    envelope = json.loads(out)
    assert proc.returncode == 0 and envelope["status"] == "ok"
    assert envelope["data"]["status"] == "watch_stopped" and envelope["data"]["updates"] == 1
