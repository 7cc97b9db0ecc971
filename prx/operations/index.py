"""The ``index`` operation."""

from __future__ import annotations

from prx._record import record
from prx.plugin._operation import Operation, param
from prx.types import IndexResult
from prx.workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.warm.spawn import WarmChild

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
    no_warm_socket: bool = param(
        False,
        help="with --watch: do not answer other prx processes' searches from a warm server",
        cli_only=True,
    )


def _run(ws: Workspace, p: IndexParams) -> IndexResult:
    if p.watch:
        from prx.index.watch import watch_index

        warm = None if p.no_warm_socket else _warm_child(ws, p.path)
        try:
            return watch_index(ws, p.path, rebuild=p.rebuild)
        finally:
            if warm is not None:
                warm.close()
    return ws.index(p.path, rebuild=p.rebuild, stats_only=p.stats, verify=p.verify)


def _warm_child(ws: Workspace, path: str) -> WarmChild | None:
    """The warm server of the watched root, started beside the watch (see prx.warm), or
    None when the watch is going to fail anyway (its own error says why)."""
    import importlib.util
    import os

    root = ws.resolve(path)
    if not os.path.isdir(root) or importlib.util.find_spec("watchfiles") is None:
        return None
    from prx.progress import report
    from prx.warm.address import supported
    from prx.warm.spawn import WarmChild

    if not supported():
        return None
    warm = WarmChild(root)
    report("watch", 0, None, warm.start())
    return warm


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
