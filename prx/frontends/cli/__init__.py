"""The ``prx`` command (and its busybox-style aliases ``prx-read``, ``prx-find`` ...)."""

from __future__ import annotations

import _thread  # built in, loaded with the interpreter: costs nothing
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # collections.abc costs ~2 ms of every start-up
    from collections.abc import Mapping, Sequence
    from typing import TextIO

    from prx.plugin.context import Context

__all__ = ["answer", "main"]


def _command_from_program(program: str) -> str | None:
    name = os.path.basename(program)
    for suffix in (".exe", ".py"):
        name = name.removesuffix(suffix)
    return name[4:] if name.startswith("prx-") and len(name) > 4 else None


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised like Ctrl-C's KeyboardInterrupt (so no ``except Exception``
    swallows it, and code that cleans up after Ctrl-C cleans up after these too)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: How long a signal that arrived in code that cannot raise waits to be delivered again.
REDELIVER_SECONDS = 0.01


def _swallowing(frame: object) -> bool:
    """Whether an exception raised in ``frame`` would be ignored rather than propagate: a
    weakref callback of the import system, a finaliser."""
    code = getattr(frame, "f_code", None)
    if code is None:
        return False
    return code.co_name in ("cb", "__del__") or code.co_filename.startswith("<frozen importlib")


def _deliver_later(pid: int, signum: int) -> None:
    """Send ``signum`` to ``pid`` after :data:`REDELIVER_SECONDS` (in a thread of its own;
    waits on a lock rather than importing :mod:`time`)."""
    wait = _thread.allocate_lock()
    wait.acquire()
    wait.acquire(timeout=REDELIVER_SECONDS)
    os.kill(pid, signum)


def _signals_raise() -> dict[int, object]:
    """Have SIGINT, SIGTERM and SIGHUP raise :class:`Stopped` in this (main) thread, to be
    answered with an envelope; the previous handlers, to restore.

    A forked worker (an index build's) ignores them: Ctrl-C and ``timeout`` signal the whole
    process group, and the parent stops the work (a worker dying under the process pool
    makes it print a traceback of its own).
    """
    # The C module: `signal` would build its enums on every start-up (~1 ms).
    import _signal  # type: ignore[import-not-found]

    owner = os.getpid()

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != owner:  # a forked worker (an index build's): its parent answers
            return
        if _swallowing(frame):
            # Raised here the exception would be printed and dropped, and prx would go on:
            # deliver the signal again once this code has returned. Nothing is imported
            # here: an import inside the handler, while the interrupted code holds an
            # import lock, corrupts the import system's lock table (a KeyError in
            # importlib instead of the envelope).
            _thread.start_new_thread(_deliver_later, (owner, signum))
            return
        raise Stopped(signum)

    previous: dict[int, object] = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        sig = getattr(_signal, name, None)
        if sig is None:
            continue
        try:
            previous[sig] = _signal.signal(sig, handler)
        except (ValueError, OSError):  # not the main thread: leave signals alone
            break
    return previous


def _restore(previous: dict[int, object]) -> None:
    import _signal

    for sig, old in previous.items():
        _signal.signal(sig, old)


def _interrupted(command: str, stop: KeyboardInterrupt) -> int:
    """Answer a signal that stopped prx: an ``interrupted`` envelope, exit 128 + signal."""
    import signal

    from prx.core.envelope import dumps, error_envelope
    from prx.core.errors import InterruptError

    signum = getattr(stop, "signum", int(signal.SIGINT))
    try:
        name = signal.Signals(signum).name
    except ValueError:
        name = f"signal {signum}"
    err = InterruptError(f"interrupted by {name} before the answer was complete")
    sys.stdout.write(dumps(error_envelope(command, err)) + "\n")
    sys.stdout.flush()
    return 128 + signum


def _take_root(args: list[str]) -> tuple[str | None, list[str]]:
    """``--root DIR`` (or ``--root=DIR``) given before the command, and the other args."""
    for index, arg in enumerate(args):
        if not arg.startswith("-") or arg == "--":
            break  # the command: its own --root (prx mcp's) is its own
        if arg == "--root" and index + 1 < len(args):
            return args[index + 1], args[:index] + args[index + 2 :]
        if arg.startswith("--root="):
            return arg[len("--root=") :], args[:index] + args[index + 1 :]
    return None, args


def main(argv: Sequence[str] | None = None, *, program: str | None = None) -> int:
    """Run the CLI and return its exit code (the console script exits with it)."""
    args = list(sys.argv[1:] if argv is None else argv)
    implied = _command_from_program(program if program is not None else sys.argv[0])
    if implied:
        args.insert(0, implied)
    if args in (["--version"], ["-V"]):
        from prx._version import __version__

        sys.stdout.write(f"prx {__version__}\n")
        return 0
    if args[:1] == ["hook"]:
        return _hook(args[1:])
    root, args = _take_root(args)
    if root is not None:
        # `prx --root DIR cmd` is `cd DIR && prx cmd`: the root every path stays inside.
        try:
            os.chdir(root)
        except OSError as exc:
            from prx.core.envelope import dumps, error_envelope
            from prx.core.errors import InvalidArgumentError

            err = InvalidArgumentError(
                f"invalid argument --root: cannot enter {root!r} ({exc.strerror})",
                suggestion="Give the project's directory.",
            )
            sys.stdout.write(dumps(error_envelope("prx", err)) + "\n")
            return err.exit_code
    command = next((a for a in args if not a.startswith("-")), "prx")
    previous: dict[int, object] = {}
    try:
        previous = _signals_raise()
        if not _cold(command):
            from prx.frontends.warm.client import answer_warm

            code = answer_warm(args)
            if code is not None:
                return code
        return answer(args)
    except KeyboardInterrupt as stop:  # Ctrl-C, SIGTERM, SIGHUP: never a traceback
        return _interrupted(command, stop)
    except BrokenPipeError:  # the reader left (`prx ... | head`): nobody to answer
        return _reader_gone()
    finally:
        _restore(previous)


def _hook(args: Sequence[str]) -> int:
    """``prx hook CLIENT``: a client's pre-shell hook. Always 0, whatever happens: a hook
    that fails lets the agent's command run as written (:mod:`prx.frontends.hook`)."""
    try:
        from prx.frontends.hook.entry import main as hook_main

        return hook_main(args)
    except BaseException:  # noqa: BLE001  (fail open, even on Ctrl-C or a broken install)
        return 0


#: The exit code of a process whose output's reader went away: 128 + SIGPIPE, as a shell
#: reports a program that SIGPIPE stopped.
EXIT_READER_GONE = 128 + 13


def _reader_gone() -> int:
    """Stop writing to a pipe nobody reads (the interpreter's last flush would fail too)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return EXIT_READER_GONE


#: The commands that may be answered by a warm server
#: (:data:`prx.frontends.warm.client.WARM_COMMANDS`, repeated here so that every other
#: command skips importing the client).
_WARM = frozenset({"search", "exists", "explain", "impact", "context"})


def _cold(command: str) -> bool:
    """Whether the call is surely answered here (the client checks the rest): a read goes
    warm only in an agent's session (``PRX_SESSION``), for its read ledger."""
    if command == "read":
        return not os.environ.get("PRX_SESSION")
    return command not in _WARM


def answer(
    args: Sequence[str],
    *,
    workspace: Context | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """Answer the command line ``args`` (after ``prx``) with the CLI front-end: write the
    answer to ``stdout`` and return the exit code.

    Defaults: a workspace for the current directory, the process's streams and
    environment. The warm server passes its own (:mod:`prx.frontends.warm.answer`).
    """
    from prx.core.envelope import dumps, error_envelope
    from prx.core.errors import InternalError, PrxError
    from prx.frontends.cli.wording import CliWording

    out = sys.stdout if stdout is None else stdout
    env = os.environ if environ is None else environ
    try:
        if workspace is None:
            from prx.frontends.builtins import frontend_workspace

            workspace = frontend_workspace(".")
        from prx.frontends.builtins import with_frontends

        workspace = with_frontends(workspace)
        frontend_class = workspace.registry.frontend("cli")
        if stdout is None and stderr is None and environ is None:
            frontend = frontend_class(workspace)
        else:
            from prx.frontends.cli.frontend import CliFrontend

            assert issubclass(frontend_class, CliFrontend)  # the warm server checked
            frontend = frontend_class(workspace, stdout=stdout, stderr=stderr, environ=environ)
        return frontend.main(list(args))
    except PrxError as err:
        out.write(dumps(error_envelope("prx", err, wording=CliWording())) + "\n")
        return err.exit_code
    except BrokenPipeError:
        raise  # the reader is gone: nothing more can be written (see main)
    except Exception as exc:  # never a traceback on stdout: an internal_error envelope
        if env.get("PRX_DEBUG"):
            import traceback

            traceback.print_exc(file=sys.stderr if stderr is None else stderr)
        internal = InternalError(
            f"internal error: {type(exc).__name__}: {exc}",
            suggestion="Set PRX_DEBUG=1 to print the traceback on stderr.",
        )
        out.write(dumps(error_envelope(args[0] if args else "prx", internal)) + "\n")
        return 1


def run() -> None:
    """Console-script entry point."""
    try:
        code = main()
    except KeyboardInterrupt as stop:  # a signal before main() could take it
        code = _interrupted("prx", stop)
    sys.exit(code)
