"""Warm requests answered with the CLI's own code, in a Workspace kept warm for one root.

A request is answered only when the answer cannot differ from the one the client would
compute itself: same prx (version, code directory, Python), the served root as the client's
working directory, a command of :data:`~prx.frontends.warm.client.WARM_COMMANDS`, and the same
configuration (the client's ``PRX_*`` variables and configuration files resolved here
must give the server's). Otherwise the request is declined and the client answers it.

The answer is :func:`prx.frontends.cli.answer` for the client's arguments with captured streams: the
same parsing, dispatch, usage record and rendering as a cold call. Before each call the
Workspace follows the root's published index: when ``.prx/CURRENT`` names another index
than before (``prx index --watch`` or any other process published one), the cached search
engines are dropped and the next search loads the new index. A cached engine is checked
against the files at every request, never trusted for having been checked a moment ago:
a file deleted or added just before the call is seen as a new process would see it.
"""

from __future__ import annotations

import io
import os
import sys
import time

from prx.frontends.warm.server import Reply

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from contextlib import AbstractContextManager
    from typing import Any

    from prx.commands.read.ledger import Ledger, LedgerCall
    from prx.plugin.context import Context

__all__ = ["CliAnswerer"]

#: How long a call waits for the Workspace (a tool call of ``prx mcp``, or the loading of
#: a new index, holding it) before it is left to the client: a cold answer on django
#: takes a few hundred milliseconds.
BUSY_SECONDS = 0.5
#: Sessions whose read ledger a server keeps (the least recent one is forgotten), and
#: the memory each may hold.
MAX_SESSIONS = 16
SESSION_LEDGER_BYTES = 8 << 20
#: Variables whose difference between client and server changes where configuration
#: files are found, beyond what the configuration itself shows.
_SAME_VARIABLES = ("HOME", "XDG_CONFIG_HOME")


class _Captured(io.StringIO):
    """A stream that says it is a terminal when the client's is (for ``--plain`` colour)."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


class CliAnswerer:
    """Answers the warm requests of ``root`` with the Workspace ``exclusive(timeout)``
    lends (a context manager: the Workspace, used by no other call meanwhile; it raises
    TimeoutError when the Workspace stays busy ``timeout`` seconds, -1: waits)."""

    def __init__(
        self,
        root: str,
        exclusive: Callable[[float], AbstractContextManager[Context]],
        *,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        from prx.engine.index.store import current_dir

        self.root = root
        self._exclusive = exclusive
        self._environ = os.environ if environ is None else environ
        self._published = current_dir(root)
        #: When the last request came (monotonic seconds; 0: never).
        self.asked_at = 0.0
        #: When the last request was answered (monotonic seconds; 0: never): declined
        #: ones do not keep an idle server alive.
        self.answered_at = 0.0
        #: The read ledgers of the agents' sessions (``PRX_SESSION``), least recent first.
        self._ledgers: dict[str, Ledger] = {}

    def refusal(self, request: Mapping[str, Any]) -> str | None:
        """Why ``request`` must be answered by the client itself, or None."""
        from prx._version import __version__
        from prx.frontends.cli.frontend import split_global_flags
        from prx.frontends.warm.client import package_dir, warm_command

        if (request.get("version"), request.get("package"), request.get("python")) != (
            __version__,
            package_dir(),
            sys.version,
        ):
            return "another prx (version, code directory or Python) than the server's"
        if request.get("cwd") != self.root:
            return "the working directory is not the served root"
        argv, env = request.get("argv"), request.get("env")
        if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
            return "no argument list"
        if not isinstance(env, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in env.items()
        ):
            return "no environment"
        _, rest = split_global_flags(argv)
        command = warm_command(argv, env)
        if command is None or not rest or rest[0] != command:
            return "not a command that goes warm"
        for name in _SAME_VARIABLES:
            if env.get(name) != self._environ.get(name):
                return f"{name} differs from the server's"
        if not isinstance(request.get("stdout_tty"), bool):
            return "no terminal flag"
        return None

    def __call__(self, request: dict[str, Any]) -> Reply | None:
        self.asked_at = time.monotonic()
        why = self.refusal(request)
        if why is not None:
            self._debug(why)
            return None
        from prx.core.config import Config
        from prx.engine.retrieval.engine import expire_checks
        from prx.frontends.cli import answer
        from prx.frontends.cli.frontend import CliFrontend

        env: dict[str, str] = request["env"]
        try:
            with self._exclusive(BUSY_SECONDS) as ws:
                if Config.load(self.root, env) != ws.config:
                    self._debug("the configuration differs from the server's")
                    return None
                builtins = ws.builtins
                own = builtins is not None and "frontend" in builtins.tables
                if own and not issubclass(ws.registry.frontend("cli"), CliFrontend):
                    self._debug("a plugin replaced the command line's front-end")
                    return None
                self.follow_published(ws)
                ws.cache.pop("project-config", None)  # the files may have changed: read again
                # A check made before this request says nothing of a file deleted or
                # added since: the answer is confirmed against the tree as it is now.
                expire_checks(ws)
                out, err = _Captured(request["stdout_tty"]), _Captured(False)
                with self._session_ledger(request["argv"], env) as ledger_call:
                    code = answer(
                        request["argv"], workspace=ws, stdout=out, stderr=err, environ=env
                    )
                    if ledger_call is not None and code == 0:
                        ledger_call.commit()  # answered: what it sent is the session's now
        except TimeoutError:
            self._debug(f"the Workspace stayed busy {BUSY_SECONDS} s")
            return None
        self.answered_at = time.monotonic()
        return Reply(code, out.getvalue(), err.getvalue())

    def _session_ledger(
        self, argv: list[str], env: Mapping[str, str]
    ) -> AbstractContextManager[LedgerCall | None]:
        """A read's call on its session's ledger (``PRX_SESSION``); else nothing."""
        import contextlib

        from prx.frontends.warm.client import SESSION_COMMANDS, warm_command

        session = env.get("PRX_SESSION", "")
        if not session or warm_command(argv, env) not in SESSION_COMMANDS:
            return contextlib.nullcontext()
        ledger = self._ledgers.pop(session, None)
        if ledger is None:
            from prx.commands.read.ledger import Ledger

            ledger = Ledger(SESSION_LEDGER_BYTES)
        self._ledgers[session] = ledger  # the most recent session last
        while len(self._ledgers) > MAX_SESSIONS:
            del self._ledgers[next(iter(self._ledgers))]
        return ledger.serving()

    def outdated(self) -> bool:
        """Whether another index was published since the engines were last dropped."""
        from prx.engine.index.store import current_dir

        return current_dir(self.root) != self._published

    def follow_published(self, ws: Context) -> None:
        """Drop the search engines built from an index that is no longer the published
        one (call it with the Workspace held)."""
        from prx.engine.index.store import current_dir

        published = current_dir(self.root)
        if published != self._published:
            ws.cache.pop("engines", None)
            ws.cache.pop("index-warnings", None)
            self._published = published

    def keep_fresh(self) -> None:
        """Re-check the root's search engine against the files now, so that the next
        request finds it already rebuilt over what changed (each request still checks the
        tree itself: on django a check costs ~20 ms, a rebuild more)."""
        from prx.engine.retrieval.engine import engine_for

        with self._exclusive(-1) as ws:
            self.follow_published(ws)
            root = os.path.normpath(ws.root_dir)
            if root in ws.cache.get("engines", {}):
                try:
                    engine_for(ws, root, refresh=True)
                except Exception:  # noqa: BLE001  (the next search meets it and says it)
                    self._debug("re-checking the engine failed")

    def prewarm(self) -> None:
        """Load what the first answers would: the code, the search engine over the
        published index, the embedding model and the exact tokenizer."""
        import prx.app.dispatch  # noqa: F401

        with self._exclusive(-1) as ws:
            self.follow_published(ws)
            try:
                from prx.commands.search.engine import run_search

                run_search(ws, "warm up the search engine", ".", mode="hybrid", top_k=1)
                run_search(ws, "warm_up", ".", mode="symbol", top_k=1)
                from prx.core.tokens import count_exact

                count_exact("warm up")
            except Exception:  # noqa: BLE001  (a call will meet the same problem and say it)
                self._debug("warming up failed")

    def _debug(self, message: str) -> None:
        if self._environ.get("PRX_DEBUG"):
            sys.stderr.write(f"prx: warm server: {message}\n")
