"""The ``explain`` operation."""

from __future__ import annotations

from prx.core.budget import EXPLAIN_CEILING
from prx.core.record import record
from prx.core.results.intel import ExplainResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["EXPLAIN", "ExplainParams"]


@record
class ExplainParams:
    """Parameters of ``prx explain``."""

    symbol: str = param(help="a name, or Class.method", positional=True, aliases=("name",))
    path: str | None = param(None, help="only definitions under this path", positional=True)
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{EXPLAIN_CEILING} (estimated); 0: no limit",
        metavar="N",
    )


def _run(ws: Context, p: ExplainParams) -> ExplainResult:
    from prx.commands.explain.engine import explain_symbol

    return explain_symbol(ws, p.symbol, p.path, budget=p.budget)


EXPLAIN = Operation(
    name="explain",
    summary="A symbol's definitions, its references through imports, and its tests.",
    func=_run,
    params=ExplainParams,
    result=ExplainResult,
    description=(
        "The definition(s) with signature, docstring and body; every reference (file, "
        "line, enclosing function, the line) found through the import graph, so that a "
        "same-named symbol elsewhere is counted as unrelated rather than listed; the "
        "tests that reference it. Several definitions are listed as candidates."
    ),
    toolset="understand",
    text=lazy_rendering("prx.commands.explain.text:render"),
)
