"""Warm by default: a CLI call in an indexed root that no warm server answered starts one,
once, in the background, for the calls that follow.

The call itself is answered in-process as without a server; the start is left to the
moment the process exits (:func:`start_at_exit`), once its answer is printed, so it
neither delays the answer nor competes with it for a core. A server is started only when
all of these hold:

- the working directory is the root of an index (``.prx/CURRENT`` exists) and is neither
  the user's home directory nor ``/`` (real paths);
- ``PRX_NO_WARM`` is unset (the client never gets here otherwise), and the configuration's
  ``warm`` is on (``PRX_WARM=0`` or ``warm = false`` turn it off);
- this system serves warm sockets (Linux: the peer's uid is checked on every
  connection), and the socket directory is the user's own, closed to others;
- no other process is starting one: a start marker, ``<hash>.start`` beside the socket,
  is created with ``O_EXCL`` (the process that creates it starts the server and writes its
  pid there; every other call goes on cold). The server removes it once it listens. A
  marker whose process is gone and that is older than :data:`RETRY_SECONDS` is removed by
  the next call (the one after that starts again): a server that cannot start is retried
  at that pace, never on every call.

The server (:mod:`prx.frontends.warm.serve` with ``--detached``) runs in a session of its
own, with stdin, stdout and stderr on ``/dev/null``, its working directory ``/`` and no
other descriptor of the caller's: nothing waits for it to end. It ends after
``warm_idle_seconds`` (``PRX_WARM_IDLE``, 600) without answering a call, when the root's
index is gone, or on SIGTERM; its process name is ``prx-warm``.

Cheap to import: only :mod:`os`, :mod:`sys` and the warm path's address module.
"""

from __future__ import annotations

import os
import sys

from prx.frontends.warm import address

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "DETACHED",
    "RETRY_SECONDS",
    "indexed_root",
    "marker_path",
    "start",
    "start_at_exit",
]

#: The flag of :mod:`prx.frontends.warm.serve` for a server the CLI started.
DETACHED = "--detached"
#: A start marker whose process is gone counts this long, so that a server that cannot
#: start is tried again at most this often.
RETRY_SECONDS = 60.0
#: The server's program: not ``-m``, and the directory the interpreter started in (the
#: root, which may hold a ``types.py``) is dropped from ``sys.path`` before any import.
#: Descriptors the caller let it inherit beyond 0-2 (a harness's pipe) are closed first:
#: whoever reads them must not wait for this process.
_CODE = (
    "import sys; del sys.path[0]; import os; os.chdir('/'); os.closerange(3, 1 << 20); "
    "from prx.frontends.warm.serve import main; sys.exit(main())"
)
_registered = False


def marker_path(socket_path: str) -> str:
    """The start marker beside the socket ``socket_path``."""
    return socket_path.removesuffix(".sock") + ".start"


def indexed_root(cwd: str, environ: Mapping[str, str]) -> str | None:
    """Why no server is started for ``cwd`` (a real path), or None when one may be:
    it holds a published index and is neither the home directory nor ``/``."""
    if cwd == os.sep:
        return "the working directory is /"
    home = environ.get("HOME") or os.path.expanduser("~")
    if home and os.path.realpath(home) == cwd:
        return "the working directory is the home directory"
    # As the index's own reader sees it: ``.prx`` a real directory, never a link.
    import stat

    try:
        state = os.lstat(os.path.join(cwd, ".prx"))
        current = os.lstat(os.path.join(cwd, ".prx", "CURRENT"))
    except OSError:
        return "no index here"
    if not stat.S_ISDIR(state.st_mode) or not stat.S_ISREG(current.st_mode):
        return "no index here"
    return None


def start_at_exit(cwd: str, socket_path: str) -> None:
    """Have :func:`start` run when this process exits, once its answer is out."""
    global _registered
    if _registered:
        return
    _registered = True
    import atexit

    owner = os.getpid()

    def at_exit() -> None:
        if os.getpid() != owner:  # a forked child that exits normally: not its to start
            return
        try:
            why = start(cwd, socket_path, os.environ)
        except Exception as exc:  # noqa: BLE001  (the answer is out: never a traceback after it)
            why = f"no warm server started: {type(exc).__name__}: {exc}"
        if os.environ.get("PRX_DEBUG"):
            sys.stderr.write(f"prx: warm path: {why}\n")
            sys.stderr.flush()

    atexit.register(at_exit)


def start(cwd: str, socket_path: str, environ: Mapping[str, str]) -> str:
    """Start the warm server of ``cwd`` in the background when it should be; what
    happened, for ``PRX_DEBUG``."""
    why = indexed_root(cwd, environ) or _unsupported()
    if why is None:
        why = _switched_off(cwd, environ)
    if why is not None:
        return f"no warm server started: {why}"
    directory = os.path.dirname(socket_path)
    try:
        os.mkdir(directory, 0o700)
    except FileExistsError:
        pass
    except OSError as exc:
        return f"no warm server started: {directory}: {exc.strerror or exc}"
    why = address.untrusted(directory, kind="directory")
    if why is not None:
        return f"no warm server started: {why}"
    marker = marker_path(socket_path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(marker, flags | getattr(os, "O_CLOEXEC", 0), 0o600)
    except FileExistsError:
        if _stale(marker):
            # Removed, not replaced: of two calls that both find it stale, neither
            # starts a server now, and the next call starts one.
            _remove(marker)
            return "no warm server started: the last start failed; the next call tries again"
        return "no warm server started: another call is starting one"
    except OSError as exc:
        return f"no warm server started: {marker}: {exc.strerror or exc}"
    if _listening(socket_path):
        # A server came up since this call looked (its start marker already removed).
        os.close(fd)
        _remove(marker)
        return "no warm server started: one listens now"
    try:
        pid = _spawn(cwd, environ)
    except OSError as exc:
        os.close(fd)
        _remove(marker)
        return f"no warm server started: {exc.strerror or exc}"
    try:
        os.write(fd, b"%d\n" % pid)
    finally:
        os.close(fd)
    return f"started a warm server for {cwd} (pid {pid})"


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _listening(path: str) -> bool:
    """Whether a server accepts connections at ``path`` (the C socket module: cheap)."""
    import _socket

    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.settimeout(0.5)
        sock.connect(path)
    except OSError:
        return False
    finally:
        sock.close()
    return True


def _unsupported() -> str | None:
    # Where no server can listen (no SO_PEERCRED), every start would fail: none is tried.
    if not sys.platform.startswith("linux") or not address.supported():
        return "this system serves no warm socket"
    if not hasattr(os, "posix_spawn") or not sys.executable:
        return "this Python cannot start one"
    return None


def _switched_off(cwd: str, environ: Mapping[str, str]) -> str | None:
    """Why the configuration says no (``warm = false``, ``PRX_WARM=0``), or None."""
    from prx.core.config import resolve

    return None if resolve(cwd, environ).config.warm else "warm is off in the configuration"


def _stale(marker: str) -> bool:
    """Whether a start marker is left from a start that failed: its process is gone (or
    it names none) and it is older than :data:`RETRY_SECONDS`."""
    import time

    try:
        info = os.lstat(marker)
        with open(marker, "rb") as fh:
            text = fh.read(32)
    except OSError:
        return False  # removed meanwhile: the server listens
    if time.time() - info.st_mtime < RETRY_SECONDS:
        return False
    try:
        pid = int(text.strip() or b"0")
    except ValueError:
        return True
    if pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, someone else's: not ours to judge
    return False


def _spawn(root: str, environ: Mapping[str, str]) -> int:
    """Start the detached server of ``root``; its pid. ``posix_spawn`` rather than
    :mod:`subprocess` (~6 ms to import) or a fork of a process that may run threads."""
    devnull = os.devnull
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, devnull, os.O_WRONLY, 0),
    ]
    argv = [sys.executable, "-c", _CODE, DETACHED, root]
    return os.posix_spawn(sys.executable, argv, dict(environ), file_actions=actions, setsid=True)
