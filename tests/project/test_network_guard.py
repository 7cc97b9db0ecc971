"""The guard that proves no test touches the network really catches socket use."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest


def test_guard_refuses_an_internet_socket_in_process(netguard_log):
    before = netguard_log.read_text()
    with pytest.raises(RuntimeError, match="network use is not allowed"):
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # Remove this deliberate violation so the session check stays meaningful.
    netguard_log.write_text(before)


def test_guard_refuses_name_resolution_in_a_subprocess(tmp_path):
    log = tmp_path / "violations.log"
    env = dict(os.environ, PRX_NETGUARD_LOG=str(log))
    code = "import socket\ntry:\n    socket.getaddrinfo('example.org', 80)\nexcept RuntimeError:\n    pass\n"
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    assert "socket.getaddrinfo" in log.read_text()


def test_unix_sockets_stay_allowed():
    a, b = socket.socketpair()
    a.close()
    b.close()
