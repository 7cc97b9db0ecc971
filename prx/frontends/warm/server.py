"""The warm server's socket: bound where only the user can reach it, answering the user's
own processes only, one thread per request, each request handed to a handler.

The socket is bound under a temporary name and renamed into place, so a client never
connects to a half-made socket, and a stale one (its server is gone) is replaced. A live
one is left alone: another process already serves the root. On Linux the peer's uid is
checked on every connection (``SO_PEERCRED``); where it cannot be checked, no server starts
and the CLI answers every call itself.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import struct
import sys
import threading

from prx.core.record import record
from prx.frontends.warm import address
from prx.frontends.warm.protocol import (
    ACCEPTED,
    COLD,
    ProtocolError,
    answer_header,
    decode_request,
    request_length,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

__all__ = ["Reply", "Served", "Unavailable", "WarmServer", "peer_uid"]

#: Requests answered at once; more are told to answer themselves.
MAX_CLIENTS = 16
#: How long a client has to send its whole request once connected.
REQUEST_SECONDS = 2.0
#: How long a client may take to read the answer.
SEND_SECONDS = 30.0
#: How often the accepting thread checks that it should stop.
POLL_SECONDS = 0.5


@record(kw_only=False)
class Reply:
    """What the CLI would have printed, and its exit code."""

    exit_code: int
    stdout: str
    stderr: str = ""


class Unavailable(Exception):
    """No warm server for this root: the reason, said to the user."""


class Served(Unavailable):
    """Another process already serves this root."""


def peer_uid(conn: socket.socket) -> int | None:
    """The uid of the process at the other end, or None where it cannot be known."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None or not sys.platform.startswith("linux"):
        return None
    size = struct.calcsize("3i")
    _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, option, size))
    return int(uid)


class WarmServer:
    """Serve ``root``'s warm socket with ``handler`` (a request -> a :class:`Reply`, or
    None to decline) until :meth:`close`."""

    def __init__(
        self,
        root: str,
        handler: Callable[[dict[str, Any]], Reply | None],
        *,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.root = root
        self.handler = handler
        self.environ = os.environ if environ is None else environ
        #: The socket's path once started.
        self.path: str | None = None
        self._sock: socket.socket | None = None
        self._identity: tuple[int, int] | None = None
        self._closed = threading.Event()
        self._active = 0
        self._active_lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @property
    def active(self) -> int:
        """How many requests are being answered now."""
        with self._active_lock:
            return self._active

    # -- starting and stopping -----------------------------------------------------

    def start(self) -> str:
        """Bind and start accepting; the socket's path. Raises :class:`Unavailable`."""
        if not address.supported():
            raise Unavailable("this system has no Unix sockets")
        if getattr(socket, "SO_PEERCRED", None) is None or not sys.platform.startswith("linux"):
            raise Unavailable("this system cannot tell which user connects (no SO_PEERCRED)")
        path = address.socket_path(self.root, self.environ)
        if path is None:
            raise Unavailable("the socket's path would be too long (set a shorter TMPDIR)")
        directory = os.path.dirname(path)
        _prepare(directory)
        if os.path.lexists(path) and _alive(path):
            raise Served(f"another prx process already serves this root at {path}")
        temporary = os.path.join(directory, f"t{os.getpid()}.tmp")
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.bind(temporary)
            os.chmod(temporary, 0o600)
            sock.listen(MAX_CLIENTS)
            os.replace(temporary, path)  # a stale socket is replaced in one step
            info = os.lstat(path)
        except OSError as exc:
            sock.close()
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise Unavailable(f"could not listen at {path}: {exc.strerror or exc}") from None
        sock.settimeout(POLL_SECONDS)
        self._sock, self.path, self._identity = sock, path, (info.st_dev, info.st_ino)
        self._thread = threading.Thread(target=self._accept, name="prx-warm-accept", daemon=True)
        self._thread.start()
        return path

    def close(self) -> None:
        """Stop accepting and remove the socket (unless another server replaced it)."""
        self._closed.set()
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        if self._thread is not None:
            self._thread.join(timeout=2 * POLL_SECONDS)
        if self.path is not None and self._identity is not None:
            try:
                info = os.lstat(self.path)
            except OSError:
                return
            if (info.st_dev, info.st_ino) == self._identity:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)

    # -- connections ---------------------------------------------------------------

    def _accept(self) -> None:
        while not self._closed.is_set():
            sock = self._sock
            if sock is None:
                return
            try:
                conn, _ = sock.accept()
            except TimeoutError:
                continue
            except OSError:
                if self._closed.is_set():
                    return
                self._closed.wait(POLL_SECONDS)  # out of descriptors: try again later
                continue
            try:
                uid = peer_uid(conn)
            except OSError:
                uid = None
            if uid != os.getuid():  # another user's process: not a word
                conn.close()
                continue
            with self._active_lock:
                busy = self._active >= MAX_CLIENTS
                if not busy:
                    self._active += 1
            if busy:
                _send(conn, COLD)
                conn.close()
                continue
            threading.Thread(
                target=self._serve, args=(conn,), name="prx-warm-request", daemon=True
            ).start()

    def _serve(self, conn: socket.socket) -> None:
        try:
            conn.settimeout(REQUEST_SECONDS)
            header, body = _receive(conn)
            request = decode_request(header, body)
            conn.sendall(ACCEPTED)
            try:
                reply = self.handler(request)
            except Exception:  # a bug: the client answers itself, the server lives on
                if self.environ.get("PRX_DEBUG"):
                    import traceback

                    traceback.print_exc()
                reply = None
            conn.settimeout(SEND_SECONDS)
            if reply is None:
                conn.sendall(COLD)
            else:
                out = reply.stdout.encode("utf-8", "surrogatepass")
                err = reply.stderr.encode("utf-8", "surrogatepass")
                conn.sendall(answer_header(reply.exit_code, out, err) + out + err)
        except (OSError, ProtocolError):  # a client that went away or spoke nonsense
            pass
        finally:
            conn.close()
            with self._active_lock:
                self._active -= 1


def _receive(conn: socket.socket) -> tuple[bytes, bytes]:
    """A request's header line and body, read with plain ``recv`` calls: a buffered file
    object holds a lock while it waits, and a worker process an index build forks
    meanwhile would inherit it held (and hang if it ever closed that file)."""
    data = b""
    while b"\n" not in data:
        chunk = conn.recv(64)
        if not chunk or len(data) > 64:
            raise ProtocolError("no request header")
        data += chunk
    header, _, data = data.partition(b"\n")
    header += b"\n"
    size = request_length(header)
    parts = [data]
    received = len(data)
    while received < size:
        chunk = conn.recv(min(1 << 16, size - received))
        if not chunk:
            break
        parts.append(chunk)
        received += len(chunk)
    return header, b"".join(parts)


def _prepare(directory: str) -> None:
    """Create the socket directory (mode 700), or check that an existing one is this
    user's and closed to others."""
    try:
        os.mkdir(directory, 0o700)
    except FileExistsError:
        pass
    except OSError as exc:
        raise Unavailable(f"could not create {directory}: {exc.strerror or exc}") from None
    try:
        info = os.lstat(directory)
    except OSError as exc:
        raise Unavailable(f"no warm socket: {directory}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid():
        os.chmod(directory, 0o700)  # ours: closed to others whatever a umask or hand did
    why = address.untrusted(directory, kind="directory")
    if why is not None:
        raise Unavailable(f"no warm socket: {why}")


def _alive(path: str) -> bool:
    """Whether a server answers at ``path`` (else the socket is stale)."""
    if address.untrusted(path, kind="socket") is not None:
        return False  # not a socket of ours: replaced
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(POLL_SECONDS)
    try:
        probe.connect(path)
    except OSError:
        return False
    finally:
        probe.close()
    return True


def _send(conn: socket.socket, data: bytes) -> None:
    try:
        conn.settimeout(POLL_SECONDS)
        conn.sendall(data)
    except OSError:
        pass
