"""``prx impact --tests``: the tests a change reaches, as an impact answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prx.core.budget import IMPACT_CEILING, cap_for
from prx.core.record import replace
from prx.core.results.intel import ImpactResult, ImpactStats
from prx.engine.intel.fit import Stage, fit_stages

if TYPE_CHECKING:
    from prx.plugin.context import Context

__all__ = ["affected_tests"]


def affected_tests(
    ws: Context,
    path: str | None,
    *,
    revision: str | None,
    staged: bool,
    budget: int | None,
) -> ImpactResult:
    """The tests the change reaches (see :func:`prx.impact` with ``tests=True``)."""
    from prx.commands.impact.selection import select_tests

    cap = cap_for(budget, IMPACT_CEILING)
    paths = (path,) if path else ()
    found = select_tests(ws, paths, revision=revision, staged=staged)
    selection = found.result
    target = revision or ("index" if staged else "HEAD")
    whole = ImpactResult(
        target=target if not path else f"{target} {path}",
        root=ws.root_dir,
        symbol=None,
        depth=0,
        stats=ImpactStats(
            direct=0,
            transitive=0,
            tests=len(selection.tests),
            total=len(selection.tests),
            max_hops=0,
        ),
        graph=found.graph,
        notes=tuple(found.notes),
        selection=selection,
    )
    again = (
        "prx impact --tests"
        + (f" --rev {revision}" if revision else "")
        + (" --staged" if staged else "")
        + (f" {path}" if path else "")
        + " --budget 0"
    )

    def keep(r: ImpactResult, k: int) -> ImpactResult:
        assert r.selection is not None
        return replace(r, selection=replace(r.selection, tests=r.selection.tests[:k]))

    stage = Stage(
        "tests",
        again,
        lambda r: len(r.selection.tests) if r.selection is not None else 0,
        keep,
    )
    return fit_stages(whole, [stage], cap)
