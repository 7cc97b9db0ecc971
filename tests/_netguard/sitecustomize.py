"""Installed into every Python subprocess the tests start: refuse network use.

Any attempt to open an internet socket or resolve a host name is written to the file named
by PRX_NETGUARD_LOG and then refused with an exception. The test session fails when the
log is not empty at the end.
"""

import os
import socket
import sys

_LOG = os.environ.get("PRX_NETGUARD_LOG")
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


def _violation(event, args):
    if event not in _BLOCKED:
        return False
    if event == "socket.__new__":
        return len(args) > 1 and args[1] in _INET
    if event in ("socket.connect", "socket.bind", "socket.sendto"):
        sock = args[0]
        return getattr(sock, "family", None) in _INET
    return True


def _hook(event, args):
    if _violation(event, args):
        if _LOG:
            with open(_LOG, "a") as fh:
                fh.write(f"{os.getpid()} {event} {sys.argv!r}\n")
        raise RuntimeError(f"network use is not allowed in prx tests: {event}")


sys.addaudithook(_hook)
