"""The warm path: `prx search` (and the other read-only commands) answered by the root's
`prx index --watch` or `prx mcp`, byte for byte what the process would have answered
itself; and every case where it must not be used (stale, untrusted, hung, dying, declined,
turned off) answered in-process, correctly.

Everything runs through the real CLI in subprocesses. Fake servers (threads of this
process) stand where a real one would listen: one that answers "fake" proves a client did
use the socket, so a real answer from it proves the client did not.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from prx.engine.index.store import current_dir
from prx.frontends.warm import address

FILES = {
    "README.md": "# demo\n\nA demo project.\n",
    "src/app.py": "import os\n\nfrom util.helpers import helper_3\n\n\n"
    "def main():\n    return os.getcwd()\n\n\ndef run():\n    return helper_3()\n",
    "src/util/__init__.py": "",
    "src/util/helpers.py": "".join(f"def helper_{i}():\n    return {i}\n\n" for i in range(40)),
    "src/web/page.ts": "export function render(): string {\n  return 'hi';\n}\n",
}
CODE = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
FAKE = b"fake answer\n"


@pytest.fixture(scope="module")
def runtime_dir():
    """A short private XDG_RUNTIME_DIR: socket paths must stay under ~100 bytes."""
    path = tempfile.mkdtemp(prefix="prxw-", dir="/tmp" if os.path.isdir("/tmp") else None)
    os.chmod(path, 0o700)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def environment(home: Path, runtime: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PRX_NO_WARM", "PRX_DEBUG")}
    env.update(PRX_HOME=str(home), XDG_RUNTIME_DIR=runtime, **extra)
    return env


def prx(cwd: Path, env: dict[str, str], *args: str | bytes, **extra: str):
    """(exit code, stdout bytes, stderr text) of `prx ARGS` in a fresh process."""
    proc = subprocess.run(
        [sys.executable, "-c", CODE, *args],
        cwd=cwd,
        env={**env, **extra},
        capture_output=True,
        timeout=120,
        check=False,
    )
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace")


def warm(cwd, env, *args, **extra):
    """A call that must have been answered warm (PRX_DEBUG says by whom)."""
    code, out, err = prx(cwd, env, *args, PRX_DEBUG="1", **extra)
    assert "warm path: answered by" in err, err
    return code, out


def cold(cwd, env, *args, **extra):
    code, out, _ = prx(cwd, env, *args, PRX_NO_WARM="1", **extra)
    return code, out


class Server:
    """A `prx index --watch` or `prx mcp` subprocess and its stderr lines."""

    def __init__(self, repo: Path, env: dict[str, str], *args: str) -> None:
        self.repo, self.env = repo, env
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CODE, *args],
            cwd=repo,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        #: Every stderr line so far.
        self.seen: list[str] = []
        stream = self.proc.stderr
        assert stream is not None

        def read() -> None:
            for raw in stream:
                line = raw.decode("utf-8", "replace")
                self.seen.append(line)
                self.lines.put(line)

        threading.Thread(target=read, daemon=True).start()

    def expect(self, fragment: str, timeout: float = 90.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if fragment in line:
                return line
        raise AssertionError(f"no stderr line with {fragment!r}")

    def stop(self) -> bytes:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            out, _ = self.proc.communicate(timeout=60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
        return out


def watch(repo: Path, env: dict[str, str], *flags: str) -> Server:
    pytest.importorskip("watchfiles")
    server = Server(repo, env, "index", "--watch", *flags)
    server.expect("watching for changes")
    return server


def socket_of(repo: Path, runtime: str) -> str:
    path = address.socket_path(os.path.realpath(repo), {"XDG_RUNTIME_DIR": runtime})
    assert path is not None
    return path


@pytest.fixture(scope="module")
def watched(tmp_path_factory, runtime_dir):
    """One watched repository for the tests that do not change it."""
    repo = tmp_path_factory.mktemp("warm-repo")
    for rel, text in FILES.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    env = environment(tmp_path_factory.mktemp("warm-home"), runtime_dir)
    server = watch(repo, env)
    yield repo, env, server
    server.stop()


# ---------------------------------------------------------------- same answers


CASES = {
    "symbol": ("search", "helper_7"),
    "natural language": ("search", "return the current working directory"),
    "literal": ("search", "--literal", "return 3"),
    "budget": ("search", "helper", "--budget", "300"),
    "path argument": ("search", "helper", "src/util"),
    "page size": ("search", "helper", "-k", "2"),
    "exists flag": ("search", "--exists", "helper_3"),
    "budget too small (error)": ("search", "render", "--budget", "5"),
    "missing path (error)": ("search", "anything", "missing/dir"),
    "bad flag (usage error)": ("search", "helper", "--top-k", "many"),
    "non-UTF-8 query": ("search", b"caf\xe9"),
    "plain": ("--plain", "search", "helper_7"),
    "exists": ("exists", "getcwd"),
    "explain": ("explain", "helper_3"),
    "impact": ("impact", "src/util/helpers.py"),
    "context": ("context", "src/app.py"),
}


@pytest.mark.parametrize("args", list(CASES.values()), ids=list(CASES))
def test_a_warm_answer_is_byte_for_byte_the_cold_one(watched, args):
    repo, env, _ = watched
    assert warm(repo, env, *args) == cold(repo, env, *args)


def test_the_next_page_of_a_warm_answer_is_the_cold_next_page(watched):
    repo, env, _ = watched
    _, first = warm(repo, env, "search", "--literal", "return", "-k", "2")
    token = json.loads(first)["data"]["continuation_token"]
    assert token
    args = ("search", "--literal", "return", "-k", "2", "--continue", token)
    assert warm(repo, env, *args) == cold(repo, env, *args)


def test_plain_output_is_coloured_as_the_client_asks(watched):
    repo, env, _ = watched
    args = ("search", "helper_7", "--plain")
    code, out = warm(repo, env, *args, FORCE_COLOR="1")
    assert (code, out) == cold(repo, env, *args, FORCE_COLOR="1")
    assert b"\x1b[" in out
    assert b"\x1b[" not in warm(repo, env, *args)[1]


def test_calls_at_once_are_each_answered_as_cold(watched):
    repo, env, _ = watched
    queries = [f"helper_{i}" for i in range(6)]
    answers: dict[str, tuple[int, bytes]] = {}

    def ask(query: str) -> None:
        answers[query] = warm(repo, env, "search", query)

    threads = [threading.Thread(target=ask, args=(q,)) for q in queries]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert set(answers) == set(queries)
    for query in queries:
        assert answers[query] == cold(repo, env, "search", query)


def test_a_warm_call_is_one_usage_record_of_the_command_line(watched):
    repo, env, _ = watched
    stats = Path(env["PRX_HOME"]) / "stats.jsonl"
    before = stats.read_text().splitlines() if stats.exists() else []
    warm(repo, env, "search", "helper_9")
    after = stats.read_text().splitlines()
    assert len(after) == len(before) + 1
    record = json.loads(after[-1])
    assert record["command"] == "search" and record["frontend"] == "cli"


def test_other_directories_and_commands_are_answered_in_process(watched):
    repo, env, _ = watched
    for cwd, args in (
        (repo / "src", ("search", "helper_7")),  # not the served root
        (repo, ("read", "README.md")),  # not a command that goes warm
        (repo, ("search", "--help")),  # argparse prints on the process's stdout
        (repo, ("search", "helper_7", "--no-plugins")),
    ):
        code, out, err = prx(cwd, env, *args, PRX_DEBUG="1")
        assert "warm path: answered by" not in err
        assert (code, out) == cold(cwd, env, *args)


def test_another_configuration_is_answered_in_process(watched):
    repo, env, _ = watched
    args = ("search", "helper_7")
    code, out, err = prx(repo, env, *args, PRX_DEBUG="1", PRX_MAX_FILE_SIZE="100")
    assert "warm path: answered by" not in err and "not answered" in err
    assert (code, out) == cold(repo, env, *args, PRX_MAX_FILE_SIZE="100")


def test_prx_no_warm_keeps_every_call_in_process(watched):
    repo, env, _ = watched
    code, out, err = prx(repo, env, "search", "helper_7", PRX_DEBUG="1", PRX_NO_WARM="1")
    assert "warm path" not in err
    assert json.loads(out)["status"] == "ok"


# ---------------------------------------------------------------- following the index


def test_the_warm_answer_follows_an_edit_once_the_watch_republishes(tmp_path_factory, runtime_dir):
    repo = tmp_path_factory.mktemp("warm-edit")
    for rel, text in FILES.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    env = environment(tmp_path_factory.mktemp("warm-home"), runtime_dir)
    server = watch(repo, env)
    try:
        args = ("search", "brand_new_function", "--symbol")
        defined = b'"context_name":"brand_new_function"'
        _, before = warm(repo, env, *args)
        assert defined not in before
        time.sleep(1.0)  # the watcher is running
        with (repo / "src" / "app.py").open("a") as fh:
            fh.write("\n\ndef brand_new_function():\n    return 42\n")
        server.expect("re-indexed")
        after = warm(repo, env, *args)
        assert defined in after[1]
        assert after == cold(repo, env, *args)
    finally:
        out = server.stop()
    assert json.loads(out)["data"]["status"] == "watch_stopped"
    assert not os.path.lexists(socket_of(repo, runtime_dir))  # removed on the way out


def test_no_warm_socket_flag_serves_nothing(tmp_path_factory, runtime_dir):
    repo = tmp_path_factory.mktemp("warm-off")
    (repo / "a.py").write_text("def alpha():\n    return 1\n")
    env = environment(tmp_path_factory.mktemp("warm-home"), runtime_dir)
    server = watch(repo, env, "--no-warm-socket")
    try:
        assert not os.path.lexists(socket_of(repo, runtime_dir))
        _, _, err = prx(repo, env, "search", "alpha", PRX_DEBUG="1")
        assert "warm path: not used" in err
    finally:
        server.stop()


def test_prx_mcp_answers_the_cli_from_its_warm_workspace(tmp_path_factory, runtime_dir):
    pytest.importorskip("mcp")
    repo = tmp_path_factory.mktemp("warm-mcp")
    for rel, text in FILES.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    env = environment(tmp_path_factory.mktemp("warm-home"), runtime_dir)
    path = socket_of(repo, runtime_dir)
    server = Server(repo, env, "mcp")
    try:
        deadline = time.monotonic() + 60
        while not os.path.lexists(path) and time.monotonic() < deadline:
            time.sleep(0.05)
        # The server builds the root's index in the background when it starts: compare
        # once it is published (else a cold call made after it says "index" where the
        # warm one, made before, said "built").
        while current_dir(str(repo)) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        for args in (("search", "helper_7"), ("explain", "helper_3")):
            assert warm(repo, env, *args) == cold(repo, env, *args)
    finally:
        assert server.proc.stdin is not None
        server.proc.stdin.close()  # the MCP client leaves: the server ends
        server.proc.wait(timeout=60)
    assert not os.path.lexists(path)


# ---------------------------------------------------------------- sockets not to use


@contextlib.contextmanager
def fake_server(path: str, behaviour: str):
    """A server at ``path``: ``fake`` answers FAKE, ``silent`` accepts and never answers,
    ``dies`` breaks off mid-answer, ``declines`` says "answer it yourself"."""
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(8)
    held: list[socket.socket] = []
    used = threading.Event()

    def serve() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            used.set()
            held.append(conn)
            if behaviour == "silent":
                continue
            with contextlib.suppress(OSError):  # a probe that connects and leaves
                conn.recv(1 << 16)
                if behaviour == "fake":
                    conn.sendall(b"A\nR 0 %d 0\n" % len(FAKE) + FAKE)
                elif behaviour == "dies":
                    conn.sendall(b"A\nR 0 5000 0\n" + b'{"version"')
                elif behaviour == "declines":
                    conn.sendall(b"A\nC\n")
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield used
    finally:
        with contextlib.suppress(OSError):
            listener.shutdown(socket.SHUT_RDWR)
        listener.close()
        for conn in held:
            conn.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)


@pytest.fixture
def plain_repo(make_repo, tmp_path_factory, runtime_dir):
    repo = make_repo({"src/app.py": FILES["src/app.py"]})
    return repo, environment(tmp_path_factory.mktemp("home"), runtime_dir)


def test_a_fake_server_is_used_when_trusted(plain_repo):
    """The control of the tests below: this socket is used when nothing forbids it."""
    repo, env = plain_repo
    with fake_server(socket_of(repo, env["XDG_RUNTIME_DIR"]), "fake"):
        assert prx(repo, env, "search", "main")[:2] == (0, FAKE)


@pytest.mark.parametrize("behaviour", ["silent", "dies", "declines"])
def test_a_server_that_fails_to_answer_leaves_the_answer_to_the_process(plain_repo, behaviour):
    repo, env = plain_repo
    expected = cold(repo, env, "search", "main")
    with fake_server(socket_of(repo, env["XDG_RUNTIME_DIR"]), behaviour) as used:
        code, out, err = prx(repo, env, "search", "main", PRX_DEBUG="1")
    assert used.is_set()
    assert "not answered" in err
    assert (code, out) == expected


def test_a_stale_socket_is_ignored_then_replaced_by_the_next_server(plain_repo):
    repo, env = plain_repo
    path = socket_of(repo, env["XDG_RUNTIME_DIR"])
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(path)  # bound, never listening: what a killed server leaves behind
    stale.close()
    code, out, err = prx(repo, env, "search", "main", PRX_DEBUG="1")
    assert "not answered" in err and (code, out) == cold(repo, env, "search", "main")
    server = watch(repo, env)
    try:
        assert warm(repo, env, "search", "main") == cold(repo, env, "search", "main")
    finally:
        server.stop()


def test_a_live_server_is_not_replaced_by_a_second_one(plain_repo):
    repo, env = plain_repo
    with fake_server(socket_of(repo, env["XDG_RUNTIME_DIR"]), "fake"):
        server = watch(repo, env)
        try:
            assert "already serves" in "".join(server.seen)
            assert prx(repo, env, "search", "main")[1] == FAKE
        finally:
            server.stop()


def test_a_socket_directory_others_can_write_is_never_used(plain_repo):
    repo, env = plain_repo
    path = socket_of(repo, env["XDG_RUNTIME_DIR"])
    with fake_server(path, "fake") as used:
        os.chmod(os.path.dirname(path), 0o777)
        try:
            code, out, err = prx(repo, env, "search", "main", PRX_DEBUG="1")
        finally:
            os.chmod(os.path.dirname(path), 0o700)
    assert not used.is_set() and "writable by other users" in err
    assert (code, out) == cold(repo, env, "search", "main")


def test_a_socket_directory_that_is_a_link_is_never_followed(plain_repo, tmp_path):
    repo, env = plain_repo
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    runtime = tempfile.mkdtemp(prefix="prxl-", dir="/tmp" if os.path.isdir("/tmp") else None)
    try:
        os.symlink(elsewhere, os.path.join(runtime, "prx"))
        linked = {**env, "XDG_RUNTIME_DIR": runtime}
        path = socket_of(repo, runtime)
        with fake_server(str(elsewhere / os.path.basename(path)), "fake") as used:
            code, out, err = prx(repo, linked, "search", "main", PRX_DEBUG="1")
        assert not used.is_set() and "is not a directory" in err
        assert (code, out) == cold(repo, linked, "search", "main")
    finally:
        shutil.rmtree(runtime, ignore_errors=True)


@pytest.mark.skipif(
    not hasattr(os, "getuid") or os.getuid() != 0, reason="only root can give a file away"
)
@pytest.mark.parametrize("what", ["socket", "directory"])
def test_a_socket_or_directory_of_another_user_is_never_used(plain_repo, what):
    repo, env = plain_repo
    path = socket_of(repo, env["XDG_RUNTIME_DIR"])
    with fake_server(path, "fake") as used:
        target = path if what == "socket" else os.path.dirname(path)
        os.chown(target, 4242, -1)
        try:
            code, out, err = prx(repo, env, "search", "main", PRX_DEBUG="1")
        finally:
            os.chown(target, 0, -1)
    assert not used.is_set() and "owned by uid 4242" in err
    assert (code, out) == cold(repo, env, "search", "main")


def test_prx_no_warm_never_touches_the_socket(plain_repo):
    repo, env = plain_repo
    with fake_server(socket_of(repo, env["XDG_RUNTIME_DIR"]), "fake") as used:
        code, out, _ = prx(repo, env, "search", "main", PRX_NO_WARM="1")
    assert not used.is_set()
    assert json.loads(out)["command"] == "search"


def test_commands_that_do_not_go_warm_never_touch_the_socket(plain_repo):
    repo, env = plain_repo
    with fake_server(socket_of(repo, env["XDG_RUNTIME_DIR"]), "fake") as used:
        for args in (("read", "src/app.py"), ("find", "."), ("search", "main", "-h")):
            code, out, _ = prx(repo, env, *args)
            assert out != FAKE and code == 0
    assert not used.is_set()


PROBE = """
import io, sys
from prx.frontends.cli import main
real, sys.stdout = sys.stdout, io.StringIO()
main(sys.argv[1:], program="prx")
out, sys.stdout = sys.stdout.getvalue(), real
sys.stderr.write(out + " ".join(sorted(sys.modules)) + "\\n")
"""


def test_the_warm_client_imports_nothing_heavy(plain_repo):
    """`socket`, `json`, `typing` ... cost milliseconds each: the client uses their C parts."""
    repo, env = plain_repo
    with fake_server(socket_of(repo, env["XDG_RUNTIME_DIR"]), "fake"):
        proc = subprocess.run(
            [sys.executable, "-c", PROBE, "search", "main"],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    answer, modules = proc.stderr.splitlines()[-2:]
    assert answer + "\n" == FAKE.decode()  # the client did talk to the socket
    bare = subprocess.run(  # what the interpreter loads anyway (the tests' network guard)
        [sys.executable, "-c", "import sys; print(' '.join(sys.modules))"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(modules.split()) - set(bare.stdout.split())
    heavy = {"socket", "json", "typing", "enum", "hashlib", "collections.abc", "prx.app.workspace"}
    assert sorted(heavy & loaded) == []
