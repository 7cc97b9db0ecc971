"""The CLI's side of the warm path: ask the root's warm server, else answer yourself.

:func:`answer_warm` runs first thing in :func:`prx.frontends.cli.main`, before anything heavy is
imported: it costs a ``stat`` when no server runs, and the whole call (connect, send, wait,
print) when one does. It returns None, and the CLI answers the call itself, whenever the
warm path cannot be trusted to give the same answer: ``PRX_NO_WARM`` is set, the command
is not one that goes warm, no trusted socket exists for the current directory, the server
does not accept within :data:`ACCEPT_SECONDS`, declines, or the connection ends early.
When no server listens at all (no socket, or one its server left behind), the root's
server is started as the process exits (:mod:`prx.frontends.warm.autostart`: warm by
default).
"""

from __future__ import annotations

import os
import sys

from prx.frontends.warm import address
from prx.frontends.warm.protocol import ACCEPTED, encode_request, parse_answer_header

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

__all__ = [
    "ACCEPT_SECONDS",
    "ANSWER_SECONDS",
    "WARM_COMMANDS",
    "answer_warm",
    "package_dir",
    "request_environment",
    "warm_command",
]

#: Read-only commands whose answer gains from a warm index and depends only on the
#: arguments, the directory, the environment sent and the files: never one that writes,
#: reads stdin, or talks to the terminal.
WARM_COMMANDS = frozenset({"search", "exists", "explain", "impact", "context"})
#: Commands that go warm only in an agent's session (``PRX_SESSION`` set): the server
#: keeps each session's read ledger (docs/ledger.md).
SESSION_COMMANDS = frozenset({"read"})
#: The CLI's global flags (:data:`prx.frontends.cli.frontend._GLOBAL`) but ``--no-plugins``, which
#: asks for another configuration than the server's.
_WARM_GLOBALS = frozenset({"--plain", "--no-fallback", "--quiet", "-q"})
#: Arguments that keep a call cold wherever they are: help is printed by argparse on the
#: process's own stdout, ``--no-plugins`` loads another registry.
_COLD_ARGS = frozenset({"-h", "--help", "--no-plugins"})
#: How long the server has to accept the request (connect, send, its "working on it").
ACCEPT_SECONDS = 1.0
#: How long an accepted request may take: as long as a slow search could.
ANSWER_SECONDS = 600.0
#: Variables sent with a request besides every ``PRX_*`` one: where configuration files
#: are found, and what decides colour in ``--plain`` output.
_SENT_VARIABLES = ("HOME", "XDG_CONFIG_HOME", "NO_COLOR", "FORCE_COLOR", "TERM")


def warm_command(args: Sequence[str], environ: Mapping[str, str] | None = None) -> str | None:
    """The command of ``args`` when the call may go warm (in ``environ``), else None."""
    if _COLD_ARGS.intersection(args):
        return None
    session = bool(environ and environ.get("PRX_SESSION"))
    for arg in args:
        if arg in _WARM_GLOBALS:
            continue
        if arg in WARM_COMMANDS or (session and arg in SESSION_COMMANDS):
            return arg
        return None
    return None


def request_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The part of the environment a request carries."""
    sent = {name: value for name, value in environ.items() if name.startswith("PRX_")}
    sent.update((name, environ[name]) for name in _SENT_VARIABLES if name in environ)
    return sent


def package_dir() -> str:
    """The directory prx is imported from: a server running other code declines."""
    warm = os.path.dirname(os.path.abspath(address.__file__))  # prx/frontends/warm
    return os.path.dirname(os.path.dirname(warm))


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):  # None, closed or detached
        return False


def _trace(message: str) -> None:
    if os.environ.get("PRX_DEBUG"):
        sys.stderr.write(f"prx: warm path: {message}\n")


def answer_warm(args: Sequence[str]) -> int | None:
    """Have the root's warm server answer ``args`` and print its answer; its exit code,
    or None when the caller must answer itself (nothing was printed then)."""
    if os.environ.get("PRX_NO_WARM", "") not in ("", "0") or warm_command(args, os.environ) is None:
        return None
    if sys.stdout is None or not address.supported():
        return None
    try:
        cwd = os.getcwd()
    except OSError:  # the directory was removed
        return None
    path = address.socket_path(cwd, os.environ)
    if path is None:
        _trace("the socket's path would be too long")
        return None
    why = address.untrusted(os.path.dirname(path), kind="directory") or address.untrusted(
        path, kind="socket"
    )
    if why is not None:
        _trace(f"not used: {why}")
        if not os.path.lexists(path):
            _start_later(cwd, path)
        return None
    from prx._version import __version__

    request = {
        "version": __version__,
        "package": package_dir(),
        "python": sys.version,
        "cwd": cwd,
        "argv": list(args),
        "env": request_environment(os.environ),
        "stdout_tty": _isatty(sys.stdout),
        "stderr_tty": _isatty(sys.stderr),
    }
    answer = _ask(path, encode_request(request))
    if answer is None or answer is _GONE:
        _trace(f"not answered by {path}: answering here")
        if answer is _GONE:  # a socket its server left behind
            _start_later(cwd, path)
        return None
    code, out, err = answer
    _trace(f"answered by {path}")
    if err:
        sys.stderr.write(err.decode("utf-8", "surrogatepass"))
        sys.stderr.flush()
    sys.stdout.write(out.decode("utf-8", "surrogatepass"))
    sys.stdout.flush()
    return code


def _start_later(cwd: str, path: str) -> None:
    """No server listens for ``cwd``: have one started once this call is answered (warm
    by default, :mod:`prx.frontends.warm.autostart`)."""
    from prx.frontends.warm.autostart import start_at_exit

    start_at_exit(cwd, path)


#: What :func:`_ask` returns when nobody listens at the socket (a server killed, or that
#: ended as the call came).
_GONE = (-1, b"", b"")


class _Reader:
    """Lines and byte counts from a socket (EOFError when it ends first)."""

    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.data = bytearray()

    def _more(self) -> None:
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise EOFError
        self.data += chunk

    def line(self) -> bytes:
        while b"\n" not in self.data:
            if len(self.data) > 256:
                raise EOFError  # no line of the protocol is this long
            self._more()
        end = self.data.index(b"\n") + 1
        line = bytes(self.data[:end])
        del self.data[:end]
        return line

    def exactly(self, size: int) -> bytes:
        while len(self.data) < size:
            self._more()
        return bytes(self.data[:size])


def _ask(path: str, request: bytes) -> tuple[int, bytes, bytes] | None:
    """(exit code, stdout, stderr) from the server at ``path``, None, or :data:`_GONE`
    when nobody listens there."""
    import _socket  # the C module: `socket` costs ~7 ms to import

    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.settimeout(ACCEPT_SECONDS)
        try:
            sock.connect(path)
        except (ConnectionRefusedError, FileNotFoundError):  # a stale socket, or none
            return _GONE
        sock.sendall(request)
        reader = _Reader(sock)
        if reader.line() != ACCEPTED:
            return None
        sock.settimeout(ANSWER_SECONDS)
        header = parse_answer_header(reader.line())
        if header is None:
            return None
        code, out, err = header
        body = reader.exactly(out + err)
        return code, body[:out], body[out : out + err]
    except (OSError, EOFError):  # refused, timed out, reset, ended early
        return None
    finally:
        sock.close()
