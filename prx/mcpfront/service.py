"""Answering MCP tool calls: confinement, budgets and the call itself (no SDK needed).

Every call goes through :func:`prx.dispatch.invoke`, so a tool answers exactly the
envelope the command line answers for the same call.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping

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

    from prx.workspace import Workspace

__all__ = ["Answer", "McpService", "select_operations"]


@record(kw_only=False)
class Answer:
    """A tool's answer: the envelope, and whether it is a tool error."""

    envelope: Envelope
    is_error: bool

    @property
    def text(self) -> str:
        return dumps(self.envelope)


def select_operations(
    operations: Iterable[Operation],
    *,
    tools: Iterable[str] | None = None,
    allow_run: bool = False,
    allow_write: bool = False,
) -> list[Operation]:
    """The operations served as tools: those offered to MCP, narrowed to ``tools`` when
    given; ``run`` only with ``allow_run``, other operations that write only with
    ``allow_write``."""
    wanted = set(tools) if tools is not None else None
    chosen = []
    for op in operations:
        if "mcp" not in op.frontends or (wanted is not None and op.name not in wanted):
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

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self._lock = threading.Lock()

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
            outcome = invoke(self.workspace, op, params, wording=wording, frontend="mcp")
        envelope = outcome.envelope
        if envelope.get("status") == "error":
            return Answer(envelope, True)
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
