"""``prx hook CLIENT``: read the client's hook input on stdin, answer on stdout.

Fail open, always: the process exits 0 and prints nothing (the client runs the command
as written) when the input is not what the client sends, when anything inside prx fails,
and when the decision takes longer than :data:`DECISION_SECONDS`. It never exits with a
code a client reads as "block". Every decision is appended to the usage records
(``prx stats`` counts them).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Mapping, Sequence

from prx.frontends.hook.clients import CLIENTS, HookClient
from prx.frontends.hook.forms import Passed, Rewrite, rewrite

__all__ = ["DECISION_SECONDS", "main"]

#: How long the decision may take before the command runs as written.
DECISION_SECONDS = 0.2
#: The most input read from the client.
_MAX_INPUT = 1 << 20


class _Late(Exception):
    """The decision took too long."""


def _on_alarm(_signum: int, _frame: object) -> None:
    raise _Late


def _usage(args: Sequence[str]) -> int:
    names = ", ".join(CLIENTS)
    if args[:1] in (["-h"], ["--help"]):
        sys.stdout.write(
            "usage: prx hook CLIENT\n\n"
            "The command an agent client's pre-shell hook runs (prx init --hooks installs it):\n"
            "reads the client's JSON on stdin and answers the prx command that prints the same\n"
            "lines as the shell command, or nothing (the command runs as written).\n"
            f"CLIENT: {names}\n"
        )
        return 0
    # Still exit 0: a hook that fails must never block the agent.
    sys.stderr.write(f"prx hook: expected one client ({names})\n")
    return 0


def _record(client: str, decision: str, form: str, reason: str, started: float) -> None:
    """One usage record of the decision; never fails."""
    try:
        from prx.core.config import Config
        from prx.engine.usage.records import append_hook_record

        append_hook_record(
            Config.from_env(),
            client=client,
            decision=decision,
            form=form,
            reason=reason,
            wall_ms=(time.monotonic() - started) * 1000,
        )
    except Exception:  # noqa: BLE001  (stats must never break the hook)
        pass


def _decide(
    client: HookClient, raw: bytes, environ: Mapping[str, str]
) -> tuple[str | None, Rewrite | Passed]:
    """(the answer to print or None, the decision)."""
    try:
        payload = json.loads(raw)
    except ValueError:
        return None, Passed("malformed input (not JSON)")
    call = client.shell_call(payload)
    if isinstance(call, str):
        return None, Passed(call)
    decision = rewrite(call.command, call.cwd, environ)
    if isinstance(decision, Passed):
        return None, decision
    held = client.held_back(call, environ)
    if held is not None:
        return None, Passed(held, decision.form)
    return client.answer(payload, decision.command(_program(environ))), decision


def _program(environ: Mapping[str, str]) -> str:
    """How the rewritten command names prx: ``prx`` when that is what the shell finds,
    else this interpreter's own ``prx`` next to it."""
    import shutil

    here = os.path.join(os.path.dirname(sys.executable), "prx")
    found = shutil.which("prx", path=environ.get("PATH"))
    if found is None and os.access(here, os.X_OK):
        return here
    return "prx"


def main(args: Sequence[str], *, environ: Mapping[str, str] | None = None) -> int:
    """Answer one hook call of the client named in ``args``; always 0."""
    started = time.monotonic()
    if len(args) != 1 or args[0] not in CLIENTS:
        return _usage(args)
    client = CLIENTS[args[0]]
    env = os.environ if environ is None else environ
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, DECISION_SECONDS)
    decided: Rewrite | Passed
    answer: str | None = None
    try:
        raw = sys.stdin.buffer.read(_MAX_INPUT + 1)
        if len(raw) > _MAX_INPUT:
            decided = Passed("input larger than a megabyte")
        else:
            answer, decided = _decide(client, raw, env)
    except _Late:
        decided = Passed(f"no decision within {DECISION_SECONDS} s")
    except Exception as exc:  # noqa: BLE001  (fail open: the command runs as written)
        decided = Passed(f"internal error ({type(exc).__name__})")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if answer is not None:
        try:
            sys.stdout.write(answer + "\n")
            sys.stdout.flush()
        except OSError:
            pass
    if isinstance(decided, Rewrite):
        _record(client.name, "rewritten", decided.form, "", started)
    else:
        _record(client.name, "passed", decided.form, decided.reason, started)
    return 0
