"""The warm server's own checks, in-process: what it declines to answer, who it refuses to
talk to, and the wire format both sides share."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import sys
import tempfile
import threading
import time

import pytest

from prx._version import __version__
from prx.app.workspace import Workspace
from prx.frontends.warm import address, client
from prx.frontends.warm.answer import CliAnswerer
from prx.frontends.warm.protocol import (
    ProtocolError,
    decode_request,
    encode_request,
    parse_answer_header,
)
from prx.frontends.warm.server import Reply, Unavailable, WarmServer, peer_uid


@pytest.fixture
def runtime():
    path = tempfile.mkdtemp(prefix="prxs-", dir="/tmp" if os.path.isdir("/tmp") else None)
    os.chmod(path, 0o700)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _request(root: str, *argv: str, **changes: object) -> dict[str, object]:
    request: dict[str, object] = {
        "version": __version__,
        "package": client.package_dir(),
        "python": sys.version,
        "cwd": root,
        "argv": list(argv),
        "env": client.request_environment(os.environ),
        "stdout_tty": False,
    }
    request.update(changes)
    return request


@pytest.fixture
def answerer(make_repo):
    root = os.path.realpath(make_repo({"a.py": "def alpha():\n    return 1\n"}))
    ws = Workspace(root)
    lock = threading.Lock()

    @contextlib.contextmanager
    def exclusive(timeout):
        if not lock.acquire(timeout=timeout):
            raise TimeoutError
        try:
            yield ws
        finally:
            lock.release()

    answerer = CliAnswerer(root, exclusive)
    answerer.lock = lock  # for the test of a busy Workspace
    return root, answerer


def test_a_request_of_a_warm_command_in_the_root_is_answered(answerer, monkeypatch):
    root, answer = answerer
    for name in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        monkeypatch.delenv(name, raising=False)
    assert answer.refusal(_request(root, "search", "alpha")) is None
    reply = answer(_request(root, "--plain", "search", "alpha"))
    assert reply is not None and reply.exit_code == 0 and "a.py" in reply.stdout
    # The server's environment is what its own commands (an MCP `run`) inherit: untouched.
    assert "OPENBLAS_NUM_THREADS" not in os.environ and "MKL_NUM_THREADS" not in os.environ


@pytest.mark.parametrize(
    ("argv", "changes", "reason"),
    [
        (("search", "alpha"), {"version": "0.0.1"}, "another prx"),
        (("search", "alpha"), {"package": "/elsewhere/prx"}, "another prx"),
        (("search", "alpha"), {"python": "2.7"}, "another prx"),
        (("search", "alpha"), {"cwd": "/"}, "not the served root"),
        (("edit", "a.py", "--old", "1", "--new", "2"), {}, "not a command"),
        (("rename", "alpha", "beta"), {}, "not a command"),
        (("run", "true"), {}, "not a command"),
        (("index",), {}, "not a command"),
        (("batch",), {}, "not a command"),
        (("search", "alpha", "--help"), {}, "not a command"),
        (("search", "alpha", "--no-plugins"), {}, "not a command"),
        (("search", "alpha"), {"argv": "search alpha"}, "no argument list"),
        (("search", "alpha"), {"env": {"HOME": 1}}, "no environment"),
        (("search", "alpha"), {"env": {"HOME": "/nowhere"}}, "HOME differs"),
        (("search", "alpha"), {"stdout_tty": "yes"}, "no terminal flag"),
    ],
)
def test_the_server_declines_what_the_client_must_answer_itself(answerer, argv, changes, reason):
    root, answer = answerer
    request = _request(root, *argv, **changes)
    refusal = answer.refusal(request)
    assert refusal is not None and reason in refusal
    assert answer(request) is None


def test_a_call_the_busy_workspace_keeps_waiting_is_declined(answerer):
    root, answer = answerer
    with answer.lock:  # a long tool call of prx mcp holds the Workspace
        started = time.monotonic()
        assert answer(_request(root, "search", "alpha")) is None
        assert time.monotonic() - started < 10
    assert answer(_request(root, "search", "alpha")) is not None


def test_another_configuration_is_declined(answerer):
    root, answer = answerer
    env = {**client.request_environment(os.environ), "PRX_MAX_FILE_SIZE": "10"}
    assert answer(_request(root, "search", "alpha", env=env)) is None


def test_a_request_round_trips_through_the_wire_format():
    request = {"argv": ["search", "caf\udce9", 'quote " and \\'], "tty": True, "n": 3}
    framed = encode_request(request)
    header, _, body = framed.partition(b"\n")
    assert decode_request(header + b"\n", body) == request
    with pytest.raises(ProtocolError):
        decode_request(header + b"\n", body[:-1])
    with pytest.raises(ProtocolError):
        decode_request(b"GET / HTTP/1.1\n", body)
    assert parse_answer_header(b"R 1 20 0\n") == (1, 20, 0)
    assert parse_answer_header(b"C\n") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SO_PEERCRED is Linux's")
def test_the_peer_of_a_socket_pair_is_this_user():
    left, right = socket.socketpair(socket.AF_UNIX)
    with left, right:
        assert peer_uid(left) == os.getuid()


def _serve(runtime, root):
    calls = []

    def handler(request):
        calls.append(request)
        return Reply(0, "warm\n")

    return WarmServer(root, handler, environ={"XDG_RUNTIME_DIR": runtime}), calls


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SO_PEERCRED is Linux's")
def test_the_server_answers_its_user_and_hangs_up_on_others(runtime, monkeypatch, tmp_path):
    root = str(tmp_path)
    server, calls = _serve(runtime, root)
    path = server.start()
    try:
        assert oct(os.stat(path).st_mode & 0o777) == "0o600"
        assert oct(os.stat(os.path.dirname(path)).st_mode & 0o777) == "0o700"
        assert client._ask(path, encode_request({"argv": []})) == (0, b"warm\n", b"")
        assert len(calls) == 1
        monkeypatch.setattr("prx.frontends.warm.server.peer_uid", lambda conn: os.getuid() + 1)
        assert client._ask(path, encode_request({"argv": []})) is None
        assert len(calls) == 1  # the other user's request was never read
    finally:
        server.close()
    assert not os.path.lexists(path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SO_PEERCRED is Linux's")
def test_a_socket_directory_of_ours_is_closed_to_others_before_use(runtime, tmp_path):
    directory = address.socket_dir({"XDG_RUNTIME_DIR": runtime})
    os.mkdir(directory)
    os.chmod(directory, 0o777)
    server, _ = _serve(runtime, str(tmp_path))
    server.start()
    try:
        assert os.stat(directory).st_mode & 0o777 == 0o700
    finally:
        server.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SO_PEERCRED is Linux's")
def test_a_second_server_leaves_the_first_ones_socket_alone(runtime, tmp_path):
    first, _ = _serve(runtime, str(tmp_path))
    path = first.start()
    second, _ = _serve(runtime, str(tmp_path))
    try:
        with pytest.raises(Unavailable, match="already serves"):
            second.start()
        second.close()
        assert os.path.lexists(path)  # closing the one that never listened removed nothing
    finally:
        first.close()


def test_every_root_fits_a_socket_path():
    deep = "/" + "/".join(["a-rather-long-directory-name"] * 40)
    path = address.socket_path(deep, {"XDG_RUNTIME_DIR": "/run/user/1000"})
    assert path is not None and len(path.encode()) <= address.MAX_PATH_BYTES
    assert address.socket_path(deep, {"TMPDIR": "/t" * 60}) is None  # a TMPDIR too long
