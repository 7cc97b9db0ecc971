"""The ``exists`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx._record import record
from prx.plugin._operation import Baseline, Operation, param
from prx.types import ExistsResult
from prx.workspace import Workspace

__all__ = ["EXISTS", "ExistsParams"]


@record
class ExistsParams:
    """Parameters of ``prx exists``."""

    pattern: str = param(help="a path (relative to PATH) or a literal text", positional=True)
    path: str = param(".", help="where to look (default: .)", positional=True)
    mode: str = param(
        "auto",
        help="path, content, or auto (path first, then content)",
        choices=("auto", "path", "content"),
    )
    exact: bool = param(
        False,
        help="with an index: read every candidate file if needed (else at most 8 are read)",
    )


def _run(ws: Workspace, p: ExistsParams) -> ExistsResult:
    return ws.exists(p.pattern, p.path, mode=p.mode, exact=p.exact)


def _fallback(p: ExistsParams) -> Sequence[str]:
    return ["grep", "-rlF", "--", p.pattern, p.path]


def _baseline(p: ExistsParams, r: ExistsResult) -> Baseline:
    # grep -rl lists every matching file; prx stops at the first, so this is a floor.
    tokens = (len(r.file or "") + len(p.path) + 2) // 4 if r.exists else 0
    return Baseline(tokens=tokens, strategy="lower_bound", command=" ".join(_fallback(p)))


EXISTS = Operation(
    name="exists",
    summary="Whether a path, or a literal text in any file, exists (probable from an index).",
    func=_run,
    params=ExistsParams,
    result=ExistsResult,
    fallback=_fallback,
    baseline=_baseline,
    budget_param=None,
)
