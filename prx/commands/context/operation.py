"""The ``context`` operation."""

from __future__ import annotations

from prx.core.budget import CONTEXT_CEILING
from prx.core.record import record
from prx.core.results.intel import ContextResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["CONTEXT", "ContextParams"]


@record
class ContextParams:
    """Parameters of ``prx context``."""

    path: str = param(help="file or directory", positional=True)
    include_tests: bool = param(False, help="keep test files")
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{CONTEXT_CEILING} (estimated); 0: no limit",
        metavar="N",
    )


def _run(ws: Context, p: ContextParams) -> ContextResult:
    from prx.commands.context.engine import module_context

    return module_context(ws, p.path, include_tests=p.include_tests, budget=p.budget)


CONTEXT = Operation(
    name="context",
    summary="A module in one answer: stats, docs, entrypoints, outlines, imports in and out.",
    func=_run,
    params=ContextParams,
    result=ContextResult,
    description=(
        "Stats (files, lines, languages), the module's own documentation (README, package "
        "docstring, JSDoc, Go package comment, Rust //!), entrypoints (console scripts, "
        "package.json bin, __main__, main functions, then the exported API ranked by how "
        "often the rest of the repository references it through imports), each file's "
        "outline, and the imports that cross the module's boundary with the names they "
        "carry. Over the budget, the least important parts are cut first and listed in "
        "omitted with the call that gives them in full."
    ),
    toolset="understand",
    text=lazy_rendering("prx.commands.context.text:render"),
)
