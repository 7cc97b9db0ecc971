"""Answering MCP tool calls: confinement, budgets and the call itself (no SDK needed).

Every call goes through :func:`prx.app.dispatch.invoke`, so a tool answers exactly the
envelope the command line answers for the same call.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterable, Iterator, Mapping

from prx.core.envelope import Envelope, dumps, error_envelope
from prx.core.errors import BudgetExceededError, InvalidArgumentError, PrxError
from prx.core.record import record, replace
from prx.frontends.mcp.confine import check_path, embedded_paths, path_params, refuse_beyond_root
from prx.frontends.mcp.schema import DEFAULT_BUDGET, MAX_BUDGET, budget_field
from prx.frontends.mcp.wording import McpWording
from prx.plugin.operation import Operation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.commands.read.ledger import Ledger, LedgerCall
    from prx.frontends.mcp.background import BackgroundIndex
    from prx.plugin.context import Context

__all__ = [
    "MAX_ABANDONED",
    "NOT_BY_DEFAULT",
    "STOP_GRACE_SECONDS",
    "TOOLSETS",
    "UNSHARED",
    "Answer",
    "McpService",
    "select_operations",
]


@record(kw_only=False)
class Answer:
    """A tool's answer: the envelope, whether it is a tool error, and what the model reads
    (the text content): the envelope's rendering, or None for the envelope as JSON."""

    envelope: Envelope
    is_error: bool
    rendering: str | None = None

    @property
    def text(self) -> str:
        """The text content of the tool's result."""
        return self.rendering if self.rendering is not None else dumps(self.envelope)


#: The toolsets of the built-in operations, for ``--toolsets`` (an operation names its own).
TOOLSETS = ("navigate", "search", "understand", "edit", "run", "admin", "plugins")
#: Served unless asked for by name: index, stats, init, config, plugins and bench-ndcg are
#: for people setting prx up, and their descriptions would cost every agent's context.
NOT_BY_DEFAULT = frozenset({"admin"})


def select_operations(
    operations: Iterable[Operation],
    *,
    tools: Iterable[str] | None = None,
    toolsets: Iterable[str] | None = None,
    allow_run: bool = False,
    allow_write: bool = False,
) -> list[Operation]:
    """The operations served as tools: those offered to MCP, narrowed to the ``tools``
    named and the operations of the ``toolsets`` named when either is given (both: the
    union), else all but the ``admin`` toolset; ``run`` only with ``allow_run``, other
    operations that write only with ``allow_write``."""
    named = set(tools) if tools is not None else None
    sets = set(toolsets) if toolsets is not None else None
    chosen = []
    for op in operations:
        if "mcp" not in op.frontends:
            continue
        if named is None and sets is None:
            if op.toolset in NOT_BY_DEFAULT:
                continue
        elif not (
            (named is not None and op.name in named) or (sets is not None and op.toolset in sets)
        ):
            continue
        if op.name == "run" and not allow_run:
            continue
        if op.name != "run" and not op.read_only and not allow_write:
            continue
        chosen.append(op)
    return chosen


#: Operations that touch none of the workspace's caches and may take long (a command
#: runs for minutes): answered beside the other calls instead of one after another.
UNSHARED = frozenset({"run"})
#: How long a cancelled call may keep the workspace once another call waits for it; a
#: call that has not stopped by then (it never checks the cancellation) keeps it for
#: itself, and the calls after it are answered from a fresh workspace.
STOP_GRACE_SECONDS = 2.0
#: At most this many workspaces are left to calls that did not stop; past it, later
#: calls wait for one of those to end.
MAX_ABANDONED = 2
#: How often a call waiting for the workspace looks for its own cancellation.
_POLL_SECONDS = 0.05


class _Holder:
    """A workspace and the lock that lends it to one call at a time."""

    def __init__(self, workspace: Context) -> None:
        self.workspace = workspace
        self.lock = threading.Lock()
        #: The cancel event of the call holding it, and since when (monotonic) a waiting
        #: call has seen that event set.
        self.cancel: threading.Event | None = None
        self.stuck_since: float | None = None


class McpService:
    """One warm workspace answering tool calls, one call at a time (its caches are not
    shared between threads), except the :data:`UNSHARED` ones; a cancelled call that does
    not stop is left its workspace, and the others go on with a fresh one."""

    def __init__(
        self,
        workspace: Context,
        background: BackgroundIndex | None = None,
        *,
        result_text: str = "text",
        ledger: bool = True,
    ) -> None:
        #: Keeps the root's index current between calls (None: never written).
        self.background = background
        #: What a result's text content is: ``text`` (each operation's model-facing
        #: rendering; budgets count it) or ``json`` (the envelope serialised).
        self.result_text = result_text
        #: What this client's reads were sent (docs/ledger.md); None: every read sends its
        #: text. One per server process, that is per client: sessions never mix.
        self.ledger: Ledger | None = None
        if ledger:
            from prx.commands.read.ledger import Ledger

            self.ledger = Ledger()
        self._state = threading.Lock()  # guards the fields below
        self._holder = _Holder(workspace)
        self._abandoned: list[_Holder] = []
        self._running: set[threading.Event] = set()
        self._ended = threading.Condition(self._state)
        self._closed = False
        self._generation = 0  # the background builds the cached engines have seen

    @property
    def workspace(self) -> Context:
        """The workspace the next call is answered from."""
        with self._state:
            return self._holder.workspace

    def answer(self, op: Operation, arguments: Mapping[str, Any]) -> Answer:
        """Call ``op`` with the tool ``arguments``; the cancel event installed by
        :func:`prx.core.progress.reporting` (if any) stops it, and so does :meth:`close`."""
        from prx.core.progress import cancel_event, reporting

        wording = McpWording(op)
        cancel = cancel_event()
        if cancel is None:
            cancel = threading.Event()
            with reporting(None, cancel=cancel):
                return self._answer(op, arguments, wording, cancel)
        return self._answer(op, arguments, wording, cancel)

    def _answer(
        self,
        op: Operation,
        arguments: Mapping[str, Any],
        wording: McpWording,
        cancel: threading.Event,
    ) -> Answer:
        with self._state:
            if self._closed:
                cancel.set()
            self._running.add(cancel)
        try:
            return self._call(op, arguments, wording, cancel)
        except PrxError as err:  # cancelled while waiting for the workspace
            return Answer(error_envelope(op.name, err, wording=wording), True)
        finally:
            with self._state:
                self._running.discard(cancel)
                self._ended.notify_all()

    def _call(
        self,
        op: Operation,
        arguments: Mapping[str, Any],
        wording: McpWording,
        cancel: threading.Event,
    ) -> Answer:
        try:
            params, limit = self._params(op, arguments)
        except PrxError as err:
            return Answer(error_envelope(op.name, err, wording=wording), True)
        from prx.app.dispatch import invoke
        from prx.core.budget import ceilings_at_most
        from prx.core.progress import check_cancelled

        check_cancelled()
        if op.name in UNSHARED:
            held: contextlib.AbstractContextManager[Context] = contextlib.nullcontext(
                self.workspace
            )
        else:
            held = self._held(cancel)
        from prx.core.budget import measured_as
        from prx.core.textform import render_text, rendering

        measure = rendering(op.text) if self.result_text == "text" else None
        with (
            held as workspace,
            ceilings_at_most(DEFAULT_BUDGET),
            measured_as(measure),
            self._ledger_for(op) as ledger_call,
        ):
            outcome = invoke(workspace, op, params, wording=wording, frontend="mcp")
        envelope = outcome.envelope
        if ledger_call is not None and envelope.get("status") == "ok":
            if not envelope.get("fallback"):
                ledger_call.commit()  # answered: what it sent is the client's now

        def shown(answer: Envelope) -> str | None:
            """What the model reads: the rendering, or None for the envelope as JSON."""
            return render_text(answer, lambda _: op.text) if measure else None

        if envelope.get("status") == "error":
            return Answer(envelope, True, shown(envelope))
        if op.name == "search":
            envelope = self._with_index_note(params, envelope)
        rendered = shown(envelope)
        if limit is not None:
            text = rendered if rendered is not None else dumps(envelope)
            tokens = _tokens(text, limit)
            if tokens > limit:
                over = BudgetExceededError(
                    f"the answer has about {tokens} tokens, over the budget of {limit}",
                    param="budget",
                    suggestion="Narrow the call (a smaller path, a filter) for a smaller answer.",
                )
                refused = error_envelope(op.name, over, wording=wording)
                return Answer(refused, True, shown(refused))
        return Answer(envelope, False, rendered)

    def _ledger_for(self, op: Operation) -> contextlib.AbstractContextManager[LedgerCall | None]:
        """A read's call on the client's ledger (:meth:`Ledger.serving`); for other
        operations and without a ledger, nothing."""
        if self.ledger is None or op.name != "read":
            return contextlib.nullcontext(None)
        return self.ledger.serving()

    @contextlib.contextmanager
    def exclusive(self, timeout: float = -1) -> Iterator[Context]:
        """The workspace, kept from every tool call until the block ends (the warm
        socket's command-line calls share it this way); TimeoutError when a call holds
        it ``timeout`` seconds (-1: wait)."""
        with self._held(None, timeout) as workspace:
            yield workspace

    def close(self, timeout: float) -> bool:
        """Cancel every running call, refuse new ones, and wait at most ``timeout``
        seconds for the running ones to end; whether they all did."""
        deadline = time.monotonic() + timeout
        with self._state:
            self._closed = True
            for cancel in self._running:
                cancel.set()
            while self._running:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._ended.wait(left)
        return True

    @contextlib.contextmanager
    def _held(self, cancel: threading.Event | None, timeout: float = -1) -> Iterator[Context]:
        """The current workspace for one call (``cancel``: its cancel event); raises
        CancelledError when the call is cancelled while it waits, TimeoutError after
        ``timeout`` seconds (-1: none)."""
        from prx.core.progress import check_cancelled

        deadline = None if timeout < 0 else time.monotonic() + timeout
        while True:
            with self._state:
                holder = self._holder
            if holder.lock.acquire(timeout=_POLL_SECONDS):
                with self._state:
                    if holder is self._holder:
                        holder.cancel, holder.stuck_since = cancel, None
                        break
                holder.lock.release()  # given up on meanwhile: take the new one
                continue
            if cancel is not None:
                check_cancelled()
            self._abandon_if_stuck(holder)
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError
        try:
            self._forget_outdated_engine(holder.workspace)
            # A check of the files made before this call says nothing of a file changed
            # since: each answer is confirmed against the tree as it is now.
            from prx.engine.retrieval.engine import expire_checks

            expire_checks(holder.workspace)
            yield holder.workspace
        finally:
            holder.cancel = None
            holder.lock.release()

    def _abandon_if_stuck(self, holder: _Holder) -> None:
        """Leave ``holder`` to its call when that call was cancelled and has not stopped
        within :data:`STOP_GRACE_SECONDS`: later calls get a fresh workspace."""
        cancel = holder.cancel
        if cancel is None or not cancel.is_set():
            return
        now = time.monotonic()
        with self._state:
            if holder is not self._holder:
                return
            if holder.stuck_since is None:
                holder.stuck_since = now
            self._abandoned = [h for h in self._abandoned if h.lock.locked()]
            if now - holder.stuck_since < STOP_GRACE_SECONDS:
                return
            if len(self._abandoned) >= MAX_ABANDONED:
                return

            old = holder.workspace
            fresh = old.at(old.root_dir)
            self._abandoned.append(holder)
            self._holder = _Holder(fresh)
            self._generation = 0

    def _forget_outdated_engine(self, workspace: Context) -> None:
        """After a background build, the root's cached search engine (from the previous
        index, or built without one) gives way to the new index at the next search."""
        if self.background is None:
            return
        generation = self.background.status.generation
        if generation != self._generation:
            self._generation = generation
            engines = workspace.cache.get("engines", {})
            engines.pop(os.path.normpath(workspace.root_dir), None)

    def _with_index_note(self, params: Any, envelope: Envelope) -> Envelope:
        """Start updating the root's index when a search of the root found it missing or
        stale, and say so in the answer while that runs."""
        background = self.background
        if background is None:
            return envelope
        root = os.path.normpath(self.workspace.root_dir)
        searched = os.path.normpath(self.workspace.resolve(getattr(params, "path", ".")))
        if searched != root:
            return envelope  # a subdirectory is searched without the root's index
        origin = (envelope.get("data") or {}).get("index")
        if origin is None:
            return envelope  # literal, regex and structural searches read no index
        if origin != "index":
            background.ensure()
        note = background.note()
        if note is None:
            return envelope
        from prx.core.envelope import with_warning
        from prx.core.tokens import counter_for

        budget = getattr(params, "budget", None)
        noted = with_warning(envelope, note, counter_for(bool(budget)))
        # The note is the first thing to leave an answer that must fit a budget.
        return envelope if budget and noted["tokens"] > budget else noted

    def _check_path(self, value: str) -> None:
        """``permission_denied`` unless ``value`` is inside the root, or is ``LABEL//PATH``
        with ``PATH`` inside one of the further roots the server was started with."""
        label, separator, inside = value.partition("//")
        directory = (self.workspace.other_roots or {}).get(label.rstrip("/"))
        if separator and directory is not None:
            check_path(directory, inside.lstrip("/") or ".")
        else:
            check_path(self.workspace.root_dir, value)

    def _params(self, op: Operation, arguments: Mapping[str, Any]) -> tuple[Any, int | None]:
        """The operation's parameters, and the limit to check the answer against (for an
        operation that cannot cut its answer to a budget itself)."""
        from prx.frontends.cli.parser import params_from_mapping

        args = dict(arguments)
        refuse_beyond_root(op, args)  # by name, before any value is read
        limit: int | None = None
        budget_name = budget_field(op)
        if budget_name is None:
            limit = _budget(args.pop("budget", None), MAX_BUDGET)
        for name in path_params(op):
            value = args.get(name)
            for item in [value] if isinstance(value, str) else value or []:
                if isinstance(item, str):
                    self._check_path(item)
        for value in embedded_paths(args):
            self._check_path(value)
        params = params_from_mapping(op, args)
        refuse_beyond_root(op, params)
        others = self.workspace.other_roots
        if others and op.name == "search":
            # The server was given several roots: every search covers them all.
            params = replace(params, roots=tuple(others))
        if budget_name is not None and getattr(params, budget_name) is not None:
            # A budget the caller gave is exact; without one, the default ceilings apply,
            # each at most DEFAULT_BUDGET (see answer()), counted with the fast estimate.
            budget = _budget(getattr(params, budget_name), DEFAULT_BUDGET)
            params = replace(params, **{budget_name: budget})
        return params, limit


def _budget(value: Any, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected a positive number of tokens, got {value!r}",
            param="budget",
        )
    return min(value, MAX_BUDGET)


def _tokens(text: str, limit: int) -> int:
    from prx.core.tokens import count_exact, count_fast

    fast = count_fast(text)
    # bytes/4 can undercount JSON; count exactly once the answer comes anywhere near.
    return fast if fast < limit // 3 else count_exact(text)
