"""The ``index`` operation."""

from __future__ import annotations

from prx._record import record
from prx.plugin._operation import Operation, param
from prx.types import IndexResult
from prx.workspace import Workspace

__all__ = ["INDEX", "IndexParams"]


@record
class IndexParams:
    """Parameters of ``prx index``."""

    path: str = param(".", help="directory to index (default: .)", positional=True)
    rebuild: bool = param(False, help="build from scratch instead of reusing unchanged files")
    stats: bool = param(
        False,
        help="only report whether an index exists and is intact",
        aliases=("stats_only",),  # the Python API's name
    )
    verify: bool = param(
        False, help="check every block of the index against its checksums, then report"
    )
    watch: bool = param(
        False,
        help="keep the index fresh: re-index on file changes until Ctrl-C (extra prx[watch])",
        cli_only=True,
    )


def _run(ws: Workspace, p: IndexParams) -> IndexResult:
    if p.watch:
        from prx.index.watch import watch_index

        return watch_index(ws, p.path, rebuild=p.rebuild)
    return ws.index(p.path, rebuild=p.rebuild, stats_only=p.stats, verify=p.verify)


INDEX = Operation(
    name="index",
    summary="Build or update the search index under PATH/.prx (incremental, crash-safe).",
    func=_run,
    params=IndexParams,
    result=IndexResult,
    read_only=False,
    budget_param=None,
    toolset="admin",
)
