"""Answering MCP tool calls: confinement, budgets and the call itself (no SDK needed).

Every call goes through :func:`prx.dispatch.invoke`, so a tool answers exactly the
envelope the command line answers for the same call.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterable, Iterator, Mapping

from prx._record import record, replace
from prx.envelope import Envelope, dumps, error_envelope
from prx.errors import BudgetExceededError, InvalidArgumentError, PrxError
from prx.mcpfront.confine import check_path, embedded_paths, path_params
from prx.mcpfront.schema import DEFAULT_BUDGET, MAX_BUDGET, budget_field
from prx.mcpfront.wording import McpWording
from prx.plugin._operation import Operation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.mcpfront.background import BackgroundIndex
    from prx.workspace import Workspace

__all__ = ["NOT_BY_DEFAULT", "TOOLSETS", "Answer", "McpService", "select_operations"]


@record(kw_only=False)
class Answer:
    """A tool's answer: the envelope, and whether it is a tool error."""

    envelope: Envelope
    is_error: bool

    @property
    def text(self) -> str:
        return dumps(self.envelope)


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


class McpService:
    """One warm workspace answering tool calls, one call at a time (its caches are not
    shared between threads)."""

    def __init__(self, workspace: Workspace, background: BackgroundIndex | None = None) -> None:
        self.workspace = workspace
        #: Keeps the root's index current between calls (None: never written).
        self.background = background
        self._lock = threading.Lock()
        self._generation = 0  # the background builds the cached engines have seen

    def answer(self, op: Operation, arguments: Mapping[str, Any]) -> Answer:
        """Call ``op`` with the tool ``arguments``."""
        wording = McpWording(op)
        try:
            params, limit = self._params(op, arguments)
        except PrxError as err:
            return Answer(error_envelope(op.name, err, wording=wording), True)
        from prx.budget import ceilings_at_most
        from prx.dispatch import invoke

        with self._lock, ceilings_at_most(DEFAULT_BUDGET):
            self._forget_outdated_engine()
            outcome = invoke(self.workspace, op, params, wording=wording, frontend="mcp")
        envelope = outcome.envelope
        if envelope.get("status") == "error":
            return Answer(envelope, True)
        if op.name == "search":
            envelope = self._with_index_note(params, envelope)
        if limit is not None:
            tokens = _tokens(dumps(envelope), limit)
            if tokens > limit:
                over = BudgetExceededError(
                    f"the answer has about {tokens} tokens, over the budget of {limit}",
                    param="budget",
                    suggestion="Narrow the call (a smaller path, a filter) for a smaller answer.",
                )
                return Answer(error_envelope(op.name, over, wording=wording), True)
        return Answer(envelope, False)

    @contextlib.contextmanager
    def exclusive(self, timeout: float = -1) -> Iterator[Workspace]:
        """The workspace, kept from every tool call until the block ends (the warm
        socket's command-line calls share it this way); TimeoutError when a call holds
        it ``timeout`` seconds (-1: wait)."""
        if not self._lock.acquire(timeout=timeout):
            raise TimeoutError
        try:
            self._forget_outdated_engine()
            yield self.workspace
        finally:
            self._lock.release()

    def _forget_outdated_engine(self) -> None:
        """After a background build, the root's cached search engine (from the previous
        index, or built without one) gives way to the new index at the next search."""
        if self.background is None:
            return
        generation = self.background.status.generation
        if generation != self._generation:
            self._generation = generation
            engines = self.workspace.cache.get("engines", {})
            engines.pop(os.path.normpath(self.workspace.root_dir), None)

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
        from prx.envelope import with_warning
        from prx.tokens import counter_for

        budget = getattr(params, "budget", None)
        noted = with_warning(envelope, note, counter_for(bool(budget)))
        # The note is the first thing to leave an answer that must fit a budget.
        return envelope if budget and noted["tokens"] > budget else noted

    def _params(self, op: Operation, arguments: Mapping[str, Any]) -> tuple[Any, int | None]:
        """The operation's parameters, and the limit to check the answer against (for an
        operation that cannot cut its answer to a budget itself)."""
        from prx.cli.parser import params_from_mapping

        args = dict(arguments)
        limit: int | None = None
        budget_name = budget_field(op)
        if budget_name is None:
            limit = _budget(args.pop("budget", None), MAX_BUDGET)
        for name in path_params(op):
            value = args.get(name)
            if isinstance(value, str):
                check_path(self.workspace.root_dir, value)
        for value in embedded_paths(args):
            check_path(self.workspace.root_dir, value)
        params = params_from_mapping(op, args)
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
    from prx.tokens import count_exact, count_fast

    fast = count_fast(text)
    # bytes/4 can undercount JSON; count exactly once the answer comes anywhere near.
    return fast if fast < limit // 3 else count_exact(text)
