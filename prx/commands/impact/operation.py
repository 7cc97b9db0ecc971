"""The ``impact`` operation."""

from __future__ import annotations

from prx.core.budget import IMPACT_CEILING
from prx.core.record import record
from prx.core.results.intel import ImpactResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["IMPACT", "ImpactParams"]


@record
class ImpactParams:
    """Parameters of ``prx impact``."""

    path: str | None = param(
        None,
        help="the file (tests: a path or REV)",
        positional=True,
        aliases=("file",),
    )
    symbol: str | None = param(
        None,
        help="only the files that import this symbol and use it",
        metavar="NAME[:LINE]",
    )
    depth: int = param(2, help="hops to follow (1-10)", metavar="N")
    tests: bool = param(
        False,
        help="the tests the change (vs HEAD) reaches",
    )
    revision: str | None = param(
        None,
        help="tests: vs REV",
        flag="--rev",
        metavar="REV",
        aliases=("rev",),
    )
    staged: bool = param(False, help="tests: staged changes")
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{IMPACT_CEILING} (estimated); 0: no limit",
        metavar="N",
    )


def _run(ws: Context, p: ImpactParams) -> ImpactResult:
    from prx.core.errors import InvalidArgumentError

    if p.tests:
        from prx.commands.impact.affected import affected_tests

        if p.symbol is not None:
            raise InvalidArgumentError(
                "invalid argument {param}: the change decides the symbols with tests",
                param="symbol",
                suggestion="Drop {param}; give a path or {param:revision} to narrow the change.",
            )
        return affected_tests(ws, p.path, revision=p.revision, staged=p.staged, budget=p.budget)
    if p.revision is not None or p.staged:
        raise InvalidArgumentError(
            "invalid argument {param}: a revision only says which change to test",
            param="revision" if p.revision is not None else "staged",
            suggestion="Add {param:tests}, or drop {param}.",
        )
    if p.path is None:
        raise InvalidArgumentError(
            "invalid argument: the following arguments are required: {param}",
            param="path",
            suggestion="Name the file whose dependents you want, or use {param:tests}.",
        )
    from prx.commands.impact.engine import file_impact

    return file_impact(ws, p.path, symbol=p.symbol, depth=p.depth, budget=p.budget)


IMPACT = Operation(
    name="impact",
    summary="The files that depend on a file or one of its symbols, tests apart.",
    func=_run,
    params=ImpactParams,
    result=ImpactResult,
    description=(
        "The files that import FILE (hops 1), their importers (hops 2) ... up to --depth, "
        "each with the import line and the names of FILE it references. With --symbol, "
        "only the files whose imports bind that symbol (re-exports followed) and whose "
        "code references it. Test files are listed apart: they are what to run after "
        "the change."
    ),
    toolset="understand",
    text=lazy_rendering("prx.commands.impact.text:render"),
)
