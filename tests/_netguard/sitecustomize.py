"""Installed into every Python subprocess the tests start: refuse network use.

Any attempt to open an internet socket or resolve a host name is written to the file named
by PRX_NETGUARD_LOG and then refused with an exception. The test session fails when the
log is not empty at the end.

``PRX_NETGUARD_LOOPBACK=1`` (the ``ray`` nox session only: a local Ray cluster talks to
itself over TCP) lets sockets be made and connect, bind and send to the loopback
addresses, and resolve ``localhost``; everything else is still refused and logged.
"""

import os
import socket
import sys

_LOG = os.environ.get("PRX_NETGUARD_LOG")
_LOOPBACK = os.environ.get("PRX_NETGUARD_LOOPBACK") == "1"
_BLOCKED = {
    "socket.connect",
    "socket.bind",
    "socket.getaddrinfo",
    "socket.gethostbyname",
    "socket.gethostbyname_ex",
    "socket.gethostbyaddr",
    "socket.sendto",
    "socket.__new__",
}
_INET = {socket.AF_INET, socket.AF_INET6}
_LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "::ffff:127.0.0.1"}


def _is_loopback(host):
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    return host in _LOOPBACK_NAMES or host.startswith("127.")


def _violation(event, args):
    if event not in _BLOCKED:
        return False
    if event == "socket.__new__":
        # Where a socket goes is known only when it connects, binds or sends.
        return not _LOOPBACK and len(args) > 1 and args[1] in _INET
    if event in ("socket.connect", "socket.bind", "socket.sendto"):
        sock = args[0]
        if getattr(sock, "family", None) not in _INET:
            return False
        address = args[-1]
        return not (_LOOPBACK and isinstance(address, tuple) and _is_loopback(address[0]))
    # Name look-ups: getaddrinfo, gethostbyname(_ex) and gethostbyaddr name the host first.
    return not (_LOOPBACK and args and _is_loopback(args[0]))


def _hook(event, args):
    if _violation(event, args):
        if _LOG:
            with open(_LOG, "a") as fh:
                fh.write(f"{os.getpid()} {event} {sys.argv!r}\n")
        raise RuntimeError(f"network use is not allowed in prx tests: {event}")


sys.addaudithook(_hook)
