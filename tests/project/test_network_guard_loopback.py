"""The network guard's loopback opt-in (PRX_NETGUARD_LOOPBACK=1, the ``ray`` nox session):
loopback connections and ``localhost`` go through, anything else is still refused and
logged; without the opt-in, loopback is refused as before."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import socket, sys
    outcomes = []
    def attempt(name, call):
        try:
            call()
            outcomes.append(f"{name}:allowed")
        except RuntimeError:
            outcomes.append(f"{name}:refused")
        except OSError:
            outcomes.append(f"{name}:allowed")  # the guard let it through; the OS said no
    server = None
    def listen():
        global server
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.bind(("127.0.0.1", 0))
        server.listen(1)
    attempt("bind-loopback", listen)
    def connect_loopback():
        client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        client.connect(server.getsockname())
        client.close()
    attempt("connect-loopback", connect_loopback)
    attempt("resolve-localhost", lambda: socket.getaddrinfo("localhost", 80))
    attempt("resolve-other", lambda: socket.getaddrinfo("example.org", 80))
    def connect_other():
        client = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        client.connect(("192.0.2.1", 9))
    attempt("connect-other", connect_other)
    def bind_everywhere():
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("0.0.0.0", 0))
    attempt("bind-any", bind_everywhere)
    print(" ".join(outcomes))
    """
)


def _run(tmp_path, loopback):
    log = tmp_path / "violations.log"
    env = dict(os.environ, PRX_NETGUARD_LOG=str(log))
    env.pop("PRX_NETGUARD_LOOPBACK", None)
    if loopback:
        env["PRX_NETGUARD_LOOPBACK"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    )
    outcomes = dict(item.split(":") for item in done.stdout.split())
    return outcomes, log.read_text() if log.exists() else ""


def test_with_the_opt_in_only_loopback_goes_through(tmp_path):
    outcomes, log = _run(tmp_path, loopback=True)
    assert outcomes == {
        "bind-loopback": "allowed",
        "connect-loopback": "allowed",
        "resolve-localhost": "allowed",
        "resolve-other": "refused",
        "connect-other": "refused",
        "bind-any": "refused",
    }
    assert "socket.getaddrinfo" in log and "socket.connect" in log and "socket.bind" in log


def test_without_it_loopback_is_refused_too(tmp_path):
    outcomes, log = _run(tmp_path, loopback=False)
    assert set(outcomes.values()) == {"refused"}
    assert "socket.__new__" in log
