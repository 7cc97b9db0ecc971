"""Signals: the command never outlives prx, and a stopped prx still answers an envelope.

- prx killed outright (``timeout -s KILL 3 prx run -- sleep 777``): the child, and what it
  left running in its process group, die with it.
- SIGTERM (or SIGINT, SIGHUP) to ``prx run``: the group is killed and the envelope still
  says what ran, with ``interrupted`` set; exit 128 + the signal.
- Any other command stopped by a signal (``prx index`` under Ctrl-C) answers an
  ``interrupted`` error envelope, never a traceback.
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

from envelopes import assert_error, assert_ok

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads process states from /proc"
)

#: Seconds any wait in these tests may last before the test fails (never reached when fine).
PATIENCE = 30.0


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie has died)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            state = fh.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def wait_for(predicate, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.02)


def read_pid(path: Path) -> int:
    wait_for(lambda: path.exists() and path.read_text().strip(), f"{path.name} to be written")
    return int(path.read_text())


@pytest.fixture
def start_cli(prx_home):
    """Start the real CLI in the background (``run_cli`` waits for it to finish)."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: str, cwd: Path) -> subprocess.Popen[str]:
        env = dict(os.environ, PRX_HOME=str(prx_home))
        code = "import sys; from prx.frontends.cli import main; sys.exit(main())"
        proc = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def _gone_after(pid: int) -> None:
    wait_for(lambda: not alive(pid), f"process {pid} to die")


def test_killing_prx_kills_the_command(start_cli, tmp_path):
    pidfile = tmp_path / "pid"
    proc = start_cli("run", "--", "sh", "-c", f"echo $$ > {pidfile}; exec sleep 777", cwd=tmp_path)
    child = read_pid(pidfile)
    assert alive(child)
    proc.kill()  # SIGKILL: prx gets no chance to clean up
    proc.communicate(timeout=PATIENCE)
    _gone_after(child)


def test_killing_prx_kills_what_the_command_started(start_cli, tmp_path):
    pidfile = tmp_path / "pid"
    script = f"sleep 777 & echo $! > {pidfile}; wait"
    proc = start_cli("run", "--", "sh", "-c", script, cwd=tmp_path)
    grandchild = read_pid(pidfile)
    assert alive(grandchild)
    proc.kill()
    proc.communicate(timeout=PATIENCE)
    _gone_after(grandchild)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_stopped_prx_run_kills_the_group_and_still_answers(start_cli, tmp_path, name):
    pidfile = tmp_path / "pid"
    # 300 lines: an output larger than the answer, which is then the full one (summary too).
    lines = "i=0; while [ $i -lt 300 ]; do echo line $i; i=$((i+1)); done"
    script = f"echo started; {lines}; sleep 777 & echo $! > {pidfile}; wait"
    proc = start_cli("run", "--", "sh", "-c", script, cwd=tmp_path)
    grandchild = read_pid(pidfile)
    sig = getattr(signal, name)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == 128 + sig, (out, err)
    assert "Traceback" not in err
    data = assert_ok(json.loads(out), "run")
    assert data["interrupted"] == name
    assert data["summary"].startswith(f"interrupted by {name}: process group killed")
    assert "started" in data["tail"]  # what it printed before is still there
    _gone_after(grandchild)


def test_exit_zero_does_not_hide_that_prx_was_stopped(start_cli, tmp_path):
    pidfile = tmp_path / "pid"
    script = f"echo $$ > {pidfile}; exec sleep 777"
    proc = start_cli("run", "--exit-zero", "--", "sh", "-c", script, cwd=tmp_path)
    child = read_pid(pidfile)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == 143
    assert assert_ok(json.loads(out), "run")["interrupted"] == "SIGTERM"
    _gone_after(child)


def _tree(make_repo) -> Path:
    files = {
        f"pkg{d}/mod{f}.py": "".join(
            f"def func_{d}_{f}_{i}(x):\n    return x * {i} + {f}\n\n" for i in range(30)
        )
        for d in range(10)
        for f in range(30)
    }
    return make_repo(files)


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_a_signal_during_index_answers_an_envelope_not_a_traceback(start_cli, make_repo, name):
    repo = _tree(make_repo)
    proc = start_cli("index", ".", cwd=repo)
    # The build has begun (prx is in its command, past start-up) once the lock exists.
    wait_for(lambda: (repo / ".prx" / "lock").exists() or proc.poll() is not None, "the build")
    sig = getattr(signal, name)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=PATIENCE)
    assert "Traceback" not in err, err
    envelope = json.loads(out)  # exactly one envelope
    if envelope["status"] == "ok":  # the build won the race: nothing to interrupt
        pytest.skip("the index was built before the signal arrived")
    assert proc.returncode == 128 + sig, envelope
    error = assert_error(envelope, "index", "interrupted")
    assert name in error["message"]


def test_a_signal_to_the_whole_group_during_index_is_answered_once(make_repo, prx_home):
    """Ctrl-C reaches prx and its worker processes alike: one envelope, no traceback."""
    repo = _tree(make_repo)
    code = "import sys; from prx.frontends.cli import main; sys.exit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "index", ".", "--rebuild"],
        cwd=repo,
        env=dict(os.environ, PRX_HOME=str(prx_home)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        wait_for(lambda: (repo / ".prx" / "lock").exists() or proc.poll() is not None, "build")
        time.sleep(0.3)  # into the parallel part of the build, on a machine of this speed
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=PATIENCE)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "Traceback" not in err, err
    envelope = json.loads(out)
    assert envelope["status"] == "ok" or envelope["error"]["code"] == "interrupted"


def test_a_signal_where_raising_would_be_ignored_is_delivered_again(monkeypatch):
    """A signal landing in a weakref callback of the import system (where a raised
    exception is printed as 'Exception ignored' and dropped) is sent again a moment later,
    instead of printing a traceback and letting prx go on."""
    import signal
    import time
    from types import SimpleNamespace

    from prx.frontends.cli import Stopped, _restore, _signals_raise

    sent: list[tuple[int, int]] = []
    monkeypatch.setattr("os.kill", lambda pid, sig: sent.append((pid, sig)))
    previous = _signals_raise()
    try:
        handler = signal.getsignal(signal.SIGTERM)
        callback = SimpleNamespace(
            f_code=SimpleNamespace(co_name="cb", co_filename="<frozen importlib._bootstrap>")
        )
        handler(signal.SIGTERM, callback)  # no exception here
        deadline = time.monotonic() + 5
        while not sent and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sent == [(os.getpid(), signal.SIGTERM)]
        ordinary = SimpleNamespace(f_code=SimpleNamespace(co_name="main", co_filename="x.py"))
        with pytest.raises(Stopped):
            handler(signal.SIGTERM, ordinary)
    finally:
        _restore(previous)


def test_a_signal_in_the_import_system_imports_nothing():
    """The handler runs wherever the signal lands, inside an import too: an import of its
    own there (``threading`` for a timer) corrupted the import system's lock table, and
    prx answered an internal error (a KeyError in importlib) instead of ``interrupted``."""
    code = (
        "import os, signal, sys\n"
        "from types import SimpleNamespace\n"
        "from prx.frontends.cli import _signals_raise\n"
        "_signals_raise()\n"
        "handler = signal.getsignal(signal.SIGINT)\n"
        "imported = []\n"
        "sys.addaudithook(lambda event, args: event == 'import' and imported.append(args[0]))\n"
        "frame = SimpleNamespace(f_code=SimpleNamespace(\n"
        "    co_name='_find_and_load', co_filename='<frozen importlib._bootstrap>'))\n"
        "handler(signal.SIGINT, frame)\n"
        "print(imported, flush=True)\n"
        "os._exit(0)\n"  # before the signal comes again
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=PATIENCE
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
