"""The ``index`` operation."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.index import IndexResult
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

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


def _run(ws: Context, p: IndexParams) -> IndexResult:
    if p.watch:
        from prx.engine.index.watch import watch_index

        # The command line serves the warm socket beside the watch (its own business: see
        # prx.frontends.warm.spawn.beside_watch); the watch itself only keeps the index.
        return watch_index(ws, p.path, rebuild=p.rebuild)
    from prx.engine.index.build import build_index, verify_index

    if p.verify:
        return verify_index(ws, p.path)
    return build_index(ws, p.path, rebuild=p.rebuild, stats_only=p.stats)


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
