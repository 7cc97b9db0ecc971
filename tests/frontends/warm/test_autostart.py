"""Warm by default: a CLI call in an indexed root starts the root's warm server once, in
the background, and the calls after it are answered warm, as they would have been cold.

Everything runs through the real CLI in subprocesses, with the feature turned on
(the suite turns it off: tests/conftest.py sets PRX_WARM=0) and a private socket
directory. Every server a test starts is found by its command line (``--detached ROOT``,
ROOT a temporary directory of this test) and ended by its pid when the test ends.
"""

from __future__ import annotations

import functools
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from prx.frontends.warm import address, autostart

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="warm servers listen on Linux only"
)

FILES = {
    "README.md": "# demo\n\nA demo project.\n",
    "src/app.py": "import os\n\nfrom util.helpers import helper_3\n\n\n"
    "def main():\n    return os.getcwd()\n\n\ndef run():\n    return helper_3()\n",
    "src/util/__init__.py": "",
    "src/util/helpers.py": "".join(f"def helper_{i}():\n    return {i}\n\n" for i in range(40)),
}
CODE = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
#: How long a server may take to come up (it loads the index and the model first).
UP_SECONDS = 120.0


def prx(cwd: Path, env: dict[str, str], *args: str, **extra: str) -> tuple[int, bytes, str]:
    """(exit code, stdout, stderr) of `prx ARGS` in a fresh process."""
    proc = subprocess.run(
        [sys.executable, "-c", CODE, *args],
        cwd=cwd,
        env={**env, **extra},
        capture_output=True,
        timeout=120,
        check=False,
    )
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def cold(cwd: Path, env: dict[str, str], *args: str) -> tuple[int, bytes]:
    code, out, _ = prx(cwd, env, *args, PRX_NO_WARM="1")
    return code, out


def servers(root: Path) -> list[int]:
    """The pids of the detached servers of ``root`` (read from /proc)."""
    wanted = [autostart.DETACHED.encode(), os.fsencode(os.path.realpath(root))]
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                argv = fh.read().split(b"\0")[:-1]
        except OSError:
            continue
        if argv[-2:] == wanted:
            found.append(int(entry))
    return found


def ended(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            state = fh.read().rpartition(b")")[2].split()[0]
    except OSError:
        return True
    return state in (b"Z", b"X")  # a zombie no init reaped has ended too


def wait_for(condition: Callable[[], bool], timeout: float = UP_SECONDS, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.05)


def stop_servers(root: Path) -> None:
    for pid in servers(root):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
        try:
            wait_for(functools.partial(ended, pid), 20, f"pid {pid} to end")
        except AssertionError:
            os.kill(pid, signal.SIGKILL)


class Tree:
    """An indexed repository, the environment its calls run with, and its socket."""

    def __init__(self, repo: Path, env: dict[str, str]) -> None:
        self.repo, self.env = repo, env
        path = address.socket_path(os.path.realpath(repo), env)
        assert path is not None
        self.socket = path
        self.marker = autostart.marker_path(path)

    def call(self, *args: str, **extra: str) -> tuple[int, bytes, str]:
        return prx(self.repo, self.env, *args, PRX_DEBUG="1", **extra)

    def listening(self) -> bool:
        return os.path.exists(self.socket) and not os.path.exists(self.marker)

    def up(self) -> None:
        wait_for(self.listening, what=f"{self.socket} to listen")


@pytest.fixture
def runtime_dir() -> Iterator[str]:
    """A short private XDG_RUNTIME_DIR: socket paths must stay under ~100 bytes."""
    path = tempfile.mkdtemp(prefix="prxa-", dir="/tmp" if os.path.isdir("/tmp") else None)
    os.chmod(path, 0o700)
    yield path
    shutil.rmtree(path, ignore_errors=True)


MakeTree = Callable[..., "Tree"]


@pytest.fixture
def make_tree(
    make_repo: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory, runtime_dir: str
) -> Iterator[MakeTree]:
    """Indexed repositories with warm by default on; their servers are ended after."""
    made: list[Path] = []

    def make(files: dict[str, str] | None = None, *, index: bool = True, **extra: str) -> Tree:
        repo = make_repo(FILES if files is None else files)
        made.append(repo)
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("PRX_NO_WARM", "PRX_DEBUG", "PRX_WARM", "PRX_WARM_IDLE")
        }
        env.update(
            PRX_HOME=str(tmp_path_factory.mktemp("home")), XDG_RUNTIME_DIR=runtime_dir, **extra
        )
        if index:
            code, out, _ = prx(repo, env, "index", ".", PRX_NO_WARM="1")
            assert code == 0, out
        return Tree(repo, env)

    yield make
    for repo in made:
        stop_servers(repo)


def test_a_call_in_an_indexed_root_starts_a_server_that_answers_the_next_calls(
    make_tree: MakeTree,
) -> None:
    tree = make_tree()
    expected = cold(tree.repo, tree.env, "search", "helper_7")
    code, out, err = tree.call("search", "helper_7")
    assert (code, out) == expected  # the first call answers itself, as cold
    assert "started a warm server" in err
    tree.up()
    (pid,) = servers(tree.repo)
    for args in (("search", "helper_7"), ("exists", "getcwd"), ("context", "src/app.py")):
        code, out, err = tree.call(*args)
        assert "warm path: answered by" in err, err
        assert (code, out) == cold(tree.repo, tree.env, *args)
    assert servers(tree.repo) == [pid]  # the warm calls started nothing more


def test_the_server_is_detached_from_the_call_that_started_it(make_tree: MakeTree) -> None:
    tree = make_tree()
    # A descriptor the caller lets prx inherit (a harness's pipe) must reach EOF once
    # prx exits: the server must not hold it, nor stdout, nor stderr.
    read_end, write_end = os.pipe()
    os.set_inheritable(write_end, True)
    proc = subprocess.run(
        [sys.executable, "-c", CODE, "search", "helper_7"],
        cwd=tree.repo,
        env={**tree.env, "PRX_DEBUG": "1"},
        capture_output=True,  # returns only once stdout and stderr reached EOF
        pass_fds=(write_end,),
        timeout=120,
        check=False,
    )
    os.close(write_end)
    assert "started a warm server" in proc.stderr.decode()
    # EOF: nobody else holds the write end (a failure would wait forever: not past 30 s).
    readable, _, _ = select.select([read_end], [], [], 30)
    assert readable and os.read(read_end, 1) == b""
    os.close(read_end)
    tree.up()
    (pid,) = servers(tree.repo)
    with open(f"/proc/{pid}/comm", encoding="ascii") as fh:
        assert fh.read().strip() == "prx-warm"
    with open(f"/proc/{pid}/stat", "rb") as fh:
        fields = fh.read().rpartition(b")")[2].split()
    assert int(fields[3]) == pid  # its own session (setsid): no terminal's signals
    assert os.readlink(f"/proc/{pid}/cwd") == "/"
    descriptors = {
        int(fd): os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")
    }
    assert [descriptors[fd] for fd in (0, 1, 2)] == [os.devnull] * 3
    assert not any("pipe:" in target for target in descriptors.values())


def test_calls_at_once_start_one_server(make_tree: MakeTree) -> None:
    tree = make_tree()
    errors: list[str] = []

    def one() -> None:
        errors.append(tree.call("search", "helper_7")[2])

    threads = [threading.Thread(target=one) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum("started a warm server" in err for err in errors) == 1, errors
    tree.up()
    assert len(servers(tree.repo)) == 1
    assert "warm path: answered by" in tree.call("search", "helper_7")[2]


def test_no_server_in_the_home_directory(make_tree: MakeTree) -> None:
    tree = make_tree()
    code, out, err = tree.call("search", "helper_7", HOME=str(tree.repo))
    assert code == 0 and "the working directory is the home directory" in err
    # Through a link too: the real paths are compared.
    link = tree.repo.parent / f"{tree.repo.name}-home"
    link.symlink_to(tree.repo)
    code, out, err = tree.call("search", "helper_7", HOME=str(link))
    assert code == 0 and "the working directory is the home directory" in err
    assert not os.path.exists(tree.marker) and servers(tree.repo) == []


def test_no_server_for_the_root_directory() -> None:
    env = {"HOME": "/nonexistent"}
    assert autostart.indexed_root(os.sep, env) == "the working directory is /"
    assert autostart.start(os.sep, "/nonexistent/x.sock", env).endswith(
        "the working directory is /"
    )


def test_no_server_where_there_is_no_index(make_tree: MakeTree) -> None:
    tree = make_tree(index=False)
    code, out, err = tree.call("search", "helper_7")
    assert code == 0 and "no warm server started: no index here" in err
    assert not os.path.exists(tree.socket) and not os.path.exists(tree.marker)
    assert servers(tree.repo) == []


@pytest.mark.parametrize(
    "how", ["PRX_NO_WARM=1", "PRX_WARM=0", "user file", "project file cannot turn it on"]
)
def test_turned_off_nothing_starts(make_tree: MakeTree, tmp_path: Path, how: str) -> None:
    tree = make_tree()
    extra: dict[str, str] = {}
    if how.startswith("PRX_"):
        name, _, value = how.partition("=")
        extra[name] = value
    else:
        config = tmp_path / "config"
        (config / "prx").mkdir(parents=True)
        (config / "prx" / "config.toml").write_text("warm = false\n")
        extra["XDG_CONFIG_HOME"] = str(config)
        if how.startswith("project"):
            (tree.repo / "pyproject.toml").write_text("[tool.prx]\nwarm = true\n")
    code, out, err = tree.call("search", "helper_7", **extra)
    assert code == 0 and "started a warm server" not in err
    if how != "PRX_NO_WARM=1":
        assert "warm is off in the configuration" in err
    assert not os.path.exists(tree.marker) and servers(tree.repo) == []


def test_an_idle_server_ends_and_removes_its_socket(make_tree: MakeTree) -> None:
    tree = make_tree(PRX_WARM_IDLE="1")
    assert "started a warm server" in tree.call("search", "helper_7")[2]
    tree.up()
    (pid,) = servers(tree.repo)
    wait_for(lambda: ended(pid), 60, "the idle server to end")
    assert not os.path.exists(tree.socket)
    # The next call starts another one.
    assert "started a warm server" in tree.call("search", "helper_7")[2]
    tree.up()


def test_calls_keep_a_server_alive_past_its_idle_time(make_tree: MakeTree) -> None:
    tree = make_tree(PRX_WARM_IDLE="4")
    tree.call("search", "helper_7")
    tree.up()
    (pid,) = servers(tree.repo)
    started = time.monotonic()
    while time.monotonic() - started < 8:  # twice the idle time, a call every 0.5 s
        assert "warm path: answered by" in tree.call("exists", "helper_7")[2]
        time.sleep(0.5)
    assert servers(tree.repo) == [pid]


def test_the_server_ends_when_the_index_goes(make_tree: MakeTree) -> None:
    tree = make_tree()
    tree.call("search", "helper_7")
    tree.up()
    (pid,) = servers(tree.repo)
    shutil.rmtree(tree.repo / ".prx")
    wait_for(lambda: ended(pid), 60, "the server to end")
    assert not os.path.exists(tree.socket)


def test_sigterm_ends_the_server_and_removes_its_socket(make_tree: MakeTree) -> None:
    tree = make_tree()
    tree.call("search", "helper_7")
    tree.up()
    (pid,) = servers(tree.repo)
    os.kill(pid, signal.SIGTERM)
    wait_for(lambda: ended(pid), 30, "the server to end")
    assert not os.path.exists(tree.socket)


def test_a_warm_answer_sees_the_edit_made_just_before_it(make_tree: MakeTree) -> None:
    tree = make_tree()
    tree.call("search", "helper_7")
    tree.up()
    assert "warm path: answered by" in tree.call("search", "helper_7")[2]  # engine loaded
    for step in range(3):
        name = f"brand_new_name_{step}"
        path = tree.repo / "src" / "app.py"
        path.write_text(path.read_text() + f"\n\ndef {name}():\n    return {step}\n")
        code, out, err = tree.call("search", name)
        assert "warm path: answered by" in err, err
        found = [item["file"] for item in json.loads(out)["data"]["files"]]
        assert found == ["src/app.py"], out
        assert (code, out) == cold(tree.repo, tree.env, "search", name)
    (tree.repo / "src" / "util" / "helpers.py").unlink()
    code, out, err = tree.call("search", "helper_7")
    assert "warm path: answered by" in err
    assert "helpers.py" not in out.decode()
    assert (code, out) == cold(tree.repo, tree.env, "search", "helper_7")


def test_a_stale_socket_gets_a_new_server(make_tree: MakeTree) -> None:
    import socket

    tree = make_tree()
    os.makedirs(os.path.dirname(tree.socket), mode=0o700, exist_ok=True)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(tree.socket)  # bound, never listening: what a killed server leaves behind
    stale.close()
    code, out, err = tree.call("search", "helper_7")
    assert "not answered" in err and "started a warm server" in err
    tree.up()
    assert "warm path: answered by" in tree.call("search", "helper_7")[2]


def test_a_start_in_progress_is_not_repeated_and_a_failed_one_is_retried(
    make_tree: MakeTree,
) -> None:
    tree = make_tree()
    os.makedirs(os.path.dirname(tree.socket), mode=0o700, exist_ok=True)
    # A live process named in a fresh marker: another call is starting the server.
    Path(tree.marker).write_text(f"{os.getpid()}\n")
    assert "another call is starting one" in tree.call("search", "helper_7")[2]
    # Still fresh, its process gone: waits the retry time all the same.
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(tree.marker).write_text(f"{dead}\n")
    assert "another call is starting one" in tree.call("search", "helper_7")[2]
    # Older than the retry time: removed by one call, the next one starts.
    old = time.time() - autostart.RETRY_SECONDS - 5
    os.utime(tree.marker, (old, old))
    assert "the last start failed" in tree.call("search", "helper_7")[2]
    assert not os.path.exists(tree.marker)
    assert "started a warm server" in tree.call("search", "helper_7")[2]
    tree.up()


PROBE = """
import atexit, io, sys
# Registered first, so run last: after the start of the server at exit.
atexit.register(lambda: sys.stderr.write("MODULES " + " ".join(sorted(sys.modules)) + "\\n"))
from prx.frontends.cli import main
real, sys.stdout = sys.stdout, io.StringIO()
code = main(sys.argv[1:], program="prx")
sys.stdout = real
sys.exit(code)
"""


def test_starting_a_server_keeps_exists_a_fast_path(make_tree: MakeTree) -> None:
    """`prx exists` over an index stays free of the heavy modules while it starts a server
    (posix_spawn: no `subprocess`)."""
    tree = make_tree()
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, "exists", "getcwd"],
        cwd=tree.repo,
        env={**tree.env, "PRX_DEBUG": "1"},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "started a warm server" in proc.stderr
    modules = set(proc.stderr.rpartition("MODULES ")[2].split())
    heavy = {"numpy", "model2vec", "tiktoken", "mcp", "subprocess", "pluggy", "rich"}
    assert sorted(heavy & modules) == []
    tree.up()


# -- the read ledger of an agent session (PRX_SESSION) ----------------------------------


def test_a_session_rereads_a_stub_and_sees_edits(make_tree: MakeTree) -> None:
    """In a session (PRX_SESSION) a CLI read goes warm and the server keeps the session's
    read ledger; sessions never mix, and without one a read is answered in the process."""
    tree = make_tree()
    tree.call("search", "helper_7")  # starts the server
    tree.up()
    whole = cold(tree.repo, tree.env, "read", "src/app.py", "--text")[1]
    code, out, err = tree.call("read", "src/app.py", "--text", PRX_SESSION="agent-1")
    assert "warm path: answered by" in err, err
    assert (code, out) == (0, whole)
    code, out, _ = tree.call("read", "src/app.py", "--text", PRX_SESSION="agent-1")
    assert code == 0 and b"unchanged since read #1" in out and b"def main" not in out
    # Another session, and no session at all: the text.
    assert tree.call("read", "src/app.py", "--text", PRX_SESSION="agent-2")[1] == whole
    code, out, err = tree.call("read", "src/app.py", "--text")
    assert out == whole and "warm path" not in err
    # --fresh: the text again, in the session too.
    assert tree.call("read", "src/app.py", "--fresh", "--text", PRX_SESSION="agent-1")[1] == whole
    # An edit made by anyone shows in the session's next read.
    app = tree.repo / "src" / "app.py"
    app.write_text(app.read_text().replace("return os.getcwd()", "return os.getcwd() + '!'"))
    code, out, _ = tree.call("read", "src/app.py", "--text", PRX_SESSION="agent-1")
    assert code == 0 and b"os.getcwd() + '!'" in out


def test_a_sessions_failed_read_is_not_remembered(make_tree: MakeTree) -> None:
    tree = make_tree()
    tree.call("search", "helper_7")
    tree.up()
    code, out, _ = tree.call("read", "src/app.py", "--lines", "900-901", PRX_SESSION="s")
    assert code != 0
    code, out, _ = tree.call("read", "src/app.py", "--text", PRX_SESSION="s")
    assert code == 0 and b"def main" in out  # the first successful read sends the text
